import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_IMAGE_HOSTS } from '../support/demo/hostile';
import { useChromium, useDemo } from '../support/fixtures';
import { pollFor, until } from '../support/wait';
import { holdHistoryDatabase } from '../support/hold-database';
import { readKeptItem, refuseIndexedDbWrites, restoreIndexedDbWrites } from '../support/kept-database';

// Hostile pages and a hostile profile in real Chromium: bounds per item in the page reading, the
// badge following a busy head, other hosts capped per page, marks leaving no trace on clones,
// history that never blocks an inspection nor reads all of itself, and a full database.

const SECTION = '[data-testid="indexability"]';

describe('hostile input in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();
  let origin: string;

  beforeAll(async () => {
    await harness.serviceWorker();
    origin = demo.sites['hostile-pages'].origin;
  });

  async function openWithPopup(url: string): Promise<{ page: Page; popup: Page; tabId: number }> {
    const { page, tabId } = await harness.openPage(url);
    await page.waitForLoadState('load');
    const popup = await harness.openPopupForTab(tabId);
    return { page, popup, tabId };
  }

  const sectionText = (popup: Page) => popup.locator(SECTION).innerText({ timeout: 1000 });

  it('reads a page whose URL is 6,000 characters', async () => {
    const url = `${origin}/long?q=${'a'.repeat(6000 - `${origin}/long?q=`.length)}`;
    expect(url).toHaveLength(6000);
    const { page, popup } = await openWithPopup(url);
    const text = await until('the long page’s verdict', () => sectionText(popup), /Not indexable|not been read/);
    expect(text).toMatch(/Not indexable for [\w-]+: noindex/);
    await popup.close();
    await page.close();
  });

  it('keeps the page data of an address over 16,384 characters (a long fragment)', async () => {
    // The demo server refuses a request line that long, so the length is in the fragment, which
    // the browser never sends: the reading drops it rather than dropping the page.
    const url = `${origin}/long?q=1#${'f'.repeat(20_000)}`;
    const { page, popup } = await openWithPopup(url);
    const text = await until('the long page’s verdict', () => sectionText(popup), /Not indexable|not been read/);
    expect(text).toMatch(/Not indexable for [\w-]+: noindex/);
    await popup.close();
    await page.close();
  });

  it('finds a noindex after 150 index metas and says the reading was cut', async () => {
    const { page, popup } = await openWithPopup(`${origin}/many-metas`);
    const text = await until('the verdict', () => sectionText(popup), /Not indexable|Can be indexed|not been read/);
    expect(text).toMatch(/Not indexable for [\w-]+: noindex/);
    expect(await popup.locator(SECTION).textContent()).toContain('Read in part: 51 robots meta tags were left out');
    await popup.close();
    await page.close();
  });

  it('follows a head that changes every 20 ms: the badge says NOIX within the maximum wait', async () => {
    const { page, tabId } = await harness.openPage(`${origin}/busy-head`);
    await page.waitForLoadState('load');
    await page.waitForSelector('body[data-noindex=yes]');
    const since = Date.now();
    await until('a NOIX badge', async () => (await harness.badge(tabId)).text, /^NOIX$/, 5000);
    console.info(`Busy head: the badge said NOIX ${Date.now() - since} ms after the noindex was added.`);
    await page.close();
  });

  it(`checks 50 of ${HOSTILE_IMAGE_HOSTS} image hosts on its own and says the rest wait for a click`, async () => {
    const { page, tabId } = await harness.openPage(`${origin}/images`);
    await page.waitForLoadState('load');
    await pollFor(`${HOSTILE_IMAGE_HOSTS} resources recorded`, 30_000, async () => {
      const worker = await harness.serviceWorker();
      const count = await worker.evaluate(async (key) => {
        const value = (await chrome.storage.session.get(key))[key] as { entries?: unknown[] } | undefined;
        return value?.entries?.length ?? 0;
      }, `resources:${tabId}`);
      return count >= HOSTILE_IMAGE_HOSTS ? count : null;
    });
    const worker = await harness.serviceWorker();
    const fetchesBefore = await worker
      .evaluate(readKeptItem, 'robotsCacheIndex')
      .then((index) => (index as { counters: { fetches: number } } | undefined)?.counters.fetches ?? 0);
    const popup = await harness.openPopupForTab(tabId);
    const notes = await until(
      'the resources note',
      async () => (await popup.locator('[data-testid="resources"]').textContent({ timeout: 1000 })) ?? '',
      /more wait for/,
      30_000,
    );
    expect(notes).toContain(`Other hosts are checked 50 per page on their own: ${HOSTILE_IMAGE_HOSTS - 50} more wait`);
    await popup.waitForTimeout(1500);
    const listed = await popup.evaluate(async () => {
      const reply = await chrome.runtime.sendMessage<
        unknown,
        { value: { entries: { origin: string }[]; stats: { fetches: number } } }
      >({ type: 'listCache', payload: {} });
      return reply.value;
    });
    const imageOrigins = listed.entries.filter((e) => /img\d+\.localhost/.test(e.origin)).length;
    expect(imageOrigins).toBeLessThanOrEqual(50);
    expect(listed.stats.fetches - fetchesBefore).toBeLessThanOrEqual(51);
    await popup.close();
    await page.close();
  });

  it('removes the marks of links the page cloned while Mark links was on', async () => {
    const { page, popup } = await openWithPopup(`${origin}/clone`);
    await popup.click('[data-testid=mark-links]');
    await until('the marking summary', () => popup.locator('[data-testid=mark-summary]').innerText(), /marked in/);
    await page.click('#clone');
    expect(await page.locator('[data-robotscope-mark]').count()).toBe(4);
    await popup.click('[data-testid=mark-links]');
    await until('the marks removed', async () => String(await page.locator('[data-robotscope-mark]').count()), /^0$/);
    expect(await page.locator('robotscope-legend').count()).toBe(0);
    await popup.close();
    await page.close();
  });

  it('leaves no mark on clones the page kept aside while Mark links was on and inserts after', async () => {
    const { page, popup } = await openWithPopup(`${origin}/clone`);
    await popup.click('[data-testid=mark-links]');
    await until('the marking summary', () => popup.locator('[data-testid=mark-summary]').innerText(), /marked in/);
    await page.click('#keep');
    // The clones carry the mark while they wait outside the document.
    expect(
      await page.evaluate(() =>
        (window as unknown as { kept: Element[] }).kept.map((a) => a.getAttribute('data-robotscope-mark')),
      ),
    ).toEqual(['blocked', 'nofollow']);
    await popup.click('[data-testid=mark-links]');
    await until('the marks removed', async () => String(await page.locator('[data-robotscope-mark]').count()), /^0$/);
    await page.click('#insert');
    expect(await page.locator('#list a').count()).toBe(4);
    expect(await page.locator('[data-robotscope-mark]').count()).toBe(0);
    await popup.close();
    await page.close();
  });

  it('keeps a fetch’s history reads small with 20,000 origins kept', async () => {
    // History starts for a site the user inspects: make sure the database exists at its version.
    const first = await openWithPopup(`${demo.sites['hostile-pages'].origin}/`);
    await first.popup.close();
    await first.page.close();
    const worker = await harness.serviceWorker();
    await worker.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('robotscope-history');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['origins', 'meta'], 'readwrite');
      const origins = tx.objectStore('origins');
      for (let i = 0; i < 20_000; i++) {
        const at = Date.UTC(2020, 0, 1) + i;
        origins.put({
          origin: `https://seed${i}.example`,
          nextSeq: 2,
          inspectedSeq: null,
          seenAt: at,
          count: 1,
          versions: [
            { seq: 1, firstSeen: at, lastSeen: at, status: '404', outcome: 'unavailable', size: 0, hash: 'x' },
          ],
        });
      }
      tx.objectStore('meta').put({ origins: 20_001, versions: 20_001, bytes: 0 }, 'totals');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      // Count what the extension's next fetch reads.
      const counts = { get: 0, getAll: 0, cursor: 0 };
      (self as unknown as { historyReads: typeof counts }).historyReads = counts;
      const get = IDBObjectStore.prototype.get;
      const getAll = IDBObjectStore.prototype.getAll;
      // Records read through a cursor: its value getter (idb knows the cursor's methods by identity, so they stay).
      const value = Object.getOwnPropertyDescriptor(IDBCursorWithValue.prototype, 'value');
      IDBObjectStore.prototype.get = function (...args) {
        if (this.name === 'origins' || this.name === 'meta') counts.get++;
        return get.apply(this, args);
      };
      IDBObjectStore.prototype.getAll = function (...args) {
        counts.getAll++;
        return getAll.apply(this, args);
      };
      Object.defineProperty(IDBCursorWithValue.prototype, 'value', {
        ...value,
        get(this: IDBCursorWithValue) {
          counts.cursor++;
          return value?.get?.call(this) as unknown;
        },
      });
    });
    const other = demo.sites['res-site'].origin;
    const { page, popup } = await openWithPopup(`${other}/`);
    await until('the verdict', async () => (await popup.textContent('body')) ?? '', /Allowed|Blocked/);
    const reads = await pollFor('the history write', 10_000, async () => {
      const counts = await worker.evaluate(() => (self as unknown as { historyReads: { get: number } }).historyReads);
      return counts.get >= 2 ? counts : null;
    });
    await popup.waitForTimeout(500);
    const final = await worker.evaluate(
      () => (self as unknown as { historyReads: { get: number; getAll: number; cursor: number } }).historyReads,
    );
    const totals = await worker.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('robotscope-history');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const value = await new Promise<unknown>((resolve) => {
        const request = db.transaction('meta').objectStore('meta').get('totals');
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return value as { origins: number };
    });
    console.info(
      `History with 20,000 origins: one fetch read ${JSON.stringify(final)}, totals after ${JSON.stringify(totals)}`,
    );
    // The fetch was recorded, and evicted at most 50 of the least recently seen origins.
    expect(totals.origins).toBe(20_002 - 50);
    expect(reads.get).toBeGreaterThanOrEqual(2);
    expect(final.getAll).toBe(0);
    // Its own origin and the totals, a few reads of the popup, and at most 50 evicted origins.
    expect(final.get).toBeLessThan(20);
    expect(final.cursor).toBeLessThanOrEqual(60);
    await popup.close();
    await page.close();
  });

  it('still inspects a new site when its database refuses writes as a full one does, and says so', async () => {
    const worker = await harness.serviceWorker();
    await worker.evaluate(refuseIndexedDbWrites);
    try {
      const site = demo.sites['res-cdn'].origin;
      const { page, popup } = await openWithPopup(`${site}/`);
      const body = await until(
        'the storage-full note',
        async () => (await popup.textContent('body')) ?? '',
        /could not be kept in the cache/,
      );
      expect(body).toMatch(/Allowed|Blocked/);
      expect(body).toContain("the browser's storage for Robotscope is full");
      expect(body).not.toMatch(/QuotaExceededError|quota has been exceeded/);
      await popup.close();
      await page.close();
    } finally {
      await worker.evaluate(restoreIndexedDbWrites);
    }
  });

  it('answers an inspection while the history database never answers', async () => {
    // A readwrite transaction that never ends, from another page of the extension, leaves every
    // history read and write of the worker waiting.
    // An inspection first, so the worker's history database exists at its version.
    const first = await openWithPopup(`${origin}/`);
    await until('the verdict', async () => (await first.popup.textContent('body')) ?? '', /Allowed|Blocked/);
    await first.popup.close();
    await first.page.close();
    const holder = await harness.context.newPage();
    await holder.goto(`chrome-extension://${harness.extensionId}/icon/128.png`);
    await holder.evaluate(holdHistoryDatabase);
    const { page, popup } = await openWithPopup(`${demo.sites['res-down'].origin}/`);
    const body = await until(
      'the verdict',
      async () => (await popup.textContent('body')) ?? '',
      /Allowed|Blocked/,
      4000,
    );
    expect(body).toMatch(/Allowed|Blocked/);
    await popup.close();
    await page.close();
    await holder.close();
  });
});
