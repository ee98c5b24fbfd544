/**
 * Words the popup shows: the verdict's headline, how its group was chosen, the deciding rule and
 * the fetch status. Pure functions, shared by the components and the plain-text report.
 */
import type { FetchOutcome } from '../../lib/fetch/types';
import type { CrawlDelaySupport } from '../../lib/robots';
import type { AgentLine, GroupRef, LossReason, MatchedRule } from '../../lib/robots/types';
import { describePageVerdict, describeRule, verdictTone } from '../../lib/verdict/words';
import type { PageVerdict } from './model';

/** Returns "line 3 `Disallow: /private/`", or for an empty pattern "line 2 `Disallow:` is empty: it allows everything". */
export function formatRule(rule: MatchedRule): string {
  return describeRule(rule.rule);
}

/** The verdict's headline word and phrase: lib/verdict/page-verdict's, the one wording of card, badge and report. */
export const describeVerdict = describePageVerdict;

export { verdictTone };

/** Returns true when a crawler's display name differs from its token other than by ASCII case ("Bingbot" vs "bingbot" does not). */
export function nameDiffersFromToken(crawler: { readonly name: string; readonly token: string }): boolean {
  const fold = (text: string) => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
  return fold(crawler.name) !== fold(crawler.token);
}

/**
 * Returns why the verdict used the group it did (lib/crawlers/records.ts: own token, fallback token, `*`), or
 * null when a group names the crawler itself.
 */
export function describeGroupChoice(verdict: Extract<PageVerdict, { kind: 'ok' }>): string | null {
  const { via, token } = verdict;
  if (via.kind === 'own') return null;
  const tried = via.unnamed.length > 0 ? via.unnamed.join(' or ') : token;
  switch (via.kind) {
    case 'fallback':
      return `No ${tried} group: ${via.token}’s rules apply (${token} falls back to ${via.token}).`;
    case 'global':
      return `No group names ${tried}: the * group applies.`;
    case 'ignored-global':
      return `${token} ignores the * group: only a group naming it applies, and none does — so it may fetch everything.`;
    case 'none':
      return `No group names ${tried} and there is no * group: everything is allowed.`;
  }
}

/** Returns the User-agent lines of the groups as written, e.g. "User-agent: Googlebot". */
export function formatAgents(groups: readonly GroupRef[]): string[] {
  return groups.flatMap((g) => g.agents.map((a: AgentLine) => `User-agent: ${a.value}`));
}

/** Returns the HTTP status or the failure's name, e.g. "HTTP 200", "HTTP 503", "timeout". */
export function formatStatus(outcome: FetchOutcome): string {
  switch (outcome.kind) {
    case 'ok':
      return `HTTP ${outcome.status}`;
    case 'unavailable':
      if (outcome.cause === 'too-many-redirects')
        return `too many redirects${outcome.status === null ? '' : ` (last HTTP ${outcome.status})`}`;
      if (outcome.cause === 'redirect-loop') return 'redirect loop';
      return outcome.status === null ? 'unavailable' : `HTTP ${outcome.status}`;
    case 'unreachable':
      if (outcome.cause === 'timeout') return `timeout (${outcome.detail})`;
      if (outcome.cause === 'network-error') return `network error: ${outcome.detail}`;
      return outcome.status === null ? outcome.cause : `HTTP ${outcome.status}`;
  }
}

/** Returns true for an absolute http: or https: URL, the only kind the popup makes a link of. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Why a matching rule lost, in words (the Why section and the report). */
export const LOSS_REASONS: Record<LossReason, string> = {
  shorter: 'shorter pattern: the longest match wins',
  'tie-goes-to-allow': 'same length as the deciding Allow: ties go to Allow',
  'later-duplicate': 'same kind and length as the deciding rule, on a later line',
};

/** Whether a crawler honours Crawl-delay, as a verb phrase after its name. */
export const CRAWL_DELAY_VERBS: Record<CrawlDelaySupport['kind'], string> = {
  honoured: 'honours it',
  claimed: 'is said to honour it',
  ignored: 'ignores it',
  'not-supported': 'does not support it',
  'not-documented': 'may or may not honour it (not documented)',
  unknown: 'may or may not honour it (not known)',
  'not-applicable': 'does not crawl on a schedule, so it does not apply',
};

/** The one name of the action that fetches robots.txt anew, wherever it is offered. */
export const REFETCH = 'Fetch robots.txt again';
