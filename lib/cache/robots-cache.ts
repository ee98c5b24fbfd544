/**
 * The per-origin robots.txt cache: a record is served for at most 24 hours (RFC 9309 §2.4; less
 * when its Cache-Control says so, see ../fetch/freshness.ts), the cache is bounded by a count and a
 * byte budget (least recently used evicted, expired first), and concurrent lookups of one origin
 * share one fetch. Storage and clock are passed in, so it runs in Node.
 */
import { MAX_CACHE_AGE_MS, MIB } from '../fetch/constants';
import type { FetchRecord } from '../fetch/types';
import {
  type CacheEntrySummary,
  type CacheIndex,
  type CacheIndexEntry,
  type CacheStore,
  createEmptyIndex,
  EMPTY_COUNTERS,
} from './store';
import { createLru } from '../shared/lru';

/** Default bound on the number of cached origins. */
export const DEFAULT_MAX_ENTRIES = 200;
/** Default bound on the bytes of all records together: well inside storage.local's 10 MB quota. */
export const DEFAULT_MAX_BYTES = 4 * MIB;

/** How many records the cache keeps in memory besides storage (the most recently used). */
const RECENT_RECORDS = 8;

/** The cache's figures, as the options page shows them. */
export interface CacheStats {
  readonly entries: number;
  readonly bytes: number;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly hits: number;
  readonly misses: number;
  readonly fetches: number;
  /** Fetches whose outcome was `ok` or `unavailable` (the server answered). */
  readonly fetchSuccesses: number;
}

/** A page's robots.txt, as `locateRobotsTxt` gives it for a governed page. */
export interface RobotsTarget {
  readonly origin: string;
  readonly robotsUrl: string;
}

export interface RobotsCacheDeps {
  readonly store: CacheStore;
  /** Epoch ms. */
  readonly now: () => number;
  /** Fetches one robots.txt (fetchRobotsTxt with the transport and the current timeout). */
  readonly fetchRecord: (target: RobotsTarget) => Promise<FetchRecord>;
  /** Default DEFAULT_MAX_ENTRIES (200). */
  readonly maxEntries?: number;
  /** Default DEFAULT_MAX_BYTES (4 MiB). */
  readonly maxBytes?: number;
}

export interface CacheLookup {
  readonly record: FetchRecord;
  /** `cache`: served from storage; `network`: fetched for this lookup (or for one running at the same time). */
  readonly source: 'cache' | 'network';
}

export interface RobotsCache {
  /**
   * Returns the origin's record: from the cache while fresh, else fetched and stored. Lookups of
   * one origin made while a fetch runs share it. `refresh` skips the cache (still sharing a fetch
   * already running, which is as fresh).
   */
  lookup(target: RobotsTarget, options?: { readonly refresh?: boolean }): Promise<CacheLookup>;
  /** Returns the cached origins, most recently used first, and the cache's figures. */
  list(): Promise<{ entries: CacheEntrySummary[]; stats: CacheStats }>;
  /** Removes one origin, or all of them (and resets the figures); returns how many were removed. */
  clear(origin?: string): Promise<number>;
}

/** Returns true while `entry` may be served at `now`: before its expiry, never past 24 hours, never from the future. */
export function isFresh(entry: Pick<CacheIndexEntry, 'fetchedAt' | 'expiresAt'>, now: number): boolean {
  return now >= entry.fetchedAt && now < Math.min(entry.expiresAt, entry.fetchedAt + MAX_CACHE_AGE_MS);
}

/** Returns the storage a record takes: the UTF-8 bytes of its JSON. */
export function measureRecord(record: FetchRecord): number {
  return new TextEncoder().encode(JSON.stringify(record)).byteLength;
}

/**
 * Returns the origins to evict so that at most `maxEntries` entries and `maxBytes` bytes remain,
 * never `keep`: expired entries first (oldest expiry first), then the least recently used.
 */
export function chooseEvictions(
  entries: readonly CacheIndexEntry[],
  limits: { readonly maxEntries: number; readonly maxBytes: number },
  now: number,
  keep: string | null,
): string[] {
  let count = entries.length;
  let bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const candidates = entries
    .filter((entry) => entry.origin !== keep)
    .sort((a, b) => {
      const aFresh = isFresh(a, now);
      const bFresh = isFresh(b, now);
      if (aFresh !== bFresh) return aFresh ? 1 : -1;
      return aFresh ? a.lastUsedAt - b.lastUsedAt : a.expiresAt - b.expiresAt;
    });
  const evicted: string[] = [];
  for (const entry of candidates) {
    if (count <= limits.maxEntries && bytes <= limits.maxBytes) break;
    evicted.push(entry.origin);
    count--;
    bytes -= entry.bytes;
  }
  return evicted;
}

function isIndex(value: unknown): value is CacheIndex {
  if (typeof value !== 'object' || value === null) return false;
  const index = value as Partial<CacheIndex>;
  return (
    index.version === 1 &&
    typeof index.entries === 'object' &&
    index.entries !== null &&
    typeof index.counters === 'object' &&
    index.counters !== null
  );
}

/**
 * Returns true when a stored record has the current shape: a 2xx body stored by an older version
 * (decoded text, no bytes) is fetched again rather than read as something it is not.
 */
function isCurrentRecord(record: FetchRecord): boolean {
  return record.outcome.kind !== 'ok' || typeof (record.outcome.body as { bytes?: unknown }).bytes === 'string';
}

function isServerAnswer(record: FetchRecord): boolean {
  return record.outcome.kind === 'ok' || record.outcome.kind === 'unavailable';
}

/** Returns a cache over `deps.store`; the worker makes one and is its only writer. */
export function createRobotsCache(deps: RobotsCacheDeps): RobotsCache {
  const limits = { maxEntries: deps.maxEntries ?? DEFAULT_MAX_ENTRIES, maxBytes: deps.maxBytes ?? DEFAULT_MAX_BYTES };
  const lookups = new Map<string, Promise<CacheLookup>>();
  const fetches = new Map<string, Promise<FetchRecord>>();
  let index: CacheIndex | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  /**
   * The records read or stored most recently, by origin, so a hit on them reads no storage (the
   * popup's click to verdict). The cache is storage's only writer: a kept record is the stored one
   * while the index lists it with the same fetch time.
   */
  const recent = createLru<string, FetchRecord>(RECENT_RECORDS);

  function keepRecent(record: FetchRecord): void {
    recent.set(record.origin, record);
  }

  async function readRecord(origin: string, entry: CacheIndexEntry): Promise<FetchRecord | null> {
    const kept = recent.peek(origin);
    if (kept !== undefined && kept.fetchedAt === entry.fetchedAt) return kept;
    const stored = await deps.store.readRecord(origin);
    if (stored !== null && isCurrentRecord(stored)) keepRecent(stored);
    return stored;
  }

  /** Runs `task` after every earlier one: index updates are read-modify-write. */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  }

  async function loadIndex(): Promise<CacheIndex> {
    if (index === null) {
      const stored = await deps.store.readIndex();
      index = isIndex(stored) ? stored : createEmptyIndex();
    }
    return index;
  }

  async function readFresh(origin: string): Promise<FetchRecord | null> {
    return exclusive(async () => {
      const current = await loadIndex();
      const entry = current.entries[origin];
      const now = deps.now();
      if (entry !== undefined && isFresh(entry, now)) {
        const record = await readRecord(origin, entry);
        if (record !== null && isCurrentRecord(record)) {
          index = {
            ...current,
            entries: { ...current.entries, [origin]: { ...entry, hits: entry.hits + 1, lastUsedAt: now } },
            counters: { ...current.counters, hits: current.counters.hits + 1 },
          };
          // The hit is counted in memory at once; the lookup does not wait for storage to save it
          // (the write is queued like every other, so later tasks still see it done).
          void exclusive(() => deps.store.write({ index: index as CacheIndex, put: {}, remove: [] })).catch(
            () => undefined,
          );
          return record;
        }
      }
      // Counted now, written with the fetched record.
      index = { ...current, counters: { ...current.counters, misses: current.counters.misses + 1 } };
      return null;
    });
  }

  async function storeRecord(record: FetchRecord): Promise<void> {
    await exclusive(async () => {
      const current = await loadIndex();
      const now = deps.now();
      const bytes = measureRecord(record);
      const counters = {
        ...current.counters,
        fetches: current.counters.fetches + 1,
        fetchSuccesses: current.counters.fetchSuccesses + (isServerAnswer(record) ? 1 : 0),
      };
      const entries: Record<string, CacheIndexEntry> = { ...current.entries };
      const remove: string[] = [];
      const put: Record<string, FetchRecord> = {};
      if (bytes <= limits.maxBytes) {
        entries[record.origin] = {
          origin: record.origin,
          outcomeKind: record.outcome.kind,
          status: record.outcome.status,
          cause: record.outcome.kind === 'ok' ? null : record.outcome.cause,
          fetchedAt: record.fetchedAt,
          expiresAt: record.expiresAt,
          bytes,
          hits: 0,
          lastUsedAt: now,
        };
        put[record.origin] = record;
        keepRecent(record);
      } else if (entries[record.origin] !== undefined) {
        // Too big to keep at all: serve it this once and drop the older copy.
        delete entries[record.origin];
        remove.push(record.origin);
      }
      for (const origin of chooseEvictions(Object.values(entries), limits, now, record.origin)) {
        delete entries[origin];
        remove.push(origin);
      }
      index = { version: 1, entries, counters };
      await deps.store.write({ index, put, remove });
    });
  }

  function fetchShared(target: RobotsTarget): Promise<FetchRecord> {
    const running = fetches.get(target.origin);
    if (running !== undefined) return running;
    const fetching = (async () => {
      const record = await deps.fetchRecord(target);
      await storeRecord(record);
      return record;
    })().finally(() => fetches.delete(target.origin));
    fetches.set(target.origin, fetching);
    return fetching;
  }

  return {
    lookup(target, options = {}) {
      if (options.refresh === true) {
        return fetchShared(target).then((record) => ({ record, source: 'network' as const }));
      }
      const running = lookups.get(target.origin);
      if (running !== undefined) return running;
      const looking = (async (): Promise<CacheLookup> => {
        const cached = await readFresh(target.origin);
        if (cached !== null) return { record: cached, source: 'cache' };
        return { record: await fetchShared(target), source: 'network' };
      })().finally(() => lookups.delete(target.origin));
      lookups.set(target.origin, looking);
      return looking;
    },

    async list() {
      const current = await exclusive(loadIndex);
      const entries = Object.values(current.entries)
        .sort((a, b) => b.lastUsedAt - a.lastUsedAt)
        .map(({ origin, outcomeKind, status, cause, fetchedAt, expiresAt, bytes, hits }) => ({
          origin,
          outcomeKind,
          status,
          cause: cause ?? null,
          fetchedAt,
          expiresAt,
          bytes,
          hits,
        }));
      const stats: CacheStats = {
        entries: entries.length,
        bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
        maxEntries: limits.maxEntries,
        maxBytes: limits.maxBytes,
        ...current.counters,
      };
      return { entries, stats };
    },

    clear(origin) {
      return exclusive(async () => {
        const current = await loadIndex();
        if (origin === undefined) recent.clear();
        else recent.delete(origin);
        if (origin === undefined) {
          const cleared = Object.keys(current.entries).length;
          index = { version: 1, entries: {}, counters: EMPTY_COUNTERS };
          await deps.store.write({ index, put: {}, remove: 'all' });
          return cleared;
        }
        if (current.entries[origin] === undefined) return 0;
        const entries = { ...current.entries };
        delete entries[origin];
        index = { ...current, entries };
        await deps.store.write({ index, put: {}, remove: [origin] });
        return 1;
      });
    },
  };
}
