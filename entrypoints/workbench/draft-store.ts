/**
 * Where the workbench keeps drafts: its own IndexedDB database, `robotscope-workbench`, one record
 * per origin in a `drafts` store. Not storage.local: four drafts of 2.7 MB filled its 10 MB quota,
 * which the robots.txt cache, the settings and the watched sites share (README.md § workbench).
 * Drafts kept in storage.local by an older version (`workbench-drafts:<origin>`) are moved here once.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { browser } from 'wxt/browser';
import { DRAFT_KEY_PREFIX } from '../../lib/protocol/storage-keys';
import type { DraftStore } from './drafts';

export const DRAFTS_DB_NAME = 'robotscope-workbench';
const DRAFTS_DB_VERSION = 1;
/** The `meta` record saying storage.local's drafts were moved. */
const MIGRATED = 'storage-local-migrated';

interface DraftsSchema extends DBSchema {
  /** An origin's DraftBook, keyed by origin (checked field by field when read: readDraftBook). */
  drafts: { key: string; value: unknown };
  meta: { key: string; value: boolean };
}

type Db = IDBPDatabase<DraftsSchema>;

/** Drafts an older version kept in storage.local. */
export interface LegacyDrafts {
  /** Returns every stored drafts item by origin. */
  list(): Promise<ReadonlyMap<string, unknown>>;
  remove(origin: string): Promise<void>;
}

/** Returns the drafts storage.local holds under `workbench-drafts:<origin>` (WXT's fake browser in tests). */
export function createStorageLocalDrafts(): LegacyDrafts {
  return {
    async list() {
      // Read once per profile (the move is then marked done), so reading every item is affordable.
      const all = await browser.storage.local.get(null);
      const found = new Map<string, unknown>();
      for (const [key, value] of Object.entries(all)) {
        if (key.startsWith(DRAFT_KEY_PREFIX)) found.set(key.slice(DRAFT_KEY_PREFIX.length), value);
      }
      return found;
    },
    remove: (origin) => browser.storage.local.remove(`${DRAFT_KEY_PREFIX}${origin}`),
  };
}

/**
 * Returns the drafts kept in IndexedDB (database `name`, over the global indexedDB: fake-indexeddb's
 * in tests). The first read moves `legacy`'s drafts in: each one written here, then removed there;
 * a draft already here is newer and stays. A failed open or move fails the read (told by the page).
 */
export function createIdbDraftStore(legacy: LegacyDrafts, name: string = DRAFTS_DB_NAME): DraftStore {
  let opening: Promise<Db> | null = null;
  const db = (): Promise<Db> => {
    opening ??= openDB<DraftsSchema>(name, DRAFTS_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('drafts');
        database.createObjectStore('meta');
      },
      blocking(_version, _next, event) {
        // A newer version of the database is being opened (another Robotscope): give way; the
        // next read or save opens it again, and fails in words if it cannot.
        (event.target as IDBDatabase).close();
        opening = null;
      },
    })
      .then(async (database) => {
        await migrate(database, legacy);
        return database;
      })
      .catch((error: unknown) => {
        // The next read tries again.
        opening = null;
        throw error;
      });
    return opening;
  };

  return {
    async load(origin) {
      return (await db()).get('drafts', origin);
    },
    async save(origin, book) {
      const tx = (await db()).transaction('drafts', 'readwrite');
      try {
        await Promise.all([tx.store.put(book, origin), tx.done]);
      } catch (error) {
        // A full disk aborts the transaction: its own error names why (QuotaExceededError), the
        // request's only that it was aborted.
        throw tx.error ?? error;
      }
    },
  };
}

async function migrate(database: Db, legacy: LegacyDrafts): Promise<void> {
  if ((await database.get('meta', MIGRATED)) === true) return;
  for (const [origin, book] of await legacy.list()) {
    const tx = database.transaction('drafts', 'readwrite');
    if ((await tx.store.get(origin)) === undefined) await tx.store.put(book, origin);
    await tx.done;
    await legacy.remove(origin);
  }
  await database.put('meta', true, MIGRATED);
}
