/** Reading the workbench's drafts database from a test, in the extension's service worker. */
import type { Worker } from 'playwright-core';
import type { BrowserHarness } from './browser';

export const DRAFTS_DB = 'robotscope-workbench';

/** Returns the drafts the workbench's database holds for `origin`, read in the service worker (null when none). */
export function storedDrafts(worker: Worker, origin: string): Promise<unknown> {
  return worker.evaluate(readDrafts, { name: DRAFTS_DB, key: origin } as DraftsKey);
}

/** The same, in either browser: read in the extension's background (browser.ts). */
export function storedDraftsIn(browser: BrowserHarness, origin: string): Promise<unknown> {
  return browser.evaluateInExtension(readDrafts, { name: DRAFTS_DB, key: origin });
}

interface DraftsKey {
  readonly name: string;
  readonly key: string;
}

/**
 * Reads `key` of the drafts store of database `name`. Serialised with its source, so it closes
 * over nothing; called as `fn(arg)` in a Playwright worker and as `fn(api, arg)` by
 * `evaluateInExtension`, it takes the last argument it is given.
 */
function readDrafts(first: unknown, second?: DraftsKey): Promise<unknown> {
  const { name, key } = second ?? (first as DraftsKey);
  return new Promise<unknown>((resolve, reject) => {
    // No version: opened at whatever version it has, so a newer one is read too.
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('drafts').objectStore('drafts').get(key);
      get.onsuccess = () => {
        db.close();
        resolve(get.result ?? null);
      };
      get.onerror = () => reject(get.error ?? new Error('get failed'));
    };
  });
}
