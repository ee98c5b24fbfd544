import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFirefox } from '../support/fixtures';
import { serve, type Served } from '../support/serve';

// The sidebar's page opened as a tab (sidepanel.html?window=<id>, the test contract): once the
// site's tab is made active again, the panel follows that window's active tab. Firefox's own
// sidebar frame cannot be driven from a test (sidebarAction.open needs a user action, the
// shortcut a real key press); the option is checked on the toolbar button it changes.

const VERDICT = '[data-testid="verdict"]';
let robots = 'User-agent: *\nDisallow: /closed/\n\nUser-agent: GPTBot\nDisallow: /\n';

describe('the sidebar in real Firefox', () => {
  const harness = useFirefox();
  let site: Served;

  beforeAll(async () => {
    site = await serve((req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(robots);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html lang="en"><head><title>${req.url}</title></head><body>${req.url}</body></html>`);
    });
  });
  afterAll(async () => site.close());

  const showing = (panel: Page, text: string) =>
    panel.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 15_000 }, text);
  const verdict = async (panel: Page, words: RegExp) => {
    await panel.waitForFunction(
      (selector, source) => new RegExp(source).test(document.querySelector(selector)?.textContent ?? ''),
      { timeout: 15_000 },
      VERDICT,
      words.source,
    );
    return panel.$eval(VERDICT, (el) => el.textContent ?? '');
  };

  // The fresh page's picker renders after its verdict: wait for it to name the crawler.
  const pickerShows = (panel: Page, token: string) =>
    panel.waitForFunction(
      (t) => (document.querySelector<HTMLInputElement>('[data-testid="crawler-select"]')?.value ?? '').includes(t),
      { timeout: 15_000 },
      token,
    );

  it('follows a tab switch, a navigation, a single-page-app navigation and a refetch, keeping its crawler', async () => {
    const { page: first, tabId: firstTab } = await harness.openPage(`${site.origin}/open/a.html`);
    const { page: second, tabId: secondTab } = await harness.openPage(`${site.origin}/closed/b.html`);
    const windowId = await harness.evaluate(async (ext, id) => (await ext.tabs.get(id)).windowId, firstTab);
    const panel = await harness.openExtensionPage(`sidepanel.html?window=${windowId}`);
    await harness.evaluate((ext, id) => ext.tabs.update(id, { active: true }), firstTab);
    await showing(panel, '/open/a.html');
    expect(await verdict(panel, /Allowed/)).toMatch(/Allowed/);

    // The panel's tab is behind the site's (the panel follows the active tab), and Firefox sends no
    // typed keys to a tab in the background: the pick is made as the shared popup scenarios make it.
    await panel.waitForSelector('[data-testid="crawler-select"]');
    await panel.evaluate(() => {
      const select = document.querySelector('[data-testid="crawler-select"]') as HTMLInputElement;
      select.value = 'GPTBot';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await verdict(panel, /Blocked/);

    await harness.evaluate((ext, id) => ext.tabs.update(id, { active: true }), secondTab);
    await showing(panel, '/closed/b.html');
    await verdict(panel, /Blocked/);
    await pickerShows(panel, 'GPTBot');

    await harness.evaluate((ext, arg) => ext.tabs.update(arg.id, { url: arg.url }), {
      id: secondTab,
      url: `${site.origin}/open/c.html`,
    });
    await showing(panel, '/open/c.html');
    await verdict(panel, /Blocked/);
    // The route change is the content script's to report: wait until it has read the new page.
    await expect
      .poll(
        () =>
          harness.evaluate(
            async (ext, key) => JSON.stringify((await ext.storage.session.get(key))[key] ?? null),
            `page:${secondTab}:dom`,
          ),
        { timeout: 15_000 },
      )
      .toContain('/open/c.html');
    await second.evaluate(() => history.pushState({}, '', '/open/spa-view'));
    await showing(panel, '/open/spa-view');
    await verdict(panel, /Blocked/);

    robots = 'User-agent: *\nDisallow: /closed/\n';
    await panel.waitForSelector('#fetch button');
    await panel.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('button')]
        .find((b) => b.textContent === 'Fetch robots.txt again')
        ?.click(),
    );
    await verdict(panel, /Allowed/);
    await pickerShows(panel, 'GPTBot');
    expect((await harness.badge(secondTab)).title).toContain('Googlebot');
    await panel.close();
    await first.close();
    await second.close();
  });

  it('the option takes the popup off the toolbar button (a click then opens the sidebar), and gives it back', async () => {
    const popupOf = () =>
      harness.evaluate((ext) =>
        (ext.browserAction as unknown as { getPopup(details: object): Promise<string> }).getPopup({}),
      );
    expect(await popupOf()).toMatch(/popup\.html$/);
    await harness.call('setSettings', { toolbarOpens: 'side-panel' });
    expect(await popupOf()).toBe('');
    await harness.call('setSettings', { toolbarOpens: 'popup' });
    expect(await popupOf()).toMatch(/popup\.html$/);
  });
});
