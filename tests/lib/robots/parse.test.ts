import { describe, expect, it } from 'vitest';
import {
  parseRobotsTxt,
  parseRobotsTxtByteString,
  parseRobotsTxtBytes,
  type RobotsTxt,
  type Rule,
  ruleText,
} from '../../../lib/robots/index';
import { normalizePattern } from '../../../lib/robots/parse';
import { MAX_LINE_BYTES } from '../../../lib/robots/scan';

/** All rules of a parsed file, in file order. */
function rulesOf(robots: RobotsTxt): Rule[] {
  return robots.groups.flatMap((g) => g.rules);
}

describe('reading lines (robots.md §1)', () => {
  const lineCases: { name: string; source: string; body: string; lineCount: number; ruleLines: number[] }[] = [
    {
      name: 'LF ends a line',
      source: 'robots.md §1 line endings',
      body: 'User-agent: *\nDisallow: /a\nDisallow: /b',
      lineCount: 3,
      ruleLines: [2, 3],
    },
    {
      name: 'CR alone ends a line',
      source: 'robots.md §1 line endings',
      body: 'User-agent: *\rDisallow: /a\rDisallow: /b',
      lineCount: 3,
      ruleLines: [2, 3],
    },
    {
      name: 'CRLF counts as one break',
      source: 'robots.md §1 line endings',
      body: 'User-agent: *\r\nDisallow: /a\r\nDisallow: /b',
      lineCount: 3,
      ruleLines: [2, 3],
    },
    {
      name: 'LF followed by CR counts as two breaks',
      source: 'robots.md §1 line endings',
      body: 'User-agent: *\n\rDisallow: /a\n\rDisallow: /b',
      lineCount: 5,
      ruleLines: [3, 5],
    },
    {
      name: 'mixed endings number lines as they come',
      source: 'Google conformance: different-line-endings',
      body: 'User-agent: *\nDisallow: /a\r\n\rDisallow: /b\r',
      lineCount: 5,
      ruleLines: [2, 4],
    },
    {
      name: 'a trailing terminator leaves one more empty line',
      source: 'robots.md §1 line endings',
      body: 'User-agent: *\nDisallow: /a\n',
      lineCount: 3,
      ruleLines: [2],
    },
    {
      name: 'an empty body is one empty line',
      source: 'robots.md §1 line endings',
      body: '',
      lineCount: 1,
      ruleLines: [],
    },
    {
      name: 'U+2028, NEL and form feed do not end lines',
      source: 'robots.md §1 line endings',
      body: 'User-agent: *\nDisallow: /a\u2028b\u0085c\fd\nDisallow: /e',
      lineCount: 3,
      ruleLines: [2, 3],
    },
    {
      name: 'a leading BOM is skipped and does not shift numbering',
      source: 'robots.md §1 BOM',
      body: '\uFEFFUser-agent: *\nDisallow: /a',
      lineCount: 2,
      ruleLines: [2],
    },
  ];

  it.each(lineCases)('$name', ({ body, lineCount, ruleLines }) => {
    const robots = parseRobotsTxt(body);
    expect(robots.lineCount).toBe(lineCount);
    expect(rulesOf(robots).map((r) => r.line)).toEqual(ruleLines);
  });

  it('records a leading BOM', () => {
    expect(parseRobotsTxt('\uFEFFUser-agent: *').hasBom).toBe(true);
    expect(parseRobotsTxt('User-agent: *').hasBom).toBe(false);
  });

  it('treats a BOM after the start as ordinary text, so the line is not a directive', () => {
    const robots = parseRobotsTxt('User-agent: *\n\uFEFFDisallow: /a\nDisallow: /b');
    expect(rulesOf(robots).map((r) => r.pattern)).toEqual(['/b']);
    expect(robots.otherDirectives).toHaveLength(1);
  });

  const bomByteCases: { name: string; source: string; bytes: number[]; rules: number }[] = [
    {
      name: 'skips a complete BOM given as bytes',
      source: 'Google conformance: BOM-characters',
      bytes: [0xef, 0xbb, 0xbf],
      rules: 1,
    },
    {
      name: 'skips a partial BOM EF BB given as bytes',
      source: 'Google conformance: BOM-characters',
      bytes: [0xef, 0xbb],
      rules: 1,
    },
    {
      name: 'skips a partial BOM EF given as bytes',
      source: 'Google conformance: BOM-characters',
      bytes: [0xef],
      rules: 1,
    },
    {
      name: 'stops skipping at the first byte that breaks the BOM (EF 11 BF)',
      source: 'Google conformance: BOM-characters',
      bytes: [0xef, 0x11, 0xbf],
      rules: 0,
    },
  ];

  it.each(bomByteCases)('$name', ({ bytes, rules }) => {
    const body = new Uint8Array([...bytes, ...new TextEncoder().encode('User-Agent: foo\nDisallow: /AnyValue\n')]);
    const robots = parseRobotsTxtBytes(body);
    expect(rulesOf(robots)).toHaveLength(rules);
    expect(robots.lineCount).toBe(3);
  });
});

describe('the 16,663-byte line cut (robots.md §1)', () => {
  it('names the limit 8 × 2083 − 1', () => {
    expect(MAX_LINE_BYTES).toBe(16_663);
  });

  it('keeps a line of exactly 16,663 bytes whole', () => {
    const value = '/' + 'a'.repeat(MAX_LINE_BYTES - 'Disallow: /'.length - 1) + '$';
    const rule = rulesOf(parseRobotsTxt(`User-agent: *\nDisallow: ${value}`))[0] as Rule;
    expect(rule.pattern).toBe(value);
    expect(rule.isLineCut).toBe(false);
  });

  it('cuts a longer line, so a pattern can lose its trailing $', () => {
    const value = '/' + 'a'.repeat(MAX_LINE_BYTES) + '$';
    const rule = rulesOf(parseRobotsTxt(`User-agent: *\nDisallow: ${value}\nDisallow: /next`))[0] as Rule;
    expect(rule.pattern).toBe(value.slice(0, MAX_LINE_BYTES - 'Disallow: '.length));
    expect(rule.pattern.length).toBe(MAX_LINE_BYTES - 'Disallow: '.length);
    expect(rule.isLineCut).toBe(true);
  });

  it('still parses the following lines after a cut line', () => {
    const robots = parseRobotsTxt(`User-agent: *\nDisallow: /${'a'.repeat(20_000)}\nDisallow: /next`);
    expect(rulesOf(robots).map((r) => r.line)).toEqual([2, 3]);
  });

  it('escapes the kept lead byte when the cut splits a multi-byte character', () => {
    // 'é' is C3 A9: the cut keeps C3 as the line's last byte.
    const prefix = 'Disallow: /';
    const filler = 'a'.repeat(MAX_LINE_BYTES - prefix.length - 1);
    const rule = rulesOf(parseRobotsTxt(`User-agent: *\n${prefix}${filler}é$`))[0] as Rule;
    expect(rule.pattern.endsWith('a%C3')).toBe(true);
    expect(rule.pattern.length).toBe(1 + filler.length + 3);
  });

  it('counts the cut in UTF-8 bytes, not characters', () => {
    // 8,000 two-byte characters are 16,000 bytes: with the key the line passes the limit.
    const rule = rulesOf(parseRobotsTxt(`User-agent: *\nDisallow: /${'é'.repeat(8_400)}`))[0] as Rule;
    expect(rule.isLineCut).toBe(true);
    expect(rule.pattern.length).toBe(1 + Math.floor((MAX_LINE_BYTES - 'Disallow: /'.length) / 2) * 6);
  });

  it('does not flag a cut that drops only a comment', () => {
    const rule = rulesOf(parseRobotsTxt(`User-agent: *\nDisallow: /a # ${'x'.repeat(20_000)}`))[0] as Rule;
    expect(rule.pattern).toBe('/a');
    expect(rule.isLineCut).toBe(false);
  });
});

describe('NUL, comments and whitespace (robots.md §1)', () => {
  const cases: { name: string; source: string; body: string; patterns: string[] }[] = [
    {
      name: 'a NUL ends the line content',
      source: 'robots.md §1 NUL',
      body: 'User-agent: *\nDisallow: /a\0b',
      patterns: ['/a'],
    },
    {
      name: 'a NUL inside the key makes the line garbage',
      source: 'robots.md §1 NUL',
      body: 'User-agent: *\nDisallow\0: /',
      patterns: [],
    },
    {
      name: 'a # starts a comment inside a value',
      source: 'robots.md §1 comments',
      body: 'User-agent: *\nDisallow: /a#b',
      patterns: ['/a'],
    },
    {
      name: 'a # leaves an empty value, which is still a rule',
      source: 'robots.md §1 comments',
      body: 'User-agent: *\nDisallow: #/a',
      patterns: [''],
    },
    {
      name: 'keys and values are trimmed of tabs, \\v and \\f',
      source: 'robots.md §1 whitespace',
      body: 'User-agent: *\n\t\vDisallow\f :\t/a\v\f ',
      patterns: ['/a'],
    },
    {
      name: 'NBSP is not trimmed (it is part of the value)',
      source: 'robots.md §1 whitespace',
      body: 'User-agent: *\nDisallow: /a\u00A0',
      patterns: ['/a%C2%A0'],
    },
    {
      name: 'U+2028 is not trimmed either',
      source: 'robots.md §1 whitespace',
      body: 'User-agent: *\nDisallow: \u2028/a',
      patterns: ['%E2%80%A8/a'],
    },
  ];
  it.each(cases)('$name', ({ body, patterns }) => {
    expect(rulesOf(parseRobotsTxt(body)).map((r) => r.pattern)).toEqual(patterns);
  });
});

describe('splitting key and value (robots.md §1)', () => {
  const cases: {
    name: string;
    source: string;
    line: string;
    kind: 'allow' | 'disallow' | null;
    pattern?: string;
    quirks?: string[];
  }[] = [
    {
      name: 'splits at the first colon, so `Disallow /a:b` is a disallow of `b`',
      source: 'robots.md §1 seed: Disallow /a:b',
      line: 'Disallow /a:b',
      kind: 'disallow',
      pattern: 'b',
      quirks: ['typo'],
    },
    {
      name: 'reads two tokens without a colon as key and value',
      source: 'Google conformance: accepted-mistakes',
      line: 'disallow /',
      kind: 'disallow',
      pattern: '/',
      quirks: ['missing-colon'],
    },
    {
      name: 'accepts a tab as the separator without a colon',
      source: 'robots.md §1 two-token form',
      line: 'Disallow\t/x',
      kind: 'disallow',
      pattern: '/x',
      quirks: ['missing-colon'],
    },
    {
      name: 'does not accept \\f as the separator (garbage)',
      source: 'robots.md §1 seed: Disallow\\f/',
      line: 'Disallow\f/',
      kind: null,
    },
    {
      name: 'keeps \\f inside the value of the two-token form',
      source: 'robots.md §1 seed: Disallow /a\\fb',
      line: 'Disallow /a\fb',
      kind: 'disallow',
      pattern: '/a\fb',
      quirks: ['missing-colon'],
    },
    {
      name: 'rejects three tokens without a colon',
      source: 'robots.md §1 two-token form',
      line: 'Disallow /a /b',
      kind: null,
    },
    { name: 'rejects an empty key', source: 'robots.md §1 two-token form', line: ': /a', kind: null },
    {
      name: 'rejects a single token without a colon',
      source: 'robots.md §1 two-token form',
      line: 'Disallow',
      kind: null,
    },
    {
      name: 'records a typo and a missing colon together',
      source: 'robots.md §1 keys',
      line: 'dissallow /x',
      kind: 'disallow',
      pattern: '/x',
      quirks: ['typo', 'missing-colon'],
    },
  ];
  it.each(cases)('$name', ({ line, kind, pattern, quirks }) => {
    const rules = rulesOf(parseRobotsTxt(`User-agent: *\n${line}`));
    if (kind === null) {
      expect(rules).toEqual([]);
      return;
    }
    expect(rules).toHaveLength(1);
    const rule = rules[0] as Rule;
    expect(rule.kind).toBe(kind);
    expect(rule.pattern).toBe(pattern);
    expect(rule.quirks.map((q) => q.kind)).toEqual(quirks);
    expect(rule.quirks[0]?.kind ?? 'none').toBe(quirks?.[0] ?? 'none');
  });

  it('reads `User-agent *\\fx` as the global group', () => {
    const robots = parseRobotsTxt('User-agent *\fx\nDisallow: /');
    expect(robots.groups[0]?.agents[0]).toMatchObject({
      isGlobal: true,
      token: '*',
      quirks: [{ kind: 'missing-colon' }],
    });
  });
});

describe('recognising keys by prefix (robots.md §1)', () => {
  const cases: {
    key: string;
    source: string;
    kind: 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other';
    typo: boolean;
  }[] = [
    { key: 'User-agent', source: 'RFC 9309 §2.2.1', kind: 'user-agent', typo: false },
    { key: 'USER-AGENT', source: 'Google conformance: directives-case-insensitivity', kind: 'user-agent', typo: false },
    { key: 'useragent', source: 'robots.md §1 keys', kind: 'user-agent', typo: true },
    { key: 'User agent', source: 'robots.md §1 keys', kind: 'user-agent', typo: true },
    { key: 'User-agents', source: 'robots.md §1 keys (prefix)', kind: 'user-agent', typo: true },
    { key: 'Allow', source: 'RFC 9309 §2.2.2', kind: 'allow', typo: false },
    { key: 'Allowance', source: 'robots.md §1 keys (prefix)', kind: 'allow', typo: true },
    { key: 'Disallow', source: 'RFC 9309 §2.2.2', kind: 'disallow', typo: false },
    { key: 'Disallowed', source: 'robots.md §1 keys (prefix)', kind: 'disallow', typo: true },
    { key: 'dissallow', source: 'robots.md §1 keys', kind: 'disallow', typo: true },
    { key: 'dissalow', source: 'robots.md §1 keys', kind: 'disallow', typo: true },
    { key: 'disalow', source: 'robots.md §1 keys', kind: 'disallow', typo: true },
    { key: 'diasllow', source: 'robots.md §1 keys', kind: 'disallow', typo: true },
    { key: 'disallaw', source: 'robots.md §1 keys', kind: 'disallow', typo: true },
    { key: 'Sitemap', source: 'RFC 9309 §2.3.5', kind: 'sitemap', typo: false },
    { key: 'Site-map', source: 'robots.md §1 keys', kind: 'sitemap', typo: true },
    { key: 'Crawl-delay', source: 'robots.md §1 keys', kind: 'other', typo: false },
    { key: 'Allw', source: 'robots.md §1 keys (no typos for allow)', kind: 'other', typo: false },
    { key: 'Dis-allow', source: 'robots.md §1 keys', kind: 'other', typo: false },
  ];
  it.each(cases)('reads `$key:` as $kind', ({ key, kind, typo }) => {
    const robots = parseRobotsTxt(`User-agent: x\n${key}: /v`);
    const group = robots.groups[0];
    const found =
      kind === 'user-agent'
        ? group?.agents.find((a) => a.line === 2)
        : kind === 'allow' || kind === 'disallow'
          ? group?.rules.find((r) => r.kind === kind)
          : kind === 'sitemap'
            ? robots.sitemaps[0]
            : robots.otherDirectives[0];
    expect(found).toBeDefined();
    if (found !== undefined && 'quirks' in found) expect(found.quirks[0]?.kind ?? 'none').toBe(typo ? 'typo' : 'none');
  });

  it('keeps the written key of a typo', () => {
    expect(rulesOf(parseRobotsTxt('User-agent: *\nDissallow: /x'))[0]?.quirks[0]).toEqual({
      kind: 'typo',
      written: 'Dissallow',
    });
  });

  it('keeps a rule’s text only when it is not written `Allow: <pattern>` or `Disallow: <pattern>`', () => {
    const lines = [
      'Disallow: /usual',
      'Allow: /usual?x=1',
      'Disallow:',
      'disallow: /lower-case-key',
      'Disallow:/no-space',
      'Disallow:  /two-spaces',
      'Disallow:\t/tab',
      'Dissallow: /typo',
      'Disallow /missing-colon',
      'Disallow: /caf%c3%a9',
      'Disallow: /café',
    ];
    const rules = rulesOf(parseRobotsTxt(`User-agent: *\n${lines.join('\n')}  # a comment\n`));
    expect(rules.map((r) => r.written)).toEqual([null, null, ...lines.slice(2)]);
    expect(rules.map((r) => ruleText(r))).toEqual(lines);
  });

  it('does not end a group at an unknown directive', () => {
    const robots = parseRobotsTxt('User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /');
    expect(robots.groups).toHaveLength(1);
    expect(robots.groups[0]?.agents.map((a) => a.token)).toEqual(['a', 'b']);
  });

  it('records other directives with their group and the first Crawl-delay of a group', () => {
    const robots = parseRobotsTxt(
      'Host: example.com\nUser-agent: a\nCrawl-delay: 2.5\nDisallow: /\nCrawl-delay: 9\nNoindex: /x',
    );
    expect(robots.otherDirectives.map((d) => [d.line, d.key, d.value, d.groupId])).toEqual([
      [1, 'Host', 'example.com', null],
      [3, 'Crawl-delay', '2.5', 0],
      [5, 'Crawl-delay', '9', 0],
      [6, 'Noindex', '/x', 0],
    ]);
    expect(robots.groups[0]?.crawlDelay).toEqual({ line: 3, raw: '2.5', seconds: 2.5 });
  });

  it('gives null seconds for a Crawl-delay that is not a number', () => {
    expect(parseRobotsTxt('User-agent: a\nCrawl-delay: soon').groups[0]?.crawlDelay?.seconds).toBeNull();
  });
});

describe('normalising patterns (robots.md §1)', () => {
  const cases: { name: string; source: string; value: string; pattern: string }[] = [
    {
      name: 'upper-cases the hex of %xx',
      source: 'robots.md §1 normalisation',
      value: '/a%2fb%c3%a9',
      pattern: '/a%2Fb%C3%A9',
    },
    {
      name: 'escapes bytes ≥ 0x80 as %XX of their UTF-8',
      source: 'robots.md §1 normalisation',
      value: '/é',
      pattern: '/%C3%A9',
    },
    {
      name: 'escapes a 4-byte character',
      source: 'robots.md §1 normalisation',
      value: '/😀',
      pattern: '/%F0%9F%98%80',
    },
    {
      name: 'leaves a % without two hex digits literal',
      source: 'robots.md §1 normalisation',
      value: '/a%zz%4%',
      pattern: '/a%zz%4%',
    },
    { name: 'decodes nothing', source: 'robots.md §1 normalisation', value: '/%62%61%7A', pattern: '/%62%61%7A' },
    {
      name: 'does not fold the Kelvin sign',
      source: 'robots.md §1 case folding',
      value: '/\u212A',
      pattern: '/%E2%84%AA',
    },
  ];
  it.each(cases)('$name', ({ value, pattern }) => {
    expect(rulesOf(parseRobotsTxt(`User-agent: *\nDisallow: ${value}`))[0]?.pattern).toBe(pattern);
  });

  it('gives the same result through the exported normalizePattern', () => {
    expect(normalizePattern('/a%2fé')).toBe('/a%2F%C3%A9');
    expect(normalizePattern('/plain')).toBe('/plain');
  });

  it('measures priority in bytes of the normalised pattern', () => {
    expect(rulesOf(parseRobotsTxt('User-agent: *\nDisallow: /é*$'))[0]?.pattern.length).toBe('/%C3%A9*$'.length);
  });

  it('does not normalise user-agent and sitemap values', () => {
    const robots = parseRobotsTxt('User-agent: Bot%2fé\nDisallow: /\nSitemap: https://x.test/a%2fé.xml');
    expect(robots.groups[0]?.agents[0]?.value).toBe('Bot%2fé');
    expect(robots.sitemaps[0]?.url).toBe('https://x.test/a%2fé.xml');
  });
});

describe('groups (robots.md §2)', () => {
  it('puts rules under the user-agent lines above them and starts a new group at a user-agent after a rule', () => {
    const robots = parseRobotsTxt('User-agent: a\nUser-agent: b\nDisallow: /x\nAllow: /y\nUser-agent: c\nDisallow: /z');
    expect(
      robots.groups.map((g) => [g.agents.map((a) => a.token), g.rules.map((r) => r.pattern), g.firstLine, g.lastLine]),
    ).toEqual([
      [['a', 'b'], ['/x', '/y'], 1, 4],
      [['c'], ['/z'], 5, 6],
    ]);
  });

  it('does not split a run of user-agent lines at blank lines, comments, garbage, sitemaps or unknown keys', () => {
    const robots = parseRobotsTxt(
      'User-agent: a\n\n# c\nnonsense here now\nSitemap: https://x.test/s.xml\nHost: x\nUser-agent: b\nDisallow: /',
    );
    expect(robots.groups).toHaveLength(1);
    expect(robots.groups[0]?.agents.map((a) => a.line)).toEqual([1, 7]);
  });

  it('counts an empty Disallow as a rule that ends the run of agents', () => {
    const robots = parseRobotsTxt('User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /');
    expect(robots.groups).toHaveLength(2);
  });

  it('ignores rules before the first user-agent line and lists their lines', () => {
    const robots = parseRobotsTxt('Disallow: /a\nAllow: /b\nUser-agent: *\nDisallow: /c');
    expect(robots.orphanRuleLines).toEqual([1, 2]);
    expect(rulesOf(robots).map((r) => r.pattern)).toEqual(['/c']);
  });

  const agentCases: { value: string; source: string; token: string; isGlobal: boolean; isTruncated: boolean }[] = [
    { value: 'FooBot', source: 'robots.md §2', token: 'FooBot', isGlobal: false, isTruncated: false },
    { value: 'FooBot/2.1', source: 'robots.md §2', token: 'FooBot', isGlobal: false, isTruncated: true },
    {
      value: 'Foo Bar',
      source: 'Google conformance: user-agent-name',
      token: 'Foo',
      isGlobal: false,
      isTruncated: true,
    },
    { value: 'Foobot2', source: 'robots.md §2', token: 'Foobot', isGlobal: false, isTruncated: true },
    { value: 'MJ12bot', source: 'catalogue notes', token: 'MJ', isGlobal: false, isTruncated: true },
    { value: 'foo_bar-baz', source: 'robots.md §2', token: 'foo_bar-baz', isGlobal: false, isTruncated: false },
    { value: '*', source: 'RFC 9309 §2.2.1', token: '*', isGlobal: true, isTruncated: false },
    { value: '* anything', source: 'robots.md §2', token: '*', isGlobal: true, isTruncated: true },
    { value: '*bot', source: 'robots.md §2', token: '', isGlobal: false, isTruncated: true },
    { value: '', source: 'robots.md §2', token: '', isGlobal: false, isTruncated: false },
    {
      value: '\u212Abot',
      source: 'robots.md §1 case folding (Kelvin sign)',
      token: '',
      isGlobal: false,
      isTruncated: true,
    },
  ];
  it.each(agentCases)('reads the agent name `$value` as `$token`', ({ value, token, isGlobal, isTruncated }) => {
    const agent = parseRobotsTxt(`User-agent: ${value}\nDisallow: /`).groups[0]?.agents[0];
    expect(agent).toMatchObject({ value, token, isGlobal, isTruncated });
  });

  it('classifies sitemap URLs', () => {
    const robots = parseRobotsTxt(
      'Sitemap: https://x.test/s.xml\nSitemap: /s.xml\nSitemap: ftp://x.test/s.xml\nSitemap:',
    );
    expect(robots.sitemaps.map((s) => s.validity)).toEqual(['absolute', 'relative', 'malformed', 'malformed']);
  });
});

describe('parsed files are plain data', () => {
  it('survives a JSON round trip unchanged', () => {
    const robots = parseRobotsTxt('User-agent: a\nDissallow /x\nCrawl-delay: 1\nSitemap: /s\nDisallow: /é');
    expect(JSON.parse(JSON.stringify(robots))).toEqual(robots);
  });

  it('survives structuredClone unchanged', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /x');
    expect(structuredClone(robots)).toEqual(robots);
  });
});

/** The parsed file as JSON without its line count (a padding line at the end changes only that). */
function withoutLineCount(robots: RobotsTxt): string {
  return JSON.stringify({ ...robots, lineCount: 0 });
}

/** A 70,000-character comment line: a large body. */
const PADDING = `\n# ${'x'.repeat(70_000)}`;

describe('large bodies, and the three forms of a body', () => {
  // Repeats, typos, escaped and unusual spellings.
  const rules = [
    'User-agent: FooBot/1.2',
    'User agent: BarBot',
    'Disallow: /private/area/',
    'Allow: /private/area/index.html',
    'Dissallow /typo/path/here',
    'disallow:/no-space/path/x',
    'Disallow:  /two-spaces/path',
    'Disallow: /é/escaped/path',
    'Disallow: /a%2fb/escaped/too',
    'Disallow: /*?sort=',
    'Crawl-delay: 5',
    'Sitemap: https://x.test/sitemap.xml',
    'Noindex: /whatever/value',
  ].join('\n');
  const small = Array.from({ length: 3 }, () => rules).join('\n');

  it('reads a body over 64 KiB exactly as the same lines in a small body', () => {
    expect(withoutLineCount(parseRobotsTxt(small + PADDING))).toBe(withoutLineCount(parseRobotsTxt(small)));
    const encoder = new TextEncoder();
    expect(withoutLineCount(parseRobotsTxtBytes(encoder.encode(small + PADDING)))).toBe(
      withoutLineCount(parseRobotsTxt(small)),
    );
  });

  it('reads a byte string exactly as the same bytes in a Uint8Array, and refuses a string that is not one', () => {
    const bytes = new TextEncoder().encode(small + PADDING);
    // Latin-1 bytes too: not valid UTF-8, kept as bytes.
    const latin1 = Uint8Array.from([...'User-agent: *\nDisallow: /caf\xe9\n'].map((c) => c.charCodeAt(0)));
    for (const raw of [bytes, latin1]) {
      const byteString = String.fromCharCode(...raw.subarray(0, 60_000)) + String.fromCharCode(...raw.subarray(60_000));
      expect(JSON.stringify(parseRobotsTxtByteString(byteString))).toBe(JSON.stringify(parseRobotsTxtBytes(raw)));
    }
    expect(rulesOf(parseRobotsTxtByteString('User-agent: *\nDisallow: /caf\xe9'))[0]?.pattern).toBe('/caf%E9');
    expect(() => parseRobotsTxtByteString('User-agent: *\nDisallow: /caf\u0100')).toThrow(RangeError);
  });

  it('gives repeated rules their own line numbers', () => {
    const robots = parseRobotsTxt(small + PADDING);
    expect(
      rulesOf(robots)
        .filter((r) => r.pattern === '/*?sort=')
        .map((r) => r.line),
    ).toEqual([10, 23, 36]);
  });
});

describe('telling ASCII bodies from others (robots.md §1, §5b)', () => {
  // A long body is checked in chunks of 8,192 characters: put the character on either side of the seams.
  it.each([
    { offset: 8191, char: 'é', source: 'robots.md §1 normalisation', pattern: '/%C3%A9' },
    { offset: 8192, char: 'é', source: 'robots.md §1 normalisation', pattern: '/%C3%A9' },
    { offset: 8193, char: 'é', source: 'robots.md §1 normalisation', pattern: '/%C3%A9' },
    { offset: 16_383, char: '\ud800', source: 'robots.md §5b (a lone surrogate is U+FFFD)', pattern: '/%EF%BF%BD' },
    { offset: 16_384, char: '😀', source: 'robots.md §1 normalisation', pattern: '/%F0%9F%98%80' },
    { offset: 20_000, char: '\u00a0', source: 'robots.md §1 (NBSP is not ASCII)', pattern: '/%C2%A0' },
  ])('escapes a pattern whose $pattern character sits at offset $offset', ({ offset, char, pattern }) => {
    const head = 'User-agent: *\nDisallow: /';
    const body = '#'.padEnd(offset - head.length - 1, 'x') + '\n' + head + char + '\nDisallow: /b';
    expect(body.indexOf(char)).toBe(offset);
    expect(rulesOf(parseRobotsTxt(body)).map((r) => r.pattern)).toEqual([pattern, '/b']);
  });
});
