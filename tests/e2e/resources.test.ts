import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RES_MANY_ORIGINS, RES_MANY_PER_ORIGIN } from '../support/demo/resources';
import { type ExtensionHarness } from '../support/harness';
import { useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

// Page resources in real Chromium: what a demo page loaded from several local origins,
// each judged under its own origin's robots.txt, through the worker's cache. The four-origin page
// is tested in both browsers (tests/browser-scenarios/resources.ts).

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

const summaryOf = (popup: Page) => popup.textContent('[data-testid="resources"] .resources-summary');

/** Waits until every origin is checked: the summary no longer says some are not. */
const settledSummary = (popup: Page, pattern = /blocked for/) =>
  until(
    'the resources summary to settle',
    async () => {
      const text = await summaryOf(popup);
      return text !== null && !text.includes('not checked') && !text.includes('Reading') ? text : null;
    },
    pattern,
    30_000,
  );

/** Waits until the worker has written `count` resources for the tab to storage.session. */
async function waitForStored(harness: ExtensionHarness, tabId: number, count: number): Promise<void> {
  const worker = await harness.serviceWorker();
  await until(
    `${count} resources stored for tab ${tabId}`,
    async () =>
      (await worker.evaluate(async (key) => {
        const value = (await chrome.storage.session.get(key))[key] as { entries?: unknown[] } | undefined;
        return value?.entries?.length ?? 0;
      }, `resources:${tabId}`)) >= count
        ? 'stored'
        : 'not yet',
    /^stored$/,
  );
}

describe('page resources in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  it('keeps the list when the worker stops between the page load and the popup', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites['res-site'].origin}/page.html`);
    await page.waitForFunction(() => document.body.dataset.fetched === 'yes');
    await waitForStored(harness, tabId, 9);
    await harness.stopServiceWorker();
    const popup = await harness.clickAction(page);
    await until(
      'the summary after the worker restarted',
      () => popup.text('[data-testid="resources"] .resources-summary'),
      /^5 of 9 resources blocked for Googlebot: 2 scripts, 1 stylesheet, 1 font, 1 fetch request$/,
      30_000,
    );
    await popup.close();
    await page.close();
  });

  it('checks another site’s host only on a click when automatic checking is off', async () => {
    const site = demo.sites['res-site'].origin;
    const cdnHost = demo.sites['res-cdn'].origin.replace('127.0.0.1', 'localhost');
    const { page, tabId } = await harness.openPage(`${site}/other-host.html`);
    const popup = await harness.openPopupForTab(tabId);
    await popup.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'setSettings', payload: { checkOtherHosts: false } }),
    );
    await popup.reload();
    await popup.waitForSelector('[data-testid="check-resources"]');
    const waiting = await summaryOf(popup);
    expect(waiting).toBe('1 of 3 resources blocked for Googlebot so far (1 not checked yet): 1 script');
    const other = (await readResources(popup)).find((r) => r.url === `${cdnHost}/static/other.js`);
    expect(other?.blocked).toBeNull();
    await popup.click('[data-testid="check-resources"]');
    expect(await settledSummary(popup)).toBe('2 of 3 resources blocked for Googlebot: 2 scripts');
    expect(await popup.$('[data-testid="check-resources"]')).toBeNull();
    await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'setSettings', payload: { checkOtherHosts: true } }));
    await popup.close();
    await page.close();
  });

  it('shows the summary of 500 resources from 50 origins after a toolbar click', async () => {
    const many = RES_MANY_ORIGINS * RES_MANY_PER_ORIGIN;
    // The page's 500 and the browser's favicon request.
    const total = many + 1;
    const { page, tabId } = await harness.openPage(`${demo.sites['res-site'].origin}/many.html`);
    await page.waitForLoadState('load');
    await waitForStored(harness, tabId, total);
    const clicked = Date.now();
    const popup = await harness.clickAction(page);
    const summary = await until(
      'the 500-resource summary',
      () => popup.text('[data-testid="resources"] .resources-summary'),
      new RegExp(`^${many / 2} of ${total} resources blocked for Googlebot: ${many / 2} images$`),
      60_000,
    );
    const ms = Date.now() - clicked;
    console.info(
      `Page resources: ${many} resources from ${RES_MANY_ORIGINS} origins summarised ${ms} ms after the click`,
    );
    expect(summary).toContain('blocked');
    // A generous bound only: the machine is shared (the target, 2 s, is measured and printed above).
    expect(ms).toBeLessThan(30_000);
    expect(await popup.evaluate(() => document.querySelectorAll('[data-testid="resource"]').length)).toBe(total);
    await popup.close();
    await page.close();
  });
});
