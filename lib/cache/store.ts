/**
 * What the robots.txt cache keeps, and the storage interface it keeps it in: a small index of
 * every origin (for listing, LRU eviction and figures) and one record per origin (the file itself).
 */
import type { FetchRecord } from '../fetch/types';

/** One cached origin, as the options page lists it. */
export interface CacheEntrySummary {
  readonly origin: string;
  readonly outcomeKind: FetchRecord['outcome']['kind'];
  readonly status: number | null;
  /**
   * Why there is no usable file (a redirect loop, too many redirects, a timeout, …); null for a
   * 2xx. Absent on entries an older version indexed.
   */
  readonly cause?: Exclude<FetchRecord['outcome'], { kind: 'ok' }>['cause'] | null;
  readonly fetchedAt: number;
  readonly expiresAt: number;
  /** Storage the record takes: UTF-8 bytes of its JSON. */
  readonly bytes: number;
  /** Times served from the cache since it was fetched. */
  readonly hits: number;
  /**
   * `other`: fetched only for another site's page (its resources, its links), kept within its own
   * smaller budget so it never evicts a site the user inspected. Absent: a site the user inspected.
   */
  readonly tier?: CacheTier;
}

/** Whose file a cached record is: a site the user inspected, or another host a page used. */
export type CacheTier = 'site' | 'other';

/** What the index knows about one cached origin, without its body: what the options page lists, and when it was last used. */
export interface CacheIndexEntry extends CacheEntrySummary {
  /** Epoch ms of the last fetch or hit: the least recently used entry is evicted first. */
  readonly lastUsedAt: number;
}

export interface CacheCounters {
  /** Lookups served from the cache. */
  readonly hits: number;
  /** Lookups that found nothing fresh and fetched. */
  readonly misses: number;
  /** Network fetches (misses and refreshes). */
  readonly fetches: number;
  /** Fetches the server answered (`ok` or `unavailable`). */
  readonly fetchSuccesses: number;
}

/** The cache's index, stored as one value. */
export interface CacheIndex {
  readonly version: 1;
  readonly entries: Readonly<Record<string, CacheIndexEntry>>;
  readonly counters: CacheCounters;
}

/** One write: the new index, records to store and records to delete (`all`: every record, listed or not). */
export interface CacheWrite {
  readonly index: CacheIndex;
  readonly put: Readonly<Record<string, FetchRecord>>;
  readonly remove: readonly string[] | 'all';
}

/** Where the cache lives (the extension's IndexedDB in the worker; a Map in tests). */
export interface CacheStore {
  readIndex(): Promise<CacheIndex | null>;
  readRecord(origin: string): Promise<FetchRecord | null>;
  write(change: CacheWrite): Promise<void>;
}

export const EMPTY_COUNTERS: CacheCounters = { hits: 0, misses: 0, fetches: 0, fetchSuccesses: 0 };

/** Returns an empty index. */
export function createEmptyIndex(): CacheIndex {
  return { version: 1, entries: {}, counters: EMPTY_COUNTERS };
}

/** Returns a CacheStore kept in memory, with the Map it writes to (for tests and Node tools). */
export function createMemoryCacheStore(): CacheStore & {
  readonly records: Map<string, FetchRecord>;
  index: CacheIndex | null;
} {
  const records = new Map<string, FetchRecord>();
  const store = {
    records,
    index: null as CacheIndex | null,
    async readIndex() {
      return store.index === null ? null : structuredClone(store.index);
    },
    async readRecord(origin: string) {
      const record = records.get(origin);
      return record === undefined ? null : structuredClone(record);
    },
    async write(change: CacheWrite) {
      if (change.remove === 'all') records.clear();
      else for (const origin of change.remove) records.delete(origin);
      for (const [origin, record] of Object.entries(change.put)) records.set(origin, structuredClone(record));
      store.index = structuredClone(change.index);
    },
  };
  return store;
}
