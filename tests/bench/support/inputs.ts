/**
 * Benchmark inputs: a seeded synthetic ~500 KiB robots.txt with many groups, URL sets, and the
 * hostile cases of the brief. Deterministic (seeded PRNG) so runs compare.
 */

import { createRandom } from '../../support/random';

const WORDS = [
  'account',
  'admin',
  'api',
  'archive',
  'basket',
  'blog',
  'cart',
  'category',
  'checkout',
  'search',
  'tag',
  'user',
  'profile',
  'media',
  'images',
  'static',
  'print',
  'share',
  'login',
  'help',
  'news',
  'product',
  'compare',
  'review',
  'export',
  'feed',
  'wishlist',
  'order',
  'track',
  'promo',
];
const PARAMS = ['sort', 'page', 'filter', 'ref', 'session', 'utm_source', 'q', 'view', 'lang', 'format'];
const AGENTS = [
  'bingbot',
  'Slurp',
  'DuckDuckBot',
  'Baiduspider',
  'YandexBot',
  'GPTBot',
  'CCBot',
  'ClaudeBot',
  'PerplexityBot',
  'Applebot',
  'AhrefsBot',
  'SemrushBot',
  'MJ12bot',
  'Bytespider',
  'Amazonbot',
  'facebookexternalhit',
  'Twitterbot',
  'Sogou',
  'Exabot',
  'SeznamBot',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function randomRule(random: () => number): string {
  const w = pick(random, WORDS);
  const n = Math.floor(random() * 400);
  const r = random();
  const kind = random() < 0.2 ? 'Allow' : 'Disallow';
  if (r < 0.55) return `${kind}: /${w}/${pick(random, WORDS)}-${n}/`;
  if (r < 0.7) return `${kind}: /*?${pick(random, PARAMS)}=`;
  if (r < 0.8) return `${kind}: /${w}/*/${pick(random, WORDS)}$`;
  if (r < 0.9) return `${kind}: /${w}-${n}*.pdf$`;
  return `${kind}: /${w}/${n}/*${pick(random, PARAMS)}*`;
}

/** Returns a synthetic robots.txt of about `targetBytes` with `groupCount` groups, several naming Googlebot. */
export function createSyntheticRobots(
  seed: number,
  targetBytes = 500 * 1024,
  groupCount = 160,
): { body: string; ruleCount: number; googlebotGroups: number } {
  const random = createRandom(seed);
  const lines: string[] = ['# Synthetic robots.txt for the benchmark', ''];
  let ruleCount = 0;
  let googlebotGroups = 0;
  const averageRulesPerGroup = targetBytes / 33.4 / groupCount;
  for (let g = 0; g < groupCount; g++) {
    // Group sizes vary (a few large groups, many small ones), as in real files.
    const rulesPerGroup = Math.round(averageRulesPerGroup * (g % 9 === 3 ? 4 : 0.6 + random() * 0.5));
    const agents = new Set<string>();
    if (g % 27 === 3) {
      agents.add('Googlebot');
      googlebotGroups++;
    }
    if (g % 40 === 0) agents.add('*');
    const extra = 1 + Math.floor(random() * 2);
    for (let i = 0; i < extra; i++) agents.add(random() < 0.5 ? pick(random, AGENTS) : `Bot-${g}-${i}`);
    for (const a of agents) lines.push(`User-agent: ${a}`);
    if (random() < 0.3) lines.push(`Crawl-delay: ${1 + Math.floor(random() * 10)}`);
    for (let r = 0; r < rulesPerGroup; r++) {
      const rule = randomRule(random);
      lines.push(random() < 0.05 ? `${rule} # note ${r}` : rule);
      ruleCount++;
    }
    lines.push('');
  }
  lines.push('Sitemap: https://www.example.com/sitemap.xml');
  return { body: lines.join('\n') + '\n', ruleCount, googlebotGroups };
}

/** Returns `count` absolute URLs on www.example.com built from the synthetic file's vocabulary. */
export function createSyntheticUrls(seed: number, count: number): string[] {
  const random = createRandom(seed);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = pick(random, WORDS);
    const n = Math.floor(random() * 400);
    let path: string;
    const r = random();
    if (r < 0.4) path = `/${w}/${pick(random, WORDS)}-${n}/item-${i}.html`;
    else if (r < 0.6) path = `/${w}/${n}/detail?${pick(random, PARAMS)}=${i}`;
    else if (r < 0.75) path = `/${w}-${n}/file-${i}.pdf`;
    else if (r < 0.9) path = `/${w}/${pick(random, WORDS)}/${pick(random, WORDS)}`;
    else path = `/p/${i}?${pick(random, PARAMS)}=x&${pick(random, PARAMS)}=y`;
    urls.push('https://www.example.com' + path);
  }
  return urls;
}

/** Returns URLs derived from a file's own rule patterns (`*` filled, `$` dropped) plus a suffix, for real files without URL lists. */
export function createUrlsFromPatterns(body: string, seed: number, count: number): string[] {
  const random = createRandom(seed);
  const patterns = body
    .split(/\r\n|\r|\n/)
    .map((l) => /^\s*(?:dis)?allow\s*:\s*(\S+)/i.exec(l)?.[1])
    .filter((p): p is string => p?.startsWith('/') === true);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const base = patterns.length > 0 ? pick(random, patterns).replace(/\*/g, 'x').replace(/\$$/, '') : '/';
    urls.push('https://www.example.com' + base + (random() < 0.5 ? `item-${i}` : ''));
  }
  return urls;
}
