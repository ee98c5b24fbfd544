/** A background service over WXT's fake browser, with a fake network of routes and a settable clock. */
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BackgroundService, createBackgroundService } from '../../../entrypoints/background/service';
import { createSettingsStore } from '../../../entrypoints/background/settings/storage';
import { createIdbCacheStore } from '../../../entrypoints/background/robots/cache-store';
import { createKeptDb, type OpenKeptDb } from '../../../entrypoints/background/kept-db';
import { createManualRedirectTransport, type FetchOnce } from '../../../lib/fetch/transport';
import type { Observation } from '../../../lib/history/versions';
import { TDMREP_CACHE_INDEX_KEY } from '../../../lib/protocol/storage-keys';

/** A fetch of `origin` at `at` that answered 200 with `body`, as history sees it. */
export const okObservation = (origin: string, at: number, body: string): Observation => ({
  origin,
  at,
  status: '200',
  outcome: 'ok',
  body,
});

export type Route = (signal: AbortSignal) => Response | Promise<Response>;

export const robots =
  (text: string, headers: Record<string, string> = {}): Route =>
  () =>
    new Response(text, { status: 200, headers: { 'content-type': 'text/plain', ...headers } });
export const status =
  (code: number): Route =>
  () =>
    new Response(`status ${code}`, { status: code });
export const redirect =
  (to: string, code = 301): Route =>
  () =>
    new Response(null, { status: code, headers: { location: to } });

/** A runtime.Port as the worker sees it, opened by a test (WXT's fake browser has no runtime.connect). */
export interface TestPort {
  readonly name: string;
  readonly sender: { id?: string; tab?: { id?: number }; frameId?: number; url?: string };
  readonly onMessage: { addListener(cb: (message: unknown) => void): void };
  disconnect(): void;
  /** Delivers a message to the worker's listeners. */
  post(message: unknown): void;
  readonly disconnected: boolean;
}

/** An in-memory runtime.onConnect: `connect` opens a port to whoever listens. */
export function createConnectEvent() {
  const listeners: Array<(port: TestPort) => void> = [];
  return {
    addListener: (cb: (port: TestPort) => void) => void listeners.push(cb),
    connect(name: string, sender: TestPort['sender']): TestPort {
      const handlers: Array<(message: unknown) => void> = [];
      let disconnected = false;
      const port: TestPort = {
        name,
        sender,
        onMessage: { addListener: (cb) => void handlers.push(cb) },
        disconnect: () => void (disconnected = true),
        post: (message) => handlers.forEach((h) => h(message)),
        get disconnected() {
          return disconnected;
        },
      };
      for (const l of listeners) l(port);
      return port;
    },
  };
}

let keptDatabases = 0;

/**
 * Returns a kept database of its own (fake-indexeddb keeps every database for the whole file): a
 * worker restarted in a test is given the same one, as the browser keeps it across restarts.
 */
export function createTestKeptDb(): OpenKeptDb {
  keptDatabases += 1;
  return createKeptDb({ name: `robotscope-kept-test-${keptDatabases}`, legacy: fakeBrowser.storage.local });
}

export interface TestWorker {
  readonly service: BackgroundService;
  /** The worker's kept database: settings, watch list, caches. */
  readonly kept: OpenKeptDb;
  readonly routes: Map<string, Route>;
  /** Every URL requested, in order. */
  readonly requested: string[];
  readonly clock: { now: number };
  /** The worker's runtime.onConnect: `connect(name, sender)` opens a port to it. */
  readonly onConnect: ReturnType<typeof createConnectEvent>;
  /** Holds every request until `release()` (to make lookups overlap). */
  hold(): void;
  release(): void;
}

export const T0 = Date.UTC(2025, 5, 1);

/** Returns a service like the real worker's, over fakeBrowser; call after fakeBrowser.reset(). */
export function createTestWorker(
  routes: Record<string, Route> = {},
  options: { register?: boolean; kept?: OpenKeptDb } = {},
): TestWorker {
  const kept = options.kept ?? createTestKeptDb();
  const routeMap = new Map(Object.entries(routes));
  const requested: string[] = [];
  const clock = { now: T0 };
  let held: Array<() => void> | null = null;
  const fetchOnce: FetchOnce = async (url, { signal }) => {
    requested.push(url);
    if (held !== null) await new Promise<void>((resolve) => held!.push(resolve));
    const route = routeMap.get(url);
    if (route === undefined) return new Response('not found', { status: 404 });
    return route(signal);
  };
  const onConnect = createConnectEvent();
  const runtime = Object.create(fakeBrowser.runtime, { onConnect: { value: onConnect } }) as typeof fakeBrowser.runtime;
  const service = createBackgroundService({
    browser: { runtime, tabs: fakeBrowser.tabs, action: fakeBrowser.action },
    settings: createSettingsStore(kept),
    cacheStore: createIdbCacheStore(kept),
    tdmrepStore: createIdbCacheStore(kept, { indexKey: TDMREP_CACHE_INDEX_KEY, records: 'tdmrep' }),
    fetch: () => Promise.reject(new Error('the tests use the manual transport')),
    transport: createManualRedirectTransport(fetchOnce),
    now: () => clock.now,
  });
  if (options.register !== false) service.register();
  return {
    service,
    kept,
    routes: routeMap,
    requested,
    clock,
    onConnect,
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
  };
}

/** Waits until `probe` returns true (default 2 s): badge updates run after the event that caused them. */
export async function waitUntil(probe: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The badge text, colour and title of a tab. */
export async function readBadge(tabId: number): Promise<{ text: string; color: number[]; title: string }> {
  const [text, color, title] = await Promise.all([
    fakeBrowser.action.getBadgeText({ tabId }),
    fakeBrowser.action.getBadgeBackgroundColor({ tabId }),
    fakeBrowser.action.getTitle({ tabId }),
  ]);
  return { text, color: [...color], title };
}
