/**
 * Run inside the extension (the worker, the background page or an extension page, through evaluate):
 * reads what the kept database (entrypoints/background/kept-db.ts) holds. Self-contained: each
 * function is serialised, so it closes over nothing; called as `fn(arg)` in a Playwright worker and
 * as `fn(api, arg)` by `evaluateInExtension`, it takes the last argument it is given. A database that
 * does not exist yet is not created (that would create it without its stores): the read answers
 * undefined.
 */
import type { BrowserHarness } from './browser';

/** Returns the kept `items` value at `key`, read in either browser's extension (browser.ts). */
export function keptItemIn(browser: BrowserHarness, key: string): Promise<unknown> {
  return browser.evaluateInExtension(readKeptItem, key);
}

/** Returns the `items` value at `key` (settings, watchedSites, robotsCacheIndex, …), or undefined. */
export async function readKeptItem(first: unknown, second?: string): Promise<unknown> {
  const key = second ?? (first as string);
  const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
    const request = indexedDB.open('robotscope-kept');
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject(request.error));
  });
  if (db === null) return undefined;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const request = db.transaction('items').objectStore('items').get(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** Returns the origins a cache's store (`robots` or `tdmrep`) holds records of. */
export async function readKeptOrigins(first: unknown, second?: string): Promise<string[]> {
  const store = second ?? (first as string);
  const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
    const request = indexedDB.open('robotscope-kept');
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject(request.error));
  });
  if (db === null) return [];
  try {
    return await new Promise<string[]>((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).getAllKeys();
      request.onsuccess = () => resolve(request.result.map(String));
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/**
 * Makes every IndexedDB write of this global refuse with QuotaExceededError, as a full database
 * does (a real profile's quota is far too large to fill in a test); `restoreIndexedDbWrites` undoes it.
 */
export function refuseIndexedDbWrites(): void {
  const proto = IDBObjectStore.prototype as unknown as { put: unknown; keptPut?: unknown };
  proto.keptPut ??= proto.put;
  proto.put = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}

/** Gives IndexedDB its writes back after refuseIndexedDbWrites. */
export function restoreIndexedDbWrites(): void {
  const proto = IDBObjectStore.prototype as unknown as { put: unknown; keptPut?: unknown };
  if (proto.keptPut !== undefined) proto.put = proto.keptPut;
  delete proto.keptPut;
}
