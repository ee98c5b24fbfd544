/**
 * The popup's Indexability state: the tab's page data (the worker's per-tab record, and a fresh
 * reading from the tab's content script when it answers), the served HTML after a re-fetch, the
 * verdict for the selected crawler and every preset, the link marks, and the report lines.
 * Pure over its inputs: the browser is reached through IndexabilityPlatform.
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import type { IndexabilityView } from '../../components/popup/Indexability';
import type { CrawlerOption, MatrixRow, PageVerdict } from '../../components/popup/model';
import type { ProtocolClient } from '../../lib/messages';
import { describeCanonicalWarning } from '../../lib/page-directives/canonical';
import {
  type DomSnapshot,
  evidenceFor,
  fetchPermission,
  type HeadersSource,
  type PageState,
  withoutFragment,
} from '../../lib/page-directives/page-state';
import {
  describeSource,
  type Indexability,
  judgeIndexability,
  type MetaElement,
} from '../../lib/page-directives/verdict';
import type { CanonicalElement } from '../../lib/page-directives/canonical';
import type { MarkColors } from '../../lib/settings';
import { DEFAULT_MARK_COLORS } from '../../lib/settings';
import type { MarkCounts, MarkRun } from '../page-inspector.content/marks';
import type { TabMessage, TabReply } from '../page-inspector.content/protocol';

/** What the popup needs from the browser for page inspection (main.tsx gives the real one). */
export interface IndexabilityPlatform {
  /** Sends a message to the tab's content script (top frame); rejects when there is none. */
  sendToTab(tabId: number, message: TabMessage): Promise<unknown>;
  /** Reads directives from served HTML (DOMParser: inert, nothing runs). */
  readServedHtml(html: string): { metas: MetaElement[]; canonicals: CanonicalElement[] };
}

export type PageLoad =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'off' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly state: PageState; readonly contentScript: boolean };

export interface MarksState {
  readonly on: boolean;
  readonly busy: boolean;
  readonly counts: MarkCounts | null;
  readonly run: MarkRun | null;
  readonly error: string | null;
}

export interface IndexabilityState {
  readonly load: ReadonlySignal<PageLoad>;
  /** What the section shows. */
  readonly view: ReadonlySignal<IndexabilityView | null>;
  /** The verdict for the selected crawler, or null (not loaded, off, page not read). */
  readonly result: ReadonlySignal<Indexability | null>;
  readonly headers: ReadonlySignal<HeadersSource | null>;
  readonly refetching: ReadonlySignal<boolean>;
  readonly refetchError: ReadonlySignal<string | null>;
  readonly marks: ReadonlySignal<MarksState>;
  /** Loads the tab's page data; `tabId` null (a URL target) means nothing to read. */
  start(tabId: number | null): Promise<void>;
  refetch(): Promise<void>;
  setMarks(on: boolean): Promise<void>;
  /** Adds `indexable` to matrix rows (left as they are when nothing was read). */
  withIndexable(rows: MatrixRow[], judge: (token: string) => PageVerdict): MatrixRow[];
  /** Lines for the copy report. */
  reportLines(): string[];
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isTabReply(value: unknown): value is TabReply {
  return typeof value === 'object' && value !== null && 'snapshot' in value && 'marks' in value;
}

/** Returns the Indexability state for the popup. */
export function createIndexabilityState(deps: {
  readonly client: ProtocolClient;
  readonly platform: IndexabilityPlatform | null;
  readonly verdict: ReadonlySignal<PageVerdict | null>;
  readonly crawler: ReadonlySignal<CrawlerOption>;
  readonly colors: ReadonlySignal<MarkColors | undefined>;
  readonly now: () => number;
}): IndexabilityState {
  const load = signal<PageLoad>({ kind: 'idle' });
  const served = signal<{ metas: MetaElement[]; canonicals: CanonicalElement[] } | null>(null);
  const refetching = signal(false);
  const refetchError = signal<string | null>(null);
  const marks = signal<MarksState>({ on: false, busy: false, counts: null, run: null, error: null });
  let tabId: number | null = null;
  /** The crawler the marks on the page are for. */
  let markedFor: string | null = null;

  const evidence = computed(() => {
    const l = load.value;
    if (l.kind !== 'ready' || l.state.dom === null) return null;
    return evidenceFor(l.state, served.value);
  });
  const judgeFor = (token: string, verdict: PageVerdict | null) => {
    const e = evidence.value;
    if (e === null || verdict === null) return null;
    return judgeIndexability(e.evidence, token, fetchPermission(verdict), deps.now());
  };
  const result = computed(() => judgeFor(deps.crawler.value.token, deps.verdict.value));
  const headers = computed(() => evidence.value?.headers ?? null);
  const view = computed((): IndexabilityView | null => {
    const l = load.value;
    switch (l.kind) {
      case 'idle':
        return null;
      case 'loading':
        return { kind: 'loading' };
      case 'off':
        return { kind: 'off' };
      case 'error':
        return { kind: 'unavailable', message: `The page's data could not be read: ${l.message}` };
      case 'ready': {
        const r = result.value;
        const h = headers.value;
        if (r === null || h === null)
          return {
            kind: 'unavailable',
            message:
              'This page has not been read: pages open before Robotscope was installed or updated are read after a reload.',
          };
        return { kind: 'ready', result: r, headers: h, contentScript: l.contentScript };
      }
    }
  });

  async function readTab(id: number): Promise<TabReply | null> {
    if (deps.platform === null) return null;
    try {
      const reply = await deps.platform.sendToTab(id, { type: 'robotscope:read' });
      return isTabReply(reply) ? reply : null;
    } catch {
      // No content script in the tab (a page open before Robotscope was installed, or inspection off).
      return null;
    }
  }

  async function start(id: number | null): Promise<void> {
    tabId = id;
    if (id === null) {
      load.value = { kind: 'idle' };
      return;
    }
    load.value = { kind: 'loading' };
    try {
      const [state, reply] = await Promise.all([deps.client.pageState({ tabId: id }), readTab(id)]);
      if (!state.enabled) {
        load.value = { kind: 'off' };
        return;
      }
      // The content script's fresh reading wins over the worker's (a report may still be on its way).
      // The worker's reading may be of the page before this one (the new page has not reported yet).
      const stored =
        state.dom !== null && withoutFragment(state.dom.url) === withoutFragment(state.tabUrl) ? state.dom : null;
      const dom: DomSnapshot | null = reply?.snapshot ?? stored;
      load.value = { kind: 'ready', state: { ...state, dom }, contentScript: reply !== null };
      if (reply?.marks) marks.value = { ...marks.value, on: true, counts: reply.marks };
    } catch (error) {
      load.value = { kind: 'error', message: message(error) };
    }
  }

  async function refetch(): Promise<void> {
    if (tabId === null) return;
    refetching.value = true;
    refetchError.value = null;
    try {
      const { result: fetched, html } = await deps.client.refetchPage({ tabId });
      const l = load.value;
      if (l.kind === 'ready') load.value = { ...l, state: { ...l.state, refetched: fetched } };
      if (fetched.kind === 'failed') refetchError.value = `Re-fetch failed: ${fetched.error}`;
      if (html !== null && deps.platform !== null) served.value = deps.platform.readServedHtml(html);
    } catch (error) {
      refetchError.value = `Re-fetch failed: ${message(error)}`;
    } finally {
      refetching.value = false;
    }
  }

  async function setMarks(on: boolean): Promise<void> {
    if (tabId === null || deps.platform === null) return;
    marks.value = { ...marks.value, on, busy: true, error: null };
    try {
      const crawler = deps.crawler.value;
      const reply = await deps.platform.sendToTab(
        tabId,
        on
          ? {
              type: 'robotscope:mark',
              crawler: crawler.token,
              crawlerName: crawler.name,
              colors: deps.colors.value ?? DEFAULT_MARK_COLORS,
            }
          : { type: 'robotscope:unmark' },
      );
      if (!isTabReply(reply)) throw new Error('The page did not answer: reload it and try again.');
      markedFor = on ? crawler.token : null;
      marks.value = { on, busy: false, counts: reply.marks, run: reply.run, error: null };
    } catch (error) {
      marks.value = {
        on: false,
        busy: false,
        counts: null,
        run: null,
        error: `Could not mark links: ${message(error)}`,
      };
    }
  }

  // Another crawler picked while links are marked: mark them again for it.
  effect(() => {
    const token = deps.crawler.value.token;
    const current = marks.peek();
    if (current.on && !current.busy && markedFor !== null && markedFor !== token) void setMarks(true);
  });

  function reportLines(): string[] {
    const r = result.value;
    const l = load.value;
    if (l.kind === 'off') return ['Indexability: page inspection is off'];
    if (r === null) return [];
    const lines = [`Indexability: ${r.reason}`];
    for (const reading of r.sources) {
      lines.push(`  ${describeSource(reading.source)}${reading.applies ? '' : ' (not for this crawler)'}`);
    }
    const h = headers.value;
    if (h !== null) {
      if (h.kind === 'unknown') lines.push(`  Headers: unknown (${h.why})`);
      else {
        const hops = h.response.redirects.map((hop) => `${hop.status} ${hop.from} → ${hop.to}`).join('; ');
        lines.push(`  Status: ${h.response.status} (${h.kind})${hops ? `, redirects: ${hops}` : ''}`);
      }
    }
    if (r.canonical.canonical !== null) lines.push(`  Canonical: ${r.canonical.canonical}`);
    for (const w of r.canonical.warnings) lines.push(`  Canonical warning: ${describeCanonicalWarning(w)}`);
    if (r.conflict !== null) lines.push(`  Conflict: ${r.conflict}`);
    for (const note of r.notes) lines.push(`  Note: ${note}`);
    return lines;
  }

  return {
    load,
    view,
    result,
    headers,
    refetching,
    refetchError,
    marks,
    start,
    refetch,
    setMarks,
    withIndexable(rows, judge) {
      if (evidence.value === null) return rows;
      return rows.map((row) => {
        const v = judgeFor(row.crawler.token, judge(row.crawler.token));
        return v === null ? row : { ...row, indexable: v.indexable, indexability: v.word };
      });
    },
    reportLines,
  };
}
