/**
 * Each subresource's verdict under its own origin's robots.txt (SEMANTICS.md §7: one file per
 * scheme + host + port governs only that origin), for one crawler. Each origin's file is read once
 * (readOriginRobots) and evaluated per URL through lib/page-verdict, the one place a fetch outcome
 * becomes a verdict, so a resource and a page are judged alike.
 */
import type { OutcomeDescription } from '../fetch/describe';
import type { FetchedBody, FetchOutcome, FetchRecord } from '../fetch/types';
import { judgePage, type PageRobots, type PageVerdict, readPageRobots } from '../page-verdict';
import type { CompiledRobots } from '../robots';
import type { ResourceType } from './classify';
import type { ResourceEntry } from './ledger';

/**
 * Returns the origin whose robots.txt governs an http(s) `url` (scheme://host[:port], the host in
 * punycode, a default port dropped: what locateRobotsTxt gives), or null for any other URL.
 */
export function originOf(url: string): string | null {
  if (!/^https?:/i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.hostname === '' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/** Returns the resources grouped by origin, origins and resources in first-seen order; URLs without one are left out. */
export function groupByOrigin<T extends { readonly url: string }>(entries: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const origin = originOf(entry.url);
    if (origin === null) continue;
    const list = groups.get(origin);
    if (list) list.push(entry);
    else groups.set(origin, [entry]);
  }
  return groups;
}

/**
 * Returns an origin's fetch record read as rules or an outcome (parsing a 2xx body once), with the
 * worker's words for it (`description`: describeRecord's). `parse` is readPageRobots's (default
 * parseRobotsTxt).
 */
export function readOriginRobots(
  record: FetchRecord,
  description: OutcomeDescription,
  parse?: (body: FetchedBody, origin: string) => CompiledRobots,
): Exclude<PageRobots, { kind: 'not-applicable' }> {
  const robots = readPageRobots(
    {
      kind: 'inspected',
      pageUrl: record.robotsUrl,
      tabId: null,
      record,
      description,
      source: 'cache',
      ageMs: 0,
      diagnostics: [],
    },
    parse,
  );
  if (robots.kind === 'not-applicable') throw new Error(`readPageRobots refused the record of ${record.origin}`);
  return robots;
}

/** A resource and, once its origin's robots.txt is known, its verdict. */
export type ResourceVerdict =
  | { readonly kind: 'unchecked'; readonly url: string; readonly type: ResourceType; readonly origin: string }
  | {
      readonly kind: 'judged';
      readonly url: string;
      readonly type: ResourceType;
      readonly origin: string;
      readonly allowed: boolean;
      readonly verdict: Exclude<PageVerdict, { kind: 'not-applicable' }>;
    };

/**
 * Returns every resource's verdict for `crawler` (a preset's token or a custom token): `judged`
 * when `robotsByOrigin` holds its origin, else `unchecked`, grouped by origin in first-seen order.
 * `groups` is groupByOrigin(entries), passed by a caller that judges the same list again.
 */
export function judgeResources(
  entries: readonly ResourceEntry[],
  robotsByOrigin: ReadonlyMap<string, PageRobots>,
  crawler: string,
  groups: ReadonlyMap<string, readonly ResourceEntry[]> = groupByOrigin(entries),
): ResourceVerdict[] {
  const result: ResourceVerdict[] = [];
  for (const [origin, list] of groups) {
    const robots = robotsByOrigin.get(origin);
    for (const { url, type } of list) {
      if (robots === undefined || robots.kind === 'not-applicable') {
        result.push({ kind: 'unchecked', url, type, origin });
        continue;
      }
      const verdict = judgePage(robots, url, crawler);
      if (verdict.kind === 'not-applicable') result.push({ kind: 'unchecked', url, type, origin });
      else result.push({ kind: 'judged', url, type, origin, allowed: verdict.allowed, verdict });
    }
  }
  return result;
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

/** What decided one resource's verdict, for the popup and the report. */
export interface ResourceReason {
  /** The deciding line's number, 0 when no line decided (an outcome, or no rule matched). */
  readonly line: number;
  /** The deciding line as written (`Disallow: /static/`), or the outcome in words. */
  readonly text: string;
}

/** Returns what decided a judged resource: its deciding line, or the outcome or group choice in words. */
export function explainResourceVerdict(verdict: Extract<ResourceVerdict, { kind: 'judged' }>): ResourceReason {
  const v = verdict.verdict;
  switch (v.kind) {
    case 'unavailable':
    case 'unreachable':
      return { line: 0, text: describeOutcomeBriefly(v.outcome) };
    case 'ok': {
      const rule = v.verdict.rule?.rule;
      if (rule) return { line: rule.line, text: rule.text };
      if (v.verdict.selection.kind === 'none') return { line: 0, text: 'no group applies to this crawler: allowed' };
      return { line: 0, text: 'no rule matches: allowed' };
    }
  }
}
