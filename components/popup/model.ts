/**
 * View-model types the popup's components render. The popup state (entrypoints/popup/state.ts)
 * turns an Inspection plus the robots engine's results into these; components never call the
 * engine or a browser API themselves.
 */
import type { Diagnostic, Verdict } from '../../lib/robots/types';

/** What a crawler preset is for, grouped in the crawler switcher. */
export type CrawlerPurpose = 'search' | 'ai-training' | 'ai-search' | 'user-triggered' | 'other';

/** One crawler the user can pick: a preset or a custom token. */
export interface CrawlerOption {
  readonly token: string;
  readonly name: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  readonly purposeLabel: string;
  readonly custom: boolean;
}

/** Whether Google's grammar can match a token (SEMANTICS.md §2). */
export type TokenCheck =
  | { readonly kind: 'valid' }
  /** Usable, but worth a word (a stale token such as `anthropic-ai`). */
  | { readonly kind: 'warning'; readonly explanation: string }
  /** Usable, but no group can ever name it (`MJ12bot`): the verdict must say so. */
  | { readonly kind: 'unmatchable'; readonly explanation: string }
  /** Not a crawler token at all (empty, `*`): it cannot be added. */
  | { readonly kind: 'refused'; readonly explanation: string };

/** Does the crawler honour Crawl-delay (CRAWLERS.md)? */
export interface CrawlDelaySupport {
  readonly kind: 'honoured' | 'ignored' | 'not-documented' | 'unknown' | 'not-applicable' | 'claimed' | 'not-supported';
  /** One sentence, e.g. "Google ignores Crawl-delay." */
  readonly note: string;
}

/** Which token's group the verdict used, and why (the engine's `via`, in the popup's words). */
export type GroupSource =
  /** A group names the crawler's own token. */
  | { readonly kind: 'own'; readonly token: string }
  /** No group names the crawler; a fallback token's group applied (Googlebot-Image → Googlebot). */
  | { readonly kind: 'fallback'; readonly token: string; readonly fallbackToken: string; readonly explanation: string }
  /** No group names the crawler or its fallbacks: the `*` groups. */
  | { readonly kind: 'global'; readonly explanation: string }
  /** Nothing applies: everything allowed (or `*` is ignored by this crawler). */
  | { readonly kind: 'none'; readonly explanation: string };

/** The verdict for one URL, whatever the fetch outcome was. */
export type PageVerdict =
  | { readonly kind: 'not-applicable'; readonly explanation: string }
  /** 4xx or too many redirects: no rules, everything allowed. */
  | { readonly kind: 'no-robots'; readonly allowed: true; readonly explanation: string }
  /** 429, 5xx, timeout or network error: everything blocked. */
  | { readonly kind: 'unreachable'; readonly allowed: false; readonly explanation: string }
  /** The file's rules decided. */
  | {
      readonly kind: 'rules';
      readonly allowed: boolean;
      readonly verdict: Verdict;
      readonly source: GroupSource;
      readonly crawlDelaySupport: CrawlDelaySupport;
    };

/** One row of the all-crawlers matrix. */
export interface MatrixRow {
  readonly crawler: CrawlerOption;
  readonly allowed: boolean;
  /** Deciding line, 0 when no rule matched or no file applies. */
  readonly line: number;
  /** The deciding rule as written, or a short phrase ("no matching rule", "no robots.txt"). */
  readonly summary: string;
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
  readonly receivedBytes: number;
}

/** Lines to mark in the file view: the deciding line and the applying groups' line ranges. */
export interface FileMarks {
  readonly decidingLine: number;
  readonly groupRanges: readonly (readonly [first: number, last: number])[];
}
