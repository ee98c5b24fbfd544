/**
 * Reads robots.txt physical lines and reports what each one is (docs/semantics/robots.md §1): line breaks, the
 * BOM, the 16,663-byte cut, NUL, comments, the key/value split and the keys Google recognises.
 * The parser and the linter are two consumers of this one scanner.
 */

import { decodeUtf8ByteString, encodeUtf8ByteString } from './bytes';
import { isAscii, isAsciiSpace } from '../shared/ascii';
import { USUAL_RULE_PREFIX } from './rule-text';

/** Bytes Google keeps of one line: 8 × 2083 − 1 (docs/semantics/robots.md §1). The rest of the line is dropped. */
export const MAX_LINE_BYTES = 8 * 2083 - 1;

/** The bytes of a UTF-8 byte order mark. */
const BOM_BYTES = '\xef\xbb\xbf';

const NON_ASCII = /[\x80-\uffff]/g;

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
  /** The directive text holds a `%` (its pattern may need normalising). */
  hasPercent = false;
  /** The text before the value when it is the usual key, a colon and one space (`Disallow: `); else null. */
  usualPrefix: string | null = null;

  /** @internal The string the positions below index into (the body, or one re-encoded line). */
  source = '';
  /** @internal Bounds of the trimmed directive text, key and value in `source`. */
  textStart = 0;
  textEnd = 0;
  keyStart = 0;
  keyEnd = 0;
  valueStart = 0;
  valueEnd = 0;
  /** @internal The first `:` in `source` at or after a position at most this line's start (searched only when needed). */
  colon = -1;

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
  let nextNonAscii = isAscii(text) ? length : findNonAscii(text, 0);
  // Only a JS string with non-ASCII lines needs re-encoding; a byte string only needs decoding for display.
  const mustEncode = nextNonAscii < length && !source.isByteString;

  let start = 0;
  let bomBytesSkipped = 0;
  if (source.isByteString) {
    while (bomBytesSkipped < 3 && text.charCodeAt(bomBytesSkipped) === BOM_BYTES.charCodeAt(bomBytesSkipped))
      bomBytesSkipped++;
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
  let nextPercent = -1;
  let line = 0;
  for (;;) {
    line++;
    // Searched afresh only once passed, so each character is searched for once (calls are costly
    // before V8 optimises the loop, as on a cold start).
    if (nextLf < start) {
      nextLf = text.indexOf('\n', start);
      if (nextLf < 0) nextLf = length;
    }
    if (nextCr < start) {
      nextCr = text.indexOf('\r', start);
      if (nextCr < 0) nextCr = length;
    }
    // Not Math.min: a global lookup per line, slow in a fresh node:vm context (the cold benchmark).
    const end = nextLf < nextCr ? nextLf : nextCr;
    if (nextNonAscii < start) nextNonAscii = findNonAscii(text, start);
    const lineHasNonAscii = nextNonAscii < end;
    if (lineHasNonAscii && (mustEncode || firstLinePartialBom)) {
      bomBytesSkipped += readEncodedLine(text.slice(start, end), line, line === 1 && firstLinePartialBom, facts);
    } else {
      if (nextNul < start) nextNul = indexOrEnd(text, '\0', start);
      if (nextHash < start) nextHash = indexOrEnd(text, '#', start);
      if (nextPercent < start) nextPercent = indexOrEnd(text, '%', start);
      readLine(text, start, end, nextNul, nextHash, nextPercent, line, lineHasNonAscii, facts);
    }
    onLine(facts);
    if (end >= length) break;
    // CRLF is one break; LF followed by CR is two.
    start = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
  return { lineCount: line, hasBom: bomBytesSkipped === 3 };
}

/**
 * Fills `facts` for a physical line of a JS string that holds non-ASCII characters, read as its
 * UTF-8 bytes; with `skipsPartialBom` (line 1) its leading EF or EF BB is skipped first. Returns how
 * many BOM bytes were skipped.
 */
function readEncodedLine(lineText: string, line: number, skipsPartialBom: boolean, facts: ScannedLine): number {
  let bytes = encodeUtf8ByteString(lineText);
  let skipped = 0;
  if (skipsPartialBom) {
    while (skipped < 3 && bytes.charCodeAt(skipped) === BOM_BYTES.charCodeAt(skipped)) skipped++;
    bytes = bytes.slice(skipped);
  }
  // A string of its own: the colon is searched for afresh in it, and again in the body after it.
  facts.colon = -1;
  const n = bytes.length;
  readLine(
    bytes,
    0,
    n,
    indexOrEnd(bytes, '\0', 0),
    indexOrEnd(bytes, '#', 0),
    indexOrEnd(bytes, '%', 0),
    line,
    true,
    facts,
  );
  facts.colon = -1;
  return skipped;
}

function findNonAscii(text: string, from: number): number {
  NON_ASCII.lastIndex = from;
  return NON_ASCII.exec(text)?.index ?? text.length;
}

/**
 * Fills `facts` for the physical line `source[start, end)`, a byte string, given the first NUL,
 * `#` and `%` at or after `start` (each possibly beyond the line).
 */
function readLine(
  source: string,
  start: number,
  end: number,
  nul: number,
  hash: number,
  percent: number,
  line: number,
  hasNonAscii: boolean,
  facts: ScannedLine,
): void {
  // Each field is written once per line (the usual line's fields last): stores are what an
  // unoptimised scan of a large file pays for.
  facts.line = line;
  facts.source = source;
  facts.byteLength = end - start;
  facts.hasNonAscii = hasNonAscii;
  facts.isTypo = false;
  facts.isMissingColon = false;

  const isTooLong = end - start > MAX_LINE_BYTES;
  let contentEnd = isTooLong ? start + MAX_LINE_BYTES : end;
  const hasNul = nul < contentEnd;
  if (hasNul) contentEnd = nul;
  facts.hasNul = hasNul;
  facts.isLineCut =
    isTooLong && !hasNul && hash >= start + MAX_LINE_BYTES && isCutSignificant(source, start + MAX_LINE_BYTES, end);
  facts.hasStrayBom = hasNonAscii && contentEnd - start >= 3 && source.slice(start, contentEnd).includes(BOM_BYTES);
  const hasComment = hash < contentEnd;
  if (hasComment) contentEnd = hash;
  facts.hasComment = hasComment;

  // ASCII whitespace (§1) tested in place: no call per character.
  let s = start;
  let e = contentEnd;
  let c: number;
  while (s < e && ((c = source.charCodeAt(s)) === 0x20 || (c >= 0x09 && c <= 0x0d))) s++;
  while (e > s && ((c = source.charCodeAt(e - 1)) === 0x20 || (c >= 0x09 && c <= 0x0d))) e--;
  facts.textStart = s;
  facts.textEnd = e;
  facts.hasPercent = percent < e;
  // Most lines start with the key written the usual way, a colon and a space (`Disallow: `): one
  // compare in place, and no search for the colon.
  const key = s < e ? getSpellings(source.charCodeAt(s)) : undefined;
  if (key !== undefined && s + key.prefix.length < e && source.startsWith(key.prefix, s)) {
    let valueStart = s + key.prefix.length;
    const isUsual = !((c = source.charCodeAt(valueStart)) === 0x20 || (c >= 0x09 && c <= 0x0d));
    if (!isUsual) {
      while (valueStart < e && ((c = source.charCodeAt(valueStart)) === 0x20 || (c >= 0x09 && c <= 0x0d))) valueStart++;
    }
    facts.usualPrefix = isUsual ? key.prefix : null;
    facts.key = key.kind;
    facts.keyStart = s;
    facts.keyEnd = s + key.prefix.length - 2;
    facts.valueStart = valueStart;
    facts.valueEnd = e;
    facts.kind = 'directive';
    return;
  }
  facts.usualPrefix = null;
  facts.key = 'other';
  facts.keyStart = facts.keyEnd = facts.valueStart = facts.valueEnd = start;
  if (s === e) facts.kind = hasComment ? 'comment' : 'empty';
  else facts.kind = splitDirective(source, s, e, key, facts) ? 'directive' : 'garbage';
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
 * Splits the trimmed text `source[s, e)` into key and value at the first colon; without one,
 * accepts exactly two tokens separated by spaces or tabs. `key` is the key the first letter allows
 * (getSpellings). Returns false when the line is not a directive. The scan calls it for lines not
 * written the usual way; @internal exported so tests can pit the usual line's shortcut against it.
 */
export function splitDirective(
  source: string,
  s: number,
  e: number,
  key: KeySpellings | undefined,
  facts: ScannedLine,
): boolean {
  if (facts.colon < s) facts.colon = indexOrEnd(source, ':', s);
  let keyEnd: number;
  let valueStart: number;
  if (facts.colon < e) {
    keyEnd = facts.colon;
    valueStart = keyEnd + 1;
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
  if (key !== undefined) {
    for (let i = 0; i < key.spellings.length; i++) {
      const spelling = key.spellings[i] as string;
      if (startsWithLowerAt(source, s, keyEnd, spelling)) {
        facts.key = key.kind;
        facts.isTypo = i > 0 || keyEnd - s !== spelling.length;
        break;
      }
    }
  }
  return setParts(source, s, keyEnd, valueStart, e, facts);
}

/** Records the key `source[s, keyEnd)` and the value from `valueStart` (left-trimmed here) to `e`. */
function setParts(source: string, s: number, keyEnd: number, valueStart: number, e: number, facts: ScannedLine): true {
  while (valueStart < e && isAsciiSpace(source.charCodeAt(valueStart))) valueStart++;
  facts.keyStart = s;
  facts.keyEnd = keyEnd;
  facts.valueStart = valueStart;
  facts.valueEnd = e;
  return true;
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** The spellings Google accepts for one key (§1): the canonical one first, all lower-case, checked as case-insensitive prefixes in order. */
export interface KeySpellings {
  readonly kind: KeyKind;
  /** How most files start such a line: `Disallow: `. */
  readonly prefix: string;
  readonly spellings: readonly string[];
}

const USER_AGENT: KeySpellings = {
  kind: 'user-agent',
  prefix: 'User-agent: ',
  spellings: ['user-agent', 'useragent', 'user agent'],
};
const ALLOW: KeySpellings = { kind: 'allow', prefix: USUAL_RULE_PREFIX.allow, spellings: ['allow'] };
const DISALLOW: KeySpellings = {
  kind: 'disallow',
  prefix: USUAL_RULE_PREFIX.disallow,
  spellings: ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'],
};
const SITEMAP: KeySpellings = { kind: 'sitemap', prefix: 'Sitemap: ', spellings: ['sitemap', 'site-map'] };

/**
 * Returns the key a line may be, from its first letter: every accepted spelling of a key starts
 * with a different letter. Bit 0x20 folds A–Z onto a–z. @internal exported for tests.
 */
export function getSpellings(firstCode: number): KeySpellings | undefined {
  const letter = firstCode | 0x20;
  return letter === 0x64
    ? DISALLOW
    : letter === 0x61
      ? ALLOW
      : letter === 0x75
        ? USER_AGENT
        : letter === 0x73
          ? SITEMAP
          : undefined;
}

/**
 * True when `source[s, e)` starts with `lower`, comparing ASCII case-insensitively; the first
 * letter was matched by getSpellings. Setting bit 0x20 folds A–Z onto a–z and otherwise only maps
 * NUL to space and CR to `-`, characters a key never holds.
 */
function startsWithLowerAt(source: string, s: number, e: number, lower: string): boolean {
  if (e - s < lower.length) return false;
  for (let i = 1; i < lower.length; i++) if ((source.charCodeAt(s + i) | 0x20) !== lower.charCodeAt(i)) return false;
  return true;
}
