/**
 * createLensFileReader (one parse for many names): every name's reader answers as readAs does, and
 * names the lens reads alike share one selection, which is what lets the workbench evaluate each
 * selection once.
 */

import { describe, expect, it } from 'vitest';
import { createLensFileReader, LENS_PROFILES, type LensProfileId, readAs } from '../../../lib/lens/index';
import { CRAWLERS } from '../../../lib/robots/index';
import { PUBLIC_CASES } from './public-cases';

const ORIGIN = 'https://e.com';
const NAMES = CRAWLERS.map((c) => c.token);

describe('createLensFileReader', () => {
  const rows = PUBLIC_CASES.flatMap((c) => LENS_PROFILES.map((profile) => ({ ...c, profile })));

  it.each(rows)('$source: $profile answers as readAs for the case name and every preset', (c) => {
    const forName = createLensFileReader(c.profile, { robots: c.robots, robotsStatus: 200 });
    const urls = [ORIGIN + c.path, `${ORIGIN}/`, `${ORIGIN}/robots.txt`];
    for (const name of [c.userAgent, ...NAMES]) {
      const reader = forName(name);
      for (const url of urls) {
        expect(reader.read(url)).toEqual(
          readAs(c.profile, { robots: c.robots, robotsStatus: 200, url, userAgent: name }),
        );
      }
    }
  });

  const FILE = [
    'User-agent: GPTBot',
    'Disallow: /a',
    '',
    'User-agent: ClaudeBot',
    'User-agent: CCBot',
    'Disallow: /b',
    '',
    'User-agent: *',
    'Disallow: /c',
  ].join('\n');

  it.each(LENS_PROFILES)('%s: presets that no group names share the * selection, and named ones do not', (profile) => {
    const forName = createLensFileReader(profile, { robots: FILE, robotsStatus: 200 });
    const selections = new Set(NAMES.map((name) => forName(name).selection));
    // GPTBot's group, ClaudeBot and CCBot's group, and the * group for the rest.
    expect(selections.size).toBe(3);
    expect(forName('ClaudeBot').selection).toBe(forName('CCBot').selection);
    expect(forName('GPTBot').selection).not.toBe(forName('Googlebot').selection);
    expect(forName('Googlebot').selection).toBe(forName('bingbot').selection);
  });

  it.each([
    ['py-legacy', 403, false],
    ['protego', 0, true],
    ['crawler-commons', 503, false],
    ['rfc9309', 404, true],
  ] as [LensProfileId, number, boolean][])(
    '%s: a status that decides gives every name one selection (HTTP %i: allowed %s)',
    (profile, status, allowed) => {
      const forName = createLensFileReader(profile, { robots: FILE, robotsStatus: status });
      expect(forName('GPTBot').selection).toBe(forName('Googlebot').selection);
      expect(forName('GPTBot').read(`${ORIGIN}/a`).allowed).toBe(allowed);
    },
  );
});
