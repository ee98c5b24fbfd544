/**
 * The popup's Indexability state: the tab's page data (the worker's per-tab record, and a fresh
 * reading from the tab's content script when it answers), the served HTML after a re-fetch, the
 * verdict for the selected crawler and every preset, the link marks, and the report lines.
 * Pure over its inputs: the browser is reached through IndexabilityPlatform.
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import type { CrawlerOption, IndexabilityView, MatrixRow } from '../../components/popup/model';
import type { ProtocolClient } from '../../lib/protocol/messages';
import type { HeadersSource, PageState } from '../../lib/verdict/page-state';
import type { Indexability, MetaElement } from '../../lib/page-directives/verdict';
import type { CanonicalElement } from '../../lib/page-directives/canonical';
import type { MarkColors } from '../../lib/settings';
import { DEFAULT_MARK_COLORS } from '../../lib/settings';
import type { MarkCounts, MarkRun } from '../../lib/protocol/tab-messages';
import type { TabMessage, TabReply } from '../../lib/protocol/tab-messages';
import type { UsagePageInput } from './usage-engine';
import { errorWords } from '../../lib/shared/error-words';

/** What the Use verdict reads when the page could not be: no headers observed, no meta tags. */
const UNOBSERVED: UsagePageInput = { headers: null, meta: [], metaSource: 'rendered-dom' };

/** What the popup needs from the browser for page inspection (main.tsx gives the real one). */
export interface IndexabilityPlatform {
  /** Sends a message to the tab's content script (top frame); rejects when there is none. */
  sendToTab(tabId: number, message: TabMessage): Promise<unknown>;
  /** Reads directives from served HTML (DOMParser: inert, nothing runs). */
  /** Reads the served HTML's directives (the reader loads on the first re-fetch, never on the way to the first verdict). */
  readServedHtml(html: string): Promise<{ metas: MetaElement[]; canonicals: CanonicalElement[] }>;
}

export type PageLoad =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'off' }
  | { readonly kind: 'error'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly state: PageState;
      readonly contentScript: boolean;
      /** The worker's verdicts, one per token of `tokens`. */
      readonly tokens: readonly string[];
      readonly results: readonly Indexability[];
      /** The copy report's lines for each token. */
      readonly reports: readonly (readonly string[])[];
      readonly headers: HeadersSource | null;
    };

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
  /** The page's headers and meta tags for the Use verdict; `pending` while the page is being read. */
  readonly usagePage: ReadonlySignal<UsagePageInput | 'pending'>;
  /** Loads the tab's page data; `tabId` null (a URL target) means nothing to read. */
  start(tabId: number | null): Promise<void>;
  refetch(): Promise<void>;
  /**
   * Asks the worker to judge the page again, keeping what is shown until the answer comes: after
   * "Refetch now" the worker's verdicts must be read from the new robots.txt.
   */
  rejudge(): Promise<void>;
  setMarks(on: boolean): Promise<void>;
  /** Adds `indexable` to matrix rows (left as they are when nothing was read). */
  withIndexable(rows: MatrixRow[]): MatrixRow[];
  /** Lines for the copy report. */
  reportLines(): readonly string[];
}

function isTabReply(value: unknown): value is TabReply {
  return typeof value === 'object' && value !== null && 'snapshot' in value && 'marks' in value;
}

export interface IndexabilityDeps {
  readonly client: ProtocolClient;
  readonly platform: IndexabilityPlatform | null;
  readonly crawler: ReadonlySignal<CrawlerOption>;
  /** Every token the popup offers (presets and custom), judged in one request. */
  readonly tokens: ReadonlySignal<readonly string[]>;
  readonly colors: ReadonlySignal<MarkColors | undefined>;
  readonly now: () => number;
}

/** Returns the Indexability state for the popup. */
export function createIndexabilityState(deps: IndexabilityDeps): IndexabilityState {
  const load = signal<PageLoad>({ kind: 'idle' });
  const served = signal<{ metas: MetaElement[]; canonicals: CanonicalElement[] } | null>(null);
  const refetching = signal(false);
  const refetchError = signal<string | null>(null);
  const marks = signal<MarksState>({ on: false, busy: false, counts: null, run: null, error: null });
  let tabId: number | null = null;
  /** True once `start` was called without a tab (a URL target): nothing will be read. */
  const noTab = signal(false);
  let lastReply: TabReply | null = null;
  /** The crawler the marks on the page are for. */
  let markedFor: string | null = null;

  const ready = computed(() => (load.value.kind === 'ready' ? load.value : null));
  const resultFor = (token: string): Indexability | null => {
    const r = ready.value;
    const i = r === null ? -1 : r.tokens.indexOf(token);
    return r === null || i < 0 ? null : (r.results[i] ?? null);
  };
  const result = computed(() => resultFor(deps.crawler.value.token));
  const headers = computed(() => ready.value?.headers ?? null);
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
            message: 'This page has not been read: reload it.',
          };
        return { kind: 'ready', result: r, headers: h, contentScript: l.contentScript };
      }
    }
  });

  const usagePage = computed((): UsagePageInput | 'pending' => {
    const l = load.value;
    switch (l.kind) {
      case 'idle':
        return noTab.value ? UNOBSERVED : 'pending';
      case 'loading':
        return 'pending';
      case 'off':
      case 'error':
        return UNOBSERVED;
      case 'ready': {
        const h = l.headers;
        const response = h === null || h.kind === 'unknown' ? null : h.response;
        const fromServed = served.value;
        return {
          headers:
            response === null
              ? null
              : (response.usageHeaders ?? response.robotsHeaders.map((line) => ['X-Robots-Tag', line] as const)),
          meta: (fromServed?.metas ?? lastReply?.snapshot.metas ?? l.state.dom?.metas ?? []).map((m) => ({
            name: m.name,
            content: m.content,
          })),
          metaSource: fromServed === null ? 'rendered-dom' : 'served-html',
        };
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

  /** Asks the worker to judge the page for every token; `dom` is the content script's fresh reading. */
  async function judge(id: number, dom: TabReply | null, contentScript: boolean): Promise<void> {
    const tokens = [...deps.tokens.peek()];
    const answer = await deps.client.pageIndexability({
      tabId: id,
      crawlers: tokens,
      dom: dom?.snapshot ?? null,
      served: served.peek(),
    });
    if (id !== tabId) return;
    if (!answer.state.enabled) {
      load.value = { kind: 'off' };
      return;
    }
    load.value = {
      kind: 'ready',
      state: answer.state,
      contentScript,
      tokens,
      results: answer.results,
      reports: answer.reports,
      headers: answer.headers,
    };
  }

  async function start(id: number | null): Promise<void> {
    tabId = id;
    noTab.value = id === null;
    if (id === null) {
      load.value = { kind: 'idle' };
      return;
    }
    load.value = { kind: 'loading' };
    try {
      const reply = await readTab(id);
      if (reply?.marks) marks.value = { ...marks.value, on: true, counts: reply.marks };
      lastReply = reply;
      await judge(id, reply, reply !== null);
    } catch (error) {
      load.value = { kind: 'error', message: errorWords(error) };
    }
  }

  /** Judges again (another token set, or the served HTML arrived). */
  async function rejudge(): Promise<void> {
    const l = load.peek();
    if (tabId === null || l.kind !== 'ready') return;
    try {
      await judge(tabId, lastReply, l.contentScript);
    } catch (error) {
      load.value = { kind: 'error', message: errorWords(error) };
    }
  }

  async function refetch(): Promise<void> {
    if (tabId === null) return;
    refetching.value = true;
    refetchError.value = null;
    try {
      const { result: fetched, html } = await deps.client.refetchPage({ tabId });
      if (fetched.kind === 'failed') refetchError.value = `Re-fetch failed: ${fetched.error}`;
      if (html !== null && deps.platform !== null) served.value = await deps.platform.readServedHtml(html);
      // The worker keeps the re-fetched response for the tab: judge again with it (and the served HTML).
      await rejudge();
    } catch (error) {
      refetchError.value = `Re-fetch failed: ${errorWords(error)}`;
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
        error: `Could not mark links: ${errorWords(error)}`,
      };
    }
  }

  // A token the last verdicts do not cover (a custom token added): judge again.
  effect(() => {
    const wanted = deps.tokens.value;
    const r = ready.peek();
    if (r !== null && wanted.some((t) => !r.tokens.includes(t))) void rejudge();
  });

  // Another crawler picked while links are marked: mark them again for it.
  effect(() => {
    const token = deps.crawler.value.token;
    const current = marks.peek();
    if (current.on && !current.busy && markedFor !== null && markedFor !== token) void setMarks(true);
  });

  function reportLines(): readonly string[] {
    const r = ready.value;
    if (load.value.kind === 'off') return ['Indexability: page inspection is off'];
    const i = r === null ? -1 : r.tokens.indexOf(deps.crawler.value.token);
    // The worker words the report (lib/page-directives/page-state.ts), so the popup carries no wording.
    return r?.reports[i] ?? [];
  }

  return {
    load,
    view,
    result,
    headers,
    refetching,
    refetchError,
    marks,
    usagePage,
    start,
    refetch,
    rejudge,
    setMarks,
    withIndexable(rows) {
      if (ready.value === null) return rows;
      return rows.map((row) => {
        const v = resultFor(row.crawler.token);
        return v === null ? row : { ...row, indexable: v.indexable, indexability: v.word };
      });
    },
    reportLines,
  };
}
