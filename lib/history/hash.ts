/**
 * A 64-bit content hash for telling robots.txt bodies apart (not for security): two 32-bit FNV-1a
 * style lanes with different offsets and a final avalanche, over UTF-16 code units. Synchronous,
 * so versioning stays a pure function.
 */

import { bytesToByteString, decodeUtf8ByteString } from '../fetch/body';

/**
 * Returns the hash of a body kept as bytes (one char per byte): that of its text when the bytes
 * are exactly their UTF-8 decoding's encoding (so a version kept as text before matches it), else
 * of the bytes themselves, marked apart (two files whose invalid bytes decode alike differ).
 */
export function hashBody(bytes: string): string {
  const text = decodeUtf8ByteString(bytes);
  if (text === bytes || bytesToByteString(new TextEncoder().encode(text)) === bytes) return hashText(text);
  return hashText(`\u0000bytes\u0000${bytes}`);
}

/** Returns a 16-hex-digit hash of `text`. */
export function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ text.length;
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
