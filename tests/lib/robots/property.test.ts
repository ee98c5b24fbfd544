/**
 * Property tests with a seeded PRNG (deterministic): random files and URLs never throw and read the
 * same through both doors and through the parser's other paths (large bodies, whose strings are
 * copied and shared; ASCII and mixed bodies); verdicts do not depend on the order of groups
 * (docs/semantics/robots.md §2); and the evaluator agrees with a naive reference written here (DP matcher, §3
 * priorities, §4 lines) on rule sets small enough to scan, large enough for the trie, and large
 * enough to dedupe.
 */

import { describe, expect, it } from 'vitest';
import {
  compileRobots,
  evaluate,
  isAllowed,
  lintRobotsTxt,
  parseRobotsTxt,
  parseRobotsTxtBytes,
  type Verdict,
} from '../../../lib/robots/index';
import { classifyLines } from '../../../lib/robots/lint';
import { matchesPattern } from '../../../lib/robots/match';
import { createRandom, pick, referenceMatches } from './support';

const KEYS = [
  'User-agent',
  'user-agent',
  'USER-AGENT',
  'useragent',
  'User agent',
  'Allow',
  'allow',
  'Disallow',
  'disallow',
  'Dissallow',
  'Disallowed',
  'Sitemap',
  'Site-map',
  'Crawl-delay',
  'Host',
  'Noindex',
  'Foo',
  '',
  '*',
];
const SEPARATORS = [': ', ':', ' : ', ' ', '\t', '\f', '\v', '', '::'];
const VALUE_PIECES = [
  '/',
  '/a',
  'b',
  '*',
  '$',
  '%2f',
  '%zz',
  'é',
  'ツ',
  '😀',
  '\0',
  '#c',
  '\u00A0',
  '\uFEFF',
  '\u2028',
  '\ud800',
  'index.html',
  '?q=1',
  ' ',
  '\t',
  'FooBot',
  'Foo Bar',
  'MJ12bot',
  'https://x.test/s.xml',
];
const ENDINGS = ['\n', '\r', '\r\n', '\n\r'];
const USER_AGENTS = [
  'FooBot',
  'foobot',
  'BarBot',
  'Foo',
  'Foo Bar',
  'MJ12bot',
  'MJ',
  '*',
  '',
  'FooBot/1.0',
  'Googlebot',
];

function randomFile(random: () => number): string {
  const lines: string[] = [];
  const count = Math.floor(random() * 30);
  for (let i = 0; i < count; i++) {
    let value = '';
    const pieces = Math.floor(random() * 4);
    for (let j = 0; j < pieces; j++) value += pick(random, VALUE_PIECES);
    if (random() < 0.01) value += 'x'.repeat(17_000);
    const line =
      random() < 0.1
        ? `# ${value}`
        : `${random() < 0.1 ? ' ' : ''}${pick(random, KEYS)}${pick(random, SEPARATORS)}${value}`;
    lines.push(line + (i < count - 1 || random() < 0.5 ? pick(random, ENDINGS) : ''));
  }
  return (random() < 0.1 ? '\uFEFF' : '') + lines.join('');
}

function randomUrl(random: () => number): string {
  const prefixes = ['', 'http://x.test', 'https://x.test:8080', '//x.test', 'a#b://c', 'x.test', 'http://x.test?'];
  let path = '';
  const pieces = Math.floor(random() * 5);
  for (let j = 0; j < pieces; j++)
    path += pick(random, ['/', '/a', 'b', '*', '$', '%2F', 'é', '?q=1', '#f', ';p', '\0', 'index.html']);
  return pick(random, prefixes) + path;
}

describe('random files and URLs', () => {
  it('never throw, and read the same through the string and byte doors', () => {
    const random = createRandom(1);
    const encoder = new TextEncoder();
    for (let i = 0; i < 400; i++) {
      const body = randomFile(random);
      const robots = parseRobotsTxt(body);
      expect(JSON.stringify(parseRobotsTxtBytes(encoder.encode(body)))).toBe(JSON.stringify(robots));
      expect(classifyLines(body)).toHaveLength(robots.lineCount);
      lintRobotsTxt(body, robots);
      lintRobotsTxt(robots);
      // Index from the second URL: both paths answer.
      const compiled = compileRobots(robots, { scansBeforeIndex: 1 });
      for (let j = 0; j < 5; j++) {
        const url = randomUrl(random);
        const ua = pick(random, USER_AGENTS);
        const verdict = evaluate(compiled, url, ua);
        expect(isAllowed(compiled, url, ua)).toBe(verdict.allowed);
        expect(verdict.rule === null || verdict.rule.rule.line >= 1).toBe(true);
      }
    }
  });
});

describe('bodies read by different paths', () => {
  // Above 64 KiB the parser copies strings out of the body and shares those of repeated rules;
  // a body with a non-ASCII character anywhere re-encodes only the lines that hold one.
  const padding = `\n# ${'x'.repeat(70_000)}`;
  const withoutLineCount = (body: string): string => JSON.stringify({ ...parseRobotsTxt(body), lineCount: 0 });

  it('reads a large body exactly as the same lines in a small one', () => {
    const random = createRandom(7);
    for (let i = 0; i < 40; i++) {
      // Short random patterns over a small alphabet: many rules repeat, many differ only inside.
      const lines = Array.from({ length: 200 }, () =>
        random() < 0.1
          ? `User-agent: ${pick(random, USER_AGENTS)}`
          : `${pick(random, ['Allow: ', 'Disallow: ', 'Disallow:', 'disallow: '])}${randomPattern(random, 6)}`,
      );
      const small = randomFile(random) + '\n' + lines.join('\n');
      expect(withoutLineCount(small + padding)).toBe(withoutLineCount(small));
    }
  });

  it('reads an ASCII file the same with a non-ASCII comment line among its lines', () => {
    const random = createRandom(8);
    for (let i = 0; i < 400; i++) {
      const file = randomFile(random);
      if (/[\x80-\uffff]/.test(file)) continue;
      const lines = file.split('\n');
      const at = Math.floor(random() * (lines.length + 1));
      const withLine = (comment: string): string => [...lines.slice(0, at), comment, ...lines.slice(at)].join('\n');
      expect(withoutLineCount(withLine('# é'))).toBe(withoutLineCount(withLine('# e')));
    }
  });
});

interface GroupSpec {
  readonly agents: readonly string[];
  readonly rules: readonly string[];
}

const PATTERN_ALPHABET = ['/', '/', 'a', 'b', '*', '$', '.', 'index.htm', 'l'];

function randomPattern(random: () => number, maxPieces = 5): string {
  let pattern = random() < 0.8 ? '/' : random() < 0.5 ? '*' : '';
  const pieces = Math.floor(random() * maxPieces);
  for (let i = 0; i < pieces; i++) pattern += pick(random, PATTERN_ALPHABET);
  return pattern;
}

/** Returns a path for which the URL-to-path step is the identity (§3: no leading `//`, no `#`). */
function randomPath(random: () => number): string {
  let path = '/';
  const pieces = Math.floor(random() * 7);
  for (let i = 0; i < pieces; i++) path += pick(random, ['/', 'a', 'b', '.', '$', '*', 'index.html', '?']);
  return path.startsWith('//') ? `/a${path.slice(1)}` : path;
}

function renderGroups(groups: readonly GroupSpec[]): string {
  return groups.map((g) => [...g.agents.map((a) => `User-agent: ${a}`), ...g.rules].join('\n')).join('\n');
}

/**
 * What must not change when groups move: the verdict, the deciding rule's kind and priority, and
 * every match. Which of several equal rules decides (earliest line, §4) may change, so its pattern
 * and how it matched are compared only as part of the set of matches.
 */
function orderFreeView(v: Verdict): unknown {
  const matches = [v.rule, ...v.others.map((o) => o.match)]
    .filter((r) => r !== null)
    .map((r) => `${r.rule.kind} ${r.matchedPattern} ${r.matchedPriority} ${r.via}`)
    .sort();
  return {
    allowed: v.allowed,
    kind: v.rule?.rule.kind ?? null,
    priority: v.rule?.matchedPriority ?? null,
    matches,
    selection: v.selection.kind,
  };
}

describe('group order (docs/semantics/robots.md §2)', () => {
  it('does not change verdicts when whole groups are shuffled', () => {
    const random = createRandom(2);
    const agentPool = ['FooBot', 'foobot', 'BarBot', '*', 'Foo Bar', 'FooBot/1.0', 'Other'];
    for (let i = 0; i < 200; i++) {
      const groups: GroupSpec[] = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({
        agents: Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(random, agentPool)),
        // At least one rule per group, so that concatenated groups stay separate.
        rules: Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => `${random() < 0.5 ? 'Allow' : 'Disallow'}: ${randomPattern(random)}`,
        ),
      }));
      const shuffled = [...groups];
      for (let k = shuffled.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [shuffled[k], shuffled[j]] = [shuffled[j] as GroupSpec, shuffled[k] as GroupSpec];
      }
      const a = compileRobots(parseRobotsTxt(renderGroups(groups)));
      const b = compileRobots(parseRobotsTxt(renderGroups(shuffled)));
      for (let j = 0; j < 8; j++) {
        const path = randomPath(random);
        for (const ua of ['FooBot', 'BarBot', 'Foo', 'Nobody']) {
          expect(orderFreeView(evaluate(b, path, ua))).toEqual(orderFreeView(evaluate(a, path, ua)));
        }
      }
    }
  });
});

/** The index.html retry, written from the spec text (§3). */
function referenceRetry(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash < 0) return null;
  return pattern.slice(slash + 1).startsWith('index.htm') ? `${pattern.slice(0, slash + 1)}$` : null;
}

/** A naive verdict for one group's rules, from the spec text (§3–§4). */
function referenceVerdict(
  rules: readonly { kind: 'allow' | 'disallow'; pattern: string; line: number }[],
  path: string,
): { allowed: boolean; line: number } {
  let allow: { priority: number; line: number } | null = null;
  let disallow: { priority: number; line: number } | null = null;
  for (const rule of rules) {
    let priority = -1;
    if (referenceMatches(rule.pattern, path)) priority = rule.pattern.length;
    else if (rule.kind === 'allow') {
      const retry = referenceRetry(rule.pattern);
      if (retry !== null && referenceMatches(retry, path)) priority = retry.length;
    }
    if (priority < 0) continue;
    const best = rule.kind === 'allow' ? allow : disallow;
    if (best === null || priority > best.priority) {
      if (rule.kind === 'allow') allow = { priority, line: rule.line };
      else disallow = { priority, line: rule.line };
    }
  }
  const pa = allow?.priority ?? -1;
  const pd = disallow?.priority ?? -1;
  const allowed = !((pa > 0 || pd > 0) && pd > pa);
  const line = pd > pa ? (disallow?.line ?? 0) : (allow?.line ?? 0);
  return { allowed, line };
}

describe('agreement with a naive reference', () => {
  it('matches patterns exactly as the DP reference does', () => {
    const random = createRandom(3);
    for (let i = 0; i < 20_000; i++) {
      const pattern = randomPattern(random, 8);
      const path = randomPath(random);
      expect([pattern, path, matchesPattern(pattern, path)]).toEqual([pattern, path, referenceMatches(pattern, path)]);
    }
  });

  it.each([
    { size: 'a few rules (scanned, then a flat bucket)', min: 1, max: 8, seed: 4 },
    { size: 'dozens of rules (burst trie)', min: 9, max: 120, seed: 5 },
    { size: 'hundreds of rules (trie with shared patterns)', min: 257, max: 400, seed: 6 },
  ])('gives the reference verdict and line for $size', ({ min, max, seed }) => {
    const random = createRandom(seed);
    for (let i = 0; i < 60; i++) {
      const count = min + Math.floor(random() * (max - min + 1));
      const rules = Array.from({ length: count }, (_, k) => ({
        kind: random() < 0.5 ? ('allow' as const) : ('disallow' as const),
        pattern: randomPattern(random, count > 100 ? 4 : 6),
        line: k + 2,
      }));
      const body = [
        'User-agent: *',
        ...rules.map((r) => `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}`),
      ].join('\n');
      // The first path is answered by a scan, the others by the index.
      const robots = compileRobots(parseRobotsTxt(body), { scansBeforeIndex: 1 });
      for (let j = 0; j < 25; j++) {
        const path = randomPath(random);
        const verdict = evaluate(robots, path, 'FooBot');
        const reference = referenceVerdict(rules, path);
        expect({ body, path, allowed: verdict.allowed, line: verdict.rule?.rule.line ?? 0 }).toEqual({
          body,
          path,
          ...reference,
        });
        expect(isAllowed(robots, path, 'FooBot')).toBe(reference.allowed);
      }
    }
  });
});
