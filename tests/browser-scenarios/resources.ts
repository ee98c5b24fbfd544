/**
 * Page resources in either browser: the requests webRequest reports for a demo page
 * loaded from four local origins, each judged under its own origin's robots.txt through the
 * worker's cache, shown in the popup. Run by tests/e2e/resources-shared.test.ts and
 * tests/e2e-firefox/resources.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserKind, TestPage } from '../support/browser';
import { useBrowser, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

export interface ResourceHook {
  url: string;
  type: string;
  blocked: string | null;
  text: string;
}

/** Every `resource` hook of the popup page, collapsed ones included. */
export const readResources = (popup: TestPage): Promise<ResourceHook[]> =>
  popup.evaluate(() =>
    [...document.querySelectorAll('[data-testid="resource"]')].map((n) => ({
      url: n.getAttribute('data-url') ?? '',
      type: n.getAttribute('data-type') ?? '',
      blocked: n.getAttribute('data-blocked'),
      text: n.textContent ?? '',
    })),
  );

/** The resources summary's text, or null before it shows. */
export const summaryOf = (popup: TestPage): Promise<string | null> =>
  popup.evaluate(() => document.querySelector('[data-testid="resources"] .resources-summary')?.textContent ?? null);

/** Waits until every origin is checked: the summary no longer says some are not. */
export const settledSummary = (popup: TestPage, pattern = /blocked for/): Promise<string> =>
  until(
    'the resources summary to settle',
    async () => {
      const text = await summaryOf(popup);
      return text !== null && !text.includes('not checked') && !text.includes('Reading') ? text : null;
    },
    pattern,
    30_000,
  );

export function describeResources(kind: BrowserKind): void {
  describe(`page resources in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    it('judges each resource under its own origin: own /js/ for Googlebot, CDN /static/, 503, 404; data: left out', async () => {
      const site = demo.sites['res-site'].origin;
      const cdn = demo.sites['res-cdn'].origin;
      const down = demo.sites['res-down'].origin;
      const gone = demo.sites['res-gone'].origin;
      const { page, tabId } = await browser.openPage(`${site}/page.html`);
      await page.waitFor('body[data-fetched="yes"]');
      const popup = await browser.openPopupForTab(tabId);
      const summary = await settledSummary(popup.page);
      expect(summary).toBe('5 of 9 resources blocked for Googlebot: 2 scripts, 1 stylesheet, 1 font, 1 fetch request');

      const byUrl = new Map((await readResources(popup.page)).map((r) => [r.url, r]));
      expect(byUrl.get(`${site}/js/app.js`)).toMatchObject({ type: 'script', blocked: 'true' });
      expect(byUrl.get(`${site}/js/app.js`)?.text).toContain('line 6: Disallow: /js/');
      expect(byUrl.get(`${site}/css/site.css`)).toMatchObject({ type: 'stylesheet', blocked: 'false' });
      expect(byUrl.get(`${cdn}/static/lib.js`)).toMatchObject({ type: 'script', blocked: 'true' });
      expect(byUrl.get(`${cdn}/static/lib.js`)?.text).toContain('line 3: Disallow: /static/');
      expect(byUrl.get(`${cdn}/static/theme.css`)).toMatchObject({ type: 'stylesheet', blocked: 'true' });
      expect(byUrl.get(`${cdn}/static/after-load.json`)).toMatchObject({ type: 'fetch', blocked: 'true' });
      expect(byUrl.get(`${cdn}/img/logo.png`)).toMatchObject({ type: 'image', blocked: 'false' });
      expect(byUrl.get(`${down}/fonts/inter.woff2`)).toMatchObject({ type: 'font', blocked: 'true' });
      expect(byUrl.get(`${down}/fonts/inter.woff2`)?.text).toContain('robots.txt answered 503: everything disallowed');
      expect(byUrl.get(`${gone}/pixel.gif`)).toMatchObject({ type: 'image', blocked: 'false' });
      expect(byUrl.get(`${gone}/pixel.gif`)?.text).toContain('robots.txt answered 404: everything allowed');
      expect([...byUrl.keys()].some((u) => u.startsWith('data:'))).toBe(false);
      // The browser's own favicon request for the tab is listed too (as an image): a crawler fetches it as well.
      expect(byUrl.get(`${site}/favicon.ico`)).toMatchObject({ type: 'image', blocked: 'false' });
      expect(byUrl.size).toBe(9);

      // The all-crawlers rows count the blocked render-critical resources.
      expect(
        await popup.page.evaluate(
          () =>
            document.querySelector(
              '[data-testid="matrix-row"][data-crawler="Googlebot"] [data-testid="matrix-resources"]',
            )?.textContent ?? null,
        ),
      ).toBe('5 render-critical resources blocked');

      // Switching the crawler recomputes from the files already fetched.
      const before = demo.requests['res-cdn'].filter((r) => r.url === '/robots.txt').length;
      await popup.pickCrawler('bingbot');
      await until('the Bingbot summary', () => summaryOf(popup.page), /^4 of 9 resources blocked for Bingbot/);
      expect(demo.requests['res-cdn'].filter((r) => r.url === '/robots.txt').length).toBe(before);
      await popup.pickCrawler('Googlebot');
      await until('the Googlebot summary', () => summaryOf(popup.page), /^5 of 9 resources blocked for Googlebot/);

      // A request made while the popup is open arrives in it.
      await page.evaluate((url) => void fetch(url), `${site}/js/late.js`);
      await until(
        'the late request',
        async () => (await readResources(popup.page)).find((r) => r.url === `${site}/js/late.js`)?.blocked ?? null,
        /^true$/,
      );
      await until('the new summary', () => summaryOf(popup.page), /^6 of 10 resources blocked for Googlebot/);
      await popup.close();
      await page.close();
    });
  });
}
