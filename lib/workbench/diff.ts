/**
 * A line diff of a draft against the live file (the `diff` package's Myers line diff), with the
 * changed line numbers of each side for the editors' marks.
 */

import { diffLineRuns } from '../shared/line-diff';

/** One run of the diff. */
export interface DiffPart {
  readonly kind: 'same' | 'added' | 'removed';
  readonly lines: readonly string[];
  /** First line number of the run on its side (draft for added/same, live for removed). */
  readonly firstLine: number;
}

/** The diff, or why there is none. */
export type DraftDiff =
  | {
      readonly kind: 'diff';
      readonly parts: readonly DiffPart[];
      /** Draft lines that are new or changed. */
      readonly draftChanged: readonly number[];
      /** Live lines the draft removes or changes. */
      readonly liveChanged: readonly number[];
      readonly added: number;
      readonly removed: number;
    }
  /** The diff took longer than the time allowed (files that differ almost everywhere). */
  | { readonly kind: 'too-different' };

/** Time allowed for one diff, in ms: under the 100 ms a page may block. */
export const DIFF_TIMEOUT_MS = 80;

/** Returns the line diff of `draft` against `live`. */
export function diffDraft(live: string, draft: string): DraftDiff {
  const runs = diffLineRuns(live, draft, { timeoutMs: DIFF_TIMEOUT_MS });
  if (runs === null) return { kind: 'too-different' };
  const parts: DiffPart[] = [];
  const draftChanged: number[] = [];
  const liveChanged: number[] = [];
  let draftLine = 1;
  let liveLine = 1;
  let added = 0;
  let removed = 0;
  for (const run of runs) {
    const { lines } = run;
    if (run.kind === 'added') {
      parts.push({ kind: 'added', lines, firstLine: draftLine });
      for (let i = 0; i < lines.length; i++) draftChanged.push(draftLine + i);
      draftLine += lines.length;
      added += lines.length;
    } else if (run.kind === 'removed') {
      parts.push({ kind: 'removed', lines, firstLine: liveLine });
      for (let i = 0; i < lines.length; i++) liveChanged.push(liveLine + i);
      liveLine += lines.length;
      removed += lines.length;
    } else {
      parts.push({ kind: 'same', lines, firstLine: draftLine });
      draftLine += lines.length;
      liveLine += lines.length;
    }
  }
  return { kind: 'diff', parts, draftChanged, liveChanged, added, removed };
}
