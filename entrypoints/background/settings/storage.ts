/**
 * The versioned settings item in storage.local, so settings survive the worker being stopped and
 * the browser being restarted (the robots.txt cache's store is robots/cache-store.ts).
 * Everything is created by functions: WXT imports this module in Node at build time.
 */
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { SETTINGS_KEY } from '../../../lib/protocol/storage-keys';
import type { Settings } from '../../../lib/settings';
import { DEFAULT_SETTINGS, SETTINGS_VERSION } from '../../../lib/settings';
import { migrateSettings } from '../../../lib/settings-schema';
import { StorageFailedError } from '../../../lib/protocol/errors';

export type SettingsItem = WxtStorageItem<Settings, Record<string, never>>;

/**
 * Returns the settings item. WXT's item version is SETTINGS_VERSION; values stored before
 * versioning (v0, no `version` field) are read through migrateSettings, which WXT's own migration
 * hook cannot do (it counts an unversioned value as v1). Later versions add WXT migrations here.
 */
export function createSettingsItem(): SettingsItem {
  return storage.defineItem<Settings>(SETTINGS_KEY, {
    fallback: DEFAULT_SETTINGS,
    version: SETTINGS_VERSION,
  });
}

export interface SettingsStore {
  /** Returns the current settings, migrating (and writing back) an older stored value. */
  get(): Promise<Settings>;
  set(settings: Settings): Promise<void>;
}

/** Returns the settings store over `item`. */
export function createSettingsStore(item: SettingsItem): SettingsStore {
  return {
    async get() {
      // Read the raw value: the fallback would hide a v0 value's missing fields.
      const stored: unknown = await item.getValue();
      const settings = migrateSettings(stored);
      // Written back only when migration changed something: a write of what was read would undo a
      // change another caller saved in between (keys may come in any order, so compare sorted).
      // A full storage keeps the old value: the migrated settings still apply in memory.
      if (stored !== null && stableJson(stored) !== stableJson(settings))
        await item.setValue(settings).catch((error: unknown) => {
          console.error('Robotscope: migrated settings could not be written back', error);
        });
      return settings;
    },
    async set(settings) {
      try {
        await item.setValue(settings);
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
