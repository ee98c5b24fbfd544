import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIdbHistoryStore, MAINTENANCE_BATCH } from '../../../entrypoints/background/history/history-db';
import { hashBody } from '../../../lib/history/hash';
import type { OriginHistory } from '../../../lib/history/versions';
import { okObservation, T0 } from './helpers';

let n = 0;
const ok = okObservation;

describe('history bounded in count, and a fetch never reads all of it', () => {
  it('reads only its own origin and the totals when 2,000 origins are kept', async () => {
    const store = createIdbHistoryStore(`bounds-${++n}`);
    const limits = { maxVersionsPerOrigin: 30, maxBytes: 1e9, maxOrigins: 5000 };
    for (let i = 0; i < 2000; i++) await store.record(ok(`https://o${i}.test`, T0 + i, `body ${i}`), limits);
    await store.record(ok('https://new.test', T0 + 5000, 'new'), limits);
    expect(store.stats.lastRecordReads).toBe(2);
    expect(await store.usage()).toEqual({ origins: 2001, versions: 2001, bytes: expect.any(Number) as number });
  });

  it('evicts the least recently seen origins past the origin cap, reading only those', async () => {
    const store = createIdbHistoryStore(`bounds-${++n}`);
    const limits = { maxVersionsPerOrigin: 30, maxBytes: 1e9, maxOrigins: 3 };
    for (const [i, o] of ['a', 'b', 'c'].entries()) await store.record(ok(`https://${o}.test`, T0 + i, o), limits);
    await store.record(ok('https://d.test', T0 + 10, 'd'), limits);
    expect(await store.getHistory('https://a.test')).toBeNull();
    expect(await store.getBody('https://a.test', 1)).toBeNull();
    expect(await store.getHistory('https://b.test')).not.toBeNull();
    expect(store.stats.lastRecordReads).toBe(3);
    expect((await store.usage()).origins).toBe(3);
  });

  it('upgrades a version-1 database: every origin kept, the totals counted', async () => {
    const name = `bounds-${++n}`;
    const v1 = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('origins', { keyPath: 'origin' });
        database.createObjectStore('bodies');
      },
    });
    const history: OriginHistory = {
      origin: 'https://old.test',
      nextSeq: 2,
      inspectedSeq: null,
      versions: [{ seq: 1, firstSeen: T0, lastSeen: T0, status: '200', outcome: 'ok', size: 3, hash: hashBody('abc') }],
    };
    await v1.put('origins', history);
    await v1.put('bodies', 'abc', ['https://old.test', 1]);
    v1.close();
    const store = createIdbHistoryStore(name);
    expect(await store.usage()).toEqual({ origins: 1, versions: 1, bytes: 3 });
    expect(await store.getHistory('https://old.test')).toEqual(history);
    await store.record(ok('https://new.test', T0 + 1, 'x'), { maxVersionsPerOrigin: 30, maxBytes: 1e9 });
    expect(await store.usage()).toEqual({ origins: 2, versions: 2, bytes: 4 });
  });
});

/** Seeds `count` origins of `versions(i)` versions each straight into the store's database (its current schema), bodies for the first `withBodies`. */
async function seed(
  name: string,
  count: number,
  versions: (i: number) => number,
  withBodies = 0,
): Promise<{ readonly origins: number; readonly versions: number; readonly bytes: number }> {
  const db = await openDB(name);
  const tx = db.transaction(['origins', 'bodies', 'meta'], 'readwrite');
  const origins = tx.objectStore('origins');
  const bodies = tx.objectStore('bodies');
  let total = 0;
  for (let i = 0; i < count; i++) {
    const origin = `https://o${i}.test`;
    const n = versions(i);
    // Origin i was last seen at T0 + i: o0 is the least recently seen.
    const kept = Array.from({ length: n }, (_, k) => ({
      seq: k + 1,
      firstSeen: T0 + i,
      lastSeen: T0 + i,
      status: '200',
      outcome: 'ok' as const,
      size: 10,
      hash: `h${k}`,
    }));
    total += n;
    void origins.put({ origin, nextSeq: n + 1, inspectedSeq: null, versions: kept, seenAt: T0 + i, count: n });
    if (i < withBodies) for (let k = 1; k <= n; k++) void bodies.put(`body ${k}`, [origin, k]);
  }
  const totals = { origins: count, versions: total, bytes: total * 10 };
  void tx.objectStore('meta').put(totals, 'totals');
  await tx.done;
  db.close();
  return totals;
}

/**
 * Counts the records read: get/getAll on stores and indexes, and each record a cursor lands on
 * (fake-indexeddb positions a cursor in `_iterate`; idb knows the cursor's own methods by identity, so
 * those stay as they are).
 */
function countReads() {
  const counts = { get: 0, getAll: 0, cursorRecords: 0 };
  const restore: (() => void)[] = [];
  const wrap = (proto: object, method: string, on: (result: unknown) => void) => {
    const target = proto as Record<string, (...args: unknown[]) => unknown>;
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      on(result);
      return result;
    };
    restore.push(() => (target[method] = original));
  };
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    wrap(proto, 'get', () => counts.get++);
    wrap(proto, 'getAll', () => counts.getAll++);
  }
  wrap(IDBCursor.prototype, '_iterate', (found) => {
    if (found !== null && found !== undefined) counts.cursorRecords++;
  });
  return { counts, restore: () => restore.forEach((r) => r()) };
}

describe('lowering the limits or clearing never reads every origin (20,000 origins × 30 versions)', () => {
  const ORIGINS = 20_000;
  const MINUTE = 60_000;

  it(
    'evicts only the least recently seen origins when the byte budget is lowered, reading only those',
    async () => {
      const name = `bounds-${++n}`;
      const store = createIdbHistoryStore(name);
      await store.usage();
      const totals = await seed(name, ORIGINS, () => 30, 3);
      const reads = countReads();
      const started = performance.now();
      try {
        // 100 origins' worth of bytes less: the 100 least recently seen go, nothing else is read.
        await store.enforce({ maxVersionsPerOrigin: 30, maxBytes: totals.bytes - 100 * 300, maxOrigins: ORIGINS });
      } finally {
        reads.restore();
      }
      console.info(`enforce (100 evicted of ${ORIGINS}): ${Math.round(performance.now() - started)} ms`, reads.counts);
      expect(reads.counts.getAll).toBe(0);
      // The totals once per step (trim: none over 30; evict), and each origin evicted.
      expect(reads.counts.get).toBe(2);
      expect(reads.counts.cursorRecords).toBe(100);
      expect(store.stats.lastMaintenanceReads).toBe(2 + 100);
      expect(await store.usage()).toEqual({
        origins: ORIGINS - 100,
        versions: totals.versions - 3000,
        bytes: totals.bytes - 30_000,
      });
      expect(await store.getHistory('https://o99.test')).toBeNull();
      expect(await store.getBody('https://o2.test', 30)).toBeNull();
      expect(await store.getHistory('https://o100.test')).not.toBeNull();
    },
    5 * MINUTE,
  );

  it(
    'trims only the origins over a lowered per-origin count, found by index',
    async () => {
      const name = `bounds-${++n}`;
      const store = createIdbHistoryStore(name);
      await store.usage();
      // 200 origins keep 30 versions, the others 5; lowered to 10.
      const totals = await seed(name, ORIGINS, (i) => (i % 100 === 0 ? 30 : 5), 101);
      const reads = countReads();
      try {
        await store.enforce({ maxVersionsPerOrigin: 10, maxBytes: 1e12, maxOrigins: ORIGINS });
      } finally {
        reads.restore();
      }
      expect(reads.counts.getAll).toBe(0);
      expect(store.stats.lastMaintenanceReads).toBe(2 + 200);
      expect(reads.counts.get).toBe(2);
      expect(reads.counts.cursorRecords).toBe(200);
      expect(await store.usage()).toEqual({
        origins: ORIGINS,
        versions: totals.versions - 200 * 20,
        bytes: totals.bytes - 200 * 200,
      });
      const trimmed = await store.getHistory('https://o100.test');
      expect(trimmed?.versions.map((v) => v.seq)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
      expect(await store.getBody('https://o100.test', 20)).toBeNull();
      expect(await store.getBody('https://o100.test', 21)).toBe('body 21');
      expect((await store.getHistory('https://o99.test'))?.versions).toHaveLength(5);
      expect(await store.getBody('https://o99.test', 1)).toBe('body 1');
    },
    5 * MINUTE,
  );

  it(
    // fake-indexeddb keeps an index as a sorted array (each update is linear): 20,000 updated origins take it
    // minutes, so the batches are shown at 1,200 (three of them); a fetch reads only its own meanwhile.
    'trims every origin when each is over the lowered count, each read once, in batches, and finishes',
    async () => {
      const name = `bounds-${++n}`;
      const store = createIdbHistoryStore(name);
      await store.usage();
      const all = 1200;
      const totals = await seed(name, all, () => 30);
      const reads = countReads();
      const started = performance.now();
      try {
        await store.enforce({ maxVersionsPerOrigin: 29, maxBytes: 1e12, maxOrigins: all });
      } finally {
        reads.restore();
      }
      console.info(
        `enforce (every origin trimmed of ${all}): ${Math.round(performance.now() - started)} ms`,
        reads.counts,
      );
      const batches = Math.ceil(all / MAINTENANCE_BATCH);
      expect(reads.counts.getAll).toBe(0);
      expect(reads.counts.cursorRecords).toBe(all);
      // The totals at each batch (500, 500, then 200 and none left), and the eviction step's.
      expect(reads.counts.get).toBe(batches + 1);
      expect(await store.usage()).toEqual({
        origins: all,
        versions: totals.versions - all,
        bytes: totals.bytes - all * 10,
      });
      expect((await store.getHistory(`https://o${all - 1}.test`))?.versions[0]?.seq).toBe(2);
    },
    5 * MINUTE,
  );

  it(
    'clears every origin without reading one, and one origin reading only it',
    async () => {
      const name = `bounds-${++n}`;
      const store = createIdbHistoryStore(name);
      await store.usage();
      const totals = await seed(name, ORIGINS, () => 30, 2);
      const reads = countReads();
      try {
        expect(await store.clear('https://o0.test')).toBe(1);
        expect(store.stats.lastMaintenanceReads).toBe(2);
        expect(reads.counts).toEqual({ get: 2, getAll: 0, cursorRecords: 0 });
        expect(await store.getBody('https://o0.test', 1)).toBeNull();
        expect(await store.getBody('https://o1.test', 1)).toBe('body 1');
        expect(await store.usage()).toEqual({
          origins: ORIGINS - 1,
          versions: totals.versions - 30,
          bytes: totals.bytes - 300,
        });
        reads.counts.get = 0;
        expect(await store.clear()).toBe(ORIGINS - 1);
        expect(store.stats.lastMaintenanceReads).toBe(0);
        expect(reads.counts).toEqual({ get: 0, getAll: 0, cursorRecords: 0 });
      } finally {
        reads.restore();
      }
      expect(await store.usage()).toEqual({ origins: 0, versions: 0, bytes: 0 });
      expect(await store.getBody('https://o1.test', 1)).toBeNull();
    },
    5 * MINUTE,
  );
});
