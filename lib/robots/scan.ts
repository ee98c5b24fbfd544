/**
 * Reads robots.txt physical lines and reports what each one is (SEMANTICS.md §1): line breaks, the
 * BOM, the 16,663-byte cut, NUL, comments, the key/value split and the keys Google recognises.
 * The parser and the linter are two consumers of this one scanner.
 */

import { decodeUtf8ByteString, encodeUtf8ByteString, isAsciiSpace } from './bytes';

/** Bytes Google keeps of one line: 8 × 2083 − 1 (SEMANTICS.md §1). The rest of the line is dropped. */
export const MAX_LINE_BYTES = 8 * 2083 - 1;

/** The bytes of a UTF-8 byte order mark. */
const BOM_BYTES = '\xef\xbb\xbf';

const NON_ASCII = /[^\x00-\x7f]/g;

/** The directives the matcher uses; everything else is `other` (Crawl-delay, Host, unknown keys). */
export type KeyKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other';

/** What a physical line is: nothing, a comment, a key/value directive, or text that is neither. */
export type LineKind = 'empty' | 'comment' | 'directive' | 'garbage';

/**
 * Facts about one physical line. The scanner reuses one object for every line: a consumer copies
 * what it keeps. `text`, `keyWritten` and `value` are byte strings (one character per UTF-8 byte),
 * sliced on demand; `display` turns one into readable text.
 */
export class ScannedLine {
  /** 1-based physical line number. */
  line = 0;
  kind: LineKind = 'empty';
  /** Length of the physical line in bytes, before the cut (the BOM not included). */
  byteLength = 0;
  /** A NUL ended the line's content early. */
  hasNul = false;
  /** A `#` comment is on the line (within the kept content). */
  hasComment = false;
  /** The 16,663-byte cut removed text that would have belonged to the directive. */
  isLineCut = false;
  /** The line holds a U+FEFF that is not the file's leading BOM (ordinary text, §1). */
  hasStrayBom = false;
  /** Directive lines only: which key Google reads it as. */
  key: KeyKind = 'other';
  /** The key is recognised but not spelled exactly (`Dissallow`, `User agent`, `Disallowed`). */
  isTypo = false;
  /** No colon: the two-token form `disallow /x` (Google-specific). */
  isMissingColon = false;
  /** The line has bytes ≥ 0x80, so its strings need `display` to be read as text. */
  hasNonAscii = false;

  /** @internal The string the positions below index into (the body, or one re-encoded line). */
  source = '';
  /** @internal Bounds of the trimmed directive text, key and value in `source`. */
  textStart = 0;
  textEnd = 0;
  keyStart = 0;
  keyEnd = 0;
  valueStart = 0;
  valueEnd = 0;

  /** The directive as written: the content before `#`, trimmed. Empty for empty and comment lines. */
  get text(): string {
    return this.source.slice(this.textStart, this.textEnd);
  }

  /** Directive lines only: the key as written, trimmed. */
  get keyWritten(): string {
    return this.source.slice(this.keyStart, this.keyEnd);
  }

  /** Directive lines only: the value, trimmed. */
  get value(): string {
    return this.source.slice(this.valueStart, this.valueEnd);
  }

  /** Returns a byte string of this line as readable text (decoded from UTF-8 when the line is not ASCII). */
  display(bytes: string): string {
    return this.hasNonAscii ? decodeUtf8ByteString(bytes) : bytes;
  }
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
 * Returns the first index ≥ `from` of `char` in `text`, or the text length. The scan calls it only
 * when its remembered position has been passed, so each character is searched for in one linear
 * pass over the body however the lines are laid out.
 */
function indexOrEnd(text: string, char: string, from: number): number {
  const found = text.indexOf(char, from);
  return found < 0 ? text.length : found;
}

/**
 * Scans every physical line of `source`, calling `onLine` once per line in order, and returns the
 * line count and BOM facts. Lines end at LF, CR or CRLF (LF then CR is two breaks); U+2028, NEL and
 * form feed are text. Never throws on content.
 */
export function scanRobotsTxt(source: ScanSource, onLine: (line: ScannedLine) => void): ScanSummary {
  const text = source.text;
  const length = text.length;
  const facts = new ScannedLine();
  let nextNonAscii = findNonAscii(text, 0);
  // Only a JS string with non-ASCII lines needs re-encoding; a byte string only needs decoding for display.
  const mustEncode = nextNonAscii < length && !source.isByteString;

  let start = 0;
  let bomBytesSkipped = 0;
  if (source.isByteString) {
    while (bomBytesSkipped < 3 && text.charCodeAt(bomBytesSkipped) === BOM_BYTES.charCodeAt(bomBytesSkipped)) bomBytesSkipped++;
    start = bomBytesSkipped;
  } else if (text.charCodeAt(0) === 0xfeff) {
    bomBytesSkipped = 3;
    start = 1;
  }
  // A JS string holds a partial BOM only as the UTF-8 of a character in U+F000–U+FFFF, whose
  // leading EF (or EF BB) Google skips too: line 1 then goes through the byte-level path.
  const firstLinePartialBom = mustEncode && start === 0 && text.charCodeAt(0) >= 0xf000 && text.charCodeAt(0) <= 0xffff;

  let nextLf = -1;
  let nextCr = -1;
  let nextNul = -1;
  let nextHash = -1;
  let nextColon = -1;
  let line = 0;
  for (;;) {
    line++;
    if (nextLf < start) nextLf = indexOrEnd(text, '\n', start);
    if (nextCr < start) nextCr = indexOrEnd(text, '\r', start);
    const end = nextLf < nextCr ? nextLf : nextCr;
    if (nextNonAscii < start) nextNonAscii = findNonAscii(text, start);
    const lineHasNonAscii = nextNonAscii < end;
    if (lineHasNonAscii && (mustEncode || firstLinePartialBom)) {
      let bytes = encodeUtf8ByteString(text.slice(start, end));
      if (line === 1 && firstLinePartialBom) {
        while (bomBytesSkipped < 3 && bytes.charCodeAt(bomBytesSkipped) === BOM_BYTES.charCodeAt(bomBytesSkipped)) bomBytesSkipped++;
        bytes = bytes.slice(bomBytesSkipped);
      }
      const n = bytes.length;
      readLine(bytes, 0, n, indexOrEnd(bytes, '\0', 0), indexOrEnd(bytes, '#', 0), indexOrEnd(bytes, ':', 0), line, true, facts);
    } else {
      if (nextNul < start) nextNul = indexOrEnd(text, '\0', start);
      if (nextHash < start) nextHash = indexOrEnd(text, '#', start);
      if (nextColon < start) nextColon = indexOrEnd(text, ':', start);
      readLine(text, start, end, nextNul, nextHash, nextColon, line, lineHasNonAscii, facts);
    }
    onLine(facts);
    if (end >= length) break;
    // CRLF is one break; LF followed by CR is two.
    start = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
  return { lineCount: line, hasBom: bomBytesSkipped === 3, bomBytesSkipped };
}

function findNonAscii(text: string, from: number): number {
  NON_ASCII.lastIndex = from;
  return NON_ASCII.exec(text)?.index ?? text.length;
}

/**
 * Fills `facts` for the physical line `source[start, end)`, a byte string, given the first NUL,
 * `#` and `:` at or after `start` (each possibly beyond the line).
 */
function readLine(
  source: string,
  start: number,
  end: number,
  nul: number,
  hash: number,
  colon: number,
  line: number,
  hasNonAscii: boolean,
  facts: ScannedLine,
): void {
  facts.line = line;
  facts.source = source;
  facts.byteLength = end - start;
  facts.hasNonAscii = hasNonAscii;
  facts.hasComment = false;
  facts.isLineCut = false;
  facts.isTypo = false;
  facts.isMissingColon = false;
  facts.key = 'other';
  facts.keyStart = facts.keyEnd = facts.valueStart = facts.valueEnd = start;

  const isTooLong = end - start > MAX_LINE_BYTES;
  let contentEnd = isTooLong ? start + MAX_LINE_BYTES : end;
  facts.hasNul = nul < contentEnd;
  if (facts.hasNul) contentEnd = nul;
  if (isTooLong) facts.isLineCut = !facts.hasNul && hash >= start + MAX_LINE_BYTES && isCutSignificant(source, start + MAX_LINE_BYTES, end);
  facts.hasStrayBom = hasNonAscii && contentEnd - start >= 3 && source.slice(start, contentEnd).includes(BOM_BYTES);

  if (hash < contentEnd) {
    facts.hasComment = true;
    contentEnd = hash;
  }
  let s = start;
  let e = contentEnd;
  while (s < e && isAsciiSpace(source.charCodeAt(s))) s++;
  while (e > s && isAsciiSpace(source.charCodeAt(e - 1))) e--;
  facts.textStart = s;
  facts.textEnd = e;
  if (s === e) {
    facts.kind = facts.hasComment ? 'comment' : 'empty';
    return;
  }
  facts.kind = splitDirective(source, s, e, colon, facts) ? 'directive' : 'garbage';
}

/**
 * True when the dropped part `source[cut, end)` of a line holds something other than whitespace
 * before its own `#` or NUL (the caller has checked that the kept part has no comment or NUL).
 */
function isCutSignificant(source: string, cut: number, end: number): boolean {
  for (let i = cut; i < end; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x23 || c === 0) return false;
    if (!isAsciiSpace(c)) return true;
  }
  return false;
}

/**
 * Splits the trimmed text `source[s, e)` into key and value at the first colon (`colon`, possibly
 * beyond `e`); without one, accepts exactly two tokens separated by spaces or tabs. Returns false
 * when the line is not a directive.
 */
function splitDirective(source: string, s: number, e: number, colon: number, facts: ScannedLine): boolean {
  let keyEnd: number;
  let valueStart: number;
  if (colon < e) {
    keyEnd = colon;
    valueStart = colon + 1;
  } else {
    // Google-specific: without a colon, exactly two tokens separated by spaces or tabs (not \v or \f).
    keyEnd = s;
    while (keyEnd < e && !isSpaceOrTab(source.charCodeAt(keyEnd))) keyEnd++;
    if (keyEnd === e) return false;
    valueStart = keyEnd;
    while (isSpaceOrTab(source.charCodeAt(valueStart))) valueStart++;
    for (let i = valueStart; i < e; i++) if (isSpaceOrTab(source.charCodeAt(i))) return false;
    facts.isMissingColon = true;
  }
  while (keyEnd > s && isAsciiSpace(source.charCodeAt(keyEnd - 1))) keyEnd--;
  if (keyEnd === s) {
    facts.isMissingColon = false;
    return false;
  }
  while (valueStart < e && isAsciiSpace(source.charCodeAt(valueStart))) valueStart++;
  facts.keyStart = s;
  facts.keyEnd = keyEnd;
  facts.valueStart = valueStart;
  facts.valueEnd = e;
  classifyKey(source, s, keyEnd, facts);
  return true;
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Accepted spellings per key, canonical first, checked as case-insensitive prefixes in this order (§1). */
const USER_AGENT_SPELLINGS = ['user-agent', 'useragent', 'user agent'];
const ALLOW_SPELLINGS = ['allow'];
const DISALLOW_SPELLINGS = ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'];
const SITEMAP_SPELLINGS = ['sitemap', 'site-map'];

function classifyKey(source: string, s: number, e: number, facts: ScannedLine): void {
  // Every accepted spelling of a key starts with a different letter, so the first letter picks the list.
  switch (source.charCodeAt(s) | 0x20) {
    case 0x75:
      return matchSpellings(source, s, e, 'user-agent', USER_AGENT_SPELLINGS, facts);
    case 0x61:
      return matchSpellings(source, s, e, 'allow', ALLOW_SPELLINGS, facts);
    case 0x64:
      return matchSpellings(source, s, e, 'disallow', DISALLOW_SPELLINGS, facts);
    case 0x73:
      return matchSpellings(source, s, e, 'sitemap', SITEMAP_SPELLINGS, facts);
    default:
      facts.key = 'other';
  }
}

function matchSpellings(source: string, s: number, e: number, kind: KeyKind, spellings: readonly string[], facts: ScannedLine): void {
  for (let i = 0; i < spellings.length; i++) {
    const spelling = spellings[i] as string;
    if (startsWithLowerAt(source, s, e, spelling)) {
      facts.key = kind;
      facts.isTypo = i > 0 || e - s !== spelling.length;
      return;
    }
  }
  facts.key = 'other';
}

/** True when `source[s, e)` starts with `lower`, comparing ASCII case-insensitively. */
function startsWithLowerAt(source: string, s: number, e: number, lower: string): boolean {
  if (e - s < lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let c = source.charCodeAt(s + i);
    if (c >= 0x41 && c <= 0x5a) c |= 0x20;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}
