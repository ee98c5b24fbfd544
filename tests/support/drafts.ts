/** Reading the workbench's drafts database from a test, in the extension's service worker. */
import type { Worker } from 'playwright-core';

export const DRAFTS_DB = 'robotscope-workbench';

/** Returns the drafts the workbench's database holds for `origin`, read in the service worker (null when none). */
export function storedDrafts(worker: Worker, origin: string): Promise<unknown> {
  return worker.evaluate(
    ({ name, key }) =>
      new Promise<unknown>((resolve, reject) => {
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
      }),
    { name: DRAFTS_DB, key: origin },
  );
}
