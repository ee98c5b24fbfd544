/**
 * TDMRep (docs/semantics/usage.md §3.10, [S26]): the `tdm-reservation` header (combined field lines), the
 * `tdm-reservation` meta, and `/.well-known/tdmrep.json` rules matched against the URL's path and
 * query. Priority meta > header > file; an unset source does not override a lower one. Never throws.
 */
import { toAsciiLower } from '../shared/ascii';
import { extractMatchPath, matchesPattern } from '../robots/match';
import { normalizePattern } from '../robots/parse';
import { type CombinedField, combineFieldLines } from './header-fields';
import type { HeaderPair, MetaTag } from './types';

/** The reservation a source states: 1 reserved, 0 not reserved, unset when invalid or absent. */
export type TdmReservation = 0 | 1 | 'unset';

/** The `tdm-reservation` header: combined, then exactly `0` or `1` (two lines make it unset, TDM-05). */
export interface TdmHeader {
  readonly field: CombinedField;
  readonly reservation: TdmReservation;
}

/** One `tdm-reservation` meta, in document order. */
export interface TdmMeta {
  /** Index of the meta among every meta of the page (document order). */
  readonly index: number;
  /** N among the metas named `tdm-reservation` (1-based). */
  readonly position: number;
  readonly name: string;
  readonly content: string;
  readonly reservation: TdmReservation;
}

/** One usable rule of tdmrep.json. */
export interface TdmFileRule {
  /** 1-based index in the array (skipped entries keep their numbers). */
  readonly rule: number;
  readonly location: string;
  /** The location prepared for matching (§3.10). */
  readonly pattern: string;
  readonly reservation: 0 | 1;
  readonly policy: string | null;
}

/** The tdmrep.json file as read: its usable rules, or why it is not implemented. */
export type TdmFile =
  | { readonly kind: 'rules'; readonly rules: readonly TdmFileRule[]; readonly skipped: readonly number[] }
  | { readonly kind: 'not-implemented'; readonly why: string };

/** Returns the reservation a header value or meta content states: exactly `0` or `1`, else unset (TDM-01). */
export function readReservation(value: string): TdmReservation {
  return value === '0' ? 0 : value === '1' ? 1 : 'unset';
}

/** Returns the combined `tdm-reservation` header, or null when none has a value. */
export function readTdmHeader(headers: readonly HeaderPair[]): TdmHeader | null {
  const field = combineFieldLines(headers, 'tdm-reservation');
  return field === null ? null : { field, reservation: readReservation(field.value) };
}

/** Returns every `tdm-reservation` meta in document order (names ASCII case-insensitive). */
export function readTdmMetas(metas: readonly MetaTag[]): TdmMeta[] {
  const out: TdmMeta[] = [];
  metas.forEach((meta, index) => {
    if (typeof meta.name !== 'string' || toAsciiLower(meta.name.trim()) !== 'tdm-reservation') return;
    const content = typeof meta.content === 'string' ? meta.content.trim() : '';
    out.push({ index, position: out.length + 1, name: meta.name, content, reservation: readReservation(content) });
  });
  return out;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Returns a location or a URL path+query prepared for comparison (§3.10): each `%XX` that encodes
 * an unreserved character decoded, then the other `%xx` upper-cased and bytes ≥ 0x80 escaped.
 */
export function prepareTdmPath(text: string): string {
  const decoded = text.replace(/%([0-9A-Fa-f]{2})/g, (whole, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : whole;
  });
  return normalizePattern(decoded);
}

/**
 * Returns the rules of a tdmrep.json result: a body string (JSON), a parsed JSON value, or
 * `{ status, body }`. Not an array, or a 4xx/5xx, means "not implemented" (TDM-03).
 */
export function readTdmFile(input: unknown): TdmFile {
  let value: unknown = input;
  if (isStatusBody(value)) {
    if (value.status >= 400) return { kind: 'not-implemented', why: `the file answers ${value.status}` };
    value = value.body;
  }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { kind: 'not-implemented', why: 'the file is not JSON' };
    }
  }
  if (!Array.isArray(value)) return { kind: 'not-implemented', why: 'the file is not a JSON array' };
  const rules: TdmFileRule[] = [];
  const skipped: number[] = [];
  value.forEach((entry: unknown, i) => {
    const rule = readFileRule(entry, i + 1);
    if (rule === null) skipped.push(i + 1);
    else rules.push(rule);
  });
  return { kind: 'rules', rules, skipped };
}

function isStatusBody(value: unknown): value is { status: number; body: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';
}

function readFileRule(entry: unknown, rule: number): TdmFileRule | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const record = entry as Record<string, unknown>;
  const location = record.location;
  const reservation = record['tdm-reservation'];
  // A JSON number equal to 0 or 1: `1.0` counts as 1, the string "1" does not.
  if (typeof location !== 'string' || typeof reservation !== 'number') return null;
  if (reservation !== 0 && reservation !== 1) return null;
  const policy = typeof record['tdm-policy'] === 'string' ? record['tdm-policy'] : null;
  return { rule, location, pattern: prepareTdmPath(location), reservation, policy };
}

/** Returns the first rule in array order whose location matches the URL's path and query, or null. */
export function matchTdmFile(file: TdmFile, url: string): TdmFileRule | null {
  if (file.kind !== 'rules') return null;
  const path = prepareTdmPath(extractMatchPath(url));
  for (const rule of file.rules) {
    if (matchesPattern(rule.pattern, path)) return rule;
  }
  return null;
}
