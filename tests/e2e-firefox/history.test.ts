import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { until } from '../support/wait';
import { useDemo, useFirefox } from '../support/fixtures';

// History in real Firefox ESR: versions kept in the background page's IndexedDB as a demo
// robots.txt changes between fetches, the popup's "changed since" notice after a refetch, and the
// history view in the workbench page listing the versions with their line diff and verdict change.

/** innerText of the first match of `selector` in `page`, or null. */
const textOf = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector<HTMLElement>(s)?.innerText ?? null, selector);

describe('robots.txt history in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  /** Makes the demo origin's robots.txt answer version `v` from now on. */
  async function serve(origin: string, v: number): Promise<void> {
    const response = await fetch(`${origin}/history/serve?v=${v}`);
    expect(response.status).toBe(200);
  }

  it('keeps each version, says what changed after a refetch, and lists and diffs the versions', async () => {
    const origin = demo.sites['history-changing'].origin;
    const pageUrl = `${origin}/private/page.html`;
    await serve(origin, 1);
    const { tabId } = await harness.openPage(pageUrl);
    const popup = await harness.openPopupForTab(tabId);
    await until('the verdict', () => textOf(popup, '[data-testid="verdict"]'), /Allowed/);
    await popup.waitForSelector('[data-testid=refresh]');

    await serve(origin, 3);
    await popup.click('[data-testid=refresh]');
    expect(await until('the notice', () => textOf(popup, '[data-testid=changed-since]'), /changed/)).toMatch(
      /1 line added · Googlebot's verdict for this page went from Allowed to Blocked/,
    );
    expect(await textOf(popup, '[data-testid=crawler-now]')).toMatch(
      /^What crawlers are using now: Googlebot may still be using version #1 until .+ at the latest/,
    );
    await popup.close();

    const history = await harness.openExtensionPage(
      `workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(pageUrl)}&view=history`,
    );
    await until('the versions', () => textOf(history, '[data-testid=history-version]'), /#2/);
    expect(
      await history.$$eval('[data-testid=history-version]', (rows) => rows.map((r) => r.getAttribute('data-seq'))),
    ).toEqual(['2', '1']);
    // The two newest are compared on opening: the added line, and Googlebot's verdict it changed.
    expect(await until('the diff', () => textOf(history, '[data-testid=history-diff]'), /added/)).toMatch(
      /1 added, 0 removed/,
    );
    expect(await textOf(history, '[data-testid=history-verdicts]')).toContain(
      'Googlebot: Allowed → Blocked (line 4: Disallow: /private/)',
    );
    await history.close();
  }, 120_000);
});
