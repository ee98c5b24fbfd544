/**
 * The Use verdict (docs/semantics/usage.md): may this page be used for search, AI input or AI training, from
 * every usage signal the site sends, per URL × crawler × purpose; with the consumer view from
 * dated data, the surface impact and the lint additions. Pure and framework-free.
 *
 *     const answer = resolveUsage({ robots, robotsStatus: 200, url, crawler: 'GPTBot', purpose: 'ai-train', headers, meta });
 *
 * For many crawlers on one file: `prepareRobotsUsage` once, `preparePageUsage` once, then
 * `resolveUsageForCrawler` per crawler (every purpose at once).
 */
import { type CrawlerUsageAnswers, type ResolveOptions, resolveUsageForCrawler } from './evaluate-usage';
import { type PageUsageInput, preparePageUsage } from './page-usage';
import { prepareRobotsUsage, type RobotsUsage } from './robots-usage';
import type { HeaderPair, MetaTag, UsageAnswer, UsagePurpose } from './types';

export type * from './types';
export { USAGE_PURPOSES, USE_LEVELS, YES_NO_PURPOSES } from './types';
export { type CrawlerUsageAnswers, type ResolveOptions, resolveUsageForCrawler } from './evaluate-usage';
export { type PageUsage, type PageUsageInput, preparePageUsage } from './page-usage';
export { isUnreachableStatus, prepareRobotsUsage, type RobotsUsage, type RobotsUsageInput } from './robots-usage';
export {
  type AnswerSide,
  type CountedSide,
  robotsLineOf,
  separateAnswers,
  type SeparateAnswers,
  type UncountedSignal,
} from './answers';
export { parseSfDictionary, type SfDictionaryResult } from './parse-sf-dictionary';
export {
  parseAiprefStatement,
  parseContentUsageRule,
  type AiprefStatement,
  type ContentUsageRule,
} from './parse-content-usage';
export { parseContentSignal, type ContentSignal } from './parse-content-signal';
export { combineFieldLines, type CombinedField } from './header-fields';
export { matchTdmFile, readTdmFile, type TdmFile } from './tdmrep';
export {
  CONTROL_TOKENS,
  CRAWLER_USAGE_AS_OF,
  type CrawlerUsage,
  findCrawlerUsage,
  TRAINING_POLICY_TOKENS,
} from './crawler-usage';
export { CONSUMERS, CONSUMERS_AS_OF, type ConsumerEntry } from './consumers';
export { EXPLANATIONS, SURFACE_AS_OF, SURFACE_ROWS, type SurfaceRow } from './surface';
export {
  describeCaveat,
  describeConsumerAsOf,
  describeStatement,
  describeUsageAnswer,
  describeUsageSource,
  purposeLabel,
} from './words';
export { lintPageUsage, lintRobotsFile, lintRobotsUsage, type UsageDiagnostic, type UsageDiagnosticCode } from './lint';

/** The input of resolveUsage (§8). */
export interface ResolveUsageInput {
  /** robots.txt body text, or null. */
  readonly robots: string | null;
  /** 429/5xx or `'network-error'`: unreachable; another 4xx (or a null body): no robots statements. */
  readonly robotsStatus: number | 'network-error' | null;
  readonly url: string;
  /** A token of the crawler catalogue (lib/crawlers/records.ts), a control or policy token, or a custom token. */
  readonly crawler: string;
  readonly purpose: UsagePurpose;
  /** `[name, value]` in received order; `[]` observed and empty; null not observed. */
  readonly headers: readonly HeaderPair[] | null;
  readonly meta: readonly MetaTag[];
  /** The tdmrep.json result; absent or null: not fetched. */
  readonly tdmrep?: unknown;
  /** The clock for `unavailable_after` (ms since the epoch); default: now. */
  readonly now?: number;
  readonly metaSource?: PageUsageInput['metaSource'];
  readonly hasDataNosnippet?: boolean;
}

/** The last file prepared by resolveUsage: calls for many crawlers on one body parse it once. */
let lastPrepared: { body: string | null; status: ResolveUsageInput['robotsStatus']; usage: RobotsUsage } | null = null;

/**
 * Returns the Use answer for one crawler and one purpose (§4, §8): `not-applicable` with its reason
 * and the gate's line, or the declared answer with its deciding statement, every statement
 * considered, qualifiers, caveats, the consumer view and the surface-impact lines.
 */
export function resolveUsage(input: ResolveUsageInput, options?: ResolveOptions): UsageAnswer {
  let usage: RobotsUsage;
  if (lastPrepared !== null && lastPrepared.body === input.robots && lastPrepared.status === input.robotsStatus) {
    usage = lastPrepared.usage;
  } else {
    usage = prepareRobotsUsage({ body: input.robots, status: input.robotsStatus });
    lastPrepared = { body: input.robots, status: input.robotsStatus, usage };
  }
  const page = preparePageUsage(input);
  const answers: CrawlerUsageAnswers = resolveUsageForCrawler(usage, page, input.crawler, options);
  return answers[input.purpose];
}
