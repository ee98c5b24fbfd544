import { describe, expect, it } from 'vitest';
import { HOUR } from '../../../lib/fetch/constants';
import { hashText } from '../../../lib/history/hash';
import {
  emptyHistory,
  type Observation,
  observe,
  type OriginHistory,
  planBounds,
  type VersionMeta,
} from '../../../lib/history/versions';

const ORIGIN = 'https://example.com';

/** A fake clock: starts at a fixed epoch and moves only when told. */
function fakeClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

function ok(at: number, body: string, origin = ORIGIN): Observation {
  return { origin, at, status: '200', outcome: 'ok', body };
}

function down(at: number, origin = ORIGIN): Observation {
  return { origin, at, status: '503', outcome: 'unreachable', body: '' };
}

/** Runs the observations in order from an empty history. */
function replay(observations: readonly Observation[]): OriginHistory {
  let history: OriginHistory | null = null;
  for (const o of observations) history = observe(history, o).history;
  return history ?? emptyHistory(ORIGIN);
}

describe('versioning', () => {
  it('adds a first version with its first and last sighting, status, size and hash, kept as bytes', () => {
    const clock = fakeClock();
    // The body as fetched: `/é` in UTF-8, one char per byte.
    const { history, added } = observe(null, ok(clock.now(), 'User-agent: *\nDisallow: /\xc3\xa9\n'));
    expect(added).toEqual({
      seq: 1,
      firstSeen: clock.now(),
      lastSeen: clock.now(),
      status: '200',
      outcome: 'ok',
      size: 28,
      // Valid UTF-8: the hash of its text, as a version kept as text before has.
      hash: hashText('User-agent: *\nDisallow: /é\n'),
      form: 'bytes',
    });
    expect(history.versions).toHaveLength(1);
    expect(history.inspectedSeq).toBeNull();
  });

  it('a body kept as text before and the same bytes fetched now are one version; other invalid bytes are a new one', () => {
    const clock = fakeClock();
    const before: VersionMeta = {
      seq: 1,
      firstSeen: clock.now(),
      lastSeen: clock.now(),
      status: '200',
      outcome: 'ok',
      size: 28,
      hash: hashText('User-agent: *\nDisallow: /é\n'),
    };
    const kept: OriginHistory = { origin: ORIGIN, nextSeq: 2, versions: [before], inspectedSeq: null };
    expect(observe(kept, ok(clock.now(), 'User-agent: *\nDisallow: /\xc3\xa9\n')).added).toBeNull();
    // Latin-1 `/café` then `/cafè`: both decode to `/caf\uFFFD`, yet Google reads two files.
    const latin1 = observe(null, ok(clock.now(), 'Disallow: /caf\xe9\n'));
    const other = observe(latin1.history, ok(clock.now(), 'Disallow: /caf\xe8\n'));
    expect(other.added?.seq).toBe(2);
    expect(latin1.added?.hash).not.toBe(hashText('Disallow: /caf\uFFFD\n'));
  });

  it('the same body again only moves the last sighting', () => {
    const clock = fakeClock();
    const first = observe(null, ok(clock.now(), 'User-agent: *\n'));
    clock.advance(3 * HOUR);
    const again = observe(first.history, ok(clock.now(), 'User-agent: *\n'));
    expect(again.added).toBeNull();
    expect(again.history.versions).toEqual([{ ...first.added, lastSeen: clock.now() }]);
  });

  it('a changed body adds a version with the next number', () => {
    const clock = fakeClock();
    const first = observe(null, ok(clock.now(), 'A\n'));
    clock.advance(HOUR);
    const second = observe(first.history, ok(clock.now(), 'B\n'));
    expect(second.added?.seq).toBe(2);
    expect(second.added?.firstSeen).toBe(clock.now());
    expect(second.history.versions.map((v) => v.seq)).toEqual([1, 2]);
  });

  it('200 → 503 → 200 with the same body is three versions', () => {
    const clock = fakeClock();
    const t = (h: number) => clock.now() + h * HOUR;
    const history = replay([ok(t(0), 'A\n'), down(t(1)), down(t(2)), ok(t(3), 'A\n')]);
    expect(history.versions.map((v) => [v.seq, v.status, v.firstSeen, v.lastSeen])).toEqual([
      [1, '200', t(0), t(0)],
      [2, '503', t(1), t(2)],
      [3, '200', t(3), t(3)],
    ]);
  });

  it('a body seen again after a different one is a new version (compared with the newest only)', () => {
    const history = replay([ok(1, 'A'), ok(2, 'B'), ok(3, 'A')]);
    expect(history.versions.map((v) => v.seq)).toEqual([1, 2, 3]);
    expect(history.versions[0]?.hash).toBe(history.versions[2]?.hash);
  });

  it('a clock going back never moves the last sighting back', () => {
    const history = replay([ok(100, 'A'), ok(50, 'A')]);
    expect(history.versions[0]?.lastSeen).toBe(100);
  });
});

function version(seq: number, lastSeen: number, size: number): VersionMeta {
  return { seq, firstSeen: lastSeen, lastSeen, status: '200', outcome: 'ok', size, hash: String(seq) };
}

function historyOf(origin: string, versions: VersionMeta[]): OriginHistory {
  return { origin, nextSeq: versions.length + 1, versions, inspectedSeq: null };
}

describe('bounds and eviction', () => {
  it('keeps the newest versions of an origin up to the count', () => {
    const versions = Array.from({ length: 33 }, (_, i) => version(i + 1, i, 10));
    const plan = planBounds([historyOf(ORIGIN, versions)], { maxVersionsPerOrigin: 30, maxBytes: 1e9 }, ORIGIN);
    expect(plan).toEqual({ trim: [{ origin: ORIGIN, seqs: [1, 2, 3] }], evict: [] });
  });

  it('evicts the least recently seen origins first until the bytes fit, never the one just fetched', () => {
    const clock = fakeClock();
    const at = (h: number) => clock.now() + h * HOUR;
    const histories = [
      historyOf('https://a.test', [version(1, at(5), 400)]),
      historyOf('https://b.test', [version(1, at(1), 400)]),
      historyOf('https://c.test', [version(1, at(3), 400)]),
      historyOf('https://d.test', [version(1, at(0), 400)]),
    ];
    const plan = planBounds(histories, { maxVersionsPerOrigin: 30, maxBytes: 1000 }, 'https://d.test');
    // 1600 bytes: b (seen at 1) then c (seen at 3) go; d is the one just fetched, although oldest.
    expect(plan.evict).toEqual(['https://b.test', 'https://c.test']);
    expect(plan.trim).toEqual([]);
  });

  it('an origin over the budget on its own loses its oldest versions but keeps its newest', () => {
    const histories = [historyOf(ORIGIN, [version(1, 1, 600), version(2, 2, 600), version(3, 3, 600)])];
    const plan = planBounds(histories, { maxVersionsPerOrigin: 30, maxBytes: 700 }, ORIGIN);
    expect(plan).toEqual({ trim: [{ origin: ORIGIN, seqs: [1, 2] }], evict: [] });
    const alone = planBounds(
      [historyOf(ORIGIN, [version(1, 1, 900)])],
      { maxVersionsPerOrigin: 30, maxBytes: 10 },
      ORIGIN,
    );
    expect(alone).toEqual({ trim: [], evict: [] });
  });

  it('counts bytes after the per-origin trim', () => {
    const histories = [
      historyOf('https://a.test', [version(1, 1, 500), version(2, 2, 100)]),
      historyOf('https://b.test', [version(1, 3, 100)]),
    ];
    // a keeps only version 2 (100 bytes): 200 in all, within 250.
    const plan = planBounds(histories, { maxVersionsPerOrigin: 1, maxBytes: 250 }, 'https://b.test');
    expect(plan).toEqual({ trim: [{ origin: 'https://a.test', seqs: [1] }], evict: [] });
  });
});

describe('hashText', () => {
  it('tells apart bodies that differ in one character, and is stable', () => {
    expect(hashText('Disallow: /a')).not.toBe(hashText('Disallow: /b'));
    expect(hashText('ab')).not.toBe(hashText('ba'));
    expect(hashText('')).not.toBe(hashText('\0'));
    expect(hashText('User-agent: *')).toBe(hashText('User-agent: *'));
    expect(hashText('x')).toMatch(/^[0-9a-f]{16}$/);
  });
});
