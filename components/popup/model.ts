/**
 * View-model types the popup's components render. The popup state (entrypoints/popup/state.ts)
 * turns an Inspection plus the robots engine's results into these (the page's verdict is
 * lib/verdict/page-verdict's, as it is); components never call the engine or a browser API themselves.
 */
import type { PageVerdict } from '../../lib/verdict/types';
import type { CrawlerPreset, CrawlerPurpose, Diagnostic } from '../../lib/robots';
import type { TokenCheck } from '../token-check';

export type { CrawlerPurpose, PageVerdict, TokenCheck };

/** One crawler the user can pick: a preset or a custom token. */
export type CrawlerOption = Pick<CrawlerPreset, 'token' | 'name' | 'operator' | 'purpose' | 'purposeLabel'> & {
  readonly custom: boolean;
};

/** One row of the all-crawlers matrix. */
export interface MatrixRow {
  readonly crawler: CrawlerOption;
  readonly allowed: boolean;
  /** Deciding line, 0 when no rule matched or no file applies. */
  readonly line: number;
  /** The deciding rule as written, or a short phrase ("no rule matches this URL", "no robots.txt: …"). */
  readonly summary: string;
  /** The page's indexability for this crawler (absent when the page was not read). */
  readonly indexable?: boolean;
  /** Its verdict word: Indexable, Not indexable, Blocked, Canonicalised. */
  readonly indexability?: string;
}

/** The path tester's result for what the user typed. */
export type PathResult =
  | { readonly kind: 'empty' }
  | { readonly kind: 'other-origin'; readonly origin: string }
  | { readonly kind: 'invalid'; readonly explanation: string }
  | { readonly kind: 'evaluated'; readonly path: string; readonly verdict: PageVerdict };

/** One physical line of robots.txt, with the lint findings on it. */
export interface FileLine {
  readonly n: number;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** The whole file as the File section shows it. */
export interface FileText {
  readonly lines: readonly FileLine[];
  /** The body was cut at 500 KiB: the last line may be partial. */
  readonly truncated: boolean;
  /** The file's size: its Content-Length, or "more than 500 KiB" when cut without one. */
  readonly size: string;
}

/** Lines to mark in the file view: the deciding line and the applying groups' line ranges. */
export interface FileMarks {
  readonly decidingLine: number;
  readonly groupRanges: readonly (readonly [first: number, last: number])[];
  /** The path tester's deciding line, 0 or absent when it has none. */
  readonly testedLine?: number;
}

/** A request to scroll the file view to a line; a new `seq` asks again for the same line. */
export interface RevealRequest {
  readonly line: number;
  readonly seq: number;
}
