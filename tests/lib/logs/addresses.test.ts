import { describe, expect, it } from 'vitest';
import { createAddressSet, readIpAddress, readPrefix } from '../../../lib/logs/addresses';

const setOf = (...prefixes: string[]) => createAddressSet(prefixes);
const has = (set: ReturnType<typeof setOf>, address: string) => {
  const read = readIpAddress(address);
  return read !== null && set.set.has(read);
};

describe('addresses and prefixes', () => {
  it('finds IPv4 addresses inside a prefix, compared as numbers', () => {
    const set = setOf('66.249.64.0/27', '192.178.5.0/27');
    expect(has(set, '66.249.64.0')).toBe(true);
    expect(has(set, '66.249.64.31')).toBe(true);
    expect(has(set, '66.249.64.32')).toBe(false);
    // As text, "66.249.64.4" sorts after "66.249.64.31"; as numbers it is inside.
    expect(has(set, '66.249.64.4')).toBe(true);
    expect(has(set, '192.178.4.255')).toBe(false);
  });

  it('finds IPv6 addresses, with brackets and a zone removed', () => {
    const set = setOf('2001:4860:4801:10::/64');
    expect(has(set, '2001:4860:4801:10::1')).toBe(true);
    expect(has(set, '[2001:4860:4801:10:ffff:ffff:ffff:ffff]')).toBe(true);
    expect(has(set, '2001:4860:4801:10::1%eth0')).toBe(true);
    expect(has(set, '2001:4860:4801:11::')).toBe(false);
  });

  it('compares an IPv4-mapped IPv6 address as IPv4, and a mapped prefix as the IPv4 prefix', () => {
    expect(has(setOf('66.249.64.0/27'), '::ffff:66.249.64.3')).toBe(true);
    expect(has(setOf('66.249.64.0/27'), '::ffff:42f9:4003')).toBe(true);
    expect(has(setOf('::ffff:66.249.64.0/123'), '66.249.64.3')).toBe(true);
    expect(has(setOf('::ffff:66.249.64.0/123'), '66.249.64.40')).toBe(false);
  });

  it('ignores a prefix’s host bits', () => {
    expect(readPrefix('10.1.2.3/8')).toEqual({ family: 4, first: 10 * 2 ** 24, last: 11 * 2 ** 24 - 1 });
    expect(has(setOf('2001:db8::ffff/32'), '2001:db8:ffff::1')).toBe(true);
  });

  it('counts prefixes that do not parse and ignores them', () => {
    const set = setOf('1.2.3.0/24', '1.2.3.0/33', 'not a prefix', '300.1.1.1/8', '::g/64');
    expect(set).toMatchObject({ usable: 1, ignored: 4 });
  });

  it('merges overlapping ranges, so an address in either is found', () => {
    const set = setOf('10.0.0.0/16', '10.0.128.0/17', '10.0.0.0/8', '9.255.255.255/32');
    expect(has(set, '10.200.0.1')).toBe(true);
    expect(has(set, '9.255.255.255')).toBe(true);
    expect(has(set, '11.0.0.0')).toBe(false);
  });

  it('reads no address from text that is none', () => {
    for (const text of ['', '-', 'shop.example', '1.2.3', '1.2.3.4.5', '1.2.3.256', '1:2:3', 'unknown']) {
      expect(readIpAddress(text)).toBeNull();
    }
  });
});
