import { describe, expect, it, vi } from 'vitest';
import { MAX_URL_FILE_BYTES } from '../../../lib/workbench';
import { createInProcessWorker, liveInspection } from './fakes';
import { createWorkbenchState, DEBOUNCE_MS } from '../../../entrypoints/workbench/state';

const ORIGIN = 'https://shop.test';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const FILES: Record<string, string> = {
  [`${ORIGIN}/index.xml`]: `<sitemapindex xmlns="${NS}"><sitemap><loc>${ORIGIN}/a.xml</loc></sitemap><sitemap><loc>https://shop.test:8443/b.xml</loc></sitemap><sitemap><loc>http://127.0.0.1:9/c.xml</loc></sitemap></sitemapindex>`,
  [`${ORIGIN}/a.xml`]: `<urlset xmlns="${NS}"><url><loc>${ORIGIN}/p1</loc></url></urlset>`,
  'https://shop.test:8443/b.xml': `<urlset xmlns="${NS}"><url><loc>https://shop.test:8443/p2</loc></url></urlset>`,
};

function setup(download = vi.fn()) {
  const asked: string[] = [];
  const worker = createInProcessWorker((url) => {
    asked.push(url);
    const body = FILES[url];
    const response = body === undefined ? new Response('', { status: 404 }) : new Response(body);
    Object.defineProperty(response, 'url', { value: url });
    return Promise.resolve(response);
  });
  const state = createWorkbenchState({
    client: {
      inspect: () => Promise.resolve(liveInspection(ORIGIN, `User-agent: *\nAllow: /\nSitemap: ${ORIGIN}/index.xml\n`)),
    },
    worker,
    drafts: { load: () => Promise.resolve(undefined), save: () => Promise.resolve() },
    params: { origin: ORIGIN, url: null },
    download,
    copy: vi.fn(() => Promise.resolve()),
    setAddress: vi.fn(),
    now: () => 1000,
  });
  return { state, asked, download };
}

const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE_MS + 100));

describe('sitemaps on other origins in the workbench', () => {
  it('lists them by origin, fetches one only on a click, and never a private address', async () => {
    const { state, asked } = setup();
    await state.start();
    await settle();
    state.loadSitemaps();
    await settle();
    expect(asked).toEqual([`${ORIGIN}/index.xml`, `${ORIGIN}/a.xml`]);
    expect(state.offSite.value.map((g) => [g.origin, g.reason, g.fetchable])).toEqual([
      ['https://shop.test:8443', 'other-port', true],
      ['http://127.0.0.1:9', 'private-address', false],
    ]);
    expect(state.urls.value).toEqual([`${ORIGIN}/p1`]);

    state.fetchOffSite('http://127.0.0.1:9');
    await settle();
    expect(asked).not.toContain('http://127.0.0.1:9/c.xml');

    state.fetchOffSite('https://shop.test:8443');
    await settle();
    expect(asked).toContain('https://shop.test:8443/b.xml');
    expect(asked).not.toContain('http://127.0.0.1:9/c.xml');
    expect(state.offSite.value.map((g) => g.origin)).toEqual(['http://127.0.0.1:9']);
    // Its URLs are another site's: set aside, as a list's are.
    expect(state.otherOrigin.value).toEqual(['https://shop.test:8443/p2']);
  });
});

describe('limits of the URL set and the export', () => {
  it('reads a URL file only up to its cap, drops the cut line and says so', async () => {
    const { state } = setup();
    await state.start();
    await settle();
    const head = new Blob(['/a\n/b\n/c-cut-in-ha']);
    await state.useFile({
      name: 'urls.txt',
      size: MAX_URL_FILE_BYTES + 1000,
      slice: (start, end) => head.slice(start, end),
      text: () => Promise.reject(new Error('the whole file must not be read')),
    });
    await settle();
    expect(state.urls.value).toEqual([`${ORIGIN}/a`, `${ORIGIN}/b`]);
    expect(state.listNotice.value).toBe(
      `The file is ${(MAX_URL_FILE_BYTES + 1000).toLocaleString('en-US')} bytes: only its first 52,428,800 bytes were read.`,
    );
  });

  it('tells a failed export in words', async () => {
    const download = vi.fn(() => {
      throw new RangeError('Invalid string length');
    });
    const { state } = setup(download);
    await state.start();
    await settle();
    await state.exportCsv();
    expect(state.notice.value).toMatch(/^The CSV export failed: Invalid string length\./);
    expect(state.exportState.value).toEqual({ kind: 'idle' });
  });

  it('exports a Blob and says how many rows it wrote', async () => {
    const { state, download } = setup();
    await state.start();
    await settle();
    await state.exportCsv();
    const blob = download.mock.calls.at(-1)?.[1] as Blob;
    expect(blob).toBeInstanceOf(Blob);
    const lines = (await blob.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1 + state.crawlers.length);
    expect(state.exportState.value).toEqual({ kind: 'done', rows: state.crawlers.length });
  });
});
