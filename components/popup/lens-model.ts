/**
 * What the popup shows of the parser lenses (docs/semantics/lens.md §9): one row per lens for the page and
 * the selected crawler, and the lines some lens reads differently from Google. Plain data, made by
 * entrypoints/popup/lens.ts (loaded only when the "Other crawler stacks" section is opened).
 */

import type { LensProfileId } from '../../lib/lens/types';
import type { InlineDivergence } from './file-rows';

/** One lens's reading of the page for the selected crawler. */
export interface LensRow {
  readonly profile: LensProfileId;
  /** The stacks that run it (§9 label). */
  readonly displayName: string;
  readonly allowed: boolean;
  /** True when this verdict is not Google's. */
  readonly differs: boolean;
  /** The line that decided for this lens, or null. */
  readonly line: number | null;
  /** The lens's own reason in words. */
  readonly reason: string;
  /** The stacks known to run it, with how they call it. */
  readonly users: readonly { readonly name: string; readonly note: string }[];
  /** The date "who uses it" was read. */
  readonly asOf: string;
  /** What the stacks pass as the name when it is not the product token (§9 tooltip), else null. */
  readonly nameNote: string | null;
  /** Why it differs from Google, in words (the divergence finding's message), or null. */
  readonly why: string | null;
}

/**
 * A proven fix (lib/lens DivergenceFix): the lines to put in place of lines `from`–`to` of the
 * file, and the fixed file itself.
 */
export interface LensFixView {
  readonly label: string;
  /**
   * First and last line of the file the fix replaces (1-based, inclusive); `to` is `from - 1` when
   * it only inserts lines, `from` is 0 when no line's text changes (a byte-order mark removed).
   */
  readonly from: number;
  readonly to: number;
  /** The replacement lines (empty when the fix deletes them). */
  readonly text: string;
  /** The whole fixed file, as the library proved it: what "Copy the fixed file" copies. */
  readonly fixedFile: string;
}

/** One line some lens reads differently from Google, for the selected crawler. */
export interface DivergenceView {
  /** The line (displayed numbering), or null for a fetch outcome. */
  readonly line: number | null;
  readonly profiles: readonly LensProfileId[];
  /** Why, in words. */
  readonly message: string;
  /** True when this page's URL is among the URLs affected. */
  readonly affectsPage: boolean;
  readonly fix: LensFixView | null;
  /** Why no fix is offered for a change that was considered (it would move Google's verdict …), or null. */
  readonly noFix: string | null;
}

/** The lenses' reading of one page: rows, divergent lines, and how many URLs were checked. */
export interface LensReport {
  readonly googleAllowed: boolean;
  readonly rows: readonly LensRow[];
  readonly divergences: readonly DivergenceView[];
  /** The divergent lines as the file view marks them, by line (one per line). */
  readonly byLine: ReadonlyMap<number, InlineDivergence>;
  /** URLs compared: the page and the file's own rule paths as probes. */
  readonly urlsChecked: number;
}

/** Where the lens section is. */
export type LensPhase =
  /** Not opened yet: nothing loaded, nothing read. */
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  /** No robots.txt governs the page (or it is not read yet): nothing to compare. */
  | { readonly kind: 'unavailable'; readonly explanation: string }
  | { readonly kind: 'ready'; readonly report: LensReport }
  | { readonly kind: 'error'; readonly message: string };

/** Returns where a fix writes, in a few words: "line 3", "lines 2–3", "after line 3", "at the top", or null when no line's text changes. */
export function fixPlace(fix: LensFixView): string | null {
  if (fix.from === 0) return null;
  if (fix.to < fix.from) return fix.to === 0 ? 'at the top' : `after line ${fix.to}`;
  return fix.from === fix.to ? `line ${fix.from}` : `lines ${fix.from}–${fix.to}`;
}

/** Returns the sentence that introduces a fix's lines: what to do with which lines of the file. */
export function fixInstruction(fix: LensFixView): string {
  const place = fixPlace(fix);
  if (place === null) {
    return 'No line changes: copy the fixed file and save it as UTF-8 without a byte-order mark.';
  }
  if (fix.to < fix.from) return fix.to === 0 ? 'Insert at the top of the file:' : `Insert after line ${fix.to}:`;
  return fix.text === '' && fix.from <= fix.to ? `Delete ${place}.` : `Put in place of ${place}:`;
}
