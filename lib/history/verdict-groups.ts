/**
 * Verdict changes grouped by crawler set, as the workbench's verdict summary groups its crawlers
 * (lib/shared/crawler-grouping): history's "Verdicts that changed", the popup's notice and a watched
 * site's notification. Imports types only from verdicts.ts, so the popup carries no engine for it.
 */
import { groupCrawlersByOutcome } from '../shared/crawler-grouping';
import type { VerdictChange, VersionVerdict } from './verdicts';

/** Crawlers whose verdict changed alike: from the same verdict to the same verdict, by the same line. */
export interface VerdictChangeGroup {
  /** The members' tokens, in the order of the changes. */
  readonly tokens: readonly string[];
  readonly before: VersionVerdict;
  readonly after: VersionVerdict;
}

/** Returns what makes two changes alike: both verdicts, their bases and deciding lines. */
const changeKey = (c: VerdictChange) =>
  [c.before.allowed, c.before.basis, c.before.line, c.after.allowed, c.after.basis, c.after.line].join('|');

/**
 * Returns `changes` grouped as the workbench's verdict summary groups its crawlers
 * (groupCrawlersByOutcome over one URL): crawlers whose verdict went from the same answer to the
 * same answer by the same lines share a group; groups in the order of their first member.
 */
export function groupVerdictChanges(changes: readonly VerdictChange[]): VerdictChangeGroup[] {
  const keys = new Map<string, number>();
  const codes = changes.map((c) => {
    const key = changeKey(c);
    const code = keys.get(key) ?? keys.size + 1;
    keys.set(key, code);
    return code;
  });
  const indices = changes.map((_, i) => i);
  return groupCrawlersByOutcome(indices, 1, (c) => codes[c] as number).map((members) => {
    const first = changes[members[0] as number] as VerdictChange;
    return {
      tokens: members.map((m) => (changes[m] as VerdictChange).token),
      before: first.before,
      after: first.after,
    };
  });
}
