/**
 * Flattens a robots.txt into the fixed-height rows the virtualised file view draws: one row per
 * line, one per lint diagnostic under its line (a long note takes as many rows as it wraps to, so
 * it is read whole, never cut at the edge), and a last row marking the 500 KiB cut.
 */
import type { Diagnostic } from '../../lib/robots/types';
import { withoutQuotes } from '../code-text';
import type { FileLine, FileMarks, FileText } from './model';

export type FileRow =
  | { readonly kind: 'line'; readonly line: FileLine }
  /** A note, drawn `span` rows tall; the `span - 1` rows after it are its 'continued' rows. */
  | { readonly kind: 'diagnostic'; readonly line: number; readonly diagnostic: Diagnostic; readonly span: number }
  | { readonly kind: 'continued'; readonly head: number }
  | { readonly kind: 'cut'; readonly size: string };

/** Columns a note wraps to when the view's width is not known (no layout, as in tests). */
export const DEFAULT_NOTE_COLUMNS = 56;

/**
 * Returns how many lines `text` takes when wrapped greedily at spaces to `columns` characters (a
 * word longer than a line is broken, as `overflow-wrap: anywhere` does): at least 1.
 */
export function wrappedLineCount(text: string, columns: number): number {
  const width = Math.max(1, Math.floor(columns));
  let lines = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    if (word.length === 0) continue;
    const needed = used === 0 ? word.length : used + 1 + word.length;
    if (needed <= width) {
      used = needed;
      continue;
    }
    if (used > 0) lines += 1;
    lines += Math.ceil(word.length / width) - 1;
    used = word.length % width || width;
  }
  return lines;
}

/** Returns the words a note row shows: its severity, then its message. */
export function noteWords(diagnostic: Diagnostic): string {
  return `${diagnostic.severity}: ${diagnostic.message}`;
}

export interface FileRows {
  readonly rows: readonly FileRow[];
  /** Row index of each line number (index 0 unused). */
  readonly rowOfLine: Int32Array;
  /** Length of the longest line, in characters, to size the horizontal scroll. */
  readonly widestLine: number;
}

/**
 * Returns the rows to draw for a file, with an index from line number to row; each note takes the
 * rows it wraps to at `noteColumns` characters (default DEFAULT_NOTE_COLUMNS).
 */
export function buildFileRows(file: FileText, noteColumns = DEFAULT_NOTE_COLUMNS): FileRows {
  const rows: FileRow[] = [];
  const rowOfLine = new Int32Array(file.lines.length + 1);
  let widestLine = 0;
  for (const line of file.lines) {
    rowOfLine[line.n] = rows.length;
    rows.push({ kind: 'line', line });
    if (line.text.length > widestLine) widestLine = line.text.length;
    for (const diagnostic of line.diagnostics) {
      const head = rows.length;
      const span = wrappedLineCount(withoutQuotes(noteWords(diagnostic)), noteColumns);
      rows.push({ kind: 'diagnostic', line: line.n, diagnostic, span });
      for (let i = 1; i < span; i++) rows.push({ kind: 'continued', head });
    }
  }
  if (file.truncated) rows.push({ kind: 'cut', size: file.size });
  return { rows, rowOfLine, widestLine };
}

/** Returns true when line `n` lies in one of the applying groups' line ranges. */
export function isInGroup(marks: FileMarks, n: number): boolean {
  return marks.groupRanges.some(([first, last]) => n >= first && n <= last);
}
