import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  loadSitemaps,
  MAX_LINE_CHARS,
  MAX_SITEMAP_BYTES,
  MAX_XML_TOKEN_CHARS,
  readSitemapBody,
  type SitemapFetch,
} from '../../../lib/sitemaps';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function index(children: readonly string[]): string {
  return `<sitemapindex xmlns="${NS}">${children.map((c) => `<sitemap><loc>${c.replace(/&/g, '&amp;')}</loc></sitemap>`).join('')}</sitemapindex>`;
}

function urlset(urls: readonly string[]): string {
  return `<urlset xmlns="${NS}">${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;
}

/** A fake fetch serving `files` by URL (anything else 404), recording every URL asked for. */
function serve(files: Record<string, string | Uint8Array>): SitemapFetch & { asked: string[] } {
  const asked: string[] = [];
  const fetch = (url: string) => {
    asked.push(url);
    const body = files[url];
    const response =
      body === undefined
        ? new Response('not found', { status: 404, statusText: 'Not Found' })
        : new Response(body as unknown as ConstructorParameters<typeof Response>[0], { status: 200 });
    Object.defineProperty(response, 'url', { value: url });
    return Promise.resolve(response);
  };
  return Object.assign(fetch, { asked });
}

/** `count` chunks of `chunk` bytes of one repeated character, after `prefix`: a long body never held whole. */
async function* repeated(prefix: string, char: string, count: number, suffix = ''): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(prefix);
  const chunk = new TextEncoder().encode(char.repeat(64 * 1024));
  for (let i = 0; i < count; i++) yield chunk;
  if (suffix) yield new TextEncoder().encode(suffix);
}

/** A byte stream pulling from `chunks`. */
function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = await chunks.next();
      if (step.done === true) controller.close();
      else controller.enqueue(step.value);
    },
  });
}

describe('a sitemap index on another origin', () => {
  it('follows only the sitemaps on the index’s own origin, and lists the others by origin', async () => {
    const fetch = serve({
      'https://a.test/index.xml': index([
        'https://a.test:8080/s.xml',
        'http://localhost/s.xml',
        'http://10.0.0.1/s.xml',
        'https://a.test/admin/delete?confirm=1',
        'https://cdn.other.test/s.xml',
      ]),
      'https://a.test/admin/delete?confirm=1': urlset(['https://a.test/1']),
    });
    const set = await loadSitemaps(['https://a.test/index.xml'], { fetch, siteOrigin: 'https://a.test' });
    // The same-origin path is followed, as the protocol allows (README: a known limit).
    expect(fetch.asked).toEqual(['https://a.test/index.xml', 'https://a.test/admin/delete?confirm=1']);
    expect(set.offSite).toEqual([
      {
        origin: 'https://a.test:8080',
        reason: 'other-port',
        fetchable: true,
        count: 1,
        examples: ['https://a.test:8080/s.xml'],
      },
      {
        origin: 'http://localhost',
        reason: 'private-address',
        fetchable: false,
        count: 1,
        examples: ['http://localhost/s.xml'],
      },
      {
        origin: 'http://10.0.0.1',
        reason: 'private-address',
        fetchable: false,
        count: 1,
        examples: ['http://10.0.0.1/s.xml'],
      },
      {
        origin: 'https://cdn.other.test',
        reason: 'other-host',
        fetchable: true,
        count: 1,
        examples: ['https://cdn.other.test/s.xml'],
      },
    ]);
    expect(set.outcomes[0]?.message).toContain('4 of its sitemaps are on another site and were not followed');
  });

  it('does not follow Sitemap lines of robots.txt on another host either', async () => {
    const fetch = serve({});
    const set = await loadSitemaps(['https://elsewhere.test/s.xml', 'http://192.168.0.1/s.xml'], {
      fetch,
      siteOrigin: 'https://a.test',
    });
    expect(fetch.asked).toEqual([]);
    expect(set.offSite.map((g) => [g.origin, g.fetchable])).toEqual([
      ['https://elsewhere.test', true],
      ['http://192.168.0.1', false],
    ]);
  });

  it('fetches another origin when the person approved it, but never a private one for a public site', async () => {
    const fetch = serve({
      'https://a.test/index.xml': index(['https://cdn.other.test/s.xml', 'http://127.0.0.1/s.xml']),
      'https://cdn.other.test/s.xml': urlset(['https://cdn.other.test/p']),
    });
    const set = await loadSitemaps(['https://a.test/index.xml'], {
      fetch,
      siteOrigin: 'https://a.test',
      allowedOrigins: ['https://cdn.other.test', 'http://127.0.0.1'],
    });
    expect(fetch.asked).toEqual(['https://a.test/index.xml', 'https://cdn.other.test/s.xml']);
    expect(set.urls.map((u) => u.url)).toEqual(['https://cdn.other.test/p']);
    expect(set.offSite.map((g) => g.origin)).toEqual(['http://127.0.0.1']);
  });

  it('on a loopback site, follows its own origin but not another port of 127.0.0.1', async () => {
    const fetch = serve({
      'http://127.0.0.1:4780/index.xml': index(['http://127.0.0.1:4780/a.xml', 'http://127.0.0.1:4781/b.xml']),
      'http://127.0.0.1:4780/a.xml': urlset(['http://127.0.0.1:4780/1']),
    });
    const set = await loadSitemaps(['http://127.0.0.1:4780/index.xml'], { fetch, siteOrigin: 'http://127.0.0.1:4780' });
    expect(fetch.asked).toEqual(['http://127.0.0.1:4780/index.xml', 'http://127.0.0.1:4780/a.xml']);
    expect(set.offSite).toMatchObject([{ origin: 'http://127.0.0.1:4781', reason: 'other-port', fetchable: true }]);
  });

  it('does not read a sitemap that redirected to another site', async () => {
    const fetch: SitemapFetch = () => {
      const response = new Response(urlset(['http://10.0.0.1/x']));
      Object.defineProperty(response, 'url', { value: 'http://10.0.0.1/s.xml' });
      return Promise.resolve(response);
    };
    const set = await loadSitemaps(['https://a.test/s.xml'], { fetch, siteOrigin: 'https://a.test' });
    expect(set.urls).toEqual([]);
    expect(set.outcomes[0]).toMatchObject({
      status: 'failed',
      message:
        "Redirected to http://10.0.0.1, another site: not read (sitemaps are read only on the site's own origin).",
    });
  });
});

describe('bounded loads', () => {
  it('keeps the queue of sitemaps within the file cap and says how many were left unread', async () => {
    const children = Array.from({ length: 10 }, (_, i) => `https://a.test/s${i}.xml`);
    const fetch = serve({ 'https://a.test/index.xml': index(children) });
    const set = await loadSitemaps(['https://a.test/index.xml'], { fetch, maxFiles: 3 });
    expect(fetch.asked).toEqual(['https://a.test/index.xml', 'https://a.test/s0.xml', 'https://a.test/s1.xml']);
    expect(set.capNotice).toBe('At most 3 sitemap files are read: 8 were left unread.');
  });

  it('lists at most a hundred other sites and counts the sitemaps of the rest', async () => {
    const children = Array.from({ length: 150 }, (_, i) => `https://h${i}.other.test/s.xml`);
    const fetch = serve({ 'https://a.test/index.xml': index(children) });
    const set = await loadSitemaps(['https://a.test/index.xml'], { fetch });
    expect(set.offSite).toHaveLength(100);
    expect(set.capNotice).toBe('50 more sitemaps on other sites were not followed (only 100 other sites are listed).');
  });

  it('reads a 50 MB one-line text body holding at most one capped line, and says the line was too long', async () => {
    const chunks = Math.floor((MAX_SITEMAP_BYTES - 1024) / (64 * 1024));
    const reading = await readSitemapBody(repeated('https://a.test/', 'a', chunks, '\nhttps://a.test/ok\n'));
    expect(reading).toMatchObject({ kind: 'read', format: 'text', tooLong: 1, tooLarge: false });
    if (reading.kind !== 'read') return;
    expect(reading.urls.map((u) => u.url)).toEqual(['https://a.test/ok']);
    expect(reading.bytes).toBeGreaterThan(49 * 1024 * 1024);
    expect(reading.peakHeldChars).toBeLessThanOrEqual(MAX_LINE_CHARS);
  });

  it('stops a body over the byte cap while streaming', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
      for (;;) {
        pulled++;
        yield chunk;
      }
    }
    const reading = await readSitemapBody(endless(), { maxBytes: 1024 * 1024 });
    expect(reading).toMatchObject({ kind: 'read', tooLarge: true, bytes: 1024 * 1024 });
    // The 17th chunk tells that the body goes on past the cap; none after it is pulled.
    expect(pulled).toBe(17);
  });

  it('stops at one XML piece over the token cap and says so in words', async () => {
    const fetch: SitemapFetch = () => {
      const stream = streamOf(repeated(`<urlset xmlns="${NS}"><url><loc>`, 'x', 800));
      const response = new Response(stream);
      Object.defineProperty(response, 'url', { value: 'https://a.test/s.xml' });
      return Promise.resolve(response);
    };
    const set = await loadSitemaps(['https://a.test/s.xml'], { fetch });
    expect(set.outcomes[0]).toMatchObject({
      status: 'failed',
      message: `Not read: one piece of XML at line 1 runs past ${MAX_XML_TOKEN_CHARS.toLocaleString('en-US')} characters, so reading stopped there.`,
    });
  });

  it('ends 300,000 nested elements, gzipped, in words', async () => {
    const gz = gzipSync('<a>'.repeat(300_000));
    expect(gz.byteLength).toBeLessThan(4096);
    const fetch = serve({ 'https://a.test/deep.xml.gz': gz });
    const set = await loadSitemaps(['https://a.test/deep.xml.gz'], { fetch });
    expect(set.outcomes[0]).toMatchObject({
      status: 'failed',
      message: 'Not read: more than 32 elements are nested at line 1 (a sitemap needs 4), so reading stopped there.',
    });
  });

  it('does not expand entities a document defines (a billion laughs is an undefined entity)', async () => {
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      `<urlset xmlns="${NS}"><url><loc>https://a.test/&lol2;</loc></url></urlset>`;
    const reading = await readSitemapBody(repeated(lol, ' ', 0));
    expect(reading).toMatchObject({ kind: 'malformed', reason: 'undefined entity' });
  });

  it('stops parsing when cancelled between slices, and cancels the stream', async () => {
    const controller = new AbortController();
    let pauses = 0;
    let streamCancelled = false;
    const urls = Array.from({ length: 100_000 }, (_, i) => `https://a.test/page/${i}`);
    const body = new TextEncoder().encode(urlset(urls));
    const fetch: SitemapFetch = () => {
      // One chunk: the whole body is in hand, so only a check inside the parsing can stop it.
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(body);
        },
        cancel() {
          streamCancelled = true;
        },
      });
      const response = new Response(stream);
      Object.defineProperty(response, 'url', { value: 'https://a.test/s.xml' });
      return Promise.resolve(response);
    };
    const set = await loadSitemaps(['https://a.test/s.xml'], {
      fetch,
      signal: controller.signal,
      pause: () => {
        pauses++;
        if (pauses === 2) controller.abort();
        return Promise.resolve();
      },
    });
    expect(set.cancelled).toBe(true);
    expect(set.urls).toEqual([]);
    expect(pauses).toBe(2);
    expect(streamCancelled).toBe(true);
  });

  it('says so when a file takes longer than its time bound', async () => {
    const fetch: SitemapFetch = (_url, init) => {
      // A server that sends the start and then nothing, until the abort.
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(`<urlset xmlns="${NS}">`));
          init.signal?.addEventListener('abort', () => c.error(new Error('aborted')));
        },
      });
      const response = new Response(stream);
      Object.defineProperty(response, 'url', { value: 'https://a.test/s.xml' });
      return Promise.resolve(response);
    };
    const set = await loadSitemaps(['https://a.test/s.xml'], { fetch, timeoutMs: 50 });
    expect(set.outcomes[0]).toMatchObject({
      status: 'failed',
      message: 'Stopped after 0.05 s: the file took too long.',
    });
  });
});
