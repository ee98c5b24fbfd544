/**
 * What the extension keeps across browser restarts, in the extension's own IndexedDB (through `idb`):
 * one database, `robotscope-kept`, with an `items` store (the settings, the watched sites, each cache's
 * index) and one store of records per cache (`robots`, `tdmrep`), keyed by origin. IndexedDB belongs to
 * the extension's origin, so a content script, which runs in the page's origin, can never open it;
 * storage.local can be read by content scripts in Firefox whatever the extension asks (README § Who
 * may ask the worker what). Values an older version kept in storage.local are moved here once, in one
 * transaction, then removed there.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { FetchRecord } from '../../lib/fetch/types';
import {
  CACHE_INDEX_KEY,
  CACHE_RECORD_PREFIX,
  SETTINGS_KEY,
  SETTINGS_VERSION_KEY,
  TDMREP_CACHE_INDEX_KEY,
  TDMREP_RECORD_PREFIX,
  WATCHED_SITES_KEY,
} from '../../lib/protocol/storage-keys';

export const KEPT_DB_NAME = 'robotscope-kept';
const KEPT_DB_VERSION = 1;

/** The stores of cached records, one per cache. */
export type RecordStoreName = 'robots' | 'tdmrep';

interface KeptSchema extends DBSchema {
  items: { key: string; value: unknown };
  robots: { key: string; value: FetchRecord };
  tdmrep: { key: string; value: FetchRecord };
}

export type KeptDb = IDBPDatabase<KeptSchema>;
/** Opens the database on first use and gives the same one after (the stores share it). */
export type OpenKeptDb = () => Promise<KeptDb>;

/** The part of storage.local the move needs (WXT's fake browser in tests). */
export interface LegacyLocalArea {
  get(keys: null): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

/** Where each cache's record keys start in storage.local, which store holds them here, and their index. */
const LEGACY_RECORDS: ReadonlyArray<{
  readonly prefix: string;
  readonly store: RecordStoreName;
  readonly index: string;
}> = [
  { prefix: CACHE_RECORD_PREFIX, store: 'robots', index: CACHE_INDEX_KEY },
  { prefix: TDMREP_RECORD_PREFIX, store: 'tdmrep', index: TDMREP_CACHE_INDEX_KEY },
];
/** The storage.local keys of single values, moved under the same name. */
const LEGACY_ITEMS = [SETTINGS_KEY, WATCHED_SITES_KEY, CACHE_INDEX_KEY, TDMREP_CACHE_INDEX_KEY];

/**
 * Waits for `tx` to commit after `writes`: a failed request aborts the transaction, and the
 * transaction's own error says why (a full storage is a QuotaExceededError there, while each request
 * only reads AbortError), so that is the one thrown.
 */
export async function committed(
  tx: { readonly done: Promise<void> },
  writes: readonly Promise<unknown>[],
): Promise<void> {
  for (const write of writes) write.catch(() => {});
  await tx.done;
}

/** Returns whether `key` is one of the values an older version kept in storage.local. */
function isLegacyKey(key: string): boolean {
  return (
    LEGACY_ITEMS.includes(key) ||
    key === SETTINGS_VERSION_KEY ||
    LEGACY_RECORDS.some(({ prefix }) => key.startsWith(prefix))
  );
}

/**
 * Moves what an older version kept in storage.local into `db`, in one transaction, then removes it
 * from storage.local. A value already here (written since, or moved by a start whose removal failed)
 * is never overwritten by an old one; a cache's records come only with its index. A failed removal
 * is tried again at the next start; a failed move leaves storage.local as it was.
 */
export async function moveFromStorageLocal(db: KeptDb, local: LegacyLocalArea): Promise<void> {
  const all = await local.get(null);
  const keys = Object.keys(all).filter(isLegacyKey);
  if (keys.length === 0) return;
  const tx = db.transaction(['items', 'robots', 'tdmrep'], 'readwrite');
  const items = tx.objectStore('items');
  const present = await Promise.all(LEGACY_ITEMS.map(async (key) => (await items.getKey(key)) !== undefined));
  const moves = LEGACY_ITEMS.filter((key, i) => key in all && !present[i]);
  const writes: Promise<unknown>[] = moves.map((key) => items.put(all[key], key));
  for (const { prefix, store, index } of LEGACY_RECORDS) {
    if (!moves.includes(index)) continue;
    for (const key of keys)
      if (key.startsWith(prefix))
        writes.push(tx.objectStore(store).put(all[key] as FetchRecord, key.slice(prefix.length)));
  }
  await committed(tx, writes);
  await local.remove(keys);
}

/**
 * Returns the opener of the kept database `name` (fake-indexeddb's global in tests). With `legacy`,
 * the first opening moves storage.local's values first, so no store reads before they are here; a
 * failed move is logged and tried again at the next start.
 */
export function createKeptDb(options: { name?: string; legacy?: LegacyLocalArea } = {}): OpenKeptDb {
  let opening: Promise<KeptDb> | null = null;
  return () => {
    opening ??= open();
    return opening;
  };
  async function open(): Promise<KeptDb> {
    try {
      const db = await openDB<KeptSchema>(options.name ?? KEPT_DB_NAME, KEPT_DB_VERSION, {
        upgrade(database) {
          database.createObjectStore('items');
          database.createObjectStore('robots');
          database.createObjectStore('tdmrep');
        },
      });
      if (options.legacy !== undefined)
        await moveFromStorageLocal(db, options.legacy).catch((error: unknown) => {
          console.error('Robotscope: what storage.local kept could not be moved to IndexedDB', error);
        });
      return db;
    } catch (error) {
      // A database that failed to open is opened again at the next use, not failed for good.
      opening = null;
      throw error;
    }
  }
}
