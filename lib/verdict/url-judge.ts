/**
 * Judging lists of URLs: the one request, the one answer per URL (UrlVerdict) and the one wording
 * of "the deciding line" and "the group that applied", for link marking, a page's own URLs and page
 * resources alike. The worker answers `judgeUrls` with these; the popup, which judges page
 * resources itself, asks only for the origins' records (`originRecords`) and words its verdicts
 * with the same functions.
 */
import { type OutcomeDescription, describeRecord } from '../fetch/describe';
import type { FetchOutcome, FetchRecord } from '../fetch/types';
import { ruleText } from '../robots/rule-text';
import type { PageVerdict } from './types';

/** A URL longer than this is answered `skipped` (counted, never a reason to refuse the request). */
export const MAX_JUDGED_URL_CHARS = 4096;
/** The most URLs one `judgeUrls` request may carry. */
export const MAX_JUDGED_URLS = 10_000;

/** Judge `urls` for one crawler, each under its own origin's robots.txt. */
export interface JudgeUrlsRequest {
  readonly urls: readonly string[];
  /** A preset's token or a custom token. */
  readonly crawler: string;
  /** The page the URLs come from: its origin does not count against `maxOrigins`. */
  readonly pageUrl?: string;
  /** Other origins consulted at most (default 10, at most 50). */
  readonly maxOrigins?: number;
}

/** One URL's answer. */
export type UrlVerdict =
  | {
      readonly kind: 'judged';
      readonly url: string;
      /** The origin whose robots.txt governs it. */
      readonly origin: string;
      readonly allowed: boolean;
      /** How robots.txt decided: its rules, no file (everything allowed), or unreachable (everything blocked). */
      readonly basis: 'rules' | 'no-robots' | 'unreachable';
      /** The deciding line (0 when none) and its text as written (null when none). */
      readonly line: number;
      readonly rule: string | null;
      /** The group that applied ("User-agent: Googlebot, bingbot (lines 1–3)"), or null when none did. */
      readonly group: string | null;
      /** What decided, in words: "robots.txt line 3: Disallow: /js/", "robots.txt answered 503: everything disallowed". */
      readonly explanation: string;
    }
  /** Not an http(s) URL: no robots.txt governs it. */
  | { readonly kind: 'not-applicable'; readonly url: string; readonly explanation: string }
  /** Its origin was over the request's cap: not checked. */
  | { readonly kind: 'skipped'; readonly url: string; readonly explanation: string }
  /** Its origin's robots.txt could not be looked up (a bug or a cancelled fetch, not an HTTP outcome). */
  | { readonly kind: 'failed'; readonly url: string; readonly explanation: string };

export interface JudgeUrlsResponse {
  readonly results: UrlVerdict[];
  /** Origins consulted (cache or network). */
  readonly origins: number;
  /** Origins not consulted because of the cap. */
  readonly skippedOrigins: number;
  readonly maxOrigins: number;
}

/** One origin's robots.txt as the worker found it: what a caller that judges locally needs. */
export interface OriginOutcome {
  readonly origin: string;
  readonly record: FetchRecord;
  readonly description: OutcomeDescription;
  /** `cache` when the record was served from the cache, `network` when fetched for this request. */
  readonly source: 'cache' | 'network';
}

/** Returns the origin's outcome from a cache lookup, worded by describeRecord. */
export function originOutcome(
  origin: string,
  lookup: { readonly record: FetchRecord; readonly source: 'cache' | 'network' },
): OriginOutcome {
  return { origin, record: lookup.record, description: describeRecord(lookup.record), source: lookup.source };
}

/** Returns the fetch outcome in a few words and what it does: "robots.txt answered 503: everything disallowed". */
export function describeOutcomeBriefly(outcome: FetchOutcome): string {
  switch (outcome.kind) {
    case 'ok':
      return `robots.txt answered ${outcome.status}: its rules apply`;
    case 'unavailable':
      switch (outcome.cause) {
        case 'too-many-redirects':
          return 'robots.txt redirected more than 5 times: everything allowed';
        case 'redirect-loop':
          return 'robots.txt redirected in a loop: everything allowed';
        default:
          return `robots.txt answered ${outcome.status ?? 'with no status'}: everything allowed`;
      }
    case 'unreachable':
      switch (outcome.cause) {
        case 'timeout':
          return `robots.txt timed out (${outcome.detail}): everything disallowed`;
        case 'network-error':
          return `robots.txt could not be fetched (${outcome.detail}): everything disallowed`;
        default:
          return `robots.txt answered ${outcome.status ?? 'with an error'}: everything disallowed`;
      }
  }
}

/** What decided a verdict: the deciding line, or the outcome or group choice in words. */
export interface VerdictReason {
  /** The deciding line's number, 0 when no line decided (an outcome, or no rule matched). */
  readonly line: number;
  /** The deciding line as written (`Disallow: /static/`), or the outcome in words. */
  readonly text: string;
}

/** Returns what decided a judged verdict: its deciding line, or the outcome or group choice in words. */
export function explainVerdict(verdict: Exclude<PageVerdict, { kind: 'not-applicable' }>): VerdictReason {
  switch (verdict.kind) {
    case 'unavailable':
    case 'unreachable':
      return { line: 0, text: describeOutcomeBriefly(verdict.outcome) };
    case 'ok': {
      const rule = verdict.verdict.rule?.rule;
      if (rule) return { line: rule.line, text: ruleText(rule) };
      if (verdict.verdict.selection.kind === 'none')
        return { line: 0, text: 'no group applies to this crawler: allowed' };
      return { line: 0, text: 'no rule matches: allowed' };
    }
  }
}

/** Returns the group that applied, as "User-agent: Googlebot, bingbot (lines 1–3)", or null when none did. */
export function describeAppliedGroup(verdict: Exclude<PageVerdict, { kind: 'not-applicable' }>): string | null {
  if (verdict.kind !== 'ok' || verdict.verdict.selection.kind === 'none') return null;
  const { groups } = verdict.verdict.selection;
  const agents = groups.flatMap((g) => g.agents.map((a) => a.value));
  const lines = groups.map((g) => (g.firstLine === g.lastLine ? `${g.firstLine}` : `${g.firstLine}–${g.lastLine}`));
  return `User-agent: ${agents.join(', ')} (line${lines.length === 1 && !lines[0]?.includes('–') ? '' : 's'} ${lines.join(', ')})`;
}

const BASIS = { ok: 'rules', unavailable: 'no-robots', unreachable: 'unreachable' } as const;

/** Returns a URL's answer from its page verdict (`origin`: the origin whose robots.txt was read). */
export function toUrlVerdict(verdict: PageVerdict, url: string, origin: string): UrlVerdict {
  if (verdict.kind === 'not-applicable') return { kind: 'not-applicable', url, explanation: verdict.explanation };
  const { line, text } = explainVerdict(verdict);
  return {
    kind: 'judged',
    url,
    origin,
    allowed: verdict.allowed,
    basis: BASIS[verdict.kind],
    line,
    rule: line > 0 ? text : null,
    group: describeAppliedGroup(verdict),
    explanation: line > 0 ? `robots.txt line ${line}: ${text}` : text,
  };
}
