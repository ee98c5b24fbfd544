import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createIdbWatchStore } from '../../../entrypoints/background/history/history-db';
import { createKeptDb, moveFromStorageLocal } from '../../../entrypoints/background/kept-db';
import { createIdbCacheStore } from '../../../entrypoints/background/robots/cache-store';
import { createSettingsStore } from '../../../entrypoints/background/settings/storage';
import { type CacheIndex, createEmptyIndex } from '../../../lib/cache';
import type { FetchRecord } from '../../../lib/fetch/types';
import type { Inspection } from '../../../lib/protocol/messages';
import { DEFAULT_SETTINGS } from '../../../lib/settings';
import { createTestKeptDb, createTestWorker, robots, T0 } from './helpers';

// What the extension keeps (settings, watch list, the robots.txt and tdmrep.json caches) lives in
// its own IndexedDB, where no content script can read it; an older version's storage.local values
// are moved there once.

const SITE = 'https://site.test';

const recordOf = (origin: string, body: string): FetchRecord =>
  ({
    origin,
    robotsUrl: `${origin}/robots.txt`,
    finalUrl: `${origin}/robots.txt`,
    hops: [],
    outcome: { kind: 'ok', status: 200, body: { bytes: body } },
    fetchedAt: T0,
    expiresAt: T0 + 86_400_000,
    durationMs: 1,
  }) as unknown as FetchRecord;

const indexOf = (...origins: string[]): CacheIndex => ({
  ...createEmptyIndex(),
  entries: Object.fromEntries(
    origins.map((origin) => [
      origin,
      { origin, outcomeKind: 'ok', status: 200, fetchedAt: T0, expiresAt: T0 + 1, bytes: 10, hits: 0, lastUsedAt: T0 },
    ]),
  ),
});

/** What an older version left in storage.local: settings, a watch list, both caches, and a draft. */
const LEGACY = {
  settings: { ...DEFAULT_SETTINGS, crawler: 'GPTBot' },
  settings$: { v: 1 },
  watchedSites: [{ origin: SITE, since: T0, lastCheckAt: null, lastResult: null, lastStatus: null }],
  robotsCacheIndex: indexOf(SITE),
  [`robots:${SITE}`]: recordOf(SITE, 'User-agent: *\nDisallow: /old/\n'),
  tdmrepCacheIndex: indexOf(SITE),
  [`tdmrep:${SITE}`]: recordOf(SITE, '[]'),
  [`workbench-drafts:${SITE}`]: { currentId: 'a', drafts: [] },
};

describe('the kept database', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps each cache’s index and records apart, and a new store over the same database reads them back', async () => {
    const kept = createTestKeptDb();
    const robotsStore = createIdbCacheStore(kept);
    const tdmrepStore = createIdbCacheStore(kept, { indexKey: 'tdmrepCacheIndex', records: 'tdmrep' });
    await robotsStore.write({
      index: indexOf(SITE, 'https://b.test'),
      put: { [SITE]: recordOf(SITE, 'r'), 'https://b.test': recordOf('https://b.test', 'b') },
      remove: [],
    });
    await tdmrepStore.write({ index: indexOf(SITE), put: { [SITE]: recordOf(SITE, '[]') }, remove: [] });

    const again = createIdbCacheStore(kept);
    expect(Object.keys((await again.readIndex())?.entries ?? {})).toEqual([SITE, 'https://b.test']);
    expect(await again.readRecord(SITE)).toEqual(recordOf(SITE, 'r'));
    expect(await tdmrepStore.readRecord(SITE)).toEqual(recordOf(SITE, '[]'));

    await again.write({ index: indexOf('https://b.test'), put: {}, remove: [SITE] });
    expect(await again.readRecord(SITE)).toBeNull();
    await again.write({ index: createEmptyIndex(), put: {}, remove: 'all' });
    expect(await again.readRecord('https://b.test')).toBeNull();
    // Clearing robots.txt's records leaves tdmrep.json's own.
    expect(await tdmrepStore.readRecord(SITE)).toEqual(recordOf(SITE, '[]'));
  });

  it('keeps the settings and the watch list across a restarted worker (a new store, the same database)', async () => {
    const kept = createTestKeptDb();
    await createSettingsStore(kept).set({ ...DEFAULT_SETTINGS, crawler: 'ClaudeBot' });
    await createIdbWatchStore(kept).set([
      { origin: SITE, since: T0, lastCheckAt: null, lastResult: null, lastStatus: null },
    ]);
    expect((await createSettingsStore(kept).get()).crawler).toBe('ClaudeBot');
    expect(await createIdbWatchStore(kept).get()).toEqual([
      { origin: SITE, since: T0, lastCheckAt: null, lastResult: null, lastStatus: null },
    ]);
  });

  it('moves what an older version kept in storage.local once, and leaves nothing of it there', async () => {
    await fakeBrowser.storage.local.set(LEGACY);
    const kept = createTestKeptDb();
    expect((await createSettingsStore(kept).get()).crawler).toBe('GPTBot');
    expect(await createIdbWatchStore(kept).get()).toEqual([
      { origin: SITE, since: T0, lastCheckAt: null, lastResult: null, lastStatus: null },
    ]);
    const robotsStore = createIdbCacheStore(kept);
    expect(Object.keys((await robotsStore.readIndex())?.entries ?? {})).toEqual([SITE]);
    expect(await robotsStore.readRecord(SITE)).toEqual(LEGACY[`robots:${SITE}`]);
    expect(
      await createIdbCacheStore(kept, { indexKey: 'tdmrepCacheIndex', records: 'tdmrep' }).readRecord(SITE),
    ).toEqual(LEGACY[`tdmrep:${SITE}`]);
    // Only the workbench's drafts stay: the workbench moves those itself.
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual([`workbench-drafts:${SITE}`]);
  });

  it('never overwrites a value kept since with an old one left behind by a failed removal', async () => {
    const kept = createTestKeptDb();
    await createSettingsStore(kept).set({ ...DEFAULT_SETTINGS, crawler: 'Bingbot' });
    await createIdbCacheStore(kept).write({
      index: indexOf('https://new.test'),
      put: { 'https://new.test': recordOf('https://new.test', 'n') },
      remove: [],
    });
    await fakeBrowser.storage.local.set(LEGACY);
    await moveFromStorageLocal(await kept(), fakeBrowser.storage.local);
    expect((await createSettingsStore(kept).get()).crawler).toBe('Bingbot');
    const robotsStore = createIdbCacheStore(kept);
    expect(Object.keys((await robotsStore.readIndex())?.entries ?? {})).toEqual(['https://new.test']);
    // The old index was not taken, so neither were its records.
    expect(await robotsStore.readRecord(SITE)).toBeNull();
    // The watch list was not kept here yet: it is moved.
    expect(await createIdbWatchStore(kept).get()).toEqual([
      { origin: SITE, since: T0, lastCheckAt: null, lastResult: null, lastStatus: null },
    ]);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual([`workbench-drafts:${SITE}`]);
  });

  it('leaves storage.local as it was when the move fails, and moves it at the next start', async () => {
    await fakeBrowser.storage.local.set(LEGACY);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const name = `robotscope-kept-move-${Date.now()}`;
    const first = createKeptDb({ name, legacy: fakeBrowser.storage.local });
    expect((await createSettingsStore(first).get()).crawler).toBe(DEFAULT_SETTINGS.crawler);
    put.mockRestore();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toContain('settings');

    const next = createKeptDb({ name, legacy: fakeBrowser.storage.local });
    expect((await createSettingsStore(next).get()).crawler).toBe('GPTBot');
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual([`workbench-drafts:${SITE}`]);
  });

  it('serves a new site from memory when the database is full, and says so in words', async () => {
    const worker = createTestWorker({ [`${SITE}/robots.txt`]: robots('User-agent: *\nDisallow: /private/\n') });
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const inspect = (url: string) =>
        worker.service.handleMessage({ type: 'inspect', payload: { target: { kind: 'url', url } } });
      const reply = await inspect(`${SITE}/private/x`);
      const inspection = (reply as { ok: true; value: Inspection }).value;
      expect(inspection.kind === 'inspected' ? inspection.notStored : '').toBe(
        "This robots.txt could not be kept in the cache: the browser's storage for Robotscope is full. Clear the robots.txt cache or the history on the options page to make room.",
      );
      await inspect(`${SITE}/`);
      expect(worker.requested.filter((url) => url === `${SITE}/robots.txt`)).toHaveLength(1);
    } finally {
      put.mockRestore();
    }
    expect(await createIdbCacheStore(worker.kept).readRecord(SITE)).toBeNull();
  });
});
