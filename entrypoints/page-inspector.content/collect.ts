/**
 * Reading a document's page directives: robots and crawler `<meta>` elements (head and body),
 * canonical `<link>` elements (and whether they sit in `<head>`), and the rel hints of its links.
 * Used on the rendered DOM by the content script and on the served HTML (parsed inert with
 * DOMParser) by the popup. Values are cut to the sizes the worker accepts.
 */
import type { CanonicalElement } from '../../lib/page-directives/canonical';
import { linkHints } from '../../lib/page-directives/links';
import type { LinkCounts } from '../../lib/verdict/page-state';
import type { MetaElement } from '../../lib/page-directives/verdict';
import { CRAWLERS } from '../../lib/robots/crawlers';

export const MAX_ELEMENTS = 100;
export const MAX_CHARS = 4096;
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

const cut = (text: string) => text.slice(0, MAX_CHARS);
const relTokens = (rel: string) => rel.toLowerCase().split(/[\t\n\f\r ]+/);

/** Returns the directive meta elements and canonical links of `doc`, in document order. */
export function readDirectives(
  doc: Document,
  names: ReadonlySet<string>,
): { metas: MetaElement[]; canonicals: CanonicalElement[] } {
  const metas: MetaElement[] = [];
  for (const el of Array.from(doc.querySelectorAll('meta[name]'))) {
    if (metas.length >= MAX_ELEMENTS) break;
    const name = (el.getAttribute('name') ?? '').trim();
    if (!names.has(name.toLowerCase())) continue;
    metas.push({
      name: cut(name),
      content: cut(el.getAttribute('content') ?? ''),
      inHead: el.closest('head') !== null,
    });
  }
  const canonicals: CanonicalElement[] = [];
  for (const el of Array.from(doc.querySelectorAll('link[rel]'))) {
    if (canonicals.length >= MAX_ELEMENTS) break;
    if (!relTokens(el.getAttribute('rel') ?? '').includes('canonical')) continue;
    canonicals.push({
      href: cut(el.getAttribute('href') ?? ''),
      inHead: el.closest('head') !== null,
      qualifiers: QUALIFIERS.filter((q) => el.hasAttribute(q)),
    });
  }
  return { metas, canonicals };
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
