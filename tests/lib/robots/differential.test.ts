/**
 * The optimised matcher (rule index, fragment groups, proofs by fragment, longest-first early stop)
 * against a reference written here from docs/semantics/robots.md §3–§4 alone, on seeded wildcard-heavy files
 * (facet keys after `/*`, locale prefixes, anchored endings, index.html allows) and URLs with long
 * query strings (200–2,000 characters: repeated keys, escaped lists, tracking): the verdict, the
 * deciding line and how it matched, and every losing rule with its reason, for Googlebot (three
 * groups merged) and a crawler that falls back to `*`.
 */

import { describe, expect, it } from 'vitest';
import {
  compileRobots,
  evaluate,
  evaluateForCrawler,
  isAllowed,
  isAllowedForCrawler,
  parseRobotsTxt,
  type Verdict,
} from '../../../lib/robots/index';
import { createLongQueryUrls } from '../../bench/support/long-query';
import { createRandom, pick } from './support';

const KEYS = ['color', 'pa_size', 'filter_brand', 'min', 'max', 'order', 'sort', 'q', 'ref', 'ship_to', 'attr_1', 'p'];
const WORDS = ['red', 'blue', 'dress', 'index.html', 'print', 'gift', 'ring', 'a', 'x%2F', '%C3%A9t%C3%A9'];
const LOCALES = ['fr', 'de', 'uk', 'ca-fr', 'es'];
const PATHS = [
  '/',
  '/c/jewelry/rings',
  '/fr/c/jewelry',
  '/de/search',
  '/uk/listing/123/print',
  '/shop/dress-12/',
  '/d/',
  '/d/index.html',
  '/files/manual.pdf',
  '/a$b/',
  '/es/people/x/circle',
  // A fragment that occurs only inside the literal prefix does not count (`/fr/*/print` on `/fr/print`).
  '/fr/print',
  '/print',
  '/de/circle/',
  '/min=1/',
];

/** A pattern in the shapes wildcard-heavy files use; normalised already (ASCII, upper-case escapes). */
function createPattern(random: () => number): string {
  const key = pick(random, KEYS);
  const word = pick(random, WORDS);
  const locale = pick(random, LOCALES);
  switch (Math.floor(random() * 16)) {
    case 0:
      return `/*?${key}=`;
    case 1:
      return `/*&${key}=`;
    case 2:
      return `/${locale}/*${key}=*`;
    case 3:
      return `/*${key}=${word}`;
    case 4:
      return `/*.${pick(random, ['pdf', 'html', 'zip'])}$`;
    case 5:
      return `/*/${pick(random, ['print', 'circle', ''])}${random() < 0.5 ? '$' : ''}`;
    case 6:
      return `/${locale}/search*${key}=*`;
    case 7:
      return `*${key}=*${pick(random, KEYS)}=`;
    case 8:
      return `/*?*${key}=${random() < 0.5 ? '' : word}`;
    case 9:
      return `/${pick(random, ['c', 'shop', 'd', locale])}/${random() < 0.5 ? '' : pick(random, ['jewelry', 'dress-12', 'index.html'])}`;
    case 10:
      return `/${pick(random, ['d', 'shop', 'c/jewelry'])}/index.html${random() < 0.3 ? '$' : ''}`;
    case 11:
      return `/*${word}*${key}*${pick(random, WORDS)}`;
    case 12:
      return pick(random, ['/', '/*', '*', '/$', '', '/**$', '/a$b', '/*$']);
    case 13:
      return random() < 0.5 ? `/*${key}=${word}$` : `/${key}=*${key}=`;
    case 14:
      return `/*%2F*${key}`;
    default:
      return `/${locale}/*/${pick(random, ['print', 'circle', 'favorites'])}*`;
  }
}

function createRules(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () => `${random() < 0.3 ? 'Allow' : 'Disallow'}: ${createPattern(random)}`);
}

/** A file of three Googlebot groups around a `*` group (§2: the Googlebot groups merge, `*` is ignored for it). */
function createFile(random: () => number, rulesPerGroup: number): string {
  return [
    'User-agent: Googlebot',
    ...createRules(random, rulesPerGroup),
    'User-agent: *',
    ...createRules(random, rulesPerGroup),
    'User-agent: Googlebot',
    'User-agent: Googlebot-Image',
    ...createRules(random, rulesPerGroup),
    'User-agent: bingbot',
    'Disallow: /',
    'User-agent: Googlebot',
    ...createRules(random, rulesPerGroup),
  ].join('\n');
}

// The reference: docs/semantics/robots.md §2–§4, read off the file's lines, nothing shared with lib/robots.

interface RefRule {
  readonly line: number;
  readonly isAllow: boolean;
  readonly pattern: string;
}

/** The rules of the groups a caller gets, in file order: the groups naming `googlebot`, else the `*` groups (§2). */
function referenceRules(body: string, asGooglebot: boolean): RefRule[] {
  const rules: RefRule[] = [];
  let applies = false;
  let inAgents = false;
  body.split('\n').forEach((text, i) => {
    const [key, value] = text.split(': ') as [string, string];
    if (key === 'User-agent') {
      const named = asGooglebot ? value === 'Googlebot' : value === '*';
      applies = inAgents ? applies || named : named;
      inAgents = true;
      return;
    }
    inAgents = false;
    if (applies) rules.push({ line: i + 1, isAllow: key === 'Allow', pattern: value ?? '' });
  });
  return rules;
}

/** The path of an absolute `https://host/…` URL (§3): from the first `/` after the host, without the fragment. */
function referencePath(url: string): string {
  const start = url.indexOf('/', 'https://'.length);
  const path = start < 0 ? '/' : url.slice(start);
  const hash = path.indexOf('#');
  return hash < 0 ? path : path.slice(0, hash);
}

/**
 * Whether `pattern` matches `path` from its start (§3): `*` any run (none included), `$` the end
 * only as the last character, any other character itself; a pattern starting with neither `/` nor
 * `*` never matches. Tried position by position.
 */
function referenceMatch(pattern: string, path: string): boolean {
  if (pattern.length > 0 && pattern[0] !== '/' && pattern[0] !== '*') return false;
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  // A `*` at i that fails from path position j fails from any later one too (it could skip there):
  // the first position from which each `*` is known to fail.
  const failsFrom = new Array<number>(body.length).fill(path.length + 1);
  // Whether the pattern from its character i matches the path from its character j.
  const matchesFrom = (i: number, j: number): boolean => {
    if (i === body.length) return !anchored || j === path.length;
    if (body[i] !== '*') return j < path.length && path[j] === body[i] && matchesFrom(i + 1, j + 1);
    for (let k = j; k < (failsFrom[i] as number); k++) if (matchesFrom(i + 1, k)) return true;
    failsFrom[i] = Math.min(j, failsFrom[i] as number);
    return false;
  };
  return matchesFrom(0, 0);
}

interface RefHit {
  readonly line: number;
  readonly isAllow: boolean;
  readonly via: 'pattern' | 'index-html';
  readonly priority: number;
}

/** Every matching rule (§3), an Allow that does not match retried as `…/$` when its last part starts with `index.htm`. */
function referenceHits(rules: readonly RefRule[], path: string): RefHit[] {
  const hits: RefHit[] = [];
  for (const { line, isAllow, pattern } of rules) {
    if (referenceMatch(pattern, path)) {
      hits.push({ line, isAllow, via: 'pattern', priority: pattern.length });
      continue;
    }
    const slash = pattern.lastIndexOf('/');
    if (!isAllow || slash < 0 || !pattern.slice(slash + 1).startsWith('index.htm')) continue;
    const retry = pattern.slice(0, slash + 1) + '$';
    if (referenceMatch(retry, path)) hits.push({ line, isAllow, via: 'index-html', priority: retry.length });
  }
  return hits;
}

/** Better: higher priority, then earlier line. */
function rank(a: RefHit, b: RefHit): number {
  return b.priority - a.priority || a.line - b.line;
}

interface Explained {
  readonly allowed: boolean;
  readonly decider: { line: number; via: string; priority: number } | null;
  readonly others: readonly { line: number; via: string; priority: number; reason: string }[];
}

/** The verdict, the deciding line (§4: the higher of best Allow and best Disallow, Allow on a tie) and the losers, best first. */
function referenceExplain(rules: readonly RefRule[], path: string): Explained {
  const hits = referenceHits(rules, path).sort(rank);
  const allow = hits.find((h) => h.isAllow);
  const disallow = hits.find((h) => !h.isAllow);
  const decider =
    allow === undefined ? disallow : disallow === undefined || disallow.priority <= allow.priority ? allow : disallow;
  if (decider === undefined) return { allowed: true, decider: null, others: [] };
  const others = hits
    .filter((h) => h !== decider)
    .map((h) => ({
      line: h.line,
      via: h.via,
      priority: h.priority,
      reason:
        h.priority < decider.priority
          ? 'shorter'
          : h.isAllow === decider.isAllow
            ? 'later-duplicate'
            : 'tie-goes-to-allow',
    }));
  const allowed = decider.isAllow || decider.priority === 0;
  return { allowed, decider: { line: decider.line, via: decider.via, priority: decider.priority }, others };
}

function explainedOf(verdict: Verdict): Explained {
  const rule = verdict.rule;
  return {
    allowed: verdict.allowed,
    decider: rule === null ? null : { line: rule.rule.line, via: rule.via, priority: rule.matchedPriority },
    others: verdict.others.map(({ match, reason }) => ({
      line: match.rule.line,
      via: match.via,
      priority: match.matchedPriority,
      reason,
    })),
  };
}

describe('the optimised matcher against a reference from docs/semantics/robots.md §3–§4, long query strings', () => {
  it.each([
    { name: 'small groups (the first answers scan every rule)', seed: 1, files: 30, rulesPerGroup: 12, scans: 16 },
    { name: 'groups of 60 rules, indexed at once', seed: 2, files: 20, rulesPerGroup: 60, scans: 0 },
    {
      name: 'groups of 400 rules (equal patterns share probes), indexed at once',
      seed: 3,
      files: 4,
      rulesPerGroup: 400,
      scans: 0,
    },
  ])(
    'gives the same verdict, deciding line and losers on $name',
    ({ seed, files, rulesPerGroup, scans }) => {
      const random = createRandom(seed);
      let cases = 0;
      let disallowed = 0;
      let withLosers = 0;
      for (let f = 0; f < files; f++) {
        const body = createFile(random, rulesPerGroup);
        const compiled = compileRobots(parseRobotsTxt(body), { scansBeforeIndex: scans });
        const urls = createLongQueryUrls(
          random,
          { origin: 'https://shop.example', paths: PATHS, keys: KEYS, words: WORDS },
          40,
        ).map((url, i) => (i % 9 === 4 ? `${url}#${pick(random, KEYS)}=1` : url));
        for (const [asGooglebot, crawler] of [
          [true, 'Googlebot'],
          [false, 'GPTBot'],
        ] as const) {
          const rules = referenceRules(body, asGooglebot);
          for (const url of urls) {
            const expected = referenceExplain(rules, referencePath(url));
            const verdict =
              asGooglebot && cases % 2 === 0
                ? evaluate(compiled, url, crawler)
                : evaluateForCrawler(compiled, url, crawler).verdict;
            expect({ url, ...explainedOf(verdict) }).toEqual({ url, ...expected });
            const decided =
              cases % 2 === 0 ? isAllowed(compiled, url, crawler) : isAllowedForCrawler(compiled, url, crawler);
            expect({ url, allowed: decided }).toEqual({ url, allowed: expected.allowed });
            cases++;
            if (!expected.allowed) disallowed++;
            if (expected.others.length > 0) withLosers++;
          }
        }
      }
      // The inputs exercise both answers and real explanations, not only "no rule matched".
      expect(cases).toBe(files * 80);
      expect(disallowed).toBeGreaterThan(cases / 10);
      expect(withLosers).toBeGreaterThan(cases / 10);
    },
    120_000,
  );

  it('reads the generated patterns unchanged (they are normalised already), so the reference sees what the engine sees', () => {
    const random = createRandom(4);
    const body = createFile(random, 200);
    const parsed = parseRobotsTxt(body);
    const written = body
      .split('\n')
      .filter((line) => !line.startsWith('User-agent'))
      .map((line) => line.split(': ')[1] ?? '');
    expect(parsed.groups.flatMap((g) => g.rules.map((r) => r.pattern))).toEqual(written);
  });
});
