/**
 * What the worker keeps per tab about the page shown in it, and how it becomes PageEvidence:
 * the main document's response as webRequest saw it (or as a cookie-less re-fetch saw it), and
 * the content script's reading of the rendered DOM. Headers belong to the document only when
 * their URL is the document's: after a back/forward-cache restore or a single-page-app
 * navigation they are someone else's, so they are "unknown".
 */
import type { CanonicalElement } from '../page-directives/canonical';
import type { PageVerdict, UnavailableOutcome, UnreachableOutcome } from './types';
import {
  describeSource,
  type FetchPermission,
  type Indexability,
  judgeIndexability,
  type MetaElement,
  type PageEvidence,
  type RedirectHop,
} from '../page-directives/verdict';
import { ruleText } from '../robots/rule-text';
import { withoutFragment } from '../shared/url';
import { describeIndexAnswer } from './index-words';

/** The main document's response, observed in the tab or re-fetched without cookies. */
export interface PageResponse {
  /** `observed`: webRequest saw the tab's own request; `re-fetched`: requested again without cookies. */
  readonly via: 'observed' | 're-fetched';
  /** The URL first requested. */
  readonly requestUrl: string;
  /** The URL that answered (after redirects). */
  readonly url: string;
  readonly status: number;
  readonly redirects: readonly RedirectHop[];
  readonly robotsHeaders: readonly string[];
  readonly linkHeaders: readonly string[];
  /**
   * The headers the Use verdict reads (docs/semantics/usage.md §3.4, §3.5, §3.10: Content-Usage, Content-Signal,
   * TDM-Reservation, TDM-Policy) and the X-Robots-Tag lines, as `[name, value]` in received order.
   * Absent in a response kept before they were recorded: then only the X-Robots-Tag lines are known.
   */
  readonly usageHeaders?: readonly (readonly [name: string, value: string])[];
  /** Served from the browser's HTTP cache. */
  readonly fromCache: boolean;
  /** Epoch ms. */
  readonly at: number;
}

/** A re-fetch's answer: the response and the served HTML (cut), or why it failed. */
export type RefetchResult =
  | { readonly kind: 'ok'; readonly response: PageResponse; readonly html: string | null; readonly truncated: boolean }
  | { readonly kind: 'failed'; readonly url: string; readonly error: string; readonly at: number };

export interface LinkCounts {
  readonly total: number;
  readonly nofollow: number;
  readonly ugc: number;
  readonly sponsored: number;
}

/** The content script's reading of the rendered DOM. */
export interface DomSnapshot {
  /** document.URL when read. */
  readonly url: string;
  readonly metas: readonly MetaElement[];
  readonly canonicals: readonly CanonicalElement[];
  readonly links: LinkCounts;
  /** What made the content script read the page. */
  readonly trigger: 'load' | 'navigation' | 'mutation' | 'request';
  /** What the reading left out to stay within its bounds (absent: nothing). */
  readonly cut?: ReadingCut;
}

/** What a bounded page reading left out, counted (collect.ts keeps what decides). */
export interface ReadingCut {
  /** Characters cut off the end of the page URL (over 16,384, its fragment dropped first). */
  readonly urlChars: number;
  /** Robots metas left out past the bound (the most restrictive of each name are kept). */
  readonly metas: number;
  /** Canonical links left out past the bound (the first ones are kept). */
  readonly canonicals: number;
  /** Values (a meta's name or content, a canonical's href) cut at 4,096 characters. */
  readonly chars: number;
}

/**
 * Returns true when `dom` is a reading of the page at `url` (fragments aside); a reading whose URL
 * was cut is of every page whose address starts with it.
 */
export function isReadingOf(dom: DomSnapshot, url: string): boolean {
  const page = withoutFragment(url);
  if ((dom.cut?.urlChars ?? 0) > 0) return page.startsWith(dom.url);
  return withoutFragment(dom.url) === page;
}

/** Returns the Indexability section's sentences about what a reading left out (none when whole). */
export function describeReadingCut(cut: ReadingCut | undefined): string[] {
  if (cut === undefined) return [];
  const n = (count: number) => count.toLocaleString('en-US');
  const notes: string[] = [];
  if (cut.metas > 0)
    notes.push(
      `Read in part: ${n(cut.metas)} robots meta tags were left out (past ${n(100)}); the most restrictive of each name were kept, so a noindex among them still counts`,
    );
  if (cut.canonicals > 0)
    notes.push(`Read in part: ${n(cut.canonicals)} canonical links after the first 100 were left out`);
  if (cut.chars > 0) notes.push(`Read in part: ${n(cut.chars)} values longer than 4,096 characters were cut there`);
  if (cut.urlChars > 0)
    notes.push(`Read in part: the page address is ${n(cut.urlChars)} characters over 16,384 and was cut there`);
  return notes;
}

/** What the popup gets for a tab. */
export interface PageState {
  /** False when the user turned page inspection off (then only robots.txt is used). */
  readonly enabled: boolean;
  /** The tab's URL. */
  readonly tabUrl: string;
  readonly observed: PageResponse | null;
  readonly dom: DomSnapshot | null;
  readonly refetched: RefetchResult | null;
}

/** Why the headers are what they are, in words for the popup. */
export type HeadersSource =
  | { readonly kind: 'observed'; readonly response: PageResponse }
  | { readonly kind: 're-fetched'; readonly response: PageResponse }
  | { readonly kind: 'unknown'; readonly why: string };

/** Returns the response that belongs to the document at `url`: observed first, else a matching re-fetch. */
export function headersFor(state: PageState, url: string): HeadersSource {
  const doc = withoutFragment(url);
  if (state.observed !== null && withoutFragment(state.observed.url) === doc)
    return { kind: 'observed', response: state.observed };
  const r = state.refetched;
  if (r?.kind === 'ok' && withoutFragment(r.response.requestUrl) === doc)
    return { kind: 're-fetched', response: r.response };
  const why =
    state.observed === null
      ? 'no request for this page was seen (it was loaded before the extension started, or restored from the back/forward cache)'
      : 'the address changed without a request (a single-page-app navigation or a back/forward-cache restore)';
  return { kind: 'unknown', why };
}

/** Returns the evidence the engine judges, with served HTML readings when a re-fetch brought them. */
export function evidenceFor(
  state: PageState,
  served: { readonly metas: readonly MetaElement[]; readonly canonicals: readonly CanonicalElement[] } | null,
): { readonly evidence: PageEvidence; readonly headers: HeadersSource } {
  // A reading whose URL was cut names the page by the tab's whole address.
  const url = state.dom !== null && (state.dom.cut?.urlChars ?? 0) === 0 ? state.dom.url : state.tabUrl;
  const headers = headersFor(state, url);
  const response = headers.kind === 'unknown' ? null : headers.response;
  return {
    headers,
    evidence: {
      url,
      status: response?.status ?? null,
      redirects: response?.redirects ?? [],
      robotsHeaders: response?.robotsHeaders ?? null,
      linkHeaders: response?.linkHeaders ?? null,
      metas: state.dom?.metas ?? [],
      canonicals: state.dom?.canonicals ?? [],
      served,
    },
  };
}

/**
 * Returns why robots.txt gave no rules, in a few words for a reason in brackets ("unreachable: HTTP
 * 503"): the fetch's whole sentence is the Fetch row's.
 */
export function describeNoFile(outcome: UnavailableOutcome | UnreachableOutcome): string {
  const status = outcome.status === null ? null : `HTTP ${outcome.status}`;
  if (outcome.kind === 'unavailable') {
    const why =
      outcome.cause === 'too-many-redirects'
        ? 'too many redirects'
        : outcome.cause === 'redirect-loop'
          ? 'a redirect loop'
          : (status ?? 'no file');
    return `no robots.txt: ${why}`;
  }
  switch (outcome.cause) {
    case 'rate-limited':
    case 'server-error':
      return `unreachable: ${status ?? 'server error'}`;
    case 'timeout':
      return 'unreachable: timed out';
    case 'network-error':
      return `unreachable: ${outcome.detail}`;
  }
}

/** Returns the fetch permission the page verdict gives (null when robots.txt does not apply). */
export function fetchPermission(verdict: PageVerdict): FetchPermission | null {
  switch (verdict.kind) {
    case 'not-applicable':
      return null;
    case 'unavailable':
    case 'unreachable':
      return { allowed: verdict.allowed, reason: describeNoFile(verdict.outcome) };
    case 'ok': {
      const rule = verdict.verdict.rule?.rule ?? null;
      return {
        allowed: verdict.allowed,
        reason: rule === null ? 'no rule matches' : `robots.txt line ${rule.line}: ${ruleText(rule)}`,
      };
    }
  }
}

/**
 * Returns the page's verdict for each of `crawlers`: `dom` (a fresh reading) or the kept one when
 * it is of the tab's current page, the served HTML's readings when known, `verdictFor` the
 * robots.txt verdict of a crawler. No results when inspection is off or the page was not read.
 */
export function judgePageState(
  state: PageState,
  dom: DomSnapshot | null,
  served: { readonly metas: readonly MetaElement[]; readonly canonicals: readonly CanonicalElement[] } | null,
  crawlers: readonly string[],
  verdictFor: (crawler: string, url: string) => PageVerdict,
  now: number,
): { state: PageState; headers: HeadersSource | null; results: Indexability[]; reports: string[][] } {
  if (!state.enabled) return { state, headers: null, results: [], reports: [] };
  const stored = state.dom !== null && isReadingOf(state.dom, state.tabUrl) ? state.dom : null;
  const current: PageState = { ...state, dom: dom ?? stored };
  if (current.dom === null) return { state: current, headers: null, results: [], reports: [] };
  const { evidence, headers } = evidenceFor(current, served);
  const url = evidence.url;
  const cutNotes = describeReadingCut(current.dom.cut);
  const results = crawlers.map((crawler) => {
    const result = judgeIndexability(evidence, crawler, fetchPermission(verdictFor(crawler, url)), now);
    return cutNotes.length === 0 ? result : { ...result, notes: [...result.notes, ...cutNotes] };
  });
  return { state: current, headers, results, reports: results.map((r) => reportLines(r, headers)) };
}

/** Returns the copy report's lines for one verdict. */
export function reportLines(r: Indexability, h: HeadersSource): string[] {
  const lines = [describeIndexAnswer(r)];
  for (const reading of r.sources) {
    lines.push(`  ${describeSource(reading.source)}${reading.applies ? '' : ' (not for this crawler)'}`);
  }
  if (h.kind === 'unknown') lines.push(`  Headers: unknown (${h.why})`);
  else {
    const hops = h.response.redirects.map((hop) => `${hop.status} ${hop.from} → ${hop.to}`).join('; ');
    lines.push(`  Status: ${h.response.status} (${h.kind})${hops ? `, redirects: ${hops}` : ''}`);
  }
  if (r.canonical.canonical !== null) lines.push(`  Canonical: ${r.canonical.canonical}`);
  for (const w of r.canonical.notes) lines.push(`  Canonical warning: ${w}`);
  if (r.conflict !== null) lines.push(`  Conflict: ${r.conflict}`);
  for (const note of r.notes) lines.push(`  Note: ${note}`);
  return lines;
}
