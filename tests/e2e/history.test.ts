import { describeHistory } from '../browser-scenarios/history';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { replaceStarted, useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

// History in real Chromium: the shared scenario (tests/browser-scenarios/history.ts), then what
// only Chromium's harness can do here: the kept versions survive a browser restart.

const VERDICT = '[data-testid="verdict"]';
/** Waits for the sections below the verdict: they load by a dynamic import and mount in the frame after it. */
const sections = (popup: Page) => popup.locator('#fetch').waitFor();

describeHistory('chromium');

describe('robots.txt history in real Chromium, across a restart', () => {
  const demo = useDemo();
  const harness = useChromium();

  /** Makes the demo origin's robots.txt answer version `v` from now on. */
  async function serve(origin: string, v: number): Promise<void> {
    const response = await fetch(`${origin}/history/serve?v=${v}`);
    expect(response.status).toBe(200);
  }

  const text = (page: Page, selector: string) => () =>
    page
      .locator(selector)
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => null);

  async function refetch(popup: Page): Promise<void> {
    await popup.getByTestId('refresh').click();
    // The button is disabled while the fetch runs.
    await until('the refetch to end', text(popup, '[data-testid=refresh]'), /Fetch robots.txt again/);
  }

  it('keeps the history across a browser restart', async () => {
    const origin = demo.sites['history-changing'].origin;
    await serve(origin, 1);
    const { tabId } = await harness.openPage(`${origin}/private/page.html`);
    const popup = await harness.openPopupForTab(tabId);
    expect(await until('the verdict', text(popup, VERDICT), /Allowed|Blocked/)).toMatch(/Allowed/);
    await sections(popup);
    await serve(origin, 3);
    await refetch(popup);
    await until('the notice', text(popup, '[data-testid=changed-since]'), /changed/);
    await popup.close();

    replaceStarted(harness, await harness.restartBrowser());
    const page = await harness.context.newPage();
    await page.goto(
      `chrome-extension://${harness.extensionId}/history.html?origin=${encodeURIComponent(origin)}&view=history`,
    );
    // history.html (links made before the history moved) forwards to the workbench's history view.
    await until('the versions', text(page, '[data-testid=history-version]'), /#2/);
    expect(new URL(page.url()).pathname).toBe('/workbench.html');
    expect(new URL(page.url()).searchParams.get('view')).toBe('history');
    expect(await page.getByTestId('history-version').count()).toBe(2);
    await page.close();
  });
});
