/**
 * The Indexability section in either browser: the worker's record of the main document's headers
 * (webRequest), the content script's reading of the rendered page, and the popup's verdict per
 * crawler. Run by tests/e2e/indexability-shared.test.ts and tests/e2e-firefox/indexability.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserKind } from '../support/browser';
import { useBrowser, useDemo } from '../support/fixtures';
import type { PopupPage } from '../support/popup-page';
import { until } from '../support/wait';

const SECTION = '[data-testid="indexability"]';
const SETTLED = /Can be indexed|Not indexable|Blocked|Canonicalised|not been read/;

/** The directives the section lists, with where each was read. */
const directives = (popup: PopupPage) =>
  popup.page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=directive]')].map((e) => ({
      source: e.getAttribute('data-source'),
      text: (e as HTMLElement).innerText,
    })),
  );

export function describeIndexability(kind: BrowserKind): void {
  describe(`Indexability in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    /** Opens `path` (loaded), then the popup for its tab; returns the popup and the section's settled text. */
    async function inspect(path: string): Promise<{ popup: PopupPage; text: string; close: () => Promise<void> }> {
      const { page, tabId } = await browser.openPage(`${demo.sites['idx-pages'].origin}${path}`);
      const popup = await browser.openPopupForTab(tabId);
      const text = await until('the Indexability section', () => popup.page.text(SECTION), SETTLED);
      return {
        popup,
        text,
        close: async () => {
          await popup.close();
          await page.close();
        },
      };
    }

    it('reads an X-Robots-Tag header meant for Googlebot only', async () => {
      const { popup, text, close } = await inspect('/header-googlebot-noindex');
      expect(text).toMatch(/Not indexable for [\w-]+: noindex from X-Robots-Tag: googlebot: noindex/);
      expect(await directives(popup)).toEqual([{ source: 'header', text: 'googlebot: noindex' }]);
      // bingbot ignores a googlebot-prefixed line.
      await popup.pickCrawler('bingbot');
      await until('bingbot verdict', () => popup.page.text(SECTION), /^Can be indexed/);
      const rows = await popup.page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid=matrix-row]')].map((e) => [
            e.getAttribute('data-crawler') ?? '',
            e.getAttribute('data-indexable'),
          ]),
        ),
      );
      expect(rows.Googlebot).toBe('false');
      expect(rows.bingbot).toBe('true');
      await close();
    });

    it('reads mixed-case meta names and rules from the rendered page', async () => {
      const { popup, text, close } = await inspect('/mixed-case-meta');
      expect(text).toMatch(/Not indexable for [\w-]+: noindex from <meta name="ROBOTS">/);
      expect(await directives(popup)).toEqual([{ source: 'meta', text: 'NoIndex, NoFollow' }]);
      expect(text).toMatch(/nofollow: no link on this page is followed/);
      await close();
    });

    it('shows the redirect chain of the main document', async () => {
      const origin = demo.sites['idx-pages'].origin;
      const { text, close } = await inspect('/redirect-start');
      expect(text).toMatch(/Status 200, after 2 redirects/);
      expect(text).toContain(`301 ${origin}/redirect-start → ${origin}/redirect-middle`);
      expect(text).toContain(`302 ${origin}/redirect-middle → ${origin}/redirect-end`);
      await close();
    });
  });
}
