import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { useDemo, useFirefox } from '../support/fixtures';
import { until } from '../support/wait';
import { holdHistoryDatabase } from '../support/hold-database';

// Hostile profile in real Firefox ESR: an IndexedDB that never answers, and a database that
// refuses every write (a profile's IndexedDB quota is far too large to fill, so the background
// page's object stores are made to answer QuotaExceededError as a full one does).

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('hostile profile in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  it('answers an inspection while the history database never answers', async () => {
    // The background page opened its database at start-up: a readwrite transaction that never
    // ends, from another page of the add-on, leaves every one of its history reads and writes waiting.
    const holder = await harness.openExtensionPage('icon/128.png');
    await holder.evaluate(holdHistoryDatabase);
    const { tabId } = await harness.openPage(`${demo.sites['res-site'].origin}/`);
    const popup = await harness.openPopupForTab(tabId);
    expect(await until('the verdict', () => bodyText(popup), /Allowed|Blocked/, 4000)).toMatch(/Allowed|Blocked/);
    await popup.close();
    await holder.close();
  }, 60_000);

  it('still inspects a new site when its database refuses writes, and says so in words', async () => {
    const page = await harness.openExtensionPage('popup.html?tab=0');
    await page.evaluate(async () => {
      const ext = (globalThis as unknown as { browser: { extension: { getBackgroundPage(): Promise<Window> } } })
        .browser;
      const background = (await ext.extension.getBackgroundPage()) as unknown as {
        IDBObjectStore: { prototype: { put: unknown } };
        DOMException: typeof DOMException;
        realPut?: unknown;
      };
      const proto = background.IDBObjectStore.prototype;
      background.realPut = proto.put;
      proto.put = () => {
        throw new background.DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    try {
      const { tabId } = await harness.openPage(`${demo.sites['res-cdn'].origin}/`);
      const popup = await harness.openPopupForTab(tabId);
      const text = await until('the storage-full note', () => bodyText(popup), /could not be kept in the cache/);
      expect(text).toMatch(/Allowed|Blocked/);
      expect(text).toContain("the browser's storage for Robotscope is full");
      const watch = await popup.evaluate(async (origin) => {
        const ext = (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
          .browser;
        return ext.runtime.sendMessage({ type: 'setWatched', payload: { origin, watched: true } });
      }, demo.sites['res-cdn'].origin);
      expect(watch).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
      expect(JSON.stringify(watch)).toContain('The watch list could not be saved');
      await popup.close();
    } finally {
      await page.evaluate(async () => {
        const ext = (globalThis as unknown as { browser: { extension: { getBackgroundPage(): Promise<Window> } } })
          .browser;
        const background = (await ext.extension.getBackgroundPage()) as unknown as {
          IDBObjectStore: { prototype: { put: unknown } };
          realPut: unknown;
        };
        background.IDBObjectStore.prototype.put = background.realPut;
      });
      await page.close();
    }
  }, 60_000);
});
