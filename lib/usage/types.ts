/**
 * The Use verdict's data types (docs/semantics/usage.md §1, §8): purposes, statements and where they come from,
 * the answer per crawler × purpose as a tagged union, caveats and the consumer view. Plain,
 * JSON-safe data, so answers can cross the extension's message boundary.
 */

import type { ConsumerStatus, SignalId, UsagePurpose } from '../crawlers/types';

// The purposes, signals and consumer statuses are the crawler catalogue's (lib/crawlers/types.ts).
export type { ConsumerStatus, SignalId, UsagePurpose } from '../crawlers/types';

/** The three yes/no purposes, in the order the UI shows them. */
export const YES_NO_PURPOSES = ['search', 'ai-input', 'ai-train'] as const;
export type YesNoPurpose = (typeof YES_NO_PURPOSES)[number];

/** Every purpose, yes/no purposes first. */
export const USAGE_PURPOSES: readonly UsagePurpose[] = ['search', 'ai-input', 'ai-train', 'use-level'];

/** Cloudflare's reuse levels, least first (§1.1, [S6]). */
export const USE_LEVELS = ['immediate', 'reference', 'full'] as const;
export type UseLevel = (typeof USE_LEVELS)[number];

/** What one statement says for one purpose; `unstated` when its vocabulary leaves the purpose unknown. */
export type StatementValue = 'allowed' | 'disallowed' | 'unstated' | UseLevel;

/** The vocabulary a statement is written in: combining inside one vocabulary follows §4.5. */
export type Vocabulary =
  'aipref' | 'content-signal' | 'training-policy' | 'control-token' | 'page-directives' | 'tdmrep';

/** Where a statement (or a gate line) is written (§1.2). */
export type UsageSource =
  /** A robots.txt line; `managed` inside a Cloudflare managed block (§3.6). */
  | { readonly source: 'robots'; readonly line: number; readonly managed?: true }
  /** A response header: its name as received and its 1-based position in the received list (a combined field: its first kept line). */
  | { readonly source: 'header'; readonly name: string; readonly position: number }
  /** A `<meta>` element: its name as written and N, its position among the metas of that name (ASCII case-insensitive). */
  | { readonly source: 'meta'; readonly name: string; readonly position: number }
  /** A rule of `/.well-known/tdmrep.json`, 1-based in array order. */
  | { readonly source: 'well-known'; readonly name: '/.well-known/tdmrep.json'; readonly rule: number };

/** A robots.txt source (gate lines are always robots lines). */
export type RobotsSource = Extract<UsageSource, { source: 'robots' }>;

/** Whether a statement counts for the declared answer (§4.6 step 1). */
export type StatementStatus =
  | { readonly kind: 'counted' }
  /** It does not count: `because` says what overrides it, in words. */
  | { readonly kind: 'overridden'; readonly because: string };

/** One source statement: one source, one purpose, one value (§1.2, §4.6). */
export interface UsageStatement {
  readonly signalId: SignalId;
  readonly vocabulary: Vocabulary;
  readonly purpose: UsagePurpose;
  readonly value: StatementValue;
  readonly source: UsageSource;
  /** Who it is addressed to, in words: "every recipient", "crawlers of the `*` group", "Google crawlers". */
  readonly addressedTo: string;
  /** What it governs when narrower than the purpose, e.g. "Gemini Apps and Vertex AI grounding". */
  readonly scope?: string;
  /** The control or policy token whose group states it (`control-token`, `training-policy`). */
  readonly token?: string;
  /** The scope in a few words, for the first screen: "Gemini only: Search and AI Overviews unaffected". */
  readonly brief?: string;
  /** `implicit`, `via *`, `snippet-only`. */
  readonly qualifier?: string;
  readonly status: StatementStatus;
}

/** A caveat shown under an answer; it never changes the answer (§4.8). */
export type UsageCaveat =
  | 'policy-token-unconfirmed'
  | `policy-token-inherits:${number}`
  | 'headers-unobserved'
  | 'rendered-dom'
  | 'fetcher-may-ignore-robots'
  | 'other-representations'
  | 'not-retroactive';

/** Why no usage signal can apply (§4.2). */
export type NotApplicableReason = 'robots-unreachable' | 'crawl-disallowed';

/** A statement the consumer view leaves out, with the operator's published status (§4.7). */
export interface NotCounted {
  readonly statement: UsageStatement;
  readonly status: ConsumerStatus;
  /** The operator's claim in words, or null when nothing is published. */
  readonly claim: string | null;
  /** When the claim was published or last checked (YYYY-MM-DD), or null. */
  readonly sourceDate: string | null;
}

/** The same computation over only the signals the crawler's operator states it reads (§4.7). */
export interface ConsumerView {
  /** The operator (e.g. "Google"), or null for a custom token with no known operator. */
  readonly operator: string | null;
  readonly kind: UsageAnswerKind;
  readonly deciding: UsageSource | null;
  /** The statements that count for the operator (honoured or partial). */
  readonly counted: readonly UsageStatement[];
  readonly notCounted: readonly NotCounted[];
  /** The consumer data's date: "per operators' published statements as of <asOf>". */
  readonly asOf: string;
  /** True when a cell used here is older than 180 days at `now`: "re-check". */
  readonly recheck: boolean;
}

/** The declared answer's kind for a yes/no purpose or for `use-level`. */
export type UsageAnswerKind = 'allowed' | 'disallowed' | 'no-statement' | UseLevel | 'not-applicable';

/** A surface-impact line shown with the answer (§6). */
export interface SurfaceLine {
  /** `row`: a row of the §6 table that involves this crawler; `explanation`: one of the seven explanations, whose condition holds. */
  readonly kind: 'row' | 'explanation';
  readonly id: string;
  readonly text: string;
}

/** Fields every answer has. */
interface AnswerBase {
  readonly purpose: UsagePurpose;
  /** The crawler (or token) the answer is for, as given. */
  readonly crawler: string;
  readonly caveats: readonly UsageCaveat[];
  /** Per-crawler notes in words (e.g. CU-10, CU-12, CS-07, CS-09), never changing the answer. */
  readonly notes: readonly string[];
  readonly consumer: ConsumerView;
  readonly surface: readonly SurfaceLine[];
}

/**
 * The answer for one crawler and one purpose (§1.2, §8): `not-applicable` when the crawler may not
 * fetch the URL or robots.txt is unreachable; otherwise the declared answer with its deciding
 * statement (null exactly for `no-statement`).
 */
export type UsageAnswer =
  | (AnswerBase & {
      readonly kind: 'not-applicable';
      readonly reason: NotApplicableReason;
      /** The crawl verdict's deciding line (line 0 for `robots-unreachable`). */
      readonly deciding: RobotsSource;
      readonly statements: readonly UsageStatement[];
      readonly qualifiers: readonly string[];
    })
  | (AnswerBase & {
      readonly kind: 'allowed' | 'disallowed' | UseLevel;
      readonly deciding: UsageSource;
      readonly statements: readonly UsageStatement[];
      readonly qualifiers: readonly string[];
    })
  | (AnswerBase & {
      readonly kind: 'no-statement';
      readonly deciding: null;
      readonly statements: readonly UsageStatement[];
      readonly qualifiers: readonly string[];
    });

/** A response header as received: `[name, value]`. */
export type HeaderPair = readonly [name: string, value: string];

/** A `<meta name content>` element, in document order. */
export interface MetaTag {
  readonly name: string;
  readonly content: string;
}

/** The `/.well-known/tdmrep.json` result as the caller has it (§8): a body string, a parsed JSON value, or `{ status, body }`. */
export type TdmrepInput = unknown;
