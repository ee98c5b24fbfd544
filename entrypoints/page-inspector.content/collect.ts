/**
 * Reading a document's page directives: robots and crawler `<meta>` elements (head and body),
 * canonical `<link>` elements (and whether they sit in `<head>`), and the rel hints of its links.
 * Used on the rendered DOM by the content script and on the served HTML (parsed inert with
 * DOMParser) by the popup. Bounds are per item, never per reading: an over-long value is cut, and
 * past MAX_ELEMENTS the metas that decide (the most restrictive of each name) are kept; both are
 * counted in `cut`, so the worker and the popup can say the reading is partial.
 */
import type { CanonicalElement } from '../../lib/page-directives/canonical';
import { linkHints } from '../../lib/page-directives/links';
import type { LinkCounts } from '../../lib/verdict/page-state';
import type { MetaElement } from '../../lib/page-directives/verdict';
import { CRAWLERS } from '../../lib/robots/crawlers';
import { MAX_PAGE_URL_CHARS, MAX_REPORTED_CHARS, MAX_REPORTED_ELEMENTS } from '../../lib/protocol/schemas';
import type { ReadingCut } from '../../lib/verdict/page-state';

export const MAX_ELEMENTS = MAX_REPORTED_ELEMENTS;
export const MAX_CHARS = MAX_REPORTED_CHARS;
const QUALIFIERS = ['hreflang', 'lang', 'media', 'type'] as const;

/** Meta names worth reading: robots, each engine's documented names, every preset's token. */
export function directiveMetaNames(customTokens: readonly string[] = []): Set<string> {
  return new Set([
    'robots',
    'googlebot',
    'googlebot-news',
    'adsbot-google',
    'bingbot',
    'msnbot',
    'yandex',
    ...CRAWLERS.map((c) => c.token.toLowerCase()),
    ...customTokens.map((t) => t.toLowerCase()),
  ]);
}

const relTokens = (rel: string) => rel.toLowerCase().split(/[\t\n\f\r ]+/);

/**
 * Returns how much a meta's content restricts, for choosing what to keep past MAX_ELEMENTS:
 * 3 noindex/none, 2 unavailable_after, 1 any other restriction (nofollow, nosnippet, max-…), 0 none
 * (index, follow, all, or nothing known). A coarse order on purpose: the engine decides, this only
 * keeps every meta that could decide.
 */
export function restrictionOf(content: string): number {
  const text = content.toLowerCase();
  if (/(^|[\s,:])(noindex|none)($|[\s,])/.test(text)) return 3;
  if (text.includes('unavailable_after')) return 2;
  const tokens = text.split(/[\s,]+/).filter((t) => t !== '' && t !== 'index' && t !== 'follow' && t !== 'all');
  return tokens.length > 0 ? 1 : 0;
}

/** Returns the indexes (document order) of at most `max` metas: each name's most restrictive first, then by restriction. */
function chooseMetas(metas: readonly MetaElement[], max: number): number[] {
  if (metas.length <= max) return metas.map((_, i) => i);
  const rank = metas.map((m) => restrictionOf(m.content));
  const byRank = metas.map((_, i) => i).sort((a, b) => (rank[b] as number) - (rank[a] as number) || a - b);
  const chosen = new Set<number>();
  const named = new Set<string>();
  // One per name first (its most restrictive): a crawler's own meta is never crowded out by robots metas.
  for (const i of byRank) {
    const name = (metas[i] as MetaElement).name.toLowerCase();
    if (named.has(name) || chosen.size >= max) continue;
    named.add(name);
    chosen.add(i);
  }
  for (const i of byRank) {
    if (chosen.size >= max) break;
    chosen.add(i);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** Returns the directive meta elements and canonical links of `doc`, in document order. */
export function readDirectives(
  doc: Document,
  names: ReadonlySet<string>,
): { metas: MetaElement[]; canonicals: CanonicalElement[] } {
  const { metas, canonicals } = readDirectivesCounted(doc, names);
  return { metas, canonicals };
}

/** Returns what readDirectives does, and what the bounds left out (`urlChars` is the caller's: 0 here). */
export function readDirectivesCounted(
  doc: Document,
  names: ReadonlySet<string>,
): { metas: MetaElement[]; canonicals: CanonicalElement[]; cut: ReadingCut } {
  let chars = 0;
  const cut = (text: string) => {
    if (text.length <= MAX_CHARS) return text;
    chars++;
    return text.slice(0, MAX_CHARS);
  };
  const found: MetaElement[] = [];
  for (const el of Array.from(doc.querySelectorAll('meta[name]'))) {
    const name = (el.getAttribute('name') ?? '').trim();
    if (!names.has(name.toLowerCase())) continue;
    found.push({ name, content: el.getAttribute('content') ?? '', inHead: el.closest('head') !== null });
  }
  const metas = chooseMetas(found, MAX_ELEMENTS).map((i) => {
    const m = found[i] as MetaElement;
    return { name: cut(m.name), content: cut(m.content), inHead: m.inHead };
  });
  const canonicals: CanonicalElement[] = [];
  let canonicalsLeft = 0;
  for (const el of Array.from(doc.querySelectorAll('link[rel]'))) {
    if (!relTokens(el.getAttribute('rel') ?? '').includes('canonical')) continue;
    // The first canonicals are the ones Google reads: later ones only add doubt, so they are counted.
    if (canonicals.length >= MAX_ELEMENTS) {
      canonicalsLeft++;
      continue;
    }
    canonicals.push({
      href: cut(el.getAttribute('href') ?? ''),
      inHead: el.closest('head') !== null,
      qualifiers: QUALIFIERS.filter((q) => el.hasAttribute(q)),
    });
  }
  return {
    metas,
    canonicals,
    cut: { urlChars: 0, metas: found.length - metas.length, canonicals: canonicalsLeft, chars },
  };
}

/**
 * Returns the page URL as a reading carries it: whole up to MAX_PAGE_URL_CHARS (16,384); longer,
 * without its fragment, and if still too long cut there, with the characters cut counted.
 */
export function readPageUrl(url: string): { url: string; cutChars: number } {
  if (url.length <= MAX_PAGE_URL_CHARS) return { url, cutChars: 0 };
  const bare = url.replace(/#.*$/s, '');
  if (bare.length <= MAX_PAGE_URL_CHARS) return { url: bare, cutChars: 0 };
  return { url: bare.slice(0, MAX_PAGE_URL_CHARS), cutChars: bare.length - MAX_PAGE_URL_CHARS };
}

/** Returns how many links `doc` has and how many carry each rel hint. */
export function countLinks(doc: Document): LinkCounts {
  const counts = { total: 0, nofollow: 0, ugc: 0, sponsored: 0 };
  for (const a of Array.from(doc.querySelectorAll('a[href], area[href]'))) {
    counts.total++;
    for (const hint of linkHints(a.getAttribute('rel'))) counts[hint]++;
  }
  return counts;
}
