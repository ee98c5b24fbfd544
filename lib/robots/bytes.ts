/**
 * Byte strings: one JS character per UTF-8 byte (SEMANTICS.md §5b), and the ASCII-only helpers
 * (trim, case-fold) that §1 asks for instead of `trim()` and `toLowerCase()`.
 */

/** Characters of the decoded text per `String.fromCharCode` call (keeps the argument list short). */
const CHUNK = 8192;

const NON_ASCII = /[^\x00-\x7f]/;

/** Returns true when every character of `text` is ASCII (so its byte string is itself). */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/**
 * Returns the UTF-8 bytes of `text` as a byte string. A lone surrogate becomes EF BF BD (U+FFFD),
 * as `TextEncoder` does. ASCII text is returned as is.
 */
export function encodeUtf8ByteString(text: string): string {
  if (isAscii(text)) return text;
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      codes.push(c);
    } else if (c < 0x800) {
      codes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        codes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
      } else {
        codes.push(0xef, 0xbf, 0xbd);
      }
    } else {
      codes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
  }
  return fromCharCodes(codes);
}

/** Returns the bytes as a byte string (byte n becomes character n; no decoding). */
export function bytesToByteString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return out;
}

function fromCharCodes(codes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < codes.length; i += CHUNK) {
    out += String.fromCharCode.apply(null, codes.slice(i, i + CHUNK));
  }
  return out;
}

let decoder: TextDecoder | undefined;

/**
 * Returns the text a byte string spells in UTF-8, for display. Invalid sequences (a line cut inside a
 * character, a Latin-1 file) become U+FFFD; a BOM is kept as U+FEFF.
 */
export function decodeUtf8ByteString(bytes: string): string {
  if (isAscii(bytes)) return bytes;
  const array = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) array[i] = bytes.charCodeAt(i) & 0xff;
  decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
  return decoder.decode(array);
}

/** Returns true for the ASCII whitespace of SEMANTICS.md §1: space, \t, \n, \v, \f, \r. */
export function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** Returns `text` without leading and trailing ASCII whitespace (never Unicode spaces such as NBSP). */
export function trimAscii(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiSpace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Returns `text` with A–Z folded to a–z and nothing else changed (the Kelvin sign stays). */
export function toAsciiLower(text: string): string {
  // On ASCII text the native fold is the ASCII fold; elsewhere it would also fold the Kelvin sign.
  return isAscii(text) ? text.toLowerCase() : text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}
