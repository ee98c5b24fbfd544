/**
 * Canonicals (docs/semantics/page-directives.md §5): `<link rel="canonical">` elements (honoured in `<head>`
 * only; one with hreflang, lang, media or type is not a canonical) and `Link: <url>; rel="canonical"`
 * header values; resolved against the document URL, compared with it (scheme and host lower-cased,
 * default port dropped, path, query and trailing slash significant), and every doubt flagged.
 */

/** A `<link>` element whose rel names canonical, as the content script saw it. */
export interface CanonicalElement {
  readonly href: string;
  readonly inHead: boolean;
  /** Present attributes among hreflang, lang, media, type (any of them voids the element). */
  readonly qualifiers: readonly string[];
}

export type CanonicalWarning =
  'relative' | 'outside-head' | 'qualified' | 'fragment' | 'invalid' | 'conflict' | 'elsewhere' | 'changed-by-script';

/** One canonical found, read. */
export interface CanonicalCandidate {
  readonly source: 'element' | 'header';
  /** The href or header target as written. */
  readonly raw: string;
  /** The resolved URL, or null when it does not resolve. */
  readonly resolved: string | null;
  /** Google uses it (in head, no qualifier, resolves, not a bare fragment). */
  readonly honoured: boolean;
  readonly warnings: readonly CanonicalWarning[];
  /** The warnings in words (describeCanonicalWarning), made here so the popup carries no wording. */
  readonly notes: readonly string[];
}

export interface CanonicalReport {
  readonly candidates: readonly CanonicalCandidate[];
  /** The canonical Google would use, or null when none is declared or they disagree. */
  readonly canonical: string | null;
  /** The canonical points to another URL than the page's. */
  readonly elsewhere: boolean;
  /** Page-level doubts: honoured canonicals that disagree, served vs rendered difference. */
  readonly warnings: readonly CanonicalWarning[];
  /** The page-level warnings in words. */
  readonly notes: readonly string[];
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Returns `url` in the form canonicals are compared in, or null when it is not an http(s) URL. */
export function comparableUrl(url: string, base?: string): string | null {
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(url) : new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // URL already lower-cases scheme and host and drops a default port; the fragment is never part of it.
  parsed.hash = '';
  return parsed.href;
}

/** Returns the `Link` header's targets whose rel names canonical (RFC 8288 link-values). Never throws. */
export function parseLinkHeaderCanonicals(value: string): string[] {
  const found: string[] = [];
  if (typeof value !== 'string') return found;
  const text = value.slice(0, 16_384);
  let i = 0;
  while (i < text.length && found.length < 50) {
    const open = text.indexOf('<', i);
    if (open < 0) break;
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    const target = text.slice(open + 1, close).trim();
    // The parameters run to the next comma outside quotes.
    let j = close + 1;
    let quoted = false;
    while (j < text.length && (quoted || text[j] !== ',')) {
      if (text[j] === '"') quoted = !quoted;
      else if (text[j] === '\\' && quoted) j++;
      j++;
    }
    const params = text.slice(close + 1, j);
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('canonical')) found.push(target);
    i = j + 1;
  }
  return found;
}

function candidate(
  source: 'element' | 'header',
  raw: string,
  base: string,
  element?: CanonicalElement,
): CanonicalCandidate {
  const warnings: CanonicalWarning[] = [];
  const href = raw.trim();
  const fragmentOnly = href === '' || href.startsWith('#');
  if (fragmentOnly) warnings.push('fragment');
  else if (!HAS_SCHEME.test(href)) warnings.push('relative');
  const resolved = fragmentOnly ? null : comparableUrl(href, base);
  if (!fragmentOnly && resolved === null) warnings.push('invalid');
  if (element !== undefined && !element.inHead) warnings.push('outside-head');
  if (element !== undefined && element.qualifiers.length > 0) warnings.push('qualified');
  const honoured = resolved !== null && (element === undefined || (element.inHead && element.qualifiers.length === 0));
  return { source, raw, resolved, honoured, warnings, notes: warnings.map(describeCanonicalWarning) };
}

/**
 * Returns the page's canonicals read against `pageUrl`: `headerLinks` are the raw `Link` header
 * values (null when the headers are unknown), `elements` the rendered DOM's, `servedElements` the
 * served HTML's when known (a difference is flagged as changed by script).
 */
export function checkCanonicals(
  pageUrl: string,
  elements: readonly CanonicalElement[],
  headerLinks: readonly string[] | null,
  servedElements: readonly CanonicalElement[] | null = null,
): CanonicalReport {
  const page = comparableUrl(pageUrl);
  const base = page ?? pageUrl;
  const candidates: CanonicalCandidate[] = [];
  for (const value of headerLinks ?? []) {
    for (const target of parseLinkHeaderCanonicals(value)) candidates.push(candidate('header', target, base));
  }
  for (const element of elements.slice(0, 100)) candidates.push(candidate('element', element.href, base, element));
  const honoured = candidates.filter((c) => c.honoured);
  const distinct = [...new Set(honoured.map((c) => c.resolved as string))];
  const warnings: CanonicalWarning[] = [];
  let canonical: string | null = null;
  if (distinct.length > 1) {
    warnings.push('conflict');
  } else {
    canonical = distinct[0] ?? null;
  }
  const elsewhere = canonical !== null && page !== null && canonical !== page;
  if (elsewhere) warnings.push('elsewhere');
  if (servedElements !== null) {
    const key = (list: readonly CanonicalElement[]) =>
      list
        .map((e) => `${e.inHead ? 'h' : 'b'} ${comparableUrl(e.href, base) ?? e.href}`)
        .sort()
        .join('\n');
    if (key(servedElements) !== key(elements)) warnings.push('changed-by-script');
  }
  return {
    candidates: candidates.map((c) => {
      if (!c.honoured || distinct.length <= 1) return c;
      const all = [...c.warnings, 'conflict' as const];
      return { ...c, warnings: all, notes: all.map(describeCanonicalWarning) };
    }),
    canonical,
    elsewhere,
    warnings,
    notes: warnings.map(describeCanonicalWarning),
  };
}

/** Returns each canonical warning in words. */
export function describeCanonicalWarning(warning: CanonicalWarning): string {
  switch (warning) {
    case 'relative':
      return 'relative URL: resolved against the page address (supported, but discouraged)';
    case 'outside-head':
      return 'outside <head>: Google ignores a canonical in <body>';
    case 'qualified':
      return 'carries hreflang, lang, media or type: not a canonical';
    case 'fragment':
      return 'a fragment is not a canonical';
    case 'invalid':
      return 'not an http(s) URL: ignored';
    case 'conflict':
      return 'canonicals disagree: Google may ignore all of them';
    case 'elsewhere':
      return 'points to another URL: this page is canonicalised (usually not indexed itself)';
    case 'changed-by-script':
      return 'changed by JavaScript: the rendered page differs from the served HTML';
  }
}
