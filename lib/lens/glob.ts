/**
 * Glob matching as PARSER-LENS.md §1.2 defines it: `*` stands for any run of characters, the match
 * starts at the first character, and is anchored at the end only when asked. No regex: patterns come
 * from strangers. Each piece is found at its first occurrence, which is exact for globs (a later
 * occurrence can never leave more room for the pieces after it), so the cost stays near linear.
 */

/** Returns true when `pattern` (whose `*` are wildcards, everything else literal) matches `text`. */
export function globMatch(pattern: string, text: string, anchored: boolean): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return anchored ? text === pattern : text.startsWith(pattern);
  const pieces = pattern.split('*');
  const first = pieces[0] as string;
  if (!text.startsWith(first)) return false;
  let pos = first.length;
  const lastIndex = pieces.length - 1;
  for (let k = 1; k < lastIndex; k++) {
    const piece = pieces[k] as string;
    if (piece === '') continue;
    const at = text.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  const last = pieces[lastIndex] as string;
  if (!anchored) return last === '' || text.indexOf(last, pos) >= 0;
  // Anchored: the last piece must end the text, starting no earlier than where the others ended.
  return text.length - last.length >= pos && text.endsWith(last);
}
