/**
 * The lenses' data types (docs/semantics/lens.md §1.1, §1.4): what a lens is asked and what it answers.
 * Plain, JSON-safe data, like the engine's.
 */

/** The six lenses of docs/semantics/lens.md §0, in the order the UI shows them. */
export type LensProfileId = 'py-legacy' | 'py-rfc' | 'protego' | 'robots-parser' | 'crawler-commons' | 'rfc9309';

/** What a lens reads: the robots.txt response, the URL and the name the user picked (§1.1). */
export interface LensInput {
  /**
   * The body: a string is the text already decoded (as in the differential set: its UTF-8 bytes
   * are the body), a Uint8Array the bytes fetched, decoded as each lens's stack decodes them.
   */
  readonly robots: string | Uint8Array;
  /**
   * The HTTP status of the robots.txt response (after redirects). 0, or anything outside
   * 100–599, means no response at all (DNS, connection refused, timeout).
   */
  readonly robotsStatus: number;
  /** The page URL as the browser serialises it (`URL.href`). */
  readonly url: string;
  /** The product token the user picked (e.g. `GPTBot`), passed on as given (§1.1). */
  readonly userAgent: string;
}

/** The rule that decided (§1.4), as that lens read it. */
export interface LensRule {
  readonly kind: 'allow' | 'disallow';
  /** 1-based line in the file as displayed (LF, CR, CRLF numbering). */
  readonly line: number;
  /** The value as the lens read it from the line (before its own normalisation). */
  readonly value: string;
  /** The pattern the lens compared, after its normalisation. */
  readonly pattern: string;
}

/** Why a lens answered as it did: a tagged union, one `kind` per outcome. */
export type LensOutcome =
  /** A rule decided (§1.4). */
  | { readonly kind: 'rule'; readonly rule: LensRule }
  /** A group applied but none of its rules matched the URL. */
  | { readonly kind: 'no-match' }
  /** No group applies to the name: everything allowed. */
  | { readonly kind: 'no-group' }
  /** The HTTP status decided before any parsing (each lens's §x.2). */
  | { readonly kind: 'status'; readonly status: number }
  /** The body could not be decoded (py-legacy's strict UTF-8, §2.2): nothing parsed. */
  | { readonly kind: 'decode-error' }
  /** The parser raised while reading (py-legacy/py-rfc on a digit `int()` refuses, §2.4). */
  | { readonly kind: 'parse-error'; readonly line: number }
  /** crawler-commons: an empty body (§6.3). */
  | { readonly kind: 'empty-body' }
  /** crawler-commons: an HTML body without `user-agent:` (§6.3). */
  | { readonly kind: 'html-without-rules' }
  /** `/robots.txt` is always allowed by this lens (P52). */
  | { readonly kind: 'robots-txt-implicit' };

/** A lens's answer for one URL. */
export interface LensVerdict {
  readonly profile: LensProfileId;
  readonly allowed: boolean;
  /** The deciding rule's line where the lens has one (§1.4), else null. */
  readonly line: number | null;
  readonly outcome: LensOutcome;
  /** The text the lens compared the rules with (null when no rule was compared). */
  readonly matchedText: string | null;
  /** One sentence saying why, for the UI. */
  readonly reason: string;
}

/** A rule kept by a lens, in the file order the lens holds it. */
export interface KeptRule {
  readonly kind: 'allow' | 'disallow';
  readonly line: number;
  readonly value: string;
}

/** The kinds of difference of §9, each tied to the rule that causes it. */
export type DivergenceKind =
  | 'status'
  | 'decode-error'
  | 'line-break'
  | 'bom'
  | 'whitespace'
  | 'key-spelling'
  | 'missing-colon'
  | 'blank-line'
  | 'group-split'
  | 'name-substring'
  | 'name-truncation'
  | 'group-merge'
  | 'empty-group'
  | 'first-match'
  | 'match-length'
  | 'wildcard-scan'
  | 'wildcard'
  | 'dollar'
  | 'decoding'
  | 'fragment'
  | 'query'
  | 'robots-txt-implicit'
  | 'index-html'
  | 'url-refused'
  | 'line-cut'
  | 'size-cut'
  | 'nul'
  | 'html-guard'
  | 'other';

/** Replace the text from `from` to `to` (UTF-16 offsets into the body text) by `insert`. */
export interface TextEdit {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/** Google's reading of one URL (docs/semantics/robots.md), as the finder compares it. */
export interface GoogleReading {
  readonly allowed: boolean;
  readonly line: number | null;
  readonly reason: string;
}

/** One URL that some lens reads differently from Google. */
export interface UrlDisagreement {
  readonly url: string;
  readonly google: GoogleReading;
  /** The lenses that disagree, with their verdicts. */
  readonly lenses: readonly LensVerdict[];
}
