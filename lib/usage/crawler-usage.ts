/**
 * The Use verdict's view of the crawler catalogue (lib/crawlers/usage.ts, keyed by token): each
 * crawler row's operator, role (fetcher, control token, policy token), the meta names and
 * X-Robots-Tag prefixes it reads, the control tokens that speak for it, the training-policy tokens,
 * and the explanations its behaviour calls for. The facts live in the records; change them there.
 */
import { toAsciiLower } from '../shared/ascii';
import { type CrawlerPreset, findCrawler } from '../robots/crawlers';
import type { CrawlerToken } from '../crawlers/records';
import type { ControlTokenUsage, DirectiveEngine, ExplanationId, PairedBlock, UsageFacts } from '../crawlers/types';
import { USAGE_FACTS, USAGE_FACTS_AS_OF, USAGE_ONLY_RECORDS } from '../crawlers/usage';
import type { UsagePurpose } from './types';

export type { DirectiveEngine } from '../crawlers/types';

/** When the data in this view was last checked against its sources. */
export const CRAWLER_USAGE_AS_OF = USAGE_FACTS_AS_OF;

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
  /** The explanation shown when it disallows the page. */
  readonly explainsDisallow: ExplanationId;
}

/** A training-preference policy token (§3.7). */
export interface TrainingPolicyToken {
  readonly token: string;
  /** False while the token's spelling is unconfirmed: every statement then carries a caveat. */
  readonly confirmed: boolean;
}

const toControlToken = (token: string, { role: _role, ...facts }: ControlTokenUsage): ControlToken => ({
  token,
  ...facts,
});

/** Every control token of the catalogue, in catalogue order. */
export const CONTROL_TOKENS: readonly ControlToken[] = (Object.keys(USAGE_FACTS) as CrawlerToken[]).flatMap((token) => {
  const facts = USAGE_FACTS[token];
  return facts.role === 'control-token' ? [toControlToken(token, facts)] : [];
});

/** Agent-name grammar a policy token must fit (SEMANTICS §2): Google's `[A-Za-z_-]`. */
const AGENT_GRAMMAR = /^[A-Za-z_-]+$/;

/**
 * Returns the policy tokens that fit Google's agent grammar; a token outside it could never be
 * matched, so the loader rejects it (§3.7).
 */
export function loadTrainingPolicyTokens(tokens: readonly TrainingPolicyToken[]): readonly TrainingPolicyToken[] {
  return tokens.filter((t) => AGENT_GRAMMAR.test(t.token));
}

/** The training-preference policy tokens of the catalogue (§3.7); the spelling is unconfirmed ([S9], L). */
export const TRAINING_POLICY_TOKENS: readonly TrainingPolicyToken[] = loadTrainingPolicyTokens(
  USAGE_ONLY_RECORDS.flatMap(({ token, usage }) =>
    usage.role === 'policy-token' ? [{ token, confirmed: usage.confirmed }] : [],
  ),
);

/** What a crawler row is. */
export type CrawlerRole = UsageFacts['role'];

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
  /** The crawler pair whose blocking calls for an explanation, or null. */
  readonly pairedBlock: PairedBlock | null;
  /** The explanation shown when robots.txt blocks this crawler, or null. */
  readonly explainsBlock: ExplanationId | null;
  /** Its operator says noarchive keeps a page out of its model training. */
  readonly noarchiveMeansNoTraining: boolean;
}

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

/** A row of no record: only `robots` and its own token, lower-cased, as every crawler reads them. */
const UNKNOWN = {
  role: 'fetcher',
  fetchedBy: null,
  engine: 'other',
  robotsMayNotApply: false,
  controlTokens: [],
  policyToken: null,
  pairedBlock: null,
  explainsBlock: null,
  noarchiveMeansNoTraining: false,
} as const;

function readCrawlerUsage(token: string): CrawlerUsage {
  const folded = toAsciiLower(token);
  const preset = findCrawler(token) ?? null;
  const other = preset === null ? USAGE_ONLY_RECORDS.find((r) => toAsciiLower(r.token) === folded) : undefined;
  const facts = preset === null ? other?.usage : USAGE_FACTS[preset.token as CrawlerToken];
  const policyToken = TRAINING_POLICY_TOKENS.find((t) => toAsciiLower(t.token) === folded);
  if (facts === undefined || (facts.role === 'policy-token' && policyToken === undefined)) {
    return { ...UNKNOWN, token, preset, operator: other?.operator ?? null, metaNames: ['robots', folded] };
  }
  switch (facts.role) {
    case 'policy-token':
      return {
        ...UNKNOWN,
        token: policyToken?.token ?? token,
        preset: null,
        operator: null,
        role: 'policy-token',
        metaNames: [],
        policyToken: policyToken ?? null,
      };
    case 'control-token':
      return {
        ...findCrawlerUsage(facts.fetchedBy),
        token: preset?.token ?? token,
        preset,
        role: 'control-token',
        fetchedBy: facts.fetchedBy,
        controlTokens: CONTROL_TOKENS.filter((t) => toAsciiLower(t.token) === folded),
      };
    case 'fetcher': {
      const { alsoReads, ...rest } = facts;
      return {
        ...rest,
        token: preset?.token ?? token,
        preset,
        operator: preset?.operator ?? other?.operator ?? null,
        fetchedBy: null,
        metaNames: [...new Set(['robots', folded, ...alsoReads])],
        controlTokens: CONTROL_TOKENS.filter((t) => facts.controlTokens.includes(t.token)),
        policyToken: null,
      };
    }
  }
}
