import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { WB_ARTICLE_COUNT, WB_PRODUCT_COUNT, workbenchArticlePath } from '../support/demo/workbench';
import { pollFor, until } from '../support/wait';
import { useDemo, useFirefox } from '../support/fixtures';

// The audit workbench in real Firefox ESR, as an extension page (moz-extension://…/workbench.html):
// the live file through the background page, the site's sitemaps fetched and read in the page's
// module Web Worker (an index, a plain sitemap, a gzipped one through Firefox's
// DecompressionStream, a missing one), a draft typed into the CodeMirror editor, the per-crawler
// change counts and the changed rows the worker computes, and the draft kept in IndexedDB
// across a reload. The expected figures come from the demo's own sitemap paths.

/** The demo sitemaps' article paths, as the demo serves them. */
const ARTICLE_PATHS = Array.from({ length: WB_ARTICLE_COUNT }, (_, i) => workbenchArticlePath(i + 1));
/** Under /articles/: allowed for Googlebot today, blocked by the draft's Googlebot group. */
const ARTICLES = ARTICLE_PATHS.filter((p) => p.startsWith('/articles/')).length;
/** Under /private/: blocked for everyone today (`*`), reopened for Googlebot by its own group. */
const PRIVATE = ARTICLE_PATHS.filter((p) => p.startsWith('/private/')).length;

const count = (n: number) => n.toLocaleString('en-US');
/** A pattern matching exactly `text`. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** innerText of the first match of `selector` in `page`, or null. */
const textOf = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector<HTMLElement>(s)?.innerText ?? null, selector);

/** A crawler's change-summary counts as the page renders them. */
const summaryOf = (page: Page, token: string) =>
  page.evaluate((t) => {
    const el = document.querySelector<HTMLElement>(`[data-testid=change-summary][data-crawler="${t}"]`);
    return el === null ? null : JSON.stringify({ blocked: el.dataset.blockedNow, unblocked: el.dataset.unblockedNow });
  }, token);

describe('the workbench in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  it('loads the sitemaps (gzipped one too), and shows what a typed draft changes, in the module worker', async () => {
    const origin = demo.sites['wb-sitemaps'].origin;
    const wb = await harness.openExtensionPage(`workbench.html?origin=${encodeURIComponent(origin)}`);

    // The live file, fetched by the background page and shown in the live editor.
    await until('the live file', () => textOf(wb, '[data-testid=live-editor] .cm-content'), /Disallow: \/private\//);
    await until('the change summary', () => textOf(wb, '[data-testid=change-summary]'), /\S/);
    const crawlerCount = await wb.$$eval('[data-testid=change-summary]', (els) => els.length);
    expect(crawlerCount).toBeGreaterThan(2);

    await wb.click('[data-testid=load-sitemaps]');
    await until(
      'four sitemap outcomes',
      async () => String(await wb.$$eval('[data-testid=sitemap-outcome]', (els) => els.length)),
      /^4$/,
      60_000,
    );
    const outcomes = await wb.$$eval('[data-testid=sitemap-outcome]', (els) =>
      els.map((e) => (e as HTMLElement).innerText),
    );
    expect(outcomes[0]).toMatch(/sitemap-index\.xml Fetched OK: a sitemap index listing 3 sitemaps\./);
    expect(outcomes.find((o) => o.includes('articles.xml'))).toContain(
      `a sitemap with ${count(WB_ARTICLE_COUNT)} URLs`,
    );
    // Gunzipped by DecompressionStream('gzip') inside the worker.
    expect(outcomes.find((o) => o.includes('products.xml.gz'))).toContain(
      `a sitemap with ${count(WB_PRODUCT_COUNT)} URLs`,
    );
    expect(outcomes.find((o) => o.includes('missing.xml'))).toMatch(/404 Not Found: no sitemap at this address/);

    const total = WB_ARTICLE_COUNT + WB_PRODUCT_COUNT;
    await until('the URL count', () => textOf(wb, '[data-testid=url-count]'), new RegExp(`^${count(total)} URLs`));
    await until(
      'the evaluated table',
      () => textOf(wb, '[data-testid=row-count]'),
      new RegExp(`of ${count(total * crawlerCount)} rows`),
      60_000,
    );
    await until(
      'the sitemap finding',
      () => textOf(wb, '[data-testid=finding][data-code=sitemap-url-blocked]'),
      // Every search crawler reads `*`: one finding for all of them, named by family (issue 20).
      new RegExp(
        `You list in your sitemaps ${PRIVATE} URLs that robots\\.txt forbids all Google search crawlers, Bingbot, Applebot and 4 more to crawl\\.`,
      ),
    );
    expect(await summaryOf(wb, 'Googlebot')).toBe(JSON.stringify({ blocked: '0', unblocked: '0' }));

    // A Googlebot group of its own: it blocks /articles/ for Googlebot and, replacing `*` for it,
    // reopens /private/. Typed as a user types, at the end of the draft.
    await wb.click('[data-testid=draft-editor] .cm-content');
    await wb.keyboard.down('Control');
    await wb.keyboard.press('End');
    await wb.keyboard.up('Control');
    await wb.keyboard.press('Enter');
    for (const line of ['User-agent: Googlebot', 'Disallow: /articles/']) {
      await wb.keyboard.type(line);
      await wb.keyboard.press('Enter');
    }
    await until(
      "Googlebot's change summary",
      () => summaryOf(wb, 'Googlebot'),
      exactly(JSON.stringify({ blocked: String(ARTICLES), unblocked: String(PRIVATE) })),
      60_000,
    );
    // GPTBot keeps its own group: the draft changes nothing for it.
    expect(await summaryOf(wb, 'GPTBot')).toBe(JSON.stringify({ blocked: '0', unblocked: '0' }));
    // The crawlers that read the Googlebot group change alike: one group in the sentence (issue 20).
    expect(await textOf(wb, '[data-testid=change-sentence]')).toContain(
      `This draft blocks ${count(ARTICLES)} URLs for 6 crawlers (Googlebot, Googlebot-Image, Googlebot-Video and 3 more) that are allowed today`,
    );

    // The rows: Googlebot's changed ones only. Changed only is on by itself once the draft differs (issue 20).
    expect(await wb.$eval('[data-testid=filter-changed]', (e) => (e as HTMLInputElement).checked)).toBe(true);
    const googlebotIndex = await wb.$$eval('[data-testid=filter-crawler] option', (options) =>
      options.find((o) => o.textContent === 'Googlebot')?.getAttribute('value'),
    );
    expect(googlebotIndex).toMatch(/^\d+$/);
    await wb.select('[data-testid=filter-crawler]', googlebotIndex ?? '');
    await until(
      'the changed-row count',
      () => textOf(wb, '[data-testid=row-count]'),
      new RegExp(`^${count(ARTICLES + PRIVATE)} of`),
    );
    const rows = await wb.$$eval('[data-testid=result-row]', (els) =>
      els.map((e) => ({ ...(e as HTMLElement).dataset })),
    );
    expect(rows.length).toBeGreaterThan(0);
    const articleUrls = new Set(ARTICLE_PATHS.map((p) => `${origin}${p}`));
    for (const row of rows) {
      expect(row.crawler).toBe('Googlebot');
      expect(articleUrls.has(row.url ?? '')).toBe(true);
      const path = new URL(row.url ?? '').pathname;
      // Each row's before and after as the demo's paths and the two files say.
      expect([row.live, row.draft]).toEqual(
        path.startsWith('/private/') ? ['blocked', 'allowed'] : ['allowed', 'blocked'],
      );
    }
    expect(rows.some((r) => r.live === 'allowed')).toBe(true);

    // The draft was saved (the workbench's IndexedDB) as typed: a reload restores it.
    await wb.reload({ waitUntil: [] });
    await until(
      'the restored draft',
      () => textOf(wb, '[data-testid=draft-editor] .cm-content'),
      /User-agent: Googlebot\s+Disallow: \/articles\//,
    );
    await wb.close();
  }, 180_000);

  it('reads a Latin-1 live file from its bytes: live blocks /caf%E9, a UTF-8 draft of it does not, and says why', async () => {
    const origin = demo.sites['trust-latin1'].origin;
    const wb = await harness.openExtensionPage(
      `workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(`${origin}/caf%E9`)}`,
    );
    await until('the encoding note', () => textOf(wb, '[data-testid=live-encoding]'), /The live file is not UTF-8/);
    await until(
      "Googlebot's summary",
      () => summaryOf(wb, 'Googlebot'),
      new RegExp(`^${JSON.stringify({ blocked: '0', unblocked: '1' }).replace(/[{}]/g, '\\$&')}$`),
    );
    await wb.close();
  });

  it("opens from the real toolbar popup's Test a change link, on the page's origin and URL", async () => {
    const origin = demo.sites['wb-sitemaps'].origin;
    const pageUrl = `${origin}/articles/1`;
    const { page } = await harness.openPage(pageUrl);
    const popup = await harness.clickAction(page);
    await popup.waitFor('[data-testid="open-workbench"]');
    await popup.click('[data-testid="open-workbench"]');
    const opened = await pollFor('a workbench tab', 15_000, async () => {
      const urls = await harness.evaluate(async (ext) =>
        (await ext.tabs.query({}))
          .map((t) => t.url ?? '')
          .filter((u) => u.includes('/workbench.html?') && u.includes('url=')),
      );
      return urls.length === 1 ? urls[0] : null;
    });
    const url = new URL(opened);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`${harness.extensionOrigin}/workbench.html`);
    expect(url.searchParams.get('origin')).toBe(origin);
    expect(url.searchParams.get('url')).toBe(pageUrl);
    await popup.close();
    await page.close();
  });
});
