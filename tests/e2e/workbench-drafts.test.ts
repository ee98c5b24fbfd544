import { DRAFTS_DB as DB, storedDrafts } from '../support/drafts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

// Where the workbench keeps drafts, in real Chromium: its own IndexedDB (robotscope-workbench), so a
// full storage.local (the robots.txt cache's area) never stops a draft being saved; drafts an older
// version left in storage.local are moved there once; and drafts that cannot be read are shown as
// such and never saved over.

const textOf = (page: Page, selector: string) => page.locator(selector).first().innerText();

describe('workbench drafts in IndexedDB, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function openWorkbench(origin: string): Promise<Page> {
    const wb = await harness.context.newPage();
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await wb.waitForSelector('[data-testid=draft-editor] .cm-content');
    return wb;
  }

  async function typeAtEnd(wb: Page, line: string): Promise<void> {
    await wb.click('[data-testid=draft-editor] .cm-content');
    await wb.keyboard.press('Control+End');
    await wb.keyboard.press('Enter');
    await wb.keyboard.type(line);
  }

  it('moves a draft out of storage.local once, and a typed draft survives a reload from IndexedDB', async () => {
    const origin = demo.sites['wb-sitemaps'].origin;
    const worker = await harness.serviceWorker();
    const legacy = {
      currentId: 'k',
      drafts: [{ id: 'k', name: 'Kept in storage.local', text: 'User-agent: *\nDisallow: /old/\n', updatedAt: 1 }],
    };
    await worker.evaluate((items) => chrome.storage.local.set(items), { [`workbench-drafts:${origin}`]: legacy });

    const wb = await openWorkbench(origin);
    await until('the moved draft', () => textOf(wb, '[data-testid=draft-editor] .cm-content'), /Disallow: \/old\//);
    expect(await textOf(wb, '[data-testid=draft-saved]')).toBe('Restored from your last session.');
    expect(await worker.evaluate((key) => chrome.storage.local.get(key), `workbench-drafts:${origin}`)).toEqual({});
    expect(await storedDrafts(worker, origin)).toEqual(legacy);

    await typeAtEnd(wb, 'Disallow: /typed/');
    await until('the save', () => textOf(wb, '[data-testid=draft-saved]'), /^Saved\.$/);
    await wb.reload();
    await until(
      'the restored draft',
      () => textOf(wb, '[data-testid=draft-editor] .cm-content'),
      /Disallow: \/old\/\s+Disallow: \/typed\//,
    );
    expect(await worker.evaluate(() => chrome.storage.local.getKeys())).not.toContain(`workbench-drafts:${origin}`);
    await wb.close();
  });

  it('saves drafts while storage.local is full to the byte', async () => {
    const origin = demo.sites.blocked.origin;
    const wb = await openWorkbench(origin);
    const worker = await harness.serviceWorker();
    // Fill storage.local to its quota: the largest filler it takes, then one byte more is refused.
    const refused = await worker.evaluate(async () => {
      const quota = chrome.storage.local.QUOTA_BYTES;
      const fits = async (size: number) =>
        chrome.storage.local.set({ filler: 'x'.repeat(size) }).then(
          () => true,
          () => false,
        );
      // A value costs its key and its JSON (the string's quotes) against the quota: search near that.
      await chrome.storage.local.remove('filler');
      const guess = quota - (await chrome.storage.local.getBytesInUse(null)) - 'filler'.length - 2;
      let low = Math.max(0, guess - 256);
      let high = guess + 256;
      if (!(await fits(low))) low = 0;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (await fits(mid)) low = mid;
        else high = mid - 1;
      }
      await chrome.storage.local.set({ filler: 'x'.repeat(low) });
      const inUse = await chrome.storage.local.getBytesInUse(null);
      const error = await chrome.storage.local.set({ more: 'x' }).then(
        () => null,
        (e: unknown) => String(e),
      );
      return { quota, inUse, error };
    });
    expect(refused.inUse).toBe(refused.quota);
    expect(refused.error).toMatch(/quota/i);

    await typeAtEnd(wb, 'Disallow: /while-full/');
    await until('the save', () => textOf(wb, '[data-testid=draft-saved]'), /^Saved\.$/);
    expect(await wb.locator('[data-testid=draft-storage-problem]').count()).toBe(0);
    await wb.reload();
    await until(
      'the restored draft',
      () => textOf(wb, '[data-testid=draft-editor] .cm-content'),
      /Disallow: \/while-full\//,
    );
    await worker.evaluate(() => chrome.storage.local.remove('filler'));
    await wb.close();
  });

  it('shows drafts it cannot read and saves nothing over them', async () => {
    const origin = demo.sites['wb-sitemaps'].origin;
    const worker = await harness.serviceWorker();
    const before = await storedDrafts(worker, origin);
    expect(before).toMatchObject({ drafts: [{ text: expect.stringContaining('Disallow: /typed/') }] });
    // A newer version of the database (as another Robotscope would make) cannot be opened by this page.
    await worker.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name, 2);
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
          open.onerror = () => reject(open.error ?? new Error('open failed'));
        }),
      DB,
    );

    const wb = await harness.context.newPage();
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await until(
      'the read failure',
      () => textOf(wb, '[data-testid=draft-storage-problem]'),
      /^Your saved drafts for .* could not be read \(the browser's storage did not give them back\)\. They are left as they were: nothing is saved over them\./,
    );
    await typeAtEnd(wb, 'Disallow: /must-not-be-saved/');
    await until(
      'the unsaved note',
      () => textOf(wb, '[data-testid=draft-saved]'),
      /^Not saved: your saved drafts could not be read\.$/,
    );
    // Longer than the typing pause: had a save been made, it would have landed.
    await wb.waitForTimeout(1000);
    expect(await storedDrafts(worker, origin)).toEqual(before);
    await wb.close();
    await worker.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const deleting = indexedDB.deleteDatabase(name);
          deleting.onsuccess = () => resolve();
          deleting.onerror = () => reject(deleting.error ?? new Error('delete failed'));
        }),
      DB,
    );
  });
});
