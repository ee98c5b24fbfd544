import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { until } from '../support/wait';
import { useDemo, useFirefox } from '../support/fixtures';

// Page resources (issue 15) in real Firefox ESR: the requests webRequest reports for a demo page
// loaded from four local origins, each judged under its own origin's robots.txt, shown in the
// popup. Expectations follow the Chromium test (tests/e2e/resources.test.ts).

interface ResourceHook {
  url: string;
  type: string;
  blocked: string | null;
  text: string;
}

/** Every `resource` hook of the popup page, collapsed ones included. */
function readResources(popup: Page): Promise<ResourceHook[]> {
  return popup.$$eval('[data-testid="resource"]', (nodes) =>
    nodes.map((n) => ({
      url: n.getAttribute('data-url') ?? '',
      type: n.getAttribute('data-type') ?? '',
      blocked: n.getAttribute('data-blocked'),
      text: n.textContent ?? '',
    })),
  );
}

const summaryOf = (popup: Page) =>
  popup.$eval('[data-testid="resources"] .resources-summary', (e) => e.textContent).catch(() => null);

describe('page resources in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  it('judges each resource under its own origin: own /js/ for Googlebot, CDN /static/, 503, 404; data: left out', async () => {
    const site = demo.sites['res-site'].origin;
    const cdn = demo.sites['res-cdn'].origin;
    const down = demo.sites['res-down'].origin;
    const gone = demo.sites['res-gone'].origin;
    const { page, tabId } = await harness.openPage(`${site}/page.html`);
    await page.waitForFunction(() => document.body.dataset.fetched === 'yes');
    const popup = await harness.openPopupForTab(tabId);
    const summary = await until(
      'the resources summary to settle',
      async () => {
        const text = await summaryOf(popup);
        return text !== null && !text.includes('not checked') && !text.includes('Reading') ? text : null;
      },
      /blocked for/,
      30_000,
    );
    const resources = await readResources(popup);
    expect(summary).toBe('5 of 9 resources blocked for Googlebot: 2 scripts, 1 stylesheet, 1 font, 1 fetch request');

    const byUrl = new Map(resources.map((r) => [r.url, r]));
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
    // Firefox, like Chromium, requests the tab's favicon and reports it as an image: listed too.
    expect(byUrl.get(`${site}/favicon.ico`)).toMatchObject({ type: 'image', blocked: 'false' });
    expect(byUrl.size).toBe(9);

    // A request made while the popup is open arrives in it.
    await page.evaluate((url) => fetch(url), `${site}/js/late.js`);
    await until(
      'the late request',
      async () => (await readResources(popup)).find((r) => r.url === `${site}/js/late.js`)?.blocked ?? null,
      /^true$/,
    );
    await until('the new summary', async () => summaryOf(popup), /^6 of 10 resources blocked for Googlebot/);
    await popup.close();
    await page.close();
  });
});
