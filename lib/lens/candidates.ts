/**
 * Which rules of a lens's rule list can match a text. Every lens (PARSER-LENS.md §2.7–§7.3)
 * compares a rule from the first character of its match text, so a rule whose literal start (what
 * comes before its first `*`) does not start the text can never match it, whatever else the lens
 * does. A list asked many texts files its rules in a trie of their literal starts, and a text walks
 * it from the root for as long as it spells one: the cost per text is a few steps plus the rules
 * found, not the list's size.
 *
 * The lens still decides among the candidates exactly as it decides among all its rules: they are
 * given in list order, so first-match lenses and tie rules that keep the earlier rule read the same.
 * For the same reason a rule that repeats an earlier one (same kind, same compared text: large files
 * repeat `Disallow: /*?sort=` in group after group) is never a candidate: under every lens the
 * earlier copy matches first or wins the tie.
 */

/**
 * Texts a list answers by handing back every rule before it builds its index: a popup asks one URL
 * per lens, and building costs about as much as a few dozen scans of the list.
 */
export const SCANS_BEFORE_INDEX = 16;

/** Lists this short are scanned whole: walking a trie costs more than testing them. */
const MIN_INDEXED_RULES = 16;

/** Above this many children a trie node looks its next character up in a map. */
const SCANNED_CHILDREN = 8;

/** The rules of a list that may match a text. */
export interface RuleCandidates<T> {
  /**
   * Returns the rules that may match `text`, in list order (the list itself while it is not
   * indexed). The answer may be reused by the next call: read it before asking again.
   */
  candidates(text: string): readonly T[];
}

/** How a lens describes its rules to the index. */
export interface RuleShape<T> {
  /**
   * Returns what every text the rule matches begins with (the empty string for a rule that may
   * match anything), or null for a rule that matches nothing.
   */
  readonly literalOf: (rule: T) => string | null;
  /** Returns what the lens compares and decides with (kind and pattern): equal for a repeat. */
  readonly keyOf: (rule: T) => string;
}

/** Returns the candidates of `rules` for any text. */
export function createRuleCandidates<T>(rules: readonly T[], shape: RuleShape<T>): RuleCandidates<T> {
  if (rules.length < MIN_INDEXED_RULES) return { candidates: () => rules };
  let scans = 0;
  let index: ((text: string) => readonly T[]) | null = null;
  return {
    candidates(text) {
      if (index !== null) return index(text);
      if (++scans <= SCANS_BEFORE_INDEX) return rules;
      index = buildIndex(rules, shape);
      return index(text);
    },
  };
}

/** A node of the literals' trie: the text from its parent, its children by their first character, the rules that end here. */
interface TrieNode {
  readonly edge: string;
  /** The children's first character codes, and the children, in one order. */
  readonly codes: number[];
  readonly children: TrieNode[];
  /** Built for a node with many children: child by first character code. */
  lookup: Map<number, TrieNode> | null;
  /** Positions of the rules whose literal ends at this node, ascending (empty: none), and those rules. */
  positions: readonly number[];
  rules: readonly unknown[];
}

function createNode(edge: string): TrieNode {
  return { edge, codes: [], children: [], lookup: null, positions: [], rules: [] };
}

function buildIndex<T>(rules: readonly T[], shape: RuleShape<T>): (text: string) => readonly T[] {
  // Each distinct literal with the positions of its rules (repeats of an earlier rule left out).
  const byLiteral = new Map<string, number[]>();
  const seen = new Set<string>();
  rules.forEach((rule, position) => {
    const literal = shape.literalOf(rule);
    if (literal === null) return;
    const key = shape.keyOf(rule);
    if (seen.has(key)) return;
    seen.add(key);
    const positions = byLiteral.get(literal);
    if (positions === undefined) byLiteral.set(literal, [position]);
    else positions.push(position);
  });
  const root = buildTrie(byLiteral, rules);
  const found: TrieNode[] = [];
  const out: T[] = [];
  const heads: number[] = [];
  return (text) => {
    found.length = 0;
    if (root.positions.length > 0) found.push(root);
    let node = root;
    let at = 0;
    while (at < text.length) {
      const child = childOf(node, text.charCodeAt(at));
      if (child === undefined || !text.startsWith(child.edge, at)) break;
      at += child.edge.length;
      if (child.positions.length > 0) found.push(child);
      node = child;
    }
    return gather(found, out, heads);
  };
}

function childOf(node: TrieNode, code: number): TrieNode | undefined {
  if (node.lookup !== null) return node.lookup.get(code);
  const at = node.codes.indexOf(code);
  return at < 0 ? undefined : node.children[at];
}

/**
 * Returns the trie of `byLiteral`'s literals: a path from the root spells a literal, and each node
 * holds the positions of the rules whose literal ends there. Built from the sorted literals without
 * recursion (nested literals thousands of characters deep are a hostile file's shape).
 */
function buildTrie<T>(byLiteral: ReadonlyMap<string, readonly number[]>, rules: readonly T[]): TrieNode {
  const literals = [...byLiteral.keys()].sort();
  const root = createNode('');
  // Work: a node `depth` characters deep, and the sorted literals [from, to) that pass through it.
  const work: { node: TrieNode; depth: number; from: number; to: number }[] = [
    { node: root, depth: 0, from: 0, to: literals.length },
  ];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const { node, depth, to } = item;
    let from = item.from;
    // A literal that ends at this node sorts first among those that pass through it.
    if (from < to && (literals[from] as string).length === depth) {
      node.positions = byLiteral.get(literals[from] as string) as readonly number[];
      node.rules = node.positions.map((p) => rules[p]);
      from++;
    }
    while (from < to) {
      const first = literals[from] as string;
      const code = first.charCodeAt(depth);
      let end = from + 1;
      while (end < to && (literals[end] as string).charCodeAt(depth) === code) end++;
      // Sorted: what the first and the last of the run share, every literal between them shares.
      const last = literals[end - 1] as string;
      let shared = depth + 1;
      while (shared < first.length && shared < last.length && first.charCodeAt(shared) === last.charCodeAt(shared)) {
        shared++;
      }
      const child = createNode(first.slice(depth, shared));
      node.codes.push(code);
      node.children.push(child);
      work.push({ node: child, depth: shared, from, to: end });
      from = end;
    }
    if (node.codes.length > SCANNED_CHILDREN) {
      node.lookup = new Map(node.codes.map((c, i) => [c, node.children[i] as TrieNode]));
    }
  }
  return root;
}

const NONE: readonly never[] = [];

/**
 * Returns the rules of every node in `found`, in list order, merged into `out` (reused: the answer
 * holds until the next text). A text passes through a few nodes, so each step picks among a few heads.
 */
function gather<T>(found: readonly TrieNode[], out: T[], heads: number[]): readonly T[] {
  if (found.length === 0) return NONE;
  if (found.length === 1) return (found[0] as TrieNode).rules as readonly T[];
  out.length = 0;
  heads.length = found.length;
  heads.fill(0);
  for (;;) {
    let pick = -1;
    let least = Infinity;
    for (let n = 0; n < found.length; n++) {
      const positions = (found[n] as TrieNode).positions;
      const head = heads[n] as number;
      if (head < positions.length && (positions[head] as number) < least) {
        least = positions[head] as number;
        pick = n;
      }
    }
    if (pick < 0) return out;
    out.push((found[pick] as TrieNode).rules[heads[pick] as number] as T);
    heads[pick] = (heads[pick] as number) + 1;
  }
}
