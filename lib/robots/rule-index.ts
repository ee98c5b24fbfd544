/**
 * Finds the rules of one rule set (the merged rules of the chosen groups) that match a path
 * (SEMANTICS.md §3), with Google's index.html retry. A set answers its first path by testing every
 * rule (a popup asks one URL per crawler); from the second it builds an index: patterns with a
 * useful literal prefix go into a trie walked along the path, the others (`/*?color=`, `/*.pdf$`)
 * are filed under a short literal fragment they require, looked up once per path position. Only
 * candidates are verified, with the linear matcher of match.ts (no regex, no backtracking).
 */

import { compilePattern, type CompiledPattern, getIndexHtmlRetryPattern, matchesPattern, matchesSegments } from './match';
import type { MatchedRule, Rule } from './types';

/** Up to this many probes are checked one by one in a trie node; more are split by their next character. */
const BUCKET_MAX_PROBES = 8;

/** Rule sets larger than this share one probe per distinct pattern text (large files repeat rules across groups). */
const DEDUPE_MIN_RULES = 256;

/** Patterns are ASCII after normalisation (§1): 128 character codes. */
const ASCII_CODES = 128;

/** Fragments are looked up by their first two characters: 128 × 128 slots. */
const PAIR_SLOTS = ASCII_CODES * ASCII_CODES;

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
}

/** One pattern to test (a rule's own, or its retry); `next` chains further rules with the same pattern text. */
interface Probe {
  readonly pattern: CompiledPattern;
  readonly priority: number;
  readonly target: Target;
  readonly isRetry: boolean;
  next: Probe | null;
  /** The query in which this probe was last taken as a candidate (a fragment can occur twice in a path). */
  seen: number;
}

/** A rule that matched: how, and at which priority. */
export interface Hit {
  readonly target: Target;
  readonly isRetry: boolean;
  readonly priority: number;
}

/**
 * A burst-trie node over literal prefixes: the probes whose literal is exactly the node's prefix of
 * length `depth`, and the longer ones either in one small bucket or split by their character at `depth`.
 */
interface TrieNode {
  readonly depth: number;
  readonly here: readonly Probe[] | null;
  readonly bucket: readonly Probe[] | null;
  /** The next characters that have a child, one per child, in the order of `children`. */
  readonly childChars: string;
  readonly children: readonly TrieNode[];
}

/** A fragment of at least two characters that a probe's path must hold after its literal prefix. */
interface Fragment {
  readonly text: string;
  readonly probe: Probe;
}

/**
 * Fragments by their first two characters, one slot per pair: the fragments of pair k are
 * `fragments[starts[k]]` up to `fragments[starts[k + 1]]`. One array read per path position
 * rejects most positions.
 */
interface FragmentIndex {
  readonly starts: Uint32Array;
  readonly fragments: readonly Fragment[];
}

/** The index of a rule set: built on its second query. */
interface RuleIndex {
  readonly trie: TrieNode;
  readonly fragments: FragmentIndex | null;
}

/** The rules of one selection, answering which of them match a path. */
export class RuleSet {
  readonly rules: readonly Rule[];
  private targets: Target[] | null = null;
  private index: RuleIndex | null = null;
  private queries = 0;
  private readonly candidates: Probe[] = [];
  private readonly retries: Target[] = [];

  constructor(rules: readonly Rule[]) {
    this.rules = rules;
  }

  /** Returns every rule that matches `path` (§3), index.html retries resolved, in no particular order. */
  findHits(path: string): Hit[] {
    const stamp = ++this.queries;
    if (stamp === 1) return scanRules(this.rules, path);
    const index = (this.index ??= buildIndex(this.getTargets()));
    const hits: Hit[] = [];
    const retries = this.retries;
    retries.length = 0;
    const candidates = this.collect(index, path, stamp);
    for (const probe of candidates) {
      if (matchesSegments(probe.pattern.segments, probe.pattern.anchoredEnd, path, probe.pattern.literal.length))
        addHits(probe, stamp, hits, retries);
    }
    candidates.length = 0;
    // Google retries an Allow as `…/$` only when its own pattern did not match.
    for (const target of retries) {
      if (target.stamp !== stamp) hits.push({ target, isRetry: true, priority: (target.retryPattern as string).length });
    }
    return hits;
  }

  /**
   * Returns whether `path` is allowed (§3): the same answer as deciding over `findHits`, found by
   * trying candidates longest first and stopping once no remaining pattern can change it.
   */
  isAllowed(path: string): boolean {
    if (this.queries === 0) return decideHits(this.findHits(path));
    const stamp = ++this.queries;
    const index = (this.index ??= buildIndex(this.getTargets()));
    const candidates = this.collect(index, path, stamp);
    candidates.sort(byPriorityDescending);
    let best = -1;
    let allowed = true;
    for (const probe of candidates) {
      // Lower priorities cannot change the answer once a match is found: a shorter Disallow loses
      // to the best match, a shorter Allow cannot tie a longer Disallow.
      if (probe.priority < best) break;
      if (!matchesSegments(probe.pattern.segments, probe.pattern.anchoredEnd, path, probe.pattern.literal.length))
        continue;
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
   * Returns how many patterns the index would verify for `path` (after the first query builds it):
   * what the index saves over testing every rule. For tests and the benchmark.
   */
  countCandidates(path: string): number {
    const index = (this.index ??= buildIndex(this.getTargets()));
    const candidates = this.collect(index, path, ++this.queries);
    const count = candidates.length;
    candidates.length = 0;
    return count;
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
      if (node.here !== null) for (const probe of node.here) out.push(probe);
      if (node.bucket !== null) {
        for (const probe of node.bucket) if (path.startsWith(probe.pattern.literal)) out.push(probe);
      }
      node =
        depth < path.length && node.childChars.length > 0
          ? node.children[node.childChars.indexOf(path.charAt(depth))]
          : undefined;
    }
    if (index.fragments !== null) collectByFragment(index.fragments, path, stamp, out);
    return out;
  }
}

function byPriorityDescending(a: Probe, b: Probe): number {
  return b.priority - a.priority;
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

function collectByFragment(index: FragmentIndex, path: string, stamp: number, out: Probe[]): void {
  const { starts, fragments } = index;
  const last = path.length - 1;
  let next = path.charCodeAt(0);
  for (let i = 0; i < last; i++) {
    const c = next;
    next = path.charCodeAt(i + 1);
    if ((c | next) >= ASCII_CODES) continue;
    const pair = (c << 7) | next;
    const end = starts[pair + 1] as number;
    for (let f = starts[pair] as number; f < end; f++) {
      const fragment = fragments[f] as Fragment;
      const probe = fragment.probe;
      if (probe.seen === stamp || !path.startsWith(fragment.text, i)) continue;
      probe.seen = stamp;
      if (path.startsWith(probe.pattern.literal)) out.push(probe);
    }
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
  for (let order = 0; order < rules.length; order++) {
    const rule = rules[order] as Rule;
    if (matchesPattern(rule.pattern, path)) {
      hits.push({ target: createTarget(rule, order), isRetry: false, priority: rule.pattern.length });
    } else if (mayRetry && rule.kind === 'allow') {
      const retry = getIndexHtmlRetryPattern(rule.pattern);
      if (retry !== null && matchesPattern(retry, path))
        hits.push({ target: createTarget(rule, order), isRetry: true, priority: retry.length });
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
      hits.push({ target, isRetry: false, priority: probe.priority });
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
  };
}

function buildIndex(targets: readonly Target[]): RuleIndex {
  const probes: Probe[] = [];
  const byText = targets.length > DEDUPE_MIN_RULES ? new Map<string, Probe>() : null;
  const addProbe = (text: string, target: Target, isRetry: boolean): void => {
    const same = byText?.get(text);
    if (same !== undefined) {
      same.next = { pattern: same.pattern, priority: same.priority, target, isRetry, next: same.next, seen: 0 };
      return;
    }
    const pattern = compilePattern(text);
    if (pattern === null) return;
    const probe: Probe = { pattern, priority: text.length, target, isRetry, next: null, seen: 0 };
    probes.push(probe);
    byText?.set(text, probe);
  };
  for (const target of targets) {
    addProbe(target.rule.pattern, target, false);
    if (target.retryPattern !== null) addProbe(target.retryPattern, target, true);
  }
  const inTrie: Probe[] = [];
  const byFragment: Probe[] = [];
  for (const probe of probes) {
    // A literal prefix is walked in the trie; a pattern whose prefix says less than one of its
    // fragments (`/*?color=` has only `/`) is filed under that fragment instead.
    const longest = getLongestSegment(probe.pattern);
    (longest >= 2 && longest > probe.pattern.literal.length - 1 ? byFragment : inTrie).push(probe);
  }
  return { trie: buildTrieNode(inTrie, 0), fragments: byFragment.length > 0 ? buildFragmentIndex(byFragment) : null };
}

/** Returns the length of a pattern's longest segment after its literal prefix (0 when none). */
function getLongestSegment(pattern: CompiledPattern): number {
  let longest = 0;
  for (const segment of pattern.segments) if (segment.length > longest) longest = segment.length;
  return longest;
}

function buildFragmentIndex(probes: readonly Probe[]): FragmentIndex {
  const counts = new Uint32Array(PAIR_SLOTS + 1);
  const chosen: Fragment[] = [];
  const pairs: number[] = [];
  for (const probe of probes) {
    // Any run of a segment is required; the longest segment's runs are the most selective, and
    // of those, the one whose first two characters are least crowded keeps each slot short.
    const longest = getLongestSegment(probe.pattern);
    let bestText = '';
    let bestPair = -1;
    for (const segment of probe.pattern.segments) {
      if (segment.length !== longest) continue;
      for (let i = 0; i + 2 <= segment.length; i++) {
        const pair = ((segment.charCodeAt(i) & 0x7f) << 7) | (segment.charCodeAt(i + 1) & 0x7f);
        if (bestPair < 0 || (counts[pair] as number) < (counts[bestPair] as number)) {
          bestPair = pair;
          bestText = segment.slice(i);
        }
      }
    }
    counts[bestPair] = (counts[bestPair] as number) + 1;
    chosen.push({ text: bestText, probe });
    pairs.push(bestPair);
  }
  const starts = new Uint32Array(PAIR_SLOTS + 1);
  for (let k = 0, sum = 0; k < PAIR_SLOTS; k++) {
    starts[k] = sum;
    sum += counts[k] as number;
  }
  starts[PAIR_SLOTS] = chosen.length;
  const fill = starts.slice(0, PAIR_SLOTS);
  const fragments = new Array<Fragment>(chosen.length);
  for (let j = 0; j < chosen.length; j++) {
    const pair = pairs[j] as number;
    fragments[fill[pair] as number] = chosen[j] as Fragment;
    fill[pair] = (fill[pair] as number) + 1;
  }
  return { starts, fragments };
}

/** Reused while building a trie node: probes grouped by their next character (emptied after each use). */
const groupScratch: (Probe[] | undefined)[] = new Array<Probe[] | undefined>(ASCII_CODES);

function buildTrieNode(probes: readonly Probe[], depth: number): TrieNode {
  let here: Probe[] | null = null;
  const longer: Probe[] = [];
  for (const probe of probes) {
    if (probe.pattern.literal.length === depth) (here ??= []).push(probe);
    else longer.push(probe);
  }
  if (longer.length <= BUCKET_MAX_PROBES) {
    return { depth, here, bucket: longer.length > 0 ? longer : null, childChars: '', children: [] };
  }
  const codes: number[] = [];
  for (const probe of longer) {
    const code = probe.pattern.literal.charCodeAt(depth) & 0x7f;
    const group = groupScratch[code];
    if (group === undefined) {
      groupScratch[code] = [probe];
      codes.push(code);
    } else {
      group.push(probe);
    }
  }
  const groups = codes.map((code) => {
    const group = groupScratch[code] as Probe[];
    groupScratch[code] = undefined;
    return group;
  });
  return {
    depth,
    here,
    bucket: null,
    childChars: String.fromCharCode(...codes),
    children: groups.map((group) => buildTrieNode(group, depth + 1)),
  };
}
