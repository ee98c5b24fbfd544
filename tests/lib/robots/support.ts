/**
 * Test support for the robots engine: where the shared corpus is, a seeded PRNG, and reference
 * implementations written independently of lib/robots (a DP pattern matcher, a naive verdict).
 */

export { createRandom } from '../../support/random';

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileRobots, evaluate, parseRobotsTxt, type Verdict } from '../../../lib/robots/index';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** The shared corpus folder: $ROBOTS_CORPUS, else ../shared/corpus next to the repository. */
export const CORPUS_DIR = process.env.ROBOTS_CORPUS ?? resolve(REPO_ROOT, '..', 'shared', 'corpus');
export const CONFORMANCE_FILE = join(CORPUS_DIR, 'conformance', 'google-robotstxt-spec-test.json');
export const HAS_CORPUS = existsSync(CONFORMANCE_FILE);

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * Reference matcher: does `pattern` (normalised) match a prefix of `path` (or all of it with a final
 * `$`)? Dynamic programming over (pattern position, path position); no shortcuts.
 */
export function referenceMatches(pattern: string, path: string): boolean {
  if (pattern.length > 0 && pattern[0] !== '/' && pattern[0] !== '*') return false;
  const anchored = pattern.endsWith('$');
  const p = anchored ? pattern.slice(0, -1) : pattern;
  // reach[j]: the first i characters of p can match exactly path[0, j).
  let reach = new Array<boolean>(path.length + 1).fill(false);
  reach[0] = true;
  for (const ch of p) {
    const next = new Array<boolean>(path.length + 1).fill(false);
    for (let j = 0; j <= path.length; j++) {
      if (ch === '*') next[j] = reach[j] || (j > 0 && next[j - 1] === true);
      else next[j] = j > 0 && reach[j - 1] === true && path[j - 1] === ch;
    }
    reach = next;
  }
  return anchored ? reach[path.length] === true : reach.some(Boolean);
}

/** Returns evaluate()'s verdict for a body given as text. */
export function verdictOf(body: string, url: string, userAgent = 'FooBot'): Verdict {
  return evaluate(compileRobots(parseRobotsTxt(body)), url, userAgent);
}
