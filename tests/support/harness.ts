/**
 * The real-browser harness: the built extension loaded into Chromium with playwright-core.
 * Launch, find the extension and a page's tab id, open the popup for a tab (as a page or through
 * the real toolbar click), read and screenshot it, stop the service worker, restart the browser.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page, type Worker } from 'playwright-core';
import {
  type BadgeState,
  type BrowserHarness,
  callSource,
  domScripts,
  type TabPage,
  type TestPage,
  waitForBadgeOf,
  waitForIn,
} from './browser';
import type { ProtocolMap, Reply } from '../../lib/protocol/messages';
import { chromiumFlags, findChromium } from './chromium';
import { createPopupPage } from './popup-page';
import { pollFor } from './wait';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const CHROME_BUILD_DIR = join(REPO_ROOT, '.output', 'chrome-mv3');

export interface LaunchOptions {
  /** Profile folder; a fresh temporary one by default (removed on close). */
  readonly userDataDir?: string;
  /** The unpacked extension; `.output/chrome-mv3` by default. */
  readonly extensionDir?: string;
}

export type { BadgeState } from './browser';

/**
 * The real toolbar popup, reached through the browser's CDP session (Playwright does not list it
 * among its pages): clicks and typing go through its DOM.
 */
export interface PopupHandle extends TestPage {
  /** The popup page's target id. */
  readonly targetId: string;
  screenshot(path: string): Promise<void>;
}

export interface ExtensionHarness {
  readonly context: BrowserContext;
  readonly extensionId: string;
  readonly userDataDir: string;
  /** The extension's current service worker (waits for it to start when it is stopped). */
  serviceWorker(): Promise<Worker>;
  /** Opens `url` in a new tab and returns the page with its `chrome.tabs` id. */
  openPage(url: string): Promise<{ page: Page; tabId: number }>;
  /** The `chrome.tabs` id of a page. */
  tabIdOf(page: Page): Promise<number>;
  /** Opens `popup.html?tab=<id>` in a new tab (the "pop out" view) and waits for it to load. */
  openPopupForTab(tabId: number): Promise<Page>;
  /** Activates `page`'s tab and clicks the toolbar icon for real; resolves with the opened popup. */
  clickAction(page: Page): Promise<PopupHandle>;
  /** Badge text, colour and title the extension set for a tab. */
  badge(tabId: number): Promise<BadgeState>;
  /** Stops the extension's service worker, as Chromium does when it is idle. */
  stopServiceWorker(): Promise<void>;
  /** Closes the browser and starts it again on the same profile. */
  restartBrowser(): Promise<ExtensionHarness>;
  close(): Promise<void>;
}

/** Launches Chromium with the built extension. Throws, saying what to do, when Chromium or the build is missing. */
export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHarness> {
  const extensionDir = options.extensionDir ?? CHROME_BUILD_DIR;
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`no built extension at ${extensionDir}: run \`npx wxt build\` first (npm run test:e2e does).`);
  }
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('no Chromium found: run `node tests/support/ensure-chromium.mjs` or set CHROMIUM_PATH.');
  }
  const ownsProfile = options.userDataDir === undefined;
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'robotscope-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: chromiumFlags({ headless: true, extensionDir }),
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    // The worker is reported once it exists, maybe before its script has run and added its
    // listeners; an evaluation runs after that script, so pages opened next are seen from the start.
    await worker.evaluate(() => true);
    const extensionId = new URL(worker.url()).host;
    return createHarness(context, extensionId, userDataDir, { ...options, extensionDir }, ownsProfile);
  } catch (error) {
    await context.close();
    throw new Error('the extension did not start its service worker', { cause: error });
  }
}

function createHarness(
  context: BrowserContext,
  extensionId: string,
  userDataDir: string,
  options: LaunchOptions,
  ownsProfile: boolean,
): ExtensionHarness {
  const extensionOrigin = `chrome-extension://${extensionId}`;
  let browserSession: CDPSession | undefined;
  let markerCounter = 0;

  async function getBrowserSession(): Promise<CDPSession> {
    const browser = context.browser();
    if (!browser) throw new Error('this Playwright context has no browser-level CDP session');
    browserSession ??= await browser.newBrowserCDPSession();
    return browserSession;
  }

  /** Runs `use` with a CDP session on an extension page (the ServiceWorker domain needs one). */
  async function withExtensionPageSession<T>(use: (session: CDPSession) => Promise<T>): Promise<T> {
    const page = await context.newPage();
    try {
      await page.goto(`${extensionOrigin}/manifest.json`);
      const session = await context.newCDPSession(page);
      await session.send('ServiceWorker.enable');
      return await use(session);
    } finally {
      await page.close();
    }
  }

  async function isWorkerRunning(): Promise<boolean> {
    const { targetInfos } = await (await getBrowserSession()).send('Target.getTargets');
    return targetInfos.some((t) => t.type === 'service_worker' && t.url.startsWith(extensionOrigin));
  }

  async function serviceWorker(): Promise<Worker> {
    if (!(await isWorkerRunning())) {
      await withExtensionPageSession((session) =>
        session.send('ServiceWorker.startWorker', { scopeURL: `${extensionOrigin}/` }),
      );
    }
    // Playwright keeps one Worker object for the extension's worker across stops and starts.
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith(extensionOrigin)) ??
      (await context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith(extensionOrigin),
        timeout: 15_000,
      }));
    await pollFor('the service worker to answer', 10_000, () => worker.evaluate(() => true));
    return worker;
  }

  /** Marks the page with a unique title so the tab can be found both by `chrome.tabs` and by CDP. */
  async function withMarkedTitle<T>(page: Page, use: (marker: string) => Promise<T>): Promise<T> {
    const marker = `robotscope-marker-${process.pid}-${++markerCounter}`;
    const original = await page.evaluate((m) => {
      const before = document.title;
      document.title = m;
      return before;
    }, marker);
    try {
      return await use(marker);
    } finally {
      await page.evaluate((t) => void (document.title = t), original).catch(() => undefined);
    }
  }

  async function tabIdOf(page: Page): Promise<number> {
    return withMarkedTitle(page, async (marker) => {
      const worker = await serviceWorker();
      return pollFor(`the tab titled ${marker}`, 5_000, async () => {
        const ids = await worker.evaluate(
          async (title) => (await chrome.tabs.query({ title })).map((t) => t.id),
          marker,
        );
        return ids.length === 1 ? ids[0] : null;
      });
    });
  }

  async function tabTargetIdOf(page: Page): Promise<string> {
    return withMarkedTitle(page, async (marker) => {
      const session = await getBrowserSession();
      return pollFor(`the tab target titled ${marker}`, 5_000, async () => {
        const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
        return targetInfos.find((t) => t.title === marker)?.targetId ?? null;
      });
    });
  }

  async function openPage(url: string): Promise<{ page: Page; tabId: number }> {
    const page = await context.newPage();
    await page.goto(url);
    return { page, tabId: await tabIdOf(page) };
  }

  async function openPopupForTab(tabId: number): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${extensionOrigin}/popup.html?tab=${tabId}`);
    return page;
  }

  async function clickAction(page: Page): Promise<PopupHandle> {
    await page.bringToFront();
    const targetId = await tabTargetIdOf(page);
    const session = await getBrowserSession();
    const popupUrl = `${extensionOrigin}/popup.html`;
    const before = new Set(
      (await session.send('Target.getTargets')).targetInfos
        .filter((t) => t.url.startsWith(popupUrl))
        .map((t) => t.targetId),
    );
    await session.send('Extensions.triggerAction', { id: extensionId, targetId });
    const popupTargetId = await pollFor('the popup to open', 5_000, async () => {
      const { targetInfos } = await session.send('Target.getTargets');
      return targetInfos.find((t) => t.type === 'page' && t.url.startsWith(popupUrl) && !before.has(t.targetId))
        ?.targetId;
    });
    return attachPopup(session, popupTargetId);
  }

  async function badge(tabId: number): Promise<BadgeState> {
    const worker = await serviceWorker();
    return worker.evaluate(async (id) => {
      const [text, color, title] = await Promise.all([
        chrome.action.getBadgeText({ tabId: id }),
        chrome.action.getBadgeBackgroundColor({ tabId: id }),
        chrome.action.getTitle({ tabId: id }),
      ]);
      return { text, color: [...color], title };
    }, tabId);
  }

  async function stopServiceWorker(): Promise<void> {
    // The worker may start again at once (opening the helper page is a tab event it listens to),
    // so wait for the "stopped" state itself rather than for its absence.
    await withExtensionPageSession(async (session) => {
      const stopped = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the service worker did not stop within 10 s')), 10_000);
        session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (versions.some((v) => v.scriptURL.startsWith(extensionOrigin) && v.runningStatus === 'stopped')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      await session.send('ServiceWorker.stopAllWorkers');
      await stopped;
    });
  }

  async function close(): Promise<void> {
    await context.close();
    if (ownsProfile) rmSync(userDataDir, { recursive: true, force: true });
  }

  async function restartBrowser(): Promise<ExtensionHarness> {
    await context.close();
    const next = await launchExtension({ ...options, userDataDir });
    if (!ownsProfile) return next;
    // The restarted harness owns the temporary profile now.
    return {
      ...next,
      close: async () => {
        await next.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  }

  return {
    context,
    extensionId,
    userDataDir,
    serviceWorker,
    openPage,
    tabIdOf,
    openPopupForTab,
    clickAction,
    badge,
    stopServiceWorker,
    restartBrowser,
    close,
  };
}

/**
 * Attaches to a popup target through the browser session. Playwright does not list the toolbar
 * popup among its pages, so commands go through Target.sendMessageToTarget.
 */
/** The toolbar popup closed (or was detached) before it answered. */
class PopupClosedError extends Error {
  constructor() {
    super('the popup closed before it answered');
  }
}

async function attachPopup(session: CDPSession, targetId: string): Promise<PopupHandle> {
  const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const onMessage = (event: { sessionId?: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (reply.id === undefined) return;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(reply.error.message));
    else waiter.resolve(reply.result);
  };
  session.on('Target.receivedMessageFromTarget', onMessage);
  // A popup closes itself when it loses focus (a link it opened in a new tab): what it had not
  // answered is answered with an error, never left waiting.
  const onDetached = (event: { sessionId?: string }) => {
    if (event.sessionId !== sessionId) return;
    session.off('Target.detachedFromTarget', onDetached);
    for (const waiter of pending.values()) waiter.reject(new PopupClosedError());
    pending.clear();
  };
  session.on('Target.detachedFromTarget', onDetached);

  function call<T>(method: string, params: object = {}): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      session
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((error: Error) => {
          pending.delete(id);
          reject(error);
        });
    });
  }

  async function evaluateExpression<T>(expression: string): Promise<T> {
    const result = await call<{
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (result.exceptionDetails) {
      throw new Error(
        `popup evaluation failed: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`,
      );
    }
    return result.result.value as T;
  }

  const text = (selector: string) =>
    evaluateExpression<string | null>(
      `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return el ? el.innerText : null; })()`,
    );

  const evaluate = <T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A) =>
    evaluateExpression<T>(callSource(fn, null, arg));
  return {
    targetId,
    evaluate,
    text,
    waitFor: waitForIn(text),
    // A click that closes the popup (a link to a new tab) has done what a user's click does.
    click: (selector) =>
      evaluate(domScripts.click, selector).catch((error: unknown) => {
        if (!(error instanceof PopupClosedError)) throw error;
      }),
    type: (selector, value) => evaluate(domScripts.type, { selector, text: value }),
    // The toolbar popup belongs to the active tab: it is in front while it is open.
    bringToFront: async () => undefined,
    screenshot: async (path: string) => {
      const { data } = await call<{ data: string }>('Page.captureScreenshot', { format: 'png' });
      writeFileSync(path, Buffer.from(data, 'base64'));
    },
    close: async () => {
      session.off('Target.receivedMessageFromTarget', onMessage);
      session.off('Target.detachedFromTarget', onDetached);
      await session.send('Target.closeTarget', { targetId }).catch(() => undefined);
    },
  };
}

/** Returns the common page interface for a Playwright page; `natives` finds the page again. */
function wrapPage(page: Page, natives: WeakMap<TestPage, Page>): TabPage {
  const text = (selector: string) => page.evaluate(domScripts.text, selector);
  const wrapped: TabPage = {
    text,
    waitFor: waitForIn(text),
    click: (selector) => page.locator(selector).first().click(),
    type: (selector, value) => page.locator(selector).first().pressSequentially(value),
    evaluate: <T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A) =>
      page.evaluate<T>(callSource(fn, null, arg)),
    bringToFront: () => page.bringToFront(),
    close: () => page.close(),
    press: (key) => page.keyboard.press(key),
    typeKeys: (value) => page.keyboard.type(value),
    select: async (selector, value) => {
      await page.locator(selector).first().selectOption(value);
    },
    pickFile: (selector, file) =>
      page
        .locator(selector)
        .first()
        .setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.content) }),
    reload: async () => {
      await page.reload();
    },
    url: () => page.url(),
  };
  natives.set(wrapped, page);
  return wrapped;
}

/**
 * Returns the Chromium harness behind the interface both browsers implement (browser.ts).
 * Protocol messages go from an options page the harness opens when first needed.
 */
export function createChromiumBrowser(harness: ExtensionHarness): BrowserHarness {
  const extensionOrigin = `chrome-extension://${harness.extensionId}`;
  const natives = new WeakMap<TestPage, Page>();
  let messenger: Promise<Page> | undefined;

  async function openExtensionPage(path: string): Promise<Page> {
    const page = await harness.context.newPage();
    await page.goto(`${extensionOrigin}/${path.replace(/^\//, '')}`);
    return page;
  }

  async function tabIdOfUrl(url: string): Promise<number> {
    const worker = await harness.serviceWorker();
    return pollFor(`the tab showing ${url}`, 5_000, async () => {
      const ids = await worker.evaluate(
        async (u) => (await chrome.tabs.query({})).filter((t) => t.url === u).map((t) => t.id),
        url,
      );
      return ids.length === 1 ? ids[0] : null;
    });
  }

  const badge = (tabId: number) => harness.badge(tabId);

  return {
    kind: 'chromium',
    extensionOrigin,
    openPage: async (url, options = {}) => {
      if (options.loads !== false) {
        const { page, tabId } = await harness.openPage(url);
        return { page: wrapPage(page, natives), tabId };
      }
      const page = await harness.context.newPage();
      await page.goto(url).catch(() => undefined);
      return { page: wrapPage(page, natives), tabId: await tabIdOfUrl(url) };
    },
    openExtensionPage: async (path) => wrapPage(await openExtensionPage(path), natives),
    openPopupForTab: async (tabId) => createPopupPage(wrapPage(await harness.openPopupForTab(tabId), natives)),
    clickAction: async (page) => {
      const native = natives.get(page);
      if (native === undefined) throw new Error('clickAction needs a page this harness opened');
      return createPopupPage(await harness.clickAction(native));
    },
    tabIdOfUrl,
    badge,
    waitForBadge: (tabId, until, timeoutMs) => waitForBadgeOf(badge, tabId, until, timeoutMs),
    call: async (type, payload) => {
      messenger ??= openExtensionPage('options.html');
      const page = await messenger;
      const reply: Reply<ProtocolMap[typeof type]['response']> = await page.evaluate(
        ([t, p]) => chrome.runtime.sendMessage({ type: t, payload: p }),
        [type, payload] as const,
      );
      if (!reply.ok) throw new Error(`${type} failed: ${reply.error.code}: ${reply.error.message}`);
      return reply.value;
    },
    evaluateInExtension: async <T, A = undefined>(fn: (ext: never, arg: A) => T | Promise<T>, arg?: A) =>
      (await harness.serviceWorker()).evaluate<T>(callSource(fn, 'chrome', arg)),
    close: () => harness.close(),
  };
}
