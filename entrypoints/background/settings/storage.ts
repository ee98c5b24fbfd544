/**
 * The versioned settings in the extension's IndexedDB (../kept-db.ts), so settings survive the worker
 * being stopped and the browser being restarted, and no content script can read them (the
 * robots.txt cache's store is robots/cache-store.ts).
 */
import { SETTINGS_KEY } from '../../../lib/protocol/storage-keys';
import type { Settings } from '../../../lib/settings';
import { migrateSettings } from '../../../lib/settings-schema';
import { StorageFailedError } from '../../../lib/protocol/errors';
import type { OpenKeptDb } from '../kept-db';

export interface SettingsStore {
  /** Returns the current settings, migrating (and writing back) an older stored value. */
  get(): Promise<Settings>;
  set(settings: Settings): Promise<void>;
}

/**
 * Returns the settings store over the kept database. Values stored before versioning (v0, no
 * `version` field) are read through migrateSettings; later versions add their steps there.
 */
export function createSettingsStore(db: OpenKeptDb): SettingsStore {
  const write = async (settings: Settings) => (await db()).put('items', settings, SETTINGS_KEY);
  return {
    async get() {
      const stored: unknown = (await (await db()).get('items', SETTINGS_KEY)) ?? null;
      const settings = migrateSettings(stored);
      // Written back only when migration changed something: a write of what was read would undo a
      // change another caller saved in between (keys may come in any order, so compare sorted).
      // A full storage keeps the old value: the migrated settings still apply in memory.
      if (stored !== null && stableJson(stored) !== stableJson(settings))
        await write(settings).catch((error: unknown) => {
          console.error('Robotscope: migrated settings could not be written back', error);
        });
      return settings;
    },
    async set(settings) {
      try {
        await write(settings);
      } catch (error) {
        throw new StorageFailedError('The settings could not be saved', { cause: error });
      }
    },
  };
}

/** Returns `value` as JSON with every object's keys sorted, so equal values give equal text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
