import { describe, expect, it } from 'vitest';
import { compileRobots, evaluate, isAllowed, parseRobotsTxt } from '../../../lib/robots/index';
import { extractMatchPath, matchesPattern } from '../../../lib/robots/match';
import { verdictOf } from './support';

interface VerdictCase {
  readonly name: string;
  readonly source: string;
  readonly body: string;
  readonly url: string;
  readonly ua?: string;
  readonly allowed: boolean;
  /** The deciding line; 0 when Google reports line 0 (no rule). */
  readonly line: number;
}

function expectVerdict({ body, url, ua, allowed, line }: VerdictCase): void {
  const robots = compileRobots(parseRobotsTxt(body), { scansBeforeIndex: 1 });
  const verdict = evaluate(robots, url, ua ?? 'FooBot');
  expect(verdict.allowed).toBe(allowed);
  expect(verdict.rule?.rule.line ?? 0).toBe(line);
  expect(verdict.rule === null).toBe(line === 0);
  expect(isAllowed(robots, url, ua ?? 'FooBot')).toBe(allowed);
  // The second evaluation of a selection goes through the indexed matcher: same answer.
  expect(evaluate(robots, url, ua ?? 'FooBot')).toEqual(verdict);
}

describe('choosing groups (docs/semantics/robots.md §2)', () => {
  const cases: VerdictCase[] = [
    {
      name: 'merges every group that names the crawler',
      source: 'docs/semantics/robots.md §2 merging',
      body: 'User-agent: FooBot\nDisallow: /a\nUser-agent: Other\nDisallow: /\nUser-agent: foobot\nAllow: /a/b',
      url: '/a/b',
      allowed: true,
      line: 6,
    },
    {
      name: 'merges every * group when no group names the crawler',
      source: 'docs/semantics/robots.md §2 merging',
      body: 'User-agent: *\nDisallow: /a\nUser-agent: Other\nAllow: /\nUser-agent: *\nDisallow: /b',
      url: '/b',
      allowed: false,
      line: 6,
    },
    {
      name: 'ignores * entirely when a group names the crawler',
      source: 'Google conformance: global-rules',
      body: 'User-agent: *\nDisallow: /x\nUser-agent: FooBot\nAllow: /y',
      url: '/x',
      allowed: true,
      line: 0,
    },
    {
      name: 'ignores * even for an empty crawler group at the end of the file',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: *\nDisallow: /\nUser-agent: FooBot',
      url: '/x',
      allowed: true,
      line: 0,
    },
    {
      name: 'allows everything when no group applies',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: Other\nDisallow: /',
      url: '/x',
      allowed: true,
      line: 0,
    },
    {
      name: 'treats a group listing the crawler and * as the crawler’s group',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b',
      url: '/b',
      allowed: true,
      line: 0,
    },
    {
      name: 'still lets that shared group serve as * for other crawlers',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: *\nUser-agent: FooBot\nDisallow: /a\nUser-agent: *\nDisallow: /b',
      url: '/a',
      ua: 'BarBot',
      allowed: false,
      line: 3,
    },
    {
      name: 'compares the caller’s name case-insensitively',
      source: 'Google conformance: user-agent-name',
      body: 'User-agent: FOOBOT\nDisallow: /',
      url: '/x',
      ua: 'foobot',
      allowed: false,
      line: 2,
    },
    {
      name: 'matches a file name truncated at a space',
      source: 'Google conformance: user-agent-name',
      body: 'User-agent: Foo Bar\nDisallow: /',
      url: '/x',
      ua: 'Foo',
      allowed: false,
      line: 2,
    },
    {
      name: 'never truncates the caller: `Foobot2` does not match a `Foobot2` line',
      source: 'docs/semantics/robots.md §2 seed: Foobot2',
      body: 'User-agent: Foobot2\nDisallow: /',
      url: '/x',
      ua: 'Foobot2',
      allowed: true,
      line: 0,
    },
    {
      name: 'reads `Foobot2` in the file as `Foobot`',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: Foobot2\nDisallow: /',
      url: '/x',
      ua: 'Foobot',
      allowed: false,
      line: 2,
    },
    {
      name: 'never matches a caller name with a slash',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: FooBot/2.1\nDisallow: /',
      url: '/x',
      ua: 'FooBot/2.1',
      allowed: true,
      line: 0,
    },
    {
      name: 'matches an empty caller name to `User-agent:`',
      source: 'docs/semantics/robots.md §2 seed: empty caller',
      body: 'User-agent:\nDisallow: /',
      url: '/x',
      ua: '',
      allowed: false,
      line: 2,
    },
    {
      name: 'matches an empty caller name to `User-agent: *bot`',
      source: 'docs/semantics/robots.md §2 seed: empty caller',
      body: 'User-agent: *bot\nDisallow: /',
      url: '/x',
      ua: '',
      allowed: false,
      line: 2,
    },
    {
      name: 'does not read `*bot` as the global group',
      source: 'docs/semantics/robots.md §2',
      body: 'User-agent: *bot\nDisallow: /',
      url: '/x',
      allowed: true,
      line: 0,
    },
    {
      name: 'does not fold the Kelvin sign in a file agent name',
      source: 'docs/semantics/robots.md §1 case folding',
      body: 'User-agent: \u212Abot\nDisallow: /',
      url: '/x',
      ua: 'kbot',
      allowed: true,
      line: 0,
    },
    {
      name: 'ignores rules before the first user-agent',
      source: 'docs/semantics/robots.md §2',
      body: 'Disallow: /\nUser-agent: *\nAllow: /a',
      url: '/b',
      allowed: true,
      line: 0,
    },
  ];
  it.each(cases)('$name', (c) => expectVerdict(c));

  it('describes a specific selection and whether * was set aside', () => {
    const v = verdictOf(
      'User-agent: *\nDisallow: /\nUser-agent: FooBot\nDisallow: /a\nUser-agent: FooBot\nAllow: /b',
      '/x',
    );
    expect(v.selection).toMatchObject({ kind: 'specific', globalIgnored: true });
    if (v.selection.kind === 'specific')
      expect(v.selection.groups.map((g) => [g.id, g.firstLine, g.lastLine])).toEqual([
        [1, 3, 4],
        [2, 5, 6],
      ]);
  });

  it('does not call * set aside when the only * group is the crawler’s own', () => {
    const v = verdictOf('User-agent: *\nUser-agent: FooBot\nDisallow: /a', '/x');
    expect(v.selection).toMatchObject({ kind: 'specific', globalIgnored: false });
  });

  it('describes a global and an empty selection', () => {
    expect(verdictOf('User-agent: *\nDisallow: /a', '/x').selection.kind).toBe('global');
    expect(verdictOf('User-agent: Other\nDisallow: /a', '/x').selection).toEqual({ kind: 'none' });
  });

  it('joins a Crawl-delay between user-agent lines to the one group they form', () => {
    const v = verdictOf('User-agent: *\nCrawl-delay: 9\nUser-agent: FooBot\nDisallow: /', '/x');
    expect(v.crawlDelay?.line).toBe(2);
  });

  it('reports the crawl-delay of the chosen groups and the file’s sitemaps', () => {
    const body =
      'Sitemap: /s.xml\nUser-agent: *\nCrawl-delay: 9\nDisallow: /p\nUser-agent: FooBot\nDisallow: /\nUser-agent: FooBot\nCrawl-delay: 4\nDisallow: /z\nSitemap: https://x.test/s.xml';
    const v = verdictOf(body, '/x');
    expect(v.crawlDelay).toEqual({ line: 8, raw: '4', seconds: 4 });
    expect(v.sitemaps.map((s) => [s.line, s.validity])).toEqual([
      [1, 'relative'],
      [10, 'absolute'],
    ]);
    expect(verdictOf(body, '/x', 'BarBot').crawlDelay).toEqual({ line: 3, raw: '9', seconds: 9 });
  });
});

describe('extracting the path to match (docs/semantics/robots.md §3)', () => {
  const cases: { url: string; path: string; source: string }[] = [
    { url: 'http://example.com', path: '/', source: 'docs/semantics/robots.md §3 no path' },
    { url: 'http://example.com/', path: '/', source: 'docs/semantics/robots.md §3' },
    { url: 'http://example.com/a/b?c=d#e', path: '/a/b?c=d', source: 'docs/semantics/robots.md §3 fragment' },
    { url: 'http://example.com?q=1', path: '/?q=1', source: 'docs/semantics/robots.md §3 prepend /' },
    { url: 'http://example.com;p=1', path: '/;p=1', source: 'docs/semantics/robots.md §3 prepend /' },
    { url: '//example.com/a', path: '/a', source: 'docs/semantics/robots.md §3 leading //' },
    { url: 'example.com/a', path: '/a', source: 'docs/semantics/robots.md §3 no scheme' },
    { url: '/a/b', path: '/a/b', source: 'docs/semantics/robots.md §3 path given' },
    { url: '/a://b/c', path: '/a://b/c', source: 'docs/semantics/robots.md §3 :// after a /' },
    { url: 'a#b://c/d', path: '/', source: 'docs/semantics/robots.md §3 seed: a#b://c/d' },
    { url: 'http://example.com#x/y', path: '/', source: 'docs/semantics/robots.md §3 # before the path' },
    { url: 'http://example.com/a\0b', path: '/a', source: 'docs/semantics/robots.md §3 NUL' },
    { url: 'http://example.com/%7Ea/B', path: '/%7Ea/B', source: 'docs/semantics/robots.md §3 no normalisation' },
    { url: '', path: '/', source: 'Google conformance: empty-string' },
  ];
  it.each(cases)('reads `$url` as `$path`', ({ url, path }) => {
    expect(extractMatchPath(url)).toBe(path);
  });
});

describe('matching patterns (docs/semantics/robots.md §3)', () => {
  const cases: { pattern: string; path: string; matches: boolean; source: string }[] = [
    { pattern: '/fish', path: '/fish.html', matches: true, source: 'RFC 9309 §2.2.2' },
    { pattern: '/fish', path: '/Fish', matches: false, source: 'Google conformance: uri-case-sensitivity' },
    { pattern: '/*.php', path: '/a/b.php?x', matches: true, source: 'Google conformance: matching-path-values-2' },
    { pattern: '/*.php$', path: '/a.php', matches: true, source: 'RFC 9309 §2.2.3' },
    { pattern: '/*.php$', path: '/a.php?x', matches: false, source: 'RFC 9309 §2.2.3' },
    { pattern: '/a*', path: '/a', matches: true, source: 'docs/semantics/robots.md §3 * matches none' },
    { pattern: '/a*b', path: '/a/x?y/b', matches: true, source: 'docs/semantics/robots.md §3 * crosses / and ?' },
    { pattern: '/earn$*', path: '/earn', matches: false, source: 'docs/semantics/robots.md §3 seed: /earn$*' },
    { pattern: '/earn$*', path: '/earn$money', matches: true, source: 'docs/semantics/robots.md §3 seed: /earn$*' },
    { pattern: '/a$b', path: '/a$b', matches: true, source: 'docs/semantics/robots.md §3 $ not last' },
    { pattern: '/a$$', path: '/a$', matches: true, source: 'docs/semantics/robots.md §3 only the last $' },
    { pattern: '*', path: '/anything', matches: true, source: 'docs/semantics/robots.md §3' },
    { pattern: '*$', path: '/anything', matches: true, source: 'docs/semantics/robots.md §3' },
    { pattern: '$', path: '/', matches: false, source: 'docs/semantics/robots.md §3 neither / nor *' },
    { pattern: 'b', path: 'b', matches: false, source: 'docs/semantics/robots.md §3 neither / nor *' },
    { pattern: '%2Fa', path: '/a', matches: false, source: 'docs/semantics/robots.md §3 neither / nor *' },
    { pattern: '', path: '/x', matches: true, source: 'docs/semantics/robots.md §3 empty pattern' },
    { pattern: '/x/$', path: '/x/', matches: true, source: 'docs/semantics/robots.md §3' },
    {
      pattern: '/*a*a*a*a*b',
      path: '/' + 'a'.repeat(5000),
      matches: false,
      source: 'docs/semantics/robots.md §3 polynomial on hostile patterns',
    },
    {
      pattern: '*a'.repeat(500),
      path: '/' + 'ab'.repeat(4096),
      matches: true,
      source: 'docs/semantics/robots.md §3 polynomial on hostile patterns',
    },
  ];
  it.each(cases)('`$pattern` against `$path` → $matches', ({ pattern, path, matches }) => {
    expect(matchesPattern(pattern, path)).toBe(matches);
    expect(verdictOf(`User-agent: *\nDisallow: ${pattern}`, path).allowed).toBe(!matches || pattern === '');
  });
});

describe('the verdict and its deciding line (docs/semantics/robots.md §3–§4)', () => {
  const cases: VerdictCase[] = [
    {
      name: 'takes the longer match',
      source: 'RFC 9309 §2.2.2',
      body: 'User-agent: *\nDisallow: /x/page.html\nAllow: /x/',
      url: '/x/page.html',
      allowed: false,
      line: 2,
    },
    {
      name: 'gives a tie to Allow and reports the Allow line',
      source: 'Google conformance: order-of-precedence',
      body: 'User-agent: *\nDisallow: /folder\nAllow: /folder',
      url: '/folder/page',
      allowed: true,
      line: 3,
    },
    {
      name: 'measures priority by pattern length, not matched text',
      source: 'docs/semantics/robots.md §3 seed: /doc**** vs /*.pdf*',
      body: 'User-agent: *\nAllow: /doc****\nDisallow: /*.pdf*',
      url: '/doc.pdf',
      allowed: true,
      line: 2,
    },
    {
      name: 'counts * and $ in the priority',
      source: 'docs/semantics/robots.md §3',
      body: 'User-agent: *\nAllow: /page\nDisallow: /*.htm',
      url: '/page.htm',
      allowed: false,
      line: 3,
    },
    {
      name: 'reports the earliest of equal rules of one kind',
      source: 'docs/semantics/robots.md §4',
      body: 'User-agent: *\nDisallow: /ab\nDisallow: /a*\nDisallow: /ab',
      url: '/abc',
      allowed: false,
      line: 2,
    },
    {
      name: 'reports line 0 when no rule matches',
      source: 'docs/semantics/robots.md §4',
      body: 'User-agent: *\nDisallow: /a',
      url: '/b',
      allowed: true,
      line: 0,
    },
    {
      name: 'reports line 0 when the crawler has a group and only * would match',
      source: 'docs/semantics/robots.md §4',
      body: 'User-agent: *\nDisallow: /\nUser-agent: FooBot\nDisallow: /a',
      url: '/b',
      allowed: true,
      line: 0,
    },
    {
      name: 'reports the empty Disallow line although it allows',
      source: 'docs/semantics/robots.md §4 zero-length matches',
      body: 'User-agent: *\nDisallow:',
      url: '/x',
      allowed: true,
      line: 2,
    },
    {
      name: 'reports the empty Allow line over an empty Disallow',
      source: 'docs/semantics/robots.md §4 zero-length matches',
      body: 'User-agent: *\nDisallow:\nAllow:',
      url: '/x',
      allowed: true,
      line: 3,
    },
    {
      name: 'lets a real Disallow beat an empty Allow',
      source: 'docs/semantics/robots.md §3 empty patterns never decide',
      body: 'User-agent: *\nAllow:\nDisallow: /',
      url: '/x',
      allowed: false,
      line: 3,
    },
    {
      name: 'allows `/d/` with `Allow: /d/index.html` over `Disallow: /d/$` (the retried tie)',
      source: 'docs/semantics/robots.md §4 seed: /d/$ vs /d/index.html',
      body: 'User-agent: *\nDisallow: /d/$\nAllow: /d/index.html',
      url: '/d/',
      allowed: true,
      line: 3,
    },
    {
      name: 'retries `…/index.html` as `…/$` and reports the Allow’s own line',
      source: 'Google conformance: index-page',
      body: 'User-agent: *\nAllow: /allowed-slash/index.html\nDisallow: /',
      url: '/allowed-slash/',
      allowed: true,
      line: 2,
    },
    {
      name: 'does not retry for a path below the directory',
      source: 'Google: index.html rule',
      body: 'User-agent: *\nAllow: /d/index.html\nDisallow: /',
      url: '/d/x',
      allowed: false,
      line: 3,
    },
    {
      name: 'does not retry `Index.html` (case-sensitive)',
      source: 'docs/semantics/robots.md §3 index.html',
      body: 'User-agent: *\nAllow: /d/Index.html\nDisallow: /',
      url: '/d/',
      allowed: false,
      line: 3,
    },
    {
      name: 'retries `index.htmfoo`',
      source: 'docs/semantics/robots.md §3 index.html',
      body: 'User-agent: *\nAllow: /d/index.htmfoo\nDisallow: /',
      url: '/d/',
      allowed: true,
      line: 2,
    },
    {
      name: 'retries `index.html$`',
      source: 'docs/semantics/robots.md §3 index.html',
      body: 'User-agent: *\nAllow: /d/index.html$\nDisallow: /',
      url: '/d/',
      allowed: true,
      line: 2,
    },
    {
      name: 'uses the retried pattern’s own length as priority',
      source: 'docs/semantics/robots.md §3 index.html',
      body: 'User-agent: *\nAllow: /d/index.html\nDisallow: /d/x',
      url: '/d/',
      allowed: true,
      line: 2,
    },
    {
      name: 'lets a longer Disallow beat the retried Allow',
      source: 'docs/semantics/robots.md §3 index.html',
      body: 'User-agent: *\nAllow: /d/index.html\nDisallow: /d/*$',
      url: '/d/',
      allowed: false,
      line: 3,
    },
    {
      name: 'does not implicitly allow /robots.txt',
      source: 'docs/semantics/robots.md §5',
      body: 'User-agent: *\nDisallow: /',
      url: '/robots.txt',
      allowed: false,
      line: 2,
    },
    {
      name: 'does not decode %XX in the URL',
      source: 'Google conformance: non-ascii-paths',
      body: 'User-agent: *\nDisallow: /\nAllow: /foo/bar/%62%61%7A',
      url: '/foo/bar/baz',
      allowed: false,
      line: 2,
    },
    {
      name: 'does not encode raw non-ASCII in the URL',
      source: 'Google conformance: non-ascii-paths',
      body: 'User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ',
      url: '/foo/bar/ツ',
      allowed: false,
      line: 2,
    },
    {
      name: 'matches an escaped URL to a raw non-ASCII rule',
      source: 'Google conformance: non-ascii-paths',
      body: 'User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ',
      url: '/foo/bar/%E3%83%84',
      allowed: true,
      line: 3,
    },
    {
      name: 'ignores `Disallow /a:b` (its pattern `b` never matches)',
      source: 'docs/semantics/robots.md §1 seed: Disallow /a:b',
      body: 'User-agent: *\nDisallow /a:b',
      url: '/a:b',
      allowed: true,
      line: 0,
    },
    {
      name: 'ignores a `Disallow\\f/` line',
      source: 'docs/semantics/robots.md §1 seed: Disallow\\f/',
      body: 'User-agent: *\nDisallow\f/',
      url: '/x',
      allowed: true,
      line: 0,
    },
    {
      name: 'applies `User-agent *\\fx` as *',
      source: 'docs/semantics/robots.md §1 seed: User-agent *\\fx',
      body: 'User-agent *\fx\nDisallow: /',
      url: '/x',
      allowed: false,
      line: 2,
    },
    {
      name: 'cuts the rule at NUL',
      source: 'docs/semantics/robots.md §1 NUL',
      body: 'User-agent: *\nDisallow: /a\0b',
      url: '/ax',
      allowed: false,
      line: 2,
    },
  ];
  it.each(cases)('$name', (c) => expectVerdict(c));

  it('matches a pattern whose $ was cut off by the 16,663-byte limit as a prefix', () => {
    const long = '/' + 'a'.repeat(16_700);
    const v = verdictOf(`User-agent: *\nDisallow: ${long}$`, long + 'tail');
    expect(v.allowed).toBe(false);
    expect(v.googleSpecific).toContainEqual({ kind: 'line-cut', line: 2 });
  });
});

describe('explaining the verdict', () => {
  it('lists the other matching rules best first, each with why it lost', () => {
    const v = verdictOf('User-agent: *\nDisallow: /a\nAllow: /abc\nDisallow: /abc\nAllow: /abc\nAllow: /ab*', '/abcd');
    expect(v.rule).toMatchObject({
      rule: { kind: 'allow', line: 3, written: null },
      matchedPriority: 4,
      via: 'pattern',
      matchedPattern: '/abc',
    });
    expect(v.others.map((o) => [o.match.rule.line, o.match.rule.kind, o.match.matchedPriority, o.reason])).toEqual([
      [4, 'disallow', 4, 'tie-goes-to-allow'],
      [5, 'allow', 4, 'later-duplicate'],
      [6, 'allow', 4, 'later-duplicate'],
      [2, 'disallow', 2, 'shorter'],
    ]);
  });

  it('marks a rule matched through the index.html retry', () => {
    const v = verdictOf('User-agent: *\nAllow: /d/index.html\nDisallow: /', '/d/');
    expect(v.rule).toMatchObject({
      rule: { pattern: '/d/index.html' },
      via: 'index-html',
      matchedPattern: '/d/$',
      matchedPriority: 4,
    });
    expect(v.others).toMatchObject([{ match: { rule: { line: 3 } }, reason: 'shorter' }]);
    expect(v.googleSpecific).toEqual([{ kind: 'index-html', line: 2 }]);
  });

  it('names a typo key and a missing colon on the deciding rule', () => {
    const v = verdictOf('User-agent: *\ndissallow /x', '/x');
    expect(v.googleSpecific).toEqual([
      { kind: 'typo-key', line: 2, written: 'dissallow' },
      { kind: 'missing-colon', line: 2 },
    ]);
  });

  it('names a truncated agent name that made the group apply', () => {
    const v = verdictOf('User-agent: FooBot/2.1\nDisallow: /', '/x', 'FooBot');
    expect(v.googleSpecific).toEqual([{ kind: 'truncated-agent', line: 1, value: 'FooBot/2.1', token: 'FooBot' }]);
  });

  it('does not name truncation when an exact agent line names the crawler too', () => {
    const v = verdictOf('User-agent: FooBot/2.1\nUser-agent: FooBot\nDisallow: /', '/x', 'FooBot');
    expect(v.googleSpecific).toEqual([]);
  });

  it('has no Google-specific notes for a plain verdict', () => {
    expect(verdictOf('User-agent: *\nDisallow: /x', '/x').googleSpecific).toEqual([]);
  });

  it('keeps the caller’s name and the matched path', () => {
    const v = verdictOf('User-agent: *\nDisallow: /x', 'https://a.test/x?y#z', 'FooBot');
    expect(v.userAgent).toBe('FooBot');
    expect(v.path).toBe('/x?y');
  });

  it('returns verdicts that survive a JSON round trip and structuredClone', () => {
    const v = verdictOf('User-agent: *\nAllow: /d/index.html\nDisallow: /\nCrawl-delay: 3\nSitemap: /s', '/d/');
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    expect(structuredClone(v)).toEqual(v);
  });
});

describe('the compiled index', () => {
  it('leaves the parsed file as it was: plain data, same JSON, no hidden properties', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /x');
    const before = JSON.stringify(robots);
    const compiled = compileRobots(robots);
    evaluate(compiled, '/x', 'FooBot');
    evaluate(compiled, '/y', 'FooBot');
    expect(JSON.stringify(robots)).toBe(before);
    expect(Object.getOwnPropertySymbols(robots)).toEqual([]);
    expect(compiled.robots).toBe(robots);
    const clone = structuredClone(robots);
    expect(evaluate(compileRobots(clone), '/x', 'FooBot')).toEqual(evaluate(compiled, '/x', 'FooBot'));
  });

  it('keeps one handle per compile: two handles of one file give the same verdicts', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /x\nUser-agent: BarBot\nAllow: /');
    const a = compileRobots(robots);
    const b = compileRobots(robots);
    for (const [url, ua] of [
      ['/a', 'FooBot'],
      ['/x', 'FooBot'],
      ['/x', 'BarBot'],
      ['/x', 'FooBot'],
    ] as const) {
      expect(evaluate(a, url, ua)).toEqual(evaluate(b, url, ua));
    }
  });

  it('works on a frozen file too', () => {
    const robots = compileRobots(Object.freeze(parseRobotsTxt('User-agent: *\nDisallow: /x')));
    expect(evaluate(robots, '/x', 'FooBot').allowed).toBe(false);
    expect(evaluate(robots, '/y', 'FooBot').allowed).toBe(true);
  });

  it('gives the same verdicts through the index on a file with many rules', () => {
    const lines = ['User-agent: *'];
    for (let i = 0; i < 600; i++)
      lines.push(`Disallow: /d${i % 37}/p${i}`, `Allow: /d${i % 37}/p${i}/ok*$`, 'Disallow: /*?sort=');
    lines.push('Allow: /d3/index.html');
    const robots = compileRobots(parseRobotsTxt(lines.join('\n')));
    const urls = ['/d3/', '/d3/p3', '/d3/p3/ok', '/d3/p3/okx?sort=1', '/x?sort=', '/d36/p36/', '/'];
    const first = urls.map((u) => evaluate(robots, u, 'FooBot'));
    const again = urls.map((u) => evaluate(robots, u, 'FooBot'));
    expect(again).toEqual(first);
    expect(first.map((v) => [v.allowed, v.rule?.rule.line ?? 0])).toEqual([
      [true, 1802],
      [false, 11],
      [true, 12],
      [true, 12],
      [false, 4],
      [false, 110],
      [true, 0],
    ]);
  });
});
