/**
 * Flattens a robots.txt into the fixed-height rows the virtualised file view draws: one row per
 * line, one per lint diagnostic under its line, and a last row marking the 500 KiB cut.
 */
import type { Diagnostic } from '../../lib/robots/types';
import type { FileLine, FileMarks, FileText } from './model';

export type FileRow =
  | { readonly kind: 'line'; readonly line: FileLine }
  | { readonly kind: 'diagnostic'; readonly line: number; readonly diagnostic: Diagnostic }
  | { readonly kind: 'cut'; readonly size: string };

export interface FileRows {
  readonly rows: readonly FileRow[];
  /** Row index of each line number (index 0 unused). */
  readonly rowOfLine: Int32Array;
  /** Length of the longest line, in characters, to size the horizontal scroll. */
  readonly widestLine: number;
}

/** Returns the rows to draw for a file, with an index from line number to row. */
export function buildFileRows(file: FileText): FileRows {
  const rows: FileRow[] = [];
  const rowOfLine = new Int32Array(file.lines.length + 1);
  let widestLine = 0;
  for (const line of file.lines) {
    rowOfLine[line.n] = rows.length;
    rows.push({ kind: 'line', line });
    if (line.text.length > widestLine) widestLine = line.text.length;
    for (const diagnostic of line.diagnostics) rows.push({ kind: 'diagnostic', line: line.n, diagnostic });
  }
  if (file.truncated) rows.push({ kind: 'cut', size: file.size });
  return { rows, rowOfLine, widestLine };
}

/** Returns true when line `n` lies in one of the applying groups' line ranges. */
export function isInGroup(marks: FileMarks, n: number): boolean {
  return marks.groupRanges.some(([first, last]) => n >= first && n <= last);
}
