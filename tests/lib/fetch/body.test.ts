import { describe, expect, it } from 'vitest';
import {
  bodyBytes,
  bodyText,
  describeBody,
  detectWideEncoding,
  isHtmlBody,
  isHtmlContentType,
  parseContentLength,
  readLimitedBytes,
  splitBodyLines,
} from '../../../lib/fetch/body';
import { MAX_ROBOTS_BYTES } from '../../../lib/fetch/constants';
import { parseRobotsTxt } from '../../../lib/robots';

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

async function describeBytes(
  bytes: Uint8Array,
  contentType: string | null = 'text/plain',
  contentLength: string | null = String(bytes.length),
) {
  return describeBody(await readLimitedBytes(streamOf(bytes)), { contentType, contentLength });
}

describe('readLimitedBytes', () => {
  it('keeps a body of exactly 512,000 bytes whole, without a cut', async () => {
    const result = await readLimitedBytes(streamOf(new Uint8Array(MAX_ROBOTS_BYTES)));
    expect(result.truncated).toBe(false);
    expect(result.bytes.byteLength).toBe(MAX_ROBOTS_BYTES);
    expect(result.receivedBytes).toBe(MAX_ROBOTS_BYTES);
  });

  it('cuts a body of 512,001 bytes at exactly 512,000 and records the cut (robots.md §7)', async () => {
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

describe('describeBody', () => {
  it('keeps a leading BOM in the bytes, shows it as U+FEFF and reports it (robots.md §5b)', async () => {
    const body = await describeBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('User-agent: *')]));
    expect(body.hasBom).toBe(true);
    expect(body.bytes).toBe('\xef\xbb\xbfUser-agent: *');
    expect(bodyText(body)).toBe('\uFEFFUser-agent: *');
    expect(body.encoding).toBe('utf-8');
  });

  it('does not invent a BOM', async () => {
    const body = await describeBytes(encoder.encode('User-agent: *'));
    expect(body.hasBom).toBe(false);
    expect(bodyText(body)).toBe('User-agent: *');
  });

  it('keeps a BOM that is not at the start as ordinary text', async () => {
    const body = await describeBytes(encoder.encode('a\uFEFFb'));
    expect(body.hasBom).toBe(false);
    expect(bodyText(body)).toBe('a\uFEFFb');
  });

  it('keeps Latin-1 bytes as they are, reports the file as not UTF-8 and shows them as U+FFFD', async () => {
    const body = await describeBytes(new Uint8Array([...encoder.encode('Disallow: /caf'), 0xe9]));
    expect(body.encoding).toBe('not-utf-8');
    expect(body.bytes).toBe('Disallow: /caf\xe9');
    expect(bodyText(body)).toBe('Disallow: /caf\uFFFD');
  });

  it('carries multi-byte UTF-8 as its bytes and decodes it for display', async () => {
    const body = await describeBytes(encoder.encode('Disallow: /café/日本'));
    expect(body.encoding).toBe('utf-8');
    expect(body.bytes.length).toBe(encoder.encode('Disallow: /café/日本').length);
    expect(bodyText(body)).toBe('Disallow: /café/日本');
  });

  it('survives JSON (storage.local, messages) byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const body = await describeBytes(bytes);
    const copy = JSON.parse(JSON.stringify(body)) as typeof body;
    expect(bodyBytes(copy)).toEqual(bytes);
  });

  it('drops a character split by the 512,000-byte cut from the display instead of calling the file invalid', async () => {
    // 511,999 ASCII bytes, then "é" (C3 A9) straddling the limit, then more.
    const bytes = new Uint8Array([...new Uint8Array(MAX_ROBOTS_BYTES - 1).fill(0x61), 0xc3, 0xa9, 0x62]);
    const body = await describeBytes(bytes);
    expect(body.truncated).toBe(true);
    expect(body.encoding).toBe('utf-8');
    expect(body.bytes.length).toBe(MAX_ROBOTS_BYTES);
    expect(bodyText(body).length).toBe(MAX_ROBOTS_BYTES - 1);
    expect(bodyText(body).endsWith('a')).toBe(true);
  });

  it('keeps a character that ends exactly at the cut', async () => {
    const bytes = new Uint8Array([...new Uint8Array(MAX_ROBOTS_BYTES - 2).fill(0x61), 0xc3, 0xa9, 0x62]);
    const body = await describeBytes(bytes);
    expect(body.truncated).toBe(true);
    expect(bodyText(body).endsWith('aé')).toBe(true);
  });

  it('drops a four-byte character cut after its third byte', async () => {
    const bytes = new Uint8Array([...new Uint8Array(MAX_ROBOTS_BYTES - 3).fill(0x61), 0xf0, 0x9f, 0xa4, 0x96]);
    const body = await describeBytes(bytes);
    expect(bodyText(body)).toBe('a'.repeat(MAX_ROBOTS_BYTES - 3));
    expect(body.encoding).toBe('utf-8');
  });

  it('records the Content-Type as sent and the Content-Length as a number', async () => {
    const body = await describeBytes(encoder.encode('x'), 'text/plain; charset=utf-8', '852992');
    expect(body.contentType).toBe('text/plain; charset=utf-8');
    expect(body.contentLength).toBe(852_992);
    const bare = await describeBytes(encoder.encode('x'), null, null);
    expect(bare).toMatchObject({ contentType: null, contentLength: null });
  });
});

describe('parseContentLength', () => {
  it.each([
    { value: '512', length: 512 },
    { value: ' 0 ', length: 0 },
    { value: null, length: null },
    { value: '12, 12', length: null },
    { value: '-1', length: null },
    { value: '1e6', length: null },
  ])('$value → $length', ({ value, length }) => {
    expect(parseContentLength(value)).toBe(length);
  });
});

describe('detectWideEncoding', () => {
  const text = 'User-agent: *\nDisallow: /private/\n';
  const le16 = Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0), 0]));
  const be16 = Uint8Array.from([...text].flatMap((c) => [0, c.charCodeAt(0)]));
  const le32 = Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0), 0, 0, 0]));
  it.each([
    {
      name: 'UTF-16LE by its BOM',
      bytes: Uint8Array.from([0xff, 0xfe, ...le16]),
      expected: { encoding: 'utf-16le', evidence: 'bom' },
    },
    {
      name: 'UTF-16BE by its BOM',
      bytes: Uint8Array.from([0xfe, 0xff, ...be16]),
      expected: { encoding: 'utf-16be', evidence: 'bom' },
    },
    {
      name: 'UTF-32LE by its BOM',
      bytes: Uint8Array.from([0xff, 0xfe, 0, 0, ...le32]),
      expected: { encoding: 'utf-32le', evidence: 'bom' },
    },
    { name: 'UTF-16LE by its NULs', bytes: le16, expected: { encoding: 'utf-16le', evidence: 'nul-pattern' } },
    { name: 'UTF-16BE by its NULs', bytes: be16, expected: { encoding: 'utf-16be', evidence: 'nul-pattern' } },
    { name: 'UTF-32LE by its NULs', bytes: le32, expected: { encoding: 'utf-32le', evidence: 'nul-pattern' } },
    { name: 'plain UTF-8', bytes: encoder.encode(text), expected: null },
    { name: 'UTF-8 with one NUL in a rule', bytes: encoder.encode('User-agent: *\nDisallow: /a\0b\n'), expected: null },
  ])('$name', ({ bytes, expected }) => {
    expect(detectWideEncoding(bytes)).toEqual(expected);
  });
});

describe('isHtmlBody', () => {
  it.each([
    { name: 'a doctype', source: 'robots.md §7: an HTML soft 404', text: '<!DOCTYPE html><html>', html: true },
    { name: 'a doctype after whitespace', source: 'robots.md §7', text: '\n\t  <!doctype html>', html: true },
    { name: 'an html tag', source: 'robots.md §7', text: '<html lang="en">', html: true },
    {
      name: 'an app shell of tags after a BOM',
      source: 'robots.md §7: an app shell',
      text: '\uFEFF<head>\n<meta charset="utf-8">\n<script src="/app.js"></script>\n</head>',
      html: true,
    },
    {
      name: 'one HTML comment above real rules',
      source: 'issue 8, seen 1: never fire on a text file with one markup line',
      text: '<!-- generated by SEO plugin -->\nUser-agent: *\nDisallow: /private/\n',
      html: false,
    },
    { name: 'a single comment line', source: 'issue 8, seen 1', text: '<!-- app shell -->', html: false },
    { name: 'a plain robots.txt', source: 'RFC 9309', text: 'User-agent: *\nDisallow: /', html: false },
    { name: 'a rule mentioning html', source: 'issue 8', text: 'Disallow: /<html', html: false },
    { name: 'a tag-like word', source: 'issue 8', text: '<htmlfoo', html: false },
    {
      name: 'markup in comments and rules',
      source: 'the demo site’s markup case',
      text: "# <script>alert('robots')</script>\nUser-agent: *\nDisallow: /<img src=x onerror=alert(1)>\n",
      html: false,
    },
  ])('$name → $html', ({ text, html }) => {
    expect(isHtmlBody(text)).toBe(html);
  });
});

describe('isHtmlContentType', () => {
  it.each([
    { contentType: 'text/html; charset=UTF-8', html: true },
    { contentType: 'application/xhtml+xml', html: true },
    { contentType: 'text/plain', html: false },
    { contentType: null, html: false },
  ])('$contentType → $html', ({ contentType, html }) => {
    expect(isHtmlContentType(contentType)).toBe(html);
  });
});

describe('splitBodyLines', () => {
  it.each([
    { text: 'a\nb', lines: ['a', 'b'] },
    { text: 'a\r\nb\rc\n', lines: ['a', 'b', 'c', ''] },
    { text: '\uFEFFa\n\rb', lines: ['a', '', 'b'] },
  ])('numbers $text as the parser does', ({ text, lines }) => {
    expect(splitBodyLines(text)).toEqual(lines);
    expect(splitBodyLines(text)).toHaveLength(parseRobotsTxt(text).lineCount);
  });
});
