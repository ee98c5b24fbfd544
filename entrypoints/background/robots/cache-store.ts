/**
 * The robots.txt cache's store over storage.local: one index of every origin and one record per
 * origin, so the cache survives the worker being stopped and the browser being restarted.
 */
import { storage } from 'wxt/utils/storage';
import type { CacheIndex, CacheStore, CacheWrite } from '../../../lib/cache';
import type { FetchRecord } from '../../../lib/fetch/types';
import { CACHE_INDEX_KEY, CACHE_RECORD_PREFIX } from '../../../lib/protocol/storage-keys';

/** Where a cache keeps its index and its records (robots.txt's by default; tdmrep.json has its own). */
export interface CacheKeys {
  readonly indexKey: `local:${string}`;
  readonly recordPrefix: string;
}

/** Returns a cache's store over storage.local (robots.txt's keys unless others are given). */
export function createStorageCacheStore(
  { indexKey, recordPrefix }: CacheKeys = { indexKey: CACHE_INDEX_KEY, recordPrefix: CACHE_RECORD_PREFIX },
): CacheStore {
  const recordKey = (origin: string): `local:${string}` => `local:${recordPrefix}${origin}`;
  return {
    readIndex: () => storage.getItem<CacheIndex>(indexKey),
    readRecord: (origin) => storage.getItem<FetchRecord>(recordKey(origin)),
    async write(change: CacheWrite) {
      if (change.remove === 'all') {
        const snapshot = await storage.snapshot('local');
        const keys = Object.keys(snapshot)
          .filter((key) => key.startsWith(recordPrefix))
          .map((key) => `local:${key}` as const);
        if (keys.length > 0) await storage.removeItems(keys);
      } else if (change.remove.length > 0) {
        await storage.removeItems(change.remove.map(recordKey));
      }
      await storage.setItems([
        ...Object.entries(change.put).map(([origin, record]) => ({ key: recordKey(origin), value: record })),
        { key: indexKey, value: change.index },
      ]);
    },
  };
}
