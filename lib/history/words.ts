/**
 * History's sentences: line counts, what changed in a file, verdict changes. Imports types only,
 * so the popup can word a notice without carrying the diff or the engine.
 */
import type { ChangeSummary } from './notice';
import type { VersionVerdict } from './verdicts';
import { countOf } from '../shared/plural';

/** Returns "2 lines added, 1 removed", "1 line removed", "no line changed". */
export function describeLineCounts(added: number, removed: number): string {
  if (added === 0 && removed === 0) return 'no line changed';
  if (removed === 0) return `${countOf(added, 'line')} added`;
  if (added === 0) return `${countOf(removed, 'line')} removed`;
  return `${countOf(added, 'line')} added, ${removed} removed`;
}

/** Returns "Allowed" or "Blocked". */
export function verdictWord(verdict: Pick<VersionVerdict, 'allowed'>): 'Allowed' | 'Blocked' {
  return verdict.allowed ? 'Allowed' : 'Blocked';
}

/** Returns what changed in the file itself: "2 lines added, 1 removed" or "it answered 503 (was 200)". */
export function describeFileChange(summary: ChangeSummary): string {
  if (summary.from.status !== summary.to.status) {
    return `it answered ${summary.to.status} (was ${summary.from.status})`;
  }
  if (summary.lines !== null) return describeLineCounts(summary.lines.added, summary.lines.removed);
  return 'its content changed';
}

/** Returns "Googlebot's verdict for this page went from Allowed to Blocked", one per change. */
export function describeVerdictChanges(summary: ChangeSummary, what = 'this page'): string[] {
  return summary.verdicts.map(
    (c) => `${c.name}'s verdict for ${what} went from ${verdictWord(c.before)} to ${verdictWord(c.after)}`,
  );
}
