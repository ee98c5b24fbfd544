/**
 * The robots.txt engine's data types: a parsed file, a verdict and its explanation.
 * Everything here is plain data (JSON-safe) so it can cross the extension's message boundary.
 * Spec: docs/semantics/robots.md §1–§6.
 */

export type RuleKind = 'allow' | 'disallow';

/** How a recognised key was written, when Google accepts it but RFC 9309 would not. */
export type KeyQuirk =
  /** A misspelling Google accepts (`Dissallow`, `User agent`, `Site-map`) or a longer key read by prefix (`Disallowed`). */
  | { readonly kind: 'typo'; readonly written: string }
  /** No colon: the two-token form `disallow /x`. */
  | { readonly kind: 'missing-colon' };

/** An Allow or Disallow line of the file. */
export interface Rule {
  readonly kind: RuleKind;
  /** 1-based physical line number (docs/semantics/robots.md §4). */
  readonly line: number;
  /**
   * The directive as written (the line without its comment, trimmed of ASCII whitespace) when it
   * is not exactly `Allow: <pattern>` or `Disallow: <pattern>`; null when it is, as most lines are
   * (a large file then keeps one string per rule, not two). `ruleText` gives the text either way.
   */
  readonly written: string | null;
  /** The normalised pattern (upper-case %XX, bytes ≥ 0x80 escaped), as a byte string of ASCII. Its length is the rule's priority (§3). */
  readonly pattern: string;
  /** Every quirk of the key, in order: a typo, then a missing colon (`dissallow /` has both). Empty when none. */
  readonly quirks: readonly KeyQuirk[];
  /** The line was longer than 16,663 UTF-8 bytes and the cut removed part of this directive (docs/semantics/robots.md §1). */
  readonly isLineCut: boolean;
}

/** One `User-agent:` line. */
export interface AgentLine {
  readonly line: number;
  /** The value as written (trimmed). */
  readonly value: string;
  /** What Google compares: `*` for the global group, else the leading run of `[A-Za-z_-]`. */
  readonly token: string;
  readonly isGlobal: boolean;
  /** True when `token` is shorter than `value` (e.g. `MJ12bot` read as `MJ`). */
  readonly isTruncated: boolean;
  /** Every quirk of the key, in order: a typo, then a missing colon. Empty when none. */
  readonly quirks: readonly KeyQuirk[];
  /** The line was cut at 16,663 UTF-8 bytes inside this directive. */
  readonly isLineCut: boolean;
}

export interface CrawlDelay {
  readonly line: number;
  /** The value as written. */
  readonly raw: string;
  /** Seconds as a number, or null when the value is not a non-negative decimal number. */
  readonly seconds: number | null;
}

export interface Sitemap {
  readonly line: number;
  readonly url: string;
  /** `absolute` http(s) URL; `relative` (a path, not allowed by the spec); `malformed` otherwise. */
  readonly validity: 'absolute' | 'relative' | 'malformed';
}

/**
 * A directive whose key Google does not use (Crawl-delay, Host, Noindex, anything unknown). It does not
 * end a group (docs/semantics/robots.md §1).
 */
export interface OtherDirective {
  readonly line: number;
  /** The key as written (trimmed). */
  readonly key: string;
  /** The value as written (trimmed). */
  readonly value: string;
  /** The group the line sits in, or null before the first User-agent line. */
  readonly groupId: number | null;
}

/** A group: a run of User-agent lines and the rules that follow them (docs/semantics/robots.md §2). */
export interface Group {
  /** Index of the group in file order, from 0. */
  readonly id: number;
  readonly agents: readonly AgentLine[];
  readonly rules: readonly Rule[];
  /** First Crawl-delay line inside the group, or null. */
  readonly crawlDelay: CrawlDelay | null;
  readonly firstLine: number;
  readonly lastLine: number;
}

/** A parsed robots.txt. Parse once; evaluate many URLs against it. */
export interface RobotsTxt {
  readonly groups: readonly Group[];
  readonly sitemaps: readonly Sitemap[];
  /** Number of physical lines (a trailing terminator leaves one more, empty line). */
  readonly lineCount: number;
  /** A UTF-8 BOM (U+FEFF) started the body and was skipped. */
  readonly hasBom: boolean;
  /** Lines before the first User-agent that held rules (ignored by the matcher). */
  readonly orphanRuleLines: readonly number[];
  /** Directives with keys the matcher ignores (Crawl-delay, Host, unknown keys), in file order. */
  readonly otherDirectives: readonly OtherDirective[];
}

/** A rule that matched the path, with how and at which priority it matched. */
export interface MatchedRule {
  readonly rule: Rule;
  /** `index-html`: matched only through Google's retry of `…/index.htm*` as `…/$` (docs/semantics/robots.md §3). */
  readonly via: 'pattern' | 'index-html';
  /** The pattern that matched: the rule's own `pattern`, or the retried `…/$`. */
  readonly matchedPattern: string;
  /** Priority it matched at (length of `matchedPattern`). */
  readonly matchedPriority: number;
}

/** Why a matching rule did not decide the verdict. */
export type LossReason =
  /** Its priority is lower than the deciding rule's. */
  | 'shorter'
  /** Same priority as the deciding Allow: ties go to Allow. */
  | 'tie-goes-to-allow'
  /** Same kind and priority as the deciding rule, but a later line. */
  | 'later-duplicate';

/** A rule that matched but did not decide, and why. */
export interface LosingRule {
  readonly match: MatchedRule;
  readonly reason: LossReason;
}

/** A reference to a group used for the verdict. */
export interface GroupRef {
  readonly id: number;
  readonly agents: readonly AgentLine[];
  readonly firstLine: number;
  readonly lastLine: number;
}

/** Which groups applied (docs/semantics/robots.md §2). */
export type GroupSelection =
  /** Groups naming the crawler, merged; `globalIgnored` when `*` groups exist and were set aside. */
  | { readonly kind: 'specific'; readonly groups: readonly GroupRef[]; readonly globalIgnored: boolean }
  /** No group names the crawler: the merged `*` groups. */
  | { readonly kind: 'global'; readonly groups: readonly GroupRef[] }
  /** Neither: everything is allowed. */
  | { readonly kind: 'none' };

/** A Google-specific behaviour (docs/semantics/robots.md §5) that decided the verdict. */
export type GoogleBehaviour =
  | { readonly kind: 'index-html'; readonly line: number }
  | { readonly kind: 'typo-key'; readonly line: number; readonly written: string }
  | { readonly kind: 'missing-colon'; readonly line: number }
  | { readonly kind: 'truncated-agent'; readonly line: number; readonly value: string; readonly token: string }
  | { readonly kind: 'line-cut'; readonly line: number };

/**
 * The verdict for one URL and one user agent, with everything needed to explain it. Verdicts of one
 * parsed file share their unchanging parts (selection, sitemaps, matched-rule objects): treat them
 * as immutable.
 */
export interface Verdict {
  readonly allowed: boolean;
  /** The deciding rule; null exactly when Google's parser reports line 0 (no rule matched). */
  readonly rule: MatchedRule | null;
  /** The user agent as given by the caller. */
  readonly userAgent: string;
  /** The path that was matched (docs/semantics/robots.md §3). */
  readonly path: string;
  readonly selection: GroupSelection;
  /** The other matching rules of the chosen groups, best first, each with why it lost. */
  readonly others: readonly LosingRule[];
  /** Google-specific behaviours that decided this verdict; empty when none did. */
  readonly googleSpecific: readonly GoogleBehaviour[];
  /** Crawl-delay of the chosen groups (the first one in file order), or null. */
  readonly crawlDelay: CrawlDelay | null;
  readonly sitemaps: readonly Sitemap[];
}

/** Severity of a diagnostic. */
export type Severity = 'error' | 'warning' | 'info';

/** The linter's stable machine-readable codes (docs/semantics/robots.md §6). */
export type DiagnosticCode =
  | 'nul-character'
  | 'stray-bom'
  | 'not-a-directive'
  | 'line-too-long'
  | 'unsupported-key'
  | 'unknown-directive'
  | 'typo-key'
  | 'missing-colon'
  | 'relative-sitemap'
  | 'malformed-sitemap'
  | 'rule-before-user-agent'
  | 'deprecated-agent'
  | 'empty-agent'
  | 'truncated-agent'
  | 'pattern-never-matches'
  | 'dollar-not-at-end'
  | 'index-html-rule'
  | 'global-replaced'
  | UsageDiagnosticCode;

/**
 * The usage lint's codes (docs/semantics/usage.md §7), reported by lib/usage in this same shape: the engine only
 * names them, so one Diagnostic type serves the whole file's lint.
 */
export type UsageDiagnosticCode =
  | `CU-${'01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '11' | '13' | '14' | '15' | '16' | '17' | '18'}`
  | `CS-${'01' | '02' | '03' | '04' | '05' | '06' | '08' | '11' | '12'}`
  | `CF-${'01' | '02' | '03'}`
  | 'TP-01'
  | 'TP-02'
  | 'CT-01'
  | `PD-${'01' | '02' | '03'}`
  | `TDM-${'01' | '02' | '03' | '04' | '05'}`
  | `RSL-${'01' | '02' | '03'}`
  | 'LLM-01';

/** One linter finding on one physical line (docs/semantics/robots.md §6). */
export interface Diagnostic {
  readonly line: number;
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  /** One sentence a person can read. */
  readonly message: string;
}
