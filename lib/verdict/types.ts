/**
 * The page verdict's types: what governs a page (PageRobots), its verdict for one crawler
 * (PageVerdict) and the conditions that change how to read it. Data only: reading them is
 * page-verdict.ts, their words are words.ts.
 */
import type { OutcomeDescription } from '../fetch/describe';
import type { FetchedBody, FetchOutcome, FetchRecord } from '../fetch/types';
import type { CompiledRobots, CrawlerVerdict, RobotsTxt } from '../robots';
import type { GoogleOutage } from './outage';

export type UnavailableOutcome = Extract<FetchOutcome, { kind: 'unavailable' }>;
export type UnreachableOutcome = Extract<FetchOutcome, { kind: 'unreachable' }>;

/** A condition that changes how to read a verdict. */
export type ReadingConditionKind =
  /** The body reads as an HTML page, not a robots.txt. */
  | 'html-body'
  /** The Content-Type is text/html (crawlers read the body as text anyway). */
  | 'served-as-html'
  /** UTF-16 or UTF-32: every ASCII character carries NUL bytes, which end each line for crawlers. */
  | 'wide-encoding'
  /** Not valid UTF-8 (a legacy encoding): rules match the bytes as written. */
  | 'not-utf-8'
  /** Cut at 500 KiB. */
  | 'cut'
  /** Redirected to another origin; the rules still apply to the page's origin. */
  | 'cross-origin-redirect'
  /** Served from a cached copy old enough that the site may have changed it. */
  | 'stale-cache'
  /** Not one Allow or Disallow rule parsed. */
  | 'no-rules'
  /** The custom token cannot be matched by Google's grammar. */
  | 'unmatchable-token'
  /** robots.txt is unreachable: which step of Google's sequence applies now, and until when. */
  | 'outage';

/** One condition, in one sentence a person reads beside the verdict. */
export interface ReadingCondition {
  readonly kind: ReadingConditionKind;
  readonly text: string;
  /** For `cut`, once judged: whether the cut reached the deciding rule, the group that applies, or neither. */
  readonly cutReaches?: 'rule' | 'group' | 'neither';
  /** For `outage`: the step of Google's sequence that applies now. */
  readonly outageStep?: GoogleOutage['kind'];
}

/** A copy served from the cache this old is worth a word: the site may have changed it. */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/** What governs an inspected page: its origin's robots.txt as crawlers read it. */
export type PageRobots =
  | { readonly kind: 'not-applicable'; readonly explanation: string }
  /** 4xx, too many redirects, a redirect loop, an unexpected status: no rules. */
  | {
      readonly kind: 'unavailable';
      readonly origin: string;
      readonly outcome: UnavailableOutcome;
      readonly explanation: string;
      readonly conditions: readonly ReadingCondition[];
    }
  /** 429, 5xx, timeout, network failure: everything disallowed. */
  | {
      readonly kind: 'unreachable';
      readonly origin: string;
      readonly outcome: UnreachableOutcome;
      readonly explanation: string;
      readonly conditions: readonly ReadingCondition[];
    }
  /** A 2xx body and its parse (from its bytes, as crawlers read it). */
  | {
      readonly kind: 'ok';
      readonly origin: string;
      readonly body: FetchedBody;
      readonly robots: RobotsTxt;
      /** The parse compiled for evaluation (`compiled.robots === robots`). */
      readonly compiled: CompiledRobots;
      /** The conditions that hold whatever the crawler (all but the cut's reach and the token's). */
      readonly conditions: readonly ReadingCondition[];
    };

/** The verdict for one URL and one crawler, whatever the fetch outcome was. */
export type PageVerdict =
  | { readonly kind: 'not-applicable'; readonly explanation: string; readonly conditions: readonly ReadingCondition[] }
  | {
      readonly kind: 'unavailable';
      readonly allowed: true;
      readonly outcome: UnavailableOutcome;
      readonly explanation: string;
      readonly conditions: readonly ReadingCondition[];
    }
  | {
      readonly kind: 'unreachable';
      readonly allowed: false;
      readonly outcome: UnreachableOutcome;
      readonly explanation: string;
      readonly conditions: readonly ReadingCondition[];
    }
  /** The file's rules decided: the engine's CrawlerVerdict. */
  | ({
      readonly kind: 'ok';
      readonly allowed: boolean;
      readonly conditions: readonly ReadingCondition[];
    } & CrawlerVerdict);

/**
 * What a robots.txt reading starts from: a fetch record, the words the worker chose for it, and
 * where it came from (the protocol's Inspection has this shape, as does a cached origin's record).
 */
export interface RecordReading {
  readonly record: FetchRecord;
  readonly description: OutcomeDescription;
  /** `cache` when served from the cache, `network` when fetched for this request. */
  readonly source: 'cache' | 'network';
  /** now − record.fetchedAt, in ms, when the reading was made. */
  readonly ageMs: number;
}

/** A page's reading: one robots.txt does not govern, or its origin's record. */
export type PageReading =
  { readonly kind: 'not-applicable'; readonly explanation: string } | ({ readonly kind: 'inspected' } & RecordReading);
