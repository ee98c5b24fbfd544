/**
 * Verdicts for a named crawler (lib/crawlers/records.ts): its own token, then its documented fallback tokens,
 * then `*` unless it ignores `*`; and whether a custom token can be matched by Google's grammar at
 * all (docs/semantics/robots.md §2). Matching itself stays exactly Google's (evaluate.ts).
 */

import { type CrawlDelaySupport, type CrawlerPreset, findCrawler } from './crawlers';
import { evaluate, explainPlan, isAllowed, isAllowedByPlan } from './evaluate';
import type { CompiledRobots, CrawlerVia } from './select';
import type { Verdict } from './types';

export type { CrawlerVia } from './select';

/** A verdict for a crawler, with how its group was chosen and whether it honours Crawl-delay. */
export interface CrawlerVerdict {
  /** Google's verdict, computed with the chosen token's groups; `userAgent` is the crawler's token. */
  readonly verdict: Verdict;
  /** The preset used, or null for a custom token. */
  readonly crawler: CrawlerPreset | null;
  readonly token: string;
  readonly via: CrawlerVia;
  /** Whether this crawler honours the verdict's `crawlDelay`. */
  readonly crawlDelaySupport: CrawlDelaySupport;
}

const CUSTOM_DELAY: CrawlDelaySupport = { kind: 'unknown', note: 'Not known for a custom token.' };

/**
 * Returns the verdict for `url` as `crawler` would reach it: a preset (or a token naming one)
 * applies its documented group selection — its token, then each fallback token, then `*` unless it
 * ignores `*` (lib/crawlers/records.ts); YandexBot takes every group whose User-agent value contains "Yandex".
 * A custom token behaves exactly like `evaluate`.
 */
export function evaluateForCrawler(
  compiled: CompiledRobots,
  url: string,
  crawler: CrawlerPreset | string,
): CrawlerVerdict {
  const preset = typeof crawler === 'string' ? (findCrawler(crawler) ?? null) : crawler;
  if (preset === null) return evaluateCustomToken(compiled, url, crawler as string);
  const { plan, via } = compiled.planForCrawler(preset);
  return {
    verdict: explainPlan(compiled, plan, url, preset.token),
    crawler: preset,
    token: preset.token,
    via,
    crawlDelaySupport: preset.crawlDelay,
  };
}

/** Returns only whether `crawler` may fetch `url`: the same answer as `evaluateForCrawler(…).verdict.allowed`, faster. */
export function isAllowedForCrawler(compiled: CompiledRobots, url: string, crawler: CrawlerPreset | string): boolean {
  const preset = typeof crawler === 'string' ? (findCrawler(crawler) ?? null) : crawler;
  if (preset === null) return isAllowed(compiled, url, crawler as string);
  return isAllowedByPlan(compiled.planForCrawler(preset).plan, url);
}

function evaluateCustomToken(compiled: CompiledRobots, url: string, token: string): CrawlerVerdict {
  const verdict = evaluate(compiled, url, token);
  const kind = verdict.selection.kind;
  // The selection's `global` and `none` are the via kinds of the same name.
  const via: CrawlerVia = kind === 'specific' ? { kind: 'own', token, match: 'exact' } : { kind, unnamed: [token] };
  return { verdict, crawler: null, token, via, crawlDelaySupport: CUSTOM_DELAY };
}
