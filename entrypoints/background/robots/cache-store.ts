/**
 * The robots.txt cache's store in the extension's IndexedDB (../kept-db.ts): one index of every
 * origin in the `items` store and one record per origin in the cache's own store, so the cache
 * survives the worker being stopped and the browser being restarted, and no content script can read
 * which sites were visited. A write is one transaction: a stopped worker never leaves an index
 * without its records or the reverse.
 */
import type { CacheIndex, CacheStore, CacheWrite } from '../../../lib/cache';
import { CACHE_INDEX_KEY } from '../../../lib/protocol/storage-keys';
import { committed, type OpenKeptDb, type RecordStoreName } from '../kept-db';

/** Where a cache keeps its index and its records (robots.txt's by default; tdmrep.json has its own). */
export interface CacheKeys {
  readonly indexKey: string;
  readonly records: RecordStoreName;
}

/** Returns a cache's store over the kept database (robots.txt's keys unless others are given). */
export function createIdbCacheStore(
  db: OpenKeptDb,
  { indexKey, records }: CacheKeys = { indexKey: CACHE_INDEX_KEY, records: 'robots' },
): CacheStore {
  return {
    async readIndex() {
      const index = await (await db()).get('items', indexKey);
      return (index as CacheIndex | undefined) ?? null;
    },
    async readRecord(origin) {
      return (await (await db()).get(records, origin)) ?? null;
    },
    async write(change: CacheWrite) {
      const tx = (await db()).transaction(['items', records], 'readwrite');
      const store = tx.objectStore(records);
      const writes: Promise<unknown>[] = [];
      try {
        if (change.remove === 'all') writes.push(store.clear());
        else for (const origin of change.remove) writes.push(store.delete(origin));
        for (const [origin, record] of Object.entries(change.put)) writes.push(store.put(record, origin));
        writes.push(tx.objectStore('items').put(change.index, indexKey));
      } catch (error) {
        // A write the browser refuses at once: nothing of this change is kept, and the refusal is what is thrown.
        void committed(tx, writes).catch(() => {});
        tx.abort();
        throw error;
      }
      await committed(tx, writes);
    },
  };
}
