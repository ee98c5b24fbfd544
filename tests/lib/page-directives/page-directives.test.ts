import { describe, expect, it } from 'vitest';
import {
  type CanonicalElement,
  checkCanonicals,
  combine,
  crawlerReading,
  directiveSources,
  judgeIndexability,
  linkHints,
  type MetaElement,
  type PageEvidence,
  parseDirectives,
  parseLinkHeaderCanonicals,
  parseUnavailableAfterDate,
} from '../../../lib/page-directives';
import { createRandom } from '../../support/random';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const PAGE = 'https://example.com/page';

function evidence(over: Partial<PageEvidence> = {}): PageEvidence {
  return {
    url: PAGE,
    status: 200,
    redirects: [],
    robotsHeaders: [],
    linkHeaders: [],
    metas: [],
    canonicals: [],
    served: null,
    ...over,
  };
}
const meta = (name: string, content: string, inHead = true): MetaElement => ({ name, content, inHead });
const canon = (href: string, inHead = true, qualifiers: string[] = []): CanonicalElement => ({
  href,
  inHead,
  qualifiers,
});
const ALLOWED = { allowed: true, reason: 'no rule matches' };

describe('reading a directive string (§1, §2)', () => {
  const cases = [
    {
      source: '§1 rules are comma-separated',
      text: 'noindex, nofollow',
      prefixes: false,
      names: ['noindex', 'nofollow'],
      scopes: [null, null],
    },
    {
      source: '§1 rule names are ASCII case-insensitive',
      text: 'NoIndex,NOFOLLOW',
      prefixes: false,
      names: ['noindex', 'nofollow'],
      scopes: [null, null],
    },
    {
      source: '§1 a header prefix applies to the rules after it',
      text: 'googlebot: noindex, nofollow',
      prefixes: true,
      names: ['noindex', 'nofollow'],
      scopes: ['googlebot', 'googlebot'],
    },
    {
      source: '§1 a prefix may change within one line',
      text: 'BadBot: noindex, googlebot: nofollow',
      prefixes: true,
      names: ['noindex', 'nofollow'],
      scopes: ['badbot', 'googlebot'],
    },
    {
      source: '§1 crawler prefixes are case-insensitive (Lighthouse misses this)',
      text: 'GoogleBot : NoIndex',
      prefixes: true,
      names: ['noindex'],
      scopes: ['googlebot'],
    },
    {
      source: '§1 a rule that takes a colon is not a prefix',
      text: 'max-snippet: 20, noindex',
      prefixes: true,
      names: ['max-snippet', 'noindex'],
      scopes: [null, null],
    },
    {
      source: '§1 spaces around colons are allowed',
      text: 'max-image-preview : large',
      prefixes: true,
      names: ['max-image-preview'],
      scopes: [null],
    },
    {
      source: '§1 a meta content has no prefixes: the token is unknown',
      text: 'googlebot: noindex',
      prefixes: false,
      names: ['googlebot: noindex'],
      scopes: [null],
    },
    {
      source: '§1 a prefix before a colon rule',
      text: 'googlebot: max-snippet: 0',
      prefixes: true,
      names: ['max-snippet'],
      scopes: ['googlebot'],
    },
    {
      source: '§2 unknown tokens are kept as no-ops',
      text: 'noindex, bogus',
      prefixes: false,
      names: ['noindex', 'bogus'],
      scopes: [null, null],
    },
  ];
  it.each(cases)('$source: "$text"', ({ text, prefixes, names, scopes }) => {
    const rules = parseDirectives(text, { prefixes });
    expect(rules.map((r) => r.name)).toEqual(names);
    expect(rules.map((r) => r.scope)).toEqual(scopes);
    for (const r of rules) expect(text.slice(r.start, r.end)).toBe(r.raw);
  });

  const dates = [
    {
      source: '§1 RFC 822 with a comma',
      text: 'unavailable_after: Wed, 03 Dec 2025 13:09:53 GMT, noindex',
      date: Date.UTC(2025, 11, 3, 13, 9, 53),
      after: ['noindex'],
    },
    {
      source: '§1 RFC 850 with a comma and a two-digit year',
      text: 'unavailable_after: Wednesday, 03-Dec-25 13:09:53 GMT',
      date: Date.UTC(2025, 11, 3, 13, 9, 53),
      after: [],
    },
    { source: '§1 ISO 8601 date', text: 'unavailable_after: 2020-09-21', date: Date.UTC(2020, 8, 21), after: [] },
    {
      source: '§1 ISO 8601 with time and offset',
      text: 'unavailable_after: 2020-09-21T15:00:00+02:00',
      date: Date.UTC(2020, 8, 21, 13),
      after: [],
    },
    {
      source: "§1 RFC 822 with a US zone (Google's example form)",
      text: 'unavailable_after: 25 Jun 2010 15:00:00 PST',
      date: Date.UTC(2010, 5, 25, 23),
      after: [],
    },
    {
      source: '§1 a date followed by a prefix',
      text: 'unavailable_after: Wed, 03 Dec 2025 13:09:53 GMT, otherbot: noindex',
      date: Date.UTC(2025, 11, 3, 13, 9, 53),
      after: ['noindex'],
    },
  ];
  it.each(dates)('$source', ({ text, date, after }) => {
    const rules = parseDirectives(text, { prefixes: true });
    expect(rules[0]?.name).toBe('unavailable_after');
    expect(rules[0]?.date).toBe(date);
    expect(rules[0]?.voided).toBeUndefined();
    expect(rules.slice(1).map((r) => r.name)).toEqual(after);
  });

  it('§1 an unparseable date makes the rule void', () => {
    const [rule] = parseDirectives('unavailable_after: next tuesday', { prefixes: true });
    expect(rule?.date).toBeUndefined();
    expect(rule?.voided).toMatch(/void/);
  });

  it.each([
    { source: '§1 31 February is no date', text: '2025-02-31' },
    { source: '§1 a month name that is none', text: '03 Foo 2025 10:00:00 GMT' },
    { source: '§1 an unknown zone', text: '03 Dec 2025 10:00:00 XYZ' },
  ])('$source: $text', ({ text }) => expect(parseUnavailableAfterDate(text)).toBeNull());

  it.each([
    { source: '§2 max-snippet:-1 means no limit', text: 'max-snippet:-1', number: -1, voided: false },
    { source: '§2 an unparseable max-snippet is ignored', text: 'max-snippet:lots', number: undefined, voided: true },
    { source: '§2 max-video-preview:0', text: 'max-video-preview:0', number: 0, voided: false },
  ])('$source', ({ text, number, voided }) => {
    const [rule] = parseDirectives(text, { prefixes: false });
    expect(rule?.number).toBe(number);
    expect(rule?.voided !== undefined).toBe(voided);
  });
});

describe('which sources a crawler reads (§1)', () => {
  it.each([
    { source: '§1 Google reads robots and googlebot', crawler: 'Googlebot', names: ['robots', 'googlebot'] },
    {
      source: '§1 googlebot-news reads its own tag too',
      crawler: 'Googlebot-News',
      names: ['robots', 'googlebot', 'googlebot-news'],
    },
    {
      source: '§1 non-search Google crawlers named in their docs',
      crawler: 'AdsBot-Google',
      names: ['robots', 'adsbot-google'],
    },
    { source: '§1 Bing reads bingbot and msnbot', crawler: 'bingbot', names: ['robots', 'bingbot', 'msnbot'] },
    { source: '§1 Yandex reads yandex', crawler: 'YandexBot', names: ['robots', 'yandex'] },
  ])('$source', ({ crawler, names }) => expect(crawlerReading(crawler).names).toEqual(names));

  it('§1 a bingbot tag is ignored by Googlebot', () => {
    const v = judgeIndexability(evidence({ metas: [meta('bingbot', 'noindex')] }), 'Googlebot', ALLOWED, NOW);
    expect(v.kind).toBe('indexable');
    expect(judgeIndexability(evidence({ metas: [meta('bingbot', 'noindex')] }), 'bingbot', ALLOWED, NOW).kind).toBe(
      'noindex',
    );
  });

  it('§1 meta names are case-insensitive and body tags count', () => {
    const v = judgeIndexability(evidence({ metas: [meta('GoogleBot', 'NOINDEX', false)] }), 'Googlebot', ALLOWED, NOW);
    expect(v.kind).toBe('noindex');
  });

  it('§1 a header prefixed for one crawler applies to it only', () => {
    const e = evidence({ robotsHeaders: ['googlebot: noindex'] });
    expect(judgeIndexability(e, 'Googlebot', ALLOWED, NOW).kind).toBe('noindex');
    expect(judgeIndexability(e, 'bingbot', ALLOWED, NOW).kind).toBe('indexable');
  });
});

describe('combining (§3)', () => {
  const cases = [
    {
      source: '§3 robots noindex + googlebot index is still noindex',
      metas: [meta('robots', 'noindex'), meta('googlebot', 'index')],
      crawler: 'Googlebot',
      noindex: true,
    },
    {
      source: '§3 generic + specific add up',
      metas: [meta('robots', 'nofollow'), meta('googlebot', 'noindex')],
      crawler: 'Googlebot',
      noindex: true,
    },
    {
      source: '§3 Yandex: the allowing directive wins',
      metas: [meta('robots', 'all'), meta('robots', 'noindex, follow')],
      crawler: 'YandexBot',
      noindex: false,
    },
    {
      source: '§3 allow-wins applies to Yandex only',
      metas: [meta('robots', 'all'), meta('robots', 'noindex, follow')],
      crawler: 'Googlebot',
      noindex: true,
    },
    { source: '§2 none = noindex, nofollow', metas: [meta('robots', 'none')], crawler: 'bingbot', noindex: true },
  ];
  it.each(cases)('$source ($crawler)', ({ metas, crawler, noindex }) => {
    expect(judgeIndexability(evidence({ metas }), crawler, ALLOWED, NOW).kind === 'noindex').toBe(noindex);
  });

  it('§3 the more restrictive applies: max-snippet:50 + nosnippet → nosnippet; smallest, earliest, none<standard<large', () => {
    const e = evidence({
      metas: [meta('robots', 'max-snippet:50, max-image-preview:large, unavailable_after: 2030-01-01')],
      robotsHeaders: ['nosnippet, max-snippet: 20, max-image-preview: standard', 'unavailable_after: 2029-06-01'],
    });
    const reading = crawlerReading('Googlebot');
    const sources = directiveSources(e);
    const readings = sources.map((s) => ({
      source: s,
      applies: true,
      scope: '',
      rules: parseDirectives(s.kind === 'meta' ? s.content : s.line, { prefixes: s.kind === 'header' }),
      applying: parseDirectives(s.kind === 'meta' ? s.content : s.line, { prefixes: s.kind === 'header' }),
    }));
    const effective = combine(readings, reading);
    expect(effective.nosnippet.map((c) => c.rule.name)).toEqual(['nosnippet']);
    expect(effective.maxSnippet?.rule.number).toBe(20);
    expect(effective.maxImagePreview?.rule.preview).toBe('standard');
    expect(effective.unavailableAfter?.rule.date).toBe(Date.UTC(2029, 5, 1));
  });

  it('§2 index and follow cancel nothing and are shown as such; unknown tokens are no-ops', () => {
    const v = judgeIndexability(
      evidence({ metas: [meta('robots', 'index, follow, sparkle')] }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    expect(v.kind).toBe('indexable');
    expect(v.notes.join('\n')).toMatch(/index: not a rule/);
    expect(v.notes.join('\n')).toMatch(/sparkle.*unknown rule/);
  });

  it('§2 max-snippet:0 and nosnippet say "kept out of AI Overviews input"', () => {
    const v = judgeIndexability(evidence({ robotsHeaders: ['max-snippet:0'] }), 'Googlebot', ALLOWED, NOW);
    expect(v.notes.join('\n')).toMatch(/kept out of AI Overviews input/);
  });

  it('§2 Bing honours nocache; Google ignores it', () => {
    const e = evidence({ metas: [meta('robots', 'nocache')] });
    expect(judgeIndexability(e, 'bingbot', ALLOWED, NOW).notes.join('\n')).toMatch(/Copilot uses only the URL/);
    expect(judgeIndexability(e, 'Googlebot', ALLOWED, NOW).notes.join('\n')).toMatch(/ignored by Google/);
  });
});

describe('robots.txt and page rules together (§4)', () => {
  it('§4 blocked + noindex: Blocked, and the conflict is said', () => {
    const v = judgeIndexability(
      evidence({ metas: [meta('robots', 'noindex')] }),
      'Googlebot',
      { allowed: false, reason: 'Disallow: /' },
      NOW,
    );
    expect(v.kind).toBe('blocked');
    expect(v.word).toBe('Blocked');
    expect(v.conflict).toMatch(/robots.txt blocks this page, so its noindex is never seen/);
  });
  it('§4 blocked without noindex has no conflict', () => {
    const v = judgeIndexability(evidence(), 'Googlebot', { allowed: false, reason: 'Disallow: /' }, NOW);
    expect(v.conflict).toBeNull();
  });
});

describe('canonical (§5)', () => {
  it.each([
    { source: '§5 absolute canonical to itself', els: [canon(PAGE)], header: [], canonical: PAGE, warnings: [] },
    {
      source: '§5 relative canonical is resolved and flagged',
      els: [canon('/other')],
      header: [],
      canonical: 'https://example.com/other',
      warnings: ['relative', 'elsewhere'],
    },
    {
      source: '§5 canonical in body is ignored',
      els: [canon('https://example.com/x', false)],
      header: [],
      canonical: null,
      warnings: ['outside-head'],
    },
    {
      source: '§5 hreflang makes it no canonical',
      els: [canon('https://example.com/fr', true, ['hreflang'])],
      header: [],
      canonical: null,
      warnings: ['qualified'],
    },
    {
      source: '§5 a fragment is not a canonical',
      els: [canon('#top')],
      header: [],
      canonical: null,
      warnings: ['fragment'],
    },
    {
      source: '§5 header Link canonical',
      els: [],
      header: ['<https://example.com/h>; rel="canonical"'],
      canonical: 'https://example.com/h',
      warnings: ['elsewhere'],
    },
    {
      source: '§5 header vs element disagree',
      els: [canon('https://example.com/a')],
      header: ['<https://example.com/b>; rel=canonical'],
      canonical: null,
      warnings: ['conflict'],
    },
    {
      source: '§5 scheme and host case, default port do not matter',
      els: [canon('HTTPS://EXAMPLE.com:443/page')],
      header: [],
      canonical: PAGE,
      warnings: [],
    },
    {
      source: '§5 trailing slash is significant',
      els: [canon('https://example.com/page/')],
      header: [],
      canonical: 'https://example.com/page/',
      warnings: ['elsewhere'],
    },
    {
      source: '§5 path case is significant',
      els: [canon('https://example.com/Page')],
      header: [],
      canonical: 'https://example.com/Page',
      warnings: ['elsewhere'],
    },
    {
      source: '§5 cross-domain canonicals are valid',
      els: [canon('https://other.example/page')],
      header: [],
      canonical: 'https://other.example/page',
      warnings: ['elsewhere'],
    },
  ])('$source', ({ els, header, canonical, warnings }) => {
    const report = checkCanonicals(PAGE, els, header);
    expect(report.canonical).toBe(canonical);
    const all = [...report.warnings, ...report.candidates.flatMap((c) => c.warnings)];
    for (const w of warnings) expect(all).toContain(w);
    if (warnings.length === 0) expect(all).toEqual([]);
  });

  it('§5 a Link header with several values and a comma inside <> finds the canonical', () => {
    expect(
      parseLinkHeaderCanonicals('<https://e.com/a,b>; rel="preload", <https://e.com/c>; rel="alternate canonical"'),
    ).toEqual(['https://e.com/c']);
  });

  it('§5 changed by JavaScript when the served HTML differs', () => {
    const report = checkCanonicals(PAGE, [canon(PAGE)], [], [canon('https://example.com/served')]);
    expect(report.warnings).toContain('changed-by-script');
  });

  it('§8 a canonical elsewhere makes the page Canonicalised', () => {
    const v = judgeIndexability(
      evidence({ canonicals: [canon('https://example.com/main')] }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    expect(v.kind).toBe('canonicalised');
    expect(v.reason).toContain('https://example.com/main');
  });
});

describe('served HTML and rendered DOM (§9)', () => {
  it('§9 shows both when JavaScript changed the robots tags', () => {
    const v = judgeIndexability(
      evidence({
        metas: [meta('robots', 'index')],
        served: { metas: [meta('robots', 'noindex')], canonicals: [] },
      }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    expect(v.notes.join('\n')).toContain('served HTML robots="noindex"; rendered page robots="index"');
  });
  it('§9 says nothing when they agree', () => {
    const v = judgeIndexability(
      evidence({ metas: [meta('robots', 'noindex')], served: { metas: [meta('ROBOTS', 'NOINDEX')], canonicals: [] } }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    expect(v.notes.join('\n')).not.toMatch(/changed by JavaScript/);
  });
});

describe('links (§6)', () => {
  it.each([
    { source: '§6 space-separated', rel: 'nofollow noopener', hints: ['nofollow'] },
    { source: '§6 comma-separated', rel: 'ugc,nofollow', hints: ['nofollow', 'ugc'] },
    { source: '§6 case-insensitive', rel: 'SPONSORED', hints: ['sponsored'] },
    { source: '§6 none of them', rel: 'noopener', hints: [] },
  ])('$source', ({ rel, hints }) => expect(linkHints(rel)).toEqual(hints));
});

describe('status (§7) and the verdict order (§8)', () => {
  it.each([
    {
      source: '§8.1 blocked comes first',
      e: evidence({ status: 404, metas: [meta('robots', 'noindex')] }),
      fetch: { allowed: false, reason: 'x' },
      kind: 'blocked',
    },
    { source: '§7 a 404 is not indexable', e: evidence({ status: 404 }), fetch: ALLOWED, kind: 'status' },
    { source: '§7 a 301 final status is not indexable', e: evidence({ status: 301 }), fetch: ALLOWED, kind: 'status' },
    {
      source: '§8.2 status comes before noindex',
      e: evidence({ status: 500, metas: [meta('robots', 'noindex')] }),
      fetch: ALLOWED,
      kind: 'status',
    },
    {
      source: '§8.3 noindex comes before canonical',
      e: evidence({ metas: [meta('robots', 'noindex')], canonicals: [canon('/x')] }),
      fetch: ALLOWED,
      kind: 'noindex',
    },
    {
      source: '§8.3 a past unavailable_after is noindex',
      e: evidence({ robotsHeaders: ['unavailable_after: Wednesday, 03-Dec-25 13:09:53 GMT'] }),
      fetch: ALLOWED,
      kind: 'noindex',
    },
    {
      source: '§8.5 a future unavailable_after is informational',
      e: evidence({ robotsHeaders: ['unavailable_after: 2099-01-01'] }),
      fetch: ALLOWED,
      kind: 'indexable',
    },
    { source: '§8.5 nothing applies: indexable', e: evidence(), fetch: null, kind: 'indexable' },
  ])('$source', ({ e, fetch, kind }) => expect(judgeIndexability(e, 'Googlebot', fetch, NOW).kind).toBe(kind));

  it('§8.3 names every source that says noindex', () => {
    const v = judgeIndexability(
      evidence({ metas: [meta('robots', 'noindex')], robotsHeaders: ['googlebot: none'] }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    expect(v.reason).toContain('<meta name="robots">');
    expect(v.reason).toContain('X-Robots-Tag: googlebot: none');
    expect(v.deciding).toHaveLength(2);
  });

  it('§9 unknown headers are said to be unknown', () => {
    const v = judgeIndexability(
      evidence({ robotsHeaders: null, linkHeaders: null, status: null }),
      'Googlebot',
      ALLOWED,
      NOW,
    );
    expect(v.headersKnown).toBe(false);
    expect(v.notes.join('\n')).toMatch(/headers are unknown/);
    expect(v.reason).toMatch(/status is unknown/);
  });
});

describe('hostile input (property)', () => {
  const ALPHABET = [
    'a',
    'noindex',
    ',',
    ':',
    ' ',
    'googlebot',
    'unavailable_after',
    '-1',
    '<',
    '>',
    ';',
    'rel=',
    '"',
    '\u0000',
    '\ud800',
    'é',
    '#',
    '/',
    'max-snippet',
    '2025-01-01',
    'GMT',
  ];
  it('never throws on any header or attribute value', () => {
    const random = createRandom(9);
    const pick = () => ALPHABET[Math.floor(random() * ALPHABET.length)] as string;
    const text = () => Array.from({ length: Math.floor(random() * 30) }, pick).join('');
    for (let i = 0; i < 2000; i++) {
      const e = evidence({
        url: random() < 0.1 ? text() : PAGE,
        status: random() < 0.2 ? null : Math.floor(random() * 600),
        robotsHeaders: [text(), text()],
        linkHeaders: [text()],
        metas: [meta(text(), text(), random() < 0.5)],
        canonicals: [canon(text(), random() < 0.5, random() < 0.2 ? ['media'] : [])],
      });
      for (const crawler of ['Googlebot', 'YandexBot', 'bingbot', text() || 'x']) {
        const v = judgeIndexability(e, crawler, random() < 0.5 ? ALLOWED : null, NOW);
        expect(typeof v.reason).toBe('string');
      }
    }
  });
});
