/**
 * Flattens a robots.txt into the fixed-height rows the virtualised file view draws: one row per
 * line, then under it what a usage line means, its lint diagnostics, and the line another parser
 * stack reads differently (once the lenses were read) — a long note takes as many rows as it wraps
 * to, so it is read whole, never cut at the edge — and a last row marking the 500 KiB cut.
 */
import type { Diagnostic } from '../../lib/robots/types';
import { withoutQuotes } from '../code-text';
import type { FileLine, FileMarks, FileText } from './model';

/** A line some other parser stack reads differently from Google, as its row in the file says it. */
export interface InlineDivergence {
  readonly line: number;
  /** The lens ids, comma-joined in the hook. */
  readonly profiles: readonly string[];
  /** The stacks in words: "Python ≤ 3.12 (Crawl4AI, scripts), Scrapy (Protego)". */
  readonly stacks: string;
  /** Why, in words. */
  readonly message: string;
  /** The suggested fix in words, or null. */
  readonly fix: string | null;
  /** True when this page is among the URLs it affects. */
  readonly affectsPage: boolean;
}

export type FileRow =
  | { readonly kind: 'line'; readonly line: FileLine; readonly divergent: boolean }
  /** Notes under a line, each drawn `span` rows tall; the `span - 1` rows after it are its 'continued' rows. */
  | { readonly kind: 'meaning'; readonly line: number; readonly text: string; readonly span: number }
  | { readonly kind: 'diagnostic'; readonly line: number; readonly diagnostic: Diagnostic; readonly span: number }
  | { readonly kind: 'divergence'; readonly line: number; readonly divergence: InlineDivergence; readonly span: number }
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
  /** Lint findings drawn (meanings and divergences are not findings). */
  readonly diagnosticCount: number;
}

const NO_DIVERGENCES: ReadonlyMap<number, InlineDivergence> = new Map();

/** Returns the words a divergence row shows: the stacks, why, and the fix. */
export function divergenceWords(d: InlineDivergence): string {
  return `Read differently by ${d.stacks}${d.affectsPage ? ' (this page too)' : ''}: ${d.message}${d.fix === null ? '' : ` Suggested fix: ${d.fix}`}`;
}

/**
 * Returns the rows to draw for a file, with an index from line number to row; each note takes the
 * rows it wraps to at `noteColumns` characters (default DEFAULT_NOTE_COLUMNS).
 */
export function buildFileRows(
  file: FileText,
  noteColumns = DEFAULT_NOTE_COLUMNS,
  divergences: ReadonlyMap<number, InlineDivergence> = NO_DIVERGENCES,
): FileRows {
  const rows: FileRow[] = [];
  const rowOfLine = new Int32Array(file.lines.length + 1);
  let widestLine = 0;
  let diagnosticCount = 0;
  const note = (text: string): number => wrappedLineCount(withoutQuotes(text), noteColumns);
  const follow = (head: number, span: number) => {
    for (let k = 1; k < span; k++) rows.push({ kind: 'continued', head });
  };
  for (const line of file.lines) {
    rowOfLine[line.n] = rows.length;
    const divergence = divergences.get(line.n);
    rows.push({ kind: 'line', line, divergent: divergence !== undefined });
    if (line.text.length > widestLine) widestLine = line.text.length;
    if (line.meaning) {
      const head = rows.length;
      const span = note(line.meaning);
      rows.push({ kind: 'meaning', line: line.n, text: line.meaning, span });
      follow(head, span);
    }
    for (const diagnostic of line.diagnostics) {
      const head = rows.length;
      const span = note(noteWords(diagnostic));
      rows.push({ kind: 'diagnostic', line: line.n, diagnostic, span });
      follow(head, span);
    }
    diagnosticCount += line.diagnostics.length;
    if (divergence !== undefined) {
      const head = rows.length;
      const span = note(divergenceWords(divergence));
      rows.push({ kind: 'divergence', line: line.n, divergence, span });
      follow(head, span);
    }
  }
  if (file.truncated) rows.push({ kind: 'cut', size: file.size });
  return { rows, rowOfLine, widestLine, diagnosticCount };
}

/** Returns true when line `n` lies in one of the applying groups' line ranges. */
export function isInGroup(marks: FileMarks, n: number): boolean {
  return marks.groupRanges.some(([first, last]) => n >= first && n <= last);
}
