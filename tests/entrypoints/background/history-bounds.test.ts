import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createIdbHistoryStore } from '../../../entrypoints/background/history/history-db';
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
