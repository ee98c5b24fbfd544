import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundService } from '../../../entrypoints/background/service';
import { createSettingsStore } from '../../../entrypoints/background/settings/storage';
import { createIdbCacheStore } from '../../../entrypoints/background/robots/cache-store';
import { createIdbWatchStore } from '../../../entrypoints/background/history/history-db';
import { createRobotsCache, type RobotsTarget } from '../../../lib/cache/robots-cache';
import { type CacheStore, createMemoryCacheStore } from '../../../lib/cache/store';
import { createManualRedirectTransport, type FetchOnce } from '../../../lib/fetch/transport';
import type { FetchRecord } from '../../../lib/fetch/types';
import { createMemoryHistoryStore, type HistoryStore } from '../../../lib/history/store';
import type { Inspection } from '../../../lib/protocol/messages';
import { createConnectEvent, createTestKeptDb, T0 } from './helpers';

const QUOTA = new Error('Resource::kQuotaBytes quota exceeded');

function worker(options: { historyStore?: HistoryStore; cacheStore?: CacheStore } = {}) {
  const requested: string[] = [];
  const kept = createTestKeptDb();
  const fetchOnce: FetchOnce = async (url) => {
    requested.push(url);
    return new Response('User-agent: *\nDisallow: /private/\n', {
      status: 200,
      headers: { 'content-type': 'text/plain' },
    });
  };
  const service = createBackgroundService({
    // A runtime with onConnect, so the service can register its listeners (the badge follows tabs).
    browser: {
      runtime: Object.create(fakeBrowser.runtime, {
        onConnect: { value: createConnectEvent() },
      }) as typeof fakeBrowser.runtime,
      tabs: fakeBrowser.tabs,
      action: fakeBrowser.action,
    },
    settings: createSettingsStore(kept),
    cacheStore: options.cacheStore ?? createIdbCacheStore(kept),
    historyStore: options.historyStore,
    watchStore: createIdbWatchStore(kept),
    fetch: () => Promise.reject(new Error('manual transport')),
    transport: createManualRedirectTransport(fetchOnce),
    now: () => T0,
  });
  return { service, requested, kept };
}

const inspectUrl = (url: string) => ({ type: 'inspect', payload: { target: { kind: 'url', url } } });

describe('nothing waits on history', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers an inspection while the history database never opens', async () => {
    const never = new Promise<never>(() => undefined);
    const hung: HistoryStore = {
      ...createMemoryHistoryStore(),
      record: () => never,
      getHistory: () => never,
      markInspected: () => never,
    };
    const { service } = worker({ historyStore: hung });
    const reply = await service.handleMessage(inspectUrl('https://a.example/private/x'));
    expect(reply).toMatchObject({ ok: true, value: { kind: 'inspected', source: 'network' } });
  });

  it('gives up a history write after the timeout, in words', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const hung: HistoryStore = { ...createMemoryHistoryStore(), getHistory: () => never };
      const { service } = worker({ historyStore: hung });
      const listing = service.history.list('https://a.example');
      const settledAs = listing.then(
        () => 'answered',
        (error: unknown) => String(error),
      );
      await vi.advanceTimersByTimeAsync(5100);
      expect(await settledAs).toMatch(
        /History is not available: the browser's database did not answer a read within 5 s/,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the history of sites the user inspects, not of hosts judged for a page', async () => {
    const history = createMemoryHistoryStore();
    const { service } = worker({ historyStore: history });
    await service.handleMessage(inspectUrl('https://site.example/'));
    await service.urlJudge.judgeUrls({
      urls: ['https://cdn1.example/a.js', 'https://cdn2.example/b.css'],
      crawler: 'Googlebot',
      pageUrl: 'https://site.example/',
    });
    await vi.waitFor(async () => expect((await history.usage()).origins).toBe(1));
    expect(await history.getHistory('https://site.example')).not.toBeNull();
    expect(await history.getHistory('https://cdn1.example')).toBeNull();
  });
});

describe('a full storage', () => {
  beforeEach(() => fakeBrowser.reset());

  it('still inspects a new site, from memory, and says so in words', async () => {
    const full: CacheStore = { ...createMemoryCacheStore(), write: () => Promise.reject(QUOTA) };
    const { service, requested } = worker({ cacheStore: full });
    const reply = await service.handleMessage(inspectUrl('https://new.example/private/x'));
    expect(reply.ok).toBe(true);
    const inspection = (reply as { value: Inspection }).value;
    expect(inspection).toMatchObject({ kind: 'inspected' });
    expect(inspection.kind === 'inspected' ? inspection.notStored : '').toMatch(
      /could not be kept in the cache: the browser's storage for Robotscope is full/,
    );
    // Served from memory the next time, not fetched again.
    await service.handleMessage(inspectUrl('https://new.example/'));
    expect(requested).toHaveLength(1);
  });

  it('says in the badge’s tooltip that the file is served from memory, and not when it is stored', async () => {
    const full: CacheStore = { ...createMemoryCacheStore(), write: () => Promise.reject(QUOTA) };
    const { service } = worker({ cacheStore: full });
    service.register();
    const tab = await fakeBrowser.tabs.create({ url: 'about:blank' });
    await fakeBrowser.tabs.update(tab.id, { url: 'https://full.example/private/x' });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id! })).toBe('NO'));
    const title = await fakeBrowser.action.getTitle({ tabId: tab.id! });
    expect(title.split('\n')[0]).toMatch(/^Googlebot: Blocked/);
    expect(title).toMatch(
      /\n⚠ Served from memory: This robots\.txt could not be kept in the cache: the browser's storage for Robotscope is full\./,
    );
    expect(title).not.toMatch(/kQuotaBytes/);

    fakeBrowser.reset();
    const stored = worker();
    stored.service.register();
    const other = await fakeBrowser.tabs.create({ url: 'about:blank' });
    await fakeBrowser.tabs.update(other.id, { url: 'https://kept.example/private/x' });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({ tabId: other.id! })).toBe('NO'));
    expect(await fakeBrowser.action.getTitle({ tabId: other.id! })).not.toMatch(/memory/);
  });

  it('says a watch or a custom token could not be saved in words, never the raw error', async () => {
    const { service } = worker();
    // A full database refuses the write with QuotaExceededError (the kept database is IndexedDB).
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const watch = await service.handleMessage({
      type: 'setWatched',
      payload: { origin: 'https://a.example', watched: true },
    });
    const token = await service.handleMessage({ type: 'addCustomToken', payload: { token: 'MyBot' } });
    spy.mockRestore();
    for (const reply of [watch, token]) {
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
      const message = (reply as { error: { message: string } }).error.message;
      expect(message).toMatch(/could not be saved: the browser's storage for Robotscope is full/);
      expect(message).not.toMatch(/QuotaExceededError|quota has been exceeded|background worker failed/);
    }
  });
});

describe('other hosts have their own cache budget', () => {
  it('never evicts a site the user inspected to make room for another host’s file', async () => {
    const store = createMemoryCacheStore();
    const fetchRecord = async (t: RobotsTarget): Promise<FetchRecord> => ({
      origin: t.origin,
      robotsUrl: t.robotsUrl,
      finalUrl: t.robotsUrl,
      hops: [],
      outcome: { kind: 'unavailable', status: 404, cause: 'not-found' } as unknown as FetchRecord['outcome'],
      fetchedAt: T0,
      expiresAt: T0 + 3_600_000,
      durationMs: 1,
    });
    const cache = createRobotsCache({ store, now: () => T0, fetchRecord, maxEntries: 3, otherMaxEntries: 5 });
    const t = (origin: string) => ({ origin, robotsUrl: `${origin}/robots.txt` });
    for (const site of ['https://s1.example', 'https://s2.example', 'https://s3.example']) await cache.lookup(t(site));
    for (let i = 0; i < 50; i++) await cache.lookup(t(`https://cdn${i}.example`), { tier: 'other' });
    const { entries } = await cache.list();
    const origins = entries.map((e) => e.origin);
    expect(origins.filter((o) => o.startsWith('https://s'))).toHaveLength(3);
    expect(origins.filter((o) => o.includes('cdn'))).toHaveLength(5);
  });
});
