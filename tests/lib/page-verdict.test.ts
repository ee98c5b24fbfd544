import { describe, expect, it, vi } from 'vitest';
import { describeRecord } from '../../lib/fetch/describe';
import type { FetchedBody, FetchOutcome, FetchRecord } from '../../lib/fetch/types';
import type { Inspection } from '../../lib/messages';
import { judgePage, type PageRobots, readPageRobots } from '../../lib/page-verdict';
import { compileRobots, parseRobotsTxt } from '../../lib/robots';
import { fetchedBody } from './fetch/fixtures';

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
        source: 'RFC 9309 §2.3.1.3; SEMANTICS §7',
        outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
        kind: 'no-robots',
        allowed: true,
        explanation:
          'No robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything when robots.txt answers 403',
        source: 'Google: 401 and 403 are treated like 404; SEMANTICS §7',
        outcome: { kind: 'unavailable', cause: 'client-error', status: 403 },
        kind: 'no-robots',
        allowed: true,
        explanation:
          'robots.txt is not accessible (HTTP 403). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything after more than 5 redirects',
        source: 'RFC 9309 §2.3.1.2; SEMANTICS §7',
        outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 },
        kind: 'no-robots',
        allowed: true,
        explanation:
          'robots.txt redirects more than 5 times. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything on a redirect loop, saying it is a loop',
        source: 'RFC 9309 §2.3.1.2; SEMANTICS §7',
        outcome: { kind: 'unavailable', cause: 'redirect-loop', status: 302 },
        kind: 'no-robots',
        allowed: true,
        explanation:
          'robots.txt redirects in a loop. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'allows everything on an unexpected status, naming it',
        source: 'SEMANTICS §7 (neither 2xx, 4xx nor 5xx)',
        outcome: { kind: 'unavailable', cause: 'unexpected-status', status: 304 },
        kind: 'no-robots',
        allowed: true,
        explanation:
          'The server answered robots.txt with HTTP 304, which is neither a file nor an error. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
      },
      {
        name: 'blocks everything on a 503',
        source: 'RFC 9309 §2.3.1.4; SEMANTICS §7',
        outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
        kind: 'unreachable',
        allowed: false,
        explanation:
          'The server failed to deliver robots.txt (HTTP 503). Crawlers treat every URL on the site as disallowed while robots.txt is unreachable.',
      },
      {
        name: 'blocks everything on a 429',
        source: 'Google: 429 is treated like 5xx; SEMANTICS §7',
        outcome: { kind: 'unreachable', cause: 'rate-limited', status: 429, detail: 'HTTP 429' },
        kind: 'unreachable',
        allowed: false,
        explanation:
          'The server answered robots.txt with HTTP 429 Too Many Requests. Crawlers treat every URL on the site as disallowed while robots.txt is unreachable.',
      },
      {
        name: 'blocks everything when the connection fails',
        source: 'RFC 9309 §2.3.1.4; SEMANTICS §7',
        outcome: { kind: 'unreachable', cause: 'network-error', status: null, detail: 'net::ERR_CONNECTION_REFUSED' },
        kind: 'unreachable',
        allowed: false,
        explanation:
          'robots.txt could not be fetched: net::ERR_CONNECTION_REFUSED. Crawlers treat every URL on the site as disallowed while robots.txt is unreachable.',
      },
    ],
  )('$name', ({ outcome, kind, allowed, explanation }) => {
    const page = readPageRobots(inspected(outcome));
    for (const crawler of ['Googlebot', 'GPTBot', 'MyBot']) {
      expect(judgePage(page, PAGE, crawler)).toEqual({ kind, allowed, outcome, explanation });
    }
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
      source: 'CRAWLERS.md: Googlebot-Image falls back to Googlebot',
      text: FILE,
      crawler: 'Googlebot-Image',
      allowed: true,
      line: 5,
      via: 'fallback',
    },
    {
      name: 'lets AdsBot-Google ignore the * group',
      source: 'CRAWLERS.md: AdsBot-Google ignores *',
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
    expect(verdict).toMatchObject({ kind: 'rules', allowed, html: false, via: { kind: via } });
    expect(verdict.kind === 'rules' && verdict.verdict.allowed).toBe(allowed);
    expect(verdict.kind === 'rules' ? (verdict.verdict.rule?.rule.line ?? null) : undefined).toBe(line);
  });

  it('says when the file was an HTML page (nothing in it parses, so it allows)', () => {
    const page = parsed('<!doctype html><title>Not found</title><p>Disallow: /</p>', {
      looksLikeHtml: true,
      contentType: 'text/html',
    });
    expect(judgePage(page, PAGE, 'Googlebot')).toMatchObject({ kind: 'rules', allowed: true, html: true });
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
    });
  });
});

describe('readPageRobots', () => {
  it('parses a fetched body with the parser it is given, once', () => {
    const parse = vi.fn((text: string) => compileRobots(parseRobotsTxt(text)));
    const page = readPageRobots(inspected({ kind: 'ok', status: 200, body: fetchedBody({ text: FILE }) }), parse);
    expect(parse).toHaveBeenCalledExactlyOnceWith(FILE, ORIGIN);
    expect(page).toMatchObject({ kind: 'parsed', origin: ORIGIN, body: { text: FILE } });
  });

  it('parses nothing when there is no body, and explains in the description’s words', () => {
    const parse = vi.fn((text: string) => compileRobots(parseRobotsTxt(text)));
    expect(readPageRobots(inspected({ kind: 'unavailable', cause: 'client-error', status: 404 }), parse)).toEqual({
      kind: 'unavailable',
      origin: ORIGIN,
      outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
      explanation:
        'No robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
    });
    expect(parse).not.toHaveBeenCalled();
  });
});
