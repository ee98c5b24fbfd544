/**
 * The lenses' rule index (lib/lens/candidates.ts): a text's candidates are exactly the rules whose
 * literal start begins it, in list order, repeats left out; and every lens answers through its index
 * as it answers by scanning, on real files, the worst synthetic ones and URLs with long queries.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuleCandidates, FragmentDictionary, SCANS_BEFORE_INDEX } from '../../../lib/lens/candidates';
import {
  createLensFileReader,
  LENS_PROFILES,
  type LensNameReader,
  type LensProfileId,
  type LensVerdict,
} from '../../../lib/lens/index';
import { CRAWLERS } from '../../../lib/robots/index';
import { createSyntheticRobots, createUrlsFromPatterns } from '../../bench/support/inputs';
import { createShopLongQueryUrls, createShopRobots, createShopUrls } from '../../bench/support/shop';
import { CORPUS_DIR, HAS_CORPUS } from '../robots/support';
import { createRandom, pick } from './support';

interface TestRule {
  readonly id: number;
  readonly literal: string | null;
  readonly key: string;
}

const SHAPE = { literalOf: (r: TestRule) => r.literal, keyOf: (r: TestRule) => r.key };

/** Returns what the index must answer: every rule whose literal starts the text, the first of each key. */
function expected(rules: readonly TestRule[], text: string): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (const rule of rules) {
    if (rule.literal === null) continue;
    if (seen.has(rule.key)) continue;
    seen.add(rule.key);
    if (text.startsWith(rule.literal)) out.push(rule.id);
  }
  return out;
}

/** Returns the index's answer once it is built (after the scans it answers with the whole list). */
function indexed(rules: readonly TestRule[], texts: readonly string[]): number[][] {
  const candidates = createRuleCandidates(rules, SHAPE);
  for (let i = 0; i <= SCANS_BEFORE_INDEX; i++) candidates.candidates('');
  return texts.map((text) => candidates.candidates(text).map((r) => r.id));
}

describe('createRuleCandidates', () => {
  it('gives the rules whose literal starts the text, in list order, without repeats', () => {
    const literals: (string | null)[] = ['/a', '', '/ab', null, '/a', '/b/c', '/abc', '/', '/ab', '/x', '/b'];
    const rules = Array.from({ length: 40 }, (_, id) => {
      const literal = literals[id % literals.length] as string | null;
      // Every third rule repeats the key of the rule with its literal (a repeated line).
      return { id, literal, key: id % 3 === 0 ? `k${literal}` : `k${id}` };
    });
    const texts = ['/abc/d', '/a', '/', '', '/b/c?x', '/zzz', '/ab'];
    const answers = indexed(rules, texts);
    texts.forEach((text, i) => expect(answers[i], text).toEqual(expected(rules, text)));
    // Not vacuous: the index leaves rules out, and keeps several for a long text.
    expect((answers[0] as number[]).length).toBeGreaterThan(5);
    expect((answers[0] as number[]).length).toBeLessThan(rules.length);
  });

  it('answers as a scan does on random literals, nested ones and texts', () => {
    const random = createRandom(2026);
    const alphabet = ['/', 'a', 'b', '?', '=', '%', 'é', '\u{1F600}'];
    const word = (max: number): string =>
      Array.from({ length: Math.floor(random() * max) }, () => pick(random, alphabet)).join('');
    for (let round = 0; round < 40; round++) {
      const rules: TestRule[] = Array.from({ length: 16 + Math.floor(random() * 200) }, (_, id) => {
        const literal = random() < 0.05 ? null : word(6);
        return { id, literal, key: random() < 0.2 ? `k${literal}` : `k${id}` };
      });
      const texts = Array.from({ length: 30 }, () => word(10));
      const answers = indexed(rules, texts);
      texts.forEach((text, i) => expect(answers[i]).toEqual(expected(rules, text)));
    }
  });

  it('files a rule with a fragment under it too: a candidate only for texts that contain it', () => {
    const random = createRandom(77);
    const alphabet = ['/', 'a', 'b', '?', '=', '.', 'é'];
    const word = (max: number): string =>
      Array.from({ length: Math.floor(random() * max) }, () => pick(random, alphabet)).join('');
    for (let round = 0; round < 40; round++) {
      const rules = Array.from({ length: 32 + Math.floor(random() * 120) }, (_, id) => ({
        id,
        literal: word(3),
        key: random() < 0.2 ? `k${id % 7}` : `k${id}`,
        fragment: random() < 0.6 ? word(4) : null,
      }));
      // Two readers of one file share a dictionary: the second registers fragments after the first scanned.
      const fragments = new FragmentDictionary();
      const shape = { ...SHAPE, fragmentOf: (r: (typeof rules)[number]) => r.fragment };
      const halves = [rules.slice(0, rules.length / 2), rules.slice(rules.length / 2)];
      const readers = halves.map((half) => createRuleCandidates(half, shape, fragments));
      const texts = Array.from({ length: SCANS_BEFORE_INDEX + 30 }, () => word(12));
      texts.forEach((text, i) => {
        readers.forEach((reader, h) => {
          const half = halves[h] as typeof rules;
          const got = reader.candidates(text).map((r) => r.id);
          // Its first texts a list answers with every rule (the lens then tests them all).
          if (i < SCANS_BEFORE_INDEX) {
            expect(got).toHaveLength(half.length);
            return;
          }
          const want = expected(half, text).filter((id) => {
            const fragment = (half.find((r) => r.id === id) as (typeof rules)[number]).fragment;
            return fragment === null || fragment.length < 2 || text.includes(fragment);
          });
          expect(got).toEqual(want);
        });
      });
    }
  });

  it('builds for 5,000 nested literals without recursion and answers a 1 MB text', () => {
    const rules: TestRule[] = Array.from({ length: 5000 }, (_, id) => ({
      id,
      literal: '/' + 'a'.repeat(id),
      key: `k${id}`,
    }));
    const text = '/' + 'a'.repeat(1_000_000);
    const [answer] = indexed(rules, [text]);
    expect(answer).toHaveLength(5000);
    expect(indexed(rules, ['/aab'])[0]).toEqual([0, 1, 2]);
  });

  it('hands back the whole list while it has answered few texts', () => {
    const rules: TestRule[] = Array.from({ length: 20 }, (_, id) => ({ id, literal: `/${id}`, key: `k${id}` }));
    const candidates = createRuleCandidates(rules, SHAPE);
    expect(candidates.candidates('/3')).toBe(rules);
  });
});

/** The fields a lens answer is compared on (the reason follows from them). */
function summary(v: LensVerdict): unknown {
  return { allowed: v.allowed, line: v.line, outcome: v.outcome, matchedText: v.matchedText, reason: v.reason };
}

/**
 * Returns the names and URLs where a reader that keeps answering (its index built after
 * SCANS_BEFORE_INDEX URLs) and a reader that never does disagree. The second is a fresh parse for
 * every SCANS_BEFORE_INDEX URLs, each of its rule lists asked by one name only (names with one
 * selection read alike, file-reader.test.ts), so no list of it is asked often enough to be indexed.
 */
function compareIndexedWithScans(profile: LensProfileId, robots: string, urls: readonly string[], names: string[]) {
  const mismatches: string[] = [];
  const lasting = createLensFileReader(profile, { robots, robotsStatus: 200 });
  for (let from = 0; from < urls.length; from += SCANS_BEFORE_INDEX) {
    const fresh = createLensFileReader(profile, { robots, robotsStatus: 200 });
    const bySelection = new Map<unknown, LensNameReader>();
    for (const name of names) {
      const reader = fresh(name);
      const scanning = bySelection.get(reader.selection) ?? reader;
      bySelection.set(reader.selection, scanning);
      for (const url of urls.slice(from, from + SCANS_BEFORE_INDEX)) {
        const got = summary(lasting(name).read(url));
        const want = summary(scanning.read(url));
        if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${name} ${url}`);
      }
    }
  }
  return mismatches;
}

const NAMES = ['Googlebot', 'GPTBot', 'bingbot', 'ClaudeBot', 'CCBot', 'Googlebot-Image', 'FooBot'];

describe('every lens answers through its index as it answers by scanning', () => {
  const synthetic = createSyntheticRobots(7, 64 * 1024, 40).body;
  const shop = createShopRobots(12, 120 * 1024).body;
  const inputs: { name: string; robots: string; urls: string[] }[] = [
    { name: 'synthetic (64 KiB, 40 groups)', robots: synthetic, urls: createUrlsFromPatterns(synthetic, 3, 120) },
    {
      name: 'shop (120 KiB, wildcard-heavy)',
      robots: shop,
      urls: [...createShopUrls(5, 80), ...createShopLongQueryUrls(6, 40)],
    },
  ];
  const rows = inputs.flatMap((input) => LENS_PROFILES.map((profile) => ({ ...input, profile })));

  it.each(rows)('$profile on $name', ({ profile, robots, urls }) => {
    expect(urls.length).toBeGreaterThan(SCANS_BEFORE_INDEX * 4);
    expect(compareIndexedWithScans(profile, robots, urls, NAMES)).toEqual([]);
  });

  // A file made for the literal starts each lens computes: index.html retries (crawler-commons
  // matches `/shop/` with `Allow: /shop/index.html`), anchors, stars first, encodings, repeats.
  const crafted = [
    'User-agent: *',
    'Disallow: /shop/',
    'Allow: /shop/index.html',
    'Allow: /shop/index.htm',
    'Disallow: /*.pdf$',
    'Disallow: /*?sort=',
    'Disallow: /*?sort=',
    'Allow: /*?sort=asc',
    'Disallow: /a%2Fb',
    'Disallow: /caf%C3%A9/',
    'Disallow: /café/menu',
    'Disallow: /p$',
    'Allow: /p',
    'Disallow: *',
    'Allow: /$',
    'Disallow: /x*y*z',
    'Disallow: /x',
    'Allow: /x/index.html',
    'Disallow:',
    'Allow: /robots.txt',
    ...Array.from({ length: 20 }, (_, i) => `Disallow: /filler-${i}/`),
  ].join('\n');
  const craftedUrls = [
    '/shop/',
    '/shop/index.html',
    '/shop/x',
    '/doc.pdf',
    '/doc.pdf?x',
    '/list?sort=asc',
    '/list?sort=desc',
    '/a%2Fb',
    '/a/b',
    '/caf%C3%A9/',
    '/café/menu',
    '/p',
    '/p/q',
    '/',
    '/x/1/y/2/z',
    '/x/',
    '/x/index.html',
    '/robots.txt',
    '/filler-3/',
  ].map((path) => 'https://e.com' + path);
  // Each URL twice over, after enough others that every list is indexed by then.
  const craftedRun = [...craftedUrls, ...craftedUrls, ...craftedUrls];

  it.each(LENS_PROFILES)('%s on a file of retries, anchors, stars and encodings', (profile) => {
    expect(compareIndexedWithScans(profile, crafted, craftedRun, ['FooBot'])).toEqual([]);
  });

  const files = HAS_CORPUS ? readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.txt')) : [];
  if (!HAS_CORPUS) console.warn(`corpus not found at ${CORPUS_DIR}: the lens index did not run on real files`);

  it.skipIf(!HAS_CORPUS).each(LENS_PROFILES)(
    '%s on every real file of the corpus',
    (profile) => {
      expect(files.length).toBeGreaterThan(100);
      const names = CRAWLERS.slice(0, 8).map((c) => c.token);
      const mismatches: string[] = [];
      for (const file of files) {
        const robots = readFileSync(join(CORPUS_DIR, file), 'utf8');
        const urls = createUrlsFromPatterns(robots, file.length, 2 * SCANS_BEFORE_INDEX);
        for (const m of compareIndexedWithScans(profile, robots, urls, names)) mismatches.push(`${file}: ${m}`);
      }
      expect(mismatches.slice(0, 10)).toEqual([]);
    },
    120_000,
  );
});
