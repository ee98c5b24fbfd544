/**
 * The one wrapper over the `diff` package's Myers line diff: runs of same, added and removed lines,
 * bounded in time (and in edit length) because two hostile 500 KiB files that share nothing would
 * take long to diff. The history's version diff and the workbench's draft diff number these runs.
 */
import { diffLines } from 'diff';
import { splitTextLines } from './lines';

/** One run of the diff, its lines without terminators. */
export interface LineRun {
  readonly kind: 'same' | 'added' | 'removed';
  readonly lines: readonly string[];
}

export interface LineDiffLimits {
  /** Longest the diff may run, in ms. */
  readonly timeoutMs: number;
  /** Most changed lines it looks for (default: no limit but the time). */
  readonly maxEditLength?: number;
}

/** Returns the runs from `older` to `newer`, or null when the limits were reached first. */
export function diffLineRuns(older: string, newer: string, limits: LineDiffLimits): LineRun[] | null {
  const changes = diffLines(older, newer, {
    timeout: limits.timeoutMs,
    ...(limits.maxEditLength === undefined ? {} : { maxEditLength: limits.maxEditLength }),
  });
  if (changes === undefined) return null;
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    lines: splitTextLines(change.value),
  }));
}
