import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseEvictions,
  createRobotsCache,
  isFresh,
  measureRecord,
  type RobotsTarget,
} from '../../../lib/cache/robots-cache';
import { type CacheIndexEntry, createMemoryCacheStore } from '../../../lib/cache/store';
import { HOUR, MINUTE } from '../../../lib/fetch/constants';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';

const T0 = Date.UTC(2025, 0, 1);

function target(origin: string): RobotsTarget {
  return { origin, robotsUrl: `${origin}/robots.txt` };
}

function okOutcome(text: string): FetchOutcome {
  return {
    kind: 'ok',
    status: 200,
    body: {
      bytes: text,
      contentLength: text.length,
      truncated: false,
      hasBom: false,
      encoding: 'utf-8',
      encodingEvidence: null,
      contentType: 'text/plain',
      looksLikeHtml: false,
    },
  };
}

/** A fake network: records requests, answers after `release()` when `hold` is set. */
function createFakeNetwork(clock: { now: number }) {
  const requests: string[] = [];
  const outcomes = new Map<string, FetchOutcome>();
  const lifetimes = new Map<string, number>();
  let held: Array<() => void> | null = null;
  const fetchRecord = async (t: RobotsTarget): Promise<FetchRecord> => {
    requests.push(t.robotsUrl);
    if (held !== null) await new Promise<void>((resolve) => held!.push(resolve));
    const outcome = outcomes.get(t.origin) ?? okOutcome(`User-agent: *\n# ${t.origin} #${requests.length}`);
    const fetchedAt = clock.now;
    return {
      origin: t.origin,
      robotsUrl: t.robotsUrl,
      finalUrl: t.robotsUrl,
      hops: [],
      outcome,
      fetchedAt,
      expiresAt: fetchedAt + (lifetimes.get(t.origin) ?? 24 * HOUR),
      durationMs: 3,
    };
  };
  return {
    requests,
    outcomes,
    lifetimes,
    fetchRecord,
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
  };
}

describe('createRobotsCache', () => {
  let clock: { now: number };
  let store: ReturnType<typeof createMemoryCacheStore>;
  let network: ReturnType<typeof createFakeNetwork>;
  const makeCache = (limits: { maxEntries?: number; maxBytes?: number } = {}) =>
    createRobotsCache({ store, now: () => clock.now, fetchRecord: network.fetchRecord, ...limits });

  beforeEach(() => {
    clock = { now: T0 };
    store = createMemoryCacheStore();
    network = createFakeNetwork(clock);
  });

  it('fetches on the first lookup and serves the second from the cache', async () => {
    const cache = makeCache();
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
    clock.now += HOUR;
    const second = await cache.lookup(target('https://a.test'));
    expect(second.source).toBe('cache');
    expect(second.record.fetchedAt).toBe(T0);
    expect(network.requests).toEqual(['https://a.test/robots.txt']);
  });

  it('refetches once 24 hours have passed (RFC 9309 §2.4)', async () => {
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    clock.now = T0 + 24 * HOUR - 1;
    expect((await cache.lookup(target('https://a.test'))).source).toBe('cache');
    clock.now = T0 + 24 * HOUR;
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
    expect(network.requests).toHaveLength(2);
  });

  it('honours a shorter lifetime from max-age', async () => {
    network.lifetimes.set('https://a.test', 10 * MINUTE);
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    clock.now = T0 + 10 * MINUTE;
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
  });

  it('never serves a record whose stored expiry claims more than 24 hours', async () => {
    network.lifetimes.set('https://a.test', 7 * 24 * HOUR);
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    clock.now = T0 + 24 * HOUR;
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
  });

  it('serves a no-store answer to the lookup that fetched it, then fetches again', async () => {
    network.lifetimes.set('https://a.test', 0);
    const cache = makeCache();
    const first = await cache.lookup(target('https://a.test'));
    expect(first.source).toBe('network');
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
    expect(network.requests).toHaveLength(2);
  });

  it('shares one fetch among ten concurrent lookups of one origin', async () => {
    const cache = makeCache();
    network.hold();
    const lookups = Array.from({ length: 10 }, () => cache.lookup(target('https://a.test')));
    // The fetch has started and is held: every lookup was made while it ran.
    await vi.waitFor(() => expect(network.requests).toHaveLength(1));
    network.release();
    const results = await Promise.all(lookups);
    expect(network.requests).toEqual(['https://a.test/robots.txt']);
    expect(new Set(results.map((r) => r.record.fetchedAt)).size).toBe(1);
  });

  it('does not share fetches between origins', async () => {
    const cache = makeCache();
    await Promise.all([
      cache.lookup(target('https://a.test')),
      cache.lookup(target('https://a.test:8443')),
      cache.lookup(target('http://a.test')),
    ]);
    expect(network.requests).toHaveLength(3);
  });

  it('bypasses a fresh entry on refresh and stores the new record', async () => {
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    clock.now += MINUTE;
    const refreshed = await cache.lookup(target('https://a.test'), { refresh: true });
    expect(refreshed.source).toBe('network');
    expect(refreshed.record.fetchedAt).toBe(T0 + MINUTE);
    expect((await cache.lookup(target('https://a.test'))).record.fetchedAt).toBe(T0 + MINUTE);
    expect(network.requests).toHaveLength(2);
  });

  it('a refresh during a running fetch joins it instead of starting another', async () => {
    const cache = makeCache();
    network.hold();
    const first = cache.lookup(target('https://a.test'));
    // Refresh only once the first fetch is really under way (requested and held).
    await vi.waitFor(() => expect(network.requests).toHaveLength(1));
    const refresh = cache.lookup(target('https://a.test'), { refresh: true });
    network.release();
    await Promise.all([first, refresh]);
    expect(network.requests).toHaveLength(1);
  });

  it('survives a new cache over the same store (the worker was stopped)', async () => {
    await makeCache().lookup(target('https://a.test'));
    const restarted = makeCache();
    expect((await restarted.lookup(target('https://a.test'))).source).toBe('cache');
    expect(network.requests).toHaveLength(1);
  });

  it('evicts the least recently used origin beyond the count bound', async () => {
    const cache = makeCache({ maxEntries: 3 });
    for (const name of ['a', 'b', 'c']) {
      await cache.lookup(target(`https://${name}.test`));
      clock.now += MINUTE;
    }
    await cache.lookup(target('https://a.test')); // a is now the most recently used
    clock.now += MINUTE;
    await cache.lookup(target('https://d.test'));
    const { entries, stats } = await cache.list();
    expect(entries.map((e) => e.origin)).toEqual(['https://d.test', 'https://a.test', 'https://c.test']);
    expect(stats.entries).toBe(3);
    expect(store.records.has('https://b.test')).toBe(false);
  });

  it('evicts least recently used origins until the byte budget holds', async () => {
    network.outcomes.set('https://big.test', okOutcome('x'.repeat(3000)));
    const small = measureRecord(await network.fetchRecord(target('https://a.test')));
    const big = measureRecord(await network.fetchRecord(target('https://big.test')));
    network.requests.length = 0;
    // Room for the big record and one and a half small ones.
    const cache = makeCache({ maxBytes: big + Math.floor(1.5 * small) });
    await cache.lookup(target('https://a.test'));
    clock.now += MINUTE;
    await cache.lookup(target('https://b.test'));
    clock.now += MINUTE;
    await cache.lookup(target('https://big.test'));
    const { entries, stats } = await cache.list();
    expect(entries.map((e) => e.origin)).toEqual(['https://big.test', 'https://b.test']);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect([...store.records.keys()].sort()).toEqual(['https://b.test', 'https://big.test']);
  });

  it('does not store a record larger than the whole budget, but still returns it', async () => {
    network.outcomes.set('https://huge.test', okOutcome('x'.repeat(5000)));
    const cache = makeCache({ maxBytes: 1000 });
    await cache.lookup(target('https://a.test'));
    const huge = await cache.lookup(target('https://huge.test'));
    expect(huge.record.outcome.kind).toBe('ok');
    expect((await cache.list()).entries.map((e) => e.origin)).toEqual(['https://a.test']);
  });

  it('counts hits per entry and in total, with misses, fetches and successes', async () => {
    network.outcomes.set('https://down.test', {
      kind: 'unreachable',
      cause: 'server-error',
      status: 503,
      detail: 'HTTP 503',
    });
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    await cache.lookup(target('https://a.test'));
    await cache.lookup(target('https://a.test'));
    await cache.lookup(target('https://down.test'));
    await cache.lookup(target('https://a.test'), { refresh: true });
    const { entries, stats } = await cache.list();
    expect(entries.find((e) => e.origin === 'https://a.test')?.hits).toBe(0); // reset by the refresh
    expect(stats).toMatchObject({ hits: 2, misses: 2, fetches: 3, fetchSuccesses: 2, entries: 2 });
  });

  it('lists what the options page shows for each origin', async () => {
    network.outcomes.set('https://gone.test', { kind: 'unavailable', cause: 'client-error', status: 404 });
    const cache = makeCache();
    await cache.lookup(target('https://gone.test'));
    await cache.lookup(target('https://gone.test'));
    const [entry] = (await cache.list()).entries;
    expect(entry).toEqual({
      origin: 'https://gone.test',
      outcomeKind: 'unavailable',
      status: 404,
      cause: 'client-error',
      fetchedAt: T0,
      expiresAt: T0 + 24 * HOUR,
      bytes: expect.any(Number),
      hits: 1,
    });
  });

  it('keeps why a fetch gave no file, so a redirect loop is told from too many redirects; null for a file', async () => {
    network.outcomes.set('https://loop.test', { kind: 'unavailable', cause: 'redirect-loop', status: 301 });
    network.outcomes.set('https://hops.test', { kind: 'unavailable', cause: 'too-many-redirects', status: 302 });
    const cache = makeCache();
    for (const origin of ['https://loop.test', 'https://hops.test', 'https://a.test'])
      await cache.lookup(target(origin));
    const causes = Object.fromEntries((await cache.list()).entries.map((e) => [e.origin, e.cause]));
    expect(causes).toEqual({
      'https://loop.test': 'redirect-loop',
      'https://hops.test': 'too-many-redirects',
      'https://a.test': null,
    });
  });

  it('clears one origin, then all, and resets the figures', async () => {
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    await cache.lookup(target('https://b.test'));
    expect(await cache.clear('https://a.test')).toBe(1);
    expect(await cache.clear('https://a.test')).toBe(0);
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
    expect(await cache.clear()).toBe(2);
    const { entries, stats } = await cache.list();
    expect(entries).toEqual([]);
    expect(stats).toMatchObject({ hits: 0, misses: 0, fetches: 0, bytes: 0 });
    expect(store.records.size).toBe(0);
  });

  it('starts empty over a corrupt index', async () => {
    store.index = { version: 9 } as never;
    const cache = makeCache();
    expect((await cache.list()).entries).toEqual([]);
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
  });

  it('refetches when the index lists a record that storage lost (a new worker reads storage)', async () => {
    await makeCache().lookup(target('https://a.test'));
    store.records.delete('https://a.test');
    expect((await makeCache().lookup(target('https://a.test'))).source).toBe('network');
  });

  it('serves a record it stored or read recently from memory, without reading storage', async () => {
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    const readRecord = vi.spyOn(store, 'readRecord');
    expect((await cache.lookup(target('https://a.test'))).source).toBe('cache');
    expect((await cache.lookup(target('https://a.test'))).source).toBe('cache');
    expect(readRecord).not.toHaveBeenCalled();
    // A new worker reads storage once, then serves from memory.
    const next = makeCache();
    const readAgain = vi.spyOn(store, 'readRecord');
    await next.lookup(target('https://a.test'));
    await next.lookup(target('https://a.test'));
    expect(readAgain).toHaveBeenCalledTimes(1);
    // A cleared origin is not served from memory.
    await next.clear('https://a.test');
    expect((await next.lookup(target('https://a.test'))).source).toBe('network');
  });

  it('answers a hit without waiting for storage to save the hit count, and saves it after', async () => {
    const cache = makeCache();
    await cache.lookup(target('https://a.test'));
    const write = store.write.bind(store);
    let saved: () => void = () => undefined;
    const writes = vi
      .spyOn(store, 'write')
      .mockImplementation((change) => new Promise<void>((resolve) => (saved = () => void write(change).then(resolve))));
    expect((await cache.lookup(target('https://a.test'))).source).toBe('cache');
    expect(store.index?.entries['https://a.test']?.hits).toBe(0);
    saved();
    await vi.waitFor(() => expect(store.index?.entries['https://a.test']?.hits).toBe(1));
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('refetches a 2xx record an older version stored as decoded text (no bytes)', async () => {
    const first = await makeCache().lookup(target('https://a.test'));
    const cache = makeCache();
    const old = structuredClone(first.record) as unknown as { outcome: { body: Record<string, unknown> } };
    old.outcome.body.text = 'User-agent: *';
    delete old.outcome.body.bytes;
    store.records.set('https://a.test', old as unknown as FetchRecord);
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
  });

  it('lets a failed fetch reach the caller and does not keep it in flight', async () => {
    let fail = true;
    const cache = createRobotsCache({
      store,
      now: () => clock.now,
      fetchRecord: async (t) => {
        if (fail) throw new Error('bug');
        return network.fetchRecord(t);
      },
    });
    await expect(cache.lookup(target('https://a.test'))).rejects.toThrow('bug');
    fail = false;
    expect((await cache.lookup(target('https://a.test'))).source).toBe('network');
  });
});

describe('isFresh', () => {
  it.each([
    { name: 'before expiry', now: 50, fresh: true },
    { name: 'at expiry', now: 100, fresh: false },
    { name: 'before it was fetched (clock moved back)', now: -1, fresh: false },
  ])('$name → $fresh', ({ now, fresh }) => {
    expect(isFresh({ fetchedAt: 0, expiresAt: 100 }, now)).toBe(fresh);
  });
});

describe('chooseEvictions', () => {
  const entry = (origin: string, over: Partial<CacheIndexEntry>): CacheIndexEntry => ({
    origin,
    outcomeKind: 'ok',
    status: 200,
    fetchedAt: 0,
    expiresAt: 1000,
    bytes: 10,
    hits: 0,
    lastUsedAt: 0,
    ...over,
  });

  it('evicts expired entries before fresh ones, whatever their use', () => {
    const entries = [
      entry('old-but-fresh', { lastUsedAt: 1 }),
      entry('expired', { lastUsedAt: 99, expiresAt: 5 }),
      entry('new', { lastUsedAt: 50 }),
    ];
    expect(chooseEvictions(entries, { maxEntries: 2, maxBytes: 1e9 }, 10, 'new')).toEqual(['expired']);
  });

  it('never evicts the entry being kept', () => {
    const entries = [entry('keep', { bytes: 100, lastUsedAt: 0 }), entry('other', { lastUsedAt: 5 })];
    expect(chooseEvictions(entries, { maxEntries: 10, maxBytes: 50 }, 10, 'keep')).toEqual(['other']);
  });

  it('evicts nothing within bounds', () => {
    expect(chooseEvictions([entry('a', {}), entry('b', {})], { maxEntries: 2, maxBytes: 20 }, 10, null)).toEqual([]);
  });
});
