import { describe, expect, it } from 'vitest';
import { encodeUtf8ByteString } from '../../../lib/robots/bytes';
import { auditLog, crawlerRowsCsv, describeDays, describeLogAudit, violationGroupsCsv } from '../../../lib/logs';

const D = 86_400_000;
const T0 = Date.UTC(2026, 10, 3, 12);
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const at = (t: number) => {
  const d = new Date(t);
  const m = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${String(d.getUTCDate()).padStart(2, '0')}/${m}/${d.getUTCFullYear()}:12:00:00 +0000`;
};
const line = (t: number, ip: string, target: string, ua: string) =>
  `${ip} - - [${at(t)}] "GET ${target} HTTP/1.1" 200 1 "-" "${ua}"`;

const report = auditLog({
  origin: 'https://shop.example',
  lines: [
    line(T0, '20.15.240.70', '/blog/a', GPTBOT),
    line(T0 + 2 * D, '20.15.240.71', '/blog/b,c', GPTBOT),
    line(T0, '203.0.113.9', '/', GOOGLEBOT),
    line(T0, '203.0.113.9', '/', GOOGLEBOT),
    'garbage',
  ],
  versions: [
    {
      seq: 3,
      firstSeen: T0 - 30 * D,
      lastSeen: T0 + 30 * D,
      status: '200',
      body: encodeUtf8ByteString('User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /blog\n'),
    },
  ],
  lists: {
    'openai-gptbot': { prefixes: [{ ipv4Prefix: '20.15.240.64/28' }] },
    'google-common-crawlers': { prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] },
  },
});

describe('the report in words', () => {
  it('writes days as a person reads them', () => {
    expect(describeDays(T0, T0 + 2 * D)).toBe('between 3 and 5 November 2026');
    expect(describeDays(T0, T0)).toBe('on 3 November 2026');
    expect(describeDays(T0 - 5 * D, T0)).toBe('between 29 October and 3 November 2026');
  });

  it('writes each violation group as one sentence, and the spoofed traffic apart', () => {
    const groups = describeLogAudit(report);
    expect(groups.find((g) => g.heading === 'Violations')?.sentences).toEqual([
      'GPTBot fetched 2 disallowed URLs under line 5 of version #3 (Disallow: /blog), from verified OpenAI addresses, between 3 and 5 November 2026.',
    ]);
    expect(groups.find((g) => g.heading === 'Spoofed')?.sentences).toEqual([
      '2 requests claimed Googlebot from addresses outside Google’s common-crawlers list.',
    ]);
    expect(groups.find((g) => g.heading === 'Reading')?.sentences).toEqual([
      '1 line skipped, not in the file’s format (first: line 5 of log).',
    ]);
  });

  it('exports the violation groups and the crawler rows as CSV', () => {
    const groups = violationGroupsCsv(report).split('\r\n');
    expect(groups[0]).toBe('\uFEFFcrawler,class,version,line,rule,requests,first,last,example targets');
    expect(groups[1]).toBe(
      `GPTBot,violation,3,5,Disallow: /blog,2,${new Date(T0).toISOString()},${new Date(T0 + 2 * D).toISOString()},"/blog/a /blog/b,c"`,
    );
    const rows = crawlerRowsCsv(report).split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^Googlebot,Google,2,0,2,0,0,,,0,0,0,0,0,0,2,0,0,0,0,0,0,google-common-crawlers,24$/);
  });
});
