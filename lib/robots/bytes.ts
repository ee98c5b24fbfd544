/**
 * Byte strings: one JS character per UTF-8 byte (SEMANTICS.md §5b), and the ASCII-only helpers
 * (trim, case-fold) that §1 asks for instead of `trim()` and `toLowerCase()`.
 */

/** Characters per `String.fromCharCode` call (keeps the argument list short) and per `encodeInto` call. */
const CHUNK = 8192;

const NON_ASCII = /[\x80-\uffff]/;

let encoder: InstanceType<typeof TextEncoder> | undefined;
let chunkBytes: Uint8Array | undefined;

/** Returns true when every character of `text` is ASCII (so its byte string is itself). */
export function isAscii(text: string): boolean {
  if (text.length < 256) return !NON_ASCII.test(text);
  // A whole body: encodeInto copies ASCII at memory speed, ten times a regex's pace. Any other
  // character takes more UTF-8 bytes than UTF-16 units, so `written` exceeds the length.
  encoder ??= new TextEncoder();
  chunkBytes ??= new Uint8Array(3 * CHUNK);
  for (let i = 0; i < text.length; i += CHUNK) {
    const part = text.slice(i, i + CHUNK);
    if (encoder.encodeInto(part, chunkBytes).written !== part.length) return false;
  }
  return true;
}

/**
 * Returns the UTF-8 bytes of `text` as a byte string. A lone surrogate becomes EF BF BD (U+FFFD),
 * as `TextEncoder` does. ASCII text is returned as is.
 */
export function encodeUtf8ByteString(text: string): string {
  return isAscii(text) ? text : bytesToByteString((encoder ??= new TextEncoder()).encode(text));
}

/** Returns the bytes as a byte string (byte n becomes character n; no decoding). */
export function bytesToByteString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return out;
}

/**
 * Returns a byte string's bytes (character n becomes byte n). A plain loop: `Uint8Array.from` with
 * a mapping function walks the string's iterator, ~30 ms for 500 KiB.
 */
export function byteStringToBytes(bytes: string): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

let decoder: InstanceType<typeof TextDecoder> | undefined;

/**
 * Returns the text a byte string spells in UTF-8, for display. Invalid sequences (a line cut inside a
 * character, a Latin-1 file) become U+FFFD; a BOM is kept as U+FEFF.
 */
export function decodeUtf8ByteString(bytes: string): string {
  if (isAscii(bytes)) return bytes;
  decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
  return decoder.decode(byteStringToBytes(bytes));
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
  // Short text (tokens, keys) is checked by a loop: no regex to compile on a cold start.
  let ascii = true;
  if (text.length >= 256) ascii = isAscii(text);
  else for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
  return ascii ? text.toLowerCase() : text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}
