/**
 * Words the popup shows: the verdict's headline, how its group was chosen, the deciding rule and
 * the fetch status. Pure functions, shared by the components and the plain-text report.
 */
import type { FetchOutcome } from '../../lib/fetch/types';
import type { AgentLine, GroupRef, MatchedRule } from '../../lib/robots/types';
import type { PageVerdict } from './model';

/** Returns "line 3: Disallow: /private/", the deciding rule as written with its line. */
export function formatRule(rule: MatchedRule): string {
  return `line ${rule.rule.line}: ${rule.rule.text}`;
}

/**
 * Returns the verdict's headline word ("Allowed", "Blocked", "Not applicable") and the phrase
 * after it ("by line 3: Disallow: /x", "no robots.txt: everything allowed", …).
 */
export function describeVerdict(verdict: PageVerdict): { readonly word: string; readonly detail: string } {
  switch (verdict.kind) {
    case 'not-applicable':
      return { word: 'Not applicable', detail: 'robots.txt does not apply to this page' };
    case 'no-robots':
      return { word: 'Allowed', detail: 'no robots.txt: everything allowed' };
    case 'unreachable':
      return { word: 'Blocked', detail: 'robots.txt unreachable: everything blocked' };
    case 'rules': {
      const { rule, selection } = verdict.verdict;
      if (rule) return { word: verdict.allowed ? 'Allowed' : 'Blocked', detail: `by ${formatRule(rule)}` };
      return {
        word: 'Allowed',
        detail: selection.kind === 'none' ? 'no group applies to this crawler' : 'no rule matches this URL',
      };
    }
  }
}

/** Returns "allowed", "blocked" or "none": the colour key of a verdict (always shown with words). */
export function verdictTone(verdict: PageVerdict): 'allowed' | 'blocked' | 'none' {
  if (verdict.kind === 'not-applicable') return 'none';
  return verdict.allowed ? 'allowed' : 'blocked';
}

/**
 * Returns why the verdict used the group it did (CRAWLERS.md: own token, fallback token, `*`), or
 * null when a group names the crawler itself.
 */
export function describeGroupChoice(verdict: Extract<PageVerdict, { kind: 'rules' }>): string | null {
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
