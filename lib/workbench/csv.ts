/**
 * CSV export of the verdict table as filtered (RFC 4180: CRLF line ends, a header row, fields with
 * a comma, quote or line break quoted and their quotes doubled; UTF-8).
 */

import type { SideColumns } from './results';

/** The CSV header row's fields. */
export const CSV_HEADER = ['url', 'crawler', 'live', 'live_line', 'draft', 'draft_line', 'change'] as const;

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
): string {
  const lines: string[] = [CSV_HEADER.join(',')];
  for (let r = 0; r < rows.length; r++) {
    lines.push(
      describeRow(rows[r] as number, urls, tokens, live, draft)
        .map(quoteCsvField)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
