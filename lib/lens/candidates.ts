/**
 * Which rules of a lens's rule list can match a text. Every lens (docs/semantics/lens.md §2.7–§7.3)
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
 *
 * A rule that starts with a star (`/*?sort=`, `/*.pdf$`) has a literal start every URL shares; it
 * is filed under a fragment too, the longest of its later pieces, which every text it matches
 * contains. A file's readers share one dictionary of fragments, which finds those a text contains
 * once for all of them (a trie of the fragments walked from each position of the text whose two
 * characters start one), so a text meets only the starred rules whose fragment it holds.
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
  /**
   * Returns a string every text the rule matches contains (past its literal start), or null: a
   * rule is a candidate only for texts that contain it. Absent: no rule has one.
   */
  readonly fragmentOf?: (rule: T) => string | null;
}

/** Fragments shorter than this are not looked for (every text would hold them). */
const MIN_FRAGMENT_LENGTH = 2;

/** Fragments are looked for by at most this many characters: a text's positions cost no more each. */
const MAX_FRAGMENT_LENGTH = 64;

/**
 * The fragments of a file's rules, shared by its readers, and which of them the last text contains.
 * A reader's index registers its fragments when it is built.
 */
export class FragmentDictionary {
  private readonly ids = new Map<string, number>();
  /** The fragments' trie, walked from each position of a text; rebuilt when a fragment was added. */
  private trie: TrieNode<number> | null = null;
  /** A bit per pair of characters that starts some fragment: most positions of a text are passed on it alone. */
  private readonly pairBits = new Uint8Array(PAIR_BITS);
  private lastText: string | null = null;
  /** Ids of the fragments the last text contains, and a mark per id (equal to `stamp` when contained). */
  readonly present: number[] = [];
  private readonly marks: number[] = [];
  private stamp = 0;

  /** Returns the id of `fragment` (two characters at least), registering it. */
  idOf(fragment: string): number {
    let id = this.ids.get(fragment);
    if (id === undefined) {
      id = this.marks.push(0) - 1;
      this.ids.set(fragment, id);
      this.pairBits[pairBit(fragment.charCodeAt(0), fragment.charCodeAt(1))] = 1;
      this.trie = null;
      // The last text's answer no longer covers every fragment.
      this.lastText = null;
    }
    return id;
  }

  /** Finds the fragments `text` contains (once per text: readers ask the same text in turn). */
  scan(text: string): void {
    if (text === this.lastText) return;
    this.stamp++;
    this.present.length = 0;
    if (this.ids.size > 0) {
      this.trie ??= buildTrie(this.ids);
      const root = this.trie;
      let next = text.charCodeAt(0);
      for (let i = 0; i + 1 < text.length; i++) {
        const code = next;
        next = text.charCodeAt(i + 1);
        if (this.pairBits[pairBit(code, next)] === 0) continue;
        // Every fragment that starts here: the trie walked along the text from this position.
        let node = root;
        let at = i;
        while (at < text.length) {
          const child = childOf(node, text.charCodeAt(at));
          if (child === undefined || !text.startsWith(child.edge, at)) break;
          at += child.edge.length;
          const id = child.value;
          if (id !== null && this.marks[id] !== this.stamp) {
            this.marks[id] = this.stamp;
            this.present.push(id);
          }
          node = child;
        }
      }
    }
    this.lastText = text;
  }

  /** Returns true when the last text scanned contains fragment `id`. */
  contains(id: number): boolean {
    return this.marks[id] === this.stamp;
  }
}

/** Slots of the pair filter (a power of two). */
const PAIR_BITS = 1 << 16;

/** Returns a pair's slot in the filter: distinct for every pair of ASCII characters. */
function pairBit(a: number, b: number): number {
  return ((a << 7) ^ b) & (PAIR_BITS - 1);
}

/**
 * Returns the candidates of `rules` for any text. Readers of one file pass one `fragments`
 * dictionary, so that a text is searched for fragments once for all of them.
 */
export function createRuleCandidates<T>(
  rules: readonly T[],
  shape: RuleShape<T>,
  fragments: FragmentDictionary = new FragmentDictionary(),
): RuleCandidates<T> {
  if (rules.length < MIN_INDEXED_RULES) return { candidates: () => rules };
  let scans = 0;
  let index: ((text: string) => readonly T[]) | null = null;
  return {
    candidates(text) {
      if (index !== null) return index(text);
      if (++scans <= SCANS_BEFORE_INDEX) return rules;
      index = buildIndex(rules, shape, fragments);
      return index(text);
    },
  };
}

/** A node of a trie of strings: the text from its parent, its children by their first character, the value of the string that ends here. */
interface TrieNode<V> {
  readonly edge: string;
  /** The children's first character codes, and the children, in one order. */
  readonly codes: number[];
  readonly children: TrieNode<V>[];
  /** Built for a node with many children: child by first character code. */
  lookup: Map<number, TrieNode<V>> | null;
  value: V | null;
}

/** Rules of the list: their positions, ascending, and the rules. */
interface RuleList {
  readonly positions: readonly number[];
  readonly rules: readonly unknown[];
}

/** The rules whose literal ends at a node: those without a fragment, and those with one by its id. */
interface NodeRules {
  readonly plain: RuleList | null;
  readonly byFragment: ReadonlyMap<number, RuleList> | null;
}

/** The positions of the rules filed under one literal while the index is built. */
interface Filed {
  readonly plain: number[];
  readonly byFragment: Map<number, number[]>;
}

function createNode<V>(edge: string): TrieNode<V> {
  return { edge, codes: [], children: [], lookup: null, value: null };
}

function buildIndex<T>(
  rules: readonly T[],
  shape: RuleShape<T>,
  fragments: FragmentDictionary,
): (text: string) => readonly T[] {
  // Each distinct literal with the positions of its rules (repeats of an earlier rule left out).
  const byLiteral = new Map<string, Filed>();
  const seen = new Set<string>();
  rules.forEach((rule, position) => {
    const literal = shape.literalOf(rule);
    if (literal === null) return;
    const key = shape.keyOf(rule);
    if (seen.has(key)) return;
    seen.add(key);
    let filed = byLiteral.get(literal);
    if (filed === undefined) {
      filed = { plain: [], byFragment: new Map() };
      byLiteral.set(literal, filed);
    }
    const fragment = shape.fragmentOf?.(rule) ?? null;
    if (fragment === null || fragment.length < MIN_FRAGMENT_LENGTH) {
      filed.plain.push(position);
      return;
    }
    // A fragment's start is required as much as the fragment: a long one is looked for by its start.
    const id = fragments.idOf(
      fragment.length > MAX_FRAGMENT_LENGTH ? fragment.slice(0, MAX_FRAGMENT_LENGTH) : fragment,
    );
    const positions = filed.byFragment.get(id);
    if (positions === undefined) filed.byFragment.set(id, [position]);
    else positions.push(position);
  });
  const listOf = (positions: readonly number[]): RuleList => ({ positions, rules: positions.map((p) => rules[p]) });
  const root = buildTrie(
    new Map(
      [...byLiteral].map(([literal, filed]): [string, NodeRules] => [
        literal,
        {
          plain: filed.plain.length > 0 ? listOf(filed.plain) : null,
          byFragment:
            filed.byFragment.size > 0
              ? new Map([...filed.byFragment].map(([id, positions]) => [id, listOf(positions)]))
              : null,
        },
      ]),
    ),
  );
  const found: RuleList[] = [];
  const out: T[] = [];
  const heads: number[] = [];
  const take = (node: TrieNode<NodeRules>): void => {
    const here = node.value;
    if (here === null) return;
    if (here.plain !== null) found.push(here.plain);
    const byFragment = here.byFragment;
    if (byFragment === null) return;
    // Whichever is shorter: the fragments the text holds, or those filed here.
    if (fragments.present.length < byFragment.size) {
      for (const id of fragments.present) {
        const list = byFragment.get(id);
        if (list !== undefined) found.push(list);
      }
    } else {
      for (const [id, list] of byFragment) if (fragments.contains(id)) found.push(list);
    }
  };
  return (text) => {
    fragments.scan(text);
    found.length = 0;
    take(root);
    let node = root;
    let at = 0;
    while (at < text.length) {
      const child = childOf(node, text.charCodeAt(at));
      if (child === undefined || !text.startsWith(child.edge, at)) break;
      at += child.edge.length;
      take(child);
      node = child;
    }
    return gather(found, out, heads);
  };
}

function childOf<V>(node: TrieNode<V>, code: number): TrieNode<V> | undefined {
  if (node.lookup !== null) return node.lookup.get(code);
  const at = node.codes.indexOf(code);
  return at < 0 ? undefined : node.children[at];
}

/**
 * Returns the trie of `entries`' strings: a path from the root spells a string, and its last node
 * holds the string's value. Built from the sorted strings without recursion (nested literals
 * thousands of characters deep are a hostile file's shape).
 */
function buildTrie<V>(entries: ReadonlyMap<string, V>): TrieNode<V> {
  const literals = [...entries.keys()].sort();
  const root = createNode<V>('');
  // Work: a node `depth` characters deep, and the sorted strings [from, to) that pass through it.
  const work: { node: TrieNode<V>; depth: number; from: number; to: number }[] = [
    { node: root, depth: 0, from: 0, to: literals.length },
  ];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const { node, depth, to } = item;
    let from = item.from;
    // A string that ends at this node sorts first among those that pass through it.
    if (from < to && (literals[from] as string).length === depth) {
      node.value = entries.get(literals[from] as string) as V;
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
      const child = createNode<V>(first.slice(depth, shared));
      node.codes.push(code);
      node.children.push(child);
      work.push({ node: child, depth: shared, from, to: end });
      from = end;
    }
    if (node.codes.length > SCANNED_CHILDREN) {
      node.lookup = new Map(node.codes.map((c, i) => [c, node.children[i] as TrieNode<V>]));
    }
  }
  return root;
}

const NONE: readonly never[] = [];

/**
 * Returns the rules of every list in `found`, in list order, merged into `out` (reused: the answer
 * holds until the next text). A text meets a few lists, so each step picks among a few heads.
 */
function gather<T>(found: readonly RuleList[], out: T[], heads: number[]): readonly T[] {
  if (found.length === 0) return NONE;
  if (found.length === 1) return (found[0] as RuleList).rules as readonly T[];
  out.length = 0;
  heads.length = found.length;
  heads.fill(0);
  for (;;) {
    let pick = -1;
    let least = Infinity;
    for (let n = 0; n < found.length; n++) {
      const positions = (found[n] as RuleList).positions;
      const head = heads[n] as number;
      if (head < positions.length && (positions[head] as number) < least) {
        least = positions[head] as number;
        pick = n;
      }
    }
    if (pick < 0) return out;
    out.push((found[pick] as RuleList).rules[heads[pick] as number] as T);
    heads[pick] = (heads[pick] as number) + 1;
  }
}
