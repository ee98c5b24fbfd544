/**
 * Benchmark URLs with long query strings, as shops and ad platforms make them: facet filters with
 * repeated keys and `%`-escaped lists, search text with escaped spaces and accents, a return URL
 * escaped whole, and tracking (utm_*, click ids of 30–100 characters, analytics cookies). Each URL's
 * length is drawn between 200 and 2,000 characters. Seeded, so runs compare.
 */

/** What a site's long URLs are made of: its paths and the query keys its robots.txt cares about. */
export interface LongQueryVocabulary {
  readonly origin: string;
  /** Paths, starting with `/`, without a query. */
  readonly paths: readonly string[];
  /** Facet and parameter keys (`pa_color`, `ship_to`): repeated, with lists of values. */
  readonly keys: readonly string[];
  /** Values for the keys and for search text. */
  readonly words: readonly string[];
}

export const LONG_QUERY_MIN = 200;
export const LONG_QUERY_MAX = 2_000;

const TRACKING_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id'];
const SOURCES = ['google', 'newsletter', 'facebook', 'instagram', 'bing', 'affiliate', 'pinterest', 'criteo'];
const MEDIUMS = ['cpc', 'email', 'social', 'display', 'referral', 'paid_social', 'shopping'];
const CLICK_IDS = ['gclid', 'fbclid', 'msclkid', 'dclid', 'ttclid', 'srsltid', 'mc_eid', 'yclid'];
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ACCENTED = ['%C3%A9', '%C3%A8', '%C3%BC', '%C3%B6', '%C3%A7', '%C3%B1', '%E2%82%AC', '%E2%80%99'];
/** Escaped list separators: `,` `|` `[` `]` `:` `/` `+`. */
const SEPARATORS = ['%2C', '%7C', '%2C+', '%3A', '%2F'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function randomId(random: () => number, length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ID_CHARS.charAt(Math.floor(random() * ID_CHARS.length));
  return id;
}

/** One `key=value` (or several, `&`-joined, for a repeated key) of a long query. */
function createParam(random: () => number, vocabulary: LongQueryVocabulary): string {
  const r = random();
  const word = (): string => pick(random, vocabulary.words);
  if (r < 0.3) {
    // A facet: repeated key, or one key with an escaped list, or `key[]=`.
    const key = pick(random, vocabulary.keys);
    const n = 1 + Math.floor(random() * 4);
    const s = random();
    if (s < 0.4) return Array.from({ length: n }, () => `${key}=${word()}`).join('&');
    if (s < 0.7) return `${key}=${Array.from({ length: n + 1 }, word).join(pick(random, SEPARATORS))}`;
    return Array.from({ length: n }, () => `${key}%5B%5D=${word()}`).join('&');
  }
  if (r < 0.45) return `${pick(random, TRACKING_KEYS)}=${pick(random, [...SOURCES, ...MEDIUMS])}_${word()}`;
  if (r < 0.55) return `${pick(random, CLICK_IDS)}=${randomId(random, 30 + Math.floor(random() * 70))}`;
  if (r < 0.65) {
    // Search text: escaped spaces and accents.
    const terms = Array.from({ length: 2 + Math.floor(random() * 4) }, () =>
      random() < 0.2 ? word() + pick(random, ACCENTED) : word(),
    );
    return `${pick(random, ['q', 'search', 'query', 'keywords'])}=${terms.join(random() < 0.5 ? '%20' : '+')}`;
  }
  if (r < 0.72) {
    // A return URL escaped whole, itself with a query.
    const inner = `${vocabulary.origin}${pick(random, vocabulary.paths)}?${pick(random, vocabulary.keys)}=${word()}`;
    return `${pick(random, ['return_to', 'redirect', 'from_page', 'continue'])}=${encodeURIComponent(inner)}`;
  }
  if (r < 0.8) return `_ga=2.${Math.floor(random() * 1e9)}.${Math.floor(random() * 1e9)}-${Math.floor(random() * 1e9)}`;
  return `${pick(random, ['page', 'sort', 'order', 'limit', 'view', 'min', 'max', 'ref'])}=${random() < 0.5 ? Math.floor(random() * 200) : word()}`;
}

/**
 * Returns `count` absolute URLs on `vocabulary.origin`, each a path from the vocabulary and a query
 * of `&`-joined parameters, its whole length drawn in [LONG_QUERY_MIN, LONG_QUERY_MAX].
 */
export function createLongQueryUrls(random: () => number, vocabulary: LongQueryVocabulary, count: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const target = LONG_QUERY_MIN + Math.floor(random() * (LONG_QUERY_MAX - LONG_QUERY_MIN));
    let url = `${vocabulary.origin}${pick(random, vocabulary.paths)}?`;
    let first = true;
    while (url.length < target) {
      const param = createParam(random, vocabulary);
      if (url.length + param.length + 1 > LONG_QUERY_MAX) break;
      url += (first ? '' : '&') + param;
      first = false;
    }
    urls.push(url);
  }
  return urls;
}

/**
 * Returns the query keys a robots.txt's rules name (`ship_to` in `/*ship_to=*`, `color` in
 * `/*?color=`): the run of `[A-Za-z0-9_]` before each `=` in an Allow or Disallow pattern.
 */
export function listPatternKeys(body: string): string[] {
  const keys = new Set<string>();
  for (const line of body.split(/\r\n|\r|\n/)) {
    const pattern = /^\s*(?:dis)?allow\s*:\s*(\S+)/i.exec(line)?.[1];
    if (pattern === undefined) continue;
    for (const match of pattern.matchAll(/([A-Za-z0-9_]+)=/g)) keys.add(match[1] as string);
  }
  return [...keys];
}
