/**
 * Verdicts for a named crawler (CRAWLERS.md): its own token, then its documented fallback tokens,
 * then `*` unless it ignores `*`; and whether a custom token can be matched by Google's grammar at
 * all (SEMANTICS.md §2). Matching itself stays exactly Google's (evaluate.ts).
 */

import { toAsciiLower } from './bytes';
import { type CrawlDelaySupport, type CrawlerPreset, DEPRECATED_TOKENS, findCrawler } from './crawlers';
import { evaluate, explainPlan, isAllowed, isAllowedByPlan } from './evaluate';
import { extractAgentToken } from './parse';
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
 * ignores `*` (CRAWLERS.md); YandexBot takes every group whose User-agent value contains "Yandex".
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

/** Whether Google's grammar can match a caller's token (SEMANTICS.md §2). */
export type TokenValidation =
  /** Only `[A-Za-z_-]`: a group can name it. `warning` when the token is stale (e.g. `anthropic-ai`). */
  | { readonly kind: 'valid'; readonly token: string; readonly warning: string | null }
  /** The empty name: it matches only `User-agent:` lines whose name is empty or starts with another character. */
  | { readonly kind: 'empty'; readonly explanation: string }
  /** `*` is the global group, not a crawler. */
  | { readonly kind: 'global'; readonly explanation: string }
  /** Has a character outside `[A-Za-z_-]`: no group can name it. `readAs` is what a file line with this name becomes. */
  | {
      readonly kind: 'unmatchable';
      readonly token: string;
      readonly readAs: string;
      readonly reason: 'digit' | 'space' | 'slash' | 'other';
      readonly explanation: string;
    };

/**
 * Returns whether a group can ever name `token` under Google's grammar, and if not, one sentence
 * saying why (e.g. "MJ12bot contains a digit: …"). The token is taken exactly as given.
 */
export function validateUserAgentToken(token: string): TokenValidation {
  if (token.length === 0) {
    return {
      kind: 'empty',
      explanation:
        'The token is empty: it matches only `User-agent:` lines with no name (or a name such as `*bot` that starts with another character), so it stands for no real crawler.',
    };
  }
  if (token === '*') {
    return {
      kind: 'global',
      explanation:
        '`*` is the global group, not a crawler token: pick a crawler to see whether the `*` group applies to it.',
    };
  }
  const readAs = extractAgentToken(token);
  if (readAs.length === token.length) {
    const stale = DEPRECATED_TOKENS.get(toAsciiLower(token));
    const warning =
      stale === undefined
        ? null
        : `${stale.token} is not in its operator's current documentation: use ${stale.replacement} instead.`;
    return { kind: 'valid', token, warning };
  }
  const bad = token.charAt(readAs.length);
  const reason = /[0-9]/.test(bad) ? 'digit' : /\s/.test(bad) ? 'space' : bad === '/' ? 'slash' : 'other';
  const what = reason === 'other' ? `the character \`${bad}\`` : `a ${reason}`;
  const readText = readAs.length > 0 ? `\`${readAs}\`` : 'an empty name';
  return {
    kind: 'unmatchable',
    token,
    readAs,
    reason,
    explanation: `${token} contains ${what}: Google's parser reads \`User-agent: ${token}\` as ${readText}, so no group can ever name this token exactly.`,
  };
}
