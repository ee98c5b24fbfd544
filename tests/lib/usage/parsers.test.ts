/** Tests per parser section (docs/semantics/usage.md §3.2–§3.6, §3.10), for the tricky inputs. */
import { describe, expect, it } from 'vitest';
import { scanManagedBlocks } from '../../../lib/usage/managed-blocks';
import {
  combineFieldLines,
  parseAiprefStatement,
  parseContentSignal,
  parseContentUsageRule,
  parseSfDictionary,
  readTdmFile,
} from '../../../lib/usage/index';
import { matchTdmFile } from '../../../lib/usage/tdmrep';

describe('§3.2 AIPREF statement (RFC 9651 dictionary)', () => {
  it.each([
    { source: '§3.2 step 5', text: 'train-ai=n', train: 'disallowed', search: 'unstated' },
    { source: '§3.2 step 5', text: 'train-ai=y, search=n', train: 'allowed', search: 'disallowed' },
    { source: '§3.2 step 2: upper case fails', text: 'train-ai=n, Search=y', train: 'unstated', search: 'unstated' },
    { source: '§3.2 step 2: trailing comma fails', text: 'search=y,', train: 'unstated', search: 'unstated' },
    {
      source: '§3.2 step 2: OWS around comma',
      text: 'search=y \t,\t train-ai=n',
      train: 'disallowed',
      search: 'allowed',
    },
    { source: '§3.2 step 2: leading HTAB fails', text: '\ttrain-ai=n', train: 'unstated', search: 'unstated' },
    { source: '§3.2 step 2: trailing OWS kept out', text: 'train-ai=n \t', train: 'disallowed', search: 'unstated' },
    { source: '§3.2 step 1: non-ASCII fails', text: 'train-ai=n, x="é"', train: 'unstated', search: 'unstated' },
    { source: '§3.2 step 4: last wins', text: 'train-ai=n, train-ai=y', train: 'allowed', search: 'unstated' },
    { source: '§3.2 step 5: bare key is a Boolean', text: 'train-ai', train: 'unstated', search: 'unstated' },
    { source: '§3.2 step 5: Integer 0', text: 'train-ai=0', train: 'unstated', search: 'unstated' },
    { source: '§3.2 step 5: Token yes', text: 'train-ai=yes', train: 'unstated', search: 'unstated' },
    {
      source: '§3.2 step 6: parameters ignored',
      text: 'train-ai=n;a=1;b, search=y;c="x"',
      train: 'disallowed',
      search: 'allowed',
    },
    {
      source: '§3.2 step 6: inner list is not a token',
      text: 'train-ai=(n y), search=y',
      train: 'unstated',
      search: 'allowed',
    },
    { source: '§3.2 step 7: empty', text: '', train: 'unstated', search: 'unstated' },
    { source: '§3.2 step 2: `:` for `=` fails', text: 'train-ai:n', train: 'unstated', search: 'unstated' },
  ])('$source: "$text"', ({ text, train, search }) => {
    const s = parseAiprefStatement(text);
    expect({ train: s['train-ai'], search: s.search }).toEqual({ train, search });
  });

  it('points at the first failing byte', () => {
    expect(parseSfDictionary('train-ai = n')).toMatchObject({ kind: 'error', offset: 9 });
  });
});

describe('§3.3 Content-Usage robots rule', () => {
  it.each([
    { source: '§3.3 no path', value: 'train-ai=n', pattern: '', text: 'train-ai=n' },
    { source: '§3.3 path then whitespace run', value: '/x/ \t train-ai=n', pattern: '/x/', text: 'train-ai=n' },
    { source: '§3.3 path normalised', value: '/café/%2f train-ai=n', pattern: '/caf%C3%A9/%2F', text: 'train-ai=n' },
    { source: '§3.3 path, empty statement', value: '/x/', pattern: '/x/', text: '' },
    { source: '§3.3 `*` starts no path', value: '*.pdf train-ai=n', pattern: '', text: '*.pdf train-ai=n' },
  ])('$source', ({ value, pattern, text }) => {
    const rule = parseContentUsageRule(value);
    expect({ pattern: rule.pattern, text: rule.statement.text }).toEqual({ pattern, text });
  });
});

describe('§3.4 combining field lines', () => {
  it('trims, drops empty lines and joins in order, placed at the first kept line', () => {
    const c = combineFieldLines(
      [
        ['X', '1'],
        ['content-usage', '  '],
        ['Content-Usage', ' a=y\t'],
        ['CONTENT-USAGE', 'b=n'],
      ],
      'Content-Usage',
    );
    expect(c).toMatchObject({ value: 'a=y, b=n', position: 3, dropped: [2], positions: [2, 3, 4] });
  });
  it('returns null when every line is empty', () => {
    expect(combineFieldLines([['Content-Usage', '']], 'content-usage')).toBeNull();
  });
});

describe('§3.5 Content-Signal', () => {
  it.each([
    { source: '§3.5 case-insensitive', value: 'AI-Train=No', key: 'ai-train', expected: 'disallowed' },
    {
      source: '§3.5 whitespace around = trimmed (CS-12)',
      value: 'ai-train = no',
      key: 'ai-train',
      expected: 'disallowed',
    },
    { source: '§3.5 `n` is no value (CS-02)', value: 'ai-input=n', key: 'ai-input', expected: 'unstated' },
    { source: '§3.5 `no;` is no value', value: 'search=no;', key: 'search', expected: 'unstated' },
    {
      source: '§3.5 last value wins (CS-11)',
      value: 'ai-train=no, ai-train=yes',
      key: 'ai-train',
      expected: 'allowed',
    },
    { source: '§3.5 path member ignored (CS-06)', value: '/docs/ ai-input=no', key: 'ai-input', expected: 'unstated' },
    { source: '§3.5 member without = ignored', value: 'ai-train, search=yes', key: 'search', expected: 'allowed' },
    { source: '§3.5 header: `#` is text', value: 'ai-train=no#note', key: 'ai-train', expected: 'unstated' },
  ] as const)('$source', ({ value, key, expected }) => {
    expect(parseContentSignal(value)[key]).toBe(expected);
  });
  it.each([
    ['use=reference', 'reference'],
    ['use=FULL', 'full'],
    ['use=summary', null],
  ])('use: %s → %s', (value, expected) => {
    expect(parseContentSignal(value).use).toBe(expected);
  });
});

describe('§3.6 Cloudflare managed block', () => {
  it.each([
    {
      source: '§3.6 both capitalisations, leading whitespace',
      text: '  # begin cloudflare managed CONTENT\nUser-agent: *\n\t#END Cloudflare Managed Content\n',
      blocks: [[1, 3, true]],
      stray: [],
    },
    {
      source: '§3.6 other text is an ordinary comment',
      text: '# BEGIN Cloudflare Managed Content (v2)\nUser-agent: *\n',
      blocks: [],
      stray: [],
    },
    {
      source: '§3.6 END without BEGIN, BEGIN inside a block, no END',
      text: '# END Cloudflare Managed Content\n# BEGIN Cloudflare Managed content\n# BEGIN Cloudflare Managed content\nx',
      blocks: [[2, 4, false]],
      stray: [
        [1, 'end-without-begin'],
        [3, 'begin-inside-block'],
      ],
    },
  ])('$source', ({ text, blocks, stray }) => {
    const scan = scanManagedBlocks(text);
    expect(scan.blocks.map((b) => [b.firstLine, b.lastLine, b.closed])).toEqual(blocks);
    expect(scan.strayMarkers.map((s) => [s.line, s.kind])).toEqual(stray);
  });
});

describe('§3.10 tdmrep.json', () => {
  it.each([
    { source: '§3.10 not an array', input: '{"location":"/"}', kind: 'not-implemented' },
    { source: '§3.10 404', input: { status: 404, body: '' }, kind: 'not-implemented' },
    { source: '§3.10 not JSON', input: '[', kind: 'not-implemented' },
    { source: '§3.10 array', input: { status: 200, body: '[]' }, kind: 'rules' },
  ])('$source', ({ input, kind }) => {
    expect(readTdmFile(input).kind).toBe(kind);
  });
  it('skips a string reservation, a 2 and a missing location, keeping the rule numbers', () => {
    const file = readTdmFile([
      { location: '/', 'tdm-reservation': '1' },
      { location: '/', 'tdm-reservation': 2 },
      { 'tdm-reservation': 1 },
      { location: '/x', 'tdm-reservation': 1 },
    ]);
    expect(file).toMatchObject({ kind: 'rules', skipped: [1, 2, 3] });
    expect(matchTdmFile(file, 'https://e.com/x')?.rule).toBe(4);
  });
  it('decodes unreserved escapes on both sides', () => {
    const file = readTdmFile([{ location: '/%7Euser/', 'tdm-reservation': 1 }]);
    expect(matchTdmFile(file, 'https://e.com/~user/a')?.rule).toBe(1);
  });
});
