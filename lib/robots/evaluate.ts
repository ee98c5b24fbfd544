/**
 * Evaluates URLs against a parsed robots.txt exactly as Google's parser does (SEMANTICS.md §2 group
 * selection, §3 matching, §4 the deciding line) and explains the verdict. The parsed value stays
 * plain data; a compiled index is built lazily per file and per selection, and reused across calls.
 */

import { toAsciiLower } from './bytes';
import { compilePattern, extractMatchPath, getIndexHtmlRetryPattern, matchesSegments, type CompiledPattern } from './match';
import type {
  AgentLine,
  CrawlDelay,
  GoogleBehaviour,
  Group,
  GroupRef,
  GroupSelection,
  LosingRule,
  LossReason,
  MatchedRule,
  RobotsTxt,
  Rule,
  Verdict,
} from './types';

/** Up to this many patterns in a selection are checked one by one; more get a prefix tree. */
const LINEAR_SCAN_MAX_ENTRIES = 32;

/** Caller names remembered per file (beyond this the memo is cleared: a bound, not a cache policy). */
const MAX_CACHED_CALLERS = 256;

const EMPTY: readonly never[] = Object.freeze([]);

/** A rule of one selection, ready to match. */
interface CompiledRule {
  readonly rule: Rule;
  /** Position in the selection's merged rules, which is file order (ties go to the earliest line). */
  readonly order: number;
  readonly isAllow: boolean;
  /** The index.html retry pattern (Allow rules only), or null. */
  readonly retryPattern: string | null;
  viaPattern: MatchedRule | null;
  viaRetry: MatchedRule | null;
}

/** One pattern to test: a rule's own pattern, or its index.html retry. */
interface Entry {
  readonly target: CompiledRule;
  readonly pattern: Exclude<CompiledPattern, { kind: 'never' }>;
  readonly isRetry: boolean;
}

/** A radix-tree node over the literal prefixes of patterns (the text before the first `*` or `$`). */
interface TrieNode {
  label: string;
  children: Map<number, TrieNode> | null;
  entries: Entry[] | null;
}

/** A match found for one path: a rule, how it matched and at which priority. */
interface Hit {
  readonly target: CompiledRule;
  readonly isRetry: boolean;
  readonly priority: number;
}

/** The merged rules of the chosen groups, indexed for matching. */
class RuleSetMatcher {
  private readonly rules: CompiledRule[];
  private readonly linear: Entry[] | null;
  private readonly trie: TrieNode | null;
  /** `matched[order] === generation` when the rule's own pattern matched the current path. */
  private readonly matched: Int32Array;
  private generation = 0;

  constructor(rules: readonly Rule[]) {
    this.rules = rules.map((rule, order) => ({
      rule,
      order,
      isAllow: rule.kind === 'allow',
      retryPattern: rule.kind === 'allow' ? getIndexHtmlRetryPattern(rule.pattern) : null,
      viaPattern: null,
      viaRetry: null,
    }));
    this.matched = new Int32Array(this.rules.length);
    const entries: Entry[] = [];
    for (const target of this.rules) {
      const own = compilePattern(target.rule.pattern);
      if (own.kind !== 'never') entries.push({ target, pattern: own, isRetry: false });
      if (target.retryPattern !== null) {
        const retry = compilePattern(target.retryPattern);
        if (retry.kind !== 'never') entries.push({ target, pattern: retry, isRetry: true });
      }
    }
    if (entries.length <= LINEAR_SCAN_MAX_ENTRIES) {
      this.linear = entries;
      this.trie = null;
    } else {
      this.linear = null;
      this.trie = { label: '', children: null, entries: null };
      for (const entry of entries) insertEntry(this.trie, entry);
    }
  }

  /** Returns every rule that matches `path`, with index.html retries resolved (§3). */
  findHits(path: string): Hit[] {
    const generation = ++this.generation;
    const hits: Hit[] = [];
    let retries: Entry[] | null = null;
    const visit = (entry: Entry, literalEnd: number): void => {
      const p = entry.pattern;
      const ok =
        p.kind === 'prefix' ||
        (p.kind === 'exact' ? literalEnd === path.length : matchesSegments(p.segments, p.anchoredEnd, path, literalEnd));
      if (!ok) return;
      if (entry.isRetry) {
        (retries ??= []).push(entry);
      } else {
        this.matched[entry.target.order] = generation;
        hits.push({ target: entry.target, isRetry: false, priority: entry.target.rule.priority });
      }
    };
    if (this.linear !== null) {
      for (const entry of this.linear) {
        if (path.startsWith(entry.pattern.literal)) visit(entry, entry.pattern.literal.length);
      }
    } else {
      let node = this.trie as TrieNode;
      let pos = 0;
      for (;;) {
        if (node.entries !== null) for (const entry of node.entries) visit(entry, pos);
        if (node.children === null || pos >= path.length) break;
        const child = node.children.get(path.charCodeAt(pos));
        if (child === undefined || !path.startsWith(child.label, pos)) break;
        pos += child.label.length;
        node = child;
      }
    }
    if (retries !== null) {
      // Google retries an Allow as `…/$` only when its own pattern did not match.
      for (const entry of retries as Entry[]) {
        if (this.matched[entry.target.order] !== generation) {
          hits.push({ target: entry.target, isRetry: true, priority: (entry.target.retryPattern as string).length });
        }
      }
    }
    return hits;
  }
}

function insertEntry(root: TrieNode, entry: Entry): void {
  const key = entry.pattern.literal;
  let node = root;
  let pos = 0;
  for (;;) {
    if (pos === key.length) {
      (node.entries ??= []).push(entry);
      return;
    }
    const first = key.charCodeAt(pos);
    const children = (node.children ??= new Map());
    const child = children.get(first);
    if (child === undefined) {
      children.set(first, { label: key.slice(pos), children: null, entries: [entry] });
      return;
    }
    const label = child.label;
    let common = 1;
    while (common < label.length && pos + common < key.length && label.charCodeAt(common) === key.charCodeAt(pos + common)) {
      common++;
    }
    if (common < label.length) {
      const middle: TrieNode = { label: label.slice(0, common), children: new Map([[label.charCodeAt(common), child]]), entries: null };
      child.label = label.slice(common);
      children.set(first, middle);
      node = middle;
    } else {
      node = child;
    }
    pos += common;
  }
}

/** The best hit of each kind: highest priority, then earliest line (§3, §4). */
function pickBest(hits: readonly Hit[]): { allow: Hit | null; disallow: Hit | null } {
  let allow: Hit | null = null;
  let disallow: Hit | null = null;
  for (const hit of hits) {
    if (hit.target.isAllow) {
      if (allow === null || isBetter(hit, allow)) allow = hit;
    } else if (disallow === null || isBetter(hit, disallow)) {
      disallow = hit;
    }
  }
  return { allow, disallow };
}

function isBetter(a: Hit, b: Hit): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.target.order < b.target.order);
}

/** Google's decision: only a positive priority decides, and ties go to Allow. */
function decide(allow: Hit | null, disallow: Hit | null): { allowed: boolean; decider: Hit | null } {
  const pa = allow === null ? -1 : allow.priority;
  const pd = disallow === null ? -1 : disallow.priority;
  const allowed = !((pa > 0 || pd > 0) && pd > pa);
  // The reported line is that of the higher match; on a tie, the Allow's (zero-length ones count).
  return { allowed, decider: pd > pa ? disallow : allow };
}

function toMatchedRule(hit: Hit): MatchedRule {
  const t = hit.target;
  if (hit.isRetry) {
    return (t.viaRetry ??= createMatchedRule(t.rule, 'index-html', t.retryPattern as string));
  }
  return (t.viaPattern ??= createMatchedRule(t.rule, 'pattern', t.rule.pattern));
}

function createMatchedRule(rule: Rule, via: MatchedRule['via'], matchedPattern: string): MatchedRule {
  return {
    kind: rule.kind,
    line: rule.line,
    text: rule.text,
    pattern: rule.pattern,
    priority: rule.priority,
    quirk: rule.quirk,
    quirks: rule.quirks,
    isLineCut: rule.isLineCut,
    via,
    matchedPattern,
    matchedPriority: matchedPattern.length,
  };
}

/** Which groups apply to a caller; `ids` in file order. */
export type GroupChoice =
  | { readonly kind: 'specific'; readonly ids: readonly number[] }
  | { readonly kind: 'global'; readonly ids: readonly number[] }
  | { readonly kind: 'none' };

/** Everything about a selection that does not depend on the URL. */
interface SelectionPlan {
  readonly selection: GroupSelection;
  readonly matcher: RuleSetMatcher | null;
  readonly crawlDelay: CrawlDelay | null;
  /** Truncated agent names that made the chosen groups apply (Google-specific, §5). */
  readonly agentBehaviours: readonly GoogleBehaviour[];
}

/** The per-file index, attached to a parsed file through a WeakMap (the file stays plain data). */
interface CompiledRobots {
  /** Lower-cased file-side token → ids of the groups naming it, in file order. */
  readonly byToken: Map<string, number[]>;
  readonly globalIds: readonly number[];
  /** Plans by selection key (`t:<token>`, `global`, `none`, or a caller-supplied key). */
  readonly plans: Map<string, SelectionPlan>;
  /** Plans by caller name exactly as given. */
  readonly callers: Map<string, SelectionPlan>;
}

const compiledFiles = new WeakMap<RobotsTxt, CompiledRobots>();

function getCompiled(robots: RobotsTxt): CompiledRobots {
  let compiled = compiledFiles.get(robots);
  if (compiled === undefined) {
    const byToken = new Map<string, number[]>();
    const globalIds: number[] = [];
    for (const group of robots.groups) {
      let isGlobal = false;
      for (const agent of group.agents) {
        if (agent.isGlobal) {
          isGlobal = true;
          continue;
        }
        const key = toAsciiLower(agent.token);
        const ids = byToken.get(key);
        if (ids === undefined) byToken.set(key, [group.id]);
        else if (ids[ids.length - 1] !== group.id) ids.push(group.id);
      }
      if (isGlobal) globalIds.push(group.id);
    }
    compiled = { byToken, globalIds, plans: new Map(), callers: new Map() };
    compiledFiles.set(robots, compiled);
  }
  return compiled;
}

/**
 * Returns which groups apply to `userAgent` (§2): the groups naming it (compared whole and ASCII
 * case-insensitively with each line's leading `[A-Za-z_-]` run), else the `*` groups, else none.
 */
export function chooseGroups(robots: RobotsTxt, userAgent: string): GroupChoice {
  const compiled = getCompiled(robots);
  const ids = compiled.byToken.get(toAsciiLower(userAgent));
  if (ids !== undefined) return { kind: 'specific', ids };
  if (compiled.globalIds.length > 0) return { kind: 'global', ids: compiled.globalIds };
  return { kind: 'none' };
}

/** Returns true when at least one group names `token` (compared as `chooseGroups` does). */
export function hasGroupNaming(robots: RobotsTxt, token: string): boolean {
  return getCompiled(robots).byToken.has(toAsciiLower(token));
}

function getPlanForCaller(robots: RobotsTxt, userAgent: string): SelectionPlan {
  const compiled = getCompiled(robots);
  let plan = compiled.callers.get(userAgent);
  if (plan === undefined) {
    plan = getPlanForToken(robots, userAgent);
    if (compiled.callers.size >= MAX_CACHED_CALLERS) compiled.callers.clear();
    compiled.callers.set(userAgent, plan);
  }
  return plan;
}

function getPlanForToken(robots: RobotsTxt, token: string): SelectionPlan {
  const choice = chooseGroups(robots, token);
  const lower = toAsciiLower(token);
  const key = choice.kind === 'specific' ? 't:' + lower : choice.kind;
  return getPlan(robots, key, choice, (agent) => !agent.isGlobal && toAsciiLower(agent.token) === lower);
}

/**
 * Returns the plan for a group choice, built once per key. `namesCaller` tells which agent lines of
 * a specific group name the caller (for the truncated-agent explanation).
 */
function getPlan(robots: RobotsTxt, key: string, choice: GroupChoice, namesCaller: (agent: AgentLine) => boolean): SelectionPlan {
  const compiled = getCompiled(robots);
  let plan = compiled.plans.get(key);
  if (plan !== undefined) return plan;
  if (choice.kind === 'none') {
    plan = { selection: { kind: 'none' }, matcher: null, crawlDelay: null, agentBehaviours: EMPTY };
  } else {
    const groups = choice.ids.map((id) => robots.groups[id] as Group);
    const refs: GroupRef[] = groups.map((g) => ({ id: g.id, agents: g.agents, firstLine: g.firstLine, lastLine: g.lastLine }));
    const selection: GroupSelection =
      choice.kind === 'specific'
        ? { kind: 'specific', groups: refs, globalIgnored: compiled.globalIds.some((id) => !choice.ids.includes(id)) }
        : { kind: 'global', groups: refs };
    const isChosenLine = choice.kind === 'specific' ? namesCaller : (agent: AgentLine) => agent.isGlobal;
    const agentBehaviours: GoogleBehaviour[] = [];
    for (const group of groups) {
      const naming = group.agents.filter(isChosenLine);
      if (naming.length > 0 && naming.every((a) => a.isTruncated)) {
        for (const a of naming) agentBehaviours.push({ kind: 'truncated-agent', line: a.line, value: a.value, token: a.token });
      }
    }
    plan = {
      selection,
      matcher: new RuleSetMatcher(groups.flatMap((g) => g.rules)),
      crawlDelay: groups.find((g) => g.crawlDelay !== null)?.crawlDelay ?? null,
      agentBehaviours: agentBehaviours.length > 0 ? agentBehaviours : EMPTY,
    };
  }
  compiled.plans.set(key, plan);
  return plan;
}

/**
 * Returns Google's verdict for `url` and the crawler `userAgent` (a product token such as
 * `Googlebot`), with its explanation: the chosen groups, the deciding rule (null exactly when
 * Google reports line 0), the other matching rules and why they lost, and the Google-specific
 * behaviours that decided it. `url` is absolute or a path starting with `/`, matched as given (§3).
 */
export function evaluate(robots: RobotsTxt, url: string, userAgent: string): Verdict {
  return explainPlan(robots, getPlanForCaller(robots, userAgent), url, userAgent);
}

/**
 * Returns the verdict for `url` using the groups `choice` names, remembered under `key` for this
 * file. `namesCaller` marks the agent lines that chose a specific group. For callers that apply
 * their own group selection (crawler presets); `evaluate` is this with Google's selection.
 */
export function evaluateWithChoice(
  robots: RobotsTxt,
  url: string,
  userAgent: string,
  key: string,
  choice: GroupChoice,
  namesCaller: (agent: AgentLine) => boolean,
): Verdict {
  return explainPlan(robots, getPlan(robots, 'x:' + key, choice, namesCaller), url, userAgent);
}

/**
 * Returns the verdict for `url` with the groups Google would choose for `token`, reported as
 * `userAgent` (a crawler that falls back to another token's group, e.g. Googlebot-Image →
 * Googlebot). `evaluate` is this with `token === userAgent`.
 */
export function evaluateWithToken(robots: RobotsTxt, url: string, userAgent: string, token: string): Verdict {
  return explainPlan(robots, getPlanForToken(robots, token), url, userAgent);
}

/** Returns the `*` groups as a choice (or none when the file has no `*` group). */
export function chooseGlobalGroups(robots: RobotsTxt): GroupChoice {
  const ids = getCompiled(robots).globalIds;
  return ids.length > 0 ? { kind: 'global', ids } : { kind: 'none' };
}

/** Returns only whether Google may fetch `url` as `userAgent` (same result as `evaluate(…).allowed`). */
export function isAllowed(robots: RobotsTxt, url: string, userAgent: string): boolean {
  const plan = getPlanForCaller(robots, userAgent);
  if (plan.matcher === null) return true;
  const { allow, disallow } = pickBest(plan.matcher.findHits(extractMatchPath(url)));
  return decide(allow, disallow).allowed;
}

function explainPlan(robots: RobotsTxt, plan: SelectionPlan, url: string, userAgent: string): Verdict {
  const path = extractMatchPath(url);
  if (plan.matcher === null) {
    return {
      allowed: true,
      rule: null,
      userAgent,
      path,
      selection: plan.selection,
      others: EMPTY,
      googleSpecific: plan.agentBehaviours,
      crawlDelay: plan.crawlDelay,
      sitemaps: robots.sitemaps,
    };
  }
  const hits = plan.matcher.findHits(path);
  const { allow, disallow } = pickBest(hits);
  const { allowed, decider } = decide(allow, disallow);
  const rule = decider === null ? null : toMatchedRule(decider);
  return {
    allowed,
    rule,
    userAgent,
    path,
    selection: plan.selection,
    others: decider === null ? EMPTY : listLosers(hits, decider),
    googleSpecific: rule === null ? plan.agentBehaviours : listBehaviours(rule, plan.agentBehaviours),
    crawlDelay: plan.crawlDelay,
    sitemaps: robots.sitemaps,
  };
}

function listLosers(hits: readonly Hit[], decider: Hit): readonly LosingRule[] {
  if (hits.length === 1) return EMPTY;
  const losers = hits.filter((h) => h !== decider).sort((a, b) => b.priority - a.priority || a.target.order - b.target.order);
  return losers.map((hit) => {
    let reason: LossReason;
    if (hit.priority < decider.priority) reason = 'shorter';
    else if (hit.target.isAllow === decider.target.isAllow) reason = 'later-duplicate';
    else reason = 'tie-goes-to-allow';
    return { ...toMatchedRule(hit), reason };
  });
}

function listBehaviours(rule: MatchedRule, agentBehaviours: readonly GoogleBehaviour[]): readonly GoogleBehaviour[] {
  const out: GoogleBehaviour[] = [];
  if (rule.via === 'index-html') out.push({ kind: 'index-html', line: rule.line });
  for (const quirk of rule.quirks) {
    if (quirk.kind === 'typo') out.push({ kind: 'typo-key', line: rule.line, written: quirk.written });
    else if (quirk.kind === 'missing-colon') out.push({ kind: 'missing-colon', line: rule.line });
  }
  if (rule.isLineCut) out.push({ kind: 'line-cut', line: rule.line });
  if (out.length === 0) return agentBehaviours;
  out.push(...agentBehaviours);
  return out;
}
