import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createHistoryService,
  WATCH_ALARM,
  watchNotificationId,
} from '../../../entrypoints/background/history/history';
import { createIdbHistoryStore, createIdbWatchStore } from '../../../entrypoints/background/history/history-db';
import { HOUR } from '../../../lib/fetch/constants';
import type { FetchRecord } from '../../../lib/fetch/types';
import { fetchedBody } from '../../lib/fetch/fixtures';
import type { ChangedSinceReply, ChangeSummary, HistoryListing, WatchedSite } from '../../../lib/history/api';
import { createMemoryHistoryStore } from '../../../lib/history/store';
import { DEFAULT_SETTINGS } from '../../../lib/settings';
import { createBackgroundService } from '../../../entrypoints/background/service';
import { createSettingsStore } from '../../../entrypoints/background/settings/storage';
import { createIdbCacheStore } from '../../../entrypoints/background/robots/cache-store';
import { createManualRedirectTransport } from '../../../lib/fetch/transport';
import {
  createConnectEvent,
  createTestKeptDb,
  createTestWorker,
  okObservation,
  type Route,
  robots,
  status,
  T0,
  waitUntil,
} from './helpers';

let dbCount = 0;
const LIMITS = { maxVersionsPerOrigin: 30, maxBytes: 1e9 };
const ok = okObservation;

describe('the IndexedDB history store (fake-indexeddb)', () => {
  let name: string;
  beforeEach(() => {
    name = `history-test-${++dbCount}`;
  });

  it('keeps versions and bodies across a new store on the same database (a restarted worker)', async () => {
    const first = createIdbHistoryStore(name);
    expect((await first.record(ok('https://a.test', T0, 'A\n'), LIMITS)).added?.seq).toBe(1);
    expect((await first.record(ok('https://a.test', T0 + HOUR, 'A\n'), LIMITS)).added).toBeNull();
    const second = await first.record(ok('https://a.test', T0 + 2 * HOUR, 'B\n'), LIMITS);
    expect(second.previous?.seq).toBe(1);
    const restarted = createIdbHistoryStore(name);
    const history = await restarted.getHistory('https://a.test');
    expect(history?.versions.map((v) => [v.seq, v.firstSeen, v.lastSeen])).toEqual([
      [1, T0, T0 + HOUR],
      [2, T0 + 2 * HOUR, T0 + 2 * HOUR],
    ]);
    expect(await restarted.getBody('https://a.test', 1)).toBe('A\n');
    expect(await restarted.getBody('https://a.test', 2)).toBe('B\n');
    expect(await restarted.usage()).toEqual({ origins: 1, versions: 2, bytes: 4 });
  });

  it('applies the count and the byte budget in the same write, dropping bodies with their versions', async () => {
    const store = createIdbHistoryStore(name);
    const limits = { maxVersionsPerOrigin: 2, maxBytes: 10 };
    await store.record(ok('https://old.test', T0, '12345'), limits);
    await store.record(ok('https://new.test', T0 + 1, 'a'), limits);
    await store.record(ok('https://new.test', T0 + 2, 'b'), limits);
    await store.record(ok('https://new.test', T0 + 3, 'c'), limits);
    expect((await store.getHistory('https://new.test'))?.versions.map((v) => v.seq)).toEqual([2, 3]);
    expect(await store.getBody('https://new.test', 1)).toBeNull();
    // 5 + 1 + 1 bytes fit; a 6-byte version of new.test pushes the least recently seen origin out.
    await store.record(ok('https://new.test', T0 + 4, '666666'), limits);
    expect(await store.getHistory('https://old.test')).toBeNull();
    expect(await store.getBody('https://old.test', 1)).toBeNull();
    await store.enforce({ maxVersionsPerOrigin: 1, maxBytes: 1e9 });
    expect((await store.getHistory('https://new.test'))?.versions.map((v) => v.seq)).toEqual([4]);
  });

  it('notes inspections and clears one origin or all', async () => {
    const store = createIdbHistoryStore(name);
    expect(await store.markInspected('https://a.test')).toEqual({ before: null, now: null });
    await store.record(ok('https://a.test', T0, 'A'), LIMITS);
    await store.record(ok('https://b.test', T0, 'B'), LIMITS);
    expect(await store.markInspected('https://a.test')).toEqual({ before: null, now: 1 });
    await store.record(ok('https://a.test', T0 + 1, 'A2'), LIMITS);
    expect(await store.markInspected('https://a.test')).toEqual({ before: 1, now: 2 });
    expect(await store.clear('https://a.test')).toBe(1);
    expect(await store.getBody('https://a.test', 2)).toBeNull();
    expect(await store.clear()).toBe(1);
    expect(await store.usage()).toEqual({ origins: 0, versions: 0, bytes: 0 });
  });
});

const ORIGIN = 'https://example.com';
const ROBOTS_URL = `${ORIGIN}/robots.txt`;
const PAGE = `${ORIGIN}/private/page.html`;

describe('history in the worker', () => {
  beforeEach(() => fakeBrowser.reset());

  async function call<T>(worker: ReturnType<typeof createTestWorker>, type: string, payload: unknown): Promise<T> {
    const reply = await worker.service.handleMessage({ type, payload });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.value as T;
  }

  it('keeps a Latin-1 file as its bytes: a change of one byte is a version, judged as Google reads bytes', async () => {
    const latin1 = (text: string) => () =>
      new Response(
        Uint8Array.from(text, (c) => c.charCodeAt(0)),
        {
          status: 200,
          headers: { 'content-type': 'text/plain' },
        },
      );
    const page = `${ORIGIN}/caf%E9`;
    const worker = createTestWorker({ [ROBOTS_URL]: latin1('User-agent: *\nDisallow: /caf\xe9\n') });
    await call(worker, 'inspect', { target: { kind: 'url', url: page } });
    const asked = { origin: ORIGIN, pageUrl: page, crawler: 'Googlebot' };
    expect(await call(worker, 'historyChangedSince', asked)).toBeNull();
    worker.clock.now += HOUR;
    // `/caf\xe8` decodes to the same text (U+FFFD) but is another file for Google.
    worker.routes.set(ROBOTS_URL, latin1('User-agent: *\nDisallow: /caf\xe8\n'));
    await call(worker, 'inspect', { target: { kind: 'url', url: page }, refresh: true });
    const summary = await call<ChangeSummary>(worker, 'historyChangedSince', asked);
    expect(summary).toMatchObject({
      from: { seq: 1 },
      to: { seq: 2 },
      verdicts: [{ token: 'Googlebot', before: { allowed: false, line: 2 }, after: { allowed: true } }],
    });
    expect(await call(worker, 'historyVersion', { origin: ORIGIN, seq: 1 })).toMatchObject({
      meta: { form: 'bytes' },
      body: 'User-agent: *\nDisallow: /caf\xe9\n',
    });
  });

  it('records every fetch through the cache, and says what changed since the previous inspection', async () => {
    const worker = createTestWorker({ [ROBOTS_URL]: robots('User-agent: *\nAllow: /\n') });
    await call(worker, 'inspect', { target: { kind: 'url', url: PAGE } });
    const first = { origin: ORIGIN, pageUrl: PAGE, crawler: 'Googlebot' };
    expect(await call(worker, 'historyChangedSince', first)).toBeNull();
    worker.clock.now += 3 * 24 * HOUR;
    worker.routes.set(ROBOTS_URL, robots('User-agent: *\nAllow: /\nDisallow: /private/\nDisallow: /tmp/\n'));
    await call(worker, 'inspect', { target: { kind: 'url', url: PAGE }, refresh: true });
    const summary = await call<ChangeSummary>(worker, 'historyChangedSince', first);
    expect(summary).toMatchObject({
      origin: ORIGIN,
      changedAt: worker.clock.now,
      from: { seq: 1, status: '200' },
      to: { seq: 2, status: '200' },
      lines: { added: 2, removed: 0 },
      verdicts: [{ token: 'Googlebot', before: { allowed: true }, after: { allowed: false, line: 3 } }],
    });
    // Seen now: the next inspection has nothing new to say.
    expect(await call(worker, 'historyChangedSince', first)).toBeNull();
    const listing = await call<HistoryListing>(worker, 'historyList', { origin: ORIGIN });
    expect(listing.versions.map((v) => v.seq)).toEqual([2, 1]);
    expect(await call(worker, 'historyVersion', { origin: ORIGIN, seq: 1 })).toMatchObject({
      body: 'User-agent: *\nAllow: /\n',
    });
  });

  it('says which version Googlebot may still be using, and until when, with what changed', async () => {
    const worker = createTestWorker({ [ROBOTS_URL]: robots('User-agent: *\nAllow: /\n') });
    const asked = { origin: ORIGIN, pageUrl: PAGE, crawler: 'Googlebot' };
    await call(worker, 'inspect', { target: { kind: 'url', url: PAGE } });
    expect(await call(worker, 'historyChangedSince', asked)).toBeNull();
    // Changed 3 hours later: Google may keep the first version for 24 hours after the change at most.
    worker.clock.now = T0 + 3 * HOUR;
    worker.routes.set(ROBOTS_URL, robots('User-agent: *\nDisallow: /\n'));
    await call(worker, 'inspect', { target: { kind: 'url', url: PAGE }, refresh: true });
    const fresh = await call<ChangedSinceReply>(worker, 'historyChangedSince', asked);
    expect(fresh.crawlerNow).toContain(
      `Googlebot may still be using version #1 until ${new Date(T0 + 27 * HOUR).toLocaleString()} at the latest`,
    );
    // Changed again, but the user looks two days later: Googlebot has re-read it since.
    worker.clock.now = T0 + 4 * HOUR;
    worker.routes.set(ROBOTS_URL, robots('User-agent: *\nDisallow: /private/\n'));
    await call(worker, 'inspect', { target: { kind: 'url', url: PAGE }, refresh: true });
    worker.clock.now = T0 + 52 * HOUR;
    const old = await call<ChangedSinceReply>(worker, 'historyChangedSince', asked);
    expect(old.to.seq).toBe(3);
    expect(old.crawlerNow).toMatch(/^Googlebot uses version #3: it has been served for more than 24 hours/);
    // Unreachable: the last good copy, for up to 30 days.
    worker.routes.set(ROBOTS_URL, status(503));
    await call(worker, 'inspect', { target: { kind: 'url', url: PAGE }, refresh: true });
    const down = await call<ChangedSinceReply>(worker, 'historyChangedSince', asked);
    // The first 12 hours: crawling stops (the popup's verdict says Blocked), then version #3 until 30 days.
    const at = (ms: number) => new Date(ms).toLocaleString();
    expect(down.crawlerNow).toContain(`Google stops crawling the site until ${at(T0 + 64 * HOUR)}`);
    expect(down.crawlerNow).toContain(`(most likely version #3, last fetched`);
    expect(down.crawlerNow).toContain(`until ${at(T0 + 52 * HOUR + 30 * 24 * HOUR)}`);
  });

  it('files a 503 as its own version, between two of the same body', async () => {
    const worker = createTestWorker({ [ROBOTS_URL]: robots('User-agent: *\nAllow: /\n') });
    const refresh = () => call(worker, 'inspect', { target: { kind: 'url', url: PAGE }, refresh: true });
    await refresh();
    worker.routes.set(ROBOTS_URL, status(503));
    await refresh();
    worker.routes.set(ROBOTS_URL, robots('User-agent: *\nAllow: /\n'));
    await refresh();
    const listing = await call<HistoryListing>(worker, 'historyList', { origin: ORIGIN });
    expect(listing.versions.map((v) => [v.seq, v.status, v.outcome])).toEqual([
      [3, '200', 'ok'],
      [2, '503', 'unreachable'],
      [1, '200', 'ok'],
    ]);
  });

  it('refuses a payload that is not an origin, in words', async () => {
    const worker = createTestWorker();
    const reply = await worker.service.handleMessage({
      type: 'historyList',
      payload: { origin: 'https://a.test/path' },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const bad = await worker.service.handleMessage({ type: 'setWatched', payload: { origin: ORIGIN, watched: 'yes' } });
    expect(bad).toMatchObject({ ok: false, error: { message: 'setWatched: watched must be true or false.' } });
  });

  it('watches a site: a check fetches it again, notes the result and keeps the version', async () => {
    const worker = createTestWorker({ [ROBOTS_URL]: robots('User-agent: *\nAllow: /\n') });
    const watched = await call<WatchedSite[]>(worker, 'setWatched', { origin: ORIGIN, watched: true });
    expect(watched.map((s) => s.origin)).toEqual([ORIGIN]);
    let sites = await call<WatchedSite[]>(worker, 'checkWatched', {});
    expect(sites[0]).toMatchObject({ lastStatus: '200', lastResult: 'First check: answered 200.' });
    worker.routes.set(ROBOTS_URL, robots('User-agent: *\nDisallow: /\n'));
    worker.clock.now += 6 * HOUR;
    sites = await call<WatchedSite[]>(worker, 'checkWatched', {});
    expect(sites[0]?.lastCheckAt).toBe(worker.clock.now);
    expect(sites[0]?.lastResult).toBe(
      'Changed: 1 line added, 1 removed; 2 crawlers (Googlebot and Bingbot) went from Allowed to Blocked for the home page.',
    );
    expect(worker.requested.filter((u) => u === ROBOTS_URL)).toHaveLength(2);
    await call(worker, 'setWatched', { origin: ORIGIN, watched: false });
    expect(await call(worker, 'listWatched', {})).toEqual([]);
  });

  it('lowering the versions per origin in the settings drops the oldest at once', async () => {
    const worker = createTestWorker({ [ROBOTS_URL]: robots('A\n') });
    for (const body of ['A\n', 'B\n', 'C\n']) {
      worker.routes.set(ROBOTS_URL, robots(body));
      await call(worker, 'inspect', { target: { kind: 'url', url: PAGE }, refresh: true });
    }
    await call(worker, 'setSettings', { historyMaxVersions: 1 });
    const usage = await call(worker, 'historyUsage', {});
    expect(usage).toEqual({
      origins: 1,
      versions: 1,
      bytes: 2,
      maxVersions: 1,
      maxBytes: DEFAULT_SETTINGS.historyMaxBytes,
    });
  });
});

describe('a watched site changing', () => {
  beforeEach(() => fakeBrowser.reset());

  function record(body: string | null, at: number): FetchRecord {
    return {
      origin: ORIGIN,
      robotsUrl: ROBOTS_URL,
      finalUrl: ROBOTS_URL,
      hops: [],
      outcome:
        body === null
          ? { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' }
          : {
              kind: 'ok',
              status: 200,
              body: fetchedBody({ text: body }),
            },
      fetchedAt: at,
      expiresAt: at + HOUR,
      durationMs: 1,
    };
  }

  it('notifies when allowed, naming the status change and the picked crawlers whose verdict changed', async () => {
    const clock = { now: T0 };
    const answers: (string | null)[] = ['User-agent: *\nAllow: /\n', null];
    const notify = vi.fn(async () => true);
    const setAlarm = vi.fn(async () => {});
    const kept = createTestKeptDb();
    const service = createHistoryService({
      store: createMemoryHistoryStore(),
      watches: createIdbWatchStore(kept),
      getSettings: async () => ({ ...DEFAULT_SETTINGS, watchCrawlers: ['GPTBot'] }),
      now: () => clock.now,
      refetch: async () => {
        const r = record(answers.shift() ?? null, clock.now);
        await service.recordFetch(r);
        return r;
      },
      notify,
      setAlarm,
    });
    await service.setWatched(ORIGIN, true);
    expect(setAlarm).toHaveBeenLastCalledWith(360);
    await service.checkWatched();
    expect(notify).not.toHaveBeenCalled();
    clock.now += 6 * HOUR;
    const [site] = await service.checkWatched();
    expect(notify).toHaveBeenCalledWith(
      `robotscope-watch:${ORIGIN}:2`,
      `robots.txt changed on ${ORIGIN}`,
      "It answered 503 (was 200). GPTBot's verdict for the home page went from Allowed to Blocked.",
    );
    expect(site?.lastStatus).toBe('503');
    // The watch list is in the kept database, so it survives the worker.
    expect((await createIdbWatchStore(kept).get()).map((s) => s.lastStatus)).toEqual(['503']);
    await service.setWatched(ORIGIN, false);
    expect(setAlarm).toHaveBeenLastCalledWith(null);
  });
});

describe('the watch alarm in the worker', () => {
  beforeEach(() => fakeBrowser.reset());

  function createWorkerWithAlarms(routes: Record<string, Route>) {
    const requested: string[] = [];
    const routeMap = new Map(Object.entries(routes));
    const kept = createTestKeptDb();
    const make = () =>
      createBackgroundService({
        browser: {
          // WXT's fake runtime has no onConnect (the page inspector's reports arrive on a port).
          runtime: Object.create(fakeBrowser.runtime, {
            onConnect: { value: createConnectEvent() },
          }) as typeof fakeBrowser.runtime,
          tabs: fakeBrowser.tabs,
          action: fakeBrowser.action,
          alarms: fakeBrowser.alarms,
          notifications: fakeBrowser.notifications,
        },
        settings: createSettingsStore(kept),
        cacheStore: createIdbCacheStore(kept),
        watchStore: createIdbWatchStore(kept),
        fetch: () => Promise.reject(new Error('the tests use the manual transport')),
        transport: createManualRedirectTransport(async (url, { signal }) => {
          requested.push(url);
          return (routeMap.get(url) ?? (() => new Response('', { status: 404 })))(signal);
        }),
        now: () => T0,
      });
    return { make, requested, kept };
  }

  it('is created by the first watch, keeps its schedule when the worker starts again, and checks when it fires', async () => {
    const { make, requested, kept } = createWorkerWithAlarms({ [ROBOTS_URL]: robots('User-agent: *\nAllow: /\n') });
    const service = make();
    service.register();
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeUndefined();
    await service.handleMessage({ type: 'setWatched', payload: { origin: ORIGIN, watched: true } });
    const alarm = await fakeBrowser.alarms.get(WATCH_ALARM);
    expect(alarm?.periodInMinutes).toBe(360);
    // A restarted worker, a minute later, registers again: the alarm keeps its time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      make().register();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      vi.useRealTimers();
    }
    expect((await fakeBrowser.alarms.get(WATCH_ALARM))?.scheduledTime).toBe(alarm?.scheduledTime);
    const fired = await fakeBrowser.alarms.get(WATCH_ALARM);
    if (fired === undefined) throw new Error('the alarm is gone');
    await fakeBrowser.alarms.onAlarm.trigger(fired);
    await waitUntil(async () => (await createIdbWatchStore(kept).get())[0]?.lastCheckAt === T0);
    expect(requested.filter((u) => u === ROBOTS_URL).length).toBeGreaterThanOrEqual(1);
    expect((await createIdbWatchStore(kept).get())[0]?.lastResult).toBe('First check: answered 200.');
    // A new interval in the settings makes a new alarm at that period.
    await service.handleMessage({ type: 'setSettings', payload: { watchIntervalMinutes: 60 } });
    expect((await fakeBrowser.alarms.get(WATCH_ALARM))?.periodInMinutes).toBe(60);
  });

  it("a click on a watch notification opens that site's history", async () => {
    const { make } = createWorkerWithAlarms({});
    make().register();
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.notifications.onClicked.trigger(watchNotificationId('http://127.0.0.1:8080', 3));
    await fakeBrowser.notifications.onClicked.trigger('another-notification');
    expect(created.mock.calls.map(([props]) => props.url)).toEqual([
      fakeBrowser.runtime.getURL('/workbench.html?origin=http%3A%2F%2F127.0.0.1%3A8080&view=history'),
    ]);
  });
});

describe('CDN blocks and content signals', () => {
  beforeEach(() => fakeBrowser.reset());

  it('come with the inspection, found once by the worker; the popup has no body to send back', async () => {
    const text =
      '# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: ai-train=no\n# END Cloudflare Managed Content\n';
    const worker = createTestWorker({ 'https://cdn-block.test/robots.txt': robots(text) });
    const inspect = () =>
      worker.service.handleMessage({
        type: 'inspect',
        payload: { target: { kind: 'url', url: 'https://cdn-block.test/' } },
      });
    const reply = await inspect();
    expect(reply).toMatchObject({
      ok: true,
      value: {
        directives: {
          managedBlocks: [{ vendor: 'Cloudflare', firstLine: 1, lastLine: 4, closed: true }],
          contentSignals: [{ line: 3, directive: 'Content-Signal', agents: ['*'] }],
        },
      },
    });
    // Read once per fetched file: the second inspection gets the same finding.
    const again = (await inspect()) as { value: { directives: unknown } };
    expect(again.value.directives).toBe((reply as { value: { directives: unknown } }).value.directives);
    const gone = await worker.service.handleMessage({ type: 'directives', payload: { text } });
    expect(gone).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });
});
