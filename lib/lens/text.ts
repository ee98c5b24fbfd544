/**
 * The shared vocabulary of the lenses (docs/semantics/lens.md §1.2): the whitespace sets each language
 * trims, the line-break sets each parser splits at, triplets, "decode triplets to bytes", "encode
 * except S", and UTF-8 decoding with the error handling each stack uses. No regex is built from
 * file content; every loop here is linear in its input.
 */

const HEX = '0123456789ABCDEF';

/** Returns the value of an ASCII hex digit, or -1. */
export function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Returns true when `text` has a triplet (`%` and two hex digits, either case) at `i`. */
export function isTripletAt(text: string, i: number): boolean {
  return text.charCodeAt(i) === 0x25 && hexValue(text.charCodeAt(i + 1)) >= 0 && hexValue(text.charCodeAt(i + 2)) >= 0;
}

/** Returns the byte a triplet at `i` denotes (call only where isTripletAt holds). */
export function tripletByte(text: string, i: number): number {
  return hexValue(text.charCodeAt(i + 1)) * 16 + hexValue(text.charCodeAt(i + 2));
}

/** `%XX` for each byte, made on first use: nothing is built when the module is imported. */
let triplets: readonly string[] | undefined;

/** Returns `%XX` for a byte, upper-case hex. */
function formatTriplet(byte: number): string {
  triplets ??= Array.from({ length: 256 }, (_, b) => '%' + HEX.charAt(b >> 4) + HEX.charAt(b & 0xf));
  return triplets[byte & 0xff] as string;
}

/** Returns true for the unreserved ASCII characters `A–Z a–z 0–9 - . _ ~` (§1.2). */
export function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/**
 * Appends the UTF-8 bytes of the character starting at `i` and returns how many UTF-16 units it
 * took. A lone surrogate U+DC80–U+DCFF stands for the raw byte 0x80–0xFF (Python's
 * `surrogateescape`, how the `py-rfc` lens keeps undecodable bytes); any other lone surrogate
 * becomes U+FFFD's bytes, as TextEncoder does.
 */
function pushUtf8At(text: string, i: number, out: number[]): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) {
    out.push(code);
    return 1;
  }
  if (code < 0x800) {
    out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    return 1;
  }
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      const cp = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
      return 2;
    }
    out.push(0xef, 0xbf, 0xbd);
    return 1;
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    if (code >= 0xdc80 && code <= 0xdcff) out.push(code - 0xdc00);
    else out.push(0xef, 0xbf, 0xbd);
    return 1;
  }
  out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  return 1;
}

/** Returns the UTF-8 bytes of `text` (lone surrogates as pushUtf8At says). */
export function utf8Bytes(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length;) i += pushUtf8At(text, i, out);
  return out;
}

/**
 * Returns the bytes of `text` with its triplets decoded (§1.2 "decode triplets to bytes"): each
 * triplet becomes its byte, unless `keep(byte)` says to leave it as written (then its three
 * characters are copied, hex upper-cased when `upperKept`); every other character gives its
 * UTF-8 bytes. A `%` that starts no triplet stays a literal `%`.
 */
export function decodeTripletsToBytes(text: string, keep?: (byte: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length;) {
    if (isTripletAt(text, i)) {
      const byte = tripletByte(text, i);
      if (keep !== undefined && keep(byte)) {
        const triplet = formatTriplet(byte);
        out.push(0x25, triplet.charCodeAt(1), triplet.charCodeAt(2));
      } else {
        out.push(byte);
      }
      i += 3;
    } else {
      i += pushUtf8At(text, i, out);
    }
  }
  return out;
}

/** Per safe set, what each byte is written as: itself, or its triplet. */
const SAFE_TABLES = new Map<string, readonly string[]>();

function safeTable(safe: string): readonly string[] {
  let table = SAFE_TABLES.get(safe);
  if (table === undefined) {
    table = Array.from({ length: 256 }, (_, b) =>
      b < 0x80 && (isUnreserved(b) || safe.includes(String.fromCharCode(b)))
        ? String.fromCharCode(b)
        : formatTriplet(b),
    );
    SAFE_TABLES.set(safe, table);
  }
  return table;
}

/**
 * Returns `bytes` encoded except the ASCII characters of `safe` (§1.2 "encode except S"): unreserved
 * characters and those of `safe` stay, every other byte becomes `%XX` with upper-case hex.
 */
export function encodeExcept(bytes: readonly number[], safe: string): string {
  const table = safeTable(safe);
  let out = '';
  for (const byte of bytes) out += table[byte];
  return out;
}

/** Returns `encodeExcept(utf8Bytes(text), safe)` without building the byte array. */
export function encodeTextExcept(text: string, safe: string): string {
  const table = safeTable(safe);
  const bytes: number[] = [];
  let out = '';
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      out += table[code];
      i++;
      continue;
    }
    bytes.length = 0;
    i += pushUtf8At(text, i, bytes);
    for (const b of bytes) out += table[b];
  }
  return out;
}

/**
 * Returns `text` with its triplets decoded to bytes and encoded again except `safe` (decode, then
 * encode: §3.6 "normalised" with `/`), without the byte array when there is no `%`.
 */
export function reencodeExcept(text: string, safe: string): string {
  return text.includes('%') ? encodeExcept(decodeTripletsToBytes(text), safe) : encodeTextExcept(text, safe);
}

/** How a UTF-8 decoder treats an invalid sequence (one maximal subpart at a time). */
export type Utf8Errors =
  /** One U+FFFD per invalid subpart, as `new TextDecoder('utf-8')`. */
  | 'replace'
  /** Dropped (Python's `errors='ignore'`). */
  | 'ignore'
  /** Each byte kept as the lone surrogate U+DC00 + byte (Python's `surrogateescape`). */
  | 'surrogateescape';

/** Returns how many bytes of a valid UTF-8 sequence start at `i`, or -(length of the invalid subpart). */
function sequenceLength(bytes: ArrayLike<number>, i: number): number {
  const lead = bytes[i] as number;
  if (lead < 0x80) return 1;
  let need: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return -1;
  for (let k = 1; k <= need; k++) {
    const b = bytes[i + k];
    if (b === undefined || b < low || b > high) return -k;
    low = 0x80;
    high = 0xbf;
  }
  return need + 1;
}

/** Returns true when `bytes` are entirely valid UTF-8. */
export function isValidUtf8(bytes: ArrayLike<number>): boolean {
  for (let i = 0; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    if (n < 0) return false;
    i += n;
  }
  return true;
}

/** Returns the text `bytes` spell in UTF-8, invalid subparts handled as `errors` says. A BOM is kept. */
export function decodeUtf8(bytes: ArrayLike<number>, errors: Utf8Errors): string {
  const parts: string[] = [];
  let codes: number[] = [];
  const flush = (): void => {
    parts.push(String.fromCharCode.apply(null, codes));
    codes = [];
  };
  for (let i = 0; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      const lead = bytes[i] as number;
      let cp: number;
      if (n === 1) cp = lead;
      else if (n === 2) cp = ((lead & 0x1f) << 6) | ((bytes[i + 1] as number) & 0x3f);
      else if (n === 3)
        cp = ((lead & 0x0f) << 12) | (((bytes[i + 1] as number) & 0x3f) << 6) | ((bytes[i + 2] as number) & 0x3f);
      else
        cp =
          ((lead & 0x07) << 18) |
          (((bytes[i + 1] as number) & 0x3f) << 12) |
          (((bytes[i + 2] as number) & 0x3f) << 6) |
          ((bytes[i + 3] as number) & 0x3f);
      if (cp >= 0x10000) codes.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
      else codes.push(cp);
      i += n;
    } else {
      const bad = -n;
      if (errors === 'replace') codes.push(0xfffd);
      else if (errors === 'surrogateescape')
        for (let k = 0; k < bad; k++) codes.push(0xdc00 + (bytes[i + k] as number));
      i += bad;
    }
    if (codes.length >= 8192) flush();
  }
  flush();
  return parts.join('');
}

/** Returns the text of UTF-8 bytes read with replacement (§1.2 "UTF-8 with replacement"). */
export function utf8WithReplacement(bytes: ArrayLike<number>): string {
  return decodeUtf8(bytes, 'replace');
}

/** Returns true for Python's `str.strip()` whitespace (§1.2). Not U+200B, not U+FEFF. */
function isPythonSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    (code >= 0x1c && code <= 0x20) ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Returns true for Java's `String.trim()` whitespace: every character ≤ U+0020 (§1.2). */
export function isJavaSpace(code: number): boolean {
  return code <= 0x20;
}

/** Returns true for RFC 9309's WS: space and tab (§1.2). */
export function isWs(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Returns `text` without the leading and trailing characters `isSpace` accepts. */
export function trimBy(text: string, isSpace: (code: number) => boolean): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Python `str.strip()`. */
export function stripPython(text: string): string {
  return trimBy(text, isPythonSpace);
}

/** Returns the text before the first `#` (every lens ends a line's content there). */
export function cutComment(text: string): string {
  const hash = text.indexOf('#');
  return hash < 0 ? text : text.slice(0, hash);
}

/** The line-break sets of §1.2 and §8. */
export type LineBreaks =
  /** LF, CR, CRLF (Google, robots-parser, RFC 9309). */
  | 'crlf'
  /** Python's `str.splitlines`: LF, CR, CRLF, VT, FF, FS, GS, RS, NEL, LS, PS. */
  | 'python'
  /** crawler-commons: LF, CR (CRLF once), NEL, LS, PS. */
  | 'java';

function isBreak(code: number, breaks: LineBreaks): boolean {
  if (code === 0x0a || code === 0x0d) return true;
  if (breaks === 'crlf') return false;
  if (code === 0x85 || code === 0x2028 || code === 0x2029) return true;
  return breaks === 'python' && (code === 0x0b || code === 0x0c || (code >= 0x1c && code <= 0x1e));
}

/** One line as a parser sees it, with the 1-based line the product shows for its first character. */
export interface SourceLine {
  readonly text: string;
  /** The line number in Google's numbering (LF, CR, CRLF), which the workbench displays. */
  readonly line: number;
}

/**
 * Returns the lines of `text` split at `breaks` (CRLF counts once). A break at the very end adds no
 * empty last line. Each line carries the displayed line number (LF, CR or CRLF counted), so a lens
 * that splits elsewhere (NEL, FF) still reports the line a person sees.
 */
export function splitLines(text: string, breaks: LineBreaks): SourceLine[] {
  const lines: SourceLine[] = [];
  let shown = 1;
  let start = 0;
  let startShown = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isBreak(code, breaks)) continue;
    lines.push({ text: text.slice(start, i), line: startShown });
    if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    if (code === 0x0a || code === 0x0d) shown++;
    start = i + 1;
    startShown = shown;
  }
  if (start < text.length) lines.push({ text: text.slice(start), line: startShown });
  return lines;
}

/**
 * Returns `value` with unreserved triplets decoded, other triplets upper-cased, and non-ASCII (as
 * UTF-8), controls, DEL, a stray `%` and the characters of `unsafe` encoded; for a URL (`isUrl`),
 * `*` and `$` too. Crawler-commons and the strict RFC reading both normalise this way, each with
 * its own set of characters that may not stand in a URI.
 */
export function normaliseTriplets(value: string, isUrl: boolean, unsafe: string): string {
  let out = '';
  const bytes: number[] = [];
  for (let i = 0; i < value.length;) {
    if (isTripletAt(value, i)) {
      const byte = tripletByte(value, i);
      out += isUnreserved(byte) ? String.fromCharCode(byte) : formatTriplet(byte);
      i += 3;
      continue;
    }
    const code = value.charCodeAt(i);
    if (code >= 0x80) {
      bytes.length = 0;
      i += pushUtf8At(value, i, bytes);
      for (const b of bytes) out += formatTriplet(b);
      continue;
    }
    const ch = value.charAt(i);
    const encode =
      code < 0x20 || code === 0x7f || code === 0x25 || unsafe.includes(ch) || (isUrl && (ch === '*' || ch === '$'));
    out += encode ? formatTriplet(code) : ch;
    i++;
  }
  return out;
}

/** A body's text as the WHATWG UTF-8 decode reads it, and where each character's bytes start. */
export interface BodyReading {
  /** The text: a leading BOM is not text (dropped), invalid subparts are U+FFFD, as `new TextDecoder()`. */
  readonly text: string;
  /** True when the bytes start with the UTF-8 BOM (EF BB BF), which the text leaves out. */
  readonly bom: boolean;
  /** The byte offset of each UTF-16 unit of `text`, and `bytes.length` after the last (text.length + 1 entries). */
  readonly byteAt: Uint32Array;
}

/**
 * Returns the text of a robots.txt body's bytes as the WHATWG UTF-8 decode (`new TextDecoder()`)
 * reads it, the one reading of bytes as text the lens fixes use: a leading BOM is not text, each
 * invalid subpart is one U+FFFD. With each character's byte offset, so an edit to the text can be
 * applied to the bytes.
 */
export function readBodyBytes(bytes: Uint8Array): BodyReading {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const start = bom ? 3 : 0;
  const text = decodeUtf8(bom ? bytes.subarray(3) : bytes, 'replace');
  const byteAt = new Uint32Array(text.length + 1);
  let t = 0;
  for (let i = start; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    byteAt[t++] = i;
    // A 4-byte sequence is two UTF-16 units; the second points at the same bytes.
    if (n === 4) byteAt[t++] = i;
    i += n > 0 ? n : -n;
  }
  byteAt[t] = bytes.length;
  return { text, bom, byteAt };
}

/** Returns the text of a body's bytes as the WHATWG UTF-8 decode reads it (a leading BOM is not text). */
export function bodyBytesText(bytes: Uint8Array): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return decodeUtf8(bom ? bytes.subarray(3) : bytes, 'replace');
}
