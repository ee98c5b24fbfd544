/**
 * The popup's only contact with browser APIs: which tab to inspect, the clipboard, and the
 * pop-out window. Created by main.tsx and handed to createPopupState, so state and components
 * stay testable with a fake.
 */
import { browser } from 'wxt/browser';
import type { InspectionTarget } from '../../lib/protocol/messages';
import { resourcesKey } from '../../lib/protocol/storage-keys';
import { isTabResources } from '../../lib/resources/ledger';
import { historyPageHref } from '../../lib/history/links';
import type { WatchResources } from './resources-state';
import type { IndexabilityPlatform } from './indexability-state';

/** What the popup's history part asks of the browser. */
export interface PopupHistoryPlatform {
  /**
   * Resolves with whether notifications are allowed. Only asks, never requests: a permission prompt
   * from the popup can close it, so the options page is where notifications are turned on.
   */
  notificationsAllowed(): Promise<boolean>;
  /** Opens the options page, where notifications are turned on. */
  openOptions(): Promise<void>;
  /** Opens the history page of `origin` in a new tab, verdicts for `pageUrl`. */
  openHistory(origin: string, pageUrl: string): Promise<void>;
}

export interface PopupPlatform {
  /** True when the page was opened for a given tab (`?tab=<id>`): the pop-out window or a test. */
  readonly hasTabParam: boolean;
  /** The tab to inspect: `?tab=<id>` when given, else the active tab of the current window. */
  findTarget(): Promise<{
    readonly tabId: number | null;
    readonly target: InspectionTarget;
    /** The tab's address when known, so the popup can name the robots.txt it waits for. */
    readonly pageUrl: string | null;
  }>;
  /**
   * What to inspect before findTarget answers: the exact tab of a popped-out inspector, or the
   * active tab of the window last focused for the toolbar popup (a guess the inspection's `tabId`
   * confirms). Absent: wait for findTarget.
   */
  readonly quickTarget?: InspectionTarget;
  writeClipboard(text: string): Promise<void>;
  /** Opens the inspector for `tabId` in its own window. */
  popOut(tabId: number): Promise<void>;
  /** Follows a tab's page-resource list as the worker adds to it (absent: the list is read once). */
  readonly watchResources?: WatchResources;
  /** The tab's content script and served-HTML reading (absent: the Indexability section uses the worker's data only). */
  readonly page?: IndexabilityPlatform;
  /**
   * Resolves once the frame that shows the current render has been painted (at most ~100 ms
   * later, should no frame come). The popup starts its lazy code only then: compiling it while
   * the worker answers held the answer back by several milliseconds. Absent: at once.
   */
  afterPaint?(): Promise<void>;
  /**
   * The crawler picked in this inspector, kept outside it: the side panel's, for its window, so a
   * fresh inspection of the next page shows it. Absent: each inspection opens with the default.
   */
  readonly crawlerChoice?: CrawlerChoice;
  /** What the inspector is called on screen where a crawler choice is its own ("this popup only"); "popup" when absent. */
  readonly hostName?: 'popup' | 'panel';
  /**
   * Opens the side panel (Chrome) or sidebar (Firefox) of the inspected tab's window. Called from
   * the click itself: both browsers open it only in answer to a user action. Absent where there is
   * none (the panel itself, a browser without one).
   */
  openSidePanel?(): Promise<void>;
}

/** A crawler choice that outlives one inspection (see PopupPlatform.crawlerChoice). */
export interface CrawlerChoice {
  /** The token chosen, or null while none is (the inspection shows the default). */
  get(): string | null;
  set(token: string): void;
}

/** How long afterPaint waits for a frame before resolving anyway (a hidden page gets none). */
const PAINT_TIMEOUT_MS = 100;

/** Pop-out window size: the largest a toolbar popup may be. */
const POP_OUT_WIDTH = 800;
const POP_OUT_HEIGHT = 600;

/** Returns the tab id in `?tab=<id>`, or null when absent or not a whole number. */
export function parseTabParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('tab');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/** Returns the platform backed by the WebExtension APIs for a popup at `location`. */
export function createBrowserPlatform(location: { readonly search: string }): PopupPlatform {
  const tabParam = parseTabParam(location.search);
  /** The inspected tab's window, known once findTarget has answered (the side panel opens there). */
  let windowId: number | undefined;
  return {
    hasTabParam: tabParam !== null,
    quickTarget: tabParam !== null ? { kind: 'tab', tabId: tabParam } : { kind: 'active' },
    async findTarget() {
      if (tabParam !== null) {
        // The worker says so if the tab is gone; here its address is only for the loading card.
        const tab = await browser.tabs.get(tabParam).catch(() => undefined);
        windowId = tab?.windowId;
        return { tabId: tabParam, target: { kind: 'tab', tabId: tabParam }, pageUrl: tab?.url || null };
      }
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined) throw new Error('There is no active tab to inspect in this window.');
      windowId = tab.windowId;
      return { tabId: tab.id, target: { kind: 'tab', tabId: tab.id }, pageUrl: tab.url || null };
    },
    writeClipboard: (text) => navigator.clipboard.writeText(text),
    afterPaint: () =>
      new Promise((resolve) => {
        // requestAnimationFrame runs before the frame's paint; the task after it runs once painted.
        const done = (): void => {
          clearTimeout(timeout);
          setTimeout(resolve, 0);
        };
        const timeout = setTimeout(done, PAINT_TIMEOUT_MS);
        requestAnimationFrame(done);
      }),
    page: {
      sendToTab: (tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 }),
      // DOMParser makes an inert document: no script runs, nothing loads. The reader is the content
      // script's own, loaded on the first re-fetch.
      readServedHtml: async (html) => {
        const { directiveMetaNames, readDirectives } = await import('../page-inspector.content/collect');
        return readDirectives(new DOMParser().parseFromString(html, 'text/html'), directiveMetaNames());
      },
    },
    openSidePanel: openSidePanelIn(() => windowId, tabParam === null),
    async popOut(tabId) {
      await browser.windows.create({
        url: browser.runtime.getURL(`/popup.html?tab=${tabId}`),
        type: 'popup',
        width: POP_OUT_WIDTH,
        height: POP_OUT_HEIGHT,
      });
    },
    // The worker keeps each tab's list at session:resources:<tabId> (entrypoints/background/resources.ts).
    watchResources(tabId, onChange) {
      const key = resourcesKey(tabId);
      const listener = (changes: Record<string, { newValue?: unknown }>) => {
        const change = changes[key];
        if (change !== undefined) onChange(isTabResources(change.newValue) ? change.newValue : null);
      };
      browser.storage.session.onChanged.addListener(listener);
      return () => browser.storage.session.onChanged.removeListener(listener);
    },
  };
}

/** The history part's browser calls (the popup's and the side panel's). */
export const browserHistoryPlatform: PopupHistoryPlatform = {
  notificationsAllowed: () => browser.permissions.contains({ permissions: ['notifications'] }),
  openOptions: () => browser.runtime.openOptionsPage(),
  openHistory: async (origin, pageUrl) =>
    void (await browser.tabs.create({ url: browser.runtime.getURL(historyPageHref(origin, pageUrl)) })),
};

/** Firefox's sidebar API (MV2), absent from the Chrome-shaped types. */
interface SidebarAction {
  open(): Promise<void>;
}

/**
 * Returns the opener of the window's side panel (Chrome's sidePanel, Firefox's sidebarAction), or
 * undefined when the browser has neither. Nothing is awaited before the call: the browser opens a
 * panel only inside the click. The toolbar popup then closes (`closeAfter`), as it would on a
 * click outside it.
 */
function openSidePanelIn(windowOf: () => number | undefined, closeAfter: boolean): PopupPlatform['openSidePanel'] {
  const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  const panel = browser.sidePanel as typeof browser.sidePanel | undefined;
  if (sidebar === undefined && panel === undefined) return undefined;
  return async () => {
    const windowId = windowOf();
    if (sidebar !== undefined) await sidebar.open();
    else if (windowId === undefined) throw new Error('The tab’s window is not known yet.');
    else await panel?.open({ windowId });
    if (closeAfter) window.close();
  };
}
