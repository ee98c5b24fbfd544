import { describe, expect, it } from 'vitest';
import { decodeBody, isHtmlBody, readLimitedBytes } from '../../../lib/fetch/body';
import { MAX_ROBOTS_BYTES } from '../../../lib/fetch/constants';

const encoder = new TextEncoder();

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** An endless stream of `chunkSize`-byte chunks that counts how many chunks were pulled. */
function endlessStream(
  chunkSize: number,
  fill = 0x61,
): { stream: ReadableStream<Uint8Array>; pulls: () => number; cancelled: () => boolean } {
  let pulls = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(chunkSize).fill(fill));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulls, cancelled: () => cancelled };
}

async function decodeBytes(bytes: Uint8Array, contentType: string | null = 'text/plain') {
  return decodeBody(await readLimitedBytes(streamOf(bytes)), contentType);
}

describe('readLimitedBytes', () => {
  it('keeps a body of exactly 512,000 bytes whole, without a cut', async () => {
    const result = await readLimitedBytes(streamOf(new Uint8Array(MAX_ROBOTS_BYTES)));
    expect(result.truncated).toBe(false);
    expect(result.bytes.byteLength).toBe(MAX_ROBOTS_BYTES);
    expect(result.receivedBytes).toBe(MAX_ROBOTS_BYTES);
  });

  it('cuts a body of 512,001 bytes at exactly 512,000 and records the cut (SEMANTICS §7)', async () => {
    const result = await readLimitedBytes(streamOf(new Uint8Array(MAX_ROBOTS_BYTES), new Uint8Array([0x41])));
    expect(result.truncated).toBe(true);
    expect(result.bytes.byteLength).toBe(MAX_ROBOTS_BYTES);
    expect(result.receivedBytes).toBe(MAX_ROBOTS_BYTES + 1);
  });

  it('stops reading an endless body soon after the limit and cancels it', async () => {
    const endless = endlessStream(64 * 1024);
    const result = await readLimitedBytes(endless.stream);
    expect(result.truncated).toBe(true);
    expect(result.bytes.byteLength).toBe(MAX_ROBOTS_BYTES);
    // 512,000 / 65,536 → the 8th chunk crosses the limit; nothing more is pulled.
    expect(endless.pulls()).toBeLessThanOrEqual(9);
    expect(endless.cancelled()).toBe(true);
  });

  it('joins bytes split over many chunks in order', async () => {
    const result = await readLimitedBytes(streamOf(encoder.encode('User-'), encoder.encode('agent: *\n')));
    expect(new TextDecoder().decode(result.bytes)).toBe('User-agent: *\n');
  });

  it('rejects with the abort reason when aborted mid-body', async () => {
    const controller = new AbortController();
    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const reading = readLimitedBytes(stalled, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(reading).rejects.toThrow('stop');
  });

  it('gives an empty body for a null stream', async () => {
    expect(await readLimitedBytes(null)).toEqual({ bytes: new Uint8Array(0), receivedBytes: 0, truncated: false });
  });
});

describe('decodeBody', () => {
  it('keeps a leading BOM as U+FEFF and reports it (SEMANTICS §5b)', async () => {
    const body = await decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('User-agent: *')]));
    expect(body.hasBom).toBe(true);
    expect(body.text).toBe('\uFEFFUser-agent: *');
    expect(body.validUtf8).toBe(true);
  });

  it('does not invent a BOM', async () => {
    const body = await decodeBytes(encoder.encode('User-agent: *'));
    expect(body.hasBom).toBe(false);
    expect(body.text).toBe('User-agent: *');
  });

  it('keeps a BOM that is not at the start as ordinary text', async () => {
    const body = await decodeBytes(encoder.encode('a\uFEFFb'));
    expect(body.hasBom).toBe(false);
    expect(body.text).toBe('a\uFEFFb');
  });

  it('reports Latin-1 bytes as invalid UTF-8 and replaces them with U+FFFD', async () => {
    const body = await decodeBytes(new Uint8Array([...encoder.encode('Disallow: /caf'), 0xe9]));
    expect(body.validUtf8).toBe(false);
    expect(body.text).toBe('Disallow: /caf\uFFFD');
  });

  it('accepts multi-byte UTF-8 as valid', async () => {
    const body = await decodeBytes(encoder.encode('Disallow: /café/日本'));
    expect(body.validUtf8).toBe(true);
    expect(body.text).toBe('Disallow: /café/日本');
  });

  it('drops a character split by the 512,000-byte cut instead of calling the file invalid', async () => {
    // 511,999 ASCII bytes, then "é" (C3 A9) straddling the limit, then more.
    const bytes = new Uint8Array([...new Uint8Array(MAX_ROBOTS_BYTES - 1).fill(0x61), 0xc3, 0xa9, 0x62]);
    const body = await decodeBytes(bytes);
    expect(body.truncated).toBe(true);
    expect(body.validUtf8).toBe(true);
    expect(body.text.length).toBe(MAX_ROBOTS_BYTES - 1);
    expect(body.text.endsWith('a')).toBe(true);
  });

  it('keeps a character that ends exactly at the cut', async () => {
    const bytes = new Uint8Array([...new Uint8Array(MAX_ROBOTS_BYTES - 2).fill(0x61), 0xc3, 0xa9, 0x62]);
    const body = await decodeBytes(bytes);
    expect(body.truncated).toBe(true);
    expect(body.text.endsWith('aé')).toBe(true);
  });

  it('drops a four-byte character cut after its third byte', async () => {
    const bytes = new Uint8Array([...new Uint8Array(MAX_ROBOTS_BYTES - 3).fill(0x61), 0xf0, 0x9f, 0xa4, 0x96]);
    const body = await decodeBytes(bytes);
    expect(body.text).toBe('a'.repeat(MAX_ROBOTS_BYTES - 3));
    expect(body.validUtf8).toBe(true);
  });

  it('records the Content-Type as sent', async () => {
    expect((await decodeBytes(encoder.encode('x'), 'text/plain; charset=utf-8')).contentType).toBe(
      'text/plain; charset=utf-8',
    );
    expect((await decodeBytes(encoder.encode('x'), null)).contentType).toBeNull();
  });
});

describe('isHtmlBody', () => {
  it.each([
    { name: 'a doctype', text: '<!DOCTYPE html><html>', contentType: 'text/plain', html: true },
    { name: 'a doctype after whitespace', text: '\n\t  <!doctype html>', contentType: null, html: true },
    { name: 'an html tag', text: '<html lang="en">', contentType: null, html: true },
    { name: 'a head tag after a BOM', text: '\uFEFF<head>', contentType: null, html: true },
    { name: 'a comment', text: '<!-- app shell -->', contentType: null, html: true },
    { name: 'a text/html Content-Type', text: 'User-agent: *', contentType: 'text/html; charset=UTF-8', html: true },
    { name: 'an XHTML Content-Type', text: 'User-agent: *', contentType: 'application/xhtml+xml', html: true },
    { name: 'a plain robots.txt', text: 'User-agent: *\nDisallow: /', contentType: 'text/plain', html: false },
    { name: 'a rule mentioning html', text: 'Disallow: /<html', contentType: 'text/plain', html: false },
    { name: 'a tag-like word', text: '<htmlfoo', contentType: null, html: false },
  ])('$name → $html', ({ text, contentType, html }) => {
    expect(isHtmlBody(text, contentType)).toBe(html);
  });
});
