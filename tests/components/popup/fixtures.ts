/** Hand-made engine results and fetch records for component tests (no engine needed). */

import type { CrawlerOption, PageVerdict } from '../../../components/popup/model';
import { bytesToByteString, describeBody } from '../../../lib/fetch/body';
import { describeOutcome } from '../../../lib/fetch/describe';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import type { AgentLine, GroupRef, MatchedRule, Verdict } from '../../../lib/robots/types';
import { type PageRobots } from '../../../lib/verdict/types';
import { readRecordRobots } from '../../../lib/verdict/page-verdict';

export function agent(line: number, value: string): AgentLine {
  return {
    line,
    value,
    token: value,
    isGlobal: value === '*',
    isTruncated: false,
    quirks: [],
    isLineCut: false,
  };
}

export function group(id: number, firstLine: number, lastLine: number, agents: AgentLine[]): GroupRef {
  return { id, agents, firstLine, lastLine };
}

export function rule(kind: 'allow' | 'disallow', line: number, pattern: string): MatchedRule {
  return {
    rule: { kind, line, written: null, pattern, quirks: [], isLineCut: false },
    via: 'pattern',
    matchedPattern: pattern,
    matchedPriority: pattern.length,
  };
}

const STAR_GROUP = group(0, 2, 5, [agent(2, '*')]);

export function verdict(overrides: Partial<Verdict> = {}): Verdict {
  return {
    allowed: false,
    rule: rule('disallow', 3, '/private/'),
    userAgent: 'Googlebot',
    path: '/private/page.html',
    selection: { kind: 'global', groups: [STAR_GROUP] },
    others: [],
    googleSpecific: [],
    crawlDelay: null,
    sitemaps: [],
    ...overrides,
  };
}

export type RulesVerdict = Extract<PageVerdict, { kind: 'ok' }>;

/** A verdict decided by the file's rules, for Googlebot through the * group unless `extra` says otherwise. */
export function rulesVerdict(v: Verdict = verdict(), extra: Partial<RulesVerdict> = {}): RulesVerdict {
  return {
    kind: 'ok',
    allowed: v.allowed,
    conditions: [],
    verdict: v,
    crawler: null,
    token: 'Googlebot',
    via: { kind: 'global', unnamed: ['Googlebot'] },
    crawlDelaySupport: { kind: 'ignored', note: 'Google ignores Crawl-delay.' },
    ...extra,
  };
}

/** The no-robots verdict for a 404, in lib/verdict/page-verdict's words. */
export const NO_ROBOTS: PageVerdict = {
  kind: 'unavailable',
  conditions: [],
  allowed: true,
  outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
  explanation: 'No robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
};

/** The unreachable verdict for a 503, in lib/verdict/page-verdict's words. */
export const UNREACHABLE: PageVerdict = {
  kind: 'unreachable',
  conditions: [],
  allowed: false,
  outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' },
  explanation:
    'The server failed to deliver robots.txt (HTTP 503). Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
};

export const GOOGLEBOT: CrawlerOption = {
  token: 'Googlebot',
  name: 'Googlebot',
  operator: 'Google',
  purpose: 'search',
  purposeLabel: 'search',
  custom: false,
};

export const ORIGIN = 'http://127.0.0.1:4781';

export function okOutcome(
  text: string,
  body: Partial<Extract<FetchOutcome, { kind: 'ok' }>['body']> = {},
): FetchOutcome {
  return {
    kind: 'ok',
    status: 200,
    body: {
      bytes: byteString(text),
      contentLength: new TextEncoder().encode(text).length,
      truncated: false,
      hasBom: false,
      encoding: 'utf-8',
      encodingEvidence: null,
      contentType: 'text/plain; charset=utf-8',
      looksLikeHtml: false,
      ...body,
    },
  };
}

export function record(outcome: FetchOutcome, overrides: Partial<FetchRecord> = {}): FetchRecord {
  return {
    origin: ORIGIN,
    robotsUrl: `${ORIGIN}/robots.txt`,
    finalUrl: `${ORIGIN}/robots.txt`,
    hops: [],
    outcome,
    fetchedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
    expiresAt: Date.UTC(2025, 0, 3, 3, 4, 5),
    durationMs: 12,
    ...overrides,
  };
}

/** Returns the UTF-8 bytes of `text` as a byte string, as a fetched body carries them. */
export function byteString(text: string): string {
  return bytesToByteString(new TextEncoder().encode(text));
}

/**
 * Returns `text` as a 2xx robots.txt of https://site.test reads for its pages, fetched with
 * `contentType` (null: none sent), described in the worker's words.
 */
export function parsedFile(text: string, contentType: string | null): PageRobots {
  const bytes = new TextEncoder().encode(text);
  const body = describeBody(
    { bytes, receivedBytes: bytes.length, truncated: false },
    { contentType, contentLength: String(bytes.length) },
  );
  const outcome = { kind: 'ok', status: 200, body } as const;
  return readRecordRobots({
    record: {
      origin: 'https://site.test',
      robotsUrl: 'https://site.test/robots.txt',
      finalUrl: 'https://site.test/robots.txt',
      hops: [],
      outcome,
      fetchedAt: 0,
      expiresAt: 1,
      durationMs: 1,
    },
    description: describeOutcome(outcome),
    source: 'network',
    ageMs: 0,
  });
}
