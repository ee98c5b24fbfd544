/**
 * Benchmark inputs shaped like large e-commerce robots.txt files (faceted search, filters, CMS
 * plugins): ~500 KiB, ~19,000 rules, about a third of the patterns with wildcards and a quarter
 * starting with `/*` (no literal prefix: `/*?color=`, `/*.pdf$`, `/*\/print$`, `/*foo*bar`);
 * Googlebot's rules split over three groups (~3,000 merged), a `*` group of ~3,000, the rest in
 * groups for other crawlers. Seeded, so runs compare.
 */

import { createRandom } from '../../support/random';
import { createLongQueryUrls } from './long-query';

const CATEGORIES = [
  'women',
  'men',
  'kids',
  'baby',
  'home',
  'garden',
  'kitchen',
  'shoes',
  'bags',
  'jewelry',
  'watches',
  'beauty',
  'sports',
  'outdoor',
  'toys',
  'books',
  'music',
  'electronics',
  'computers',
  'phones',
  'cameras',
  'audio',
  'tv',
  'furniture',
  'lighting',
  'bedding',
  'bath',
  'pets',
  'office',
  'tools',
  'auto',
  'gifts',
  'sale',
  'outlet',
  'new',
];
const WORDS = [
  'dress',
  'shirt',
  'jacket',
  'coat',
  'jeans',
  'skirt',
  'sneaker',
  'boot',
  'sandal',
  'lamp',
  'chair',
  'table',
  'sofa',
  'rug',
  'pan',
  'knife',
  'mug',
  'ring',
  'necklace',
  'watch',
  'laptop',
  'tablet',
  'charger',
  'cable',
  'speaker',
  'headphone',
  'camera',
  'lens',
  'tripod',
  'ball',
  'racket',
  'tent',
  'backpack',
  'bottle',
  'towel',
  'pillow',
  'blanket',
  'candle',
  'frame',
  'mirror',
  'vase',
  'plant',
  'seed',
  'drill',
  'saw',
  'wrench',
  'tire',
  'wiper',
  'collar',
  'leash',
];
const FACETS = [
  'color',
  'size',
  'brand',
  'price',
  'material',
  'pattern',
  'style',
  'fit',
  'length',
  'width',
  'sleeve',
  'neckline',
  'occasion',
  'season',
  'rating',
  'discount',
  'availability',
  'seller',
  'shipping',
  'warranty',
  'capacity',
  'power',
  'voltage',
  'resolution',
  'storage',
  'memory',
  'screen',
  'weight',
  'gender',
  'age',
  'finish',
  'shape',
  'scent',
  'flavor',
];
const FACET_FORMS = ['', 'pa_', 'filter_', 'attr_', 'f_', 'facet_', 'refine_', 'prefn_'];
const PARAMS = [
  'sort',
  'order',
  'dir',
  'page',
  'limit',
  'view',
  'mode',
  'sessionid',
  'sid',
  'ref',
  'utm_source',
  'q',
  'currency',
  'lang',
  'layout',
  'compare',
  'wishlist',
  'add-to-cart',
  'variant',
  'quickview',
];
const EXTENSIONS = ['pdf', 'doc', 'xls', 'csv', 'zip', 'json', 'xml', 'txt', 'php', 'asp', 'cgi', 'rss'];
const ENDINGS = [
  'print',
  'share',
  'email',
  'compare',
  'reviews',
  'questions',
  'amp',
  'feed',
  'embed',
  'gallery',
  'sizes',
  'stock',
];
const BOTS = [
  'bingbot',
  'Slurp',
  'DuckDuckBot',
  'Baiduspider',
  'YandexBot',
  'Applebot',
  'AhrefsBot',
  'SemrushBot',
  'PetalBot',
  'Amazonbot',
  'facebookexternalhit',
  'Twitterbot',
  'SeznamBot',
  'Sogou',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function facet(random: () => number): string {
  return pick(random, FACET_FORMS) + pick(random, FACETS);
}

/** A pattern starting with `/*`: no literal prefix beyond the slash. */
function createUnanchoredPattern(random: () => number): string {
  const r = random();
  if (r < 0.3) return `/*${random() < 0.5 ? '?' : '&'}${facet(random)}=`;
  if (r < 0.42) return `/*?${facet(random)}=${pick(random, WORDS)}`;
  if (r < 0.54) return `/*.${pick(random, EXTENSIONS)}$`;
  if (r < 0.66) return `/*/${pick(random, ENDINGS)}$`;
  if (r < 0.78) return `/*${pick(random, WORDS)}*${pick(random, FACETS)}`;
  if (r < 0.9) return `/*?*${pick(random, PARAMS)}=${random() < 0.5 ? '' : Math.floor(random() * 50)}`;
  return `/*/${pick(random, CATEGORIES)}/*${facet(random)}`;
}

/** A pattern with a literal prefix and a wildcard after it. */
function createPrefixedWildcardPattern(random: () => number): string {
  const r = random();
  const cat = pick(random, CATEGORIES);
  if (r < 0.4) return `/${cat}/*${facet(random)}=`;
  if (r < 0.7) return `/${cat}/${pick(random, WORDS)}*.${pick(random, EXTENSIONS)}$`;
  return `/${cat}-${Math.floor(random() * 900)}*?${pick(random, PARAMS)}`;
}

function createPlainPattern(random: () => number): string {
  const r = random();
  const cat = pick(random, CATEGORIES);
  if (r < 0.5) return `/${cat}/${pick(random, WORDS)}-${Math.floor(random() * 2000)}/`;
  if (r < 0.75) return `/${cat}/${pick(random, WORDS)}/${pick(random, WORDS)}-${Math.floor(random() * 500)}.html`;
  if (r < 0.9)
    return `/${pick(random, ['checkout', 'account', 'cart', 'customer', 'api', 'search'])}/${pick(random, WORDS)}${Math.floor(random() * 300)}`;
  return `/${cat}/`;
}

/** A rule line: a quarter `/*…`, another 8% wildcards after a prefix, the rest plain; some Allow. */
function createRule(random: () => number): string {
  const r = random();
  const pattern =
    r < 0.25
      ? createUnanchoredPattern(random)
      : r < 0.33
        ? createPrefixedWildcardPattern(random)
        : createPlainPattern(random);
  return `${random() < 0.15 ? 'Allow' : 'Disallow'}: ${pattern}`;
}

export interface ShopRobots {
  readonly body: string;
  readonly ruleCount: number;
  /** Rules with a `*` in the pattern, and those starting with `/*`. */
  readonly wildcardRules: number;
  readonly unanchoredRules: number;
  readonly googlebotRules: number;
  readonly globalRules: number;
}

/**
 * Returns a wildcard-heavy e-commerce robots.txt of about `targetBytes` (default 500 KiB): Googlebot's
 * rules in three groups (about 1,000 each), one `*` group of about 3,000, and groups for other
 * crawlers until the size is reached.
 */
export function createShopRobots(seed: number, targetBytes = 500 * 1024): ShopRobots {
  const random = createRandom(seed);
  const lines: string[] = ['# Wildcard-heavy e-commerce robots.txt for the benchmark', ''];
  let bytes = 0;
  let ruleCount = 0;
  let wildcardRules = 0;
  let unanchoredRules = 0;
  let googlebotRules = 0;
  let globalRules = 0;
  const addGroup = (agents: readonly string[], rules: number): number => {
    for (const a of agents) lines.push(`User-agent: ${a}`);
    for (let i = 0; i < rules; i++) {
      const rule = createRule(random);
      lines.push(rule);
      bytes += rule.length + 1;
      ruleCount++;
      if (rule.includes('*')) wildcardRules++;
      if (rule.includes(': /*')) unanchoredRules++;
    }
    lines.push('');
    return rules;
  };
  // File order: a Googlebot group, the `*` group, Googlebot again, other crawlers, Googlebot last.
  googlebotRules += addGroup(['Googlebot'], 1000);
  globalRules += addGroup(['*'], 3000);
  googlebotRules += addGroup(['Googlebot', 'Googlebot-Image'], 1000);
  let g = 0;
  while (bytes < targetBytes - 30_000) {
    addGroup([pick(random, BOTS) + (g % 3 === 0 ? '' : `-${g}`), `Bot${String.fromCharCode(97 + (g % 26))}`], 800);
    g++;
  }
  googlebotRules += addGroup(['Googlebot'], 1000);
  lines.push('Sitemap: https://shop.example/sitemap.xml');
  return {
    body: lines.join('\n') + '\n',
    ruleCount,
    wildcardRules,
    unanchoredRules,
    googlebotRules,
    globalRules,
  };
}

/** Returns `count` absolute shop URLs: category and product pages, filters, files, print views. */
export function createShopUrls(seed: number, count: number): string[] {
  const random = createRandom(seed);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const cat = pick(random, CATEGORIES);
    const word = pick(random, WORDS);
    let path = `/${cat}/${word}-${Math.floor(random() * 2000)}/`;
    const r = random();
    if (r < 0.3) path += `${pick(random, WORDS)}-${i}.html`;
    else if (r < 0.4) path += `manual-${i}.${pick(random, EXTENSIONS)}`;
    else if (r < 0.5) path += `p${i}/${pick(random, ENDINGS)}`;
    const q = random();
    if (q < 0.35) path += `?${facet(random)}=${pick(random, WORDS)}`;
    if (q < 0.15) path += `&${pick(random, PARAMS)}=${Math.floor(random() * 50)}`;
    else if (q < 0.5) path += `?${pick(random, PARAMS)}=${Math.floor(random() * 50)}`;
    urls.push('https://shop.example' + path);
  }
  return urls;
}

/**
 * Returns `count` absolute shop URLs with long query strings (200–2,000 characters): the paths of
 * createShopUrls, then facets in every form the shop file's rules name (repeated keys, escaped
 * lists), search text, return URLs and tracking (long-query.ts).
 */
export function createShopLongQueryUrls(seed: number, count: number): string[] {
  const random = createRandom(seed);
  const paths = createShopUrls(seed + 1, 500).map(
    (url) => url.slice('https://shop.example'.length).split('?')[0] as string,
  );
  const keys = [...FACET_FORMS.flatMap((form) => FACETS.map((f) => form + f)), ...PARAMS];
  return createLongQueryUrls(
    random,
    { origin: 'https://shop.example', paths, keys, words: [...WORDS, ...CATEGORIES] },
    count,
  );
}
