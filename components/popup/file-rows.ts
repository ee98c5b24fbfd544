/**
 * Flattens a robots.txt into the fixed-height rows the virtualised file view draws: one row per
 * line, one per lint diagnostic under its line, and a last row marking the 500 KiB cut.
 */
import type { Diagnostic } from '../../lib/robots/types';
import type { FileLine, FileMarks, FileText } from './model';

export type FileRow =
  | { readonly kind: 'line'; readonly line: FileLine }
  | { readonly kind: 'diagnostic'; readonly line: number; readonly diagnostic: Diagnostic }
  | { readonly kind: 'cut'; readonly receivedBytes: number };

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
  if (file.truncated) rows.push({ kind: 'cut', receivedBytes: file.receivedBytes });
  return { rows, rowOfLine, widestLine };
}

/** Returns true when line `n` lies in one of the applying groups' line ranges. */
export function isInGroup(marks: FileMarks, n: number): boolean {
  return marks.groupRanges.some(([first, last]) => n >= first && n <= last);
}

/**
 * Returns the physical lines of a robots.txt body, numbered as the parser numbers them
 * (SEMANTICS.md §1): LF, CR or CRLF end a line, a leading BOM is skipped.
 */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r\n|\r|\n/);
}
