/**
 * The rule index (lib/robots/rule-index.ts) against a naive reference written here: on random,
 * wildcard-heavy rule sets (seeded), the indexed lookup finds exactly the rules a DP matcher says
 * match, with Google's index.html retry (docs/semantics/robots.md §3), and the longest-first early stop gives the
 * same decision; the index verifies few candidates; hostile patterns stay linear (no backtracking).
 */

import { describe, expect, it } from 'vitest';
import { getIndexHtmlRetryPattern } from '../../../lib/robots/match';
import { decideHits, RuleSet, SCANS_BEFORE_INDEX } from '../../../lib/robots/rule-index';
import type { Rule } from '../../../lib/robots/types';
import { createRandom, pick, referenceMatches } from './support';

const WORDS = ['color', 'size', 'print', 'pdf', 'shoe', 'dress', 'sort', 'page', 'a', 'ab', 'x1', 'index.html', 'q'];
const SEPARATORS = ['/', '?', '&', '=', '.', '-', ''];

function makeRule(kind: 'allow' | 'disallow', line: number, pattern: string): Rule {
  return { kind, line, written: null, pattern, quirks: [], isLineCut: false };
}

/** A random pattern in the shapes large shop files use: `/*?color=`, `/*.pdf$`, `/a/*b*c`, plain prefixes. */
function randomPattern(random: () => number): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(random() * 4);
  for (let i = 0; i < n; i++) parts.push(pick(random, SEPARATORS) + pick(random, WORDS));
  const r = random();
  let pattern: string;
  if (r < 0.35) pattern = '/*' + parts.join(random() < 0.5 ? '*' : '');
  else if (r < 0.55) pattern = '/' + parts[0] + '*' + parts.slice(1).join('*');
  else if (r < 0.65) pattern = '*' + parts.join('');
  else if (r < 0.7) pattern = pick(random, ['', '/', '/*', '*', '$', '/$', 'x/', '/**']);
  else pattern = '/' + parts.join('');
  if (random() < 0.25) pattern += '$';
  return pattern;
}

function randomPath(random: () => number): string {
  let path = '';
  const n = Math.floor(random() * 6);
  for (let i = 0; i < n; i++) path += pick(random, SEPARATORS) + pick(random, WORDS);
  path = '/' + path.replace(/^\//, '');
  if (random() < 0.2) path += '/';
  return path;
}

interface Found {
  readonly line: number;
  readonly via: 'pattern' | 'index-html';
  readonly priority: number;
}

/** Reference: every rule whose pattern the DP matcher accepts, else (Allow only) its index.html retry. */
function referenceHits(rules: readonly Rule[], path: string): Found[] {
  const found: Found[] = [];
  for (const rule of rules) {
    if (referenceMatches(rule.pattern, path)) {
      found.push({ line: rule.line, via: 'pattern', priority: rule.pattern.length });
      continue;
    }
    const retry = rule.kind === 'allow' ? getIndexHtmlRetryPattern(rule.pattern) : null;
    if (retry !== null && referenceMatches(retry, path))
      found.push({ line: rule.line, via: 'index-html', priority: retry.length });
  }
  return sortFound(found);
}

function sortFound(found: Found[]): Found[] {
  return found.sort((a, b) => a.line - b.line || a.via.localeCompare(b.via));
}

function referenceAllowed(rules: readonly Rule[], hits: readonly Found[]): boolean {
  let allow = -1;
  let disallow = -1;
  for (const hit of hits) {
    const rule = rules[hit.line - 1] as Rule;
    if (rule.kind === 'allow') allow = Math.max(allow, hit.priority);
    else disallow = Math.max(disallow, hit.priority);
  }
  return !(disallow > 0 && disallow > allow);
}

function randomRuleSet(random: () => number, size: number): Rule[] {
  return Array.from({ length: size }, (_, i) =>
    makeRule(random() < 0.3 ? 'allow' : 'disallow', i + 1, randomPattern(random)),
  );
}

describe('the rule index against a naive reference (docs/semantics/robots.md §3)', () => {
  it.each([
    { name: 'small sets (one probe per rule)', sets: 150, size: 12 },
    { name: 'sets large enough to share probes between equal patterns', sets: 12, size: 400 },
    { name: 'a set of thousands of wildcard-heavy rules', sets: 2, size: 3000 },
  ])('finds exactly the matching rules on $name', ({ sets, size }) => {
    const random = createRandom(size);
    for (let s = 0; s < sets; s++) {
      const rules = randomRuleSet(random, size);
      const set = new RuleSet(rules, 1);
      for (let j = 0; j < 30; j++) {
        const path = randomPath(random);
        const expected = referenceHits(rules, path);
        // The first query scans every rule; later ones go through the index.
        const found = sortFound(
          set.findHits(path).map((h) => ({
            line: h.target.rule.line,
            via: h.isRetry ? ('index-html' as const) : ('pattern' as const),
            priority: h.priority,
          })),
        );
        expect({ path, found }).toEqual({ path, found: expected });
        expect({ path, allowed: set.isAllowed(path) }).toEqual({ path, allowed: referenceAllowed(rules, expected) });
      }
    }
  });

  it('stops early only when no remaining pattern can change the decision', () => {
    const rules = [
      makeRule('disallow', 1, '/*/print$'),
      makeRule('allow', 2, '/s*/prin*'),
      makeRule('allow', 3, '/shop/*'),
      makeRule('disallow', 4, '/*t$'),
      makeRule('allow', 5, '/d/index.html'),
      makeRule('disallow', 6, '/d/$'),
    ];
    const cases = [
      { path: '/shop/x/print', source: 'docs/semantics/robots.md §3: ties go to Allow (both 10 bytes)', allowed: true },
      { path: '/cart/x/print', source: 'docs/semantics/robots.md §3: longest match wins', allowed: false },
      { path: '/d/', source: 'docs/semantics/robots.md §4: the retried `/d/$` ties the Disallow', allowed: true },
      { path: '/shop/t', source: 'docs/semantics/robots.md §3: `/shop/*` (7) beats `/*t$` (4)', allowed: true },
    ];
    const set = new RuleSet(rules, 1);
    set.findHits('/');
    for (const { path, allowed } of cases) expect({ path, allowed: set.isAllowed(path) }).toEqual({ path, allowed });
  });
});

describe('when the index is built', () => {
  it(`answers its first ${SCANS_BEFORE_INDEX} paths by testing every rule, then builds the index; 0 builds it at once`, () => {
    const random = createRandom(5);
    const rules = randomRuleSet(random, 200);
    const paths = Array.from({ length: SCANS_BEFORE_INDEX + 3 }, () => randomPath(random));
    const set = new RuleSet(rules);
    const answers = paths.map((path, i) => {
      const allowed = i % 2 === 0 ? set.isAllowed(path) : decideHits(set.findHits(path));
      // Still scanning through the last of its scans; indexed from the next query on.
      expect({ query: i + 1, isIndexed: set.isIndexed }).toEqual({
        query: i + 1,
        isIndexed: i + 1 > SCANS_BEFORE_INDEX,
      });
      return allowed;
    });
    const eager = new RuleSet(rules, 0);
    expect(paths.map((path) => eager.isAllowed(path))).toEqual(answers);
    expect(eager.isIndexed).toBe(true);
  });
});

describe('what the index verifies', () => {
  it('tests a few candidates, not every unanchored wildcard pattern, on a shop-like set', () => {
    const random = createRandom(7);
    const facets = Array.from({ length: 300 }, (_, i) => `f${i.toString(36)}${pick(random, WORDS)}`);
    const rules = facets.flatMap((f, i) => [
      makeRule('disallow', 2 * i + 1, `/*?${f}=`),
      makeRule('disallow', 2 * i + 2, `/*${f}*.pdf$`),
    ]);
    const set = new RuleSet(rules, 1);
    set.findHits('/');
    const path = `/women/dress-1/?${facets[17] as string}=red`;
    expect(set.findHits(path).map((h) => h.target.rule.line)).toEqual([35]);
    expect(set.countCandidates(path)).toBeLessThan(20);
  });
});

describe('hostile patterns stay linear (docs/semantics/robots.md §3: no backtracking)', () => {
  it.each([
    {
      name: '`/*a*a*a*a*a*a*a*a*b` against 100,000 `a`s',
      pattern: '/' + '*a'.repeat(8) + '*b',
      path: '/' + 'a'.repeat(100_000),
      matches: false,
    },
    { name: '500 `*a` against an 8 KB path', pattern: '*a'.repeat(500), path: '/' + 'ab'.repeat(4096), matches: true },
    {
      name: '`/*a*…*a$` against `a`s ending in `b`',
      pattern: '/' + '*a'.repeat(200) + '$',
      path: '/' + 'a'.repeat(50_000) + 'b',
      matches: false,
    },
  ])('answers $name through the index', ({ pattern, path, matches }) => {
    const rules = [makeRule('disallow', 1, pattern), makeRule('allow', 2, '/zzz')];
    const set = new RuleSet(rules, 1);
    set.findHits('/');
    expect(set.findHits(path).map((h) => h.target.rule.line)).toEqual(matches ? [1] : []);
    expect(set.isAllowed(path)).toBe(!matches);
  });

  it('indexes rules that share a 15,000-character prefix without exhausting the stack', () => {
    const long = '/' + 'a'.repeat(15_000);
    const rules = Array.from({ length: 20 }, (_, i) => makeRule('disallow', i + 1, `${long}${i}`));
    const set = new RuleSet(rules, 1);
    set.findHits('/');
    expect(set.findHits(`${long}3`).map((h) => h.target.rule.line)).toEqual([4]);
    expect(set.isAllowed(`${long}x`)).toBe(true);
  });

  it('answers 10,000 rules `/*x<i>*y<i>$` against a 2,000-character URL, as the reference does', () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => makeRule('disallow', i + 1, `/*x${i}*y${i}$`));
    const path = (
      '/' + Array.from({ length: 400 }, (_, k) => `x${(k * 37) % 10_000}-y${(k * 91) % 10_000}`).join('/')
    ).slice(0, 2000);
    const set = new RuleSet(rules, 1);
    set.findHits('/');
    const expected = rules
      .filter((r) => path.endsWith(`y${r.line - 1}`) && path.includes(`x${r.line - 1}`))
      .map((r) => r.line);
    expect(
      set
        .findHits(path)
        .map((h) => h.target.rule.line)
        .sort((a, b) => a - b),
    ).toEqual(expected);
  });
});
