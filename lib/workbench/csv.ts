/**
 * CSV export of the verdict table as filtered (RFC 4180: CRLF line ends, a header row, fields with
 * a comma, quote or line break quoted and their quotes doubled; UTF-8), whole or in parts: 200,000
 * URLs × 27 crawlers is 5.4 M rows, far past the longest string a JavaScript engine makes.
 */

import type { SideColumns } from './results';

/** The CSV header row's fields. */
export const CSV_HEADER = ['url', 'crawler', 'live', 'live_line', 'draft', 'draft_line', 'change'] as const;

/** Columns added after the verdict columns (the Use answers and parser lenses, when computed). */
export interface CsvExtra {
  readonly header: readonly string[];
  /** Returns one row's added fields, as many as `header`. */
  fields(cell: number): string[];
}

/** Returns the header line's fields with `extra`'s after them. */
function headerOf(extra: CsvExtra | null | undefined): string {
  return (extra ? [...CSV_HEADER, ...extra.header] : CSV_HEADER).join(',');
}

/** Returns `field` quoted as RFC 4180 §2 requires (only when it needs it). */
export function quoteCsvField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** Returns one row's fields: URL, crawler token, both verdicts and deciding lines, and the change. */
export function describeRow(
  cell: number,
  urls: readonly string[],
  tokens: readonly string[],
  live: SideColumns,
  draft: SideColumns,
): string[] {
  const u = Math.floor(cell / tokens.length);
  const c = cell % tokens.length;
  const before = live.allowed[cell] === 1;
  const after = draft.allowed[cell] === 1;
  const change = before === after ? 'same' : after ? 'unblocked' : 'blocked';
  return [
    urls[u] ?? '',
    tokens[c] ?? '',
    before ? 'allowed' : 'blocked',
    String(live.line[cell] ?? 0),
    after ? 'allowed' : 'blocked',
    String(draft.line[cell] ?? 0),
    change,
  ];
}

/** Returns the CSV text of `rows` (cell indices), header first, each line ended by CRLF. */
export function buildCsv(
  rows: ArrayLike<number>,
  urls: readonly string[],
  tokens: readonly string[],
  live: SideColumns,
  draft: SideColumns,
  extra?: CsvExtra | null,
): string {
  const lines: string[] = [headerOf(extra)];
  for (let r = 0; r < rows.length; r++) lines.push(csvLine(rows[r] as number, urls, tokens, live, draft, extra));
  return lines.join('\r\n') + '\r\n';
}

/** Rows per part of a CSV written in parts (about 1–2 MB of text each). */
export const CSV_PART_ROWS = 20_000;

/** Options of writeCsvParts. */
export interface CsvPartsOptions {
  /** Rows per part (default CSV_PART_ROWS). */
  readonly partRows?: number;
  /** Called between parts: gives the page a turn, so the export never blocks it. */
  readonly pause?: () => Promise<void>;
  /** Called after each part with the rows written so far and in all. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Checked between parts; an aborted signal stops the export (the result says how far it got). */
  readonly signal?: AbortSignal;
  /** Columns added after the verdict columns. */
  readonly extra?: CsvExtra | null;
}

/** Returns one row's CSV line (no line end): the verdict fields, then `extra`'s. */
export function csvLine(
  cell: number,
  urls: readonly string[],
  tokens: readonly string[],
  live: SideColumns,
  draft: SideColumns,
  extra?: CsvExtra | null,
): string {
  const fields = describeRow(cell, urls, tokens, live, draft);
  if (extra) fields.push(...extra.fields(cell));
  return fields.map(quoteCsvField).join(',');
}

/**
 * Returns the number of rows written after handing the CSV of `rows` (cell indices) to `onPart`
 * in parts, header first, each line ended by CRLF: no part holds more than `partRows` rows, and
 * nothing holds the whole text. Concatenated, the parts are exactly buildCsv's text.
 */
export async function writeCsvParts(
  rows: ArrayLike<number>,
  urls: readonly string[],
  tokens: readonly string[],
  live: SideColumns,
  draft: SideColumns,
  onPart: (part: string) => void,
  options: CsvPartsOptions = {},
): Promise<number> {
  const partRows = Math.max(1, options.partRows ?? CSV_PART_ROWS);
  onPart(headerOf(options.extra) + '\r\n');
  let done = 0;
  while (done < rows.length) {
    if (options.signal?.aborted === true) break;
    const end = Math.min(rows.length, done + partRows);
    const lines: string[] = [];
    for (let r = done; r < end; r++) lines.push(csvLine(rows[r] as number, urls, tokens, live, draft, options.extra));
    onPart(lines.join('\r\n') + '\r\n');
    done = end;
    options.onProgress?.(done, rows.length);
    if (done < rows.length) await options.pause?.();
  }
  return done;
}
