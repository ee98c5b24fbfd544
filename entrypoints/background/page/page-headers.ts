/**
 * Per-tab page data in the worker: each tab's main-document response as webRequest saw it (final
 * status, redirect chain, X-Robots-Tag and Link headers, fromCache), the content script's DOM
 * reading, and a cookie-less re-fetch on request. Everything lives in storage.session under one
 * key per tab and kind, so a stopped worker loses nothing and a closed tab leaves nothing.
 * When the user turns page inspection off, nothing is recorded and what was kept is removed.
 */
import { storage } from 'wxt/utils/storage';
import type { DomSnapshot, PageResponse, PageState, RefetchResult } from '../../../lib/verdict/page-state';
import type { RedirectHop } from '../../../lib/page-directives/verdict';
import { pageKeys } from '../../../lib/protocol/storage-keys';
import { errorWords } from '../../../lib/shared/error-words';

/** Header lines kept per response, and characters per line (a hostile server cannot fill storage). */
export const MAX_HEADER_LINES = 50;
export const MAX_HEADER_CHARS = 4096;
/** The served HTML a re-fetch reads, at most. */
export const MAX_SERVED_HTML_CHARS = 512 * 1024;
const MAX_HOPS = 25;

interface RequestEvent {
  readonly requestId: string;
  readonly url: string;
  readonly tabId: number;
  readonly type?: string;
  readonly frameId?: number;
}
interface HeaderLine {
  readonly name: string;
  readonly value?: string;
}

type Listener<T> = (details: T) => void;

/** The webRequest events this file listens to for `main_frame` (browser.webRequest fits). */
export interface MainFrameEvents {
  readonly onBeforeRequest: {
    addListener(cb: Listener<RequestEvent>, filter: { urls: string[]; types?: string[] }): void;
  };
  readonly onBeforeRedirect: {
    addListener(
      cb: Listener<RequestEvent & { readonly statusCode: number; readonly redirectUrl: string }>,
      filter: { urls: string[]; types?: string[] },
    ): void;
  };
  readonly onResponseStarted: {
    addListener(
      cb: Listener<
        RequestEvent & {
          readonly statusCode: number;
          readonly fromCache: boolean;
          readonly responseHeaders?: readonly HeaderLine[];
        }
      >,
      filter: { urls: string[]; types?: string[] },
      extraInfoSpec?: string[],
    ): void;
  };
}

/** A key-value store per tab (storage.session in the worker, the same over the fake browser in tests). */
export interface PageStore {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Returns the store over storage.session. */
export function createSessionPageStore(): PageStore {
  return {
    get: <T>(key: string) => storage.getItem<T>(`session:${key}`),
    set: (key, value) => storage.setItem(`session:${key}`, value),
    remove: (keys) => storage.removeItems(keys.map((k) => `session:${k}` as const)),
  };
}

const keys = pageKeys;

interface Pending {
  readonly requestId: string;
  readonly requestUrl: string;
  readonly redirects: RedirectHop[];
}

/** Returns the values of header `name` (case-insensitive), one per line, bounded. */
export function headerLines(headers: readonly HeaderLine[] | undefined, name: string): string[] {
  const wanted = name.toLowerCase();
  return (headers ?? [])
    .filter((h) => typeof h.name === 'string' && h.name.toLowerCase() === wanted && typeof h.value === 'string')
    .slice(0, MAX_HEADER_LINES)
    .map((h) => (h.value as string).slice(0, MAX_HEADER_CHARS));
}

/** The response headers the popup's Use verdict reads (docs/semantics/usage.md §3.4, §3.5, §3.9, §3.10), lower-cased. */
export const USAGE_HEADER_NAMES: ReadonlySet<string> = new Set([
  'x-robots-tag',
  'content-usage',
  'content-signal',
  'tdm-reservation',
  'tdm-policy',
]);

/** Returns the usage headers as `[name, value]` in received order (at most MAX_HEADER_LINES, each value cut). */
export function usageHeaderPairs(
  headers: Iterable<{ name?: unknown; value?: unknown }> | undefined,
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const h of headers ?? []) {
    if (pairs.length >= MAX_HEADER_LINES) break;
    if (typeof h.name !== 'string' || typeof h.value !== 'string') continue;
    if (USAGE_HEADER_NAMES.has(h.name.toLowerCase())) pairs.push([h.name, h.value.slice(0, MAX_HEADER_CHARS)]);
  }
  return pairs;
}

export interface PageDataDeps {
  readonly store: PageStore;
  readonly now: () => number;
  /** Whether the user lets the extension read pages (read at each event). */
  readonly enabled: () => Promise<boolean>;
  /** One request without cookies, redirects followed and each hop reported; its body is read by the caller. */
  readonly fetchPage: (
    url: string,
    onRedirect: (status: number, to: string) => void,
  ) => Promise<{
    status: number;
    url: string;
    headers: { get(name: string): string | null };
    body: ReadableStream<Uint8Array> | null;
  }>;
}

export interface PageData {
  /** The tab's page state for the popup. */
  state(tabId: number, tabUrl: string): Promise<PageState>;
  /** Keeps the content script's reading of the tab's DOM. */
  putDom(tabId: number, dom: DomSnapshot): Promise<void>;
  /** Requests `url` again without cookies and keeps the result for the tab; the served HTML comes back once, not kept. */
  refetch(tabId: number, url: string): Promise<{ result: RefetchResult; html: string | null }>;
  /** Forgets a tab (closed) or every tab (inspection turned off). */
  forget(tabId: number): Promise<void>;
  forgetAll(tabIds: readonly number[]): Promise<void>;
  /** Adds the webRequest and tabs listeners. */
  register(events: MainFrameEvents | undefined, onTabRemoved: (cb: (tabId: number) => void) => void): void;
}

const FILTER = { urls: ['http://*/*', 'https://*/*'], types: ['main_frame'] };

/** Reads at most `max` characters of a body as UTF-8 (replacement characters for bad bytes). */
async function readText(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<{ text: string; truncated: boolean }> {
  if (body === null) return { text: '', truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length >= max) return { text: text.slice(0, max), truncated: true };
    }
    return { text: text + decoder.decode(), truncated: false };
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** Returns the per-tab page data service. */
export function createPageData(deps: PageDataDeps): PageData {
  const { store } = deps;
  /** One write chain per tab: webRequest events of a tab are applied in order. */
  const chains = new Map<number, Promise<void>>();
  function serial(tabId: number, work: () => Promise<void>): Promise<void> {
    const next = (chains.get(tabId) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      console.error('Robotscope: recording page data failed', error);
    });
    chains.set(tabId, next);
    void next.then(() => {
      if (chains.get(tabId) === next) chains.delete(tabId);
    });
    return next;
  }

  const onBeforeRequest = (d: RequestEvent): void => {
    if (d.tabId < 0) return;
    void serial(d.tabId, async () => {
      if (!(await deps.enabled())) return;
      // A redirect starts the same request again (same requestId): keep its chain.
      const current = await store.get<Pending>(keys(d.tabId).pending);
      if (current?.requestId === d.requestId) return;
      const pending: Pending = { requestId: d.requestId, requestUrl: d.url, redirects: [] };
      await store.set(keys(d.tabId).pending, pending);
    });
  };
  const onBeforeRedirect = (d: RequestEvent & { statusCode: number; redirectUrl: string }): void => {
    if (d.tabId < 0) return;
    void serial(d.tabId, async () => {
      const pending = await store.get<Pending>(keys(d.tabId).pending);
      if (pending?.requestId !== d.requestId || pending.redirects.length >= MAX_HOPS) return;
      pending.redirects.push({ status: d.statusCode, from: d.url, to: d.redirectUrl });
      await store.set(keys(d.tabId).pending, pending);
    });
  };
  const onResponseStarted = (
    d: RequestEvent & { statusCode: number; fromCache: boolean; responseHeaders?: readonly HeaderLine[] },
  ): void => {
    if (d.tabId < 0) return;
    void serial(d.tabId, async () => {
      if (!(await deps.enabled())) return;
      const k = keys(d.tabId);
      const pending = await store.get<Pending>(k.pending);
      // The worker may have started after the request did: the chain before it is then unknown.
      const mine = pending?.requestId === d.requestId ? pending : null;
      const observed: PageResponse = {
        via: 'observed',
        requestUrl: mine?.requestUrl ?? d.url,
        url: d.url,
        status: d.statusCode,
        redirects: mine?.redirects ?? [],
        robotsHeaders: headerLines(d.responseHeaders, 'x-robots-tag'),
        linkHeaders: headerLines(d.responseHeaders, 'link'),
        usageHeaders: usageHeaderPairs(d.responseHeaders),
        fromCache: d.fromCache === true,
        at: deps.now(),
      };
      await store.set(k.observed, observed);
      await store.remove([k.pending]);
    });
  };

  return {
    async state(tabId, tabUrl) {
      const enabled = await deps.enabled();
      if (!enabled) return { enabled, tabUrl, observed: null, dom: null, refetched: null };
      const k = keys(tabId);
      const [observed, dom, refetched] = await Promise.all([
        store.get<PageResponse>(k.observed),
        store.get<DomSnapshot>(k.dom),
        store.get<RefetchResult>(k.refetched),
      ]);
      return { enabled, tabUrl, observed, dom, refetched };
    },
    async putDom(tabId, dom) {
      if (!(await deps.enabled())) return;
      await serial(tabId, () => store.set(keys(tabId).dom, dom));
    },
    async refetch(tabId, url) {
      const redirects: RedirectHop[] = [];
      let result: RefetchResult;
      let html: string | null = null;
      try {
        let from = url;
        const response = await deps.fetchPage(url, (status, to) => {
          if (redirects.length < MAX_HOPS) redirects.push({ status, from, to });
          from = to;
        });
        // fetch joins repeated header lines with ", ": a prefix still scopes the rules after it.
        const joined = (name: string) => {
          const value = response.headers.get(name);
          return value === null ? [] : [value.slice(0, MAX_HEADER_CHARS * 4)];
        };
        const type = response.headers.get('content-type') ?? '';
        let truncated = false;
        if (/html/i.test(type)) {
          const read = await readText(response.body, MAX_SERVED_HTML_CHARS);
          html = read.text;
          truncated = read.truncated;
        } else {
          void response.body?.cancel().catch(() => undefined);
        }
        result = {
          kind: 'ok',
          response: {
            via: 're-fetched',
            requestUrl: url,
            url: response.url || url,
            status: response.status,
            redirects,
            robotsHeaders: joined('x-robots-tag'),
            linkHeaders: joined('link'),
            // fetch joins repeated lines and loses the received order: each name once, joined.
            usageHeaders: usageHeaderPairs(
              [...USAGE_HEADER_NAMES].map((name) => ({ name, value: response.headers.get(name) })),
            ),
            fromCache: false,
            at: deps.now(),
          },
          html: null,
          truncated,
        };
      } catch (error) {
        result = { kind: 'failed', url, error: errorWords(error), at: deps.now() };
      }
      await serial(tabId, () => store.set(keys(tabId).refetched, result));
      return { result, html };
    },
    async forget(tabId) {
      const k = keys(tabId);
      await store.remove([k.pending, k.observed, k.dom, k.refetched]);
    },
    async forgetAll(tabIds) {
      await store.remove(tabIds.flatMap((id) => Object.values(keys(id))));
    },
    register(events, onTabRemoved) {
      onTabRemoved((tabId) => void serial(tabId, () => this.forget(tabId)));
      if (events === undefined) return;
      events.onBeforeRequest.addListener(onBeforeRequest, FILTER);
      events.onBeforeRedirect.addListener(onBeforeRedirect, FILTER);
      // Chrome needs 'responseHeaders' to hand them over; Firefox accepts it too.
      events.onResponseStarted.addListener(onResponseStarted, FILTER, ['responseHeaders']);
    },
  };
}
