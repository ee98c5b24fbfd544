/**
 * The real-browser tests' fixtures: each `useX()` registers `beforeAll` to start a thing and
 * `afterAll` to close it, and returns a stand-in that reads through to it once started.
 *
 * ```ts
 * describe('…', () => {
 *   const demo = useDemo();                 // the demo site on free ports
 *   const browser = useBrowser('firefox');  // the built extension in a browser (browser.ts)
 *   it('…', async () => { await browser.openPage(`${demo.sites.blocked.origin}/`); });
 * });
 * ```
 * Vitest runs `afterAll` hooks in the reverse order of registration: the browser closes before
 * the demo site it was reading.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BrowserKind } from './browser';
import { type RunningDemo, startDemoSite } from './demo-site';
import { createFirefoxBrowser, type FirefoxHarness, type FirefoxLaunchOptions, launchFirefox } from './firefox-harness';
import { createChromiumBrowser, type ExtensionHarness, launchExtension, type LaunchOptions } from './harness';
import { type ScannedHarness, withWordsScan } from './words-scan';

interface Closable {
  close(): Promise<void>;
}

const holders = new WeakMap<object, { current: Closable | undefined }>();

/**
 * Registers `start` in `beforeAll` and the result's `close` in `afterAll`; returns a stand-in for
 * the result (a proxy reading through to it). `replaceStarted` swaps what it stands for.
 */
export function useStarted<T extends Closable>(what: string, start: () => Promise<T>): T {
  const holder: { current: Closable | undefined } = { current: undefined };
  const standIn = new Proxy({} as T, {
    get: (_target, key) => {
      if (holder.current === undefined) throw new Error(`${what} is used before beforeAll started it`);
      return Reflect.get(holder.current, key) as unknown;
    },
  });
  holders.set(standIn, holder);
  beforeAll(async () => {
    holder.current = await start();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return standIn;
}

/** Makes a stand-in from `useStarted` stand for `next` (a restarted browser); `afterAll` closes `next`. */
export function replaceStarted<T extends Closable>(standIn: T, next: T): void {
  const holder = holders.get(standIn);
  if (holder === undefined) throw new Error('replaceStarted takes a stand-in made by a useX() fixture');
  holder.current = next;
}

/** The demo site (demo-site.ts) on free ports, for the tests of this `describe`. */
export const useDemo = (): RunningDemo => useStarted('the demo site', () => startDemoSite());

/** The built extension in Chromium, driven by its own harness (harness.ts), for Chromium-only tests. */
export const useChromium = (options?: LaunchOptions): ExtensionHarness =>
  useStarted('Chromium', () => launchExtension(options));

/** The built add-on in Firefox, driven by its own harness (firefox-harness.ts), for Firefox-only tests. */
export const useFirefox = (options?: FirefoxLaunchOptions): FirefoxHarness =>
  useStarted('Firefox', () => launchFirefox(options));

/**
 * The built extension in `kind`, behind the interface both browsers implement (browser.ts). Every
 * extension page and popup it opens is read for wording faults (words-scan.ts): a test whose pages
 * showed one fails after it ends, with each fault's page, state and words.
 */
export function useBrowser(kind: BrowserKind): ScannedHarness {
  const harness = useStarted(kind === 'chromium' ? 'Chromium' : 'Firefox', async () =>
    withWordsScan(
      kind === 'chromium'
        ? createChromiumBrowser(await launchExtension())
        : createFirefoxBrowser(await launchFirefox()),
    ),
  );
  afterEach(() => {
    const faults = harness.takeWordFaults();
    if (faults.length > 0) {
      throw new Error(`the pages this test reached in ${kind} have wording faults:\n${faults.join('\n')}`);
    }
  });
  return harness;
}
