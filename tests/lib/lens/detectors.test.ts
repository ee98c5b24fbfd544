import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../lib/robots/index';
import { DETECTORS, type DetectorInput } from '../../../lib/lens/detectors';
import { findDisagreeingUrls } from '../../../lib/lens/index';

// A file with several oddities at once: a typo, a blank line inside a group, a star-first pattern, percent forms.
const TEXT = 'User-agent: *\nDisalow: /a\n\nDisallow: *.pdf\nDisallow: /%7Euser\nAllow: /b~c\n';
const URLS = ['https://e.test/a', 'https://e.test/x.pdf', 'https://e.test/~user', 'https://e.test/b~c'];

function lines(text: string) {
  let start = 0;
  return text.split('\n').map((t, i) => {
    const line = { line: i + 1, text: t, start, next: Math.min(start + t.length + 1, text.length) };
    start += t.length + 1;
    return line;
  });
}

function input(userAgent: string, withDisagreements: boolean): DetectorInput {
  return {
    body: { text: TEXT, bytes: null, reading: null },
    lines: lines(TEXT),
    robots: parseRobotsTxt(TEXT),
    userAgent,
    disagreements: withDisagreements ? findDisagreeingUrls({ robots: TEXT, userAgent, urls: URLS }) : [],
  };
}

/** What a detector found, without its words: kind, line and fix label. */
const found = (d: (typeof DETECTORS)[number], i: DetectorInput) =>
  d.detect(i).map((c) => [c.kind, c.line, c.fix?.label ?? null]);

describe('the lens detectors table', () => {
  it('names each detector once', () => {
    const ids = DETECTORS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds the file-side causes of this file, each on its line', () => {
    const all = DETECTORS.flatMap((d) => found(d, input('Googlebot', true)));
    expect(all).toContainEqual(['key-spelling', 2, 'Spell the key `Disallow:`']);
    expect(all).toContainEqual(['blank-line', 3, 'Remove the blank line 3']);
    expect(all).toContainEqual(['wildcard', 4, 'Write `/*.pdf`']);
    expect(all).toContainEqual(['decoding', 5, 'Write `/~user` without percent forms']);
  });

  it('a detector that does not say it reads the disagreements or the name finds the same without them', () => {
    for (const d of DETECTORS) {
      if (!d.reads.includes('disagreements')) {
        expect(found(d, input('Googlebot', false)), d.id).toEqual(found(d, input('Googlebot', true)));
      }
      if (!d.reads.includes('name')) {
        expect(found(d, input('Bingbot', true)), d.id).toEqual(found(d, input('Googlebot', true)));
      }
    }
  });
});
