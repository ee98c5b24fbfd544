/**
 * Every key the extension stores under, in one place: the worker, the popup, the workbench and the
 * content script read and write the same items, so a key is never spelled twice. What survives a
 * browser restart (the settings, the watched sites, the caches) is kept in the extension's own
 * IndexedDB under the keys below, which are also the storage.local keys an older version kept them
 * under (read once to move them). `session:` items (storage.session) live in memory and are cleared
 * when the browser quits; they are in WXT's `area:key` form, and `…Prefix` values are the raw keys'
 * prefixes as the storage area lists them.
 */

/** The versioned settings (lib/settings.ts). */
export const SETTINGS_KEY = 'settings';
/** Where WXT kept the settings' version beside them in storage.local (removed with them). */
export const SETTINGS_VERSION_KEY = 'settings$';
/** The robots.txt cache's index: every origin, for listing, eviction and figures. */
export const CACHE_INDEX_KEY = 'robotsCacheIndex';
/** Each origin's cached record was kept at `robots:<origin>` in storage.local. */
export const CACHE_RECORD_PREFIX = 'robots:';
/** The tdmrep.json cache's index, and each origin's record (at `tdmrep:<origin>` in storage.local). */
export const TDMREP_CACHE_INDEX_KEY = 'tdmrepCacheIndex';
export const TDMREP_RECORD_PREFIX = 'tdmrep:';
/** The watched sites. */
export const WATCHED_SITES_KEY = 'watchedSites';
/** The latest probe report of each origin (at most MAX_KEPT_REPORTS), for the evidence bundle. */
export const PROBE_REPORTS_KEY = 'session:probeReports';
/** Each tab's page resources live at `session:resources:<tabId>`. */
export const RESOURCES_KEY_PREFIX = 'resources:';

/** Returns the raw storage.session key of a tab's page resources (as storage.session's change events name it). */
export function resourcesKey(tabId: number): `${typeof RESOURCES_KEY_PREFIX}${number}` {
  return `${RESOURCES_KEY_PREFIX}${tabId}`;
}

/**
 * Each origin's workbench drafts were kept at `local:workbench-drafts:<origin>` before they moved to
 * the workbench's own IndexedDB (entrypoints/workbench/draft-store.ts): read only to move them.
 */
export const DRAFT_KEY_PREFIX = 'workbench-drafts:';

/** Returns the storage.local key an older version kept an origin's workbench drafts under. */
export function draftKey(origin: string): `local:${string}` {
  return `local:${DRAFT_KEY_PREFIX}${origin}`;
}

/** Returns the storage.session keys (without `session:`) of what the worker keeps about a tab's page. */
export function pageKeys(tabId: number): {
  readonly pending: string;
  readonly observed: string;
  readonly dom: string;
  readonly refetched: string;
} {
  return {
    pending: `page:${tabId}:pending`,
    observed: `page:${tabId}:observed`,
    dom: `page:${tabId}:dom`,
    refetched: `page:${tabId}:refetched`,
  };
}
