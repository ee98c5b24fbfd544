/**
 * The general "judge these URLs for a crawler" answer, across origins: each origin's robots.txt
 * outcome once, and each URL's verdict with the deciding line and group. The worker fetches the
 * records (entrypoints/background/resource-check.ts); this module turns them into the answer.
 */
import type { OutcomeDescription } from '../fetch/describe';
import { describeRecord } from '../fetch/describe';
import type { FetchRecord } from '../fetch/types';
import type { PageRobots } from '../verdict/types';
import { judgeResources, readOriginRobots } from './evaluate';
import { type ResourceVerdict, explainResourceVerdict, groupByOrigin } from './judge';

/** One origin's robots.txt as the check found it. */
export interface OriginOutcome {
  readonly origin: string;
  readonly record: FetchRecord;
  readonly description: OutcomeDescription;
  /** `cache` when the record was served from the cache, `network` when fetched for this check. */
  readonly source: 'cache' | 'network';
}

/** One URL's verdict for the crawler asked about. */
export type UrlVerdict =
  | {
      readonly kind: 'judged';
      readonly url: string;
      readonly origin: string;
      readonly allowed: boolean;
      /** The deciding line's number, 0 when no line decided. */
      readonly line: number;
      /** The deciding line as written, or the outcome in words ("robots.txt answered 503: everything disallowed"). */
      readonly text: string;
      /** The group that applied ("User-agent: Googlebot, lines 4–5"), or null when no group applied. */
      readonly group: string | null;
    }
  /** Not an http(s) URL: no robots.txt governs it. */
  | { readonly kind: 'not-applicable'; readonly url: string };

export interface UrlVerdicts {
  readonly origins: readonly OriginOutcome[];
  readonly verdicts: readonly UrlVerdict[];
}

/** Returns the origins of `urls` (as robots.txt scopes them), in first-seen order. */
export function originsOf(urls: readonly string[]): string[] {
  return [...groupByOrigin(urls.map((url) => ({ url }))).keys()];
}

function describeGroup(verdict: Extract<ResourceVerdict, { kind: 'judged' }>): string | null {
  const v = verdict.verdict;
  if (v.kind !== 'ok' || v.verdict.selection.kind === 'none') return null;
  const { groups } = v.verdict.selection;
  const agents = groups.flatMap((g) => g.agents.map((a) => a.value));
  const lines = groups.map((g) => (g.firstLine === g.lastLine ? `${g.firstLine}` : `${g.firstLine}–${g.lastLine}`));
  return `User-agent: ${agents.join(', ')} (line${lines.length === 1 && !lines[0]?.includes('–') ? '' : 's'} ${lines.join(', ')})`;
}

/**
 * Returns the answer for `urls` and `crawler` from the records fetched for their origins
 * (`lookups`, by origin; an origin missing there leaves its URLs out). Each file is parsed once.
 */
export function judgeUrlsWithRecords(
  urls: readonly string[],
  lookups: ReadonlyMap<string, { readonly record: FetchRecord; readonly source: 'cache' | 'network' }>,
  crawler: string,
): UrlVerdicts {
  const robots = new Map<string, PageRobots>();
  const origins: OriginOutcome[] = [];
  for (const [origin, { record, source }] of lookups) {
    const description = describeRecord(record);
    robots.set(origin, readOriginRobots(record, description));
    origins.push({ origin, record, description, source });
  }
  const judged = new Map<string, UrlVerdict>();
  for (const v of judgeResources(
    urls.map((url) => ({ url, type: 'other' as const })),
    robots,
    crawler,
  )) {
    if (v.kind !== 'judged') continue;
    const { line, text } = explainResourceVerdict(v);
    judged.set(v.url, {
      kind: 'judged',
      url: v.url,
      origin: v.origin,
      allowed: v.allowed,
      line,
      text,
      group: describeGroup(v),
    });
  }
  const verdicts = urls.flatMap((url): UrlVerdict[] => {
    const found = judged.get(url);
    if (found) return [found];
    return groupByOrigin([{ url }]).size === 0 ? [{ kind: 'not-applicable', url }] : [];
  });
  return { origins, verdicts };
}
