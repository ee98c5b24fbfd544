/**
 * Combining the field lines of one response header into one value (docs/semantics/usage.md §3.4, [S37] RFC
 * 9110 §5.2–5.3, §5.5, §5.6.1): shared by Content-Usage, Content-Signal and tdm-reservation.
 */
import { toAsciiLower } from '../shared/ascii';
import type { HeaderPair } from './types';

/** One header's field lines combined: the joined value, placed at its first kept line. */
export interface CombinedField {
  /** The header name as received on the first kept line. */
  readonly name: string;
  /** The kept lines' values, trimmed of SP/HTAB, joined with ", ". */
  readonly value: string;
  /** 1-based position of the first kept line in the received header list. */
  readonly position: number;
  /** Positions of every line of that name, kept or not. */
  readonly positions: readonly number[];
  /** Positions of the lines dropped because their value was empty after trimming. */
  readonly dropped: readonly number[];
}

/** Returns `value` without leading and trailing SP and HTAB (a field value's own trimming, RFC 9110 §5.5). */
export function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 0x20 || value.charCodeAt(start) === 0x09)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 0x20 || value.charCodeAt(end - 1) === 0x09)) end--;
  return value.slice(start, end);
}

/**
 * Returns the field lines named `name` (ASCII case-insensitive) combined as §3.4 says: each value
 * trimmed of SP/HTAB, empty lines dropped, the rest joined with ", " in received order. Null when
 * no line of that name has a value.
 */
export function combineFieldLines(headers: readonly HeaderPair[], name: string): CombinedField | null {
  const wanted = toAsciiLower(name);
  const kept: string[] = [];
  const positions: number[] = [];
  const dropped: number[] = [];
  let first: { name: string; position: number } | null = null;
  for (let i = 0; i < headers.length; i++) {
    const pair = headers[i] as HeaderPair;
    if (typeof pair[0] !== 'string' || toAsciiLower(pair[0]) !== wanted) continue;
    positions.push(i + 1);
    const value = trimOws(typeof pair[1] === 'string' ? pair[1] : '');
    if (value === '') {
      dropped.push(i + 1);
      continue;
    }
    first ??= { name: pair[0], position: i + 1 };
    kept.push(value);
  }
  if (first === null) return null;
  return { name: first.name, value: kept.join(', '), position: first.position, positions, dropped };
}
