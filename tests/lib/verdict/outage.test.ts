import { describe, expect, it } from 'vitest';
import { describeGoogleOutage, type GoogleOutage, readGoogleOutage } from '../../../lib/verdict/outage';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = 1_000 * DAY;
const t = (ms: number) => `day ${(ms - START) / DAY}`;

describe('readGoogleOutage', () => {
  it.each<{ name: string; source: string; after: number; expected: GoogleOutage }>([
    {
      name: 'stops crawling for the first 12 hours',
      source: 'Google: 5xx, the first 12 hours',
      after: 11 * HOUR,
      expected: { kind: 'stopped', since: START, until: START + 12 * HOUR, keepUntil: START + 30 * DAY },
    },
    {
      name: 'uses the last good copy from 12 hours on',
      source: 'Google: 5xx, up to 30 days',
      after: 12 * HOUR,
      expected: { kind: 'last-good', since: START, until: START + 30 * DAY },
    },
    {
      name: 'uses the last good copy until just before 30 days',
      source: 'Google: 5xx, up to 30 days',
      after: 30 * DAY - 1,
      expected: { kind: 'last-good', since: START, until: START + 30 * DAY },
    },
    {
      name: 'reads no robots.txt after 30 days',
      source: 'Google: 5xx, after 30 days',
      after: 30 * DAY,
      expected: { kind: 'no-file', since: START, from: START + 30 * DAY },
    },
  ])('$name ($source)', ({ after, expected }) => {
    expect(readGoogleOutage(START, START + after)).toEqual(expected);
  });
});

describe('describeGoogleOutage', () => {
  it('says what Google does now and until when, then what follows', () => {
    const words = describeGoogleOutage(readGoogleOutage(START, START), {
      formatTime: t,
      since: 'this fetch',
      lastGood: null,
    });
    expect(words).toBe(
      'Google stops crawling the site until day 0.5 (the first 12 hours, counted from this fetch at day 0); then it uses its last good copy of robots.txt until day 30; after that, if the rest of the site is reachable, it crawls as if there were no robots.txt.',
    );
  });

  it('names the last good copy when it is known', () => {
    const words = describeGoogleOutage(readGoogleOutage(START, START + 2 * DAY), {
      formatTime: t,
      since: 'the first failed fetch seen (version #3)',
      lastGood: 'most likely version #2',
    });
    expect(words).toBe(
      'Google uses its last good copy of robots.txt (most likely version #2) until day 30 (crawling stopped for the first 12 hours, counted from the first failed fetch seen (version #3) at day 0); after that, if the rest of the site is reachable, it crawls as if there were no robots.txt.',
    );
  });

  it('says after 30 days that the site is crawled as if it had no robots.txt, if it is reachable', () => {
    const words = describeGoogleOutage(readGoogleOutage(START, START + 31 * DAY), {
      formatTime: t,
      since: 'this fetch',
      lastGood: null,
    });
    expect(words).toMatch(
      /^robots\.txt has been unreachable for more than 30 days .*Google crawls as if there were no robots\.txt; if not, it does not crawl\.$/,
    );
  });
});
