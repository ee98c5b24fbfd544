import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadSitemaps, MAX_URLS_PER_FILE, readSitemapBody, type SitemapFetch } from '../../../lib/sitemaps';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

async function* chunksOf(text: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

function urlset(urls: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${urls.map((u) => `<url><loc>${u}</loc></url>`).join('\n')}\n</urlset>\n`;
}

/** A fake fetch serving `files` by URL; anything else is a 404. */
function serve(files: Record<string, { body: string | Uint8Array; status?: number; type?: string }>): SitemapFetch {
  return (url) => {
    const file = files[url];
    const response =
      file === undefined
        ? new Response('not found', { status: 404, statusText: 'Not Found' })
        : new Response(file.body as unknown as ConstructorParameters<typeof Response>[0], {
            status: file.status ?? 200,
            headers: { 'content-type': file.type ?? 'application/xml' },
          });
    Object.defineProperty(response, 'url', { value: url });
    return Promise.resolve(response);
  };
}

describe('readSitemapBody', () => {
  const cases = [
    {
      name: 'reads each <loc> of a urlset, trimmed of whitespace around it',
      source: 'sitemaps.org: XML tag definitions',
      body: `<urlset xmlns="${NS}"><url><loc>\n   https://a.test/x\n  </loc></url><url><loc>https://a.test/y</loc></url></urlset>`,
      urls: ['https://a.test/x', 'https://a.test/y'],
    },
    {
      name: 'decodes entities in a <loc>',
      source: 'sitemaps.org: entity escaping',
      body: `<urlset xmlns="${NS}"><url><loc>https://a.test/?a=1&amp;b=&apos;2&apos;&#x26;c</loc></url></urlset>`,
      urls: ["https://a.test/?a=1&b='2'&c"],
    },
    {
      name: 'reads a <loc> written as CDATA',
      source: 'XML 1.0 §2.7 CDATA sections',
      body: `<urlset xmlns="${NS}"><url><loc><![CDATA[https://a.test/?q=<x>&y]]></loc></url></urlset>`,
      urls: ['https://a.test/?q=<x>&y'],
    },
    {
      name: 'skips a UTF-8 BOM before the XML declaration',
      source: 'XML 1.0 appendix F',
      body: `\uFEFF<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${NS}"><url><loc>https://a.test/bom</loc></url></urlset>`,
      urls: ['https://a.test/bom'],
    },
    {
      name: 'lists xhtml:link alternates and image locations as URLs too',
      source: 'Google: hreflang in sitemaps; image sitemaps',
      body:
        `<urlset xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` +
        '<url><loc>https://a.test/en</loc><xhtml:link rel="alternate" hreflang="de" href="https://a.test/de"/>' +
        '<image:image><image:loc>https://a.test/i.png</image:loc></image:image></url></urlset>',
      urls: ['https://a.test/en', 'https://a.test/de', 'https://a.test/i.png'],
    },
    {
      name: 'reads a sitemap written with a prefixed sitemap namespace',
      source: 'XML Namespaces 1.0: prefixes are arbitrary',
      body: `<s:urlset xmlns:s="${NS}"><s:url><s:loc>https://a.test/p</s:loc></s:url></s:urlset>`,
      urls: ['https://a.test/p'],
    },
    {
      name: 'reads the item links of an RSS feed',
      source: 'Google: RSS 2.0 as a sitemap',
      body: '<rss version="2.0"><channel><link>https://a.test/</link><item><link>https://a.test/post</link></item></channel></rss>',
      urls: ['https://a.test/post'],
    },
    {
      name: 'reads the entry links of an Atom feed',
      source: 'Google: Atom 1.0 as a sitemap',
      body: '<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://a.test/"/><entry><link rel="alternate" href="https://a.test/e1"/></entry></feed>',
      urls: ['https://a.test/e1'],
    },
    {
      name: 'reads a text sitemap, one URL per line, ignoring other lines',
      source: 'sitemaps.org: text file',
      body: 'https://a.test/1\r\n\r\nnot a url\nhttps://a.test/2',
      urls: ['https://a.test/1', 'https://a.test/2'],
    },
  ];
  it.each(cases)('$name', async ({ body, urls }) => {
    const reading = await readSitemapBody(chunksOf(body));
    expect(reading.kind).toBe('read');
    if (reading.kind !== 'read') return;
    expect(reading.urls.map((u) => u.url)).toEqual(urls);
  });

  it('lists the child sitemaps of a sitemap index', async () => {
    const body = `<sitemapindex xmlns="${NS}"><sitemap><loc>https://a.test/s1.xml</loc></sitemap><sitemap><loc>https://a.test/s2.xml.gz</loc></sitemap></sitemapindex>`;
    const reading = await readSitemapBody(chunksOf(body));
    expect(reading).toMatchObject({
      kind: 'read',
      format: 'sitemapindex',
      sitemaps: ['https://a.test/s1.xml', 'https://a.test/s2.xml.gz'],
    });
  });

  it('says where broken XML breaks, by line', async () => {
    const body = `<urlset xmlns="${NS}">\n<url><loc>https://a.test/1</loc></url>\n<url><loc>https://a.test/2</url>\n</urlset>`;
    const reading = await readSitemapBody(chunksOf(body));
    expect(reading).toMatchObject({ kind: 'malformed', line: 3 });
  });

  it('recognises an HTML page served as a sitemap', async () => {
    const reading = await readSitemapBody(
      chunksOf('<!DOCTYPE html><html><head><title>Oops</title></head><body>&nbsp;<br></body></html>'),
    );
    expect(reading.kind).toBe('html');
  });

  it('says which root element another XML document has', async () => {
    const reading = await readSitemapBody(chunksOf('<note><to>x</to></note>'));
    expect(reading).toEqual({ kind: 'not-sitemap', root: 'note', bytes: 23 });
  });

  it('stops at the byte limit and says the file is too large', async () => {
    const body = urlset(Array.from({ length: 1000 }, (_, i) => `https://a.test/${i}`));
    const reading = await readSitemapBody(chunksOf(body, 512), { maxBytes: 4096 });
    expect(reading).toMatchObject({ kind: 'read', tooLarge: true, bytes: 4096 });
    if (reading.kind === 'read') expect(reading.urls.length).toBeLessThan(1000);
  });
});

describe('loadSitemaps', () => {
  it('follows an index to a plain and a gzipped sitemap', async () => {
    const fetch = serve({
      'https://a.test/index.xml': {
        body: `<sitemapindex xmlns="${NS}"><sitemap><loc>https://a.test/a.xml</loc></sitemap><sitemap><loc>https://a.test/b.xml.gz</loc></sitemap></sitemapindex>`,
      },
      'https://a.test/a.xml': { body: urlset(['https://a.test/1', 'https://a.test/2']) },
      'https://a.test/b.xml.gz': {
        body: gzipSync(urlset(['https://a.test/2', 'https://a.test/3'])),
        type: 'application/gzip',
      },
    });
    const set = await loadSitemaps(['https://a.test/index.xml'], { fetch });
    expect(set.urls.map((u) => u.url)).toEqual(['https://a.test/1', 'https://a.test/2', 'https://a.test/3']);
    expect(set.outcomes.map((o) => o.message)).toEqual([
      'Fetched OK: a sitemap index listing 2 sitemaps.',
      'Fetched OK: a sitemap with 2 URLs.',
      'Fetched OK: a sitemap with 2 URLs (1 already listed).',
    ]);
  });

  it.each([
    { name: 'a 404', file: undefined, message: /^404 Not Found: no sitemap at this address\.$/ },
    { name: 'HTML', file: { body: '<!doctype html><p>Home</p>', type: 'text/html' }, message: /^HTML instead of XML/ },
    {
      name: 'broken XML',
      file: { body: `<urlset xmlns="${NS}">\n<url>\n</urlset>` },
      message: /^Malformed XML at line 3/,
    },
    {
      name: 'a 503',
      file: { body: 'busy', status: 503 },
      message: /^HTTP 503: the server did not send the sitemap\.$/,
    },
  ])('says in words what went wrong with $name', async ({ file, message }) => {
    const fetch = serve(file === undefined ? {} : { 'https://a.test/sitemap.xml': file });
    const set = await loadSitemaps(['https://a.test/sitemap.xml'], { fetch });
    expect(set.outcomes).toHaveLength(1);
    expect(set.outcomes[0]).toMatchObject({ status: 'failed', message: expect.stringMatching(message) as unknown });
  });

  it('says when a .gz file is not gzip, and reads it as plain', async () => {
    const fetch = serve({ 'https://a.test/s.xml.gz': { body: urlset(['https://a.test/1']) } });
    const set = await loadSitemaps(['https://a.test/s.xml.gz'], { fetch });
    expect(set.urls).toHaveLength(1);
    expect(set.outcomes[0]?.message).toMatch(/Not gzip/);
  });

  it('says when one file lists more than 50,000 URLs', async () => {
    const urls = Array.from({ length: MAX_URLS_PER_FILE + 1 }, (_, i) => `https://a.test/p/${i}`);
    const fetch = serve({ 'https://a.test/big.xml.gz': { body: gzipSync(urlset(urls)) } });
    const set = await loadSitemaps(['https://a.test/big.xml.gz'], { fetch });
    expect(set.urls).toHaveLength(50_001);
    expect(set.outcomes[0]).toMatchObject({ status: 'warning' });
    expect(set.outcomes[0]?.message).toContain("It lists 50,001 URLs, over the protocol's limit of 50,000 per file");
  });

  it('caps the whole set and says so', async () => {
    const fetch = serve({
      'https://a.test/s.xml': { body: urlset(['https://a.test/1', 'https://a.test/2', 'https://a.test/3']) },
    });
    const set = await loadSitemaps(['https://a.test/s.xml'], { fetch, maxUrls: 2 });
    expect(set.urls).toHaveLength(2);
    expect(set.capNotice).toBe('The set is capped at 2 URLs: further URLs were left out.');
  });

  it('does not follow an index into itself, nor deeper than the depth bound', async () => {
    const index = (child: string) =>
      `<sitemapindex xmlns="${NS}"><sitemap><loc>${child}</loc></sitemap></sitemapindex>`;
    const fetch = serve({
      'https://a.test/i0.xml': { body: index('https://a.test/i1.xml') },
      'https://a.test/i1.xml': { body: index('https://a.test/i0.xml') + '' },
    });
    const looped = await loadSitemaps(['https://a.test/i0.xml'], { fetch });
    expect(looped.outcomes.map((o) => o.url)).toEqual(['https://a.test/i0.xml', 'https://a.test/i1.xml']);
    const shallow = await loadSitemaps(['https://a.test/i0.xml'], { fetch, maxDepth: 0 });
    expect(shallow.outcomes[0]?.message).toContain(
      '1 nested sitemap is deeper than 0 index levels and was not followed',
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const fetch = serve({ 'https://a.test/s.xml': { body: urlset(['https://a.test/1']) } });
    controller.abort();
    const set = await loadSitemaps(['https://a.test/s.xml'], { fetch, signal: controller.signal });
    expect(set).toMatchObject({ cancelled: true, urls: [] });
  });
});
