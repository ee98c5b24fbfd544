import { describe, expect, it, vi } from 'vitest';
import { describeRecord } from '../../../lib/fetch/describe';
import type { FetchedBody, FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import type { Inspection } from '../../../lib/protocol/messages';
import { bodyText, describeBody } from '../../../lib/fetch/body';
import { describePageVerdict, verdictTone } from '../../../lib/verdict/words';
import { judgePage, compileBody, readPageRobots } from '../../../lib/verdict/page-verdict';
import { formatOutageTime } from '../../../lib/verdict/outage';
import { type PageRobots } from '../../../lib/verdict/types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
import { compileRobots, parseRobotsTxt } from '../../../lib/robots';
import { fetchedBody } from '../fetch/fixtures';

const ORIGIN = 'https://site.test';
const PAGE = `${ORIGIN}/private/page.html`;
const FILE = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n';

/** An inspection as the worker sends it: the record and its description. */
function inspected(outcome: FetchOutcome): Inspection {
  const record: FetchRecord = {
    origin: ORIGIN,
    robotsUrl: `${ORIGIN}/robots.txt`,
    finalUrl: `${ORIGIN}/robots.txt`,
    hops: [],
    outcome,
    fetchedAt: 0,
    expiresAt: 1,
    durationMs: 1,
  };
  return {
    kind: 'inspected',
    pageUrl: PAGE,
    tabId: null,
    record,
    description: describeRecord(record),
    source: 'network',
    ageMs: 0,
    diagnostics: [],
    directives: { managedBlocks: [], contentSignals: [] },
  };
}

function parsed(text: string, over: Partial<FetchedBody> = {}): PageRobots {
  return readPageRobots(inspected({ kind: 'ok', status: 200, body: fetchedBody({ text, ...over }) }));
}

describe('judgePage', () => {
  it.each<{ name: string; source: string; outcome: FetchOutcome; kind: string; allowed: boolean; explanation: string }>(
    [
      {
        name: 'allows everything when robots.txt answers 404',
        source: 'RFC 9309 §2.3.1.3; docs/semantics/robots.md §7',
        outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
        kind: 'unavailable',
        allowed: true,
        explanation:
          'No robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything when robots.txt answers 403',
        source: 'Google: 401 and 403 are treated like 404; docs/semantics/robots.md §7',
        outcome: { kind: 'unavailable', cause: 'client-error', status: 403 },
        kind: 'unavailable',
        allowed: true,
        explanation:
          'robots.txt is not accessible (HTTP 403). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything after more than 5 redirects',
        source: 'RFC 9309 §2.3.1.2; docs/semantics/robots.md §7',
        outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 },
        kind: 'unavailable',
        allowed: true,
        explanation:
          'robots.txt redirects more than 5 times. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything on a redirect loop, saying it is a loop',
        source: 'RFC 9309 §2.3.1.2; docs/semantics/robots.md §7',
        outcome: { kind: 'unavailable', cause: 'redirect-loop', status: 302 },
        kind: 'unavailable',
        allowed: true,
        explanation:
          'robots.txt redirects in a loop. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything on an unexpected status, naming it',
        source: 'docs/semantics/robots.md §7 (neither 2xx, 4xx nor 5xx)',
        outcome: { kind: 'unavailable', cause: 'unexpected-status', status: 304 },
        kind: 'unavailable',
        allowed: true,
        explanation:
          'The server answered robots.txt with HTTP 304, which is neither a file nor an error. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'blocks everything on a 503',
        source: 'RFC 9309 §2.3.1.4; docs/semantics/robots.md §7',
        outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
        kind: 'unreachable',
        allowed: false,
        explanation:
          'The server failed to deliver robots.txt (HTTP 503). Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
      },
      {
        name: 'blocks everything on a 429',
        source: 'Google: 429 is treated like 5xx; docs/semantics/robots.md §7',
        outcome: { kind: 'unreachable', cause: 'rate-limited', status: 429, detail: 'HTTP 429' },
        kind: 'unreachable',
        allowed: false,
        explanation:
          'The server answered robots.txt with HTTP 429 Too Many Requests. Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
      },
      {
        name: 'blocks everything when the connection fails',
        source: 'RFC 9309 §2.3.1.4; docs/semantics/robots.md §7',
        outcome: { kind: 'unreachable', cause: 'network-error', status: null, detail: 'net::ERR_CONNECTION_REFUSED' },
        kind: 'unreachable',
        allowed: false,
        explanation:
          'robots.txt could not be fetched: net::ERR_CONNECTION_REFUSED. Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
      },
    ],
  )('$name', ({ outcome, kind, allowed, explanation }) => {
    const page = readPageRobots(inspected(outcome));
    // Unreachable: Google's first step from this fetch (at 0), with its times.
    const conditions =
      outcome.kind === 'unreachable'
        ? [
            {
              kind: 'outage',
              outageStep: 'stopped',
              text: `Google stops crawling the site until ${formatOutageTime(12 * HOUR)} (the first 12 hours, counted from this fetch at ${formatOutageTime(0)}); then it uses its last good copy of robots.txt until ${formatOutageTime(30 * DAY)}; after that, if the rest of the site is reachable, it crawls as if there were no robots.txt.`,
            },
          ]
        : [];
    for (const crawler of ['Googlebot', 'GPTBot', 'MyBot']) {
      expect(judgePage(page, PAGE, crawler)).toEqual({ kind, allowed, outcome, explanation, conditions });
    }
  });

  it('says Google’s step from the time of the fetch: the last good copy once 12 hours have passed', () => {
    const inspection = inspected({
      kind: 'unreachable',
      cause: 'timeout',
      status: null,
      detail: 'No complete answer within 2 s',
    });
    const later = { ...inspection, ageMs: 13 * HOUR } as Inspection;
    const [condition] = judgePage(readPageRobots(later), PAGE, 'Googlebot').conditions;
    expect(condition).toMatchObject({ kind: 'outage', outageStep: 'last-good' });
    expect(condition?.text).toContain(
      `Google uses its last good copy of robots.txt until ${formatOutageTime(30 * DAY)}`,
    );
  });

  it.each<{
    name: string;
    source: string;
    text: string;
    crawler: string;
    allowed: boolean;
    line: number | null;
    via: string;
  }>([
    {
      name: 'applies the * group to a crawler no group names',
      source: 'RFC 9309 §2.2.1',
      text: FILE,
      crawler: 'GPTBot',
      allowed: false,
      line: 2,
      via: 'global',
    },
    {
      name: 'applies the group naming the crawler',
      source: 'RFC 9309 §2.2.1',
      text: FILE,
      crawler: 'Googlebot',
      allowed: true,
      line: 5,
      via: 'own',
    },
    {
      name: 'applies a preset’s fallback token',
      source: 'crawler catalogue: Googlebot-Image falls back to Googlebot',
      text: FILE,
      crawler: 'Googlebot-Image',
      allowed: true,
      line: 5,
      via: 'fallback',
    },
    {
      name: 'lets AdsBot-Google ignore the * group',
      source: 'crawler catalogue: AdsBot-Google ignores *',
      text: FILE,
      crawler: 'AdsBot-Google',
      allowed: true,
      line: null,
      via: 'ignored-global',
    },
    {
      name: 'evaluates a custom token like any user agent',
      source: 'RFC 9309 §2.2.1',
      text: FILE,
      crawler: 'MyBot',
      allowed: false,
      line: 2,
      via: 'global',
    },
    {
      name: 'allows everything when no group applies',
      source: 'RFC 9309 §2.2.1',
      text: 'User-agent: GPTBot\nDisallow: /\n',
      crawler: 'MyBot',
      allowed: true,
      line: null,
      via: 'none',
    },
  ])('$name', ({ text, crawler, allowed, line, via }) => {
    const verdict = judgePage(parsed(text), PAGE, crawler);
    expect(verdict).toMatchObject({ kind: 'ok', allowed, via: { kind: via } });
    expect(verdict.kind === 'ok' && verdict.verdict.allowed).toBe(allowed);
    expect(verdict.kind === 'ok' ? (verdict.verdict.rule?.rule.line ?? null) : undefined).toBe(line);
  });

  it('says when the file was an HTML page (nothing in it parses, so it allows)', () => {
    const page = parsed('<!doctype html><title>Not found</title><p>Disallow: /</p>', {
      looksLikeHtml: true,
      contentType: 'text/html',
    });
    const verdict = judgePage(page, PAGE, 'Googlebot');
    expect(verdict).toMatchObject({ kind: 'ok', allowed: true });
    expect(verdict.conditions.map((c) => c.kind)).toEqual(['html-body', 'served-as-html']);
  });

  it('passes a page robots.txt does not govern through, with its explanation', () => {
    const inspection: Inspection = {
      kind: 'not-applicable',
      pageUrl: 'chrome://version/',
      tabId: 3,
      reason: 'browser-page',
      explanation: 'robots.txt does not apply to browser pages (chrome:).',
    };
    expect(judgePage(readPageRobots(inspection), inspection.pageUrl, 'Googlebot')).toEqual({
      kind: 'not-applicable',
      explanation: 'robots.txt does not apply to browser pages (chrome:).',
      conditions: [],
    });
  });
});

describe('readPageRobots', () => {
  it('parses a fetched body with the parser it is given, once', () => {
    const body = fetchedBody({ text: FILE });
    const parse = vi.fn((fetched: FetchedBody) => compileRobots(parseRobotsTxt(bodyText(fetched))));
    const page = readPageRobots(inspected({ kind: 'ok', status: 200, body }), parse);
    expect(parse).toHaveBeenCalledExactlyOnceWith(body, ORIGIN);
    expect(page).toMatchObject({ kind: 'ok', origin: ORIGIN, body: { bytes: FILE } });
  });

  it('parses nothing when there is no body, and explains in the description’s words', () => {
    const parse = vi.fn(compileBody);
    expect(readPageRobots(inspected({ kind: 'unavailable', cause: 'client-error', status: 404 }), parse)).toEqual({
      kind: 'unavailable',
      origin: ORIGIN,
      outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
      explanation:
        'No robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      conditions: [],
    });
    expect(parse).not.toHaveBeenCalled();
  });
});

/** A 2xx inspection of `bytes` (given byte by byte), with the fetch's own facts as `record` says. */
function inspectBytes(
  bytes: Uint8Array,
  headers: { contentType?: string | null; contentLength?: string | null; truncated?: boolean } = {},
  record: Partial<FetchRecord> & { source?: 'cache' | 'network'; ageMs?: number } = {},
): Inspection {
  const body = describeBody(
    { bytes, receivedBytes: bytes.length, truncated: headers.truncated ?? false },
    {
      contentType: headers.contentType ?? 'text/plain',
      contentLength: 'contentLength' in headers ? (headers.contentLength ?? null) : String(bytes.length),
    },
  );
  const { source = 'network', ageMs = 0, ...rest } = record;
  const base = inspected({ kind: 'ok', status: 200, body });
  if (base.kind !== 'inspected') throw new Error('unreachable');
  const fetched = { ...base.record, ...rest };
  return { ...base, record: fetched, description: describeRecord(fetched), source, ageMs };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const out: number[] = bom ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (order === 'le') out.push(code & 0xff, code >> 8);
    else out.push(code >> 8, code & 0xff);
  }
  return Uint8Array.from(out);
}

function conditionsOf(inspection: Inspection, url = PAGE, crawler = 'Googlebot') {
  return judgePage(readPageRobots(inspection), url, crawler).conditions;
}

describe('reading conditions: what changes how to read a verdict, computed once', () => {
  it('whatever parses decides below an HTML comment first line, and no HTML condition fires', () => {
    // Issue 8, seen 1: `<!-- generated by SEO plugin -->` above real rules.
    const page = readPageRobots(
      inspectBytes(utf8('<!-- generated by SEO plugin -->\nUser-agent: *\nDisallow: /private/\n')),
    );
    const verdict = judgePage(page, PAGE, 'Googlebot');
    expect(verdict).toMatchObject({ kind: 'ok', allowed: false, verdict: { rule: { rule: { line: 3 } } } });
    expect(verdict.conditions).toEqual([]);
  });

  it('names a real robots.txt served as text/html, and still lets its rules decide', () => {
    const verdict = judgePage(
      readPageRobots(inspectBytes(utf8('User-agent: *\nDisallow: /private/\n'), { contentType: 'text/html' })),
      PAGE,
      'Googlebot',
    );
    expect(verdict).toMatchObject({ kind: 'ok', allowed: false });
    expect(verdict.conditions.map((c) => c.kind)).toEqual(['served-as-html']);
    expect(verdict.conditions[0]?.text).toContain('text/html');
  });

  it('names an HTML page as HTML: nothing parses, so no rule applies', () => {
    const html =
      '<!doctype html>\n<html>\n<head><title>Not found</title></head>\n<body>\n<p>Disallow: /</p>\n</body>\n</html>\n';
    const conditions = conditionsOf(inspectBytes(utf8(html), { contentType: 'text/html; charset=utf-8' }));
    expect(conditions.map((c) => c.kind)).toEqual(['html-body', 'served-as-html']);
    expect(conditions[0]?.text).toMatch(/HTML page.*no rule applies/);
  });

  it.each([
    { name: 'UTF-16LE with a BOM', bytes: utf16('User-agent: *\nDisallow: /\n', 'le', true), how: 'byte order mark' },
    { name: 'UTF-16BE with a BOM', bytes: utf16('User-agent: *\nDisallow: /\n', 'be', true), how: 'byte order mark' },
    { name: 'UTF-16LE without a BOM', bytes: utf16('User-agent: *\nDisallow: /\n', 'le', false), how: 'NUL bytes' },
  ])(
    'names $name as UTF-16: Google’s byte parser stops each line at its first NUL, so no rule applies',
    ({ bytes, how }) => {
      // docs/semantics/robots.md §1: a NUL ends the line's content; every line of UTF-16 ASCII text has one at once.
      const page = readPageRobots(inspectBytes(bytes));
      expect(page.kind === 'ok' && page.robots.groups.flatMap((g) => g.rules)).toEqual([]);
      const verdict = judgePage(page, PAGE, 'Googlebot');
      expect(verdict).toMatchObject({ allowed: true });
      expect(verdict.conditions.map((c) => c.kind)).toEqual(['wide-encoding']);
      expect(verdict.conditions[0]?.text).toContain('UTF-16');
      expect(verdict.conditions[0]?.text).toContain(how);
      expect(verdict.conditions[0]?.text).toContain('no rule applies');
    },
  );

  it('matches a Latin-1 file’s bytes as written: Disallow: /caf\\xe9 blocks /caf%E9 (docs/semantics/robots.md §1, §5b)', () => {
    const bytes = Uint8Array.from([...utf8('User-agent: *\nDisallow: /caf'), 0xe9, 0x0a]);
    const page = readPageRobots(inspectBytes(bytes));
    const verdict = judgePage(page, `${ORIGIN}/caf%E9`, 'Googlebot');
    expect(verdict).toMatchObject({ kind: 'ok', allowed: false, verdict: { rule: { rule: { line: 2 } } } });
    expect(judgePage(page, `${ORIGIN}/caf%C3%A9`, 'Googlebot')).toMatchObject({ allowed: true });
    expect(verdict.conditions.map((c) => c.kind)).toEqual(['not-utf-8']);
  });

  it('says when the 500 KiB cut made the deciding rule, and when the rule lies before the cut', () => {
    // Issue 8, seen 4: `Disallow: /html/E12243_01/` cut to `Disallow: /html/E`.
    const head = 'User-agent: Googlebot\nDisallow: /early/\n\nUser-agent: *\n';
    const filler = '# ' + 'x'.repeat(1000) + '\n';
    let text = head;
    while (text.length < 511_990) text += filler;
    text = text.slice(0, 511_990 - 'Disallow: /html/E'.length) + '\nDisallow: /html/E';
    const kept = utf8(text.slice(0, 512_000));
    const inspection = inspectBytes(kept, { truncated: true, contentLength: '852992' });
    const cutRule = conditionsOf(inspection, `${ORIGIN}/html/E99999_01/`, 'Bingbot');
    expect(cutRule.map((c) => [c.kind, c.cutReaches])).toEqual([['cut', 'rule']]);
    expect(cutRule[0]?.text).toContain('cut at 500 KiB');
    expect(cutRule[0]?.text).toContain('833.0 KiB');
    expect(cutRule[0]?.text).toMatch(/deciding rule, line \d+ `Disallow: \/html\/E`, is the last line read/);
    const early = conditionsOf(inspection, `${ORIGIN}/early/page`);
    expect(early[0]?.text).toContain('lie before the cut');
    expect(early[0]?.cutReaches).toBe('neither');
  });

  it('names no rule or group before the cut where there is none (an HTML file served as robots.txt)', () => {
    // Issue 30: an HTML page over 500 KiB was told "the deciding rule and the group lie before the cut".
    const html = utf8(('<!doctype html><html><body>' + '<p>filler</p>\n'.repeat(50_000)).slice(0, 512_000));
    const conditions = conditionsOf(
      inspectBytes(html, { truncated: true, contentLength: '700000', contentType: 'text/html' }),
    );
    const cut = conditions.find((c) => c.kind === 'cut');
    expect(cut?.cutReaches).toBe('neither');
    expect(cut?.text).toBe(
      'robots.txt is 683.6 KiB, cut at 500 KiB: Google reads only the first 512,000 bytes and ignores the rest.',
    );
  });

  it.each([
    {
      name: 'a group for another crawler only',
      head: 'User-agent: Bingbot\nDisallow: /\n',
      says: 'No group read before the cut applies to this crawler; a group after the cut is not read, so it does not count.',
    },
    {
      name: 'a group that applies without a matching rule',
      head: 'User-agent: *\nDisallow: /elsewhere/\n',
      says: 'The group that applies lies before the cut and no rule of it matches this URL; rules after the cut are not read.',
    },
    {
      name: 'a deciding rule in a group that ends before the cut',
      head: 'User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: Bingbot\n',
      says: 'The deciding rule and the group that applies lie before the cut.',
    },
  ])('says what the cut means for $name', ({ head, says }) => {
    const filler = '# ' + 'x'.repeat(1000) + '\n';
    const kept = utf8((head + filler.repeat(520)).slice(0, 512_000));
    const cut = conditionsOf(inspectBytes(kept, { truncated: true, contentLength: '600000' })).find(
      (c) => c.kind === 'cut',
    );
    expect(cut?.cutReaches).toBe('neither');
    expect(cut?.text.endsWith(` ${says}`)).toBe(true);
    expect(cut?.text.match(/before the cut/g) ?? []).toHaveLength(1);
  });

  it('gives a cut body without Content-Length as "more than 500 KiB", never the bytes read', () => {
    const kept = utf8('User-agent: *\nDisallow: /a\n' + '#'.repeat(600_000)).subarray(0, 512_000);
    const conditions = conditionsOf(inspectBytes(kept, { truncated: true, contentLength: null }));
    expect(conditions[0]?.text).toContain('more than 500 KiB');
  });

  it('names a redirect to another host, an old cached copy, and a file with no rules', () => {
    const inspection = inspectBytes(
      utf8('# nothing here\nSitemap: https://site.test/s.xml\n'),
      {},
      {
        hops: [{ status: 301, from: `${ORIGIN}/robots.txt`, to: 'https://cdn.test/robots.txt', crossOrigin: true }],
        finalUrl: 'https://cdn.test/robots.txt',
        source: 'cache',
        ageMs: 5 * 60 * 60 * 1000,
      },
    );
    const conditions = conditionsOf(inspection);
    expect(conditions.map((c) => c.kind)).toEqual(['no-rules', 'cross-origin-redirect', 'stale-cache']);
    expect(conditions[1]?.text).toContain('https://cdn.test/robots.txt');
    expect(conditions[2]?.text).toContain('5 hours ago');
  });

  it('explains an unmatchable custom token with the file line it is read from (MJ12bot → MJ)', () => {
    const page = readPageRobots(inspectBytes(utf8('User-agent: *\nAllow: /\n\nUser-agent: MJ12bot\nDisallow: /\n')));
    const verdict = judgePage(page, PAGE, 'MJ12bot');
    expect(verdict).toMatchObject({ allowed: true });
    expect(verdict.conditions.map((c) => c.kind)).toEqual(['unmatchable-token']);
    expect(verdict.conditions[0]?.text).toContain('line 4 `User-agent: MJ12bot` is read as `MJ`');
    expect(verdict.conditions[0]?.text).toContain('The * group decides');
    expect(judgePage(page, PAGE, 'Googlebot').conditions).toEqual([]);
  });
});

describe('describePageVerdict', () => {
  it('says an empty Disallow allows everything, without byte counts or line 0', () => {
    // Issue 8, seen 6: the most common allow-all file.
    const verdict = judgePage(readPageRobots(inspectBytes(utf8('User-agent: *\nDisallow:\n'))), PAGE, 'Googlebot');
    expect(describePageVerdict(verdict)).toEqual({
      word: 'Allowed',
      detail: 'line 2 `Disallow:` is empty: it allows everything',
    });
  });

  it('gives blocked-because-unreachable its own tone', () => {
    const unreachable = judgePage(
      readPageRobots(inspected({ kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' })),
      PAGE,
      'Googlebot',
    );
    expect(verdictTone(unreachable)).toBe('unreachable');
    expect(describePageVerdict(unreachable)).toEqual({
      word: 'Blocked',
      detail: 'robots.txt unreachable: every URL on the site is blocked',
    });
  });
});
