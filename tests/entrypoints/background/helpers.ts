/** A background service over WXT's fake browser, with a fake network of routes and a settable clock. */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BackgroundService, createBackgroundService } from '../../../entrypoints/background/service';
import {
  createSettingsItem,
  createSettingsStore,
  createStorageCacheStore,
} from '../../../entrypoints/background/storage';
import { createManualRedirectTransport, type FetchOnce } from '../../../lib/fetch/transport';

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

export interface TestWorker {
  readonly service: BackgroundService;
  readonly routes: Map<string, Route>;
  /** Every URL requested, in order. */
  readonly requested: string[];
  readonly clock: { now: number };
  /** Holds every request until `release()` (to make lookups overlap). */
  hold(): void;
  release(): void;
}

export const T0 = Date.UTC(2025, 5, 1);

/** Returns a service like the real worker's, over fakeBrowser; call after fakeBrowser.reset(). */
export function createTestWorker(routes: Record<string, Route> = {}, options: { register?: boolean } = {}): TestWorker {
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
  const service = createBackgroundService({
    browser: { runtime: fakeBrowser.runtime, tabs: fakeBrowser.tabs, action: fakeBrowser.action },
    settings: createSettingsStore(createSettingsItem()),
    cacheStore: createStorageCacheStore(),
    fetch: () => Promise.reject(new Error('the tests use the manual transport')),
    transport: createManualRedirectTransport(fetchOnce),
    now: () => clock.now,
  });
  if (options.register !== false) service.register();
  return {
    service,
    routes: routeMap,
    requested,
    clock,
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
