/**
 * Per-crawler usage data (docs/semantics/usage.md §8): each crawler's operator, role (fetcher, control token,
 * policy token), the meta names and X-Robots-Tag prefixes it reads, the control tokens that speak
 * for it, and the training-policy tokens. Data with its source and date; the robots presets
 * (lib/robots/crawlers.ts) are read, never changed.
 */
import { toAsciiLower } from '../shared/ascii';
import { type CrawlerPreset, findCrawler } from '../robots/crawlers';
import type { UsagePurpose } from './types';

/** When the data in this file was last checked against its sources. */
export const CRAWLER_USAGE_AS_OF = '2026-11-25';

/** A control token that speaks for a crawler, for some purposes only (§3.8). */
export interface ControlToken {
  readonly token: string;
  readonly purposes: readonly UsagePurpose[];
  /** What it governs, in words. */
  readonly scope: string;
  /** The scope in a few words, for the first screen: what it covers and what it leaves alone. */
  readonly brief: string;
  /** Without a group of its own, a `*` Disallow decides for it (it is an ordinary robots token). */
  readonly inheritsStar: true;
  readonly fetchedBy: string;
  readonly source: string;
  readonly verified: string;
}

/** A training-preference policy token (§3.7). */
export interface TrainingPolicyToken {
  readonly token: string;
  /** False while the token's spelling is unconfirmed: every statement then carries a caveat. */
  readonly confirmed: boolean;
  readonly source: string;
  readonly verified: string;
}

export const GOOGLE_EXTENDED: ControlToken = {
  token: 'Google-Extended',
  purposes: ['ai-train', 'ai-input'],
  scope: 'Gemini training, and grounding in Gemini Apps and Vertex AI; not Google Search or AI Overviews',
  brief: 'Gemini only: Search and AI Overviews unaffected',
  inheritsStar: true,
  fetchedBy: 'Googlebot',
  source: 'Google common crawlers page, Google-Extended [S14]',
  verified: '2026-08-28',
};

export const APPLEBOT_EXTENDED: ControlToken = {
  token: 'Applebot-Extended',
  purposes: ['ai-train'],
  scope: "training of Apple's foundation models; not Siri, Spotlight or Safari search",
  brief: "Apple's model training only: Siri, Spotlight and Safari unaffected",
  inheritsStar: true,
  fetchedBy: 'Applebot',
  source: 'Apple support 119829 [S19]',
  verified: '2026-08-28',
};

/** Every control token the data knows. */
export const CONTROL_TOKENS: readonly ControlToken[] = [GOOGLE_EXTENDED, APPLEBOT_EXTENDED];

/** Agent-name grammar a policy token must fit (docs/semantics/robots.md §2): Google's `[A-Za-z_-]`. */
const AGENT_GRAMMAR = /^[A-Za-z_-]+$/;

/**
 * Returns the policy tokens that fit Google's agent grammar; a token outside it could never be
 * matched, so the loader rejects it (§3.7).
 */
export function loadTrainingPolicyTokens(tokens: readonly TrainingPolicyToken[]): readonly TrainingPolicyToken[] {
  return tokens.filter((t) => AGENT_GRAMMAR.test(t.token));
}

/** The training-preference policy tokens (§3.7); the spelling is unconfirmed ([S9], L). */
export const TRAINING_POLICY_TOKENS: readonly TrainingPolicyToken[] = loadTrainingPolicyTokens([
  {
    token: '__usage_ai-training',
    confirmed: false,
    source: 'draft-kelley-aipref-training-preference-signal-00 (abstract); spelling from one third-party tool [S9]',
    verified: '2026-11-25',
  },
]);

/** What a crawler row is. */
export type CrawlerRole = 'fetcher' | 'control-token' | 'policy-token';

/** How page directives are combined for the crawler (docs/semantics/page-directives.md §3). */
export type DirectiveEngine = 'google' | 'bing' | 'yandex' | 'other';

/** The usage facts about one crawler row. */
export interface CrawlerUsage {
  /** The token as given (or the preset's spelling). */
  readonly token: string;
  readonly preset: CrawlerPreset | null;
  readonly operator: string | null;
  readonly role: CrawlerRole;
  /** The crawler that fetches for a control-token row (Google-Extended → Googlebot). */
  readonly fetchedBy: string | null;
  /** Meta names, also the X-Robots-Tag prefixes, lower-cased (§3.9, §8). */
  readonly metaNames: readonly string[];
  readonly engine: DirectiveEngine;
  /** The operator says robots.txt may not apply to this fetcher (§4.2 step 4). */
  readonly robotsMayNotApply: boolean;
  readonly controlTokens: readonly ControlToken[];
  /** The policy token data when `role` is `policy-token`. */
  readonly policyToken: TrainingPolicyToken | null;
}

const GOOGLE_TEXT_CRAWLERS = new Set(['googlebot', 'googlebot-news', 'google-inspectiontool']);
const GOOGLE_OTHER_FETCHERS = new Set(['googlebot-image', 'googlebot-video', 'storebot-google', 'googleother']);
/** Fetchers whose operator says robots.txt may not apply ([S20], [S22], [S34]). */
const ROBOTS_MAY_NOT_APPLY = new Set(['chatgpt-user', 'perplexity-user']);

/**
 * Operators of tokens that are not robots presets but appear in the consumer data (§5): Cloudflare's
 * Browser Rendering /crawl ([S7], token seen in one managed list [S31, L]).
 */
const EXTRA_OPERATORS: ReadonlyMap<string, string> = new Map([['cloudflarebrowserrenderingcrawler', 'Cloudflare']]);

/**
 * Returns the usage facts of a crawler row: a preset token, a control or policy token, or a custom
 * token (then: operator unknown, meta names `robots` and the token lower-cased, no control tokens).
 */
export function findCrawlerUsage(token: string): CrawlerUsage {
  let found = usageByToken.get(token);
  if (found === undefined) {
    found = readCrawlerUsage(token);
    if (usageByToken.size >= MAX_REMEMBERED_TOKENS) usageByToken.clear();
    usageByToken.set(token, found);
  }
  return found;
}

/** Tokens remembered by findCrawlerUsage (beyond this the memo is cleared: a bound, not a cache policy). */
const MAX_REMEMBERED_TOKENS = 256;
const usageByToken = new Map<string, CrawlerUsage>();

function readCrawlerUsage(token: string): CrawlerUsage {
  const folded = toAsciiLower(token);
  const policyToken = TRAINING_POLICY_TOKENS.find((t) => toAsciiLower(t.token) === folded) ?? null;
  if (policyToken !== null) {
    return {
      token: policyToken.token,
      preset: null,
      operator: null,
      role: 'policy-token',
      fetchedBy: null,
      metaNames: [],
      engine: 'other',
      robotsMayNotApply: false,
      controlTokens: [],
      policyToken,
    };
  }
  const control = CONTROL_TOKENS.find((t) => toAsciiLower(t.token) === folded);
  if (control !== undefined) {
    const fetcher = findCrawlerUsage(control.fetchedBy);
    return {
      ...fetcher,
      token: control.token,
      preset: findCrawler(control.token) ?? null,
      role: 'control-token',
      fetchedBy: control.fetchedBy,
      controlTokens: [control],
    };
  }
  const preset = findCrawler(token) ?? null;
  const own = preset === null ? folded : toAsciiLower(preset.token);
  const operator = preset?.operator ?? EXTRA_OPERATORS.get(folded) ?? null;
  let metaNames: readonly string[] = ['robots', own];
  let engine: DirectiveEngine = operator === 'Google' ? 'google' : 'other';
  let controlTokens: readonly ControlToken[] = [];
  if (GOOGLE_TEXT_CRAWLERS.has(own)) {
    metaNames = ['robots', own, 'googlebot'];
    controlTokens = [GOOGLE_EXTENDED];
  } else if (GOOGLE_OTHER_FETCHERS.has(own)) {
    controlTokens = [GOOGLE_EXTENDED];
  } else if (own === 'bingbot') {
    metaNames = ['robots', 'bingbot', 'msnbot'];
    engine = 'bing';
  } else if (own === 'applebot') {
    metaNames = ['robots', 'applebot'];
    controlTokens = [APPLEBOT_EXTENDED];
  } else if (own === 'yandexbot') {
    metaNames = ['robots', 'yandexbot', 'yandex'];
    engine = 'yandex';
  }
  return {
    token: preset?.token ?? token,
    preset,
    operator,
    role: 'fetcher',
    fetchedBy: null,
    metaNames: [...new Set(metaNames)],
    engine,
    robotsMayNotApply: ROBOTS_MAY_NOT_APPLY.has(own),
    controlTokens,
    policyToken: null,
  };
}
