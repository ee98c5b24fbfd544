/**
 * The history store in IndexedDB (through `idb`): one database, `robotscope-history`, with an
 * `origins` store (each origin's OriginHistory, no bodies, indexed by its newest sighting and by its
 * number of versions), a `bodies` store keyed by [origin, seq] and the running totals in `meta`. A
 * fetch reads its own origin and the totals, and only the least recently seen origins it evicts
 * (never all of them); its writes are one readwrite transaction, so a stopped worker never leaves a
 * body without its version or the reverse. Lowering the limits reads only the origins over the new
 * count (by the count index) and those evicted, in batches; clearing reads none (bodies go by key
 * range, everything by the stores' clear).
 * Why IndexedDB and not storage.local: see README.md § History. The watch list lives in the kept
 * database with the settings (createIdbWatchStore).
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';
import * as v from 'valibot';
import type { WatchedSite } from '../../../lib/history/api';
import { WATCHED_SITES_KEY } from '../../../lib/protocol/storage-keys';
import { StorageFailedError } from '../../../lib/protocol/errors';
import { type HistoryStore, type HistoryTotals, isOverLimits, planOwn, usageOf } from '../../../lib/history/store';
import {
  bytesOf,
  type HistoryLimits,
  newestVersion,
  type OriginHistory,
  seenAtOf,
  type VersionMeta,
} from '../../../lib/history/versions';
import type { WatchStore } from './history';
import type { OpenKeptDb } from '../kept-db';

export const HISTORY_DB_NAME = 'robotscope-history';
/**
 * 2: the `seenAt` index and the running totals, so a fetch reads its own origin and the totals, never every origin.
 * 3: the `count` index (versions kept), so lowering the per-origin limit reads only the origins over it.
 */
const HISTORY_DB_VERSION = 3;
const TOTALS = 'totals';
/**
 * Most origins one fetch evicts: a store far over its limits (kept by an older version, or after the
 * limits were lowered) catches up over several fetches, so no fetch reads much of it.
 */
export const MAX_EVICTIONS_PER_WRITE = 50;
/** Origins one maintenance transaction (limits lowered) handles before it commits, so fetches interleave. */
export const MAINTENANCE_BATCH = 500;

/** An origin's history as stored: with the newest sighting (eviction) and its number of versions (trimming), indexed. */
type StoredHistory = OriginHistory & { readonly seenAt: number; readonly count: number };

interface HistorySchema extends DBSchema {
  origins: { key: string; value: StoredHistory; indexes: { seenAt: number; count: number } };
  bodies: { key: [string, number]; value: string };
  meta: { key: string; value: HistoryTotals };
}

type Db = IDBPDatabase<HistorySchema>;

const stored = (history: OriginHistory): StoredHistory => ({
  ...history,
  seenAt: seenAtOf(history),
  count: history.versions.length,
});
/** The OriginHistory of a stored record, without the indexed fields. */
function unstored(record: StoredHistory): OriginHistory {
  const { seenAt: _seenAt, count: _count, ...history } = record;
  return history;
}
const EMPTY_TOTALS: HistoryTotals = { origins: 0, versions: 0, bytes: 0 };
/** Every body of `origin`, or those up to seq `last`: one key range, no read. */
const bodiesOf = (origin: string, last = Infinity) => IDBKeyRange.bound([origin, -Infinity], [origin, last]);

/** What the last operations read: origin and totals records. */
export interface HistoryStoreStats {
  /** Read by the last `record`: its own origin, the totals, each origin evicted. */
  readonly lastRecordReads: number;
  /** Read by the last `enforce` or `clear`: the totals, each origin trimmed or evicted (none to clear all). */
  readonly lastMaintenanceReads: number;
}

type Tx = IDBPTransaction<HistorySchema, ('origins' | 'bodies' | 'meta')[], 'readwrite'>;

/**
 * Evicts the least recently seen origins (never `keep`) while `totals` are over `limits`, at most
 * `max` of them, through the `seenAt` index: reads only those. Returns the totals after, and the reads.
 */
async function evictLeastSeen(
  tx: Tx,
  totals: HistoryTotals,
  limits: HistoryLimits,
  keep: string | null,
  max: number,
): Promise<{ readonly totals: HistoryTotals; readonly reads: number; readonly done: boolean }> {
  let after = totals;
  let reads = 0;
  let evicted = 0;
  if (!isOverLimits(after, limits)) return { totals: after, reads, done: true };
  const bodies = tx.objectStore('bodies');
  let cursor = await tx.objectStore('origins').index('seenAt').openCursor();
  while (cursor !== null) {
    reads++;
    const victim = cursor.value;
    if (victim.origin !== keep) {
      await cursor.delete();
      evicted++;
      void bodies.delete(bodiesOf(victim.origin));
      after = {
        origins: after.origins - 1,
        versions: after.versions - victim.versions.length,
        bytes: after.bytes - bytesOf(victim.versions),
      };
    }
    // Stop before moving on: the next record is read only if it goes too.
    if (!isOverLimits(after, limits)) return { totals: after, reads, done: true };
    if (evicted >= max) return { totals: after, reads, done: false };
    cursor = await cursor.continue();
  }
  return { totals: after, reads, done: true };
}

/**
 * Trims up to MAINTENANCE_BATCH origins that keep more than `max` versions (their oldest go), found by
 * the `count` index: reads only those. Returns the totals after, the reads, and whether none is left.
 */
async function trimBatch(
  tx: Tx,
  totals: HistoryTotals,
  max: number,
): Promise<{ readonly totals: HistoryTotals; readonly reads: number; readonly done: boolean }> {
  let after = totals;
  let reads = 0;
  const bodies = tx.objectStore('bodies');
  let cursor = await tx.objectStore('origins').index('count').openCursor(IDBKeyRange.lowerBound(max, true));
  while (cursor !== null) {
    reads++;
    const history = unstored(cursor.value);
    const excess = history.versions.length - max;
    const dropped = history.versions.slice(0, excess);
    // Its count key drops to `max`, below the cursor's range: the cursor never meets it again.
    await cursor.update(stored({ ...history, versions: history.versions.slice(excess) }));
    void bodies.delete(bodiesOf(history.origin, (dropped[dropped.length - 1] as VersionMeta).seq));
    after = { ...after, versions: after.versions - excess, bytes: after.bytes - bytesOf(dropped) };
    // A full batch commits first; the next one opens its own cursor.
    if (reads >= MAINTENANCE_BATCH) return { totals: after, reads, done: false };
    cursor = await cursor.continue();
  }
  return { totals: after, reads, done: true };
}

/** Returns the history store over the global indexedDB (fake-indexeddb's in tests), database `name`. */
export function createIdbHistoryStore(
  name: string = HISTORY_DB_NAME,
): HistoryStore & { readonly stats: HistoryStoreStats } {
  let opening: Promise<Db> | null = null;
  const stats = { lastRecordReads: 0, lastMaintenanceReads: 0 };
  const db = (): Promise<Db> => {
    opening ??= openDB<HistorySchema>(name, HISTORY_DB_VERSION, {
      upgrade(database, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) {
          database.createObjectStore('origins', { keyPath: 'origin' });
          database.createObjectStore('bodies');
        }
        const origins = tx.objectStore('origins');
        if (oldVersion < 2) {
          origins.createIndex('seenAt', 'seenAt');
          database.createObjectStore('meta');
        }
        origins.createIndex('count', 'count');
        // Once, at the upgrade: every origin gets its indexed fields, and the totals are counted, one
        // record at a time (the upgrade transaction stays open while these requests run; a failure
        // aborts the open).
        void (async () => {
          let totals = EMPTY_TOTALS;
          let cursor = await origins.openCursor();
          while (cursor !== null) {
            const history = cursor.value as OriginHistory;
            await cursor.update(stored(history));
            totals = usageOf([history], totals);
            cursor = await cursor.continue();
          }
          await tx.objectStore('meta').put(totals, TOTALS);
        })().catch((error: unknown) => {
          console.error('Robotscope: the history database could not be upgraded', error);
          tx.abort();
        });
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  return {
    stats,
    async record(observation, limits) {
      const tx = (await db()).transaction(['origins', 'bodies', 'meta'], 'readwrite');
      const origins = tx.objectStore('origins');
      const bodies = tx.objectStore('bodies');
      const meta = tx.objectStore('meta');
      const [before, totals] = await Promise.all([origins.get(observation.origin), meta.get(TOTALS)]);
      let reads = 2;
      const plan = planOwn(before ?? null, observation, limits, totals ?? EMPTY_TOTALS);
      let own = plan.history;
      let after = plan.totals;
      const removed: number[] = [...plan.dropped];
      // The least recently seen other origins go while over the limits: only those are read.
      if (isOverLimits(after, limits)) {
        const evicted = await evictLeastSeen(tx, after, limits, observation.origin, MAX_EVICTIONS_PER_WRITE);
        after = evicted.totals;
        reads += evicted.reads;
      }
      // Alone and still over the byte budget: its oldest versions go, never its newest.
      while (after.bytes > limits.maxBytes && own.versions.length > 1) {
        const oldest = own.versions[0] as VersionMeta;
        own = { ...own, versions: own.versions.slice(1) };
        removed.push(oldest.seq);
        after = { ...after, versions: after.versions - 1, bytes: after.bytes - oldest.size };
      }
      const ops: Promise<unknown>[] = [origins.put(stored(own)), meta.put(after, TOTALS)];
      for (const seq of removed) ops.push(bodies.delete([observation.origin, seq]));
      const added = plan.added;
      if (added !== null && own.versions.some((v) => v.seq === added.seq))
        ops.push(bodies.put(observation.body, [observation.origin, added.seq]));
      await Promise.all([...ops, tx.done]);
      stats.lastRecordReads = reads;
      return { added, previous: plan.previous };
    },
    async getHistory(origin) {
      const found = await (await db()).get('origins', origin);
      return found === undefined ? null : unstored(found);
    },
    async getBody(origin, seq) {
      return (await (await db()).get('bodies', [origin, seq])) ?? null;
    },
    async markInspected(origin) {
      const tx = (await db()).transaction('origins', 'readwrite');
      const history = await tx.store.get(origin);
      if (history === undefined) {
        await tx.done;
        return { before: null, now: null };
      }
      const now = newestVersion(history)?.seq ?? null;
      await Promise.all([tx.store.put({ ...history, inspectedSeq: now }), tx.done]);
      return { before: history.inspectedSeq, now };
    },
    async enforce(limits) {
      const database = await db();
      const max = Math.max(1, Math.floor(limits.maxVersionsPerOrigin));
      let reads = 0;
      // In batches, each its own transaction: the origins over the per-origin count, then the least
      // recently seen while over the bytes or the origin cap. A fetch meanwhile waits one batch at most.
      for (const step of ['trim', 'evict'] as const) {
        for (let done = false; !done;) {
          const tx: Tx = database.transaction(['origins', 'bodies', 'meta'], 'readwrite');
          const meta = tx.objectStore('meta');
          const totals = (await meta.get(TOTALS)) ?? EMPTY_TOTALS;
          reads++;
          const batch =
            step === 'trim'
              ? await trimBatch(tx, totals, max)
              : await evictLeastSeen(tx, totals, limits, null, MAINTENANCE_BATCH);
          reads += batch.reads;
          done = batch.done;
          await Promise.all([meta.put(batch.totals, TOTALS), tx.done]);
        }
      }
      stats.lastMaintenanceReads = reads;
    },
    async usage() {
      return (await (await db()).get('meta', TOTALS)) ?? EMPTY_TOTALS;
    },
    async clear(origin) {
      const tx: Tx = (await db()).transaction(['origins', 'bodies', 'meta'], 'readwrite');
      const origins = tx.objectStore('origins');
      const bodies = tx.objectStore('bodies');
      const meta = tx.objectStore('meta');
      if (origin === undefined) {
        // Counted by the store, never read; every record and body goes at once.
        const cleared = await origins.count();
        await Promise.all([origins.clear(), bodies.clear(), meta.put(EMPTY_TOTALS, TOTALS), tx.done]);
        stats.lastMaintenanceReads = 0;
        return cleared;
      }
      const [found, totals] = await Promise.all([origins.get(origin), meta.get(TOTALS)]);
      stats.lastMaintenanceReads = 2;
      if (found === undefined) {
        await tx.done;
        return 0;
      }
      const before = totals ?? EMPTY_TOTALS;
      await Promise.all([
        origins.delete(origin),
        bodies.delete(bodiesOf(origin)),
        meta.put(
          {
            origins: before.origins - 1,
            versions: before.versions - found.versions.length,
            bytes: before.bytes - bytesOf(found.versions),
          },
          TOTALS,
        ),
        tx.done,
      ]);
      return 1;
    },
  };
}

/** A watched site as stored: its origin is what the list is keyed by (the rest is read where used). */
const storedWatchedSite = v.object({ origin: v.string() });

/**
 * Returns the watch list over the kept database (../kept-db.ts): small, a list of origins and their
 * last check, beside the settings where no content script can read it.
 */
export function createIdbWatchStore(db: OpenKeptDb): WatchStore {
  return {
    async get() {
      const stored = await (await db()).get('items', WATCHED_SITES_KEY);
      return Array.isArray(stored) ? (stored as WatchedSite[]).filter((site) => v.is(storedWatchedSite, site)) : [];
    },
    async set(sites) {
      try {
        await (await db()).put('items', [...sites], WATCHED_SITES_KEY);
      } catch (error) {
        throw new StorageFailedError('The watch list could not be saved', { cause: error });
      }
    },
  };
}
