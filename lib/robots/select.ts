/**
 * Which groups of a parsed robots.txt apply to a caller (docs/semantics/robots.md §2), and a crawler preset's
 * documented selection on top of Google's (lib/crawlers/records.ts: fallback tokens, `*` ignored, Yandex's
 * "contains" rule). The compiled handle keeps each selection it has made, with its rule set.
 */

import { toAsciiLower } from '../shared/ascii';
import type { CrawlerPreset } from './crawlers';
import { RuleSet, SCANS_BEFORE_INDEX } from './rule-index';
import type { AgentLine, CrawlDelay, GoogleBehaviour, Group, GroupRef, GroupSelection, RobotsTxt, Rule } from './types';

/** Caller names remembered per handle (beyond this the memo is cleared: a bound, not a cache policy). */
const MAX_CACHED_CALLERS = 256;

const EMPTY: readonly never[] = Object.freeze([]);

/** Which group a crawler's verdict used, and why. */
export type CrawlerVia =
  /**
   * A group names the crawler's own token (`match: 'exact'`), or, for Yandex, a group's User-agent
   * value contains its needle (`match: 'contains'`).
   */
  | { readonly kind: 'own'; readonly token: string; readonly match: 'exact' | 'contains' }
  /** No group names the crawler (`unnamed`, in the order tried), so the group of fallback `token` applied. */
  | { readonly kind: 'fallback'; readonly token: string; readonly unnamed: readonly string[] }
  /** No group names the crawler or its fallbacks (`unnamed`): the `*` groups applied. */
  | { readonly kind: 'global'; readonly unnamed: readonly string[] }
  /** No group names the crawler, and it ignores `*` although the file has `*` groups: everything allowed. */
  | { readonly kind: 'ignored-global'; readonly unnamed: readonly string[] }
  /** No group names the crawler and there is no `*` group: everything allowed. */
  | { readonly kind: 'none'; readonly unnamed: readonly string[] };

/** Everything about a selection that does not depend on the URL. */
export interface Plan {
  readonly selection: GroupSelection;
  /** The chosen groups' rules, in file order; null when no group applies. */
  readonly ruleSet: RuleSet | null;
  readonly crawlDelay: CrawlDelay | null;
  /** Truncated agent names that made the chosen groups apply (Google-specific, §5). */
  readonly agentBehaviours: readonly GoogleBehaviour[];
}

/** A crawler preset's plan and how its group was chosen. */
export interface CrawlerPlan {
  readonly plan: Plan;
  readonly via: CrawlerVia;
}

/**
 * Group ids chosen for a caller, in file order. A specific choice made by Google's grammar keeps
 * the caller's token, ASCII-folded (`named`), to find the agent lines that name it; Yandex's
 * "contains" choice has none.
 */
type Choice =
  | { readonly kind: 'specific'; readonly ids: readonly number[]; readonly named: string | null }
  | { readonly kind: 'global'; readonly ids: readonly number[] }
  | { readonly kind: 'none' };

const NO_CHOICE: Choice = { kind: 'none' };

/** How a compiled file answers. */
export interface CompileOptions {
  /**
   * How many URLs a selection (the groups a crawler reads) answers by testing each of its rules
   * before it builds its rule index; default 16 (SCANS_BEFORE_INDEX), 0 builds it for the first.
   */
  readonly scansBeforeIndex?: number;
}

/**
 * A parsed robots.txt compiled for evaluation: keep it and evaluate as many URLs against it as you
 * like. It builds what a selection needs when first asked (the agent lookup; each selection's rule
 * index once it has answered a few URLs) and keeps it; the parsed file itself is never changed.
 */
export class CompiledRobots {
  readonly robots: RobotsTxt;
  private readonly scansBeforeIndex: number;
  private agents: { readonly byToken: Map<string, number[]>; readonly globalIds: readonly number[] } | null = null;
  private readonly plans = new Map<string, Plan>();
  private readonly callers = new Map<string, Plan>();
  private readonly crawlers = new Map<CrawlerPreset, CrawlerPlan>();
  private lastPreset: CrawlerPreset | null = null;
  private lastCrawlerPlan: CrawlerPlan | null = null;

  constructor(robots: RobotsTxt, options: CompileOptions = {}) {
    this.robots = robots;
    this.scansBeforeIndex = options.scansBeforeIndex ?? SCANS_BEFORE_INDEX;
  }

  /** @internal Returns the plan Google uses for the caller `userAgent`, compared whole (§2). */
  planFor(userAgent: string): Plan {
    let plan = this.callers.get(userAgent);
    if (plan === undefined) {
      plan = this.planForToken(userAgent);
      if (this.callers.size >= MAX_CACHED_CALLERS) this.callers.clear();
      this.callers.set(userAgent, plan);
    }
    return plan;
  }

  /**
   * @internal Returns the plan for a preset: its token, then each fallback token, then `*` unless it ignores
   * `*`; YandexBot takes every group whose User-agent value contains "Yandex" (lib/crawlers/records.ts).
   */
  planForCrawler(preset: CrawlerPreset): CrawlerPlan {
    // A run of URLs asks for one crawler after another the same way: the last answer first.
    if (preset === this.lastPreset) return this.lastCrawlerPlan as CrawlerPlan;
    let found = this.crawlers.get(preset);
    if (found === undefined) {
      found = this.choosePlanForCrawler(preset);
      this.crawlers.set(preset, found);
    }
    this.lastPreset = preset;
    this.lastCrawlerPlan = found;
    return found;
  }

  /** @internal Returns true when at least one group names `token` (compared as Google does, §2). */
  hasGroupNaming(token: string): boolean {
    return this.getAgents().byToken.has(toAsciiLower(token));
  }

  private choosePlanForCrawler(preset: CrawlerPreset): CrawlerPlan {
    const token = preset.token;
    const unnamed: string[] = [];
    if (preset.groupMatch.kind === 'contains') {
      const plan = this.planForNeedle(preset.groupMatch.needle);
      if (plan !== null) return { plan, via: { kind: 'own', token, match: 'contains' } };
      unnamed.push(token);
    } else {
      // The crawler's own token, then each fallback in order.
      for (let i = -1; i < preset.fallbacks.length; i++) {
        const candidate = i < 0 ? token : (preset.fallbacks[i] as string);
        if (this.hasGroupNaming(candidate)) {
          const via: CrawlerVia =
            i < 0
              ? { kind: 'own', token, match: 'exact' }
              : { kind: 'fallback', token: candidate, unnamed: unnamed.slice() };
          return { plan: this.planForToken(candidate), via };
        }
        unnamed.push(candidate);
      }
    }
    const globalIds = this.getAgents().globalIds;
    if (preset.ignoresGlobal || globalIds.length === 0) {
      return {
        plan: this.getPlan('none', NO_CHOICE),
        via: { kind: globalIds.length === 0 ? 'none' : 'ignored-global', unnamed },
      };
    }
    return {
      plan: this.getPlan('global', { kind: 'global', ids: globalIds }),
      via: { kind: 'global', unnamed },
    };
  }

  /**
   * Returns the plan of every group whose User-agent value contains `needle` (ASCII
   * case-insensitively), or null when none does: Yandex's own rule, not Google's grammar, so no
   * truncated-agent note applies.
   */
  private planForNeedle(needle: string): Plan | null {
    const folded = toAsciiLower(needle);
    const ids = this.robots.groups
      .filter((g) => g.agents.some((a) => !a.isGlobal && toAsciiLower(a.value).includes(folded)))
      .map((g) => g.id);
    return ids.length === 0 ? null : this.getPlan('contains:' + folded, { kind: 'specific', ids, named: null });
  }

  private planForToken(token: string): Plan {
    const lower = toAsciiLower(token);
    const agents = this.getAgents();
    const ids = agents.byToken.get(lower);
    if (ids !== undefined) {
      return this.getPlan('t:' + lower, { kind: 'specific', ids, named: lower });
    }
    if (agents.globalIds.length > 0) return this.getPlan('global', { kind: 'global', ids: agents.globalIds });
    return this.getPlan('none', NO_CHOICE);
  }

  private getAgents(): { readonly byToken: Map<string, number[]>; readonly globalIds: readonly number[] } {
    if (this.agents !== null) return this.agents;
    const byToken = new Map<string, number[]>();
    const globalIds: number[] = [];
    for (const group of this.robots.groups) {
      let isGlobal = false;
      for (const agent of group.agents) {
        if (agent.isGlobal) {
          isGlobal = true;
          continue;
        }
        // A file-side token is ASCII (`[A-Za-z_-]*`, §2), so the native fold is the ASCII fold.
        const key = agent.token.toLowerCase();
        const ids = byToken.get(key);
        if (ids === undefined) byToken.set(key, [group.id]);
        else if (ids[ids.length - 1] !== group.id) ids.push(group.id);
      }
      if (isGlobal) globalIds.push(group.id);
    }
    return (this.agents = { byToken, globalIds });
  }

  /** Returns the plan for a choice, built once per key. */
  private getPlan(key: string, choice: Choice): Plan {
    let plan = this.plans.get(key);
    if (plan === undefined) {
      plan = createPlan(this.robots, this.getAgents().globalIds, choice, this.scansBeforeIndex);
      this.plans.set(key, plan);
    }
    return plan;
  }
}

/** Returns `robots` compiled for evaluation: a handle to keep while evaluating URLs against this file. */
export function compileRobots(robots: RobotsTxt, options?: CompileOptions): CompiledRobots {
  return new CompiledRobots(robots, options);
}

function createPlan(robots: RobotsTxt, globalIds: readonly number[], choice: Choice, scansBeforeIndex: number): Plan {
  if (choice.kind === 'none')
    return { selection: { kind: 'none' }, ruleSet: null, crawlDelay: null, agentBehaviours: EMPTY };
  // One pass over the chosen groups, in file order (a cold start compiles what it runs: no callbacks).
  const named = choice.kind === 'specific' ? choice.named : null;
  const refs: GroupRef[] = [];
  const groups: Group[] = [];
  const agentBehaviours: GoogleBehaviour[] = [];
  let crawlDelay: CrawlDelay | null = null;
  for (const id of choice.ids) {
    const group = robots.groups[id] as Group;
    groups.push(group);
    refs.push({ id: group.id, agents: group.agents, firstLine: group.firstLine, lastLine: group.lastLine });
    crawlDelay ??= group.crawlDelay;
    // Truncated names that made the group apply, when every line naming the caller is one (§5).
    let naming = 0;
    let truncated = 0;
    for (const agent of group.agents) {
      if (!isChosenLine(agent, choice.kind, named)) continue;
      naming++;
      if (agent.isTruncated) truncated++;
    }
    if (naming === 0 || truncated < naming) continue;
    for (const agent of group.agents) {
      if (isChosenLine(agent, choice.kind, named))
        agentBehaviours.push({ kind: 'truncated-agent', line: agent.line, value: agent.value, token: agent.token });
    }
  }
  let selection: GroupSelection;
  if (choice.kind === 'specific') {
    let globalIgnored = false;
    for (const id of globalIds) if (!choice.ids.includes(id)) globalIgnored = true;
    selection = { kind: 'specific', groups: refs, globalIgnored };
  } else {
    selection = { kind: 'global', groups: refs };
  }
  return {
    selection,
    ruleSet: new RuleSet(mergeRules(groups), scansBeforeIndex),
    crawlDelay,
    agentBehaviours: agentBehaviours.length > 0 ? agentBehaviours : EMPTY,
  };
}

/**
 * True when an agent line is one that chose its group: a `*` line for the global groups, a line
 * naming the caller's folded token `named` for a specific choice (none for Yandex's "contains").
 */
function isChosenLine(agent: AgentLine, kind: 'specific' | 'global', named: string | null): boolean {
  if (kind === 'global') return agent.isGlobal;
  return named !== null && !agent.isGlobal && agent.token.toLowerCase() === named;
}

/** Returns the rules of `groups` in one array, in file order (groups are in file order). */
function mergeRules(groups: readonly Group[]): readonly Rule[] {
  if (groups.length === 1) return (groups[0] as Group).rules;
  const merged: Rule[] = [];
  for (const group of groups) for (const rule of group.rules) merged.push(rule);
  return merged;
}
