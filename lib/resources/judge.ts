/**
 * Subresources under their own origin's robots.txt (SEMANTICS.md §7: one file per scheme + host +
 * port governs only that origin): which origin governs a URL, grouping by origin, a verdict's
 * reason and an outcome in words. Computing the verdicts needs the engine: ./evaluate.ts.
 */
import type { FetchOutcome } from '../fetch/types';
import type { PageVerdict } from '../verdict/types';
import type { ResourceType } from './classify';
import { ruleText } from '../robots/rule-text';
import { httpOriginOf } from '../shared/url';

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
      if (rule) return { line: rule.line, text: ruleText(rule) };
      if (v.verdict.selection.kind === 'none') return { line: 0, text: 'no group applies to this crawler: allowed' };
      return { line: 0, text: 'no rule matches: allowed' };
    }
  }
}
