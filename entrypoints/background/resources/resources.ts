/**
 * Collecting each tab's subresources: every http(s) request a tab's page makes, seen through
 * webRequest (tabId ≥ 0, every type but the main frame), added to that tab's per-document list
 * (lib/resources/ledger). A main-frame request starts a new list. The lists live in
 * storage.session, written in batches, so they survive the worker sleeping between the page load
 * and the click; they are never written to disk by the browser and go when the tab closes.
 */
import {
  addResources,
  isTabResources,
  type ResourceEntry,
  startDocument,
  type TabResources,
} from '../../../lib/resources/ledger';
import { classifyRequestType } from '../../../lib/resources/classify';
import { resourcesKey } from '../../../lib/protocol/storage-keys';

/** How long requests gather before one storage write: a page's burst of requests costs a few writes. */
export const RESOURCE_FLUSH_MS = 150;

/** The parts of a webRequest event's details the collector reads. */
export interface TabRequestDetails {
  readonly url: string;
  readonly tabId: number;
  readonly type: string;
}

/** webRequest.onBeforeRequest as the collector uses it (browser.webRequest.onBeforeRequest fits). */
export interface TabRequestEvent {
  addListener(callback: (details: TabRequestDetails) => undefined, filter: { urls: string[] }): void;
}

/** Where the lists are kept (storage.session in the worker, a Map in tests). */
export interface ResourceListStore {
  read(tabId: number): Promise<TabResources | null>;
  /** Writes every given list in one operation. */
  write(lists: ReadonlyMap<number, TabResources>): Promise<void>;
  remove(tabId: number): Promise<void>;
}

export interface ResourceCollectorDeps {
  readonly store: ResourceListStore;
  /** Epoch ms. */
  readonly now: () => number;
  readonly onBeforeRequest?: TabRequestEvent;
  readonly onTabRemoved?: { addListener(callback: (tabId: number) => void): void };
  /** Default RESOURCE_FLUSH_MS. */
  readonly flushMs?: number;
}

export interface ResourceCollector {
  /** Records one request (the webRequest listener; exposed for tests). */
  record(details: TabRequestDetails): void;
  /** Returns the tab's list with every request seen so far, or null when none was. */
  get(tabId: number): Promise<TabResources | null>;
  /** Writes what has gathered now. */
  flush(): Promise<void>;
  register(): void;
}

type Step = { readonly kind: 'start'; readonly url: string; readonly at: number } | ResourceEntry;

/** Returns the collector. */
export function createResourceCollector(deps: ResourceCollectorDeps): ResourceCollector {
  const lists = new Map<number, TabResources>();
  let steps = new Map<number, Step[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  function push(tabId: number, step: Step): void {
    const list = steps.get(tabId);
    if (list) list.push(step);
    else steps.set(tabId, [step]);
    timer ??= setTimeout(() => void flush(), deps.flushMs ?? RESOURCE_FLUSH_MS);
  }

  function record(details: TabRequestDetails): void {
    if (details.tabId < 0) return;
    if (details.type === 'main_frame') push(details.tabId, { kind: 'start', url: details.url, at: deps.now() });
    else push(details.tabId, { url: details.url, type: classifyRequestType(details.type) });
  }

  async function apply(batch: Map<number, Step[]>): Promise<void> {
    const changed = new Map<number, TabResources>();
    for (const [tabId, tabSteps] of batch) {
      // After a worker restart the list is only in storage.
      let list = lists.get(tabId) ?? (await deps.store.read(tabId)) ?? null;
      let adds: ResourceEntry[] = [];
      const start = (url: string, at: number) => {
        if (list !== null && adds.length > 0) list = addResources(list, adds);
        adds = [];
        list = startDocument(url, at);
      };
      for (const step of tabSteps) {
        if ('kind' in step) start(step.url, step.at);
        else adds.push(step);
      }
      // Requests before any main frame was seen (the extension was installed after the page loaded).
      list ??= startDocument('', deps.now());
      list = addResources(list, adds);
      if (list !== lists.get(tabId)) {
        lists.set(tabId, list);
        changed.set(tabId, list);
      }
    }
    if (changed.size > 0) {
      try {
        await deps.store.write(changed);
      } catch (error) {
        // The list stays in memory; a full storage.session only loses it if the worker sleeps.
        console.warn('Robotscope: could not keep the page resources in storage.session', error);
      }
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batch = steps;
    steps = new Map();
    writing = writing.then(() => (batch.size === 0 ? undefined : apply(batch)));
    return writing;
  }

  return {
    record,
    flush,
    async get(tabId) {
      await flush();
      return lists.get(tabId) ?? (await deps.store.read(tabId));
    },
    register() {
      deps.onBeforeRequest?.addListener(
        (details) => {
          record(details);
          return undefined;
        },
        { urls: ['http://*/*', 'https://*/*'] },
      );
      deps.onTabRemoved?.addListener((tabId) => {
        lists.delete(tabId);
        steps.delete(tabId);
        void deps.store.remove(tabId);
      });
    },
  };
}

/** Returns the store over storage.session (`storage` is WXT's, passed in so this module imports no storage at load). */
export function createSessionResourceStore(storage: {
  getItem<T>(key: `session:${string}`): Promise<T | null>;
  setItems(items: { key: `session:${string}`; value: unknown }[]): Promise<void>;
  removeItem(key: `session:${string}`): Promise<void>;
}): ResourceListStore {
  const keyOf = (tabId: number) => `session:${resourcesKey(tabId)}` as const;
  return {
    async read(tabId) {
      const value = await storage.getItem<unknown>(keyOf(tabId));
      return isTabResources(value) ? value : null;
    },
    write: (lists) => storage.setItems([...lists].map(([tabId, value]) => ({ key: keyOf(tabId), value }))),
    remove: (tabId) => storage.removeItem(keyOf(tabId)),
  };
}

/** Returns a store in memory (tests, and a worker without storage.session). */
export function createMemoryResourceStore(): ResourceListStore {
  const lists = new Map<number, TabResources>();
  return {
    read: async (tabId) => lists.get(tabId) ?? null,
    write: async (changed) => void changed.forEach((list, tabId) => lists.set(tabId, list)),
    remove: async (tabId) => void lists.delete(tabId),
  };
}
