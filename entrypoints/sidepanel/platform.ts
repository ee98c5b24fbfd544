/**
 * The side panel's contact with browser APIs: which window it follows (`?window=<id>`, else its
 * own), that window's active tab and its changes, the crawler kept for the window, and the popup's
 * platform for each inspected tab.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { panelCrawlerKey } from '../../lib/protocol/storage-keys';
import { createBrowserPlatform, type CrawlerChoice, type PopupPlatform } from '../popup/platform';
import type { FollowedTab, FollowPlatform, TabEvent } from './follow';

/** Returns the window id in `?window=<id>`, or null when absent or not a whole number. */
export function parseWindowParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('window');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/** Returns the window the panel at `location` follows: the one named, else the panel's own. */
export async function findWindow(location: { readonly search: string }): Promise<number | null> {
  const named = parseWindowParam(location.search);
  if (named !== null) return named;
  const own = await browser.windows.getCurrent();
  return own.id ?? null;
}

/** A tab as the follow source needs it. */
function followedTab(tab: { id?: number; url?: string; status?: string }): FollowedTab | null {
  if (tab.id === undefined) return null;
  return { tabId: tab.id, url: tab.url || null, complete: tab.status === 'complete' };
}

/** The raw storage.session key of a tab's content-script reading: `page:<tabId>:dom`. */
const DOM_KEY = /^page:(\d+):dom$/;

/** Returns the follow platform for window `windowId`. */
export function createFollowPlatform(windowId: number): FollowPlatform {
  return {
    async activeTab() {
      const [tab] = await browser.tabs.query({ active: true, windowId });
      return tab === undefined ? null : followedTab(tab);
    },
    watch(onEvent: (event: TabEvent) => void) {
      const activated = (info: { tabId: number; windowId: number }) => {
        if (info.windowId === windowId) onEvent({ kind: 'activated', tabId: info.tabId });
      };
      const updated = (tabId: number, change: { url?: string; status?: string }, tab: { windowId?: number }) => {
        if (tab.windowId !== windowId) return;
        const status = change.status === 'loading' || change.status === 'complete' ? change.status : undefined;
        if (change.url === undefined && status === undefined) return;
        onEvent({
          kind: 'updated',
          tabId,
          ...(change.url === undefined ? {} : { url: change.url }),
          ...(status ? { status } : {}),
        });
      };
      // The worker keeps each tab's latest content-script reading in storage.session; a reading of
      // a new address is a single-page-app navigation the tab events may not have shown.
      const read = (changes: Record<string, { newValue?: unknown }>) => {
        for (const [key, change] of Object.entries(changes)) {
          const tabId = DOM_KEY.exec(key)?.[1];
          const url = (change.newValue as { url?: unknown } | undefined)?.url;
          if (tabId !== undefined && typeof url === 'string') onEvent({ kind: 'page-read', tabId: Number(tabId), url });
        }
      };
      browser.tabs.onActivated.addListener(activated);
      browser.tabs.onUpdated.addListener(updated);
      browser.storage.session.onChanged.addListener(read);
      return () => {
        browser.tabs.onActivated.removeListener(activated);
        browser.tabs.onUpdated.removeListener(updated);
        browser.storage.session.onChanged.removeListener(read);
      };
    },
  };
}

/**
 * Returns the window's crawler choice: kept in the panel's memory while it is open and in
 * storage.session (cleared when the browser quits) for the next time it opens in this window.
 */
export async function loadCrawlerChoice(windowId: number): Promise<CrawlerChoice> {
  const key = panelCrawlerKey(windowId);
  let chosen = await storage.getItem<string>(key).catch(() => null);
  return {
    get: () => chosen,
    set(token) {
      chosen = token;
      void storage
        .setItem(key, token)
        .catch((error: unknown) => console.error('Robotscope: could not keep the panel’s crawler', error));
    },
  };
}

/**
 * Returns the popup's platform for inspecting tab `tabId` in the panel, and the function that
 * stops what it still watches. The crawler choice is the panel's; there is no panel to open.
 */
export function createTabPlatform(
  tabId: number,
  crawlerChoice: CrawlerChoice,
): { platform: PopupPlatform; dispose(): void } {
  const base = createBrowserPlatform({ search: `?tab=${tabId}` });
  const stops = new Set<() => void>();
  const watch = base.watchResources;
  return {
    platform: {
      ...base,
      crawlerChoice,
      hostName: 'panel',
      openSidePanel: undefined,
      watchResources: watch
        ? (id, onChange) => {
            const stop = watch(id, onChange);
            stops.add(stop);
            return () => {
              stops.delete(stop);
              stop();
            };
          }
        : undefined,
    },
    dispose() {
      for (const stop of stops) stop();
      stops.clear();
    },
  };
}
