/**
 * Finds the rules of one rule set (the merged rules of the chosen groups) that match a path
 * (docs/semantics/robots.md §3), with Google's index.html retry. A set answers its first paths by testing every
 * rule (a popup asks one URL per crawler, a badge one per page); after SCANS_BEFORE_INDEX of them
 * it builds an index: patterns with a useful literal prefix go into a trie walked along the path
 * (runs that all its patterns share compared in place); the others are filed under what they
 * require: the ending of an anchored one (`/*.pdf$`, looked up once per path), else a fragment
 * (`/*?color=`; one text for every pattern that requires it, found at most once per path by one
 * pass over its positions, however long its query). Only candidates are verified, longest first
 * when only the decision is wanted, with the linear matcher of match.ts (no regex, no
 * backtracking); a pattern that is only its literal, or its literal, a `*` and its fragment, needs
 * no verifying.
 */

import { compilePattern, getIndexHtmlRetryPattern, matchesPattern, matchesSegments } from './match';
import { sortByRank } from './sort';
import type { LosingRule, MatchedRule, Rule } from './types';

/** Up to this many probes are checked one by one in a trie node; more are split by their next character. */
const BUCKET_MAX_PROBES = 8;

/**
 * Below this depth a trie node never splits: hostile files share literal prefixes thousands of
 * characters long, and one node per character would exhaust the stack while building.
 */
const MAX_TRIE_DEPTH = 256;

/** Fragments are chosen among a segment's first this many runs (a segment can be 16 KB long). */
const MAX_FRAGMENT_OFFSETS = 64;

/** Rule sets larger than this share one probe per distinct pattern text (large files repeat rules across groups). */
const DEDUPE_MIN_RULES = 256;

/**
 * Paths a rule set answers by testing every rule before it builds its index. Building costs about
 * as much as 20 such scans (measured: 3,000 rules, 0.1 ms a scan and 1.8 ms to build, warm; 0.7
 * and 18 ms cold, as in a worker that just started), so a set asked a few times never pays for an
 * index, and one asked many times pays at most twice what an index from the start would cost.
 */
export const SCANS_BEFORE_INDEX = 16;

/** Patterns are ASCII after normalisation (§1): 128 character codes. */
const ASCII_CODES = 128;

/** Two-character fragments are looked up by their characters: 128 × 128 slots. */
const PAIR_SLOTS = ASCII_CODES * ASCII_CODES;

/** Longer fragments are looked up by a hash of their first three characters into this many slots. */
const TRIPLE_SLOTS = 1 << 16;

/** A rule of the set, ready to report. */
export interface Target {
  readonly rule: Rule;
  /** Position in the set's rules, which is file order (ties go to the earliest line, §4). */
  readonly order: number;
  readonly isAllow: boolean;
  /** The index.html retry pattern (Allow rules only), or null. */
  readonly retryPattern: string | null;
  /** The query in which this rule's own pattern last matched (a retry counts only when it did not). */
  stamp: number;
  viaPattern: MatchedRule | null;
  viaRetry: MatchedRule | null;
  /** This rule's hit through its own pattern, and through its retry: made at the first match, then reused. */
  hit: Hit | null;
  retryHit: Hit | null;
}

/** One pattern to test (a rule's own, or its retry); `next` chains further rules with the same pattern text. */
interface Probe {
  /** The compiled pattern's segments and end anchor (its literal prefix is below). */
  readonly segments: readonly string[];
  readonly anchoredEnd: boolean;
  readonly priority: number;
  readonly target: Target;
  readonly isRetry: boolean;
  /** The priority again, under the name sortByRank reads (candidates are tried longest first). */
  readonly rank: number;
  /** The pattern's literal prefix, its length, and its second character code (-1 when it has none): most literals differ from a path there. */
  readonly literal: string;
  readonly literalLength: number;
  readonly second: number;
  next: Probe | null;
  /**
   * The pattern is its literal, a `*`, and the fragment it is filed under (one segment, no `$`): an
   * occurrence of the fragment after the literal proves the match, with no search.
   */
  isFragmentProof: boolean;
  /** The query in which a fragment occurrence proved this probe's match. */
  proven: number;
}

/** A rule that matched: how, and at which priority. */
export interface Hit {
  readonly target: Target;
  readonly isRetry: boolean;
  readonly priority: number;
  /** Best first (§4): higher priority, then earlier line, as one number (priority × 2³², then 2³² − 1 − order). */
  readonly rank: number;
  /** How this hit is reported when it loses, by reason: made at the first such loss, then reused (evaluate.ts). */
  lostAsShorter: LosingRule | null;
  lostAsDuplicate: LosingRule | null;
  lostToAllow: LosingRule | null;
}

/** A rule's order in its set is below this (a body of 4 GB has fewer lines); priority × this stays an exact double. */
const RANK_SCALE = 2 ** 32;

/** Returns a new hit of `target`. */
function createHit(target: Target, isRetry: boolean, priority: number): Hit {
  const rank = priority * RANK_SCALE + (RANK_SCALE - 1 - target.order);
  return { target, isRetry, priority, rank, lostAsShorter: null, lostAsDuplicate: null, lostToAllow: null };
}

/**
 * A burst-trie node over literal prefixes: the probes whose literal is exactly the node's prefix of
 * length `depth`, and the longer ones either in one small bucket or split by their character at `depth`.
 */
interface TrieNode {
  readonly depth: number;
  /**
   * Every probe at or below this node shares its literal's characters from `edgeStart` to `depth`
   * (spelled by `edgeSource`), past the character that chose the node: one run compared in place
   * instead of a node per character.
   */
  readonly edgeStart: number;
  readonly edgeSource: string;
  readonly here: readonly Probe[] | null;
  readonly bucket: readonly Probe[] | null;
  /** The next characters that have a child, one per child, in the order of `children`. */
  readonly childChars: string;
  /** For a node with many children: the child's position by character code (-1: none); else null. */
  readonly childTable: Int16Array | null;
  readonly children: readonly TrieNode[];
}

/** A fragment of at least two characters that a probe's path must hold after its literal prefix. */
interface Fragment {
  readonly text: string;
  readonly probe: Probe;
}

/**
 * The probes filed under one fragment text (`min=` for `/fr/*min=*`, `/de/*min=*`, …): looked for
 * once per path however often the text occurs, its probes taken at its first occurrence.
 */
interface FragmentGroup {
  readonly text: string;
  readonly probes: readonly Probe[];
  /** The query in which the text was last found in the path. */
  seen: number;
}

/**
 * Fragment groups by a key of their text's first characters (a pair, or a hashed triple): the
 * groups of slot k are `groups[starts[k]]` up to `groups[starts[k + 1]]`. One array read per path
 * position rejects most positions.
 */
interface FragmentIndex {
  readonly starts: Uint32Array;
  /** One bit per slot, set when the slot holds a group: 8 KiB for the triples, read before `starts` (256 KiB). */
  readonly occupied: Uint8Array;
  readonly groups: readonly FragmentGroup[];
}

/** The index of a rule set: built on the query after its scans (SCANS_BEFORE_INDEX). */
interface RuleIndex {
  readonly trie: TrieNode;
  /** Patterns filed under a fragment of three or more characters they require somewhere (`/*?color=`), by its first three. */
  readonly fragments: FragmentIndex | null;
  /** The same for patterns whose longest fragment has two characters (`/*?*q=`). */
  readonly pairs: FragmentIndex | null;
  /** Patterns ending in `$` filed under their last segment, which the path must end with (`/*.pdf$`). */
  readonly suffixes: FragmentIndex | null;
}

/** The rules of one selection, answering which of them match a path. */
export class RuleSet {
  readonly rules: readonly Rule[];
  private targets: Target[] | null = null;
  private index: RuleIndex | null = null;
  private queries = 0;
  private readonly candidates: Probe[] = [];
  private readonly retries: Target[] = [];
  private readonly scansBeforeIndex: number;
  private lastPath: string | null = null;
  private lastHits: Hit[] = [];

  /** `scansBeforeIndex`: how many paths are answered by testing every rule before the index is built (0: at once). */
  constructor(rules: readonly Rule[], scansBeforeIndex = SCANS_BEFORE_INDEX) {
    this.rules = rules;
    this.scansBeforeIndex = scansBeforeIndex;
  }

  /**
   * Returns every rule that matches `path` (§3), index.html retries resolved, in no particular order
   * (the caller may reorder the list: it is the caller's until the next path).
   * The last path's hits are kept: the crawlers that share a selection (every one that falls back to
   * `*`) ask for the same URL in turn, as the Use verdict does for each preset.
   */
  findHits(path: string): Hit[] {
    if (path === this.lastPath) return this.lastHits;
    const hits = this.searchHits(path);
    this.lastPath = path;
    this.lastHits = hits;
    return hits;
  }

  private searchHits(path: string): Hit[] {
    const stamp = ++this.queries;
    if (stamp <= this.scansBeforeIndex) return scanRules(this.rules, path);
    const index = (this.index ??= buildIndex(this.getTargets()));
    const hits: Hit[] = [];
    const retries = this.retries;
    if (retries.length > 0) retries.length = 0;
    const candidates = this.collect(index, path, stamp);
    for (const probe of candidates) {
      if (probe.proven === stamp || matchesProbe(probe, path)) addHits(probe, stamp, hits, retries);
    }
    candidates.length = 0;
    // Google retries an Allow as `…/$` only when its own pattern did not match.
    for (const target of retries) {
      if (target.stamp !== stamp)
        hits.push((target.retryHit ??= createHit(target, true, (target.retryPattern as string).length)));
    }
    return hits;
  }

  /**
   * Returns whether `path` is allowed (§3): the same answer as deciding over `findHits`, found by
   * trying candidates longest first and stopping once no remaining pattern can change it.
   */
  isAllowed(path: string): boolean {
    if (this.queries < this.scansBeforeIndex) return decideHits(this.findHits(path));
    const stamp = ++this.queries;
    const index = (this.index ??= buildIndex(this.getTargets()));
    const candidates = this.collect(index, path, stamp);
    sortByRank(candidates);
    let best = -1;
    let allowed = true;
    for (const probe of candidates) {
      // Lower priorities cannot change the answer once a match is found: a shorter Disallow loses
      // to the best match, a shorter Allow cannot tie a longer Disallow.
      if (probe.priority < best) break;
      if (probe.proven !== stamp && !matchesProbe(probe, path)) continue;
      for (let p: Probe | null = probe; p !== null; p = p.next) {
        // A retry counts only when the rule's own, longer pattern did not match.
        if (p.isRetry && matchesPattern(p.target.rule.pattern, path)) continue;
        if (best < 0) {
          best = p.priority;
          allowed = p.target.isAllow || best === 0;
        } else if (p.target.isAllow) {
          allowed = true;
        }
      }
    }
    candidates.length = 0;
    return allowed;
  }

  /**
   * Returns how many patterns the index would verify for `path` (building the index if need be):
   * what the index saves over testing every rule. For tests and the benchmark.
   */
  countCandidates(path: string): number {
    const index = (this.index ??= buildIndex(this.getTargets()));
    const candidates = this.collect(index, path, ++this.queries);
    const count = candidates.length;
    candidates.length = 0;
    return count;
  }

  /** @internal Whether the index has been built (tests). */
  get isIndexed(): boolean {
    return this.index !== null;
  }

  private getTargets(): Target[] {
    return (this.targets ??= this.rules.map(createTarget));
  }

  /** Returns the probes whose literal prefix the path starts with and whose fragment it holds. */
  private collect(index: RuleIndex, path: string, stamp: number): Probe[] {
    const out = this.candidates;
    let node: TrieNode | undefined = index.trie;
    while (node !== undefined) {
      const depth: number = node.depth;
      if (!hasEdge(node, path)) break;
      if (node.here !== null) for (const probe of node.here) takeByLiteral(probe, path, stamp, out);
      if (node.bucket !== null) {
        for (const probe of node.bucket) if (hasLiteralFrom(probe, path, depth)) takeByLiteral(probe, path, stamp, out);
      }
      node = depth < path.length ? findChild(node, path.charCodeAt(depth)) : undefined;
    }
    if (index.fragments !== null) collectByTriple(index.fragments, path, stamp, out);
    if (index.pairs !== null) collectByPair(index.pairs, path, stamp, out);
    if (index.suffixes !== null) collectBySuffix(index.suffixes, path, out);
    return out;
  }
}

/**
 * Takes a probe whose literal prefix `path` starts with: a pattern that is only its literal is
 * decided here (proven, or, anchored, dropped unless the path ends there); others are verified later.
 */
function takeByLiteral(probe: Probe, path: string, stamp: number, out: Probe[]): void {
  if (probe.segments.length === 0) {
    if (probe.anchoredEnd && path.length !== probe.literalLength) return;
    probe.proven = stamp;
  }
  out.push(probe);
}

/** Returns whether `path` holds the node's shared run of characters (past its end, NaN differs). */
function hasEdge(node: TrieNode, path: string): boolean {
  const source = node.edgeSource;
  for (let k = node.edgeStart; k < node.depth; k++) if (path.charCodeAt(k) !== source.charCodeAt(k)) return false;
  return true;
}

/** Returns the child of `node` for the character `code`, if any. */
function findChild(node: TrieNode, code: number): TrieNode | undefined {
  const table = node.childTable;
  if (table !== null) {
    const k = code < ASCII_CODES ? (table[code] as number) : -1;
    return k < 0 ? undefined : node.children[k];
  }
  const chars = node.childChars;
  for (let k = 0; k < chars.length; k++) if (chars.charCodeAt(k) === code) return node.children[k];
  return undefined;
}

/** Returns whether `path` starts with the probe's literal prefix, of which it is known to hold the first `from` characters. */
function hasLiteralFrom(probe: Probe, path: string, from: number): boolean {
  const literal = probe.literal;
  const n = probe.literalLength;
  if (n > path.length) return false;
  for (let k = from; k < n; k++) if (path.charCodeAt(k) !== literal.charCodeAt(k)) return false;
  return true;
}

/** Returns whether `path` matches the probe's segments after its literal prefix (which it starts with). */
function matchesProbe(probe: Probe, path: string): boolean {
  return matchesSegments(probe.segments, probe.anchoredEnd, path, probe.literalLength);
}

/** Returns whether `path` starts with the probe's literal prefix; its second character first, in place. */
function hasLiteral(probe: Probe, path: string): boolean {
  const n = probe.literalLength;
  // A literal is `/…` (or empty, for a pattern starting with `*`): its first character is checked with the second.
  if (n < 2) return n === 0 || path.charCodeAt(0) === 0x2f;
  if (path.charCodeAt(1) !== probe.second || path.charCodeAt(0) !== 0x2f) return false;
  // In place: most literals that share the second character differ soon after (past the path's end, NaN differs).
  const literal = probe.literal;
  for (let k = 2; k < n; k++) if (path.charCodeAt(k) !== literal.charCodeAt(k)) return false;
  return true;
}

/** Google's decision over a list of hits: disallowed iff the best Disallow outranks every Allow (ties go to Allow). */
export function decideHits(hits: readonly Hit[]): boolean {
  let allow = -1;
  let disallow = -1;
  for (const hit of hits) {
    if (hit.target.isAllow) {
      if (hit.priority > allow) allow = hit.priority;
    } else if (hit.priority > disallow) disallow = hit.priority;
  }
  return !(disallow > 0 && disallow > allow);
}

/** Up to this many fragment texts are each looked for with `indexOf` rather than by a pass over the path's positions. */
const SEARCH_MAX_GROUPS = 6;

function collectByPair(index: FragmentIndex, path: string, stamp: number, out: Probe[]): void {
  const { starts, occupied, groups } = index;
  if (groups.length <= SEARCH_MAX_GROUPS) return searchGroups(groups, path, stamp, out);
  const last = path.length - 1;
  let next = path.charCodeAt(0);
  for (let i = 0; i < last; i++) {
    const c = next;
    next = path.charCodeAt(i + 1);
    if ((c | next) >= ASCII_CODES) continue;
    const pair = (c << 7) | next;
    if (((occupied[pair >>> 3] as number) & (1 << (pair & 7))) === 0) continue;
    const end = starts[pair + 1] as number;
    for (let g = starts[pair] as number; g < end; g++) takeIfAt(groups[g] as FragmentGroup, path, i, stamp, out);
  }
}

function collectByTriple(index: FragmentIndex, path: string, stamp: number, out: Probe[]): void {
  const { starts, occupied, groups } = index;
  if (groups.length <= SEARCH_MAX_GROUPS) return searchGroups(groups, path, stamp, out);
  const last = path.length - 2;
  let a = path.charCodeAt(0);
  let b = path.charCodeAt(1);
  for (let i = 0; i < last; i++) {
    const c = path.charCodeAt(i + 2);
    const slot = hashTriple(a, b, c);
    a = b;
    b = c;
    if (((occupied[slot >>> 3] as number) & (1 << (slot & 7))) === 0) continue;
    const end = starts[slot + 1] as number;
    for (let g = starts[slot] as number; g < end; g++) takeIfAt(groups[g] as FragmentGroup, path, i, stamp, out);
  }
}

/** Takes a group's probes when its text occurs at `at` and was not found earlier in this query. */
function takeIfAt(group: FragmentGroup, path: string, at: number, stamp: number, out: Probe[]): void {
  if (group.seen === stamp) return;
  const text = group.text;
  const n = text.length;
  if (at + n > path.length) return;
  // Character by character in place: most texts in a slot differ from the path at once.
  for (let k = 0; k < n; k++) if (path.charCodeAt(at + k) !== text.charCodeAt(k)) return;
  group.seen = stamp;
  takeGroup(group, path, at, stamp, out);
}

/** Takes the probes of each group whose text `path` holds, looked for with `indexOf`. */
function searchGroups(groups: readonly FragmentGroup[], path: string, stamp: number, out: Probe[]): void {
  for (const group of groups) {
    const at = path.indexOf(group.text);
    if (at >= 0) {
      group.seen = stamp;
      takeGroup(group, path, at, stamp, out);
    }
  }
}

/**
 * Adds the probes of a group whose text first occurs at `at` and whose literal prefix `path` has;
 * marks as proven those that are just their literal and this text, when `at` is past the literal.
 */
function takeGroup(group: FragmentGroup, path: string, at: number, stamp: number, out: Probe[]): void {
  for (const probe of group.probes) {
    if (!hasLiteral(probe, path)) continue;
    if (probe.isFragmentProof && at >= probe.literalLength) probe.proven = stamp;
    out.push(probe);
  }
}

/** Returns the slot of three character codes (any codes: a collision only adds fragments to check). */
function hashTriple(a: number, b: number, c: number): number {
  return Math.imul((a << 14) ^ (b << 7) ^ c, 0x9e3779b1) >>> 16;
}

/** Adds the probes whose required ending `path` has: one slot, that of the path's last two characters. */
function collectBySuffix(index: FragmentIndex, path: string, out: Probe[]): void {
  const n = path.length;
  if (n < 2) return;
  const c = path.charCodeAt(n - 2);
  const next = path.charCodeAt(n - 1);
  if ((c | next) >= ASCII_CODES) return;
  const pair = (c << 7) | next;
  const { starts, groups } = index;
  const end = starts[pair + 1] as number;
  for (let g = starts[pair] as number; g < end; g++) {
    const group = groups[g] as FragmentGroup;
    if (!path.endsWith(group.text)) continue;
    for (const probe of group.probes) if (hasLiteral(probe, path)) out.push(probe);
  }
}

/**
 * Returns the rules that match `path` by testing each one in place (no index, and nothing built for
 * rules that do not match), with index.html retries (§3).
 */
function scanRules(rules: readonly Rule[], path: string): Hit[] {
  const hits: Hit[] = [];
  // A retried `…/$` matches only a path that ends with `/`.
  const mayRetry = path.endsWith('/');
  const second = path.charCodeAt(1);
  for (let order = 0; order < rules.length; order++) {
    const rule = rules[order] as Rule;
    const pattern = rule.pattern;
    // Most patterns start with a literal `/x`, which a path that differs at its second character
    // cannot match: a test in place before the call (this loop runs unoptimised on a cold start).
    // (`/*` and a final `$` are no literals; a pattern of one character has no second.)
    const c = pattern.charCodeAt(1);
    const isRejected =
      pattern.length > 1 &&
      c !== second &&
      pattern.charCodeAt(0) === 0x2f &&
      c !== 0x2a &&
      (c !== 0x24 || pattern.length > 2);
    if (!isRejected && matchesPattern(pattern, path)) {
      hits.push(createHit(createTarget(rule, order), false, rule.pattern.length));
    } else if (mayRetry && rule.kind === 'allow') {
      const retry = getIndexHtmlRetryPattern(rule.pattern);
      if (retry !== null && matchesPattern(retry, path))
        hits.push(createHit(createTarget(rule, order), true, retry.length));
    }
  }
  return hits;
}

function addHits(first: Probe, stamp: number, hits: Hit[], retries: Target[]): void {
  for (let probe: Probe | null = first; probe !== null; probe = probe.next) {
    const target = probe.target;
    if (probe.isRetry) {
      retries.push(target);
    } else {
      target.stamp = stamp;
      hits.push((target.hit ??= createHit(target, false, probe.priority)));
    }
  }
}

function createTarget(rule: Rule, order: number): Target {
  const isAllow = rule.kind === 'allow';
  return {
    rule,
    order,
    isAllow,
    retryPattern: isAllow ? getIndexHtmlRetryPattern(rule.pattern) : null,
    stamp: 0,
    viaPattern: null,
    viaRetry: null,
    hit: null,
    retryHit: null,
  };
}

function buildIndex(targets: readonly Target[]): RuleIndex {
  const probes: Probe[] = [];
  const byText = targets.length > DEDUPE_MIN_RULES ? new Map<string, Probe>() : null;
  const addProbe = (text: string, target: Target, isRetry: boolean): void => {
    const same = byText?.get(text);
    if (same !== undefined) {
      same.next = { ...same, target, isRetry, next: same.next };
      return;
    }
    const pattern = compilePattern(text);
    if (pattern === null) return;
    const probe: Probe = {
      segments: pattern.segments,
      anchoredEnd: pattern.anchoredEnd,
      priority: text.length,
      target,
      isRetry,
      rank: text.length,
      literal: pattern.literal,
      literalLength: pattern.literal.length,
      second: pattern.literal.length > 1 ? pattern.literal.charCodeAt(1) : -1,
      next: null,
      isFragmentProof: false,
      proven: 0,
    };
    probes.push(probe);
    byText?.set(text, probe);
  };
  for (const target of targets) {
    addProbe(target.rule.pattern, target, false);
    if (target.retryPattern !== null) addProbe(target.retryPattern, target, true);
  }
  const inTrie: Probe[] = [];
  const byFragment: Probe[] = [];
  const byPair: Probe[] = [];
  const bySuffix: Fragment[] = [];
  for (const probe of probes) {
    // A literal prefix is walked in the trie; a pattern whose prefix says less than what follows
    // (`/*.pdf$`, `/*?color=` have only `/`) is filed under its required ending, if it has one,
    // else under a fragment it requires.
    const { literal, segments, anchoredEnd } = probe;
    const tail = anchoredEnd && segments.length > 0 ? (segments[segments.length - 1] as string) : '';
    const longest = getLongestSegment(probe.segments);
    if (tail.length >= 2 && tail.length > literal.length - 1) bySuffix.push({ text: tail, probe });
    else if (longest >= 3 && longest > literal.length - 1) byFragment.push(probe);
    else if (longest === 2 && literal.length <= 2) byPair.push(probe);
    else inTrie.push(probe);
  }
  return {
    trie: buildTrieNode(inTrie, 0),
    fragments: byFragment.length > 0 ? buildFragmentIndex(byFragment, 3) : null,
    pairs: byPair.length > 0 ? buildFragmentIndex(byPair, 2) : null,
    suffixes: bySuffix.length > 0 ? buildSlots(bySuffix, PAIR_SLOTS, (text) => pairAt(text, text.length - 2)) : null,
  };
}

/** Returns the length of the longest of a pattern's segments after its literal prefix (0 when none). */
function getLongestSegment(segments: readonly string[]): number {
  let longest = 0;
  for (const segment of segments) if (segment.length > longest) longest = segment.length;
  return longest;
}

/** Files each probe under a run of its longest segment, keyed by its first `width` characters. */
function buildFragmentIndex(probes: readonly Probe[], width: 2 | 3): FragmentIndex {
  const slots = width === 2 ? PAIR_SLOTS : TRIPLE_SLOTS;
  const keyOf = (text: string): number =>
    width === 2 ? pairAt(text, 0) : hashTriple(text.charCodeAt(0), text.charCodeAt(1), text.charCodeAt(2));
  // How many probes could be filed under each key: a key that many patterns share (`/bn`, `712`
  // and `122` of eBay's 1,100 `/b/*/bn_71220…`) is as likely in the paths asked about, where every
  // text filed under it is then compared; the run that tells a pattern apart is rarer.
  // Counted by key in a Map: a set of a few rules touches a few keys, not a table of every slot.
  const shared = new Map<number, number>();
  const keysOfProbe = new Set<number>();
  for (const probe of probes) {
    forEachRun(probe.segments, (text) => keysOfProbe.add(keyOf(text)));
    for (const key of keysOfProbe) shared.set(key, (shared.get(key) ?? 0) + 1);
    keysOfProbe.clear();
  }
  // Distinct texts per slot: each is one look at a path position whose key falls there.
  const counts = new Uint32Array(slots);
  const texts = new Set<string>();
  const chosen: Fragment[] = [];
  for (const probe of probes) {
    // Any run of a segment is required. Of the longest segment's runs of at least four characters
    // (or the whole segment), the one whose key fewest patterns share, in the least crowded slot,
    // keeps each slot short and rarely looked at; a text already chosen costs nothing more.
    let bestText = '';
    let bestCost = -1;
    forEachRun(probe.segments, (text) => {
      const key = keyOf(text);
      const cost = (shared.get(key) ?? 0) + (counts[key] as number) - (texts.has(text) ? 1 : 0);
      if (bestCost < 0 || cost < bestCost) {
        bestCost = cost;
        bestText = text;
      }
    });
    if (!texts.has(bestText)) {
      texts.add(bestText);
      const slot = keyOf(bestText);
      counts[slot] = (counts[slot] as number) + 1;
    }
    const { segments, anchoredEnd } = probe;
    probe.isFragmentProof = segments.length === 1 && !anchoredEnd && segments[0] === bestText;
    chosen.push({ text: bestText, probe });
  }
  return buildSlots(chosen, slots, keyOf);
}

/**
 * Calls `visit` with each run a probe could be filed under, in order: its longest segment's tails
 * of at least four characters (or the whole segment), from its first MAX_FRAGMENT_OFFSETS positions.
 */
function forEachRun(segments: readonly string[], visit: (text: string) => void): void {
  const longest = getLongestSegment(segments);
  const minLength = Math.min(longest, 4);
  for (const segment of segments) {
    if (segment.length !== longest) continue;
    for (let i = 0; i + minLength <= segment.length && i < MAX_FRAGMENT_OFFSETS; i++) visit(segment.slice(i));
  }
}

function pairAt(text: string, i: number): number {
  return ((text.charCodeAt(i) & 0x7f) << 7) | (text.charCodeAt(i + 1) & 0x7f);
}

/** Files the fragments, one group per distinct text, in the slot `keyOf(text)` gives, of `slots`. */
function buildSlots(entries: readonly Fragment[], slots: number, keyOf: (text: string) => number): FragmentIndex {
  const byText = new Map<string, Probe[]>();
  for (const { text, probe } of entries) {
    const probes = byText.get(text);
    if (probes === undefined) byText.set(text, [probe]);
    else probes.push(probe);
  }
  const unsorted: FragmentGroup[] = [];
  for (const [text, probes] of byText) unsorted.push({ text, probes, seen: 0 });
  const keys = unsorted.map((group) => keyOf(group.text));
  const starts = new Uint32Array(slots + 1);
  const occupied = new Uint8Array(slots >>> 3);
  for (const key of keys) {
    starts[key + 1] = (starts[key + 1] as number) + 1;
    occupied[key >>> 3] = (occupied[key >>> 3] as number) | (1 << (key & 7));
  }
  for (let k = 1; k <= slots; k++) starts[k] = (starts[k] as number) + (starts[k - 1] as number);
  const fill = starts.slice(0, slots);
  const groups = new Array<FragmentGroup>(unsorted.length);
  for (let j = 0; j < unsorted.length; j++) {
    const key = keys[j] as number;
    groups[fill[key] as number] = unsorted[j] as FragmentGroup;
    fill[key] = (fill[key] as number) + 1;
  }
  return { starts, occupied, groups };
}

/** A trie node with up to this many children finds the next one by scanning their characters; more, by a table. */
const TRIE_SCAN_MAX_CHILDREN = 8;

/** Returns each code's position in `codes`, by code (-1 for the others). */
function createChildTable(codes: readonly number[]): Int16Array {
  const table = new Int16Array(ASCII_CODES).fill(-1);
  codes.forEach((code, k) => (table[code] = k));
  return table;
}

/**
 * Reused while building a trie node: probes grouped by their next character (emptied after each
 * use). Made by the first index built: nothing is built when the module is imported.
 */
let groupScratch: (Probe[] | undefined)[] | undefined;

function buildTrieNode(probes: readonly Probe[], depth: number, edgeStart = depth, edgeSource = ''): TrieNode {
  let here: Probe[] | null = null;
  const longer: Probe[] = [];
  for (const probe of probes) {
    if (probe.literalLength === depth) (here ??= []).push(probe);
    else longer.push(probe);
  }
  if (longer.length <= BUCKET_MAX_PROBES || depth >= MAX_TRIE_DEPTH) {
    return {
      depth,
      edgeStart,
      edgeSource,
      here,
      bucket: longer.length > 0 ? longer : null,
      childChars: '',
      childTable: null,
      children: [],
    };
  }
  const codes: number[] = [];
  const scratch = (groupScratch ??= new Array<Probe[] | undefined>(ASCII_CODES));
  for (const probe of longer) {
    const code = probe.literal.charCodeAt(depth) & 0x7f;
    const group = scratch[code];
    if (group === undefined) {
      scratch[code] = [probe];
      codes.push(code);
    } else {
      group.push(probe);
    }
  }
  const groups = codes.map((code) => {
    const group = scratch[code] as Probe[];
    scratch[code] = undefined;
    return group;
  });
  return {
    depth,
    edgeStart,
    edgeSource,
    here,
    bucket: null,
    childChars: String.fromCharCode(...codes),
    childTable: codes.length > TRIE_SCAN_MAX_CHILDREN ? createChildTable(codes) : null,
    children: groups.map((group) => {
      const end = findSharedEnd(group, depth + 1);
      return buildTrieNode(group, end, depth + 1, (group[0] as Probe).literal);
    }),
  };
}

/**
 * Returns how far past `from` the literals of `group` all agree, up to the shortest of them (and
 * MAX_TRIE_DEPTH): the child node starts there.
 */
function findSharedEnd(group: readonly Probe[], from: number): number {
  let shortest = MAX_TRIE_DEPTH;
  for (const probe of group) if (probe.literalLength < shortest) shortest = probe.literalLength;
  const first = (group[0] as Probe).literal;
  let end = from;
  for (; end < shortest; end++) {
    const code = first.charCodeAt(end);
    for (const probe of group) if (probe.literal.charCodeAt(end) !== code) return end;
  }
  return end;
}
