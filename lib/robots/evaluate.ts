/**
 * Decides a URL against a compiled robots.txt exactly as Google's parser does (docs/semantics/robots.md §3
 * matching, §4 the deciding line) and explains the verdict: the deciding rule, the rules that lost
 * and why, the Google-specific behaviours that decided it. Group selection is select.ts's; finding
 * the matching rules is rule-index.ts's.
 */

import { extractMatchPath } from './match';
import { type Hit, type Target } from './rule-index';
import type { CompiledRobots, Plan } from './select';
import { sortByRank } from './sort';
import type { GoogleBehaviour, LosingRule, LossReason, MatchedRule, Verdict } from './types';

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * Returns Google's verdict for `url` and the crawler `userAgent` (a product token such as
 * `Googlebot`, compared whole, §2), with its explanation: the chosen groups, the deciding rule (null
 * exactly when Google reports line 0), the other matching rules and why they lost, and the
 * Google-specific behaviours that decided it. `url` is absolute or a path starting with `/`,
 * matched as given (§3).
 */
export function evaluate(compiled: CompiledRobots, url: string, userAgent: string): Verdict {
  return explainPlan(compiled, compiled.planFor(userAgent), url, userAgent);
}

/** Returns only whether Google may fetch `url` as `userAgent`: the same answer as `evaluate(…).allowed`, faster. */
export function isAllowed(compiled: CompiledRobots, url: string, userAgent: string): boolean {
  return isAllowedByPlan(compiled.planFor(userAgent), url);
}

/** Returns whether the plan's rules allow `url`. */
export function isAllowedByPlan(plan: Plan, url: string): boolean {
  return plan.ruleSet === null || plan.ruleSet.isAllowed(extractMatchPath(url));
}

/** Returns the explained verdict for `url` under `plan`, reported as `userAgent`. */
export function explainPlan(compiled: CompiledRobots, plan: Plan, url: string, userAgent: string): Verdict {
  const path = extractMatchPath(url);
  if (plan.ruleSet === null) {
    return {
      allowed: true,
      rule: null,
      userAgent,
      path,
      selection: plan.selection,
      others: EMPTY,
      googleSpecific: plan.agentBehaviours,
      crawlDelay: plan.crawlDelay,
      sitemaps: compiled.robots.sitemaps,
    };
  }
  const hits = plan.ruleSet.findHits(path);
  const decider = findDecider(hits);
  const rule = decider === null ? null : toMatchedRule(decider);
  return {
    // The decider is the best Disallow only when it outranks every Allow; a zero-length match never disallows.
    allowed: decider === null || decider.target.isAllow || decider.priority === 0,
    rule,
    userAgent,
    path,
    selection: plan.selection,
    others: decider === null ? EMPTY : listLosers(hits, decider),
    googleSpecific: rule === null ? plan.agentBehaviours : listBehaviours(rule, plan.agentBehaviours),
    crawlDelay: plan.crawlDelay,
    sitemaps: compiled.robots.sitemaps,
  };
}

/**
 * Returns the hit whose line Google reports (§4): the higher of the best Disallow and the best
 * Allow, the Allow on a tie (zero-length matches count); among equal rules of one kind, the
 * earliest line. Null when nothing matched.
 */
function findDecider(hits: readonly Hit[]): Hit | null {
  let allow: Hit | null = null;
  let disallow: Hit | null = null;
  for (const hit of hits) {
    if (hit.target.isAllow) {
      if (allow === null || isBetter(hit, allow)) allow = hit;
    } else if (disallow === null || isBetter(hit, disallow)) {
      disallow = hit;
    }
  }
  if (disallow === null) return allow;
  if (allow === null) return disallow;
  return disallow.priority > allow.priority ? disallow : allow;
}

function isBetter(a: Hit, b: Hit): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.target.order < b.target.order);
}

function toMatchedRule(hit: Hit): MatchedRule {
  const t: Target = hit.target;
  if (hit.isRetry) return (t.viaRetry ??= createMatchedRule(t, 'index-html', t.retryPattern as string));
  return (t.viaPattern ??= createMatchedRule(t, 'pattern', t.rule.pattern));
}

function createMatchedRule(target: Target, via: MatchedRule['via'], matchedPattern: string): MatchedRule {
  return { rule: target.rule, via, matchedPattern, matchedPriority: matchedPattern.length };
}

function listLosers(hits: Hit[], decider: Hit): readonly LosingRule[] {
  if (hits.length === 1) return EMPTY;
  // The rule set's own list, in no particular order: sorted in place (already sorted when the
  // crawlers that share a selection ask for the same URL in turn).
  sortByRank(hits);
  const out = new Array<LosingRule>(hits.length - 1);
  let i = 0;
  for (const hit of hits) {
    if (hit === decider) continue;
    // A hit loses the same way whatever the URL: each of its three losses is made once.
    if (hit.priority < decider.priority) out[i++] = hit.lostAsShorter ??= createLoss(hit, 'shorter');
    else if (hit.target.isAllow === decider.target.isAllow)
      out[i++] = hit.lostAsDuplicate ??= createLoss(hit, 'later-duplicate');
    else out[i++] = hit.lostToAllow ??= createLoss(hit, 'tie-goes-to-allow');
  }
  return out;
}

function createLoss(hit: Hit, reason: LossReason): LosingRule {
  return { match: toMatchedRule(hit), reason };
}

function listBehaviours(match: MatchedRule, agentBehaviours: readonly GoogleBehaviour[]): readonly GoogleBehaviour[] {
  const rule = match.rule;
  if (match.via === 'pattern' && rule.quirks.length === 0 && !rule.isLineCut) return agentBehaviours;
  const out: GoogleBehaviour[] = [];
  if (match.via === 'index-html') out.push({ kind: 'index-html', line: rule.line });
  for (let i = 0; i < rule.quirks.length; i++) {
    const quirk = rule.quirks[i] as (typeof rule.quirks)[number];
    if (quirk.kind === 'typo') out.push({ kind: 'typo-key', line: rule.line, written: quirk.written });
    else out.push({ kind: 'missing-colon', line: rule.line });
  }
  if (rule.isLineCut) out.push({ kind: 'line-cut', line: rule.line });
  if (out.length === 0) return agentBehaviours;
  out.push(...agentBehaviours);
  return out;
}
