/**
 * CSV export of the verdict table as filtered (RFC 4180: CRLF line ends, a header row, fields with
 * a comma, quote or line break quoted and their quotes doubled; UTF-8), whole or in parts: 200,000
 * URLs × 27 crawlers is 5.4 M rows, far past the longest string a JavaScript engine makes. The
 * columns are one table (CSV_COLUMNS): a column is a header and a function of one row.
 */

import type { SideColumns } from './results';

/** The evaluated table a CSV is written from. */
export interface CsvTable {
  readonly urls: readonly string[];
  /** Crawler names as the page writes them, in table order. */
  readonly names: readonly string[];
  readonly live: SideColumns;
  readonly draft: SideColumns;
  /** The lines of the file each side was evaluated with (empty for a side without a file). */
  readonly liveLines: readonly string[];
  readonly draftLines: readonly string[];
}

/** One row of the CSV: a cell of the table (URL × crawler). */
export interface CsvRow {
  readonly table: CsvTable;
  /** The cell index: `url * crawlers + crawler`. */
  readonly cell: number;
  readonly url: number;
  readonly crawler: number;
}

/** One CSV column: its header and its field in a row. */
export interface CsvColumn {
  readonly header: string;
  readonly field: (row: CsvRow) => string;
}

/** A rule's text is cut at this many characters in a CSV cell (a hostile file may hold a huge line). */
export const MAX_RULE_TEXT = 1_000;

/** Returns line `line` (1-based) of `lines`, trimmed and cut at MAX_RULE_TEXT; '' for 0 ("no rule"). */
export function ruleTextAt(lines: readonly string[], line: number): string {
  if (line < 1) return '';
  const text = (lines[line - 1] ?? '').trim();
  return text.length > MAX_RULE_TEXT ? `${text.slice(0, MAX_RULE_TEXT)}…` : text;
}

/** Returns `text` split into lines as robots.txt ends them (LF, CR or CRLF). */
export function splitLines(text: string): string[] {
  return text.length === 0 ? [] : text.split(/\r\n|\r|\n/);
}

const verdictOf = (side: SideColumns, cell: number) => (side.allowed[cell] === 1 ? 'allowed' : 'blocked');
/** The deciding line's number, or an empty field when no rule decided. */
const lineOf = (side: SideColumns, cell: number) => {
  const line = side.line[cell] ?? 0;
  return line > 0 ? String(line) : '';
};

/** The CSV's columns, in order. Add a column here and every export and copied row has it. */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: 'url', field: (r) => r.table.urls[r.url] ?? '' },
  { header: 'crawler', field: (r) => r.table.names[r.crawler] ?? '' },
  { header: 'live', field: (r) => verdictOf(r.table.live, r.cell) },
  { header: 'live_line', field: (r) => lineOf(r.table.live, r.cell) },
  { header: 'live_rule', field: (r) => ruleTextAt(r.table.liveLines, r.table.live.line[r.cell] ?? 0) },
  { header: 'draft', field: (r) => verdictOf(r.table.draft, r.cell) },
  { header: 'draft_line', field: (r) => lineOf(r.table.draft, r.cell) },
  { header: 'draft_rule', field: (r) => ruleTextAt(r.table.draftLines, r.table.draft.line[r.cell] ?? 0) },
  {
    header: 'change',
    field: (r) => {
      const before = r.table.live.allowed[r.cell] === 1;
      const after = r.table.draft.allowed[r.cell] === 1;
      return before === after ? 'same' : after ? 'unblocked' : 'blocked';
    },
  },
];

/**
 * The UTF-8 byte-order mark every CSV starts with: spreadsheets on Windows read a CSV without it
 * in the system's legacy code page, and a URL with non-ASCII characters comes out garbled.
 */
export const CSV_BOM = '\uFEFF';

/** Returns `field` quoted as RFC 4180 §2 requires (only when it needs it). */
export function quoteCsvField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** Returns the CSV header line (no line end). */
export function csvHeader(columns: readonly CsvColumn[] = CSV_COLUMNS): string {
  return columns.map((c) => quoteCsvField(c.header)).join(',');
}

/** Returns one row's fields, unquoted: one per column of `columns`. */
export function describeRow(cell: number, table: CsvTable, columns: readonly CsvColumn[] = CSV_COLUMNS): string[] {
  const count = Math.max(1, table.names.length);
  const row: CsvRow = { table, cell, url: Math.floor(cell / count), crawler: cell % count };
  return columns.map((c) => c.field(row));
}

/** Returns one row as a CSV line (quoted as needed, no line end). */
export function formatCsvRow(cell: number, table: CsvTable, columns: readonly CsvColumn[] = CSV_COLUMNS): string {
  return describeRow(cell, table, columns).map(quoteCsvField).join(',');
}

/** Returns the CSV text of `rows` (cell indices): the byte-order mark, the header, the rows, each line ended by CRLF. */
export function buildCsv(
  rows: ArrayLike<number>,
  table: CsvTable,
  columns: readonly CsvColumn[] = CSV_COLUMNS,
): string {
  const lines: string[] = [CSV_BOM + csvHeader(columns)];
  for (let r = 0; r < rows.length; r++) lines.push(formatCsvRow(rows[r] as number, table, columns));
  return lines.join('\r\n') + '\r\n';
}

/** Rows per part of a CSV written in parts (about 1–2 MB of text each). */
export const CSV_PART_ROWS = 20_000;

/** Options of writeCsvParts. */
export interface CsvPartsOptions {
  /** Rows per part (default CSV_PART_ROWS). */
  readonly partRows?: number;
  /** The columns (default CSV_COLUMNS). */
  readonly columns?: readonly CsvColumn[];
  /** Called between parts: gives the page a turn, so the export never blocks it. */
  readonly pause?: () => Promise<void>;
  /** Called after each part with the rows written so far and in all. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Checked between parts; an aborted signal stops the export (the result says how far it got). */
  readonly signal?: AbortSignal;
}

/**
 * Returns the number of rows written after handing the CSV of `rows` (cell indices) to `onPart`
 * in parts, the byte-order mark and the header first, each line ended by CRLF: no part holds more than `partRows` rows, and
 * nothing holds the whole text. Concatenated, the parts are exactly buildCsv's text.
 */
export async function writeCsvParts(
  rows: ArrayLike<number>,
  table: CsvTable,
  onPart: (part: string) => void,
  options: CsvPartsOptions = {},
): Promise<number> {
  const partRows = Math.max(1, options.partRows ?? CSV_PART_ROWS);
  const columns = options.columns ?? CSV_COLUMNS;
  onPart(CSV_BOM + csvHeader(columns) + '\r\n');
  let done = 0;
  while (done < rows.length) {
    if (options.signal?.aborted === true) break;
    const end = Math.min(rows.length, done + partRows);
    const lines: string[] = [];
    for (let r = done; r < end; r++) lines.push(formatCsvRow(rows[r] as number, table, columns));
    onPart(lines.join('\r\n') + '\r\n');
    done = end;
    options.onProgress?.(done, rows.length);
    if (done < rows.length) await options.pause?.();
  }
  return done;
}

/** Columns added after the verdict columns (the Use answers and parser lenses, when computed). */
export interface CsvExtra {
  readonly header: readonly string[];
  /** Returns one row's added fields, as many as `header`. */
  fields(cell: number): string[];
}

/**
 * Returns `base` followed by one column per header of `extra` (none when it is null). A row's
 * added fields are made once, by the first of them, and read by the others.
 */
export function withExtraColumns(
  extra: CsvExtra | null | undefined,
  base: readonly CsvColumn[] = CSV_COLUMNS,
): readonly CsvColumn[] {
  if (extra === null || extra === undefined || extra.header.length === 0) return base;
  let lastCell = -1;
  let lastFields: string[] = [];
  const fieldsOf = (cell: number): string[] => {
    if (cell !== lastCell) {
      lastFields = extra.fields(cell);
      lastCell = cell;
    }
    return lastFields;
  };
  return [...base, ...extra.header.map((header, i) => ({ header, field: (r: CsvRow) => fieldsOf(r.cell)[i] ?? '' }))];
}
