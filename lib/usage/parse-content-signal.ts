/**
 * Content-Signal values, from a robots.txt line or the combined response header (docs/semantics/usage.md §3.5):
 * comma-separated `key=value` members, trimmed, compared ASCII-case-insensitively; `search`,
 * `ai-input`, `ai-train` take yes/no and `use` takes immediate/reference/full. Never throws.
 */
import { toAsciiLower, trimAscii } from '../shared/ascii';
import type { Preference } from './parse-content-usage';
import { USE_LEVELS, type UseLevel } from './types';

/** The yes/no keys and the purpose each states (they share the purpose ids). */
export const CONTENT_SIGNAL_KEYS = ['search', 'ai-input', 'ai-train'] as const;
export type ContentSignalKey = (typeof CONTENT_SIGNAL_KEYS)[number];

/** One `key=value` member as written, for the lint (§7 CS-02…CS-06, CS-11, CS-12). */
export interface ContentSignalMember {
  /** The key and value trimmed, as written (case kept). */
  readonly key: string;
  readonly value: string;
  /** The member was written with whitespace around `=` (CS-12). */
  readonly hasSpaceAroundEquals: boolean;
}

/** A parsed Content-Signal value. */
export interface ContentSignal {
  readonly search: Preference;
  readonly 'ai-input': Preference;
  readonly 'ai-train': Preference;
  /** The `use` level, or null when absent or not one of the three values. */
  readonly use: UseLevel | null;
  /** Every member with `=`, in order. */
  readonly members: readonly ContentSignalMember[];
  /** Members without `=` (ignored). */
  readonly bare: readonly string[];
  /** Lower-cased keys written more than once (CS-11): the last value counts. */
  readonly repeated: readonly string[];
  /** Members left empty between commas, or after a trailing one (ignored). */
  readonly empty: number;
}

/** Members read from one value at most (a hostile header cannot make the list huge). */
const MAX_MEMBERS = 200;

/**
 * Returns what a Content-Signal value states (§3.5). `value` is the robots value (already cut at
 * `#`) or the combined header (where `#` is ordinary text). A repeated key keeps its last value.
 */
export function parseContentSignal(value: string): ContentSignal {
  const members: ContentSignalMember[] = [];
  const bare: string[] = [];
  const last = new Map<string, string>();
  const repeated: string[] = [];
  let empty = 0;
  const trimmed = trimAscii(value);
  const parts = trimmed === '' ? [] : trimmed.split(',', MAX_MEMBERS);
  for (const part of parts) {
    const member = trimAscii(part);
    if (member === '') {
      empty++;
      continue;
    }
    const eq = member.indexOf('=');
    if (eq < 0) {
      bare.push(member);
      continue;
    }
    const rawKey = member.slice(0, eq);
    const rawValue = member.slice(eq + 1);
    const key = trimAscii(rawKey);
    const val = trimAscii(rawValue);
    members.push({ key, value: val, hasSpaceAroundEquals: key !== rawKey || val !== rawValue });
    const folded = toAsciiLower(key);
    if (last.has(folded) && !repeated.includes(folded)) repeated.push(folded);
    last.set(folded, toAsciiLower(val));
  }
  const yesNo = (key: ContentSignalKey): Preference => {
    const v = last.get(key);
    return v === 'yes' ? 'allowed' : v === 'no' ? 'disallowed' : 'unstated';
  };
  const use = last.get('use');
  return {
    search: yesNo('search'),
    'ai-input': yesNo('ai-input'),
    'ai-train': yesNo('ai-train'),
    use: use !== undefined && (USE_LEVELS as readonly string[]).includes(use) ? (use as UseLevel) : null,
    members,
    bare,
    repeated,
    empty,
  };
}
