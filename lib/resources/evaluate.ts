/**
 * Each subresource's verdict under its own origin's robots.txt, for one crawler. Each origin's file
 * is read once (readOriginRobots) and evaluated per URL through lib/verdict/page-verdict, the one place a
 * fetch outcome becomes a verdict, so a resource and a page are judged alike. The part of
 * lib/resources that needs the engine (the popup loads it after the first verdict).
 */
import type { OutcomeDescription } from '../fetch/describe';
import type { FetchedBody, FetchRecord } from '../fetch/types';
import { judgePage, readRecordRobots } from '../verdict/page-verdict';
import { type PageRobots } from '../verdict/types';
import type { CompiledRobots } from '../robots';
import { groupByOrigin, type ResourceVerdict } from './judge';
import type { ResourceEntry } from './ledger';

/**
 * Returns an origin's fetch record read as rules or an outcome (parsing a 2xx body once), with the
 * worker's words for it (`description`: describeRecord's). `parse` is readRecordRobots's (default
 * compileBody).
 */
export function readOriginRobots(
  record: FetchRecord,
  description: OutcomeDescription,
  parse?: (body: FetchedBody, origin: string) => CompiledRobots,
): Exclude<PageRobots, { kind: 'not-applicable' }> {
  return readRecordRobots({ record, description, source: 'cache', ageMs: 0 }, parse);
}

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
