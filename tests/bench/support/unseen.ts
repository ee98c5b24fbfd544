/**
 * Benchmark shapes the engine was not tuned on: the real files of the corpus chosen by a rule (the
 * most wildcard rules; the typical size), never by name, and URLs drawn from each file's own rules —
 * for every rule a path it matches and a near miss (one literal character changed, the last one
 * dropped, or a character after a `$`). Seeded, so runs compare.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRandom } from '../../support/random';

/** A corpus file picked by a rule, with its text. */
export interface CorpusFile {
  readonly file: string;
  readonly body: string;
  /** Allow and Disallow patterns that hold `*` or end in `$`. */
  readonly wildcardRules: number;
  /** Allow and Disallow lines with a pattern. */
  readonly rules: number;
}

const RULE = /^\s*(?:dis)?allow\s*:\s*(\S+)/i;

/** Returns the patterns of the file's Allow and Disallow lines, in file order. */
export function listRulePatterns(body: string): string[] {
  return body
    .split(/\r\n|\r|\n/)
    .map((line) => RULE.exec(line)?.[1])
    .filter((p): p is string => p !== undefined);
}

function isWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.endsWith('$');
}

/** Reads every robots.txt of the corpus's top level (decoded as UTF-8, as the other corpus rows are). */
function readCorpus(corpus: string, accept: (bytes: number) => boolean): CorpusFile[] {
  return readdirSync(corpus)
    .filter((name) => name.endsWith('.txt') && statSync(join(corpus, name)).isFile())
    .filter((name) => accept(statSync(join(corpus, name)).size))
    .map((file) => {
      const body = new TextDecoder().decode(readFileSync(join(corpus, file)));
      const patterns = listRulePatterns(body);
      return { file, body, wildcardRules: patterns.filter(isWildcard).length, rules: patterns.length };
    });
}

/** Orders by wildcard rules, most first, then by name (so equal counts pick the same files). */
function byWildcardRules(a: CorpusFile, b: CorpusFile): number {
  return b.wildcardRules - a.wildcardRules || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

/**
 * Returns the `count` corpus files with the most wildcard rules (`*` anywhere or a final `$`),
 * skipping same-text copies (a site's file published under two hosts).
 */
export function selectWildcardHeavyFiles(corpus: string, count: number): CorpusFile[] {
  const seen = new Set<string>();
  const out: CorpusFile[] = [];
  for (const candidate of readCorpus(corpus, () => true).sort(byWildcardRules)) {
    if (out.length === count) break;
    if (seen.has(candidate.body)) continue;
    seen.add(candidate.body);
    out.push(candidate);
  }
  return out;
}

/** Returns the `count` corpus files of `minBytes`–`maxBytes` with the most wildcard rules. */
export function selectTypicalFiles(corpus: string, count: number, minBytes: number, maxBytes: number): CorpusFile[] {
  return readCorpus(corpus, (bytes) => bytes >= minBytes && bytes <= maxBytes)
    .filter((f) => f.rules > 0)
    .sort(byWildcardRules)
    .slice(0, count);
}

/** What a `*` stands for in a URL made from a pattern: nothing, a word, segments, a query. */
const FILLERS = ['', 'a', 'red', 'shoes/red', 'item-42', 'x?page=2', 'caf%C3%A9', 'q=1&sort=asc'];
/** What follows a pattern with no final `$`. */
const TAILS = ['', '', 'item-7', 'index.html', '?ref=nav', '/2024/01/'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Returns a path `pattern` matches: each `*` filled, the final `$` dropped, a tail where there is none. */
function fillPattern(random: () => number, pattern: string): string {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  let path = '';
  for (const c of body) path += c === '*' ? pick(random, FILLERS) : c;
  if (!anchored) path += pick(random, TAILS);
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Returns a path close to one `pattern` matches that it may not match: a `$` pattern's path with a
 * character after it, else a path with one literal character of the pattern changed or its last
 * literal character dropped.
 */
function nearMiss(random: () => number, pattern: string): string {
  const anchored = pattern.endsWith('$');
  if (anchored && random() < 0.5) return `${fillPattern(random, pattern)}x`;
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const literals: number[] = [];
  for (let i = 1; i < body.length; i++) if (body[i] !== '*') literals.push(i);
  if (literals.length === 0) return fillPattern(random, `${body}-`);
  const at = random() < 0.3 ? (literals[literals.length - 1] as number) : pick(random, literals);
  const changed = random() < 0.3 ? '' : body[at] === 'q' ? 'z' : 'q';
  return fillPattern(random, body.slice(0, at) + changed + body.slice(at + 1) + (anchored ? '$' : ''));
}

/**
 * Returns `count` URLs on `origin` drawn from the file's own rules: for each rule in turn (round the
 * list) a path it matches, then a near miss, in a seeded order.
 */
export function createUrlsFromRules(body: string, origin: string, seed: number, count: number): string[] {
  const random = createRandom(seed);
  const patterns = listRulePatterns(body).filter((p) => p.startsWith('/') || p.startsWith('*'));
  if (patterns.length === 0) return [`${origin}/`];
  const urls: string[] = [];
  for (let i = 0; urls.length < count; i++) {
    const pattern = patterns[i % patterns.length] as string;
    urls.push(origin + fillPattern(random, pattern));
    if (urls.length < count) urls.push(origin + nearMiss(random, pattern));
  }
  // Shuffled (Fisher–Yates), so that a batch of URLs is not one rule's neighbourhood.
  for (let i = urls.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [urls[i], urls[j]] = [urls[j] as string, urls[i] as string];
  }
  return urls;
}

/** Returns the site a corpus file name stands for, as an origin ("ebay.com.txt" → https://ebay.com). */
export function originOf(file: string): string {
  return `https://${file.replace(/\.txt$/, '').replace(/@.*$/, '')}`;
}
