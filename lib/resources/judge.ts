/**
 * Subresources under their own origin's robots.txt (docs/semantics/robots.md §7: one file per scheme + host +
 * port governs only that origin): which origin governs a URL, grouping by origin, a verdict's
 * reason and an outcome in words. Computing the verdicts needs the engine: ./evaluate.ts.
 */
import type { PageVerdict } from '../verdict/types';
import type { ResourceType } from './classify';
import { httpOriginOf } from '../shared/url';
import { explainVerdict, type VerdictReason } from '../verdict/url-judge';

/** Returns the resources grouped by origin, origins and resources in first-seen order; URLs without one are left out. */
export function groupByOrigin<T extends { readonly url: string }>(entries: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const origin = httpOriginOf(entry.url);
    if (origin === null) continue;
    const list = groups.get(origin);
    if (list) list.push(entry);
    else groups.set(origin, [entry]);
  }
  return groups;
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

/** What decided one resource's verdict, for the popup and the report. */
export type ResourceReason = VerdictReason;

/** Returns what decided a judged resource: its deciding line, or the outcome or group choice in words. */
export function explainResourceVerdict(verdict: Extract<ResourceVerdict, { kind: 'judged' }>): ResourceReason {
  return explainVerdict(verdict.verdict);
}
