/**
 * Flattens a robots.txt into the fixed-height rows the virtualised file view draws: one row per
 * line, then under it what a usage line means, one row per lint diagnostic, one per line another
 * parser stack reads differently (once the lenses were read), and a last row marking the 500 KiB cut.
 */
import type { Diagnostic } from '../../lib/robots/types';
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
  | { readonly kind: 'meaning'; readonly line: number; readonly text: string }
  | { readonly kind: 'diagnostic'; readonly line: number; readonly diagnostic: Diagnostic }
  | { readonly kind: 'divergence'; readonly line: number; readonly divergence: InlineDivergence }
  | { readonly kind: 'cut'; readonly size: string };

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

/** Returns the rows to draw for a file, with an index from line number to row. */
export function buildFileRows(
  file: FileText,
  divergences: ReadonlyMap<number, InlineDivergence> = NO_DIVERGENCES,
): FileRows {
  const rows: FileRow[] = [];
  const rowOfLine = new Int32Array(file.lines.length + 1);
  let widestLine = 0;
  let diagnosticCount = 0;
  for (const line of file.lines) {
    rowOfLine[line.n] = rows.length;
    const divergence = divergences.get(line.n);
    rows.push({ kind: 'line', line, divergent: divergence !== undefined });
    if (line.text.length > widestLine) widestLine = line.text.length;
    if (line.meaning) rows.push({ kind: 'meaning', line: line.n, text: line.meaning });
    for (const diagnostic of line.diagnostics) rows.push({ kind: 'diagnostic', line: line.n, diagnostic });
    diagnosticCount += line.diagnostics.length;
    if (divergence !== undefined) rows.push({ kind: 'divergence', line: line.n, divergence });
  }
  if (file.truncated) rows.push({ kind: 'cut', size: file.size });
  return { rows, rowOfLine, widestLine, diagnosticCount };
}

/** Returns true when line `n` lies in one of the applying groups' line ranges. */
export function isInGroup(marks: FileMarks, n: number): boolean {
  return marks.groupRanges.some(([first, last]) => n >= first && n <= last);
}
