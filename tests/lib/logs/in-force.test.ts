import { describe, expect, it } from 'vitest';
import {
  candidateVersions,
  isCovered,
  type LogVersion,
  readVersionStatus,
  timelineVersions,
} from '../../../lib/logs/in-force';

const H = 3_600_000;
const W = 24 * H;
const v = (seq: number, firstSeen: number, lastSeen: number): LogVersion => ({
  seq,
  firstSeen,
  lastSeen,
  status: '200',
  body: '',
});
// V1 seen from hour 0 to 100, V2 from 110 to 200, V3 from 205 to 300.
const versions = [v(1, 0, 100 * H), v(2, 110 * H, 200 * H), v(3, 205 * H, 300 * H)];
const seqs = (t: number) => {
  const [first, last] = candidateVersions(versions, t, W);
  return versions.slice(first, last + 1).map((x) => x.seq);
};

describe('the version in force', () => {
  it('covers a request once the history reaches a whole window before it, up to the last sighting', () => {
    expect(isCovered(versions, W - 1, W)).toBe(false);
    expect(isCovered(versions, W, W)).toBe(true);
    expect(isCovered(versions, 300 * H, W)).toBe(true);
    expect(isCovered(versions, 300 * H + 1, W)).toBe(false);
    expect(isCovered([], 50 * H, W)).toBe(false);
  });

  it('gives one candidate when one version was possibly live during the whole window', () => {
    expect(seqs(50 * H)).toEqual([1]);
    expect(seqs(180 * H)).toEqual([2]);
  });

  it('gives every version possibly live during the window', () => {
    // At hour 105: V1 possibly live until 110 (V2's first sighting), V2 possibly since 100.
    expect(seqs(105 * H)).toEqual([1, 2]);
    // At hour 120, the window opens at 96: V1 was possibly live then.
    expect(seqs(120 * H)).toEqual([1, 2]);
    // At hour 135 the window opens at 111, after V2 was first seen.
    expect(seqs(135 * H)).toEqual([2]);
  });

  it('keeps boundaries exact: at t = lastSeen(k−1), version k is not a candidate', () => {
    expect(seqs(100 * H)).toEqual([1]);
    expect(seqs(100 * H + 1)).toEqual([1, 2]);
    // The window closing exactly at V2's first sighting does not reach into P(1) = (…, 110).
    expect(seqs(134 * H)).toEqual([2]);
    expect(seqs(134 * H - 1)).toEqual([1, 2]);
  });

  it.each([
    ['200', 'body'],
    ['204', 'body'],
    ['301', 'allow-all'],
    ['too-many-redirects', 'allow-all'],
    ['404', 'allow-all'],
    ['410', 'allow-all'],
    ['429', 'disallow-all'],
    ['503', 'disallow-all'],
    ['timeout', 'disallow-all'],
    ['network-error', 'disallow-all'],
  ])('reads status %s as %s', (status, reading) => {
    expect(readVersionStatus(status)).toBe(reading);
  });

  it('turns a timeline given by hand into versions live exactly from their date to the next one', () => {
    const timeline = timelineVersions(
      [
        { at: 10 * H, status: '200', body: 'b' },
        { at: 0, status: '200', body: 'a' },
      ],
      50 * H,
    );
    expect(timeline.map((x) => [x.seq, x.firstSeen, x.lastSeen, x.body])).toEqual([
      [1, 0, 10 * H - 1, 'a'],
      [2, 10 * H, 50 * H, 'b'],
    ]);
    // Just before the change with no window, only the first is a candidate; at the change, only the second.
    expect(candidateVersions(timeline, 10 * H - 1, 0)).toEqual([0, 0]);
    expect(candidateVersions(timeline, 10 * H, 0)).toEqual([1, 1]);
  });
});
