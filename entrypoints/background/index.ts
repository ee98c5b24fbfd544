import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createIdbHistoryStore, createIdbWatchStore } from './history/history-db';
import { storage } from 'wxt/utils/storage';
import { createSessionResourceStore } from './resources/resources';
import { createBackgroundService } from './service';
import { createSettingsStore } from './settings/storage';
import { createIdbCacheStore } from './robots/cache-store';
import { createSessionReportStore } from './probe/prober';
import { PROBE_REPORTS_KEY, TDMREP_CACHE_INDEX_KEY } from '../../lib/protocol/storage-keys';
import { closeToContentScripts } from './storage-access';
import { createKeptDb } from './kept-db';

export default defineBackground(() => {
  // At every start: the level is the browser's to keep, but an older version never set it.
  void closeToContentScripts(browser.storage.local);
  // Settings, watch list and caches: the extension's IndexedDB, moved there from storage.local once.
  const kept = createKeptDb({ legacy: browser.storage.local });
  const manifest = browser.runtime.getManifest() as {
    action?: { default_title?: string };
    browser_action?: { default_title?: string };
    permissions?: string[];
  };
  createBackgroundService({
    browser,
    defaultTitle: (manifest.action ?? manifest.browser_action)?.default_title,
    webRequestBlocking: manifest.permissions?.includes('webRequestBlocking') === true,
    settings: createSettingsStore(kept),
    cacheStore: createIdbCacheStore(kept),
    tdmrepStore: createIdbCacheStore(kept, { indexKey: TDMREP_CACHE_INDEX_KEY, records: 'tdmrep' }),
    historyStore: createIdbHistoryStore(),
    watchStore: createIdbWatchStore(kept),
    resourceStore: createSessionResourceStore(storage),
    probeReports: createSessionReportStore(storage, PROBE_REPORTS_KEY),
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  }).register();
});
