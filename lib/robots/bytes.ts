/**
 * Byte strings: one JS character per UTF-8 byte (docs/semantics/robots.md §5b). The ASCII-only rules of §1
 * (trim, case-fold) are lib/shared/ascii.ts.
 */

import { isAscii } from '../shared/ascii';

/** Characters per `String.fromCharCode` call (keeps the argument list short) and per `encodeInto` call. */
const CHUNK = 8192;

let encoder: InstanceType<typeof TextEncoder> | undefined;

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
