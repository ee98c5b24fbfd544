/**
 * Property tests with a seeded PRNG: every lens is total (random bodies, bytes, URLs, names and
 * statuses never throw, and the answer is well-formed), the finder too, and hostile bodies finish.
 * No speed assertion: a generous timeout stands for "promptly".
 */

import { describe, expect, it } from 'vitest';
import {
  createLensFileReader,
  findDisagreeingUrls,
  findDivergences,
  LENS_PROFILES,
  type LensProfileId,
  type LensVerdict,
  readAs,
} from '../../../lib/lens/index';
import { createRandom, pick } from './support';

const KEYS = [
  'User-agent',
  'user-agent',
  'USER-AGENT',
  'User agent',
  'useragent',
  'User-agents',
  'Allow',
  'allow',
  'Disallow',
  'disallow',
  'Dissallow',
  'Disallowed',
  'Crawl-delay',
  'crawl delay',
  'Request-rate',
  'Sitemap',
  'Host',
  'Content-Signal',
  'visit-time',
  '',
];
const SEPARATORS = [': ', ':', ' : ', ' ', '\t', ':\u00A0', '', '::'];
const VALUES = [
  '*',
  '/',
  '',
  '/a',
  '/a*b$',
  '*.pdf$',
  '/%2F',
  '/%7E',
  '/~x',
  '/a%zz',
  '/caf\u00e9',
  '/a|b',
  '/a?b=c&d',
  '/index.html',
  '/$',
  '$*$',
  '**',
  'GPTBot',
  'Googlebot/2.1',
  'bot',
  '*bot',
  'MJ12bot',
  'a b',
  'https://e.com/x',
  '//x',
  '/a;b',
  '²',
  '7',
  '0.5',
  '%',
  '<b>x</b>',
  '\u0000',
];
const BREAKS = ['\n', '\r\n', '\r', '\n\n', '\u0085', '\u2028', '\f', '\v', '\u001c'];
const EXTRAS = ['# comment', '<html>', '<body>', '', ' ', '\uFEFF', '\u00A0'];
const PATHS = [
  '/',
  '/a',
  '/a/b',
  '/a%2Fb',
  '/%7Ex',
  '/caf%C3%A9',
  '/a|b',
  '/x?y',
  '/x?',
  '/a#f',
  '/robots.txt',
  '//a',
  '/a$b',
  '/a*b',
];
const NAMES = [
  'GPTBot',
  'Googlebot',
  'googlebot',
  'Googlebot/2.1',
  'bot',
  'a',
  '',
  '*',
  'foo bar',
  'MJ12bot',
  'Scrapy/2.13 (+https://scrapy.org)',
];
const STATUSES = [200, 204, 301, 401, 403, 404, 429, 500, 503, 0, -1, 99, 600];

function randomBody(random: () => number): string {
  let body = random() < 0.1 ? '\uFEFF' : '';
  const lines = Math.floor(random() * 12);
  for (let i = 0; i < lines; i++) {
    body +=
      random() < 0.15 ? pick(random, EXTRAS) : pick(random, KEYS) + pick(random, SEPARATORS) + pick(random, VALUES);
    body += pick(random, BREAKS);
  }
  return body;
}

function randomUrl(random: () => number): string {
  const raw = pick(random, PATHS) + (random() < 0.3 ? pick(random, PATHS) : '');
  if (random() < 0.1) return raw; // not even an href
  try {
    return new URL('https://e.com' + raw).href;
  } catch {
    return 'https://e.com' + raw;
  }
}

function randomBytes(random: () => number): Uint8Array {
  const prefix = pick(random, [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xef, 0xbb]]);
  const body = new TextEncoder().encode(randomBody(random));
  const out = [...prefix, ...body];
  for (let i = 0; i < 3; i++) {
    if (random() < 0.5) out.splice(Math.floor(random() * (out.length + 1)), 0, Math.floor(random() * 256));
  }
  return new Uint8Array(out);
}

function expectWellFormed(verdict: LensVerdict, profile: LensProfileId): void {
  expect(verdict.profile).toBe(profile);
  expect(typeof verdict.allowed).toBe('boolean');
  expect(verdict.reason.length).toBeGreaterThan(0);
  if (verdict.outcome.kind === 'rule') {
    expect(verdict.line).toBe(verdict.outcome.rule.line);
    expect(verdict.line).toBeGreaterThanOrEqual(1);
  } else {
    expect(verdict.line).toBeNull();
  }
}

describe('every lens is total', () => {
  it.each(LENS_PROFILES.map((p) => [p]))('%s never throws on random text, names, URLs and statuses', (profile) => {
    const random = createRandom(0x1e45 + profile.length);
    for (let i = 0; i < 600; i++) {
      const input = {
        robots: randomBody(random),
        robotsStatus: random() < 0.85 ? 200 : pick(random, STATUSES),
        url: randomUrl(random),
        userAgent: pick(random, NAMES),
      };
      expectWellFormed(readAs(profile, input), profile);
    }
  });

  it.each(LENS_PROFILES.map((p) => [p]))(
    '%s never throws on random bytes (bad UTF-8, BOMs, UTF-16 marks)',
    (profile) => {
      const random = createRandom(0xb17e + profile.length);
      for (let i = 0; i < 400; i++) {
        const verdict = readAs(profile, {
          robots: randomBytes(random),
          robotsStatus: 200,
          url: randomUrl(random),
          userAgent: pick(random, NAMES),
        });
        expectWellFormed(verdict, profile);
      }
    },
  );

  it.each(LENS_PROFILES.map((p) => [p]))('%s reads a body the same as text and as its UTF-8 bytes', (profile) => {
    const random = createRandom(0xd00e + profile.length);
    const encoder = new TextEncoder();
    for (let i = 0; i < 300; i++) {
      // Lone surrogates and NUL aside, the text is exactly what its bytes decode to.
      const robots = randomBody(random);
      const url = randomUrl(random);
      const userAgent = pick(random, NAMES);
      const fromText = readAs(profile, { robots, robotsStatus: 200, url, userAgent });
      const fromBytes = readAs(profile, { robots: encoder.encode(robots), robotsStatus: 200, url, userAgent });
      expect([fromBytes.allowed, fromBytes.line]).toEqual([fromText.allowed, fromText.line]);
    }
  });
});

describe('the finder is total', () => {
  it('never throws, and every finding names lenses, URLs and words; a fix names lines of the file', () => {
    const random = createRandom(0xf1d);
    for (let i = 0; i < 150; i++) {
      const robots = randomBody(random);
      const urls = [randomUrl(random), randomUrl(random), randomUrl(random)];
      const userAgent = pick(random, NAMES);
      const robotsStatus = random() < 0.9 ? 200 : pick(random, STATUSES);
      const findings = findDivergences({ robots, robotsStatus, userAgent, urls });
      const disagreeing = findDisagreeingUrls({ robots, robotsStatus, userAgent, urls });
      expect(findings.length > 0).toBe(disagreeing.length > 0);
      for (const f of findings) {
        expect(f.profiles.length).toBeGreaterThan(0);
        expect(f.urls.length).toBeGreaterThan(0);
        expect(f.message.length).toBeGreaterThan(0);
        // A fix names the lines it writes, within the file; a refused one says why.
        if (f.fix !== null) {
          expect(f.fix.from).toBeGreaterThanOrEqual(0);
          expect(f.fix.to).toBeLessThanOrEqual(robots.split(/\r\n|\r|\n/).length);
          expect(f.noFix).toBeNull();
        }
        if (f.noFix !== null) expect(f.fix).toBeNull();
      }
    }
  });
});

const LONG = 1_000_000;

/** Bodies built to hurt: huge lines, many stars, many lines, many groups. */
const HOSTILE: readonly { readonly name: string; readonly robots: string; readonly url: string }[] = [
  {
    name: '10,000 * in one pattern',
    robots: 'User-agent: *\nDisallow: /' + 'a*'.repeat(10_000) + 'b$\nAllow: /' + '*'.repeat(10_000) + '\n',
    url: 'https://e.com/' + 'a'.repeat(10_000),
  },
  {
    name: 'a 1 MB line',
    robots: 'User-agent: *\nDisallow: /' + 'a'.repeat(LONG) + '\n',
    url: 'https://e.com/' + 'a'.repeat(8_000),
  },
  {
    name: 'a 1 MB line of %',
    robots: 'User-agent: *\nDisallow: /' + '%'.repeat(LONG) + '$\n',
    url: 'https://e.com/%25',
  },
  { name: 'a 1 MB line of $', robots: 'User-agent: *\nDisallow: /' + '$'.repeat(LONG) + '\n', url: 'https://e.com/$' },
  {
    name: 'a 1 MB line of NBSP',
    robots: 'User-agent: *\nDisallow:' + '\u00A0'.repeat(LONG) + 'x\n',
    url: 'https://e.com/x',
  },
  { name: 'a 1 MB line of <', robots: 'User-agent: *\n<html>' + '<'.repeat(LONG) + '\n', url: 'https://e.com/x' },
  { name: 'a 1 MB colon-less line', robots: 'User-agent: *\n' + 'a '.repeat(LONG / 2) + '\n', url: 'https://e.com/x' },
  { name: '100,000 lines, one name', robots: 'User-agent: a\nDisallow: /x\n'.repeat(50_000), url: 'https://e.com/x' },
  {
    name: '100,000 lines, 50,000 names',
    robots: Array.from({ length: 50_000 }, (_, i) => `User-agent: bot${i}\nDisallow: /x${i}\n`).join(''),
    url: 'https://e.com/x1',
  },
  {
    name: '100,000 blank lines in a group',
    robots: 'User-agent: a\n' + '\n'.repeat(100_000) + 'Disallow: /\n',
    url: 'https://e.com/x',
  },
  { name: '100,000 form feeds', robots: 'User-agent: a\n' + 'Disallow: /\f'.repeat(100_000), url: 'https://e.com/x' },
];

describe('hostile bodies finish', () => {
  it.each(HOSTILE)('$name: every lens and the finder answer', { timeout: 120_000 }, ({ robots, url }) => {
    for (const profile of LENS_PROFILES) {
      expectWellFormed(readAs(profile, { robots, robotsStatus: 200, url, userAgent: 'a' }), profile);
    }
    expect(Array.isArray(findDivergences({ robots, userAgent: 'a', urls: [url] }))).toBe(true);
  });
});

/** Bodies built to hurt the rule index (lib/lens/candidates.ts), read for many URLs so that it is built. */
const HOSTILE_FOR_THE_INDEX: readonly { readonly name: string; readonly robots: string; readonly urls: string[] }[] = [
  {
    name: '1,000 rules whose literals nest (/a, /aa, /aaa …)',
    robots: 'User-agent: *\n' + Array.from({ length: 1_000 }, (_, i) => `Disallow: /${'a'.repeat(i + 1)}\n`).join(''),
    urls: Array.from({ length: 24 }, (_, i) => 'https://e.com/' + 'a'.repeat(25 * i) + 'b'),
  },
  {
    name: '10,000 rules `/*x<i>*y<i>$` and 2,000-character URLs',
    robots: 'User-agent: *\n' + Array.from({ length: 10_000 }, (_, i) => `Disallow: /*x${i}*y${i}$\n`).join(''),
    urls: Array.from({ length: 24 }, (_, i) => 'https://e.com/' + `x${i}`.repeat(2_000 / 4) + `y${i}`),
  },
  {
    name: 'a 100,000-character fragment (`/*abab…`) and URLs nearly holding it',
    robots:
      'User-agent: *\nDisallow: /*' +
      'ab'.repeat(50_000) +
      '\n' +
      Array.from({ length: 20 }, (_, i) => `Disallow: /*x${i}*\n`).join(''),
    urls: Array.from({ length: 24 }, (_, i) => 'https://e.com/' + 'ab'.repeat(50_000 - 1 + (i % 2)) + `x${i}`),
  },
  {
    name: '5,000 repeats of one rule and 5,000 distinct ones',
    robots:
      'User-agent: *\n' +
      'Disallow: /*?sort=\n'.repeat(5_000) +
      Array.from({ length: 5_000 }, (_, i) => `Allow: /p${i}/\n`).join(''),
    urls: Array.from({ length: 24 }, (_, i) => `https://e.com/p${i * 100}/item?sort=${i}`),
  },
];

describe('hostile bodies finish through the rule index', () => {
  it.each(HOSTILE_FOR_THE_INDEX)('$name: every lens answers every URL', { timeout: 120_000 }, ({ robots, urls }) => {
    for (const profile of LENS_PROFILES) {
      const reader = createLensFileReader(profile, { robots, robotsStatus: 200 })('a');
      urls.forEach((url, i) => {
        const verdict = reader.read(url);
        expectWellFormed(verdict, profile);
        // Past the index's start, some answers against a reader that has read nothing else (it scans every rule).
        if (i >= 16 && i % 4 === 0) {
          expect(verdict.line).toBe(readAs(profile, { robots, robotsStatus: 200, url, userAgent: 'a' }).line);
        }
      });
    }
  });
});
