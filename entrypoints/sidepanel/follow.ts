/**
 * The side panel's source: the active tab of one window, followed. Where the popup makes one
 * inspection for "this tab", the panel makes a fresh one (the popup's own state, made by `open`)
 * each time the window shows another page: another tab activated, the tab's address changed (a
 * navigation, or a single-page app's history.pushState), the content script reported a reading
 * of another address, or the page finished loading again (a reload). A fresh inspection starts
 * from "reading…", so no section ever shows the previous page's answer.
 * Pure over FollowPlatform: main.tsx gives the browser's, tests a fake.
 */
import { type ReadonlySignal, signal } from '@preact/signals';

/** The window's active tab, as the browser reports it. */
export interface FollowedTab {
  readonly tabId: number;
  /** Null while the browser has no address for it (a tab that is opening). */
  readonly url: string | null;
  /** False while the tab's page is loading. */
  readonly complete: boolean;
}

/** What the browser reports about the window's tabs (already limited to the followed window). */
export type TabEvent =
  /** Another tab became the window's active one. */
  | { readonly kind: 'activated'; readonly tabId: number }
  /** A tab's address changed, or its page started or finished loading. */
  | {
      readonly kind: 'updated';
      readonly tabId: number;
      readonly url?: string;
      readonly status?: 'loading' | 'complete';
    }
  /** The tab's content script read its page at `url` (it reports single-page-app navigations). */
  | { readonly kind: 'page-read'; readonly tabId: number; readonly url: string };

export interface FollowPlatform {
  /** The followed window's active tab, or null when it has none (the window closed). */
  activeTab(): Promise<FollowedTab | null>;
  /** Calls `onEvent` for each change of the window's tabs until the returned function is called. */
  watch(onEvent: (event: TabEvent) => void): () => void;
}

/** One inspection made by the follow source: its value and how to let it go. */
export interface Opened<T> {
  readonly value: T;
  /** Stops what the inspection still watches (called when the panel moves to another page). */
  dispose(): void;
}

/** What the panel shows. */
export type Followed<T> =
  /** Looking up the window's active tab (the panel has just opened). */
  | { readonly kind: 'finding' }
  /** The window has no tab to inspect (it closed), or the browser would not say which. */
  | { readonly kind: 'none'; readonly message: string }
  /** The inspection of the page `url` in `tabId`; `key` differs for each inspection made. */
  | {
      readonly kind: 'page';
      readonly key: number;
      readonly tabId: number;
      readonly url: string | null;
      readonly value: T;
    };

export interface FollowState<T> {
  readonly current: ReadonlySignal<Followed<T>>;
  /** Finds the active tab and starts following the window. */
  start(): Promise<void>;
  /** Looks at the active tab again and makes a fresh inspection of its page, even the same one. */
  reload(): Promise<void>;
  /** Stops following and lets the shown inspection go. */
  stop(): void;
}

/** Said when the window's active tab cannot be found. */
export const NO_TAB = 'This window has no tab to inspect.';

/** Returns the follow source for `platform`, making each inspection with `open`. */
export function createFollowState<T>(platform: FollowPlatform, open: (tab: FollowedTab) => Opened<T>): FollowState<T> {
  const current = signal<Followed<T>>({ kind: 'finding' });
  let shown: { readonly tabId: number; readonly url: string | null; readonly opened: Opened<T> } | null = null;
  /** True when the shown inspection began before its page had loaded, or the page has started loading since. */
  let loadingSince = false;
  let lookups = 0;
  let keys = 0;
  let unwatch: (() => void) | null = null;

  function show(tab: FollowedTab): void {
    shown?.opened.dispose();
    const opened = open(tab);
    shown = { tabId: tab.tabId, url: tab.url, opened };
    loadingSince = !tab.complete;
    current.value = { kind: 'page', key: ++keys, tabId: tab.tabId, url: tab.url, value: opened.value };
  }

  /** Reads the active tab; shows a fresh inspection when it is another page (or always, `fresh`). */
  async function sync(fresh: boolean): Promise<void> {
    const id = ++lookups;
    let tab: FollowedTab | null;
    try {
      tab = await platform.activeTab();
    } catch {
      tab = null;
    }
    // A later event asked again meanwhile: its answer is the one that counts.
    if (id !== lookups) return;
    if (tab === null) {
      shown?.opened.dispose();
      shown = null;
      current.value = { kind: 'none', message: NO_TAB };
      return;
    }
    if (!fresh && shown !== null && shown.tabId === tab.tabId && shown.url === tab.url) {
      if (!tab.complete) loadingSince = true;
      return;
    }
    show(tab);
  }

  function onEvent(event: TabEvent): void {
    switch (event.kind) {
      case 'activated':
        if (event.tabId !== shown?.tabId) void sync(false);
        return;
      case 'page-read':
        if (event.tabId === shown?.tabId && event.url !== shown.url) void sync(false);
        return;
      case 'updated': {
        if (shown === null || event.tabId !== shown.tabId) return;
        if (event.url !== undefined && event.url !== shown.url) {
          void sync(false);
          return;
        }
        if (event.status === 'loading') loadingSince = true;
        // The page (re)loaded since the shown inspection began: read the loaded page afresh.
        else if (event.status === 'complete' && loadingSince) void sync(true);
        return;
      }
    }
  }

  return {
    current,
    async start() {
      unwatch ??= platform.watch(onEvent);
      await sync(false);
    },
    reload: () => sync(true),
    stop() {
      unwatch?.();
      unwatch = null;
      lookups++;
      shown?.opened.dispose();
      shown = null;
    },
  };
}
