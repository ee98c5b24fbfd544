/**
 * A line diff of two robots.txt versions (the `diff` package's Myers diff), with line numbers on
 * both sides. Bounded: two hostile 500 KiB files that share nothing would take long to diff, so past
 * MAX_EDIT_LENGTH changed lines or DIFF_TIMEOUT_MS the diff gives up and says so. The history diffs
 * kept versions with it, and the probe the files different agents were served (line-counts.ts words
 * its counts without loading the diff).
 */
import { diffLineRuns } from './line-diff';
import { splitTextLines } from './lines';

/** Most changed lines a diff looks for before giving up. */
const MAX_EDIT_LENGTH = 20_000;
/** Longest a diff may run, in ms. */
const DIFF_TIMEOUT_MS = 2_000;

export interface DiffLine {
  readonly kind: 'added' | 'removed' | 'same';
  readonly text: string;
  /** Line number in the older version (removed and same lines), else null. */
  readonly oldLine: number | null;
  /** Line number in the newer version (added and same lines), else null. */
  readonly newLine: number | null;
}

export type LineDiff =
  | {
      readonly kind: 'lines';
      readonly lines: readonly DiffLine[];
      readonly added: number;
      readonly removed: number;
    }
  /** The versions differ in too many lines to diff in time. */
  | { readonly kind: 'too-different'; readonly oldLines: number; readonly newLines: number };

/** Returns the line diff from `older` to `newer`. Line endings (CRLF, LF, CR) do not count as changes. */
export function diffVersions(older: string, newer: string): LineDiff {
  const a = splitTextLines(older);
  const b = splitTextLines(newer);
  const runs = diffLineRuns(a.length === 0 ? '' : `${a.join('\n')}\n`, b.length === 0 ? '' : `${b.join('\n')}\n`, {
    maxEditLength: MAX_EDIT_LENGTH,
    timeoutMs: DIFF_TIMEOUT_MS,
  });
  if (runs === null) return { kind: 'too-different', oldLines: a.length, newLines: b.length };
  const lines: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  let added = 0;
  let removed = 0;
  for (const run of runs) {
    for (const text of run.lines) {
      if (run.kind === 'added') {
        lines.push({ kind: 'added', text, oldLine: null, newLine: newLine++ });
        added++;
      } else if (run.kind === 'removed') {
        lines.push({ kind: 'removed', text, oldLine: oldLine++, newLine: null });
        removed++;
      } else {
        lines.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
      }
    }
  }
  return { kind: 'lines', lines, added, removed };
}
