import { describe, expect, it } from 'vitest';
import { type CrawlerView, describeCrawlerView, readCrawlerView } from '../../../lib/history/crawler-view';
import type { VersionMeta } from '../../../lib/history/versions';

const HOUR = 3_600_000;
const version = (seq: number, firstSeen: number, outcome: VersionMeta['outcome'] = 'ok'): VersionMeta => ({
  seq,
  firstSeen,
  lastSeen: firstSeen,
  status: outcome === 'ok' ? '200' : outcome === 'unavailable' ? '404' : '503',
  outcome,
  size: 10,
  hash: `h${seq}`,
});
const NOW = 100 * HOUR;

describe('readCrawlerView', () => {
  it.each<{ name: string; source: string; versions: VersionMeta[]; expected: CrawlerView }>([
    { name: 'nothing kept', source: 'no evidence', versions: [], expected: { kind: 'none' } },
    {
      name: 'a version served for more than 24 hours is what Googlebot uses',
      source: 'Google: robots.txt is cached for up to 24 hours',
      versions: [version(1, 10 * HOUR), version(2, NOW - 25 * HOUR)],
      expected: { kind: 'current', seq: 2 },
    },
    {
      name: 'a version first seen 3 hours ago leaves the previous in use until 24 hours after',
      source: 'Google: robots.txt is cached for up to 24 hours',
      versions: [version(1, 10 * HOUR), version(2, NOW - 3 * HOUR)],
      expected: { kind: 'may-use-previous', seq: 2, previousSeq: 1, until: NOW + 21 * HOUR },
    },
    {
      name: 'an unreachable version in between is skipped: the last good copy is what was cached',
      source: 'Google: 5xx keeps the last cached copy',
      versions: [version(1, 10 * HOUR), version(2, 20 * HOUR, 'unreachable'), version(3, NOW - HOUR)],
      expected: { kind: 'may-use-previous', seq: 3, previousSeq: 1, until: NOW + 23 * HOUR },
    },
    {
      name: 'an unreachable file keeps the last good copy in use for up to 30 days',
      source: 'Google: robots.txt unreachable for up to 30 days',
      versions: [version(1, 10 * HOUR), version(2, NOW - HOUR, 'unreachable')],
      expected: {
        kind: 'unreachable',
        seq: 2,
        previousSeq: 1,
        previousAt: 10 * HOUR,
        until: NOW - HOUR + 720 * HOUR,
        outage: { kind: 'stopped', since: NOW - HOUR, until: NOW + 11 * HOUR, keepUntil: NOW - HOUR + 720 * HOUR },
      },
    },
    {
      name: 'a single new version may follow a file Robotscope never saw',
      source: 'history starts when Robotscope first fetches',
      versions: [version(1, NOW - 2 * HOUR)],
      expected: { kind: 'may-use-unseen', seq: 1, until: NOW + 22 * HOUR },
    },
  ])('$name ($source)', ({ versions, expected }) => {
    expect(readCrawlerView(versions, NOW)).toEqual(expected);
  });

  it('says it in words, with the time and the Use preferences caveat', () => {
    const words = describeCrawlerView(
      { kind: 'may-use-previous', seq: 2, previousSeq: 1, until: NOW },
      (ms) => `T+${ms / HOUR}h`,
    );
    expect(words).toBe(
      'Googlebot may still be using version #1 until T+100h at the latest (Google caches robots.txt for up to 24 hours); from then on it uses version #2. Its Use preferences (Content-Usage, Content-Signal) bind only what Googlebot fetches after it re-read the file.',
    );
  });

  it.each([
    {
      name: 'in the first 12 hours, crawling stopped, then the last good copy',
      firstSeen: NOW - HOUR,
      says: 'robots.txt is unreachable (version #2). Google stops crawling the site until T+111h (the first 12 hours, counted from the first failed fetch seen (version #2) at T+99h); then it uses its last good copy of robots.txt (most likely version #1, last fetched T+10h) until T+819h; after that, if the rest of the site is reachable, it crawls as if there were no robots.txt.',
    },
    {
      name: 'after 12 hours, the last good copy',
      firstSeen: NOW - 13 * HOUR,
      says: 'robots.txt is unreachable (version #2). Google uses its last good copy of robots.txt (most likely version #1, last fetched T+10h) until T+807h (crawling stopped for the first 12 hours, counted from the first failed fetch seen (version #2) at T+87h); after that, if the rest of the site is reachable, it crawls as if there were no robots.txt.',
    },
  ])('says which step of Google’s sequence applies while unreachable: $name', ({ firstSeen, says }) => {
    const view = readCrawlerView([version(1, 10 * HOUR), version(2, firstSeen, 'unreachable')], NOW);
    expect(describeCrawlerView(view, (ms) => `T+${ms / HOUR}h`)).toBe(says);
  });
});
