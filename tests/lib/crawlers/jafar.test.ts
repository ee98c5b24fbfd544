import { describe, expect, it } from 'vitest';
import { readIpList, readIpListText } from '../../../lib/crawlers/jafar';

const refusal = (json: unknown) => {
  const reading = readIpList(json);
  return reading.ok ? null : reading.problem;
};

describe('reading an IP list in the operators’ shape', () => {
  it('reads the date and every prefix, in order, with its family, ignoring fields it does not know', () => {
    const reading = readIpList({
      synctoken: '20260804124020',
      creationTime: '2026-08-04T12:40:20Z',
      notes: 'FCrDNS is also recommended.',
      prefixes: [{ ipv6Prefix: '2600:1f28:365:8000::/56' }, { ipv4Prefix: '3.41.188.32/29' }],
    });
    expect(reading).toEqual({
      ok: true,
      list: {
        creationTime: '2026-08-04T12:40:20Z',
        prefixes: [
          { family: 6, text: '2600:1f28:365:8000::/56' },
          { family: 4, text: '3.41.188.32/29' },
        ],
      },
    });
  });

  it('reads a list without a date, saying it has none', () => {
    expect(readIpList({ prefixes: [{ ipv4Prefix: '157.55.39.0/24' }] })).toEqual({
      ok: true,
      list: { creationTime: null, prefixes: [{ family: 4, text: '157.55.39.0/24' }] },
    });
  });

  it.each([
    ['0.0.0.0/0', 4],
    ['255.255.255.255/32', 4],
    ['::/0', 6],
    ['2001:4860:4801:10::/64', 6],
    ['2001:0db8:0000:0000:0000:0000:0000:0001/128', 6],
    ['fe80::1/128', 6],
    ['::ffff/128', 6],
  ] as const)('accepts %s', (text, family) => {
    const key = family === 4 ? 'ipv4Prefix' : 'ipv6Prefix';
    expect(readIpList({ prefixes: [{ [key]: text }] })).toMatchObject({
      ok: true,
      list: { prefixes: [{ family, text }] },
    });
  });
});

describe('refusing what is not an IP list, in words', () => {
  it('refuses a list whose prefixes are missing (an operator’s notice page read as JSON)', () => {
    const problem = refusal({ creationTime: '2026-01-01T00:00:00Z', message: 'Action needed: this file moved' });
    expect(problem).toBe('It has no list of prefixes: this is not an IP list (an error or notice page, perhaps).');
  });

  it('refuses a list whose prefixes are empty, since it could check no address', () => {
    expect(refusal({ creationTime: '2026-01-01T00:00:00Z', prefixes: [] })).toBe(
      'Its list of prefixes is empty: it names no address, so it cannot check any.',
    );
  });

  it('refuses prefixes that are not a list, and a value that is not an object', () => {
    expect(refusal({ prefixes: null })).toMatch(/^It has no list of prefixes/);
    expect(refusal({ prefixes: { ipv4Prefix: '1.2.3.0/24' } })).toMatch(/^It has no list of prefixes/);
    expect(refusal([{ ipv4Prefix: '1.2.3.0/24' }])).toBe('It is not a JSON object with a list of prefixes.');
    expect(refusal('Action needed')).toBe('It is not a JSON object with a list of prefixes.');
    expect(refusal(null)).toBe('It is not a JSON object with a list of prefixes.');
  });

  it('refuses text that is not JSON (an HTML page answered with 200)', () => {
    const reading = readIpListText('<!doctype html><title>Action needed</title>');
    expect(reading).toEqual({
      ok: false,
      problem: 'It is not JSON, so it is not an IP list (an error or notice page, perhaps).',
    });
    expect(readIpListText('{"prefixes":[{"ipv4Prefix":"66.249.64.0/27"}]}').ok).toBe(true);
  });

  it('refuses a date that is not text', () => {
    expect(refusal({ creationTime: 20260101, prefixes: [{ ipv4Prefix: '1.2.3.0/24' }] })).toBe(
      'Its creationTime is not text.',
    );
  });

  it.each([
    [{ ipv4Prefix: '1.2.3/24' }, 'is "1.2.3/24", not an IPv4 prefix (address/length)'],
    [{ ipv4Prefix: '1.2.3.256/24' }, 'is "1.2.3.256/24", not an IPv4 prefix (address/length)'],
    [{ ipv4Prefix: '1.2.3.04/24' }, 'is "1.2.3.04/24", not an IPv4 prefix (address/length)'],
    [{ ipv4Prefix: '1.2.3.0/33' }, 'is "1.2.3.0/33", not an IPv4 prefix (address/length)'],
    [{ ipv4Prefix: '1.2.3.0' }, 'is "1.2.3.0", not an IPv4 prefix (address/length)'],
    [{ ipv4Prefix: '2001:db8::/32' }, 'is "2001:db8::/32", not an IPv4 prefix (address/length)'],
    [{ ipv6Prefix: '2001:db8::1::/64' }, 'is "2001:db8::1::/64", not an IPv6 prefix (address/length)'],
    [{ ipv6Prefix: '2001:db8::/129' }, 'is "2001:db8::/129", not an IPv6 prefix (address/length)'],
    [{ ipv6Prefix: '1:2:3:4:5:6:7/64' }, 'is "1:2:3:4:5:6:7/64", not an IPv6 prefix (address/length)'],
    [{ ipv6Prefix: '2001:db8:zz::/48' }, 'is "2001:db8:zz::/48", not an IPv6 prefix (address/length)'],
    [{ ipv6Prefix: '66.249.64.0/27' }, 'is "66.249.64.0/27", not an IPv6 prefix (address/length)'],
    [{ ipv4Prefix: 16909056 }, 'its ipv4Prefix is not text'],
    [{ ipv4Prefix: '1.2.3.0/24', ipv6Prefix: '2001:db8::/32' }, 'needs exactly one of ipv4Prefix and ipv6Prefix'],
    [{ prefix: '1.2.3.0/24' }, 'needs exactly one of ipv4Prefix and ipv6Prefix'],
    ['1.2.3.0/24', 'is not an object with an ipv4Prefix or an ipv6Prefix'],
  ])('refuses the entry %j, naming which one it is', (entry, words) => {
    expect(refusal({ prefixes: [{ ipv4Prefix: '66.249.64.0/27' }, entry] })).toBe(`Its prefix 2 ${words}.`);
  });
});
