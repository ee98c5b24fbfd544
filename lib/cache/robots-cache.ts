/**
 * The per-origin robots.txt cache: a record is served for at most 24 hours (RFC 9309 §2.4; less
 * when its Cache-Control says so, see ../fetch/freshness.ts), the cache is bounded by a count and a
 * byte budget (least recently used evicted, expired first), and concurrent lookups of one origin
 * share one fetch. Storage and clock are passed in, so it runs in Node.
 */
import * as v from 'valibot';
import { MAX_CACHE_AGE_MS, MIB } from '../fetch/constants';
import type { FetchRecord } from '../fetch/types';
import {
  type CacheEntrySummary,
  type CacheIndex,
  type CacheIndexEntry,
  type CacheStore,
  type CacheTier,
  createEmptyIndex,
  EMPTY_COUNTERS,
} from './store';
import { createLru } from '../shared/lru';
import { describeStorageFailure } from '../shared/storage-failure';

/** Default bound on the number of cached origins. */
export const DEFAULT_MAX_ENTRIES = 200;
/** Default bound on the bytes of all records together: a small share of the extension's IndexedDB. */
export const DEFAULT_MAX_BYTES = 4 * MIB;
/** Default bounds on the files of other hosts (page resources, link marks): their own, smaller budget. */
export const DEFAULT_OTHER_MAX_ENTRIES = 100;
export const DEFAULT_OTHER_MAX_BYTES = 1 * MIB;

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
  /** Fetches one robots.txt (fetchRobotsTxt with the transport and the current timeout), for a site or another host. */
  readonly fetchRecord: (target: RobotsTarget, tier: CacheTier) => Promise<FetchRecord>;
  /** Called when a site the user inspects gets a record: fetched for it, or first served to it from the other hosts' tier. */
  readonly onSiteRecord?: (record: FetchRecord) => void;
  /** Default DEFAULT_OTHER_MAX_ENTRIES (100) and DEFAULT_OTHER_MAX_BYTES (1 MiB). */
  readonly otherMaxEntries?: number;
  readonly otherMaxBytes?: number;
  /** Default DEFAULT_MAX_ENTRIES (200). */
  readonly maxEntries?: number;
  /** Default DEFAULT_MAX_BYTES (4 MiB). */
  readonly maxBytes?: number;
}

export interface CacheLookup {
  readonly record: FetchRecord;
  /** `cache`: served from storage; `network`: fetched for this lookup (or for one running at the same time). */
  readonly source: 'cache' | 'network';
  /** Set when the record could not be stored (storage full): it is served from memory, in words. */
  readonly notStored?: string;
}

export interface LookupOptions {
  /** Skip the cache (still sharing a fetch already running, which is as fresh). */
  readonly refresh?: boolean;
  /** Default `site`: a site the user inspects; `other` for hosts a page used (their own budget, no history). */
  readonly tier?: CacheTier;
}

export interface RobotsCache {
  /**
   * Returns the origin's record: from the cache while fresh, else fetched and stored. Lookups of
   * one origin made while a fetch runs share it. `refresh` skips the cache (still sharing a fetch
   * already running, which is as fresh).
   */
  lookup(target: RobotsTarget, options?: LookupOptions): Promise<CacheLookup>;
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

/** A stored index as this version writes it (its entries are checked where each is read). */
const storedIndex = v.object({
  version: v.literal(1),
  entries: v.record(v.string(), v.unknown()),
  counters: v.record(v.string(), v.unknown()),
});

function isIndex(value: unknown): value is CacheIndex {
  return v.is(storedIndex, value);
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
  const otherLimits = {
    maxEntries: deps.otherMaxEntries ?? DEFAULT_OTHER_MAX_ENTRIES,
    maxBytes: deps.otherMaxBytes ?? DEFAULT_OTHER_MAX_BYTES,
  };
  const tierOf = (entry: CacheIndexEntry): CacheTier => entry.tier ?? 'site';
  /** Records storage refused (full): served from memory while fresh, and said so. */
  const unstored = createLru<string, { readonly record: FetchRecord; readonly why: string }>(RECENT_RECORDS * 4);
  const lookups = new Map<string, Promise<CacheLookup>>();
  const fetches = new Map<string, Promise<CacheLookup>>();
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

  async function readFresh(origin: string, tier: CacheTier): Promise<CacheLookup | null> {
    const kept = unstored.peek(origin);
    if (kept !== undefined && isFresh(kept.record, deps.now()))
      return { record: kept.record, source: 'cache', notStored: kept.why };
    return exclusive(async () => {
      const current = await loadIndex();
      const entry = current.entries[origin];
      const now = deps.now();
      if (entry !== undefined && isFresh(entry, now)) {
        const record = await readRecord(origin, entry);
        if (record !== null && isCurrentRecord(record)) {
          // A site the user now inspects leaves the other hosts' budget, and its history starts.
          const promoted = tier === 'site' && tierOf(entry) === 'other';
          const { tier: _dropped, ...siteEntry } = entry;
          const updated = promoted ? siteEntry : entry;
          index = {
            ...current,
            entries: { ...current.entries, [origin]: { ...updated, hits: entry.hits + 1, lastUsedAt: now } },
            counters: { ...current.counters, hits: current.counters.hits + 1 },
          };
          if (promoted) deps.onSiteRecord?.(record);
          // The hit is counted in memory at once; the lookup does not wait for storage to save it
          // (the write is queued like every other, so later tasks still see it done).
          void exclusive(() => deps.store.write({ index: index as CacheIndex, put: {}, remove: [] })).catch(
            () => undefined,
          );
          return { record, source: 'cache' };
        }
      }
      // Counted now, written with the fetched record.
      index = { ...current, counters: { ...current.counters, misses: current.counters.misses + 1 } };
      return null;
    });
  }

  /** Stores a fetched record; returns null, or why it could not be stored (it is then kept in memory). */
  async function storeRecord(record: FetchRecord, tier: CacheTier): Promise<string | null> {
    return exclusive(async () => {
      const current = await loadIndex();
      const now = deps.now();
      const bytes = measureRecord(record);
      const counters = {
        ...current.counters,
        fetches: current.counters.fetches + 1,
        fetchSuccesses: current.counters.fetchSuccesses + (isServerAnswer(record) ? 1 : 0),
      };
      const entries: Record<string, CacheIndexEntry> = { ...current.entries };
      const existing = entries[record.origin];
      // A site once inspected stays one; another host's file stays in its own budget.
      const kept: CacheTier = existing !== undefined && tierOf(existing) === 'site' ? 'site' : tier;
      const bounds = kept === 'site' ? limits : otherLimits;
      const remove: string[] = [];
      const put: Record<string, FetchRecord> = {};
      if (bytes <= bounds.maxBytes) {
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
          ...(kept === 'other' ? { tier: 'other' as const } : {}),
        };
        put[record.origin] = record;
        keepRecent(record);
      } else if (entries[record.origin] !== undefined) {
        // Too big to keep at all: serve it this once and drop the older copy.
        delete entries[record.origin];
        remove.push(record.origin);
      }
      // Each tier evicts only its own: other hosts' files never push out a site the user inspected.
      const sameTier = Object.values(entries).filter((entry) => tierOf(entry) === kept);
      for (const origin of chooseEvictions(sameTier, bounds, now, record.origin)) {
        delete entries[origin];
        remove.push(origin);
      }
      const next: CacheIndex = { version: 1, entries, counters };
      try {
        await deps.store.write({ index: next, put, remove });
      } catch (error) {
        // Storage refused (full): the inspection goes on from memory, and says so.
        const why = describeStorageFailure('This robots.txt could not be kept in the cache', error);
        recent.delete(record.origin);
        unstored.set(record.origin, { record, why });
        return why;
      }
      index = next;
      unstored.delete(record.origin);
      return null;
    });
  }

  function fetchShared(target: RobotsTarget, tier: CacheTier): Promise<CacheLookup> {
    const running = fetches.get(target.origin);
    if (running !== undefined) return running;
    const fetching = (async (): Promise<CacheLookup> => {
      const record = await deps.fetchRecord(target, tier);
      const notStored = await storeRecord(record, tier);
      if (tier === 'site') deps.onSiteRecord?.(record);
      return notStored === null ? { record, source: 'network' } : { record, source: 'network', notStored };
    })().finally(() => fetches.delete(target.origin));
    fetches.set(target.origin, fetching);
    return fetching;
  }

  return {
    lookup(target, options = {}) {
      const tier = options.tier ?? 'site';
      if (options.refresh === true) return fetchShared(target, tier);
      const running = lookups.get(target.origin);
      if (running !== undefined) return running;
      const looking = (async (): Promise<CacheLookup> => {
        const cached = await readFresh(target.origin, tier);
        if (cached !== null) return cached;
        return fetchShared(target, tier);
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
        if (origin === undefined) {
          recent.clear();
          unstored.clear();
        } else {
          recent.delete(origin);
          unstored.delete(origin);
        }
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
