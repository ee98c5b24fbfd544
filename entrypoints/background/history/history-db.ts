/**
 * The history store in IndexedDB (through `idb`): one database, `robotscope-history`, with an
 * `origins` store (each origin's OriginHistory, no bodies, indexed by its newest sighting), a
 * `bodies` store keyed by [origin, seq] and the running totals in `meta`. A fetch reads its own
 * origin and the totals, and only the least recently seen origins it evicts (never all of them);
 * its writes are one readwrite transaction, so a stopped worker never leaves a body without its
 * version or the reverse.
 * Why IndexedDB and not storage.local: see README.md § History.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { storage } from 'wxt/utils/storage';
import type { WatchedSite } from '../../../lib/history/api';
import { WATCHED_SITES_KEY } from '../../../lib/protocol/storage-keys';
import { StorageFailedError } from '../../../lib/protocol/errors';
import {
  type HistoryStore,
  type HistoryTotals,
  isOverLimits,
  planLimits,
  planOwn,
  usageOf,
  type WritePlan,
} from '../../../lib/history/store';
import { bytesOf, newestVersion, type OriginHistory, seenAtOf, type VersionMeta } from '../../../lib/history/versions';
import type { WatchStore } from './history';

export const HISTORY_DB_NAME = 'robotscope-history';
/** 2: the `seenAt` index and the running totals, so a fetch reads its own origin and the totals, never every origin. */
const HISTORY_DB_VERSION = 2;
const TOTALS = 'totals';
/**
 * Most origins one fetch evicts: a store far over its limits (kept by an older version, or after the
 * limits were lowered) catches up over several fetches, so no fetch reads much of it.
 */
export const MAX_EVICTIONS_PER_WRITE = 50;

/** An origin's history as stored: with the newest sighting, indexed for eviction. */
type StoredHistory = OriginHistory & { readonly seenAt: number };

interface HistorySchema extends DBSchema {
  origins: { key: string; value: StoredHistory; indexes: { seenAt: number } };
  bodies: { key: [string, number]; value: string };
  meta: { key: string; value: HistoryTotals };
}

type Db = IDBPDatabase<HistorySchema>;

const stored = (history: OriginHistory): StoredHistory => ({ ...history, seenAt: seenAtOf(history) });
const EMPTY_TOTALS: HistoryTotals = { origins: 0, versions: 0, bytes: 0 };

/** What the last `record` read: origins (its own, and each one evicted) and totals records. */
export interface HistoryStoreStats {
  readonly lastRecordReads: number;
}

/** Returns the history store over the global indexedDB (fake-indexeddb's in tests), database `name`. */
export function createIdbHistoryStore(
  name: string = HISTORY_DB_NAME,
): HistoryStore & { readonly stats: HistoryStoreStats } {
  let opening: Promise<Db> | null = null;
  const stats = { lastRecordReads: 0 };
  const db = (): Promise<Db> => {
    opening ??= openDB<HistorySchema>(name, HISTORY_DB_VERSION, {
      upgrade(database, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) {
          database.createObjectStore('origins', { keyPath: 'origin' });
          database.createObjectStore('bodies');
        }
        const origins = tx.objectStore('origins');
        origins.createIndex('seenAt', 'seenAt');
        database.createObjectStore('meta');
        // Once, at the upgrade: every origin gets its sighting, and the totals are counted (the
        // upgrade transaction stays open while these requests run; a failure aborts the open).
        void (async () => {
          const all = (await origins.getAll()) as OriginHistory[];
          for (const history of all) await origins.put(stored(history));
          await tx.objectStore('meta').put(usageOf(all), TOTALS);
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

  type Writes = Pick<WritePlan, 'put' | 'removeOrigins' | 'removeBodies'>;

  /** Reads every origin, then makes `make`'s writes and recounts the totals, in one transaction (settings changes, clear all). */
  async function rewrite(database: Db, make: (all: Map<string, OriginHistory>) => Writes): Promise<void> {
    const tx = database.transaction(['origins', 'bodies', 'meta'], 'readwrite');
    const origins = tx.objectStore('origins');
    const bodies = tx.objectStore('bodies');
    const all = new Map((await origins.getAll()).map((h) => [h.origin, h as OriginHistory] as const));
    const plan = make(all);
    const ops: Promise<unknown>[] = [];
    for (const origin of plan.removeOrigins) {
      ops.push(origins.delete(origin));
      all.delete(origin);
    }
    for (const [origin, seq] of plan.removeBodies) ops.push(bodies.delete([origin, seq]));
    for (const history of plan.put) {
      ops.push(origins.put(stored(history)));
      all.set(history.origin, history);
    }
    ops.push(tx.objectStore('meta').put(usageOf(all.values()), TOTALS));
    await Promise.all([...ops, tx.done]);
  }

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
        let cursor = await origins.index('seenAt').openCursor();
        let evicted = 0;
        while (cursor !== null && isOverLimits(after, limits) && evicted < MAX_EVICTIONS_PER_WRITE) {
          reads++;
          const victim = cursor.value;
          if (victim.origin !== observation.origin) {
            await cursor.delete();
            evicted++;
            for (const v of victim.versions) void bodies.delete([victim.origin, v.seq]);
            after = {
              origins: after.origins - 1,
              versions: after.versions - victim.versions.length,
              bytes: after.bytes - bytesOf(victim.versions),
            };
          }
          cursor = await cursor.continue();
        }
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
      if (found === undefined) return null;
      const { seenAt: _seenAt, ...history } = found;
      return history;
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
      await rewrite(await db(), (all) => planLimits(all, limits, null));
    },
    async usage() {
      return (await (await db()).get('meta', TOTALS)) ?? EMPTY_TOTALS;
    },
    async clear(origin) {
      const database = await db();
      let cleared = 0;
      await rewrite(database, (all) => {
        const removeOrigins = origin === undefined ? [...all.keys()] : all.has(origin) ? [origin] : [];
        cleared = removeOrigins.length;
        const removeBodies = removeOrigins.flatMap((o) => (all.get(o)?.versions ?? []).map((v) => [o, v.seq] as const));
        return { put: [], removeOrigins, removeBodies };
      });
      return cleared;
    },
  };
}

/** The watched sites live at this storage.local key (small: a list of origins and their last check). */

/** Returns the watch list over storage.local. */
export function createStorageWatchStore(): WatchStore {
  return {
    async get() {
      const stored = await storage.getItem<WatchedSite[]>(WATCHED_SITES_KEY);
      return Array.isArray(stored) ? stored.filter((s) => typeof s?.origin === 'string') : [];
    },
    async set(sites) {
      try {
        await storage.setItem(WATCHED_SITES_KEY, [...sites]);
      } catch (error) {
        throw new StorageFailedError('The watch list could not be saved', { cause: error });
      }
    },
  };
}
