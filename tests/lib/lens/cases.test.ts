/**
 * The case tables of docs/semantics/lens.md as typed tables: the 60 public cases of §10 for every lens
 * (and Google's column through the engine), each lens's status handling (§2.2, §3.2, §4.2, §5.2,
 * §6.2, §7.4), the byte probes quoted in §2.2, §3.2, §4.2, §6.3 and §8, and the probes the prose
 * of §2–§7 describes.
 */

import { describe, expect, it } from 'vitest';
import { type LensProfileId, LENS_PROFILE_INFO, LENS_PROFILES, readAs } from '../../../lib/lens/index';
import { compileRobots, evaluate, parseRobotsTxt } from '../../../lib/robots/index';
import { PUBLIC_CASES } from './public-cases';

const ORIGIN = 'https://e.com';

describe('the public case table (§10)', () => {
  const rows = PUBLIC_CASES.flatMap((c) => LENS_PROFILES.map((profile) => ({ ...c, profile })));

  it.each(rows)('$source: $profile reads "$what" as the table says', ({ robots, userAgent, path, lenses, profile }) => {
    const verdict = readAs(profile, { robots, robotsStatus: 200, url: ORIGIN + path, userAgent });
    expect(verdict.allowed ? 'A' : 'D').toBe(lenses[profile]);
  });

  it.each(PUBLIC_CASES)(
    '$source: Google reads "$what" as the table says',
    ({ robots, userAgent, path, google, googleLine }) => {
      const verdict = evaluate(compileRobots(parseRobotsTxt(robots)), ORIGIN + path, userAgent);
      expect(verdict.allowed ? 'A' : 'D').toBe(google);
      expect(verdict.rule?.rule.line ?? 0).toBe(googleLine);
    },
  );

  it('names a deciding line wherever a lens says a rule decided', () => {
    for (const c of PUBLIC_CASES) {
      for (const profile of LENS_PROFILES) {
        const v = readAs(profile, {
          robots: c.robots,
          robotsStatus: 200,
          url: ORIGIN + c.path,
          userAgent: c.userAgent,
        });
        expect(v.line !== null).toBe(v.outcome.kind === 'rule');
        expect(v.reason.length).toBeGreaterThan(0);
      }
    }
  });
});

interface StatusCase {
  readonly source: string;
  readonly profile: LensProfileId;
  readonly status: number;
  readonly allowed: boolean;
}

/** §x.2 of each lens and the §8 rows "401 / 403", "Other 4xx", "429", "5xx", "Network error". 0 = no response. */
const STATUS_CASES: readonly StatusCase[] = [
  ...([401, 403] as const).flatMap((status) =>
    (['py-legacy', 'py-rfc'] as const).map((profile) => ({ source: '§2.2, §3.2', profile, status, allowed: false })),
  ),
  ...([404, 410, 429] as const).flatMap((status) =>
    (['py-legacy', 'py-rfc'] as const).map((profile) => ({ source: '§2.2, §3.2', profile, status, allowed: true })),
  ),
  ...([500, 503, 301, 0] as const).flatMap((status) =>
    (['py-legacy', 'py-rfc'] as const).map((profile) => ({ source: '§2.2, §3.2', profile, status, allowed: false })),
  ),
  { source: '§4.2 (a failed download leaves no parser)', profile: 'protego', status: 0, allowed: true },
  ...[301, 401, 403, 404, 429, 500, 503, 0].map((status) => ({
    source: '§5.1, §5.2 (every caller allows on non-2xx)',
    profile: 'robots-parser' as const,
    status,
    allowed: true,
  })),
  ...[401, 403, 404, 410, 429].map((status) => ({
    source: '§6.2 (failedFetch: every 4xx allows)',
    profile: 'crawler-commons' as const,
    status,
    allowed: true,
  })),
  ...[301, 500, 503].map((status) => ({
    source: '§6.2 (failedFetch: 3xx and 5xx disallow)',
    profile: 'crawler-commons' as const,
    status,
    allowed: false,
  })),
  {
    source: '§6.2 (Nutch/StormCrawler allow after an exception)',
    profile: 'crawler-commons',
    status: 0,
    allowed: true,
  },
  ...[301, 401, 403, 404, 429].map((status) => ({
    source: '§7.4 (unavailable: may access anything)',
    profile: 'rfc9309' as const,
    status,
    allowed: true,
  })),
  ...[500, 503, 0].map((status) => ({
    source: '§7.4 (unreachable: complete disallow)',
    profile: 'rfc9309' as const,
    status,
    allowed: false,
  })),
];

describe('status codes (§x.2 of each lens)', () => {
  it.each(STATUS_CASES)(
    '$source: $profile gives allowed=$allowed for status $status',
    ({ profile, status, allowed }) => {
      // The body says the opposite, so only the status can give the expected answer.
      const robots = allowed ? 'User-agent: *\nDisallow: /\n' : 'User-agent: *\nAllow: /\n';
      const verdict = readAs(profile, { robots, robotsStatus: status, url: `${ORIGIN}/x`, userAgent: 'ExampleBot' });
      expect(verdict.allowed).toBe(allowed);
      expect(verdict.outcome.kind).toBe('status');
    },
  );

  it.each([403, 404, 503])('§4.2: protego parses whatever response comes back, status %i included', (status) => {
    const verdict = readAs('protego', {
      robots: 'User-agent: *\nDisallow: /\n',
      robotsStatus: status,
      url: `${ORIGIN}/x`,
      userAgent: 'ExampleBot',
    });
    expect(verdict.allowed).toBe(false);
  });
});

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

interface ByteCase {
  readonly source: string;
  readonly what: string;
  readonly profile: LensProfileId;
  readonly body: Uint8Array;
  readonly path: string;
  readonly allowed: boolean;
}

const BAD_BYTE = bytes('User-agent: *\nDisallow: /a', [0xff], 'b\n');
const BOM_BODY = bytes([0xef, 0xbb, 0xbf], 'User-agent: *\nDisallow: /\n');
const UTF16LE = new Uint8Array([
  0xff,
  0xfe,
  ...[...'User-agent: *\nDisallow: /\n'].flatMap((c) => [c.charCodeAt(0), 0]),
]);
const UTF16BE = new Uint8Array([
  0xfe,
  0xff,
  ...[...'User-agent: *\nDisallow: /\n'].flatMap((c) => [0, c.charCodeAt(0)]),
]);

/** Byte-level behaviour, probed separately in the spec (§11.4 last point). */
const BYTE_CASES: readonly ByteCase[] = [
  {
    source: '§2.2',
    what: 'an invalid byte makes read() raise',
    profile: 'py-legacy',
    body: BAD_BYTE,
    path: '/zzz',
    allowed: false,
  },
  {
    source: '§3.2',
    what: 'the byte survives: /a\\xFFb matches /a%FFb',
    profile: 'py-rfc',
    body: BAD_BYTE,
    path: '/a%FFb',
    allowed: false,
  },
  {
    source: '§3.2',
    what: 'the byte is not U+FFFD',
    profile: 'py-rfc',
    body: BAD_BYTE,
    path: '/a%EF%BF%BDb',
    allowed: true,
  },
  {
    source: '§4.2',
    what: 'undecodable bytes are dropped: /caf\\xE9 is /caf',
    profile: 'protego',
    body: bytes('User-agent: *\nDisallow: /caf', [0xe9], '\n'),
    path: '/cafx',
    allowed: false,
  },
  {
    source: '§6.3',
    what: 'invalid bytes become U+FFFD',
    profile: 'crawler-commons',
    body: BAD_BYTE,
    path: '/a%EF%BF%BDb',
    allowed: false,
  },
  {
    source: '§6.3',
    what: 'U+FFFD is not the byte',
    profile: 'crawler-commons',
    body: BAD_BYTE,
    path: '/a%FFb',
    allowed: true,
  },
  {
    source: '§6.3',
    what: 'FF FE switches to UTF-16LE',
    profile: 'crawler-commons',
    body: UTF16LE,
    path: '/x',
    allowed: false,
  },
  {
    source: '§6.3',
    what: 'FE FF switches to UTF-16BE',
    profile: 'crawler-commons',
    body: UTF16BE,
    path: '/x',
    allowed: false,
  },
  {
    source: '§6.3',
    what: 'an empty body allows everything',
    profile: 'crawler-commons',
    body: new Uint8Array(0),
    path: '/x',
    allowed: true,
  },
  {
    source: '§5.1',
    what: "the callers' TextDecoder gives U+FFFD",
    profile: 'robots-parser',
    body: BAD_BYTE,
    path: '/a%EF%BF%BDb',
    allowed: false,
  },
  {
    source: '§8 (bad UTF-8: rule never matches)',
    what: 'the byte never matches',
    profile: 'rfc9309',
    body: BAD_BYTE,
    path: '/a%FFb',
    allowed: true,
  },
  {
    source: '§8 (BOM), P01',
    what: 'the BOM bytes stay in line 1',
    profile: 'py-legacy',
    body: BOM_BODY,
    path: '/x',
    allowed: true,
  },
  {
    source: '§8 (BOM), P01',
    what: 'the BOM bytes stay in line 1',
    profile: 'py-rfc',
    body: BOM_BODY,
    path: '/x',
    allowed: true,
  },
  {
    source: '§8 (BOM), P01',
    what: 'Scrapy ≥ 2.14 removes the BOM',
    profile: 'protego',
    body: BOM_BODY,
    path: '/x',
    allowed: false,
  },
  {
    source: '§8 (BOM), P01',
    what: 'TextDecoder removes the BOM',
    profile: 'robots-parser',
    body: BOM_BODY,
    path: '/x',
    allowed: false,
  },
  {
    source: '§8 (BOM), P01',
    what: 'the BOM is removed',
    profile: 'crawler-commons',
    body: BOM_BODY,
    path: '/x',
    allowed: false,
  },
  {
    source: '§7.2 D1, P01',
    what: 'the BOM is part of line 1',
    profile: 'rfc9309',
    body: BOM_BODY,
    path: '/x',
    allowed: true,
  },
];

describe('byte probes (§2.2, §3.2, §4.2, §5.1, §6.3, §8)', () => {
  it.each(BYTE_CASES)('$source: $profile — $what', ({ profile, body, path, allowed }) => {
    const verdict = readAs(profile, { robots: body, robotsStatus: 200, url: ORIGIN + path, userAgent: 'ExampleBot' });
    expect(verdict.allowed).toBe(allowed);
  });

  it('§2.2: py-legacy says the body could not be decoded', () => {
    const verdict = readAs('py-legacy', { robots: BAD_BYTE, robotsStatus: 200, url: `${ORIGIN}/x`, userAgent: 'a' });
    expect(verdict.outcome.kind).toBe('decode-error');
  });
});

interface ProseCase {
  readonly source: string;
  readonly what: string;
  readonly profile: LensProfileId;
  readonly robots: string;
  readonly userAgent: string;
  readonly path: string;
  readonly allowed: boolean;
  readonly line?: number | null;
}

const CASE_MERGE = 'User-agent: GPTBot\nUser-agent: other\nDisallow: /a\n\nUser-agent: gptbot\nDisallow: /b\n';
const EMPTY_AGENT_JOINS = 'User-agent: a\nDisallow: /x\nUser-agent:\nUser-agent: b\nDisallow: /y\n';

/** Behaviour the spec states in its prose, one probe each. */
const PROSE_CASES: readonly ProseCase[] = [
  {
    source: '§3.5 (probe case-merge-new)',
    what: 'differently capitalised names merge into a nameless group',
    profile: 'py-rfc',
    robots: CASE_MERGE,
    userAgent: 'GPTBot/1.0',
    path: '/b',
    allowed: true,
  },
  {
    source: '§3.5 (probe case-merge-new)',
    what: '…so step 2 lands on the earlier, unmerged group',
    profile: 'py-rfc',
    robots: CASE_MERGE,
    userAgent: 'GPTBot/1.0',
    path: '/a',
    allowed: false,
    line: 3,
  },
  {
    source: '§3.4',
    what: 'the exact name gets the merged group',
    profile: 'py-rfc',
    robots: CASE_MERGE,
    userAgent: 'gptbot',
    path: '/b',
    allowed: false,
    line: 6,
  },
  {
    source: '§2.7 (3.11.7)',
    what: 'a rule //a applies to the path //a',
    profile: 'py-legacy',
    robots: 'User-agent: *\nDisallow: //a\n',
    userAgent: 'x',
    path: '//a',
    allowed: false,
    line: 2,
  },
  {
    source: '§3.7 step 1',
    what: 'a path starting with // gets // in front',
    profile: 'py-rfc',
    robots: 'User-agent: *\nDisallow: //a\n',
    userAgent: 'x',
    path: '//a',
    allowed: true,
  },
  {
    source: '§2.3 step 4',
    what: 'User-agent: %2A is the * group',
    profile: 'py-legacy',
    robots: 'User-agent: %2A\nDisallow: /\n',
    userAgent: 'x',
    path: '/p',
    allowed: false,
    line: 2,
  },
  {
    source: '§2.4 (M)',
    what: 'a Crawl-delay of digits int() refuses makes parse() raise',
    profile: 'py-legacy',
    robots: 'User-agent: *\nCrawl-delay: ²\nAllow: /\n',
    userAgent: 'x',
    path: '/p',
    allowed: false,
    line: null,
  },
  {
    source: '§3.6 step 2',
    what: 'a run of * is one *; $ then * is $',
    profile: 'py-rfc',
    robots: 'User-agent: *\nDisallow: /a***b$**\n',
    userAgent: 'x',
    path: '/axxb',
    allowed: false,
    line: 2,
  },
  {
    source: '§3.8',
    what: 'ties between Allow and Disallow go to Allow',
    profile: 'py-rfc',
    robots: 'User-agent: *\nDisallow: /p\nAllow: /p\n',
    userAgent: 'x',
    path: '/p',
    allowed: true,
    line: 3,
  },
  {
    source: '§4.4 step 1',
    what: 'an empty User-agent after rules does not start a group',
    profile: 'protego',
    robots: EMPTY_AGENT_JOINS,
    userAgent: 'a',
    path: '/y',
    allowed: false,
    line: 5,
  },
  {
    source: '§4.3',
    what: 'visit-time is known only with a colon',
    profile: 'protego',
    robots: 'User-agent: a\nvisit-time 0100-0200\nUser-agent: b\nDisallow: /\n',
    userAgent: 'a',
    path: '/x',
    allowed: false,
    line: 4,
  },
  {
    source: '§4.5',
    what: 'a one-letter name ties with * and the earlier group wins',
    profile: 'protego',
    robots: 'User-agent: *\nDisallow: /\n\nUser-agent: x\nAllow: /\n',
    userAgent: 'abcx',
    path: '/p',
    allowed: false,
    line: 2,
  },
  {
    source: '§4.6 step 1',
    what: '/a$b also matches a literal dollar',
    profile: 'protego',
    robots: 'User-agent: *\nDisallow: /a$b\n',
    userAgent: 'x',
    path: '/a$bc',
    allowed: false,
    line: 2,
  },
  {
    source: '§5.4',
    what: 'an empty Disallow still creates the entry',
    profile: 'robots-parser',
    robots: 'User-agent: *\nDisallow: /\n\nUser-agent: foo\nDisallow:\n',
    userAgent: 'foo',
    path: '/x',
    allowed: true,
  },
  {
    source: '§5.4',
    what: 'a Crawl-delay line creates the entry',
    profile: 'robots-parser',
    robots: 'User-agent: *\nDisallow: /\n\nUser-agent: foo\nCrawl-delay: 1\n',
    userAgent: 'foo',
    path: '/x',
    allowed: true,
  },
  {
    source: '§5.4',
    what: '*/1.0 formats as *',
    profile: 'robots-parser',
    robots: 'User-agent: */1.0\nDisallow: /\n',
    userAgent: 'x',
    path: '/x',
    allowed: false,
    line: 2,
  },
  {
    source: '§5.5',
    what: 'an empty caller name is *',
    profile: 'robots-parser',
    robots: 'User-agent: *\nDisallow: /\n',
    userAgent: '',
    path: '/x',
    allowed: false,
    line: 2,
  },
  {
    source: '§6.4',
    what: 'Disallow /a /b is the pattern /a /b',
    profile: 'crawler-commons',
    robots: 'User-agent: *\nDisallow /a /b\n',
    userAgent: 'x',
    path: '/a%20/b',
    allowed: false,
    line: 2,
  },
  {
    source: '§6.5',
    what: 'a matched name drops the * rules collected so far',
    profile: 'crawler-commons',
    robots: 'User-agent: *\nDisallow: /a\nUser-agent: foo\nDisallow: /b\n',
    userAgent: 'foo',
    path: '/a',
    allowed: true,
  },
  {
    source: '§6.5',
    what: 'a * group after a matched name is ignored',
    profile: 'crawler-commons',
    robots: 'User-agent: foo\nDisallow: /b\n\nUser-agent: *\nDisallow: /a\n',
    userAgent: 'foo',
    path: '/a',
    allowed: true,
  },
  {
    source: '§6.6 step 1',
    what: '%41 is A',
    profile: 'crawler-commons',
    robots: 'User-agent: *\nDisallow: /%41\n',
    userAgent: 'x',
    path: '/A',
    allowed: false,
    line: 2,
  },
  {
    source: '§6.8 (index.html retry)',
    what: 'index.htm also retries',
    profile: 'crawler-commons',
    robots: 'User-agent: *\nDisallow: /d/index.htm\n',
    userAgent: 'x',
    path: '/d/',
    allowed: false,
    line: 2,
  },
  {
    source: '§6.8',
    what: 'ties between Allow and Disallow go to Allow',
    profile: 'crawler-commons',
    robots: 'User-agent: *\nDisallow: /p\nAllow: /p\n',
    userAgent: 'x',
    path: '/p',
    allowed: true,
    line: 3,
  },
  {
    source: '§7.2 D5',
    what: 'an empty Disallow matches nothing',
    profile: 'rfc9309',
    robots: 'User-agent: *\nDisallow:\n',
    userAgent: 'x',
    path: '/x',
    allowed: true,
    line: null,
  },
  {
    source: '§7.2 D11',
    what: '/robots.txt with a query is not implicit',
    profile: 'rfc9309',
    robots: 'User-agent: *\nDisallow: /\n',
    userAgent: 'x',
    path: '/robots.txt?x',
    allowed: false,
    line: 2,
  },
  {
    source: '§7.2 D12',
    what: 'rules after 512,000 bytes are ignored',
    profile: 'rfc9309',
    robots: 'User-agent: *\n#' + 'x'.repeat(512_000) + '\nDisallow: /\n',
    userAgent: 'x',
    path: '/x',
    allowed: true,
  },
  {
    source: '§7.3',
    what: 'Sitemap and Crawl-delay do not end a group',
    profile: 'rfc9309',
    robots: 'User-agent: a\nSitemap: https://e.com/s\nCrawl-delay: 1\nUser-agent: b\nDisallow: /\n',
    userAgent: 'b',
    path: '/x',
    allowed: false,
    line: 5,
  },
];

describe('probes the prose states (§2–§7)', () => {
  it.each(PROSE_CASES)('$source: $profile — $what', ({ profile, robots, userAgent, path, allowed, line }) => {
    const verdict = readAs(profile, { robots, robotsStatus: 200, url: ORIGIN + path, userAgent });
    expect(verdict.allowed).toBe(allowed);
    if (line !== undefined) expect(verdict.line).toBe(line);
  });
});

describe('lens metadata (§0, §x.1, §9)', () => {
  it.each(LENS_PROFILES.map((p) => [p]))('%s has a label, a pinned version, its users and a description', (profile) => {
    const info = LENS_PROFILE_INFO[profile];
    expect(info.id).toBe(profile);
    expect(info.displayName.length).toBeGreaterThan(0);
    expect(info.versionPinned.length).toBeGreaterThan(0);
    // The strict RFC reader is run by no crawler: it has no users rather than a user called "No crawler".
    expect(info.users.length > 0).toBe(profile !== 'rfc9309');
    for (const user of info.users) expect(user.name).not.toMatch(/^(?:The|No) /);
    expect(info.description.length).toBeGreaterThan(0);
  });

  it('names the Python lenses by the patch releases that first ship the RFC rewrite', () => {
    expect(LENS_PROFILE_INFO['py-legacy'].displayName).toBe('Python before 3.13.14 and 3.14.5 (Crawl4AI, scripts)');
    expect(LENS_PROFILE_INFO['py-rfc'].displayName).toBe('Python 3.13.14+, 3.14.5+ and 3.15 (the RFC rewrite)');
    for (const info of Object.values(LENS_PROFILE_INFO)) expect(info.displayName).not.toContain('3.12');
  });
});

describe('a tab inside a rule path (a held-back case)', () => {
  // Python's urlsplit removes tab, CR and LF from the value (WHATWG URL rules), so the Python lens
  // and Protego read `Disallow: /a<TAB>b` as `/ab`; Google keeps the tab in the pattern.
  const robots = 'User-agent: *\nDisallow: /a\tb\n';
  const url = `${ORIGIN}/ab`;

  it.each(['py-legacy', 'protego'] as const)('%s reads the rule as /ab and blocks /ab', (profile) => {
    const verdict = readAs(profile, { robots, robotsStatus: 200, url, userAgent: 'ExampleBot' });
    expect(verdict.allowed).toBe(false);
    expect(verdict.line).toBe(2);
    // Only the tab goes: /a and /b are not blocked.
    expect(readAs(profile, { robots, robotsStatus: 200, url: `${ORIGIN}/a`, userAgent: 'ExampleBot' }).allowed).toBe(
      true,
    );
  });

  it('Google keeps the tab, so /ab stays allowed', () => {
    expect(evaluate(compileRobots(parseRobotsTxt(robots)), url, 'ExampleBot').allowed).toBe(true);
  });
});
