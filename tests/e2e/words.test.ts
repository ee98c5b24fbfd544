import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SiteName } from '../support/demo-site';
import { useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';
import { findWordFaults, type WordFault } from '../support/words-check';

// The words a person reads, in real Chromium over the demo site: no "1 URLs", no word
// said twice in a row, no "just now ago", no literal backtick, no internal rule id — in the popup
// (every section opened, every collapsed group shown), the options page and the history view. And on
// a page robots.txt does not govern, the popup says so and nothing else.

/** Demo pages whose popups, together, show every section in most of its states. */
const POPUP_PAGES: readonly (readonly [SiteName, string])[] = [
  ['allow', '/'],
  ['blocked', '/private/page.html'],
  ['specific', '/drafts/page.html'],
  ['wildcards', '/'],
  ['missing', '/'],
  ['unavailable', '/'],
  ['redirect', '/'],
  ['html', '/'],
  ['bom', '/'],
  ['idx-pages', '/'],
  ['fs-usage', '/'],
  ['fs-cloudflare', '/'],
  ['res-site', '/'],
  ['lens-first-match', '/'],
  ['trust-latin1', '/'],
];

/**
 * Returns the text a person reads on `page`, with every closed `<details>` opened and every
 * collapsed crawler group shown; the robots.txt lines themselves (the site's words, not ours) left out.
 */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid=matrix-group-expand]')) {
      if (b.getAttribute('aria-expanded') === 'false') b.click();
    }
    document.querySelector<HTMLButtonElement>('[data-testid=matrix-expand][aria-expanded=false]')?.click();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const line of copy.querySelectorAll('.file-row.line, .cm-content, .cm-gutters')) line.remove();
    // innerText needs the copy laid out: put it in the document for the read.
    copy.style.position = 'absolute';
    copy.style.left = '-10000px';
    document.documentElement.append(copy);
    const text = copy.innerText;
    copy.remove();
    return text;
  });
}

const describeFaults = (where: string, faults: readonly WordFault[]) =>
  faults.map((f) => `${where}: ${f.kind}: “${f.excerpt}”`);

describe('the words of the extension’s pages, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function popupFor(url: string): Promise<{ popup: Page; close: () => Promise<void> }> {
    const { page, tabId } = await harness.openPage(url);
    const popup = await harness.openPopupForTab(tabId);
    return {
      popup,
      close: async () => {
        await popup.close();
        await page.close();
      },
    };
  }

  it('the popup says no “1 lines”, no stutter, no backtick and no rule id on any demo page', async () => {
    const found: string[] = [];
    for (const [site, path] of POPUP_PAGES) {
      const { popup, close } = await popupFor(`${demo.sites[site].origin}${path}`);
      await popup.locator('#fetch').waitFor({ timeout: 15_000 });
      // Page resources and the matrix settle after the sections mount.
      await until('the crawler matrix', () => popup.locator('#all').innerText(), /crawler|robots\.txt/);
      await popup.waitForTimeout(500);
      found.push(...describeFaults(site, findWordFaults(await readableText(popup))));
      await close();
    }
    expect(found).toEqual([]);
  });

  // The workbench's own counts (URL set, evaluation) are the workbench audit's; here its
  // history view, which this words reach.
  it('the options page and the history view say no “1 lines”, no stutter, no backtick and no rule id', async () => {
    const origin = demo.sites.specific.origin;
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.getByTestId('watched-sites').waitFor();
    await options.locator('.cache-table').first().waitFor();
    const history = await harness.context.newPage();
    await history.goto(
      `chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}&view=history`,
    );
    await history.getByTestId('history-version').first().waitFor({ timeout: 15_000 });
    const found = [
      ...describeFaults('options', findWordFaults(await readableText(options))),
      ...describeFaults('history', findWordFaults(await readableText(history))),
    ];
    expect(found).toEqual([]);
    await Promise.all([options.close(), history.close()]);
  });

  it.each([
    ['a browser page', 'chrome://version/'],
    ['a blank page', 'about:blank'],
    ['an extension page', 'options'],
  ])('on %s the popup says robots.txt does not apply, and nothing else', async (_what, address) => {
    const url = address === 'options' ? `chrome-extension://${harness.extensionId}/options.html` : address;
    const { popup, close } = await popupFor(url);
    const text = await until('the popup', () => popup.locator('.app').innerText(), /does not apply/);
    await popup.waitForTimeout(500);
    const after = await popup.locator('.app').innerText();
    expect(after).toBe(text);
    expect(after).toMatch(/robots\.txt does not apply here/);
    for (const stray of ['All crawlers', 'Test a path', 'Crawl-delay', 'Page resources', 'Indexability', 'Fetch'])
      expect(after).not.toContain(stray);
    expect(await popup.locator('main, nav, #fetch, #all').count()).toBe(0);
    await close();
  });
});
