/**
 * Building a lens's answer (docs/semantics/lens.md §1.1, §1.4): the verdict, the deciding line and a
 * reason in words, shared by every lens so that the UI reads them alike.
 */

import type { LensOutcome, LensProfileId, LensRule, LensVerdict } from './types';

/** Returns true when `status` is an HTTP status (100–599); anything else means no response. */
export function isHttpStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status <= 599;
}

/** Returns the verdict a fetch outcome gives before any parsing. */
export function statusVerdict(profile: LensProfileId, status: number, allowed: boolean, why: string): LensVerdict {
  const outcome: LensOutcome = { kind: 'status', status };
  const what = isHttpStatus(status) ? `HTTP ${status}` : 'No response (network error)';
  return {
    profile,
    allowed,
    line: null,
    outcome,
    matchedText: null,
    reason: `${what}: ${why}, so everything is ${allowed ? 'allowed' : 'disallowed'}.`,
  };
}

/** Returns a verdict decided by something other than a rule (no group, no match, an empty body …). */
export function plainVerdict(
  profile: LensProfileId,
  outcome: Exclude<LensOutcome, { kind: 'rule' } | { kind: 'status' }>,
  allowed: boolean,
  matchedText: string | null,
  reason: string,
): LensVerdict {
  return { profile, allowed, line: null, outcome, matchedText, reason };
}

/** Returns the verdict of a deciding rule; `written` is how the reason quotes it (default `Kind: value`). */
export function ruleVerdict(
  profile: LensProfileId,
  rule: LensRule,
  matchedText: string,
  how: string,
  allowed = rule.kind === 'allow',
  written = `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.value}`,
): LensVerdict {
  return {
    profile,
    allowed,
    line: rule.line,
    outcome: { kind: 'rule', rule },
    matchedText,
    reason: `\`${written}\` on line ${rule.line} ${how}: ${allowed ? 'allowed' : 'disallowed'}.`,
  };
}

/** The reason for a group whose rules do not match. */
export function noMatchVerdict(profile: LensProfileId, matchedText: string): LensVerdict {
  return plainVerdict(profile, { kind: 'no-match' }, true, matchedText, 'No rule of the group matches: allowed.');
}

/** The reason for a name no group applies to. */
export function noGroupVerdict(profile: LensProfileId, matchedText: string | null): LensVerdict {
  return plainVerdict(profile, { kind: 'no-group' }, true, matchedText, 'No group applies to this name: allowed.');
}
