import { describe, expect, it } from 'vitest';
import { type Diagnostic, lintRobotsTxt, parseRobotsTxt } from '../../../lib/robots/index';
import { classifyLines } from '../../../lib/robots/lint';

interface LintCase {
  readonly name: string;
  readonly source: string;
  readonly body: string;
  /** Diagnostics that must be present, as `line code` or `line code severity`. */
  readonly expected: readonly string[];
  /** Codes that must not appear at all. */
  readonly absent?: readonly string[];
}

function describeAll(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.line} ${d.code} ${d.severity}`);
}

const cases: LintCase[] = [
  {
    name: 'flags an accepted typo',
    source: 'docs/semantics/robots.md §6 accepted typo',
    body: 'User-agent: *\nDissallow: /x',
    expected: ['2 typo-key warning'],
  },
  {
    name: 'flags a key read by prefix',
    source: 'docs/semantics/robots.md §6 accepted typo',
    body: 'User-agent: *\nDisallowed: /x',
    expected: ['2 typo-key'],
  },
  {
    name: 'flags a key that swallowed part of the value (`Disallow /a:b`)',
    source: 'docs/semantics/robots.md §1 seed: Disallow /a:b',
    body: 'User-agent: *\nDisallow /a:b',
    expected: ['2 typo-key', '2 pattern-never-matches'],
  },
  {
    name: 'flags the two-token form',
    source: 'docs/semantics/robots.md §6 missing colon',
    body: 'User-agent: *\nDisallow /x',
    expected: ['2 missing-colon warning'],
  },
  {
    name: 'flags a long line as a warning when only a comment is cut',
    source: 'docs/semantics/robots.md §6 line too long',
    body: `User-agent: *\nDisallow: /x #${'c'.repeat(17_000)}`,
    expected: ['2 line-too-long warning'],
  },
  {
    name: 'flags a long line as an error when the cut shortens the directive',
    source: 'docs/semantics/robots.md §6 line too long',
    body: `User-agent: *\nDisallow: /${'a'.repeat(17_000)}$`,
    expected: ['2 line-too-long error'],
  },
  {
    name: 'flags an unknown directive',
    source: 'docs/semantics/robots.md §6 unknown directive',
    body: 'User-agent: *\nFoo: bar',
    expected: ['2 unknown-directive'],
  },
  {
    name: 'flags a line that is not a directive',
    source: 'docs/semantics/robots.md §1 garbage',
    body: 'User-agent: *\nthis is not a directive',
    expected: ['2 not-a-directive'],
  },
  {
    name: 'flags `Disallow\\f/` as not a directive',
    source: 'docs/semantics/robots.md §1 seed: Disallow\\f/',
    body: 'User-agent: *\nDisallow\f/',
    expected: ['2 not-a-directive'],
  },
  {
    name: 'flags a NUL that ends a line',
    source: 'docs/semantics/robots.md §1 NUL',
    body: 'User-agent: *\nDisallow: /a\0b',
    expected: ['2 nul-character'],
  },
  {
    name: 'flags a BOM after the start of the file',
    source: 'docs/semantics/robots.md §1 BOM',
    body: 'User-agent: *\n\uFEFFDisallow: /a',
    expected: ['2 stray-bom', '2 unknown-directive'],
  },
  {
    name: 'flags rules before any user-agent',
    source: 'docs/semantics/robots.md §6',
    body: 'Disallow: /a\nUser-agent: *\nDisallow: /b',
    expected: ['1 rule-before-user-agent'],
  },
  {
    name: 'flags a pattern starting with neither / nor *',
    source: 'docs/semantics/robots.md §6',
    body: 'User-agent: *\nDisallow: private',
    expected: ['2 pattern-never-matches'],
  },
  {
    name: 'flags a $ that is not at the end',
    source: 'docs/semantics/robots.md §6 (seed /earn$*)',
    body: 'User-agent: *\nDisallow: /earn$*',
    expected: ['2 dollar-not-at-end'],
  },
  {
    name: 'flags a relative Sitemap URL',
    source: 'docs/semantics/robots.md §6',
    body: 'Sitemap: /sitemap.xml',
    expected: ['1 relative-sitemap'],
  },
  {
    name: 'flags a Sitemap that is not http(s)',
    source: 'docs/semantics/robots.md §6',
    body: 'Sitemap: ftp://x.test/s.xml',
    expected: ['1 malformed-sitemap'],
  },
  {
    name: 'flags an agent name with a digit',
    source: 'docs/semantics/robots.md §6 truncated agent',
    body: 'User-agent: MJ12bot\nDisallow: /',
    expected: ['1 truncated-agent warning'],
  },
  {
    name: 'flags an agent name with a space',
    source: 'docs/semantics/robots.md §6 truncated agent',
    body: 'User-agent: Foo Bar\nDisallow: /',
    expected: ['1 truncated-agent warning'],
  },
  {
    name: 'notes a version after a slash as harmless',
    source: 'docs/semantics/robots.md §2',
    body: 'User-agent: Googlebot/2.1\nDisallow: /',
    expected: ['1 truncated-agent info'],
  },
  {
    name: 'flags an agent name that reads as empty',
    source: 'docs/semantics/robots.md §2',
    body: 'User-agent: *bot\nDisallow: /',
    expected: ['1 empty-agent'],
  },
  {
    name: 'flags anthropic-ai as stale',
    source: 'crawler catalogue notes',
    body: 'User-agent: anthropic-ai\nDisallow: /',
    expected: ['1 deprecated-agent'],
  },
  {
    name: 'flags Claude-Web as stale',
    source: 'crawler catalogue notes',
    body: 'User-agent: Claude-Web\nDisallow: /',
    expected: ['1 deprecated-agent'],
  },
  {
    name: 'flags cohere-ai as stale',
    source: 'crawler catalogue, late-2026 additions',
    body: 'User-agent: cohere-ai\nDisallow: /',
    expected: ['1 deprecated-agent'],
  },
  {
    name: 'flags a specific group that replaces *',
    source: 'docs/semantics/robots.md §6',
    body: 'User-agent: *\nDisallow: /private\nUser-agent: Googlebot\nDisallow: /tmp',
    expected: ['3 global-replaced warning'],
  },
  {
    name: 'does not flag replacement when * has no real rules',
    source: 'docs/semantics/robots.md §6',
    body: 'User-agent: *\nDisallow:\nUser-agent: Googlebot\nDisallow: /tmp',
    expected: [],
    absent: ['global-replaced'],
  },
  {
    name: 'does not flag replacement when the group also lists *',
    source: 'docs/semantics/robots.md §2',
    body: 'User-agent: *\nUser-agent: Googlebot\nDisallow: /tmp',
    expected: [],
    absent: ['global-replaced'],
  },
  {
    name: 'does not flag replacement for a crawler blocked from everything',
    source: 'docs/semantics/robots.md §6 (no noise)',
    body: 'User-agent: *\nDisallow: /private\nUser-agent: GPTBot\nDisallow: /',
    expected: [],
    absent: ['global-replaced'],
  },
  {
    name: 'flags replacement when a blocked crawler still has an Allow',
    source: 'docs/semantics/robots.md §6',
    body: 'User-agent: *\nDisallow: /private\nUser-agent: GPTBot\nDisallow: /\nAllow: /public',
    expected: ['3 global-replaced'],
  },
  {
    name: 'notes the index.html rule',
    source: 'Google: index.html rule',
    body: 'User-agent: *\nAllow: /d/index.html',
    expected: ['2 index-html-rule info'],
  },
];

describe('lintRobotsTxt (docs/semantics/robots.md §6)', () => {
  it.each(cases)('$name', ({ body, expected, absent }) => {
    const found = describeAll(lintRobotsTxt(body));
    for (const e of expected) expect(found.some((f) => f.startsWith(e))).toBe(true);
    for (const code of absent ?? []) expect(found.some((f) => f.split(' ')[1] === code)).toBe(false);
  });

  const unsupported: { key: string; source: string; mentions: RegExp }[] = [
    {
      key: 'Crawl-delay',
      source: 'docs/semantics/robots.md §6 / crawler catalogue',
      mentions: /Google ignores Crawl-delay; Bing honours it/,
    },
    { key: 'crawl-DELAY', source: 'docs/semantics/robots.md §6 (case-insensitive)', mentions: /Crawl-delay/ },
    { key: 'Host', source: 'docs/semantics/robots.md §6', mentions: /Yandex/ },
    { key: 'Noindex', source: 'docs/semantics/robots.md §6', mentions: /meta tag/ },
    { key: 'Nofollow', source: 'docs/semantics/robots.md §6', mentions: /meta tag/ },
    { key: 'Noarchive', source: 'docs/semantics/robots.md §6', mentions: /meta tag/ },
    { key: 'Clean-param', source: 'docs/semantics/robots.md §6', mentions: /Yandex/ },
    { key: 'Content-Signal', source: 'docs/semantics/robots.md §6', mentions: /AI-use/ },
    { key: 'Content-Usage', source: 'docs/semantics/robots.md §6', mentions: /AI-use/ },
    { key: 'Domain', source: 'docs/semantics/robots.md §6', mentions: /Google ignores Domain/ },
    { key: 'Request-rate', source: 'docs/semantics/robots.md §6', mentions: /Google ignores Request-rate/ },
    { key: 'Revisit-after', source: 'docs/semantics/robots.md §6', mentions: /Google ignores Revisit-after/ },
    { key: 'Visit-time', source: 'docs/semantics/robots.md §6', mentions: /Google ignores Visit-time/ },
  ];
  it.each(unsupported)('says what Google and others do with `$key`', ({ key, mentions }) => {
    const [d] = lintRobotsTxt(`User-agent: *\n${key}: 1`);
    expect(d).toMatchObject({ line: 2, code: 'unsupported-key', severity: 'info' });
    expect(d?.message).toMatch(mentions);
  });

  it('matches unsupported keys exactly: `Crawl-delays` is unknown', () => {
    expect(describeAll(lintRobotsTxt('User-agent: *\nCrawl-delays: 1'))).toEqual(['2 unknown-directive warning']);
  });

  it('says nothing about empty lines, comments and a clean file', () => {
    expect(
      lintRobotsTxt(
        '# A comment\n\nUser-agent: *  # all\nDisallow: /private/\nAllow: /private/open$\n\nSitemap: https://x.test/s.xml\n',
      ),
    ).toEqual([]);
  });

  it('writes every message as one sentence and sorts by line', () => {
    const body = cases.map((c) => c.body).join('\n');
    const diagnostics = lintRobotsTxt(body);
    expect(diagnostics.length).toBeGreaterThan(20);
    for (const d of diagnostics) expect(d.message).toMatch(/^[^\n]+[.]$/);
    expect(diagnostics.map((d) => d.line)).toEqual([...diagnostics.map((d) => d.line)].sort((a, b) => a - b));
  });

  it('reuses a parsed file when given one, with the same result', () => {
    const body = 'User-agent: *\nDisallow: /a\nUser-agent: Googlebot\nDissallow /b';
    expect(lintRobotsTxt(body, parseRobotsTxt(body))).toEqual(lintRobotsTxt(body));
  });

  it('lints a parsed file alone, leaving out what needs the raw text', () => {
    const body = 'User-agent: MJ12bot\nDissallow /b\ngarbage line here\nCrawl-delay: 2\nSitemap: /s.xml';
    const fromParsed = describeAll(lintRobotsTxt(parseRobotsTxt(body)));
    expect(fromParsed).toEqual(
      expect.arrayContaining([
        '1 truncated-agent warning',
        '2 typo-key warning',
        '2 missing-colon warning',
        '4 unsupported-key info',
        '5 relative-sitemap warning',
      ]),
    );
    expect(fromParsed.some((d) => d.includes('not-a-directive'))).toBe(false);
    expect(describeAll(lintRobotsTxt(body))).toContain('3 not-a-directive warning');
  });
});

describe('classifyLines (docs/semantics/robots.md §6)', () => {
  it('classifies each physical line', () => {
    const lines = classifyLines(
      `# note\n\nUser-agent: *\nDisallow /x # why\nthree words here\nCrawl-delay: 1\nWhatever: 2\nDisallow: /${'a'.repeat(17_000)}`,
    );
    expect(lines.map((l) => l.kind)).toEqual([
      'comment',
      'empty',
      'directive',
      'directive',
      'garbage',
      'directive',
      'directive',
      'directive',
    ]);
    expect(lines[3]).toMatchObject({ key: 'disallow', hasComment: true, quirks: [{ kind: 'missing-colon' }] });
    expect(lines[5]).toMatchObject({ key: 'other', isUnsupportedKey: true });
    expect(lines[6]).toMatchObject({ key: 'other', isUnsupportedKey: false });
    expect(lines[7]).toMatchObject({ isTooLong: true, isLineCut: true });
  });

  it('numbers lines as the parser does', () => {
    expect(classifyLines('\uFEFFa\r\nb\n\rc').map((l) => l.line)).toEqual([1, 2, 3, 4]);
  });
});
