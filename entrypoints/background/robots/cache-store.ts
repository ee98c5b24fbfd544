/**
 * The robots.txt cache's store over storage.local: one index of every origin and one record per
 * origin, so the cache survives the worker being stopped and the browser being restarted.
 */
import { storage } from 'wxt/utils/storage';
import type { CacheIndex, CacheStore, CacheWrite } from '../../../lib/cache';
import type { FetchRecord } from '../../../lib/fetch/types';
import { CACHE_INDEX_KEY, CACHE_RECORD_PREFIX, cacheRecordKey } from '../../../lib/protocol/storage-keys';

/** Returns the robots.txt cache's store over storage.local. */
export function createStorageCacheStore(): CacheStore {
  const recordKey = cacheRecordKey;
  return {
    readIndex: () => storage.getItem<CacheIndex>(CACHE_INDEX_KEY),
    readRecord: (origin) => storage.getItem<FetchRecord>(recordKey(origin)),
    async write(change: CacheWrite) {
      if (change.remove === 'all') {
        const snapshot = await storage.snapshot('local');
        const keys = Object.keys(snapshot)
          .filter((key) => key.startsWith(CACHE_RECORD_PREFIX))
          .map((key) => `local:${key}` as const);
        if (keys.length > 0) await storage.removeItems(keys);
      } else if (change.remove.length > 0) {
        await storage.removeItems(change.remove.map(recordKey));
      }
      await storage.setItems([
        ...Object.entries(change.put).map(([origin, record]) => ({ key: recordKey(origin), value: record })),
        { key: CACHE_INDEX_KEY, value: change.index },
      ]);
    },
  };
}
