/**
 * The divergence finder (docs/semantics/lens.md §8, §9): the examples are each found with the
 * right lenses, line and words, and the suggested fix, applied, makes those lenses agree with
 * Google; fetch outcomes come first; the "parsers disagree" filter lists exactly the URLs where a
 * lens differs.
 */

import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  createGoogleVerdict,
  type DivergenceKind,
  findDisagreeingUrls,
  findDivergences,
  googleReading,
  type LensProfileId,
  readAs,
} from '../../../lib/lens/index';

interface Example {
  readonly source: string;
  readonly name: string;
  readonly robots: string;
  readonly userAgent: string;
  readonly url: string;
  readonly kind: DivergenceKind;
  readonly line: number;
  readonly profiles: readonly LensProfileId[];
  /** Words the message must contain. */
  readonly words: readonly string[];
  /** The fix also changes Google's verdict for the URL (a percent form written out, a twin rule). */
  readonly changesGoogle?: boolean;
}

const CLOUDFLARE =
  'User-Agent: *\nContent-signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\n' +
  '# END Cloudflare Managed Content\nUser-agent: *\nDisallow: /lp\n';

const EXAMPLES: readonly Example[] = [
  {
    source: '§2.8, P41',
    name: 'an Allow carve-out after Disallow: / (first match)',
    robots: 'User-agent: *\nDisallow: /\nAllow: /public/\n',
    userAgent: 'ExampleBot',
    url: 'https://e.com/public/page',
    kind: 'first-match',
    line: 3,
    profiles: ['py-legacy'],
    words: ['first matching rule', '`Disallow: /` on line 2', '`Allow: /public/` on line 3'],
  },
  {
    source: '§2.4, P16',
    name: 'a blank line between stacked User-agent lines',
    robots: 'User-agent: GPTBot\n\nUser-agent: ClaudeBot\nDisallow: /\n',
    userAgent: 'GPTBot',
    url: 'https://e.com/x',
    kind: 'blank-line',
    line: 2,
    profiles: ['py-legacy'],
    words: ['blank line 2', 'Google ignores blank lines'],
  },
  {
    source: '§2.5, §3.5, §4.5, P28',
    name: 'User-agent: bot against Googlebot',
    robots: 'User-agent: bot\nDisallow: /\n',
    userAgent: 'Googlebot',
    url: 'https://e.com/x',
    kind: 'name-substring',
    line: 1,
    profiles: ['py-legacy', 'py-rfc', 'protego'],
    words: ['`User-agent: bot` on line 1', 'inside the name `Googlebot`', 'compares names whole'],
  },
  {
    source: '§2.4, P25',
    name: "a Cloudflare managed block before the site's own * group",
    robots: CLOUDFLARE,
    userAgent: 'bingbot',
    url: 'https://e.com/lp',
    kind: 'group-merge',
    line: 10,
    profiles: ['py-legacy'],
    words: ['only the first group', '`Disallow: /lp` on line 10'],
  },
  {
    source: '§2.7, §3.6, P55',
    name: '%2F in a rule',
    robots: 'User-agent: *\nDisallow: /a%2Fb\n',
    userAgent: 'ExampleBot',
    url: 'https://e.com/a/b',
    kind: 'decoding',
    line: 2,
    profiles: ['py-legacy', 'py-rfc'],
    words: ['`Disallow: /a%2Fb` on line 2', '`%2F` is `/`', 'as written'],
    changesGoogle: true,
  },
  {
    source: '§2.3, §3.3, §7.2 D1, P01',
    name: 'a BOM before the first line',
    robots: '\uFEFFUser-agent: *\nDisallow: /\n',
    userAgent: 'ExampleBot',
    url: 'https://e.com/x',
    kind: 'bom',
    line: 1,
    profiles: ['py-legacy', 'py-rfc', 'rfc9309'],
    words: ['byte-order mark', 'Google skips it'],
  },
  {
    source: '§2.3, §4.3, §5.3, §7.3, P06',
    name: 'a missing colon',
    robots: 'User-agent: *\nDisallow /x\n',
    userAgent: 'ExampleBot',
    url: 'https://e.com/x',
    kind: 'missing-colon',
    line: 2,
    profiles: ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'],
    words: ['Line 2 has no colon', 'Google reads it anyway'],
  },
  {
    source: '§2.3, §4.3, P09',
    name: 'a typo Google accepts',
    robots: 'User-agent: *\nDissallow: /x\n',
    userAgent: 'ExampleBot',
    url: 'https://e.com/x',
    kind: 'key-spelling',
    line: 2,
    profiles: ['py-legacy', 'py-rfc', 'robots-parser', 'rfc9309'],
    words: ['`Dissallow`', '`Disallow`'],
  },
  {
    source: '§2.4, §4.4, §5.4, P18',
    name: 'a Crawl-delay between user-agent lines',
    robots: 'User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n',
    userAgent: 'a',
    url: 'https://e.com/x',
    kind: 'group-split',
    line: 2,
    profiles: ['py-legacy', 'py-rfc', 'protego', 'robots-parser'],
    words: ['`Crawl-delay: 5` on line 2', 'between user-agent lines'],
  },
  {
    source: '§2.6, §3.6, §4.7, §6.6, P56',
    name: '~ in a rule against %7E in the URL',
    robots: 'User-agent: *\nDisallow: /~joe/\n',
    userAgent: 'ExampleBot',
    url: 'https://e.com/%7Ejoe/x',
    kind: 'decoding',
    line: 2,
    profiles: ['py-legacy', 'py-rfc', 'protego', 'crawler-commons', 'rfc9309'],
    words: ['`Disallow: /~joe/` on line 2', '`%7E`'],
    changesGoogle: true,
  },
];

const verdictOf = (profile: LensProfileId, robots: string, url: string, userAgent: string): boolean =>
  readAs(profile, { robots, robotsStatus: 200, url, userAgent }).allowed;

const googleOf = (robots: string, url: string, userAgent: string): boolean =>
  googleReading({ robots, robotsStatus: 200, url, userAgent }).allowed;

describe('findDivergences: the examples of the issue', () => {
  it.each(EXAMPLES)('$source: finds $name with its lenses, line and words', (ex) => {
    const findings = findDivergences({ robots: ex.robots, userAgent: ex.userAgent, urls: [ex.url] });
    const finding = findings.find((f) => f.kind === ex.kind);
    expect(finding, JSON.stringify(findings, null, 1)).toBeDefined();
    if (finding === undefined) return;
    expect(finding.line).toBe(ex.line);
    expect(finding.profiles).toEqual(ex.profiles);
    expect(finding.urls).toEqual([ex.url]);
    for (const words of ex.words) expect(finding.message).toContain(words);
    // Every disagreeing lens is explained by this one cause.
    expect(findings).toHaveLength(1);
  });

  it.each(EXAMPLES)('$source: the fix for $name makes those lenses agree with Google, or is refused', (ex) => {
    const [finding] = findDivergences({ robots: ex.robots, userAgent: ex.userAgent, urls: [ex.url] });
    if (finding === undefined) throw new Error('no finding');
    if (ex.changesGoogle === true) {
      // A change that moves Google's verdict is explained, never offered.
      expect(finding.fix).toBeNull();
      expect(finding.noFix).toContain("would also move Google's own verdict (for 1 URL checked");
      return;
    }
    const fix = finding.fix;
    expect(fix, finding.noFix ?? '').not.toBeNull();
    if (fix === null) return;
    expect(finding.noFix).toBeNull();
    const fixed = fix.text;
    expect(fixed).not.toBe(ex.robots);
    const google = googleOf(fixed, ex.url, ex.userAgent);
    expect(google).toBe(googleOf(ex.robots, ex.url, ex.userAgent));
    for (const profile of finding.profiles) expect(verdictOf(profile, fixed, ex.url, ex.userAgent)).toBe(google);
    // And the finder has nothing left to say about the fixed file.
    expect(findDivergences({ robots: fixed, userAgent: ex.userAgent, urls: [ex.url] })).toEqual([]);
  });

  it('moves the later * group whole into the first one for the Cloudflare block', () => {
    const [finding] = findDivergences({ robots: CLOUDFLARE, userAgent: 'bingbot', urls: ['https://e.com/lp'] });
    const fixed = finding?.fix?.text;
    expect(fixed).toBe(
      'User-Agent: *\nContent-signal: search=yes, ai-train=no\nDisallow: /lp\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\n' +
        '# END Cloudflare Managed Content\n',
    );
  });
});

describe('findDivergences: fetch outcomes and the rest', () => {
  it('§9: reports the status first — a 403 disallows everything for both Python lenses, Google allows', () => {
    const findings = findDivergences({
      robots: 'User-agent: *\nDisallow: /x\n',
      robotsStatus: 403,
      userAgent: 'GPTBot',
      urls: ['https://e.com/a'],
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]?.kind).toBe('status');
    expect(findings[0]?.profiles).toEqual(['py-legacy', 'py-rfc']);
    expect(findings[0]?.line).toBeNull();
    expect(findings[0]?.message).toContain('HTTP 403');
  });

  it('returns nothing when every lens agrees with Google', () => {
    expect(
      findDivergences({
        robots: 'User-agent: *\nDisallow: /x\n',
        userAgent: 'GPTBot',
        urls: ['https://e.com/x/1', 'https://e.com/y'],
      }),
    ).toEqual([]);
  });

  it('explains the fragment by rewriting the URL, and the literal $ of Python ≤ 3.12 (P54)', () => {
    const findings = findDivergences({
      robots: 'User-agent: *\nDisallow: /a$\n',
      userAgent: 'ExampleBot',
      urls: ['https://e.com/a#top'],
    });
    expect(findings.map((f) => [f.kind, f.line, f.profiles])).toEqual([
      ['wildcard', 2, ['py-legacy']],
      ['fragment', 2, ['py-rfc', 'protego']],
    ]);
    expect(findings[0]?.message).toContain('Line 2: `Disallow: /a$`');
  });

  it('says /robots.txt is implicit for the lenses that never disallow it (P52)', () => {
    const findings = findDivergences({
      robots: 'User-agent: *\nDisallow: /\n',
      userAgent: 'ExampleBot',
      urls: ['https://e.com/robots.txt'],
    });
    expect(findings.map((f) => [f.kind, f.profiles])).toEqual([
      ['robots-txt-implicit', ['py-rfc', 'crawler-commons', 'rfc9309']],
    ]);
  });

  it('limits the lenses compared when asked', () => {
    const findings = findDivergences({
      robots: 'User-agent: bot\nDisallow: /\n',
      userAgent: 'Googlebot',
      urls: ['https://e.com/x'],
      profiles: ['protego'],
    });
    expect(findings.flatMap((f) => f.profiles)).toEqual(['protego']);
  });

  it('takes a Google verdict function from the caller', () => {
    const findings = findDivergences({
      robots: 'User-agent: *\nDisallow: /x\n',
      userAgent: 'GPTBot',
      urls: ['https://e.com/y'],
      googleVerdict: () => ({ allowed: false, line: null, reason: 'Google: pretend.' }),
    });
    expect(findings.flatMap((f) => f.profiles)).toEqual([
      'py-legacy',
      'py-rfc',
      'protego',
      'robots-parser',
      'crawler-commons',
      'rfc9309',
    ]);
  });
});

describe('createGoogleVerdict', () => {
  it('compares the name as a token by default, and as a crawler preset when asked (crawler catalogue)', () => {
    const robots = 'User-agent: Googlebot\nDisallow: /\n';
    expect(createGoogleVerdict()(robots, 'https://e.com/x', 'Googlebot-News').allowed).toBe(true);
    expect(createGoogleVerdict({ asCrawler: true })(robots, 'https://e.com/x', 'Googlebot-News').allowed).toBe(false);
  });

  it('lets the finder compare the lenses with the crawler preset', () => {
    const findings = findDivergences({
      robots: 'User-agent: Googlebot\nDisallow: /\n',
      userAgent: 'Googlebot-News',
      urls: ['https://e.com/x'],
      googleVerdict: createGoogleVerdict({ asCrawler: true }),
    });
    // Google's crawler falls back to the Googlebot group, as the substring matchers do (P29).
    expect(findings.flatMap((f) => f.profiles)).toEqual(['robots-parser', 'crawler-commons', 'rfc9309']);
  });
});

describe('findDisagreeingUrls: the "parsers disagree" filter', () => {
  it('lists exactly the URLs some lens reads differently, with those lenses', () => {
    const urls = ['https://e.com/public/page', 'https://e.com/private', 'https://e.com/robots.txt'];
    const rows = findDisagreeingUrls({
      robots: 'User-agent: *\nDisallow: /\nAllow: /public/\n',
      userAgent: 'ExampleBot',
      urls,
    });
    expect(rows.map((r) => [r.url, r.google.allowed, r.lenses.map((l) => l.profile)])).toEqual([
      ['https://e.com/public/page', true, ['py-legacy']],
      ['https://e.com/robots.txt', false, ['py-rfc', 'crawler-commons', 'rfc9309']],
    ]);
  });

  it('reads bytes as each stack decodes them', () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('User-agent: *\nDisallow: /\n')]);
    const rows = findDisagreeingUrls({ robots: body, userAgent: 'ExampleBot', urls: ['https://e.com/x'] });
    expect(rows[0]?.lenses.map((l) => l.profile)).toEqual(['py-legacy', 'py-rfc', 'rfc9309']);
  });
});

describe('applyEdits', () => {
  it('applies edits from the end so offsets stay true', () => {
    expect(
      applyEdits('abcdef', [
        { from: 0, to: 1, insert: 'X' },
        { from: 3, to: 5, insert: '' },
        { from: 6, to: 6, insert: '!' },
      ]),
    ).toBe('Xbcf!');
  });
});
