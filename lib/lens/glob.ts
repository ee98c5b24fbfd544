/**
 * Glob matching as docs/semantics/lens.md §1.2 defines it: `*` stands for any run of characters, the match
 * starts at the first character, and a final `$` anchors it at the end. No regex: patterns come
 * from strangers. Each piece is found at its first occurrence, which is exact for globs (a later
 * occurrence can never leave more room for the pieces after it), so the cost stays near linear.
 * A lens compiles each distinct pattern once, when it reads the file, and tests it URL after URL;
 * a compiled pattern remembers its answer for the last text, because the workbench asks every
 * reader of a file (one per group chosen) the same URL in turn, and large files repeat their
 * patterns in group after group.
 */

/** A pattern ready to test: its pieces between `*` (an empty piece where two meet or one ends it), and its end anchor. */
export interface Glob {
  readonly pieces: readonly string[];
  readonly anchored: boolean;
  /** The last text tested, and the answer. */
  lastText: string | null;
  lastMatch: boolean;
}

/** Returns `pattern` compiled; a final `$` is the end anchor, every other character is literal but `*`. */
function compileGlob(pattern: string): Glob {
  const anchored = pattern.endsWith('$');
  return { pieces: (anchored ? pattern.slice(0, -1) : pattern).split('*'), anchored, lastText: null, lastMatch: false };
}

/** Returns a compiler that gives one Glob per distinct pattern (a file's rules share them). */
export function createGlobCompiler(): (pattern: string) => Glob {
  const compiled = new Map<string, Glob>();
  return (pattern) => {
    let glob = compiled.get(pattern);
    if (glob === undefined) {
      glob = compileGlob(pattern);
      compiled.set(pattern, glob);
    }
    return glob;
  };
}

/** Returns true when `glob` matches `text`. */
export function matchesGlob(glob: Glob, text: string): boolean {
  if (glob.lastText === text) return glob.lastMatch;
  const match = testGlob(glob, text);
  glob.lastText = text;
  glob.lastMatch = match;
  return match;
}

function testGlob(glob: Glob, text: string): boolean {
  const pieces = glob.pieces;
  const first = pieces[0] as string;
  const lastIndex = pieces.length - 1;
  if (lastIndex === 0) return glob.anchored ? text === first : text.startsWith(first);
  if (!text.startsWith(first)) return false;
  let pos = first.length;
  for (let k = 1; k < lastIndex; k++) {
    const piece = pieces[k] as string;
    if (piece === '') continue;
    const at = text.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  const last = pieces[lastIndex] as string;
  if (!glob.anchored) return last === '' || text.indexOf(last, pos) >= 0;
  // Anchored: the last piece must end the text, starting no earlier than where the others ended.
  return text.length - last.length >= pos && text.endsWith(last);
}

/**
 * Returns what every text a glob pattern matches begins with: the pattern up to its first `*`, or
 * without its end anchor (`$`) when it has no `*`.
 */
export function globLiteral(pattern: string): string {
  const star = pattern.indexOf('*');
  if (star >= 0) return pattern.slice(0, star);
  return pattern.endsWith('$') ? pattern.slice(0, -1) : pattern;
}

/** Returns the longest of `pieces` after the first, or null when there is none (or all are empty). */
export function longestLaterPiece(pieces: readonly string[]): string | null {
  let longest = '';
  for (let k = 1; k < pieces.length; k++) {
    const piece = pieces[k] as string;
    if (piece.length > longest.length) longest = piece;
  }
  return longest === '' ? null : longest;
}
