/**
 * Byte strings: one JS character per UTF-8 byte (docs/semantics/robots.md §5b). The ASCII-only rules of §1
 * (trim, case-fold) are lib/shared/ascii.ts.
 */

import { isAscii } from '../shared/ascii';

/** Characters per `String.fromCharCode` call (keeps the argument list short) and per `encodeInto` call. */
const CHUNK = 8192;

/**
 * Up to this length, text is encoded and decoded by a loop here: a line or a value is a few dozen
 * characters, and a call into TextEncoder or TextDecoder with its copy to and from a Uint8Array
 * costs more than the loop (a 2.7 KiB file of non-ASCII lines parsed ~3× slower through them).
 */
const SHORT = 256;

let encoder: InstanceType<typeof TextEncoder> | undefined;

/**
 * Returns the UTF-8 bytes of `text` as a byte string. A lone surrogate becomes EF BF BD (U+FFFD),
 * as `TextEncoder` does. ASCII text is returned as is.
 */
export function encodeUtf8ByteString(text: string): string {
  if (isAscii(text)) return text;
  if (text.length <= SHORT) return encodeShort(text);
  return bytesToByteString((encoder ??= new TextEncoder()).encode(text));
}

/** Encodes short text as TextEncoder does: ASCII runs copied, a lone surrogate as EF BF BD. */
function encodeShort(text: string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (run < i) out += text.slice(run, i);
    if (c < 0x800) {
      out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      const point = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
      out += String.fromCharCode(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 0x3f),
        0x80 | ((point >> 6) & 0x3f),
        0x80 | (point & 0x3f),
      );
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += '\xef\xbf\xbd';
    } else {
      out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
    run = i + 1;
  }
  return run < text.length ? out + text.slice(run) : out;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
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
  const text = bytes.length <= SHORT ? decodeShortValid(bytes) : null;
  if (text !== null) return text;
  decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
  return decoder.decode(byteStringToBytes(bytes));
}

/**
 * Returns the text of a short byte string of well-formed UTF-8 (the sequences TextDecoder accepts:
 * no overlong form, no surrogate, nothing above U+10FFFF), or null at the first ill-formed one:
 * TextDecoder then says where its U+FFFD go.
 */
function decodeShortValid(bytes: string): string | null {
  let out = '';
  let run = 0;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes.charCodeAt(i);
    if (b < 0x80) continue;
    if (run < i) out += bytes.slice(run, i);
    // The second byte's range depends on the first (it rules out overlong forms and surrogates).
    let low = 0x80;
    let high = 0xbf;
    let more: number;
    let point: number;
    if (b >= 0xc2 && b <= 0xdf) {
      more = 1;
      point = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      more = 2;
      point = b & 0x0f;
      if (b === 0xe0) low = 0xa0;
      else if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      more = 3;
      point = b & 0x07;
      if (b === 0xf0) low = 0x90;
      else if (b === 0xf4) high = 0x8f;
    } else {
      return null;
    }
    if (i + more >= n) return null;
    for (let k = 1; k <= more; k++) {
      const next = bytes.charCodeAt(i + k);
      if (next < low || next > high) return null;
      low = 0x80;
      high = 0xbf;
      point = (point << 6) | (next & 0x3f);
    }
    out += String.fromCodePoint(point);
    i += more;
    run = i + 1;
  }
  return run < n ? out + bytes.slice(run) : out;
}
