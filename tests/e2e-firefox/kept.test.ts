import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import { useDemo, useFirefox } from '../support/fixtures';
import { readKeptItem, readKeptOrigins } from '../support/kept-database';
import { pollFor, until } from '../support/wait';

// What the add-on keeps, in real Firefox ESR: Firefox lets a content script read storage.local
// whatever the add-on asks, so the settings, the watch list and the robots.txt cache live in the
// add-on's own IndexedDB, moved there from storage.local once; a content script and the page see
// neither.

/** The keys an older version kept the settings, the watch list and the caches under in storage.local. */
const KEPT_KEY = /^(settings|watchedSites|robotsCacheIndex|tdmrepCacheIndex|robots:|tdmrep:)/;

describe('what the add-on keeps, in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  it('moves an older version’s storage.local values to its own database, and no content script or page reads them', async () => {
    const legacyWatch = {
      origin: 'https://legacy-watch.test',
      since: 1,
      lastCheckAt: null,
      lastResult: null,
      lastStatus: null,
    };
    await harness.evaluate((ext, items) => ext.storage.local.set(items), {
      settings: { ...DEFAULT_SETTINGS, crawler: 'GPTBot' },
      settings$: { v: 1 },
      watchedSites: [legacyWatch],
    });
    // The background page starts again (as after an update) and moves them at its first read.
    await harness.evaluate(async (ext) => {
      const api = ext as unknown as { runtime: { getBackgroundPage(): Promise<Window> } };
      (await api.runtime.getBackgroundPage()).location.reload();
    });
    // The old page may still answer for a moment: wait for the moved settings (never there before).
    const settings = await pollFor('the moved settings', 15_000, async () => {
      const read = await harness.call('getSettings', {}).catch(() => null);
      return read?.crawler === 'GPTBot' ? read : null;
    });
    expect(settings.watchCrawlers).toEqual(DEFAULT_SETTINGS.watchCrawlers);
    expect(await harness.evaluate(readKeptItem, 'watchedSites')).toEqual([legacyWatch]);

    const origin = demo.sites['res-site'].origin;
    const { page, tabId } = await harness.openPage(`${origin}/`);
    await harness.waitForBadge(tabId);
    await pollFor('the cache of the page’s origin', 10_000, async () =>
      (await harness.evaluate(readKeptOrigins, 'robots')).includes(origin) ? true : null,
    );

    // Code in the add-on's content-script world of the page: storage.local is readable there in
    // Firefox, and holds nothing the add-on keeps; IndexedDB there is the page's.
    const [seen] = (await harness.evaluate(
      (ext, id) =>
        (
          ext as unknown as {
            tabs: { executeScript(tabId: number, details: { code: string }): Promise<unknown[]> };
          }
        ).tabs.executeScript(id, {
          code: `(async () => ({
            local: Object.keys(await browser.storage.local.get(null)),
            session: browser.storage.session === undefined
              ? 'absent'
              : await browser.storage.session.get(null).then((all) => Object.keys(all), (e) => 'refused: ' + e.message),
            databases: (await indexedDB.databases()).map((d) => d.name),
          }))()`,
        }),
      tabId,
    )) as { local: string[]; session: string[] | string; databases: string[] }[];
    expect(seen?.local.filter((key) => KEPT_KEY.test(key))).toEqual([]);
    // What the background page notes per tab (storage.session) stays closed to it.
    expect(seen?.session).toMatch(/^(absent|refused: )/);
    expect(seen?.databases.filter((name) => name.startsWith('robotscope'))).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(
      'robotscope-kept',
    );

    // A settings change reaches the popup: the next popup shows the crawler chosen.
    await harness.call('setSettings', { crawler: 'Bingbot' });
    const popup = await harness.openPopupForTab(tabId);
    const shown = () =>
      popup.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid=crawler-select]')?.value ?? '');
    expect(await until('the crawler shown', shown, /Bingbot/)).toMatch(/Bingbot/);
    expect(await harness.evaluate(readKeptItem, 'settings')).toMatchObject({ crawler: 'Bingbot' });
    await popup.close();
    await page.close();
  }, 60_000);
});
