/**
 * Combining a page's directives for one crawler and the indexability verdict
 * (docs/semantics/page-directives.md §3, §4, §7, §8): which meta names and header prefixes the crawler reads, the
 * sum of negative rules (most restrictive on conflict; allow-wins for Yandex only), then one
 * verdict in the spec's order — Blocked → status → noindex → canonicalised → indexable — naming
 * every source that contributed, with the informational rules. Pure: the clock is passed in.
 */
import { findCrawler } from '../robots/crawlers';
import { type CanonicalElement, type CanonicalReport, checkCanonicals } from './canonical';
import { type ImagePreview, parseDirectives, type Rule } from './parse';

/** A robots `<meta>` element or one `X-Robots-Tag` header line. */
export type DirectiveSource =
  | { readonly kind: 'meta'; readonly name: string; readonly content: string; readonly inHead: boolean }
  | { readonly kind: 'header'; readonly line: string };

/** A robots meta element as found in the DOM (any name: the crawler decides which it reads). */
export interface MetaElement {
  readonly name: string;
  readonly content: string;
  readonly inHead: boolean;
}

export interface RedirectHop {
  readonly status: number;
  readonly from: string;
  readonly to: string;
}

/** Everything known about one document. */
export interface PageEvidence {
  /** The document's URL (after redirects). */
  readonly url: string;
  /** The final HTTP status, null when unknown. */
  readonly status: number | null;
  readonly redirects: readonly RedirectHop[];
  /** `X-Robots-Tag` header values, one per line; null when the headers are unknown. */
  readonly robotsHeaders: readonly string[] | null;
  /** `Link` header values; null when the headers are unknown. */
  readonly linkHeaders: readonly string[] | null;
  readonly metas: readonly MetaElement[];
  readonly canonicals: readonly CanonicalElement[];
  /** The served HTML's meta elements and canonicals, when it was read; null otherwise. */
  readonly served: { readonly metas: readonly MetaElement[]; readonly canonicals: readonly CanonicalElement[] } | null;
}

/** What the robots.txt verdict says for the crawler: fetchable or not, and why in words. */
export interface FetchPermission {
  readonly allowed: boolean;
  readonly reason: string;
}

export type Engine = 'google' | 'bing' | 'yandex' | 'other';

/** The meta names and header prefixes a crawler reads (lower-case), and whose rules it follows. */
export interface CrawlerReading {
  readonly engine: Engine;
  readonly names: readonly string[];
  /** True when the engine documents the names; false when only `robots` and the own token are assumed. */
  readonly documented: boolean;
}

const GOOGLE_TEXT = new Set([
  'googlebot',
  'googlebot-image',
  'googlebot-video',
  'googlebot-news',
  'google-inspectiontool',
  'storebot-google',
  'googleother',
  'google-extended',
]);

/** Returns which meta names and header prefixes `token` (a preset's or a custom token) reads. */
export function crawlerReading(token: string): CrawlerReading {
  const t = token.toLowerCase();
  if (t === 'googlebot-news')
    return { engine: 'google', names: ['robots', 'googlebot', 'googlebot-news'], documented: true };
  if (GOOGLE_TEXT.has(t)) return { engine: 'google', names: ['robots', 'googlebot'], documented: true };
  if (t === 'adsbot-google') return { engine: 'google', names: ['robots', 'adsbot-google'], documented: true };
  if (t === 'bingbot' || t === 'msnbot')
    return { engine: 'bing', names: ['robots', 'bingbot', 'msnbot'], documented: true };
  if (t === 'yandexbot' || t === 'yandex') return { engine: 'yandex', names: ['robots', 'yandex'], documented: true };
  return { engine: 'other', names: t === 'robots' ? ['robots'] : ['robots', t], documented: false };
}

/**
 * Returns false for a crawler that builds no search index (a control token, AI training, a fetch a
 * person asked for, ads checks): only a search index lists a URL it may not fetch. A token with no
 * preset may be anything, so it is taken to index.
 */
function buildsSearchIndex(token: string): boolean {
  const preset = findCrawler(token);
  return preset === undefined || (preset.fetches && (preset.purpose === 'search' || preset.purpose === 'ai-search'));
}

/** One rule that counts for the crawler, and the source it came from (index into `sources`). */
export interface Contribution {
  readonly source: number;
  readonly rule: Rule;
}

/** The rules in force for the crawler after combining every source. */
export interface EffectiveRules {
  readonly noindex: readonly Contribution[];
  readonly nofollow: readonly Contribution[];
  /** nosnippet, or max-snippet:0. */
  readonly nosnippet: readonly Contribution[];
  /** The smallest max-snippet ≥ 1 (−1 = no limit is not a limit). */
  readonly maxSnippet: Contribution | null;
  readonly maxImagePreview: Contribution | null;
  readonly maxVideoPreview: Contribution | null;
  /** The earliest unavailable_after date. */
  readonly unavailableAfter: Contribution | null;
  /** Other flags by name: noimageindex, notranslate, indexifembedded, noarchive, nocache, noodp, noyaca, nositelinkssearchbox. */
  readonly flags: Readonly<Record<string, readonly Contribution[]>>;
  /** Negative rules an allowing rule overrode (Yandex only). */
  readonly overridden: readonly Contribution[];
  readonly unknown: readonly Contribution[];
  readonly voided: readonly Contribution[];
  /** `index`, `follow` and `all`: no rule for Google and Bing (they cancel nothing). */
  readonly positive: readonly Contribution[];
}

/** How one source reads for the crawler. */
export interface SourceReading {
  readonly source: DirectiveSource;
  /** Whether any of its rules apply to the crawler. */
  readonly applies: boolean;
  /** Why it applies or not, in words. */
  readonly scope: string;
  /** All its rules (for header lines, also those under another crawler's prefix). */
  readonly rules: readonly Rule[];
  /** The subset of `rules` that applies to the crawler. */
  readonly applying: readonly Rule[];
}

export type IndexabilityKind = 'blocked' | 'status' | 'noindex' | 'canonicalised' | 'indexable';

export interface Indexability {
  readonly crawler: string;
  readonly kind: IndexabilityKind;
  /** "Blocked", "Not indexable", "Canonicalised" or "Indexable". */
  readonly word: string;
  /** Why, in one sentence. */
  readonly reason: string;
  /** True only for the Indexable verdict. */
  readonly indexable: boolean;
  readonly sources: readonly SourceReading[];
  readonly effective: EffectiveRules;
  /** The rules that decided a noindex verdict (to highlight). */
  readonly deciding: readonly Contribution[];
  readonly canonical: CanonicalReport;
  /** Informational rules and doubts, in words. */
  readonly notes: readonly string[];
  /** The robots.txt/noindex conflict in words, when both hold. */
  readonly conflict: string | null;
  readonly headersKnown: boolean;
}

const MAX_SOURCES = 100;

/** Returns every directive source of the page: meta elements first (document order), then header lines. */
export function directiveSources(evidence: PageEvidence): DirectiveSource[] {
  const metas: DirectiveSource[] = evidence.metas
    .slice(0, MAX_SOURCES)
    .map((m) => ({ kind: 'meta', name: m.name, content: m.content, inHead: m.inHead }));
  const headers: DirectiveSource[] = (evidence.robotsHeaders ?? [])
    .slice(0, MAX_SOURCES)
    .map((line) => ({ kind: 'header', line }));
  return [...metas, ...headers];
}

/** Returns the directives a source holds (§1): a meta tag's content, or a header line with its prefixes. */
export function parseSource(source: DirectiveSource): readonly Rule[] {
  return source.kind === 'meta'
    ? parseDirectives(source.content, { prefixes: false })
    : parseDirectives(source.line, { prefixes: true });
}

/**
 * Returns how one source reads for a crawler: whether it applies, why, and its applying rules (§1).
 * `rules` (default: `parseSource(source)`) lets a caller that reads one page for many crawlers parse it once.
 */
export function readSource(
  source: DirectiveSource,
  reading: CrawlerReading,
  rules: readonly Rule[] = parseSource(source),
): SourceReading {
  if (source.kind === 'meta') {
    const name = source.name.trim().toLowerCase();
    const applies = reading.names.includes(name);
    const scope = applies
      ? name === 'robots'
        ? 'the generic robots tag (every crawler)'
        : `the ${name} tag`
      : `a ${name} tag: not read by this crawler`;
    return { source, applies, scope, rules, applying: applies ? rules : [] };
  }
  const applying = rules.filter((r) => r.scope === null || reading.names.includes(r.scope));
  const prefixes = [...new Set(rules.map((r) => r.scope).filter((s): s is string => s !== null))];
  const scope =
    prefixes.length === 0
      ? 'a header line without crawler prefix (every crawler)'
      : applying.length > 0
        ? `a header line (${applying.some((r) => r.scope !== null) ? 'its prefix names this crawler' : 'rules before any prefix apply to every crawler'})`
        : `a header line for ${prefixes.join(', ')}: not this crawler`;
  return { source, applies: applying.length > 0, scope, rules, applying };
}

const FLAGS = new Set([
  'noimageindex',
  'notranslate',
  'indexifembedded',
  'noarchive',
  'nocache',
  'noodp',
  'noyaca',
  'nositelinkssearchbox',
]);
const PREVIEW_RANK: Readonly<Record<ImagePreview, number>> = { none: 0, standard: 1, large: 2 };

/** Returns the rules in force for the crawler: the sum of negatives (allow-wins for Yandex). */
export function combine(readings: readonly SourceReading[], reading: CrawlerReading): EffectiveRules {
  const all: Contribution[] = readings.flatMap((r, source) => r.applying.map((rule) => ({ source, rule })));
  const named = (...names: string[]) => all.filter((c) => names.includes(c.rule.name) && c.rule.voided === undefined);
  let noindex = named('noindex', 'none');
  let nofollow = named('nofollow', 'none');
  const positive = named('index', 'follow', 'all');
  const overridden: Contribution[] = [];
  if (reading.engine === 'yandex') {
    // Yandex: on a conflict the allowing directive wins.
    if (positive.some((c) => c.rule.name === 'index' || c.rule.name === 'all')) {
      overridden.push(...noindex);
      noindex = [];
    }
    if (positive.some((c) => c.rule.name === 'follow' || c.rule.name === 'all')) {
      overridden.push(...nofollow);
      nofollow = [];
    }
  }
  const valid = (name: string) => all.filter((c) => c.rule.name === name && c.rule.voided === undefined);
  const snippets = valid('max-snippet');
  const nosnippet = [...named('nosnippet'), ...snippets.filter((c) => c.rule.number === 0)];
  const smallest = (list: Contribution[], key: (c: Contribution) => number) =>
    list.reduce<Contribution | null>((best, c) => (best === null || key(c) < key(best) ? c : best), null);
  const limit = (c: Contribution) => c.rule.number ?? -1;
  const maxSnippet = smallest(
    snippets.filter((c) => limit(c) > 0),
    limit,
  );
  const videos = valid('max-video-preview');
  const maxVideoPreview =
    smallest(
      videos.filter((c) => limit(c) >= 0),
      limit,
    ) ??
    videos[0] ??
    null;
  const maxImagePreview = smallest(valid('max-image-preview'), (c) => PREVIEW_RANK[c.rule.preview ?? 'large']);
  const unavailableAfter = smallest(valid('unavailable_after'), (c) => c.rule.date ?? Infinity);
  // A plain object, not a Map: verdicts travel between the worker and the popup as JSON.
  const flags: Record<string, Contribution[]> = {};
  for (const c of all) {
    if (!FLAGS.has(c.rule.name) || c.rule.voided !== undefined) continue;
    flags[c.rule.name] = [...(flags[c.rule.name] ?? []), c];
  }
  return {
    noindex,
    nofollow,
    nosnippet,
    maxSnippet,
    maxImagePreview,
    maxVideoPreview,
    unavailableAfter,
    flags,
    overridden,
    unknown: all.filter((c) => !c.rule.known),
    voided: all.filter((c) => c.rule.voided !== undefined),
    positive,
  };
}

/** Returns how a source is named to the user: `<meta name="robots">` or `X-Robots-Tag: …`. */
export function describeSource(source: DirectiveSource): string {
  return source.kind === 'meta'
    ? `<meta name="${source.name}">${source.inHead ? '' : ' in <body>'}`
    : `X-Robots-Tag: ${source.line}`;
}

function formatDate(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function notesFor(
  effective: EffectiveRules,
  reading: CrawlerReading,
  sources: readonly DirectiveSource[],
  now: number,
): string[] {
  const notes: string[] = [];
  const from = (list: readonly Contribution[]) =>
    [...new Set(list.map((c) => describeSource(sources[c.source] as DirectiveSource)))].join('; ');
  if (effective.nosnippet.length > 0) {
    notes.push(
      `nosnippet: no text snippet, and the content is kept out of AI Overviews input (${from(effective.nosnippet)})`,
    );
  } else if (effective.maxSnippet !== null) {
    notes.push(`max-snippet:${effective.maxSnippet.rule.number}: snippets at most that many characters`);
  }
  if (effective.nofollow.length > 0)
    notes.push(`nofollow: no link on this page is followed (a hint to Google) (${from(effective.nofollow)})`);
  for (const [name, list] of Object.entries(effective.flags)) {
    const where = from(list);
    switch (name) {
      case 'noimageindex':
        notes.push(`noimageindex: the images on this page are not indexed (${where})`);
        break;
      case 'notranslate':
        notes.push(`notranslate: no translation offered in results (${where})`);
        break;
      case 'indexifembedded':
        notes.push(
          effective.noindex.length > 0
            ? `indexifembedded: the content may still be indexed when embedded in another page's iframe (${where})`
            : `indexifembedded: has an effect only together with noindex (${where})`,
        );
        break;
      case 'noarchive':
      case 'nocache':
        notes.push(
          reading.engine === 'bing'
            ? name === 'nocache'
              ? `nocache: Bing's Copilot uses only the URL, title and snippet (${where})`
              : `noarchive: Bing's Copilot does not use this page (${where})`
            : reading.engine === 'google'
              ? `${name}: ignored by Google (${where})`
              : `${name}: no cached copy (${where})`,
        );
        break;
      case 'nositelinkssearchbox':
        notes.push(`nositelinkssearchbox: ignored by Google today (${where})`);
        break;
      case 'noodp':
        notes.push(`noodp: an old directory rule, no effect today (${where})`);
        break;
      case 'noyaca':
        notes.push(
          reading.engine === 'yandex'
            ? `noyaca: Yandex does not use its catalogue description (${where})`
            : `noyaca: a Yandex rule (${where})`,
        );
        break;
    }
  }
  if (effective.maxImagePreview !== null)
    notes.push(`max-image-preview:${effective.maxImagePreview.rule.preview}: the largest image preview shown`);
  if (effective.maxVideoPreview !== null)
    notes.push(
      `max-video-preview:${effective.maxVideoPreview.rule.number}: video preview length in seconds (−1 = no limit)`,
    );
  const after = effective.unavailableAfter;
  if (after?.rule.date !== undefined && after.rule.date > now)
    notes.push(`unavailable_after: leaves the results after ${formatDate(after.rule.date)}`);
  if (effective.overridden.length > 0)
    notes.push(
      `Yandex: an allowing rule wins over ${[...new Set(effective.overridden.map((c) => c.rule.name))].join(', ')}`,
    );
  if (reading.engine !== 'yandex') {
    for (const c of effective.positive) {
      if (c.rule.name !== 'all') notes.push(`${c.rule.name}: not a rule, cancels nothing`);
    }
  }
  for (const c of effective.unknown) notes.push(`“${c.rule.raw}”: unknown rule, no effect`);
  for (const c of effective.voided) notes.push(`“${c.rule.raw}”: ${c.rule.voided ?? 'ignored'}`);
  if (!reading.documented)
    notes.push('This crawler documents no page rules: the generic robots tag and its own name are assumed.');
  return notes;
}

function statusWords(status: number): string {
  if (status >= 300 && status < 400) return `the page answers ${status} (a redirect: its target is what gets indexed)`;
  if (status >= 400 && status < 500) return `the page answers ${status}: nothing is indexed`;
  if (status >= 500) return `the page answers ${status} (a server error): nothing is indexed`;
  return `the page answers ${status}, not 200`;
}

/**
 * Returns the indexability of the page for `crawler`: `fetch` is the robots.txt verdict for it
 * (null when robots.txt does not apply), `now` the clock for `unavailable_after`.
 */
export function judgeIndexability(
  evidence: PageEvidence,
  crawler: string,
  fetch: FetchPermission | null,
  now: number,
): Indexability {
  const reading = crawlerReading(crawler);
  const sources = directiveSources(evidence);
  const readings = sources.map((s) => readSource(s, reading));
  const effective = combine(readings, reading);
  const canonical = checkCanonicals(
    evidence.url,
    evidence.canonicals,
    evidence.linkHeaders,
    evidence.served?.canonicals ?? null,
  );
  const notes = notesFor(effective, reading, sources, now);
  const headersKnown = evidence.robotsHeaders !== null;
  if (!headersKnown) notes.push('The response headers are unknown: X-Robots-Tag and Link headers may be missing here.');
  if (evidence.served !== null && !sameMetas(evidence.served.metas, evidence.metas)) {
    const list = (metas: readonly MetaElement[]) =>
      metas.length === 0 ? 'none' : metas.map((m) => `${m.name}="${m.content}"`).join(', ');
    notes.push(
      `The robots meta tags were changed by JavaScript (Google may skip rendering a page whose served HTML says noindex): served HTML ${list(evidence.served.metas)}; rendered page ${list(evidence.metas)}.`,
    );
  }
  const expired =
    effective.unavailableAfter?.rule.date !== undefined && effective.unavailableAfter.rule.date <= now
      ? [effective.unavailableAfter]
      : [];
  const deciding = [...effective.noindex, ...expired];
  const base = { crawler, sources: readings, effective, canonical, notes, headersKnown };
  const names = (list: readonly Contribution[]) =>
    [...new Set(list.map((c) => `${describeSource(sources[c.source] as DirectiveSource)} (${c.rule.raw})`))].join('; ');
  if (fetch !== null && !fetch.allowed) {
    const conflict =
      deciding.length > 0
        ? 'robots.txt blocks this page, so its noindex is never seen: these cancel out; to keep it out of the index, allow crawling and keep the noindex.'
        : null;
    return {
      ...base,
      kind: 'blocked',
      word: 'Blocked',
      reason: `robots.txt blocks this page (${fetch.reason}), so its headers and meta tags are never seen${buildsSearchIndex(crawler) ? '; it can still be indexed without its content if other pages link to it' : ''}.`,
      indexable: false,
      deciding,
      conflict,
    };
  }
  const rest = { ...base, conflict: null, deciding };
  if (evidence.status !== null && evidence.status !== 200 && evidence.status !== 304) {
    return {
      ...rest,
      kind: 'status',
      word: 'Not indexable',
      reason: `Not indexable: ${statusWords(evidence.status)}.`,
      indexable: false,
    };
  }
  if (deciding.length > 0) {
    const why =
      effective.noindex.length > 0
        ? `noindex from ${names(effective.noindex)}`
        : `unavailable_after ${formatDate(expired[0]?.rule.date ?? 0)} has passed (${names(expired)})`;
    return { ...rest, kind: 'noindex', word: 'Not indexable', reason: `Not indexable: ${why}.`, indexable: false };
  }
  if (canonical.elsewhere && canonical.canonical !== null) {
    return {
      ...rest,
      kind: 'canonicalised',
      word: 'Canonicalised',
      reason: `Canonicalised: the canonical points to ${canonical.canonical}, which gets the indexing signals (this URL is usually not indexed itself).`,
      indexable: false,
    };
  }
  const statusNote = evidence.status === null ? ' (its HTTP status is unknown)' : '';
  return {
    ...rest,
    kind: 'indexable',
    word: 'Indexable',
    reason: `Indexable: no noindex applies to this crawler${statusNote}.`,
    indexable: true,
  };
}

function sameMetas(a: readonly MetaElement[], b: readonly MetaElement[]): boolean {
  const key = (list: readonly MetaElement[]) =>
    list
      .map((m) => `${m.name.trim().toLowerCase()}=${m.content.trim().toLowerCase()}`)
      .sort()
      .join('\n');
  return key(a) === key(b);
}
