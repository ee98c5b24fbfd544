/**
 * The popup as a page object, the same in both browsers and in both of its forms (the real
 * toolbar popup, and `popup.html?tab=<id>` in a tab): it reads the popup through its `data-testid`
 * hooks and drives it as a user does.
 */
import type { TestPage } from './browser';
import { waitForText } from './wait';

export const VERDICT = '[data-testid="verdict"]';
/** A verdict that is no longer "checking". */
export const SETTLED = /Allowed|Blocked|does not apply/;

/** The verdict card and fetch section in words, as a user reads them. */
export interface PopupWords {
  /** The verdict card's word (Allowed, Blocked). */
  readonly word: string;
  readonly detail: string;
  /** The card's `tone-*` class: the badge's colour language. */
  readonly tone: string;
  readonly status: string;
  readonly outcome: string;
}

export interface PopupPage {
  /** The page under the popup, for reads this object does not name. */
  readonly page: TestPage;
  /** Waits until the verdict matches `settled` (default: any settled verdict) and returns its text. */
  verdict(settled?: RegExp, timeoutMs?: number): Promise<string>;
  /**
   * Waits for a settled verdict and the sections below it (they load by a dynamic import and
   * mount in the frame after the verdict); returns the verdict's text.
   */
  waitForInspection(settled?: RegExp, timeoutMs?: number): Promise<string>;
  /** innerText of `[data-testid=<testId>]`, or null. */
  byTestId(testId: string): Promise<string | null>;
  /** Chooses `token` in the crawler picker, as a user does (it waits for the picker to mount). */
  pickCrawler(token: string): Promise<void>;
  /** Clicks Make default: the crawler picked in this popup becomes the badge's (it waits for the button). */
  makeDefault(): Promise<void>;
  /** Types `path` into the path tester (it waits for it to mount). */
  testPath(path: string): Promise<void>;
  /** Clicks Pop out. */
  popOut(): Promise<void>;
  /**
   * Clicks Copy report with a real click (a user gesture) and returns what reached the clipboard
   * API (reading the clipboard back needs a permission no automated browser grants an extension).
   */
  copyReport(): Promise<string>;
  /** Waits for the fetch outcome, then reads the verdict card and the fetch section. */
  words(): Promise<PopupWords>;
  close(): Promise<void>;
}

/**
 * Waits until the popup in `page` shows a verdict matching `settled` and the sections below it
 * (they load by a dynamic import and mount in the frame after the verdict); returns the verdict's text.
 */
export async function waitForInspection(
  page: Pick<TestPage, 'text'>,
  settled: RegExp = SETTLED,
  timeoutMs = 15_000,
): Promise<string> {
  const verdict = await waitForText('the verdict', () => page.text(VERDICT), settled, timeoutMs);
  await waitForText('the sections below the verdict', () => page.text('#fetch'), /\S/, timeoutMs);
  return verdict;
}

/** Returns the page object for a popup shown in `page`. */
export function createPopupPage(page: TestPage): PopupPage {
  return {
    page,
    verdict: (settled = SETTLED, timeoutMs = 15_000) =>
      waitForText('the verdict', () => page.text(VERDICT), settled, timeoutMs),
    waitForInspection: (settled, timeoutMs) => waitForInspection(page, settled, timeoutMs),
    byTestId: (testId) => page.text(`[data-testid="${testId}"]`),
    makeDefault: async () => {
      await page.waitFor('[data-testid=make-default]');
      await page.evaluate(() => (document.querySelector('[data-testid=make-default]') as HTMLElement).click(), null);
    },
    pickCrawler: async (token) => {
      await page.waitFor('[data-testid=crawler-select]');
      await page.evaluate((t) => {
        const select = document.querySelector('[data-testid=crawler-select]') as HTMLInputElement;
        select.value = t;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, token);
    },
    testPath: async (path) => {
      await page.waitFor('[data-testid=path-input]');
      await page.evaluate((p) => {
        const input = document.querySelector('[data-testid=path-input]') as HTMLInputElement;
        input.focus();
        input.value = p;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, path);
    },
    popOut: () =>
      page.evaluate(() => {
        [...document.querySelectorAll('button')].find((b) => b.textContent === 'Pop out')?.click();
      }),
    copyReport: async () => {
      // Copy report is enabled once the report can be made (the engine has loaded).
      await page.waitFor('[data-testid="copy-report"]:not([disabled])');
      await page.evaluate(() => {
        const write = navigator.clipboard.writeText.bind(navigator.clipboard);
        const seen: string[] = [];
        (window as unknown as { copied: string[] }).copied = seen;
        navigator.clipboard.writeText = (text: string) => {
          seen.push(text);
          return write(text);
        };
      });
      await page.bringToFront();
      await page.click('[data-testid="copy-report"]');
      await waitForText(
        'the copy to be confirmed',
        () =>
          page.evaluate(
            () => document.querySelector<HTMLElement>('[data-testid="copy-report"]')?.parentElement?.innerText ?? null,
          ),
        /Copied/,
      );
      return page.evaluate(() => (window as unknown as { copied: string[] }).copied.join('\n'));
    },
    words: async () => {
      const outcome = await waitForText('the fetch outcome', () => page.text('[data-testid="fetch-outcome"]'), /\S/);
      const status = (await page.text('[data-testid="fetch-status"]')) ?? '';
      const word = (await page.text('.verdict-word')) ?? '';
      const detail = (await page.text('.verdict-detail')) ?? '';
      const tone = await page.evaluate(
        () => [...(document.querySelector('.verdict-card')?.classList ?? [])].find((c) => c.startsWith('tone-')) ?? '',
      );
      return { word, detail, tone, status, outcome };
    },
    close: () => page.close(),
  };
}
