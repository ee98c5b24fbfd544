/**
 * Reads robots.txt physical lines and reports what each one is (SEMANTICS.md §1): line breaks, the
 * BOM, the 16,663-byte cut, NUL, comments, the key/value split and the keys Google recognises.
 * The parser and the linter are two consumers of this one scanner.
 */

import { encodeUtf8ByteString, isAscii, isAsciiSpace, startsWithAsciiIgnoreCase, trimAscii } from './bytes';

/** Bytes Google keeps of one line: 8 × 2083 − 1 (SEMANTICS.md §1). The rest of the line is dropped. */
export const MAX_LINE_BYTES = 8 * 2083 - 1;

/** The bytes of a UTF-8 byte order mark. */
const BOM_BYTES = '\xef\xbb\xbf';

/** Line terminators of §1: CRLF counts once, LF then CR counts twice. U+2028, NEL and \f are text. */
const LINE_BREAK = /\r\n|\r|\n/;

/** The directives the matcher uses; everything else is `other` (Crawl-delay, Host, unknown keys). */
export type KeyKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other';

/** What a physical line is: nothing, a comment, a key/value directive, or text that is neither. */
export type LineKind = 'empty' | 'comment' | 'directive' | 'garbage';

/**
 * Facts about one physical line. Strings are byte strings (one character per UTF-8 byte). The
 * scanner reuses one object for every line: a consumer copies what it keeps.
 */
export interface ScannedLine {
  /** 1-based physical line number. */
  line: number;
  kind: LineKind;
  /** Length of the physical line in bytes, before the cut (the BOM not included). */
  byteLength: number;
  /** A NUL ended the line's content early. */
  hasNul: boolean;
  /** A `#` comment is on the line (within the kept content). */
  hasComment: boolean;
  /** The 16,663-byte cut removed text that would have belonged to the directive. */
  isLineCut: boolean;
  /** The line holds a U+FEFF that is not the file's leading BOM (ordinary text, §1). */
  hasStrayBom: boolean;
  /** The directive as written: the content before `#`, trimmed. Empty for empty and comment lines. */
  text: string;
  /** Directive lines only: which key Google reads it as. */
  key: KeyKind;
  /** Directive lines only: the key as written, trimmed. */
  keyWritten: string;
  /** Directive lines only: the value, trimmed. */
  value: string;
  /** The key is recognised but not spelled exactly (`Dissallow`, `User agent`, `Disallowed`). */
  isTypo: boolean;
  /** No colon: the two-token form `disallow /x` (Google-specific). */
  isMissingColon: boolean;
}

/** What the scan learned about the whole body. */
export interface ScanSummary {
  lineCount: number;
  /** A complete UTF-8 BOM started the body and was skipped. */
  hasBom: boolean;
  /** How many leading bytes of a BOM were skipped (3 for a complete one; 1–2 for a partial one, as Google does). */
  bomBytesSkipped: number;
}

/** Input to the scanner: a decoded JS string, or a byte string made from raw bytes. */
export interface ScanSource {
  readonly text: string;
  readonly isByteString: boolean;
}

/**
 * Scans every physical line of `source`, calling `onLine` once per line in order, and returns the
 * line count and BOM facts. Never throws on content.
 */
export function scanRobotsTxt(source: ScanSource, onLine: (line: ScannedLine) => void): ScanSummary {
  const lines = source.text.split(LINE_BREAK);
  // A JS string needs UTF-8 encoding only where it is not ASCII; a byte string never does.
  const mayNeedEncoding = !source.isByteString && !isAscii(source.text);
  const facts: ScannedLine = {
    line: 0,
    kind: 'empty',
    byteLength: 0,
    hasNul: false,
    hasComment: false,
    isLineCut: false,
    hasStrayBom: false,
    text: '',
    key: 'other',
    keyWritten: '',
    value: '',
    isTypo: false,
    isMissingColon: false,
  };
  let bomBytesSkipped = 0;
  for (let i = 0; i < lines.length; i++) {
    let bytes = lines[i] as string;
    if (mayNeedEncoding) bytes = encodeUtf8ByteString(bytes);
    if (i === 0) {
      // Google skips the BOM byte by byte, so a partial BOM at the start is skipped too.
      while (bomBytesSkipped < 3 && bytes.charCodeAt(bomBytesSkipped) === BOM_BYTES.charCodeAt(bomBytesSkipped)) {
        bomBytesSkipped++;
      }
      if (bomBytesSkipped > 0) bytes = bytes.slice(bomBytesSkipped);
    }
    readLine(bytes, i + 1, facts);
    onLine(facts);
  }
  return { lineCount: lines.length, hasBom: bomBytesSkipped === 3, bomBytesSkipped };
}

/** Fills `facts` for one physical line given as a byte string. */
function readLine(bytes: string, line: number, facts: ScannedLine): void {
  facts.line = line;
  facts.byteLength = bytes.length;
  facts.hasComment = false;
  facts.isLineCut = false;
  facts.isTypo = false;
  facts.isMissingColon = false;
  facts.key = 'other';
  facts.keyWritten = '';
  facts.value = '';
  facts.text = '';

  let content = bytes;
  if (content.length > MAX_LINE_BYTES) {
    content = bytes.slice(0, MAX_LINE_BYTES);
    facts.isLineCut = isCutSignificant(bytes, content);
  }
  const nul = content.indexOf('\0');
  facts.hasNul = nul >= 0;
  if (nul >= 0) content = content.slice(0, nul);
  facts.hasStrayBom = content.length >= 3 && content.includes(BOM_BYTES);

  const hash = content.indexOf('#');
  if (hash >= 0) {
    facts.hasComment = true;
    content = content.slice(0, hash);
  }
  const text = trimAscii(content);
  facts.text = text;
  if (text.length === 0) {
    facts.kind = facts.hasComment ? 'comment' : 'empty';
    return;
  }
  facts.kind = splitDirective(text, facts) ? 'directive' : 'garbage';
}

/**
 * True when the cut dropped text that would have been part of the directive: the kept part has no
 * comment or NUL, and the dropped part holds something other than whitespace before its own `#` or NUL.
 */
function isCutSignificant(whole: string, kept: string): boolean {
  if (kept.includes('#') || kept.includes('\0')) return false;
  for (let i = kept.length; i < whole.length; i++) {
    const c = whole.charCodeAt(i);
    if (c === 0x23 || c === 0) return false;
    if (!isAsciiSpace(c)) return true;
  }
  return false;
}

/** Splits a trimmed, comment-free line into key and value; returns false when it is not a directive. */
function splitDirective(text: string, facts: ScannedLine): boolean {
  let key: string;
  let value: string;
  const colon = text.indexOf(':');
  if (colon >= 0) {
    key = trimAscii(text.slice(0, colon));
    value = trimAscii(text.slice(colon + 1));
  } else {
    // Google-specific: without a colon, exactly two tokens separated by spaces or tabs (not \v or \f).
    const gap = findSpaceOrTab(text, 0);
    if (gap < 0) return false;
    let start = gap;
    while (start < text.length && isSpaceOrTab(text.charCodeAt(start))) start++;
    if (findSpaceOrTab(text, start) >= 0) return false;
    key = trimAscii(text.slice(0, gap));
    value = text.slice(start);
    facts.isMissingColon = true;
  }
  if (key.length === 0) {
    facts.isMissingColon = false;
    return false;
  }
  facts.keyWritten = key;
  facts.value = value;
  classifyKey(key, facts);
  return true;
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function findSpaceOrTab(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (isSpaceOrTab(text.charCodeAt(i))) return i;
  }
  return -1;
}

/** Accepted spellings per key, canonical first, checked as case-insensitive prefixes in this order (§1). */
const KEY_SPELLINGS: readonly (readonly [KeyKind, readonly string[]])[] = [
  ['user-agent', ['user-agent', 'useragent', 'user agent']],
  ['allow', ['allow']],
  ['disallow', ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map']],
];

function classifyKey(key: string, facts: ScannedLine): void {
  for (const [kind, spellings] of KEY_SPELLINGS) {
    for (const spelling of spellings) {
      if (startsWithAsciiIgnoreCase(key, spelling)) {
        facts.key = kind;
        facts.isTypo = key.length !== spelling.length || spelling !== spellings[0];
        return;
      }
    }
  }
  facts.key = 'other';
}
