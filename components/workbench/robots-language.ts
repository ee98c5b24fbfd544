/**
 * robots.txt highlighting for CodeMirror: keys Google reads (user-agent, allow, disallow, sitemap,
 * and the typos it accepts by prefix), known-but-ignored keys, unknown directives, values, the
 * `*` and end-`$` wildcards, and comments (docs/semantics/robots.md §1, §3, §6).
 */

import { HighlightStyle, StreamLanguage, type StringStream } from '@codemirror/language';
import { tags } from '@lezer/highlight';

interface LineState {
  /** `key` before the colon, `value` after it. */
  part: 'key' | 'value';
}

const READ_KEYS = [
  'user-agent',
  'useragent',
  'user agent',
  'allow',
  'disallow',
  'dissallow',
  'dissalow',
  'disalow',
  'diasllow',
  'disallaw',
  'sitemap',
  'site-map',
];
const IGNORED_KEYS = new Set([
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
]);

/** Returns the token class of a key as written: read by Google, known but ignored, or unknown. */
function classifyKey(key: string): 'keyword' | 'atom' | 'invalid' {
  const lower = key.replace(/^[\t ]+|[\t ]+$/g, '').toLowerCase();
  if (READ_KEYS.some((k) => lower.startsWith(k))) return 'keyword';
  return IGNORED_KEYS.has(lower) ? 'atom' : 'invalid';
}

function readToken(stream: StringStream, state: LineState): string | null {
  if (stream.sol()) state.part = 'key';
  if (stream.peek() === '#') {
    stream.skipToEnd();
    return 'comment';
  }
  if (state.part === 'key') {
    if (stream.eatSpace()) return null;
    const start = stream.pos;
    while (!stream.eol() && stream.peek() !== ':' && stream.peek() !== '#') stream.next();
    const key = stream.string.slice(start, stream.pos);
    if (stream.peek() === ':') {
      state.part = 'value';
      // The colon is highlighted with the key.
      stream.next();
    }
    return classifyKey(key);
  }
  if (stream.eatSpace()) return null;
  const ch = stream.next();
  if (ch === '*') return 'operator';
  if (ch === '$' && (stream.eol() || /^[\t ]*(#|$)/.test(stream.string.slice(stream.pos)))) return 'operator';
  while (!stream.eol() && !/[*$#\t ]/.test(stream.peek() ?? '')) stream.next();
  return 'string';
}

/** The robots.txt language (a stream parser: one line at a time, state resets at each line). */
export const robotsLanguage = StreamLanguage.define<LineState>({
  name: 'robots.txt',
  startState: () => ({ part: 'key' }),
  copyState: (state) => ({ ...state }),
  token: (stream, state) => {
    const start = stream.pos;
    const style = readToken(stream, state);
    // A stream parser must consume something on every call, or the editor loops forever.
    if (stream.pos === start) {
      stream.skipToEnd();
      return null;
    }
    return style;
  },
  languageData: { commentTokens: { line: '#' } },
});

/** The token colours: the palette's variables (editor.css), light or dark with the page. */
export const robotsHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--wb-key, #1d4ed8)', fontWeight: '600' },
  { tag: tags.atom, color: 'var(--wb-ignored, #8a5a00)' },
  { tag: tags.invalid, color: 'var(--wb-unknown, #b42318)', textDecoration: 'underline wavy' },
  { tag: tags.string, color: 'var(--wb-value, inherit)' },
  { tag: tags.operator, color: 'var(--wb-wildcard, #a21caf)', fontWeight: '700' },
  { tag: tags.comment, color: 'var(--wb-comment, #6b7280)', fontStyle: 'italic' },
]);
