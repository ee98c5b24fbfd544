/**
 * The real-browser harness for Firefox: the built add-on (`.output/firefox-mv2`) installed as a
 * temporary add-on in Firefox ESR, driven by puppeteer-core over WebDriver BiDi (no geckodriver).
 * It keeps the Chromium harness's names (harness.ts: openPage, tabIdOf, openPopupForTab,
 * clickAction, badge, close) and adds what Firefox needs or tests keep asking for:
 *
 * ```ts
 * const harness = await launchFirefox();                    // fresh profile, add-on installed
 * const { page, tabId } = await harness.openPage(url);       // a web page and its tabs.* id
 * const badge = await harness.waitForBadge(tabId);           // text, [r, g, b, a], title
 * const popup = await harness.clickAction(page);             // the real toolbar popup
 * await popup.waitFor('[data-testid="verdict"]');
 * const options = await harness.openOptions();               // any extension page, as a tab
 * const settings = await harness.call('getSettings', {});    // a protocol message, as the popup sends it
 * await harness.close();
 * ```
 *
 * What differs from Chromium (see docs/architecture.md, Toolchain):
 * - The background is an MV2 background page, not a service worker: `evaluate(fn)` runs `fn` in an
 *   extension page kept open for the harness (the options page), with the WebExtension API as its
 *   first argument, typed like wxt's `browser`.
 * - BiDi reports no load events for `moz-extension://` pages: openExtensionPage polls readyState,
 *   and `page.url()` stays `about:blank` there.
 * - The toolbar popup is opened with `browserAction.openPopup()` for the active tab and read
 *   through `extension.getViews({ type: 'popup' })`: FirefoxPopupHandle.evaluate runs `fn` in the
 *   harness's extension page with the popup's `window` and `document` bound in its scope.
 * createFirefoxBrowser puts it behind the interface both browsers implement (browser.ts).
 * One Firefox per test file: a launch costs seconds.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import type { MessageType, ProtocolMap, Reply } from '../../lib/protocol/messages';
import {
  type BadgeState,
  type BrowserHarness,
  callSource,
  domScripts,
  type TabPage,
  type TestPage,
  waitForBadgeOf,
  waitForIn,
  type WebExtensionApi,
} from './browser';
import { findFirefox } from './firefox';
import { REPO_ROOT } from './harness';
import { createPopupPage } from './popup-page';
import { pollFor } from './wait';

export type { BadgeState, ExtensionView, WebExtensionApi } from './browser';

export const FIREFOX_BUILD_DIR = join(REPO_ROOT, '.output', 'firefox-mv2');

/** The extension's host (`moz-extension://<uuid>`), pinned so URLs are known before launch. */
export const FIREFOX_EXTENSION_UUID = '7b0e4a52-3c1d-4f8e-9a6b-5d2c1e0f9a38';

export interface FirefoxLaunchOptions {
  /** The unpacked add-on; `.output/firefox-mv2` by default. */
  readonly extensionDir?: string;
  /** Extra about:config preferences for the profile. */
  readonly prefs?: Readonly<Record<string, unknown>>;
}

/**
 * The real toolbar popup, read through `extension.getViews` from the harness's extension page:
 * `evaluate(fn)` runs `fn` there with the popup's `window`, `document`, `location`, `navigator`,
 * `getComputedStyle`, `requestAnimationFrame`, `Event` and `KeyboardEvent` in scope, so the same
 * function reads either browser's popup. Clicks and typing go through its DOM.
 */
export type FirefoxPopupHandle = TestPage;

export interface FirefoxHarness {
  readonly browser: Browser;
  /** The add-on's id (`browser_specific_settings.gecko.id`). */
  readonly extensionId: string;
  /** `moz-extension://<uuid>` */
  readonly extensionOrigin: string;
  /**
   * Evaluates `fn(browser, arg)` in an extension page, where `browser` is the WebExtension API.
   * `fn` is serialised with its source; `arg` must survive JSON.
   */
  evaluate<T, A = undefined>(fn: (ext: WebExtensionApi, arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** Sends a protocol message (lib/protocol/messages.ts) as the popup does; throws on an error reply. */
  call<T extends MessageType>(type: T, payload: ProtocolMap[T]['request']): Promise<ProtocolMap[T]['response']>;
  /** Opens `url` in a new tab and returns the page with its `tabs` id. */
  openPage(url: string): Promise<{ page: Page; tabId: number }>;
  /** The `tabs` id of a page (found by a unique title the harness gives it for a moment). */
  tabIdOf(page: Page): Promise<number>;
  /** The `tabs` id of the only tab showing `url` (for error pages, which cannot be titled). */
  tabIdOfUrl(url: string): Promise<number>;
  /** Opens an extension page (`popup.html?tab=3`, `options.html`) in a new tab, loaded. */
  openExtensionPage(path: string): Promise<Page>;
  /** Opens `popup.html?tab=<id>` in a new tab (the "pop out" view), loaded. */
  openPopupForTab(tabId: number): Promise<Page>;
  /** Opens the options page in a new tab, loaded and showing its heading. */
  openOptions(): Promise<Page>;
  /** Activates `page`'s tab and opens the real toolbar popup for it (browserAction.openPopup). */
  clickAction(page: Page): Promise<FirefoxPopupHandle>;
  /** Badge text, colour and title the add-on set for a tab, read through browserAction. */
  badge(tabId: number): Promise<BadgeState>;
  /**
   * Waits (default 10 s) until the badge satisfies `until` (default: settled, neither empty nor "…").
   * The worker sets title and colour before the text: wait on the text to see a whole new badge.
   */
  waitForBadge(tabId: number, until?: (badge: BadgeState) => boolean, timeoutMs?: number): Promise<BadgeState>;
  /** Closes Firefox and removes the temporary profile. */
  close(): Promise<void>;
}

/** Launches Firefox with a fresh profile and installs the built add-on. Throws, saying what to do, when Firefox or the build is missing. */
export async function launchFirefox(options: FirefoxLaunchOptions = {}): Promise<FirefoxHarness> {
  const extensionDir = options.extensionDir ?? FIREFOX_BUILD_DIR;
  const manifestPath = join(extensionDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `no built add-on at ${extensionDir}: run \`npx wxt build -b firefox\` first (npm run test:e2e:firefox does).`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const geckoId = manifest.browser_specific_settings?.gecko?.id;
  if (geckoId === undefined) throw new Error(`${manifestPath} has no browser_specific_settings.gecko.id`);
  const executablePath = findFirefox();
  if (!executablePath) {
    throw new Error('no Firefox found: run `node tests/support/ensure-firefox.mjs` or set FIREFOX_PATH.');
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'robotscope-firefox-'));
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      headless: true,
      executablePath,
      userDataDir,
      // Without it, BiDi may not navigate a tab to moz-extension:// ("not allowed in this context").
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: FIREFOX_EXTENSION_UUID }),
        ...options.prefs,
      },
    });
    const installed = await browser.installExtension(extensionDir);
    if (installed !== geckoId) throw new Error(`installed add-on ${installed}, expected ${geckoId}`);
    const harness = await createHarness(browser, geckoId, userDataDir);
    // The background page answers only once its script has run and added its webRequest listeners:
    // pages opened from here on are seen from their first request.
    await harness.call('getSettings', {});
    return harness;
  } catch (error) {
    await browser?.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

async function createHarness(firefox: Browser, extensionId: string, userDataDir: string): Promise<FirefoxHarness> {
  const extensionOrigin = `moz-extension://${FIREFOX_EXTENSION_UUID}`;
  let markerCounter = 0;

  async function openExtensionPage(path: string): Promise<Page> {
    const page = await firefox.newPage();
    // No load events come for extension pages: navigate without waiting, then poll.
    await page.goto(`${extensionOrigin}/${path.replace(/^\//, '')}`, { waitUntil: [] });
    await pollFor(`${path} to load`, 15_000, () =>
      page.evaluate(() => (location.protocol === 'moz-extension:' && document.readyState === 'complete') || null),
    );
    return page;
  }

  // The page every evaluate runs in: the options page in a tab of its own, never brought to the front again.
  const helper = await openExtensionPage('options.html');
  await pollFor('the WebExtension API in the helper page', 10_000, () =>
    helper.evaluate(`(typeof browser === 'object' && browser.runtime !== undefined) || null`),
  );

  function evaluate<T, A = undefined>(fn: (ext: WebExtensionApi, arg: A) => T | Promise<T>, arg?: A): Promise<T> {
    return helper.evaluate(callSource(fn, 'browser', arg)) as Promise<T>;
  }

  async function call<T extends MessageType>(
    type: T,
    payload: ProtocolMap[T]['request'],
  ): Promise<ProtocolMap[T]['response']> {
    const reply = await evaluate<Reply<ProtocolMap[T]['response']>, { type: T; payload: unknown }>(
      (ext, message) => ext.runtime.sendMessage(message),
      { type, payload },
    );
    if (!reply.ok) throw new Error(`${type} failed: ${reply.error.code}: ${reply.error.message}`);
    return reply.value;
  }

  async function tabIdOf(page: Page): Promise<number> {
    const marker = `robotscope-marker-${process.pid}-${++markerCounter}`;
    const original = await page.evaluate((m) => {
      const before = document.title;
      document.title = m;
      return before;
    }, marker);
    try {
      return await pollFor(`the tab titled ${marker}`, 5_000, async () => {
        const ids = await evaluate(
          async (ext, title) => (await ext.tabs.query({})).filter((t) => t.title === title).map((t) => t.id),
          marker,
        );
        return ids.length === 1 ? ids[0] : null;
      });
    } finally {
      await page.evaluate((t) => void (document.title = t), original).catch(() => undefined);
    }
  }

  function tabIdOfUrl(url: string): Promise<number> {
    // A query pattern with a port matches nothing in Firefox: filter the URLs here.
    return pollFor(`the tab showing ${url}`, 5_000, async () => {
      const ids = await evaluate(
        async (ext, u) => (await ext.tabs.query({})).filter((t) => t.url === u).map((t) => t.id),
        url,
      );
      return ids.length === 1 ? ids[0] : null;
    });
  }

  async function openPage(url: string): Promise<{ page: Page; tabId: number }> {
    const page = await firefox.newPage();
    await page.goto(url);
    return { page, tabId: await tabIdOf(page) };
  }

  async function openOptions(): Promise<Page> {
    const page = await openExtensionPage('options.html');
    await pollFor('the options page heading', 10_000, () =>
      page.evaluate(() => document.querySelector('h1')?.textContent?.includes('Robotscope settings') || null),
    );
    return page;
  }

  async function badge(tabId: number): Promise<BadgeState> {
    return evaluate(async (ext, id) => {
      const action = ext.browserAction;
      const [text, color, title] = await Promise.all([
        action.getBadgeText({ tabId: id }),
        action.getBadgeBackgroundColor({ tabId: id }),
        action.getTitle({ tabId: id }),
      ]);
      return { text, color: [...color], title };
    }, tabId);
  }

  const waitForBadge = (tabId: number, until?: (b: BadgeState) => boolean, timeoutMs?: number) =>
    waitForBadgeOf(badge, tabId, until, timeoutMs);

  function popupCount(): Promise<number> {
    return evaluate((ext) => ext.extension.getViews({ type: 'popup' }).length);
  }

  async function clickAction(page: Page): Promise<FirefoxPopupHandle> {
    await page.bringToFront();
    const tabId = await tabIdOf(page);
    await pollFor(`tab ${tabId} to be the active tab`, 5_000, () =>
      evaluate(
        async (ext, id) => (await ext.tabs.query({ active: true, currentWindow: true }))[0]?.id === id || null,
        tabId,
      ),
    );
    if ((await popupCount()) > 0) throw new Error('a toolbar popup is already open: close it first');
    await evaluate((ext) => ext.browserAction.openPopup());
    await pollFor('the toolbar popup to open and load', 10_000, () =>
      evaluate((ext) => {
        const [view] = ext.extension.getViews({ type: 'popup' });
        return (view !== undefined && view.document.readyState === 'complete') || null;
      }),
    );
    return popupHandle();
  }

  function popupHandle(): FirefoxPopupHandle {
    // The popup's globals, bound in a scope around the function's source (see FirefoxPopupHandle).
    const scope =
      'const [window] = browser.extension.getViews({ type: "popup" }); ' +
      'if (!window) throw new Error("no toolbar popup is open"); ' +
      'const { document, location, navigator, Event, KeyboardEvent } = window; ' +
      'const getComputedStyle = window.getComputedStyle.bind(window); ' +
      'const requestAnimationFrame = window.requestAnimationFrame.bind(window);';
    function evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> {
      return helper.evaluate(`(async () => { ${scope} return ${callSource(fn, null, arg)}; })()`) as Promise<T>;
    }
    const text = (selector: string) => evaluate(domScripts.text, selector);
    return {
      evaluate,
      text,
      waitFor: waitForIn(text),
      click: (selector) => evaluate(domScripts.click, selector),
      type: (selector, value) => evaluate(domScripts.type, { selector, text: value }),
      // The toolbar popup belongs to the active tab: it is in front while it is open.
      bringToFront: async () => undefined,
      close: async () => {
        await evaluate(() => window.close()).catch(() => undefined);
        await pollFor('the toolbar popup to close', 5_000, async () => ((await popupCount()) === 0 ? true : null));
      },
    };
  }

  return {
    browser: firefox,
    extensionId,
    extensionOrigin,
    evaluate,
    call,
    openPage,
    tabIdOf,
    tabIdOfUrl,
    openExtensionPage,
    openPopupForTab: (tabId) => openExtensionPage(`popup.html?tab=${tabId}`),
    openOptions,
    clickAction,
    badge,
    waitForBadge,
    close: async () => {
      await firefox.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Presses `chord` (`Enter`, `Control+End`) on puppeteer's keyboard: modifiers down, the key, modifiers up. */
async function pressChord(page: Page, chord: string): Promise<void> {
  const keys = chord.split('+') as KeyInput[];
  const key = keys.pop() as KeyInput;
  for (const modifier of keys) await page.keyboard.down(modifier);
  await page.keyboard.press(key);
  for (const modifier of keys.reverse()) await page.keyboard.up(modifier);
}

/** Returns the common page interface for a puppeteer page; `natives` finds the page again. */
function wrapPage(page: Page, natives: WeakMap<TestPage, Page>): TabPage {
  const text = (selector: string) => page.evaluate(domScripts.text, selector);
  /** Folders of picked files: the page reads a picked file lazily, so they go when the page closes. */
  const picked: string[] = [];
  const wrapped: TabPage = {
    text,
    waitFor: waitForIn(text),
    click: (selector) => page.click(selector),
    type: (selector, value) => page.type(selector, value),
    evaluate: <T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A) =>
      page.evaluate(callSource(fn, null, arg)) as Promise<T>,
    bringToFront: () => page.bringToFront(),
    close: async () => {
      await page.close();
      for (const folder of picked.splice(0)) rmSync(folder, { recursive: true, force: true });
    },
    press: (chord) => pressChord(page, chord),
    typeKeys: (value) => page.keyboard.type(value),
    select: async (selector, value) => {
      await page.select(selector, value);
    },
    pickFile: async (selector, file) => {
      // Over WebDriver BiDi a file input takes a path: the file is written to a folder of its own.
      const folder = mkdtempSync(join(tmpdir(), 'robotscope-pick-'));
      picked.push(folder);
      const path = join(folder, file.name);
      writeFileSync(path, file.content);
      const input = await page.$(selector);
      if (input === null) throw new Error(`no file input matches ${selector}`);
      await (input as ElementHandle<HTMLInputElement>).uploadFile(path);
    },
    reload: async () => {
      // Firefox sends no load event for extension pages over BiDi: wait for nothing, then for the document.
      await page.reload({ waitUntil: [] });
      await page.waitForFunction(() => document.readyState !== 'loading');
    },
    url: () => page.url(),
  };
  natives.set(wrapped, page);
  return wrapped;
}

/** Returns the Firefox harness behind the interface both browsers implement (browser.ts). */
export function createFirefoxBrowser(harness: FirefoxHarness): BrowserHarness {
  const natives = new WeakMap<TestPage, Page>();
  return {
    kind: 'firefox',
    extensionOrigin: harness.extensionOrigin,
    openPage: async (url, options = {}) => {
      if (options.loads !== false) {
        const { page, tabId } = await harness.openPage(url);
        return { page: wrapPage(page, natives), tabId };
      }
      const page = await harness.browser.newPage();
      // Firefox shows its error page, and sends no load event for about: pages over BiDi.
      await page.goto(url, { waitUntil: [] }).catch(() => undefined);
      return { page: wrapPage(page, natives), tabId: await harness.tabIdOfUrl(url) };
    },
    openExtensionPage: async (path) => wrapPage(await harness.openExtensionPage(path), natives),
    openPopupForTab: async (tabId) => createPopupPage(wrapPage(await harness.openPopupForTab(tabId), natives)),
    clickAction: async (page) => {
      const native = natives.get(page);
      if (native === undefined) throw new Error('clickAction needs a page this harness opened');
      return createPopupPage(await harness.clickAction(native));
    },
    tabIdOfUrl: (url) => harness.tabIdOfUrl(url),
    badge: (tabId) => harness.badge(tabId),
    waitForBadge: (tabId, until, timeoutMs) => harness.waitForBadge(tabId, until, timeoutMs),
    call: (type, payload) => harness.call(type, payload),
    evaluateInExtension: (fn, arg) => harness.evaluate(fn, arg),
    close: () => harness.close(),
  };
}
