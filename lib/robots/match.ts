/**
 * Matching one path against one pattern (docs/semantics/robots.md §3): the path Google extracts from a URL, `*`
 * and a final `$`, and Google's index.html retry. No regular expressions are built from patterns:
 * they come from strangers, and the matcher must stay polynomial on hostile ones.
 */

/**
 * A pattern prepared for matching: `literal`, then each segment after a `*`, in order; with
 * `anchoredEnd` the path must end there. No segments: a prefix (or, anchored, the whole path).
 * Priorities are kept by the caller (pattern length, §3).
 */
export interface CompiledPattern {
  readonly literal: string;
  readonly segments: readonly string[];
  readonly anchoredEnd: boolean;
}

const NO_SEGMENTS: readonly string[] = Object.freeze([]);

/**
 * Returns the path Google matches for `url` (§3): after a leading `//` and a `scheme://` that comes
 * before any `/?;`, from the first `/`, `?` or `;` (with `/` prepended to `?` and `;`), without the
 * fragment, up to a NUL. A `#` before the path starts, or no path at all, gives `/`. Nothing is
 * decoded or normalised.
 */
export function extractMatchPath(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = indexOfPathStart(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd >= 0 && earlyPath >= 0 && earlyPath < protocolEnd) protocolEnd = -1;
  const pathStart = indexOfPathStart(url, protocolEnd < 0 ? searchStart : protocolEnd + 3);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  let path = url.slice(pathStart, hash < 0 ? url.length : hash);
  const nul = path.indexOf('\0');
  if (nul >= 0) path = path.slice(0, nul);
  return url.charCodeAt(pathStart) === 0x2f ? path : '/' + path;
}

function indexOfPathStart(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
  }
  return -1;
}

/**
 * Returns `pattern` (normalised, §1) prepared for repeated matching, or null when it starts with
 * neither `/` nor `*` (no path can match). `X*` and `X*$` match exactly the paths that start with
 * `X`, so trailing stars become a prefix test; `$` counts only as the last character.
 */
export function compilePattern(pattern: string): CompiledPattern | null {
  if (pattern.length > 0 && pattern.charCodeAt(0) !== 0x2f && pattern.charCodeAt(0) !== 0x2a) return null;
  let body = pattern;
  let anchoredEnd = false;
  if (body.endsWith('$')) {
    anchoredEnd = true;
    body = body.slice(0, -1);
  }
  let end = body.length;
  while (end > 0 && body.charCodeAt(end - 1) === 0x2a) end--;
  if (end < body.length) {
    body = body.slice(0, end);
    anchoredEnd = false;
  }
  const star = body.indexOf('*');
  if (star < 0) return { literal: body, segments: NO_SEGMENTS, anchoredEnd };
  const segments = body
    .slice(star + 1)
    .split('*')
    .filter((segment) => segment.length > 0);
  return { literal: body.slice(0, star), segments, anchoredEnd };
}

/**
 * Returns true when the `*`-separated segments match `path` from `from` on (no segments: always,
 * or, with `anchoredEnd`, only at the path's end). Each `*` matches any run, so taking every
 * segment at its leftmost occurrence is never worse than a later one: one left-to-right pass, no
 * backtracking, O(path × pattern) at worst.
 */
export function matchesSegments(
  segments: readonly string[],
  anchoredEnd: boolean,
  path: string,
  from: number,
): boolean {
  let pos = from;
  const last = segments.length - 1;
  if (last < 0) return !anchoredEnd || from === path.length;
  // An anchored pattern's last segment must end the path: one cheap look before any search.
  if (anchoredEnd && !path.endsWith(segments[last] as string)) return false;
  for (let i = 0; i < last; i++) {
    const found = path.indexOf(segments[i] as string, pos);
    if (found < 0) return false;
    pos = found + (segments[i] as string).length;
  }
  const tail = segments[last] as string;
  if (anchoredEnd) return path.length - tail.length >= pos && path.endsWith(tail);
  return path.indexOf(tail, pos) >= 0;
}

/**
 * Returns true when the normalised `pattern` matches `path` (anchored at its start). Reads the
 * pattern in place, for one-off checks; the evaluator's index uses `compilePattern` for the same
 * semantics.
 */
export function matchesPattern(pattern: string, path: string): boolean {
  if (pattern.length === 0) return true;
  const first = pattern.charCodeAt(0);
  if (first !== 0x2f && first !== 0x2a) return false;
  let end = pattern.length;
  let anchoredEnd = pattern.charCodeAt(end - 1) === 0x24;
  if (anchoredEnd) end--;
  // `X*` and `X*$` both match exactly the paths that start with X.
  if (end > 0 && pattern.charCodeAt(end - 1) === 0x2a) {
    while (end > 0 && pattern.charCodeAt(end - 1) === 0x2a) end--;
    anchoredEnd = false;
  }
  let star = pattern.indexOf('*');
  if (star < 0 || star >= end) star = end;
  if (path.length < star) return false;
  // An anchored pattern's last segment must end the path: one cheap look before any search.
  if (anchoredEnd && star < end) {
    const lastStar = pattern.lastIndexOf('*', end - 1);
    const tail = end - lastStar - 1;
    if (tail > path.length - star) return false;
    for (let i = 1; i <= tail; i++) if (pattern.charCodeAt(end - i) !== path.charCodeAt(path.length - i)) return false;
  }
  for (let i = 0; i < star; i++) if (path.charCodeAt(i) !== pattern.charCodeAt(i)) return false;
  if (star === end) return !anchoredEnd || path.length === end;
  // Leftmost occurrence of each segment after a `*`, as in matchesSegments.
  let pos = star;
  let segmentStart = star + 1;
  while (segmentStart < end) {
    let segmentEnd = pattern.indexOf('*', segmentStart);
    if (segmentEnd < 0 || segmentEnd > end) segmentEnd = end;
    if (segmentEnd > segmentStart) {
      const segment = pattern.slice(segmentStart, segmentEnd);
      if (segmentEnd === end && anchoredEnd) return path.length - segment.length >= pos && path.endsWith(segment);
      const found = path.indexOf(segment, pos);
      if (found < 0) return false;
      pos = found + segment.length;
    }
    segmentStart = segmentEnd + 1;
  }
  return true;
}

/**
 * Returns the pattern Google retries when an Allow pattern does not match and the text after its
 * last `/` starts with `index.htm` (case-sensitive): everything up to that slash, then `$`. Null
 * when the rule does not qualify (§3, Google-specific).
 */
export function getIndexHtmlRetryPattern(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash < 0 || !pattern.startsWith('index.htm', slash + 1)) return null;
  return pattern.slice(0, slash + 1) + '$';
}
