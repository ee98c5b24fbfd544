/**
 * What the popup shows of the parser lenses (PARSER-LENS.md §9): one row per lens for the page and
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

/** A suggested fix: the lines to put in place of lines `from`–`to` of the file. */
export interface LensFixView {
  readonly label: string;
  /** First and last line of the file the fix replaces (1-based, inclusive). */
  readonly from: number;
  readonly to: number;
  /** The replacement lines (empty when the fix deletes them). */
  readonly text: string;
  /** The whole file with the fix applied. */
  readonly fixedFile: string;
  /** True when the fix also changes Google's verdict for some URL checked. */
  readonly changesGoogle: boolean;
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
