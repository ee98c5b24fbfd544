/**
 * Evaluates URLs against a parsed robots.txt exactly as Google's parser does (SEMANTICS.md §2 group
 * selection, §3 matching, §4 the deciding line) and explains the verdict. The parsed value stays
 * plain data; a compiled index is built lazily per file and per selection, and reused across calls.
 */

import { toAsciiLower } from './bytes';
import {
  type CompiledPattern,
  compilePattern,
  extractMatchPath,
  getIndexHtmlRetryPattern,
  matchesPattern,
  matchesSegments,
} from './match';
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

/** Up to this many probes are checked one by one; more are split by their next literal character. */
const BUCKET_MAX_PROBES = 8;

/** Rule sets larger than this test each distinct pattern text once (large files repeat rules across groups). */
const DEDUPE_MIN_RULES = 256;

/** Patterns are ASCII after normalisation (§1): grouping by next character needs 128 slots. */
const ASCII_CODES = 128;

/** Reused while building a trie node: probes grouped by their next character (emptied after each use). */
const groupScratch: (Probe[] | undefined)[] = new Array<Probe[] | undefined>(ASCII_CODES);

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
  /** The matcher's generation in which this rule's own pattern last matched. */
  matchedGeneration: number;
  viaPattern: MatchedRule | null;
  viaRetry: MatchedRule | null;
}

/** One pattern to test for one rule (its own pattern, or its index.html retry); `next` chains rules sharing the pattern text. */
interface Probe {
  readonly pattern: CompiledPattern;
  readonly target: CompiledRule;
  readonly isRetry: boolean;
  next: Probe | null;
}

/** A match found for one path: a rule, how it matched and at which priority. */
interface Hit {
  readonly target: CompiledRule;
  readonly isRetry: boolean;
  readonly priority: number;
}

/**
 * A burst-trie node over literal prefixes (the text before a pattern's first `*` or final `$`):
 * the probes whose literal is exactly the node's prefix of length `depth`, and the longer ones
 * either in one small bucket or split by their character at `depth`.
 */
interface TrieNode {
  readonly depth: number;
  readonly here: readonly Probe[] | null;
  readonly bucket: readonly Probe[] | null;
  /** The next characters that have a child, one per child, in the order of `children`. */
  readonly childChars: string;
  readonly children: readonly TrieNode[];
}

/** The merged rules of the chosen groups, indexed for matching. */
class RuleSetMatcher {
  private readonly root: TrieNode;
  private generation = 0;
  private readonly retryScratch: CompiledRule[] = [];

  constructor(rules: readonly Rule[]) {
    const probes: Probe[] = [];
    const byText = rules.length > DEDUPE_MIN_RULES ? new Map<string, Probe>() : null;
    const addProbe = (text: string, target: CompiledRule, isRetry: boolean): void => {
      const same = byText?.get(text);
      if (same !== undefined) {
        same.next = { pattern: same.pattern, target, isRetry, next: same.next };
        return;
      }
      const pattern = compilePattern(text);
      if (pattern === null) return;
      const probe: Probe = { pattern, target, isRetry, next: null };
      probes.push(probe);
      byText?.set(text, probe);
    };
    for (let order = 0; order < rules.length; order++) {
      const target = createTarget(rules[order] as Rule, order);
      addProbe(target.rule.pattern, target, false);
      if (target.retryPattern !== null) addProbe(target.retryPattern, target, true);
    }
    this.root = buildTrieNode(probes, 0);
  }

  /** Returns every rule that matches `path`, with index.html retries resolved (§3). */
  findHits(path: string): Hit[] {
    const generation = ++this.generation;
    const hits: Hit[] = [];
    const retries = this.retryScratch;
    retries.length = 0;
    let node: TrieNode | undefined = this.root;
    while (node !== undefined) {
      const depth: number = node.depth;
      if (node.here !== null) {
        for (const probe of node.here) {
          if (matchesSegments(probe.pattern.segments, probe.pattern.anchoredEnd, path, depth))
            collect(probe, generation, hits, retries);
        }
      }
      if (node.bucket !== null) {
        for (const probe of node.bucket) {
          const literal = probe.pattern.literal;
          if (
            path.startsWith(literal) &&
            matchesSegments(probe.pattern.segments, probe.pattern.anchoredEnd, path, literal.length)
          ) {
            collect(probe, generation, hits, retries);
          }
        }
      }
      node =
        depth < path.length && node.childChars.length > 0
          ? node.children[node.childChars.indexOf(path.charAt(depth))]
          : undefined;
    }
    // Google retries an Allow as `…/$` only when its own pattern did not match.
    for (const target of retries) {
      if (target.matchedGeneration !== generation) {
        hits.push({ target, isRetry: true, priority: (target.retryPattern as string).length });
      }
    }
    return hits;
  }
}

function buildTrieNode(probes: readonly Probe[], depth: number): TrieNode {
  let here: Probe[] | null = null;
  const longer: Probe[] = [];
  for (const probe of probes) {
    if (probe.pattern.literal.length === depth) (here ??= []).push(probe);
    else longer.push(probe);
  }
  if (longer.length <= BUCKET_MAX_PROBES) {
    return { depth, here, bucket: longer.length > 0 ? longer : null, childChars: '', children: EMPTY };
  }
  let childChars = '';
  const groups: Probe[][] = [];
  for (const probe of longer) {
    const code = probe.pattern.literal.charCodeAt(depth);
    let group = groupScratch[code];
    if (group === undefined) {
      group = groupScratch[code] = [];
      childChars += String.fromCharCode(code);
      groups.push(group);
    }
    group.push(probe);
  }
  for (let i = 0; i < childChars.length; i++) groupScratch[childChars.charCodeAt(i)] = undefined;
  return { depth, here, bucket: null, childChars, children: groups.map((group) => buildTrieNode(group, depth + 1)) };
}

function collect(first: Probe, generation: number, hits: Hit[], retries: CompiledRule[]): void {
  for (let probe: Probe | null = first; probe !== null; probe = probe.next) {
    const target = probe.target;
    if (probe.isRetry) {
      retries.push(target);
    } else {
      target.matchedGeneration = generation;
      hits.push({ target, isRetry: false, priority: target.rule.priority });
    }
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
  /** The chosen groups' rules in file order; null when no group applies. */
  readonly rules: readonly Rule[] | null;
  /** Built on the selection's second evaluation: a single check (a popup's one URL per crawler) scans the rules directly. */
  matcher: RuleSetMatcher | null;
  hasScanned: boolean;
  readonly crawlDelay: CrawlDelay | null;
  /** Truncated agent names that made the chosen groups apply (Google-specific, §5). */
  readonly agentBehaviours: readonly GoogleBehaviour[];
}

/** The per-file index, attached out of sight to a parsed file (see COMPILED; the file stays plain data). */
interface CompiledRobots {
  /** Lower-cased file-side token → ids of the groups naming it, in file order. */
  readonly byToken: Map<string, number[]>;
  readonly globalIds: readonly number[];
  /** Plans by selection key (`t:<token>`, `global`, `none`, or a caller-supplied key). */
  readonly plans: Map<string, SelectionPlan>;
  /** Plans by caller name exactly as given. */
  readonly callers: Map<string, SelectionPlan>;
  /** Group choices by lower-cased needle, for `chooseGroupsContaining`. */
  readonly containing: Map<string, GroupChoice>;
}

/**
 * Where a file's compiled index lives: a non-enumerable symbol-keyed property, which JSON, structured
 * clone (the extension's messages) and `Object.keys` all skip. A WeakMap would keep every parsed
 * file in an old-space ephemeron table and make short-lived parses cost full GCs; it is used only
 * for files that cannot take a property (frozen ones).
 */
const COMPILED = Symbol('robotscope.compiled');
const compiledFrozenFiles = new WeakMap<RobotsTxt, CompiledRobots>();

function getCompiled(robots: RobotsTxt): CompiledRobots {
  const attached = (robots as { [COMPILED]?: CompiledRobots })[COMPILED];
  if (attached !== undefined) return attached;
  const remembered = compiledFrozenFiles.get(robots);
  if (remembered !== undefined) return remembered;
  const compiled = compileRobots(robots);
  if (Object.isExtensible(robots)) Object.defineProperty(robots, COMPILED, { value: compiled, enumerable: false });
  else compiledFrozenFiles.set(robots, compiled);
  return compiled;
}

function compileRobots(robots: RobotsTxt): CompiledRobots {
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
  return { byToken, globalIds, plans: new Map(), callers: new Map(), containing: new Map() };
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

/**
 * Returns the groups with a User-agent value (as written, not `*`) that contains `needle`, ASCII
 * case-insensitively, as a specific choice; none when there are none. Not Google's rule: Yandex's
 * (CRAWLERS.md). Remembered per file.
 */
export function chooseGroupsContaining(robots: RobotsTxt, needle: string): GroupChoice {
  const compiled = getCompiled(robots);
  const lower = toAsciiLower(needle);
  let choice = compiled.containing.get(lower);
  if (choice === undefined) {
    const ids = robots.groups
      .filter((g) => g.agents.some((a) => !a.isGlobal && toAsciiLower(a.value).includes(lower)))
      .map((g) => g.id);
    choice = ids.length > 0 ? { kind: 'specific', ids } : { kind: 'none' };
    compiled.containing.set(lower, choice);
  }
  return choice;
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
function getPlan(
  robots: RobotsTxt,
  key: string,
  choice: GroupChoice,
  namesCaller: (agent: AgentLine) => boolean,
): SelectionPlan {
  const compiled = getCompiled(robots);
  let plan = compiled.plans.get(key);
  if (plan !== undefined) return plan;
  if (choice.kind === 'none') {
    plan = {
      selection: { kind: 'none' },
      rules: null,
      matcher: null,
      hasScanned: false,
      crawlDelay: null,
      agentBehaviours: EMPTY,
    };
  } else {
    const groups = choice.ids.map((id) => robots.groups[id] as Group);
    const refs: GroupRef[] = groups.map((g) => ({
      id: g.id,
      agents: g.agents,
      firstLine: g.firstLine,
      lastLine: g.lastLine,
    }));
    const selection: GroupSelection =
      choice.kind === 'specific'
        ? { kind: 'specific', groups: refs, globalIgnored: compiled.globalIds.some((id) => !choice.ids.includes(id)) }
        : { kind: 'global', groups: refs };
    const isChosenLine = choice.kind === 'specific' ? namesCaller : (agent: AgentLine) => agent.isGlobal;
    const agentBehaviours: GoogleBehaviour[] = [];
    for (const group of groups) {
      const naming = group.agents.filter(isChosenLine);
      if (naming.length > 0 && naming.every((a) => a.isTruncated)) {
        for (const a of naming)
          agentBehaviours.push({ kind: 'truncated-agent', line: a.line, value: a.value, token: a.token });
      }
    }
    plan = {
      selection,
      rules: mergeRules(groups),
      matcher: null,
      hasScanned: false,
      crawlDelay: groups.find((g) => g.crawlDelay !== null)?.crawlDelay ?? null,
      agentBehaviours: agentBehaviours.length > 0 ? agentBehaviours : EMPTY,
    };
  }
  compiled.plans.set(key, plan);
  return plan;
}

/** Returns the plan's matching rules for `path`: a direct scan the first time, the indexed matcher after. */
function findPlanHits(plan: SelectionPlan, path: string): Hit[] {
  const rules = plan.rules as readonly Rule[];
  if (plan.matcher === null) {
    if (!plan.hasScanned) {
      plan.hasScanned = true;
      return scanRules(rules, path);
    }
    plan.matcher = new RuleSetMatcher(rules);
  }
  return plan.matcher.findHits(path);
}

/** Returns the rules that match `path` by testing each one (no index), with index.html retries (§3). */
function scanRules(rules: readonly Rule[], path: string): Hit[] {
  const hits: Hit[] = [];
  // A retried `…/$` matches only a path that ends with `/`.
  const mayRetry = path.endsWith('/');
  for (let order = 0; order < rules.length; order++) {
    const rule = rules[order] as Rule;
    if (matchesPattern(rule.pattern, path)) {
      hits.push({ target: createTarget(rule, order), isRetry: false, priority: rule.priority });
    } else if (mayRetry && rule.kind === 'allow') {
      const retry = getIndexHtmlRetryPattern(rule.pattern);
      if (retry !== null && matchesPattern(retry, path))
        hits.push({ target: createTarget(rule, order), isRetry: true, priority: retry.length });
    }
  }
  return hits;
}

function createTarget(rule: Rule, order: number): CompiledRule {
  const isAllow = rule.kind === 'allow';
  return {
    rule,
    order,
    isAllow,
    retryPattern: isAllow ? getIndexHtmlRetryPattern(rule.pattern) : null,
    matchedGeneration: 0,
    viaPattern: null,
    viaRetry: null,
  };
}

/** Returns the rules of `groups` in one array, in file order (groups are in file order). */
function mergeRules(groups: readonly Group[]): readonly Rule[] {
  if (groups.length === 1) return (groups[0] as Group).rules;
  const merged: Rule[] = [];
  for (const group of groups) for (const rule of group.rules) merged.push(rule);
  return merged;
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
 * file (a `*` or empty choice shares `evaluate`'s plan). `namesCaller` marks the agent lines that
 * chose a specific group. For callers that apply their own group selection (crawler presets).
 */
export function evaluateWithChoice(
  robots: RobotsTxt,
  url: string,
  userAgent: string,
  key: string,
  choice: GroupChoice,
  namesCaller: (agent: AgentLine) => boolean,
): Verdict {
  const planKey = choice.kind === 'specific' ? 'x:' + key : choice.kind;
  return explainPlan(robots, getPlan(robots, planKey, choice, namesCaller), url, userAgent);
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
  if (plan.rules === null) return true;
  const { allow, disallow } = pickBest(findPlanHits(plan, extractMatchPath(url)));
  return decide(allow, disallow).allowed;
}

function explainPlan(robots: RobotsTxt, plan: SelectionPlan, url: string, userAgent: string): Verdict {
  const path = extractMatchPath(url);
  if (plan.rules === null) {
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
  const hits = findPlanHits(plan, path);
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
  const losers: Hit[] = [];
  for (const hit of hits) if (hit !== decider) losers.push(hit);
  losers.sort((a, b) => b.priority - a.priority || a.target.order - b.target.order);
  return losers.map((hit) => {
    let reason: LossReason;
    if (hit.priority < decider.priority) reason = 'shorter';
    else if (hit.target.isAllow === decider.target.isAllow) reason = 'later-duplicate';
    else reason = 'tie-goes-to-allow';
    return createLosingRule(toMatchedRule(hit), reason);
  });
}

function createLosingRule(m: MatchedRule, reason: LossReason): LosingRule {
  // Listed field by field: an object spread here costs more than the rest of the verdict.
  return {
    kind: m.kind,
    line: m.line,
    text: m.text,
    pattern: m.pattern,
    priority: m.priority,
    quirk: m.quirk,
    quirks: m.quirks,
    isLineCut: m.isLineCut,
    via: m.via,
    matchedPattern: m.matchedPattern,
    matchedPriority: m.matchedPriority,
    reason,
  };
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
