/**
 * One interface for the built extension in either real browser: Chromium (playwright-core,
 * harness.ts) and Firefox ESR (puppeteer-core over WebDriver BiDi, firefox-harness.ts) each
 * implement BrowserHarness, so a scenario written once (tests/browser-scenarios/) runs in both.
 *
 * ```ts
 * const env = useBrowser(kind);                                  // fixtures.ts: launch and close registered
 * const { page, tabId } = await env.browser.openPage(url);       // a web page and its tabs.* id
 * expect(await env.browser.waitForBadge(tabId)).toEqual(...);    // text, [r, g, b, a], title
 * const popup = await env.browser.clickAction(page);             // the real toolbar popup (popup-page.ts)
 * expect(await popup.verdict()).toMatch(/Blocked/);
 * ```
 *
 * Every function handed to `evaluate` is serialised with its source: it may not close over test
 * variables; pass them as `arg` (it must survive JSON).
 */
import type { browser as WxtBrowser } from 'wxt/browser';
import type { MessageType, ProtocolMap } from '../../lib/protocol/messages';
import type { PopupPage } from './popup-page';
import { pollFor, waitForText } from './wait';

export type BrowserKind = 'chromium' | 'firefox';

export const BROWSER_KINDS: readonly BrowserKind[] = ['chromium', 'firefox'];

export interface BadgeState {
  readonly text: string;
  /** [r, g, b, a] */
  readonly color: readonly number[];
  readonly title: string;
}

/** A badge that shows a verdict: not empty and not "checking". */
export const isSettled = (badge: BadgeState): boolean => badge.text !== '' && badge.text !== '…';

/** Firefox's MV2 toolbar button API, promise-based (wxt's types describe Chrome's callbacks). */
export interface FirefoxBrowserAction {
  getBadgeText(details: { tabId: number }): Promise<string>;
  /** [r, g, b, a] */
  getBadgeBackgroundColor(details: { tabId: number }): Promise<number[]>;
  getTitle(details: { tabId: number }): Promise<string>;
  /** Opens the toolbar popup for the active tab of the current window. */
  openPopup(): Promise<void>;
}

/** An extension page's window as getViews returns it (the parts tests read). */
export interface ExtensionView {
  readonly document: Document;
  readonly location: Location;
  close(): void;
}

/** The WebExtension API as the extension's own code sees it (`chrome` in Chromium, `browser` in Firefox). */
export type WebExtensionApi = Omit<typeof WxtBrowser, 'browserAction' | 'extension'> & {
  /** Firefox only (MV2). */
  readonly browserAction: FirefoxBrowserAction;
  readonly extension: { getViews(filter: { type: 'popup' | 'tab' }): ExtensionView[] };
};

/**
 * A page in either browser: a web page, an extension page in a tab, or the toolbar popup. Reads
 * and clicks go through the page's DOM or, where the driver has the page, through the driver.
 */
export interface TestPage {
  /** innerText of the first element matching `selector`, or null. */
  text(selector: string): Promise<string | null>;
  /**
   * Waits (default 15 s) until `selector` matches an element whose innerText matches `pattern`
   * (default: anything, the empty text too) and returns that text.
   */
  waitFor(selector: string, pattern?: RegExp, timeoutMs?: number): Promise<string>;
  /** Clicks the first match of `selector`: a real click where the driver has the page, else the DOM's click(). */
  click(selector: string): Promise<void>;
  /** Types `text` into the first match of `selector`, key by key where the driver has the page. */
  type(selector: string, text: string): Promise<void>;
  /** Evaluates `fn(arg)` in the page (serialised with its source). */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** Makes this page's tab the active one (a user gesture for the clipboard, a target for the toolbar). */
  bringToFront(): Promise<void>;
  close(): Promise<void>;
}

/** A file as a user picks it in a file input. */
export interface PickedFile {
  readonly name: string;
  readonly mimeType: string;
  readonly content: string;
}

/**
 * A page in a tab of its own (a web page or an extension page): the driver has it, so keys,
 * form controls and files go through the browser as a user's would.
 */
export interface TabPage extends TestPage {
  /** Presses a key or a chord on the focused element, as a user does: `Enter`, `Control+End`. */
  press(key: string): Promise<void>;
  /** Types `text` into the focused element, key by key. */
  typeKeys(text: string): Promise<void>;
  /** Chooses the option whose value is `value` in the first `<select>` matching `selector`. */
  select(selector: string, value: string): Promise<void>;
  /** Gives the first file input matching `selector` a file, as if the user had picked it. */
  pickFile(selector: string, file: PickedFile): Promise<void>;
  /** Reloads the page and waits for its document. */
  reload(): Promise<void>;
  /** The page's address now. */
  url(): string;
}

/** How `openPage` meets a page. */
export interface OpenPageOptions {
  /**
   * false: the page is expected not to load (a refused connection); the browser shows its error
   * page, which cannot be titled, so the tab is found by its address. Default true.
   */
  readonly loads?: boolean;
}

export interface BrowserHarness {
  readonly kind: BrowserKind;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>` */
  readonly extensionOrigin: string;
  /** Opens `url` in a new tab and returns the page with its `tabs` id. */
  openPage(url: string, options?: OpenPageOptions): Promise<{ page: TabPage; tabId: number }>;
  /** Opens an extension page (`workbench.html?origin=…`, `options.html`) in a new tab, loaded. */
  openExtensionPage(path: string): Promise<TabPage>;
  /** Opens `popup.html?tab=<id>` in a new tab (the "pop out" view), loaded. */
  openPopupForTab(tabId: number): Promise<PopupPage>;
  /** Activates `page`'s tab and opens the real toolbar popup for it. */
  clickAction(page: TestPage): Promise<PopupPage>;
  /** The `tabs` id of the only tab showing `url`. */
  tabIdOfUrl(url: string): Promise<number>;
  /** Badge text, colour and title the extension set for a tab. */
  badge(tabId: number): Promise<BadgeState>;
  /**
   * Waits (default 10 s) until the badge satisfies `until` (default: settled, neither empty nor "…").
   * The worker sets title and colour before the text: wait on the text to see a whole new badge.
   */
  waitForBadge(tabId: number, until?: (badge: BadgeState) => boolean, timeoutMs?: number): Promise<BadgeState>;
  /** Sends a protocol message (lib/protocol/messages.ts) from an extension page, as the popup does; throws on an error reply. */
  call<T extends MessageType>(type: T, payload: ProtocolMap[T]['request']): Promise<ProtocolMap[T]['response']>;
  /**
   * Evaluates `fn(api, arg)` in the extension's background (Chromium's service worker, Firefox's
   * background page through an extension page), where `api` is the WebExtension API.
   */
  evaluateInExtension<T, A = undefined>(fn: (ext: WebExtensionApi, arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  close(): Promise<void>;
}

/** Returns an expression that calls `fn`'s source with `head` (an expression) and `arg` (as JSON). */
export function callSource(fn: (...args: never[]) => unknown, head: string | null, arg: unknown): string {
  const json = arg === undefined ? 'undefined' : JSON.stringify(arg);
  return `(${fn.toString()})(${head === null ? json : `${head}, ${json}`})`;
}

/** Polls the badge until `until` holds; the timeout says the last badge seen. */
export async function waitForBadgeOf(
  badge: (tabId: number) => Promise<BadgeState>,
  tabId: number,
  until: (b: BadgeState) => boolean = isSettled,
  timeoutMs = 10_000,
): Promise<BadgeState> {
  let last: BadgeState | null = null;
  try {
    return await pollFor(`the badge of tab ${tabId}`, timeoutMs, async () => {
      last = await badge(tabId);
      return until(last) ? last : null;
    });
  } catch (error) {
    throw new Error(`the badge of tab ${tabId} never matched; last: ${JSON.stringify(last)}`, { cause: error });
  }
}

/** Scripts run in the page to read and drive it, the same in both browsers. */
export const domScripts = {
  text: (selector: string) => document.querySelector<HTMLElement>(selector)?.innerText ?? null,
  click: (selector: string) => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el === null) throw new Error(`nothing matches ${selector}`);
    el.click();
  },
  type: ({ selector, text }: { selector: string; text: string }) => {
    const el = document.querySelector<HTMLInputElement>(selector);
    if (el === null) throw new Error(`nothing matches ${selector}`);
    el.focus();
    el.value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  },
};

/** Builds TestPage.waitFor from a page's `text`. */
export function waitForIn(
  text: (selector: string) => Promise<string | null>,
): (selector: string, pattern?: RegExp, timeoutMs?: number) => Promise<string> {
  return (selector, pattern = /[\s\S]*/, timeoutMs = 15_000) =>
    waitForText(selector, () => text(selector), pattern, timeoutMs);
}
