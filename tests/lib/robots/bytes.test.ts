/**
 * Byte strings: the engine's own UTF-8 loops for short text (a line, a value) against the
 * platform's TextEncoder and TextDecoder, which read the longer text, on random and ill-formed input.
 */

import { describe, expect, it } from 'vitest';
import { bytesToByteString, decodeUtf8ByteString, encodeUtf8ByteString } from '../../../lib/robots/bytes';
import { createRandom, pick } from './support';

const PIECES = [
  '/a',
  'Disallow: ',
  'é',
  'ツ',
  '€',
  '\u0080',
  '\u07ff',
  '\u0800',
  '\uffff',
  '\ufeff',
  '😀',
  '\u{10ffff}',
  '\ud800',
  '\udfff',
  '\udc00x',
  '%C3%A9',
  '\0',
];

/** Bytes that are well-formed UTF-8 and bytes that are not (lone continuations, cut sequences, overlong forms, surrogates, above U+10FFFF). */
const BYTE_PIECES = [
  [0x2f, 0x61],
  [0xc3, 0xa9],
  [0xe3, 0x83, 0x84],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xef, 0xbb, 0xbf],
  [0x80],
  [0xbf],
  [0xc3],
  [0xe3, 0x83],
  [0xf0, 0x9f, 0x98],
  [0xc0, 0xaf],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0xaf],
  [0xe0, 0x9f, 0xbf],
  [0xed, 0xa0, 0x80],
  [0xed, 0x9f, 0xbf],
  [0xf0, 0x8f, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf4, 0x8f, 0xbf, 0xbf],
  [0xf5, 0x80],
  [0xff],
  [0xe9],
];

describe('UTF-8 byte strings', () => {
  it('encodes short and long text exactly as TextEncoder does, lone surrogates included', () => {
    const random = createRandom(41);
    for (let i = 0; i < 3_000; i++) {
      let text = '';
      const pieces = Math.floor(random() * (i % 10 === 0 ? 200 : 12));
      for (let j = 0; j < pieces; j++) text += pick(random, PIECES);
      expect(encodeUtf8ByteString(text)).toBe(bytesToByteString(new TextEncoder().encode(text)));
    }
  });

  it('decodes short and long byte strings exactly as TextDecoder does, U+FFFD where the bytes are ill-formed', () => {
    const random = createRandom(43);
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let i = 0; i < 3_000; i++) {
      const bytes: number[] = [];
      const pieces = Math.floor(random() * (i % 10 === 0 ? 120 : 12));
      for (let j = 0; j < pieces; j++) bytes.push(...pick(random, BYTE_PIECES));
      const byteString = String.fromCharCode(...bytes);
      expect(decodeUtf8ByteString(byteString)).toBe(decoder.decode(new Uint8Array(bytes)));
    }
  });

  it('reads a line of Japanese, an emoji and a BOM back as written', () => {
    const line = '\ufeffDisallow: /ツ/😀/é';
    expect(decodeUtf8ByteString(encodeUtf8ByteString(line))).toBe(line);
    expect(encodeUtf8ByteString('/é')).toBe('/\xc3\xa9');
  });
});
