import { describe, expect, it } from 'vitest';
import { type PopupHandle } from '../support/harness';
import { waitForInspection } from '../support/popup-page';
import { useChromium, useDemo } from '../support/fixtures';
import { pollFor, until } from '../support/wait';
import { readKeptItem, readKeptOrigins } from '../support/kept-database';

// Issue 8 in real Chromium: the reading conditions beside the verdict and in the badge title, the
// bytes matched as crawlers match them, and a stalled fetch that shows what it waits for and stops.

const VERDICT = '[data-testid="verdict"]';
const WARNING = '[data-testid="verdict-warning"]';
const SETTLED = /Allowed|Blocked|does not apply/;

describe('a verdict you can trust at a glance, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function clickOn(url: string): Promise<{ popup: PopupHandle; tabId: number; done: () => Promise<void> }> {
    const { page, tabId } = await harness.openPage(url);
    const popup = await harness.clickAction(page);
    return {
      popup,
      tabId,
      done: async () => {
        await popup.close();
        await page.close();
      },
    };
  }

  async function badgeTitle(tabId: number): Promise<string> {
    return until('the badge', async () => (await harness.badge(tabId)).title, /Allowed|Blocked/);
  }

  it('lets the rules under an HTML comment decide, with no HTML warning anywhere (seen 1)', async () => {
    const origin = demo.sites['trust-html-comment'].origin;
    const { popup, tabId, done } = await clickOn(`${origin}/private/page.html`);
    expect(await waitForInspection(popup)).toMatch(/Blocked.*line 3/s);
    expect(await popup.text(WARNING)).toBeNull();
    expect(await popup.evaluate(() => document.body.innerText)).not.toMatch(/HTML page/);
    expect(await badgeTitle(tabId)).toBe('Googlebot: Blocked — by line 3 `Disallow: /private/`.');
    await done();
  });

  it('names text/html beside the verdict and in the badge title, which still gives the deciding rule (seen 2)', async () => {
    const origin = demo.sites['trust-served-html'].origin;
    const { popup, tabId, done } = await clickOn(`${origin}/public/page.html`);
    expect(await waitForInspection(popup)).toMatch(/Allowed.*line 3/s);
    expect(await popup.waitFor(WARNING)).toContain('text/html');
    const title = await badgeTitle(tabId);
    expect(title).toContain('Allowed — by line 3 `Allow: /public/`');
    expect(title).toContain('served as text/html');
    expect(title).not.toContain('no rule applies');
    await done();
  });

  it('says a 580 KiB HTML page is HTML and was cut at 500 KiB, beside the verdict (seen 3)', async () => {
    const origin = demo.sites['trust-html-large'].origin;
    const { popup, done } = await clickOn(`${origin}/private/page.html`);
    await waitForInspection(popup);
    const warning = await popup.waitFor(WARNING);
    expect(warning).toContain('HTML');
    expect(warning).toContain('cut at 500 KiB');
    await done();
  });

  it('names UTF-16 beside the verdict: no rule applies (seen 3)', async () => {
    const origin = demo.sites['trust-utf16'].origin;
    const { popup, tabId, done } = await clickOn(`${origin}/private/page.html`);
    expect(await waitForInspection(popup)).toContain('Allowed');
    expect(await popup.waitFor(WARNING)).toMatch(/UTF-16.*no rule applies/s);
    expect(await badgeTitle(tabId)).toContain('UTF-16');
    await done();
  });

  it('says the 500 KiB cut made the deciding rule, and shows the declared size (seen 4, 5)', async () => {
    const origin = demo.sites['trust-cut-rule'].origin;
    const { popup, done } = await clickOn(`${origin}/html/E99999_01/`);
    expect(await waitForInspection(popup)).toMatch(/Blocked.*Disallow: \/html\/E(?![\w/])/s);
    const warning = await popup.waitFor(WARNING);
    expect(warning).toContain('cut at 500 KiB');
    expect(warning).toMatch(/deciding rule, line \d+ Disallow: \/html\/E, is the last line read/);
    expect(await popup.evaluate(() => document.body.innerText)).toContain('833.0 KiB');
    await done();
  });

  it('matches a Latin-1 file’s bytes: /caf%E9 is blocked, /caf%C3%A9 is not', async () => {
    const origin = demo.sites['trust-latin1'].origin;
    const blocked = await clickOn(`${origin}/caf%E9`);
    expect(await until('the verdict', () => blocked.popup.text(VERDICT), SETTLED)).toMatch(/Blocked.*line 2/s);
    expect(await blocked.popup.waitFor(WARNING)).toContain('not UTF-8');
    await blocked.done();
    const allowed = await clickOn(`${origin}/caf%C3%A9`);
    expect(await until('the verdict', () => allowed.popup.text(VERDICT), SETTLED)).toContain('Allowed');
    await allowed.done();
  });

  it('shows a stalled fetch’s URL and seconds, and Cancel stops the worker’s fetch and says so (seen 12)', async () => {
    const origin = demo.sites['trust-stall'].origin;
    const { popup, done } = await clickOn(`${origin}/page.html`);
    expect(await popup.waitFor('[data-testid="loading-url"]')).toBe(`${origin}/robots.txt`);
    await until('a second elapsed', () => popup.text('[data-testid="loading-elapsed"]'), /^[1-9]\d* s elapsed/);
    await popup.evaluate(() => (document.querySelector('[data-testid="loading-cancel"]') as HTMLElement).click());
    const error = await until('the cancel', () => popup.text('[data-testid="error"]'), /Cancel/);
    expect(error).toMatch(new RegExp(`Cancelled: Robotscope stopped fetching ${origin}/robots.txt after \\d+ s\\.`));
    await done();
  });

  it('gives blocked-because-unreachable one colour in badge and card (seen 13)', async () => {
    const origin = demo.sites.unavailable.origin;
    const { popup, tabId, done } = await clickOn(`${origin}/anything.html`);
    expect(await waitForInspection(popup)).toContain('robots.txt unreachable');
    expect(await popup.evaluate(() => document.querySelector('.verdict-card')?.className)).toContain(
      'tone-unreachable',
    );
    const badge = await harness.badge(tabId);
    expect(badge).toMatchObject({ text: 'ERR', color: [0xe3, 0x74, 0x00, 255] });
    expect(badge.title).toContain('Blocked — robots.txt unreachable');
    await done();
  });

  it('keeps what the extension stores from the content script’s world and the page, and stops the content script when page inspection goes off', async () => {
    const origin = demo.sites['hostile-pages'].origin;
    // What an older version kept in storage.local: the restarted worker moves it to its own database.
    const legacyWatch = {
      origin: 'https://legacy-watch.test',
      since: 1,
      lastCheckAt: null,
      lastResult: null,
      lastStatus: null,
    };
    const before = await harness.serviceWorker();
    await before.evaluate((items) => chrome.storage.local.set(items), { watchedSites: [legacyWatch] });
    await harness.stopServiceWorker();

    const { page, tabId } = await harness.openPage(`${origin}/clone`);
    await page.waitForLoadState('load');
    const worker = await harness.serviceWorker();
    // The worker keeps the cache of the page's origin and the moved watch list in its own database;
    // storage.local holds none of the settings, the watch list or the cache any more.
    await pollFor('the cache of the page’s origin', 10_000, async () =>
      (await worker.evaluate(readKeptOrigins, 'robots')).includes(origin) ? true : null,
    );
    expect(await worker.evaluate(readKeptItem, 'watchedSites')).toEqual([legacyWatch]);
    const local = Object.keys(await worker.evaluate(() => chrome.storage.local.get(null)));
    expect(
      local.filter((key) => /^(settings|watchedSites|robotsCacheIndex|tdmrepCacheIndex|robots:|tdmrep:)/.test(key)),
    ).toEqual([]);

    // The extension's isolated world in the page: where its content script runs.
    const cdp = await harness.context.newCDPSession(page);
    const worlds: { id: number; name: string; auxData?: { type?: string } }[] = [];
    cdp.on('Runtime.executionContextCreated', (event: { context: (typeof worlds)[number] }) =>
      worlds.push(event.context),
    );
    await cdp.send('Runtime.enable');
    const world = await until(
      'the content script’s world',
      async () => worlds.find((w) => w.auxData?.type === 'isolated' && /Robotscope/.test(w.name))?.name ?? null,
      /Robotscope/,
    );
    const contextId = worlds.find((w) => w.name === world)?.id;
    const read = await cdp.send('Runtime.evaluate', {
      contextId,
      awaitPromise: true,
      returnByValue: true,
      expression: `(async () => ({
        local: await chrome.storage.local.get(null).then((all) => Object.keys(all), (e) => "refused: " + e.message),
        session: await chrome.storage.session.get(null).then((all) => Object.keys(all), (e) => "refused: " + e.message),
        databases: (await indexedDB.databases()).map((d) => d.name),
      }))()`,
    });
    const seen = (
      read.result as { value: { local: string[] | string; session: string[] | string; databases: string[] } }
    ).value;
    expect(seen.local).toMatch(/^refused: /);
    expect(seen.session).toMatch(/^refused: /);
    // IndexedDB there is the page's: the extension's databases are not in it.
    expect(seen.databases.filter((name) => name.startsWith('robotscope'))).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(
      'robotscope-kept',
    );

    // A settings change reaches the popup: the next popup shows the crawler chosen.
    const changer = await harness.openPopupForTab(tabId);
    await changer.evaluate(() => chrome.runtime.sendMessage({ type: 'setSettings', payload: { crawler: 'GPTBot' } }));
    await changer.close();
    const shown = await harness.openPopupForTab(tabId);
    try {
      expect(
        await until('the crawler shown', () => shown.inputValue('[data-testid=crawler-select]'), /GPTBot/),
      ).toMatch(/GPTBot/);
      expect((await worker.evaluate(readKeptItem, 'settings')) as { crawler: string }).toMatchObject({
        crawler: 'GPTBot',
      });
    } finally {
      await shown.evaluate(() =>
        chrome.runtime.sendMessage({ type: 'setSettings', payload: { crawler: 'Googlebot' } }),
      );
      await shown.close();
    }

    // The content script got its settings from the worker: it marks; inspection off removes the marks.
    const popup = await harness.openPopupForTab(tabId);
    await popup.click('[data-testid=mark-links]');
    await until('the marking summary', () => popup.locator('[data-testid=mark-summary]').innerText(), /marked in/);
    expect(await page.locator('[data-robotscope-mark]').count()).toBe(2);
    const setInspection = (on: boolean) =>
      popup.evaluate(
        (value) => chrome.runtime.sendMessage({ type: 'setSettings', payload: { pageInspection: value } }),
        on,
      );
    await setInspection(false);
    try {
      await until('the marks removed', async () => String(await page.locator('[data-robotscope-mark]').count()), /^0$/);
      expect(await page.locator('robotscope-legend').count()).toBe(0);
    } finally {
      await setInspection(true);
      await popup.close();
      await page.close();
    }
  });
});
