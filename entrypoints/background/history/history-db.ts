/**
 * The history store in IndexedDB (through `idb`): one database, `robotscope-history`, with an
 * `origins` store (each origin's OriginHistory, no bodies) and a `bodies` store keyed by
 * [origin, seq]. A fetch's writes (its version, the bounds applied to every origin) are one
 * readwrite transaction, so a stopped worker never leaves a body without its version or the reverse.
 * Why IndexedDB and not storage.local: see README.md § History.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { storage } from 'wxt/utils/storage';
import type { WatchedSite } from '../../../lib/history/api';
import { WATCHED_SITES_KEY } from '../../../lib/protocol/storage-keys';
import { StorageFailedError } from '../../../lib/protocol/errors';
import { type HistoryStore, planLimits, planObservation, usageOf, type WritePlan } from '../../../lib/history/store';
import { newestVersion, type OriginHistory } from '../../../lib/history/versions';
import type { WatchStore } from './history';

export const HISTORY_DB_NAME = 'robotscope-history';
const HISTORY_DB_VERSION = 1;

interface HistorySchema extends DBSchema {
  origins: { key: string; value: OriginHistory };
  bodies: { key: [string, number]; value: string };
}

type Db = IDBPDatabase<HistorySchema>;

/** Returns the history store over the global indexedDB (fake-indexeddb's in tests), database `name`. */
export function createIdbHistoryStore(name: string = HISTORY_DB_NAME): HistoryStore {
  let opening: Promise<Db> | null = null;
  const db = (): Promise<Db> => {
    opening ??= openDB<HistorySchema>(name, HISTORY_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('origins', { keyPath: 'origin' });
        database.createObjectStore('bodies');
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  type Writes = Pick<WritePlan, 'put' | 'removeOrigins' | 'removeBodies'> & { readonly putBody?: WritePlan['putBody'] };

  /** Reads every origin, then makes `make`'s writes, all in one readwrite transaction. */
  async function write(database: Db, make: (all: Map<string, OriginHistory>) => Writes): Promise<void> {
    const tx = database.transaction(['origins', 'bodies'], 'readwrite');
    const origins = tx.objectStore('origins');
    const bodies = tx.objectStore('bodies');
    const all = await origins.getAll();
    const plan = make(new Map(all.map((h) => [h.origin, h] as const)));
    const ops: Promise<unknown>[] = [];
    for (const origin of plan.removeOrigins) ops.push(origins.delete(origin));
    for (const [origin, seq] of plan.removeBodies) ops.push(bodies.delete([origin, seq]));
    for (const history of plan.put) ops.push(origins.put(history));
    if (plan.putBody) ops.push(bodies.put(plan.putBody.body, [plan.putBody.origin, plan.putBody.seq]));
    await Promise.all([...ops, tx.done]);
  }

  return {
    async record(observation, limits) {
      let result: WritePlan['result'] = { added: null, previous: null };
      await write(await db(), (all) => {
        const plan = planObservation(all, observation, limits);
        result = plan.result;
        return plan;
      });
      return result;
    },
    async getHistory(origin) {
      return (await (await db()).get('origins', origin)) ?? null;
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
      await write(await db(), (all) => planLimits(all, limits, null));
    },
    async usage() {
      return usageOf(await (await db()).getAll('origins'));
    },
    async clear(origin) {
      const database = await db();
      let cleared = 0;
      await write(database, (all) => {
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
