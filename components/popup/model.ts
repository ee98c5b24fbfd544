/**
 * View-model types the popup's components render. The popup state (entrypoints/popup/state.ts)
 * turns an Inspection plus the robots engine's results into these (the page's verdict is
 * lib/verdict/page-verdict's, as it is); components never call the engine or a browser API themselves.
 */
import type { Indexability } from '../../lib/page-directives/verdict';
import type { HeadersSource } from '../../lib/verdict/page-state';
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
  /** A control token (Google-Extended, Applebot-Extended): it fetches nothing itself. */
  readonly tokenOnly?: boolean;
  /** The Use answers per purpose (absent until they are known). */
  readonly use?: Readonly<Record<UsePurpose, UseAnswerKind>>;
  /** The operator is reported to run another parser stack: its lens id and the report in words. */
  readonly parser?: { readonly profile: string; readonly text: string };
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
  /** What a usage line (Content-Usage, Content-Signal, License, LLM-Policy) means, in words; else null or absent. */
  readonly meaning?: string | null;
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

/** The Use verdict's three yes/no purposes (docs/semantics/usage.md §1.1), in the order the popup shows them. */
export type UsePurpose = 'search' | 'ai-input' | 'ai-train';

/** A Use answer as the popup shows it: a purpose whose vocabulary has levels is never shown here. */
export type UseAnswerKind = 'allowed' | 'disallowed' | 'no-statement' | 'not-applicable';

/**
 * One purpose's answer on the first screen: what the site states and what the crawler's
 * operator says it counts, kept apart, each with its source in words.
 */
export interface UseAnswerView {
  readonly purpose: UsePurpose;
  /** "Search", "AI input", "AI training". */
  readonly label: string;
  /** What the site states (docs/semantics/usage.md §4.6). */
  readonly answer: UseAnswerKind;
  /**
   * The site's answer in words after its lead: "disallowed — robots.txt line 14 (Content-Signal)",
   * "nothing"; for a page the crawler may not fetch, "not applicable — crawl blocked by robots.txt line 2".
   */
  readonly stated: string;
  /** What the operator says it counts (§4.7); `not-applicable` with the site's answer. */
  readonly counted: UseAnswerKind;
  /** The robots.txt line of the operator's deciding statement; null when that is not a robots.txt line, or none. */
  readonly countedLine: number | null;
  /** Who counts: "Google counts", "Operator unknown". */
  readonly countedBy: string;
  /** The operator's answer in words after its lead: "disallowed — robots.txt line 10 (Google-Extended)", "nothing — it does not use Content-Signal". */
  readonly countedText: string;
  /** The scope of the operator's deciding statement in a few words ("Gemini only: Search and AI Overviews unaffected"), or null. */
  readonly scope: string | null;
  /** Caveats in words: they never change the answer. */
  readonly caveats: readonly string[];
}

/** One source the Use verdict considered (a robots.txt line, a header, a meta tag, a file rule), for the expanded view. */
export interface UseSourceView {
  /** Where, in words: "robots.txt line 14 (Content-Signal)", "header Content-Usage". */
  readonly where: string;
  /** What it says for each purpose: "Search allowed, AI input / grounding allowed, AI training disallowed". */
  readonly says: string;
  /** False when a statement here is overridden for the site's answer (a longer Content-Usage path, a higher TDMRep source). */
  readonly counted: boolean;
  /** Whether the crawler's operator counts this source's signal. */
  readonly operatorCounts: boolean;
}

/** Everything the Use verdict considered for one crawler, each thing said once. */
interface UseDetailsView {
  /** Who counts ("Google"), or null for a token with no known operator. */
  readonly operator: string | null;
  /** The sources the operator counts, then the others. */
  readonly counted: readonly UseSourceView[];
  readonly notCounted: readonly UseSourceView[];
  /** The operator's reading in a sentence: what it states it reads, and as of when. */
  readonly consumer: string;
  /** Why each signal here is not counted, one sentence per signal. */
  readonly uncounted: readonly string[];
  /** The surface-impact lines and notes that apply, each once. */
  readonly notes: readonly string[];
}

/** The Use verdict for one crawler: the three answers and what was considered. */
export interface UseView {
  readonly crawler: string;
  readonly answers: readonly UseAnswerView[];
  readonly details: UseDetailsView;
  /** Shown once when a robots.txt statement counts (docs/semantics/usage.md §4.8 `not-retroactive`). */
  readonly notRetroactive: string | null;
  /** What became of the origin's /.well-known/tdmrep.json, in a sentence. */
  readonly tdmrep: string;
  /** Lint findings on the page's usage signals (headers, metas, tdmrep.json: docs/semantics/usage.md §7), in words. */
  readonly pageFindings: readonly UsePageFinding[];
}

/** One finding on the page's usage signals. */
export interface UsePageFinding {
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: string;
  readonly text: string;
}

/** Where the Use verdict is: waiting for its code or the page, not applicable at all, or shown. */
export type UseState =
  | { readonly kind: 'pending'; readonly what: string }
  | { readonly kind: 'none'; readonly why: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'ready'; readonly view: UseView };

/** What the Indexability section shows, in the state it is in. */
export type IndexabilityView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'off' }
  | { readonly kind: 'unavailable'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly result: Indexability;
      readonly headers: HeadersSource;
      /** False when the tab's content script did not answer (the worker's last reading is shown). */
      readonly contentScript: boolean;
    };

/** What "Make default" answered: saved, asks for a confirmation first, or failed (the popup says why). */
export type MakeDefaultAnswer =
  { readonly kind: 'saved' } | { readonly kind: 'confirm'; readonly explanation: string } | { readonly kind: 'failed' };
