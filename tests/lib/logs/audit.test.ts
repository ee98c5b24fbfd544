import { describe, expect, it } from 'vitest';
import { encodeUtf8ByteString } from '../../../lib/robots/bytes';
import { auditLog, type LogAuditInput, type LogAuditReport, type LogVersion } from '../../../lib/logs';

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.UTC(2026, 10, 1);
const GOOGLE_IP = '66.249.66.1';
const OPENAI_IP = '20.15.240.70';
const ELSEWHERE = '203.0.113.9';
const UA = {
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  image: 'Googlebot-Image/1.0',
  adsbot: 'AdsBot-Google (+http://www.google.com/adsbot.html)',
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  bytespider:
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  amazonbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
  person: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};
const LISTS: LogAuditInput['lists'] = {
  'google-common-crawlers': {
    creationTime: '2026-08-21T14:45:42.000000',
    prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801:10::/64' }],
  },
  'google-special-crawlers': { prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] },
  'openai-gptbot': { prefixes: [{ ipv4Prefix: '20.15.240.64/28' }, { ipv4Prefix: 'garbage' }] },
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** A combined line at `at` (epoch ms). */
function line(at: number, ip: string, target: string, userAgent: string, status = 200): string {
  const d = new Date(at);
  const time = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
  return `${ip} - - [${time}] "GET ${target} HTTP/1.1" ${status} 512 "-" "${userAgent}"`;
}

const version = (seq: number, firstSeen: number, lastSeen: number, body: string, status = '200'): LogVersion => ({
  seq,
  firstSeen,
  lastSeen,
  status,
  body: encodeUtf8ByteString(body),
});
/** One version seen for the whole month before and after T0. */
const ONLY = (body: string, status = '200') => [version(1, T0 - 30 * D, T0 + 30 * D, body, status)];
const BODY = 'User-agent: *\nAllow: /private/open\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n';

function audit(
  lines: string[],
  versions: readonly LogVersion[] = ONLY(BODY),
  extra: Partial<LogAuditInput> = {},
): LogAuditReport {
  return auditLog({ origin: 'https://shop.example', lines, versions, lists: LISTS, ...extra });
}

/** The §7 counts of one crawler's row. */
function classes(report: LogAuditReport, crawler: string) {
  const row = report.crawlers[crawler];
  if (row === undefined) return undefined;
  const { violation, claimedViolation, notPromised, allowed, ambiguous, notCovered } = row;
  return { violation, claimedViolation, notPromised, allowed, ambiguous, notCovered };
}

const NONE = { violation: 0, claimedViolation: 0, notPromised: 0, allowed: 0, ambiguous: 0, notCovered: 0 };

/** §7: identities add up to requests; classes to the judged requests. */
function expectSums(report: LogAuditReport) {
  for (const row of Object.values(report.crawlers)) {
    expect(row.verified + row.spoofed + row.unverifiable).toBe(row.requests);
    const judged =
      row.violation + row.claimedViolation + row.notPromised + row.allowed + row.ambiguous + row.notCovered;
    expect(judged).toBe(row.verified + row.unverifiable - row.robotsFetches);
  }
}

describe('the judgement (§7)', () => {
  it('finds a violation: disallowed, from a verified address, by a crawler that says it obeys', () => {
    const report = audit([
      line(T0, GOOGLE_IP, '/private/a', UA.googlebot),
      line(T0 + H, GOOGLE_IP, '/private/b', UA.googlebot),
    ]);
    expect(classes(report, 'Googlebot')).toEqual({ ...NONE, violation: 2 });
    expect(report.violations).toEqual([
      expect.objectContaining({
        crawler: 'Googlebot',
        seq: 1,
        line: 3,
        count: 2,
        rule: 'Disallow: /private',
        first: T0,
        last: T0 + H,
        examples: ['/private/a', '/private/b'],
      }),
    ]);
    expectSums(report);
  });

  it('allows what an Allow line opens, by Google’s longest match', () => {
    const report = audit([
      line(T0, GOOGLE_IP, '/private/open/1', UA.googlebot),
      line(T0, GOOGLE_IP, '/', UA.googlebot),
    ]);
    expect(classes(report, 'Googlebot')).toEqual({ ...NONE, allowed: 2 });
    expect(report.violations).toEqual([]);
  });

  it('never judges a spoofed request: it is counted apart and is no violation', () => {
    const report = audit([
      line(T0, ELSEWHERE, '/private/a', UA.googlebot),
      line(T0, 'not-an-address', '/private/a', UA.googlebot),
    ]);
    expect(report.crawlers.Googlebot).toMatchObject({ requests: 2, spoofed: 2, verified: 0, ...NONE });
    expect(report.violations).toEqual([]);
    expectSums(report);
  });

  it('calls a disallowed request of an unverifiable crawler that says it obeys a claimed violation, and says how to check it', () => {
    const report = audit([line(T0, ELSEWHERE, '/private/a', UA.amazonbot)]);
    expect(classes(report, 'Amazonbot')).toEqual({ ...NONE, claimedViolation: 1 });
    expect(report.crawlers.Amazonbot?.identity).toEqual({
      kind: 'unverifiable',
      how: expect.stringContaining('crawl.amazonbot.amazon'),
    });
    expect(report.violations).toEqual([]);
    expect(report.otherGroups).toEqual([
      expect.objectContaining({ class: 'claimedViolation', crawler: 'Amazonbot', line: 3 }),
    ]);
  });

  it('calls a crawler unverifiable when its operator’s list is not loaded', () => {
    const report = audit([line(T0, OPENAI_IP, '/x', UA.gptbot)], ONLY(BODY), { lists: {} });
    expect(report.crawlers.GPTBot).toMatchObject({ unverifiable: 1, claimedViolation: 1 });
  });

  it('calls a disallowed request of a crawler that promises nothing not promised', () => {
    const report = audit([line(T0, ELSEWHERE, '/private/a', UA.bytespider)]);
    expect(classes(report, 'Bytespider')).toEqual({ ...NONE, notPromised: 1 });
  });

  it('applies each crawler’s own group, its fallbacks, and AdsBot-Google’s refusal of *', () => {
    const report = audit([
      line(T0, OPENAI_IP, '/anything', UA.gptbot),
      line(T0, GOOGLE_IP, '/private/a', UA.image),
      line(T0, GOOGLE_IP, '/private/a', UA.adsbot),
    ]);
    expect(report.crawlers.GPTBot).toMatchObject({ verified: 1, violation: 1 });
    expect(report.violations.find((g) => g.crawler === 'GPTBot')).toMatchObject({ line: 6, rule: 'Disallow: /' });
    expect(report.crawlers['Googlebot-Image']).toMatchObject({ violation: 1 });
    expect(report.crawlers['AdsBot-Google']).toMatchObject({ verified: 1, allowed: 1 });
  });

  it('judges a request by the version in force then: a rule added later turns nothing earlier into a violation', () => {
    const versions = [
      version(1, T0 - 30 * D, T0 + 10 * D, 'User-agent: *\nDisallow: /old\n'),
      version(2, T0 + 11 * D, T0 + 30 * D, 'User-agent: *\nDisallow: /old\nDisallow: /new\n'),
    ];
    const report = audit(
      [
        line(T0 + 5 * D, GOOGLE_IP, '/new/page', UA.googlebot),
        line(T0 + 20 * D, GOOGLE_IP, '/new/page', UA.googlebot),
        line(T0 + 20 * D, GOOGLE_IP, '/old/page', UA.googlebot),
      ],
      versions,
    );
    expect(classes(report, 'Googlebot')).toEqual({ ...NONE, allowed: 1, violation: 2 });
    expect(report.violations.map((g) => [g.seq, g.line, g.rule])).toEqual([
      [2, 3, 'Disallow: /new'],
      [2, 2, 'Disallow: /old'],
    ]);
  });

  it('calls a request ambiguous when the verdict changed inside the crawler’s cache window', () => {
    const versions = [
      version(1, T0 - 30 * D, T0 + 10 * D, 'User-agent: *\nDisallow:\n'),
      version(2, T0 + 10 * D + H, T0 + 30 * D, 'User-agent: *\nDisallow: /new\n'),
    ];
    const report = audit([line(T0 + 10 * D + 5 * H, GOOGLE_IP, '/new/page', UA.googlebot)], versions);
    expect(classes(report, 'Googlebot')).toEqual({ ...NONE, ambiguous: 1 });
    // With a one-hour window the new file alone is in force.
    const short = audit([line(T0 + 10 * D + 5 * H, GOOGLE_IP, '/new/page', UA.googlebot)], versions, {
      windowHours: 1,
    });
    expect(classes(short, 'Googlebot')).toEqual({ ...NONE, violation: 1 });
    expect(short.crawlers.Googlebot?.windowHours).toBe(1);
  });

  it('gives a violation under several candidates the newest candidate’s line', () => {
    const versions = [
      version(1, T0 - 30 * D, T0 + 10 * D, 'User-agent: *\nDisallow: /a\n'),
      version(2, T0 + 10 * D + H, T0 + 30 * D, '# moved\nUser-agent: *\nDisallow: /a\n'),
    ];
    const report = audit([line(T0 + 10 * D + 5 * H, GOOGLE_IP, '/a', UA.googlebot)], versions);
    expect(report.violations).toEqual([expect.objectContaining({ seq: 2, line: 3, count: 1 })]);
  });

  it('says not covered outside the history’s reach, and when there is no history', () => {
    const report = audit([
      line(T0 - 30 * D + H, GOOGLE_IP, '/private/a', UA.googlebot),
      line(T0 + 31 * D, GOOGLE_IP, '/private/a', UA.googlebot),
      line(T0, GOOGLE_IP, '/private/a', UA.googlebot),
    ]);
    expect(classes(report, 'Googlebot')).toEqual({ ...NONE, notCovered: 2, violation: 1 });
    expect(report.history).toEqual({ from: T0 - 30 * D, to: T0 + 30 * D });
    const none = audit([line(T0, GOOGLE_IP, '/private/a', UA.googlebot)], []);
    expect(classes(none, 'Googlebot')).toEqual({ ...NONE, notCovered: 1 });
    expect(none.history).toBeNull();
  });

  it.each([
    ['503', 'violation'],
    ['429', 'violation'],
    ['timeout', 'violation'],
    ['404', 'allowed'],
    ['301', 'allowed'],
    ['too-many-redirects', 'allowed'],
  ] as const)('reads a version that answered %s as %s for every URL', (status, expected) => {
    const report = audit([line(T0, GOOGLE_IP, '/', UA.googlebot)], ONLY('', status));
    expect(classes(report, 'Googlebot')).toEqual({ ...NONE, [expected]: 1 });
    if (expected === 'violation')
      expect(report.violations[0]).toMatchObject({ line: 0, rule: expect.stringContaining(status) });
  });

  it('counts robots.txt fetches (any query) with their statuses and last time, never judged', () => {
    const report = audit(
      [
        line(T0, GOOGLE_IP, '/robots.txt', UA.googlebot),
        line(T0 + H, GOOGLE_IP, '/robots.txt?x=1', UA.googlebot, 304),
        line(T0, GOOGLE_IP, '/ROBOTS.TXT', UA.googlebot, 404),
        line(T0, ELSEWHERE, '/robots.txt', UA.googlebot),
      ],
      ONLY('User-agent: *\nDisallow: /\n'),
    );
    expect(report.crawlers.Googlebot).toMatchObject({
      requests: 4,
      verified: 3,
      spoofed: 1,
      robotsFetches: 2,
      lastRobotsFetch: T0 + H,
      robotsStatuses: ['200', '304'],
      violation: 1,
    });
    expectSums(report);
  });

  it('counts the edge’s answers by class, and never lets them change the verdict', () => {
    const statuses = [200, 301, 403, 429, 404, 503];
    const report = audit(statuses.map((s) => line(T0, GOOGLE_IP, '/private/a', UA.googlebot, s)));
    expect(report.crawlers.Googlebot?.edge).toEqual({
      '2xx': 1,
      '3xx': 1,
      '403': 1,
      '429': 1,
      other4xx: 1,
      '5xx': 1,
      other: 0,
    });
    expect(report.crawlers.Googlebot?.violation).toBe(6);
  });

  it('matches non-ASCII rules against the URL’s UTF-8 bytes', () => {
    const report = audit(
      [line(T0, GOOGLE_IP, '/caf%C3%A9/menu', UA.googlebot), line(T0, GOOGLE_IP, '/café/menu', UA.googlebot)],
      ONLY('User-agent: *\nDisallow: /café\n'),
    );
    expect(report.crawlers.Googlebot?.violation).toBe(2);
  });
});

describe('the site (§3)', () => {
  const vhost = (host: string) => `${host} ${line(T0, GOOGLE_IP, '/private/a', UA.googlebot)}`;

  it('judges only the requests for the audited host; the port counts where the log gives it', () => {
    const report = audit([
      vhost('shop.example:443'),
      vhost('SHOP.example.'),
      vhost('shop.example:80'),
      vhost('blog.example'),
      vhost('-'),
    ]);
    expect(report.otherHost).toBe(2);
    expect(report.parsed).toBe(5);
    expect(report.crawlers.Googlebot?.violation).toBe(3);
  });

  it('takes an absolute-form target’s host, whatever its scheme', () => {
    const report = audit([
      line(T0, GOOGLE_IP, 'http://shop.example/private/a', UA.googlebot),
      line(T0, GOOGLE_IP, 'https://elsewhere.example/private/a', UA.googlebot),
    ]);
    expect(report.otherHost).toBe(1);
    expect(report.crawlers.Googlebot?.violation).toBe(1);
  });

  it('normalises the origin and refuses one that is no http(s) URL', () => {
    expect(auditLog({ origin: 'https://Shop.Example:443/some/page', lines: [], versions: [], lists: {} }).origin).toBe(
      'https://shop.example',
    );
    expect(() => auditLog({ origin: 'ftp://shop.example', lines: [], versions: [], lists: {} })).toThrow(RangeError);
  });
});

describe('lines and counts (§1, §11)', () => {
  it('counts every line read, and skips each by the first reason that applies, with where it was', () => {
    const good = line(T0, GOOGLE_IP, '/', UA.googlebot);
    const lines = [
      good + '\r',
      '',
      'x'.repeat(16_385),
      '€'.repeat(6000),
      '   ',
      '#Fields: date time',
      good.replace('01/Nov', '31/Feb'),
      line(T0, GOOGLE_IP, '*', UA.googlebot),
      'garbage 1',
      'garbage 2',
      'garbage 3',
      'garbage 4',
      '\u00e9'.repeat(8192),
    ];
    const report = audit(lines);
    expect(report.lines).toBe(13);
    expect(report.parsed).toBe(1);
    expect(report.skipped).toEqual({ 'too-long': 2, unparsed: 7, 'bad-time': 1, 'bad-target': 1 });
    expect(report.skippedAt.unparsed).toEqual([5, 6, 9].map((n) => ({ file: 'log', line: n })));
    expect(report.skippedAt['too-long']).toEqual([3, 4].map((n) => ({ file: 'log', line: n })));
    expect(report.crawlers.Googlebot?.allowed).toBe(1);
  });

  it('counts requests without a user agent, or claiming no crawler, as other', () => {
    const report = audit([
      line(T0, ELSEWHERE, '/private/a', UA.person),
      line(T0, ELSEWHERE, '/private/a', '-'),
      line(T0, ELSEWHERE, '/private/a', 'Google-Extended'),
    ]);
    expect(report.other).toBe(3);
    expect(report.otherEdge['2xx']).toBe(3);
    expect(report.crawlers).toEqual({});
  });

  it('reads a common log: every request is other, none judged', () => {
    const lines = ['66.249.66.1 - - [01/Nov/2026:00:00:00 +0000] "GET /private/a HTTP/1.1" 200 512'];
    const report = audit(lines);
    expect(report.files[0]?.format).toBe('common');
    expect(report).toMatchObject({ parsed: 1, other: 1, crawlers: {} });
  });

  it('refuses a file in no known format, naming the formats tried', () => {
    const report = audit(['hello', 'world']);
    expect(report.files[0]?.format).toBeNull();
    expect(report.files[0]?.problem).toMatch(/Apache\/Nginx combined.*Caddy JSON/);
    expect(report.parsed).toBe(0);
  });

  it('uses the format it is told, and refuses an unknown format id', () => {
    const lines = [`shop.example ${line(T0, GOOGLE_IP, '/private/a', UA.googlebot)}`];
    expect(audit(lines, ONLY(BODY), { format: 'combined' }).skipped.unparsed).toBe(1);
    expect(audit(lines, ONLY(BODY), { format: 'vhost-combined' }).crawlers.Googlebot?.violation).toBe(1);
    expect(() => audit(lines, ONLY(BODY), { format: 'nginx' })).toThrow(/unknown log format nginx/);
  });

  it('reads 50 lines to detect the format, then the rest as they come, in order', () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      line(T0 + i * 60_000, GOOGLE_IP, `/private/${i}`, UA.googlebot),
    );
    const report = audit(['', ...lines]);
    expect(report.lines).toBe(121);
    expect(report.crawlers.Googlebot?.violation).toBe(120);
    expect(report.violations[0]?.examples).toEqual([
      '/private/0',
      '/private/1',
      '/private/2',
      '/private/3',
      '/private/4',
    ]);
    expect(report.span).toEqual({ first: T0, last: T0 + 119 * 60_000 });
  });
});

describe('the report (§8)', () => {
  it('lists the lists used, with prefixes that could not be read', () => {
    const report = audit([]);
    expect(report.lists.find((l) => l.id === 'openai-gptbot')).toEqual({
      id: 'openai-gptbot',
      creationTime: null,
      usable: 1,
      ignored: 1,
      loaded: true,
    });
    const empty = audit([line(T0, OPENAI_IP, '/x', UA.gptbot)], ONLY(BODY), {
      lists: { 'openai-gptbot': { prefixes: [{ ipv4Prefix: 'nope' }] } },
    });
    expect(empty.lists[0]?.loaded).toBe(false);
    expect(empty.crawlers.GPTBot?.unverifiable).toBe(1);
  });

  it('counts requests per day per crawler by class, and marks the changes of robots.txt', () => {
    const versions = [
      version(1, T0 - 30 * D, T0 + D, 'User-agent: *\nDisallow:\n'),
      version(2, T0 + 2 * D, T0 + 30 * D, BODY),
    ];
    const report = audit(
      [
        line(T0, GOOGLE_IP, '/private/a', UA.googlebot),
        line(T0 + 5 * D, GOOGLE_IP, '/private/a', UA.googlebot),
        line(T0 + 5 * D, ELSEWHERE, '/private/a', UA.googlebot),
        line(T0 + 5 * D, GOOGLE_IP, '/robots.txt', UA.googlebot),
      ],
      versions,
    );
    expect(report.days).toEqual([
      { day: '2026-11-01', crawler: 'Googlebot', ...NONE, allowed: 1, robotsFetches: 0, spoofed: 0 },
      { day: '2026-11-06', crawler: 'Googlebot', ...NONE, violation: 1, robotsFetches: 1, spoofed: 1 },
    ]);
    expect(report.changes).toEqual([
      { seq: 1, at: T0 - 30 * D, status: '200' },
      { seq: 2, at: T0 + 2 * D, status: '200' },
    ]);
  });
});
