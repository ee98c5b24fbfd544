import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { createOriginLookups, createUrlJudge } from '../../../entrypoints/background/urls/url-judge';
import { createPageJudge } from '../../../entrypoints/background/robots/judge';
import {
  createResourceCollector,
  createSessionResourceStore,
  type TabRequestDetails,
} from '../../../entrypoints/background/resources/resources';
import { createProtocolClient, type Message } from '../../../lib/protocol/messages';
import { createTestWorker, robots, status } from './helpers';

beforeEach(() => fakeBrowser.reset());

function collector() {
  const store = createSessionResourceStore(storage);
  const writes: number[] = [];
  const counted = {
    ...store,
    write: async (lists: Parameters<typeof store.write>[0]) => {
      writes.push(lists.size);
      await store.write(lists);
    },
  };
  return { collector: createResourceCollector({ store: counted, now: () => 1000, flushMs: 5 }), writes };
}

const request = (tabId: number, url: string, type: string): TabRequestDetails => ({ tabId, url, type });

describe('collecting a tab’s page resources', () => {
  it('starts a list at the main-frame request and adds each subresource with its kind, in one write', async () => {
    const { collector: c, writes } = collector();
    c.record(request(3, 'https://site.test/', 'main_frame'));
    c.record(request(3, 'https://site.test/app.js', 'script'));
    c.record(request(3, 'https://cdn.test/s.css', 'stylesheet'));
    c.record(request(3, 'https://api.test/data', 'xmlhttprequest'));
    c.record(request(-1, 'https://site.test/robots.txt', 'xmlhttprequest'));
    const list = await c.get(3);
    expect(list?.documentUrl).toBe('https://site.test/');
    expect(list?.entries).toEqual([
      { url: 'https://site.test/app.js', type: 'script' },
      { url: 'https://cdn.test/s.css', type: 'stylesheet' },
      { url: 'https://api.test/data', type: 'fetch' },
    ]);
    expect(writes).toEqual([1]);
  });

  it('keeps the list in storage.session, so a new worker finds it and keeps adding to it', async () => {
    const first = collector().collector;
    first.record(request(7, 'https://site.test/', 'main_frame'));
    first.record(request(7, 'https://site.test/a.js', 'script'));
    await first.flush();
    expect(Object.keys(await fakeBrowser.storage.session.get())).toEqual(['resources:7']);

    const second = collector().collector;
    second.record(request(7, 'https://site.test/late.json', 'xmlhttprequest'));
    const list = await second.get(7);
    expect(list?.entries.map((e) => e.url)).toEqual(['https://site.test/a.js', 'https://site.test/late.json']);
  });

  it('starts over for a new document, and keeps tabs apart', async () => {
    const { collector: c } = collector();
    c.record(request(1, 'https://one.test/', 'main_frame'));
    c.record(request(1, 'https://one.test/a.js', 'script'));
    c.record(request(2, 'https://two.test/', 'main_frame'));
    c.record(request(2, 'https://two.test/b.js', 'script'));
    c.record(request(1, 'https://one.test/next', 'main_frame'));
    c.record(request(1, 'https://one.test/c.png', 'image'));
    expect((await c.get(1))?.entries.map((e) => e.url)).toEqual(['https://one.test/c.png']);
    expect((await c.get(1))?.documentUrl).toBe('https://one.test/next');
    expect((await c.get(2))?.entries.map((e) => e.url)).toEqual(['https://two.test/b.js']);
  });

  it('forgets a closed tab’s list', async () => {
    const store = createSessionResourceStore(storage);
    const c = createResourceCollector({ store, now: () => 0, flushMs: 5, onTabRemoved: fakeBrowser.tabs.onRemoved });
    c.register();
    c.record(request(4, 'https://site.test/', 'main_frame'));
    c.record(request(4, 'https://site.test/a.js', 'script'));
    await c.flush();
    await fakeBrowser.tabs.onRemoved.trigger(4, { windowId: 1, isWindowClosing: false });
    await new Promise((r) => setTimeout(r, 5));
    expect(await c.get(4)).toBeNull();
    expect(await fakeBrowser.storage.session.get()).toEqual({});
  });

  it('answers getResources through the protocol with what the tab requested', async () => {
    const worker = createTestWorker();
    worker.service.resources.record(request(9, 'https://site.test/', 'main_frame'));
    worker.service.resources.record(request(9, 'https://site.test/f.woff2', 'font'));
    const client = createProtocolClient((m: Message) => worker.service.handleMessage(m));
    const { resources } = await client.getResources({ tabId: 9 });
    expect(resources?.entries).toEqual([{ url: 'https://site.test/f.woff2', type: 'font' }]);
    expect((await client.getResources({ tabId: 10 })).resources).toBeNull();
    await expect(client.getResources({ tabId: -1 })).rejects.toThrow(/tab id/);
  });
});

/**
 * Serves `count` origins (`https://<prefix><i>.test`) whose robots.txt (`Disallow: /x`) answers
 * after 10 ms; `most()` is the most fetches that ran at once.
 */
function serveSlowly(worker: ReturnType<typeof createTestWorker>, count: number, prefix: string) {
  let running = 0;
  let most = 0;
  const origins = Array.from({ length: count }, (_, i) => `https://${prefix}${i}.test`);
  for (const origin of origins) {
    worker.routes.set(`${origin}/robots.txt`, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return new Response('User-agent: *\nDisallow: /x\n', { status: 200 });
    });
  }
  return { origins, most: () => most };
}

describe('the URL judge (judgeUrls, originRecords)', () => {
  it('judges each URL under its own origin’s robots.txt, fetching each origin once through the cache', async () => {
    const worker = createTestWorker({
      'https://site.test/robots.txt': robots('User-agent: Googlebot\nDisallow: /js/\n'),
      'https://cdn.test/robots.txt': robots('User-agent: *\nDisallow: /static/\n'),
      'https://down.test/robots.txt': status(503),
      'https://gone.test/robots.txt': status(404),
    });
    const client = createProtocolClient((m: Message) => worker.service.handleMessage(m));
    const urls = [
      'https://site.test/js/app.js',
      'https://site.test/css/a.css',
      'https://cdn.test/static/lib.js',
      'https://down.test/font.woff2',
      'https://gone.test/pixel.gif',
      'data:image/png;base64,AA',
    ];
    const answer = await client.judgeUrls({ urls, crawler: 'Googlebot' });
    const records = await client.originRecords({
      origins: ['https://site.test', 'https://cdn.test', 'https://down.test', 'https://gone.test'],
    });
    expect(records.origins.map((o) => [o.origin, o.record.outcome.kind])).toEqual([
      ['https://site.test', 'ok'],
      ['https://cdn.test', 'ok'],
      ['https://down.test', 'unreachable'],
      ['https://gone.test', 'unavailable'],
    ]);
    expect(
      answer.results.map((v) =>
        v.kind === 'judged' ? [v.url, v.allowed, v.line, v.line > 0 ? v.rule : v.explanation] : [v.url],
      ),
    ).toEqual([
      ['https://site.test/js/app.js', false, 2, 'Disallow: /js/'],
      ['https://site.test/css/a.css', true, 0, 'no rule matches: allowed'],
      ['https://cdn.test/static/lib.js', false, 2, 'Disallow: /static/'],
      ['https://down.test/font.woff2', false, 0, 'robots.txt answered 503: everything disallowed'],
      ['https://gone.test/pixel.gif', true, 0, 'robots.txt answered 404: everything allowed'],
      ['data:image/png;base64,AA'],
    ]);
    const first = answer.results[0];
    expect(first?.kind === 'judged' ? first.group : null).toBe('User-agent: Googlebot (lines 1–2)');

    await client.judgeUrls({ urls, crawler: 'bingbot' });
    expect(worker.requested.filter((u) => u.endsWith('/robots.txt')).length).toBe(4);
  });

  it('fetches at most six origins at a time', async () => {
    const worker = createTestWorker();
    const { origins, most } = serveSlowly(worker, 15, 'h');
    const judge = createUrlJudge({
      lookups: createOriginLookups(worker.service.cache),
      judge: createPageJudge(),
      now: () => Date.now(),
    });
    const answer = await judge.judgeUrls({
      urls: origins.map((o) => `${o}/x/1`),
      crawler: 'Googlebot',
      maxOrigins: 20,
    });
    expect(answer.results.every((v) => v.kind === 'judged' && !v.allowed)).toBe(true);
    expect(most()).toBe(6);
  });

  it('shares the six fetches with link marking: both together never run more than six at once', async () => {
    const worker = createTestWorker();
    const client = createProtocolClient((m: Message) => worker.service.handleMessage(m));
    const { origins, most } = serveSlowly(worker, 16, 's');
    const [links, resources] = await Promise.all([
      client.judgeUrls({ urls: origins.slice(0, 8).map((o) => `${o}/x/link`), crawler: 'Googlebot', maxOrigins: 20 }),
      client.originRecords({ origins: origins.slice(8) }),
    ]);
    expect(links.results.every((r) => r.kind === 'judged' && !r.allowed)).toBe(true);
    expect(resources.origins.every((o) => o.record.outcome.kind === 'ok')).toBe(true);
    expect(resources.origins.map((o) => o.origin)).toEqual(origins.slice(8));
    expect(most()).toBe(6);
  });

  it('refuses a request that is not a list of URLs and a crawler', async () => {
    const worker = createTestWorker();
    const client = createProtocolClient((m: Message) => worker.service.handleMessage(m));
    await expect(client.judgeUrls({ urls: 'x' as unknown as string[], crawler: 'Googlebot' })).rejects.toThrow(
      /list of strings/,
    );
    await expect(client.judgeUrls({ urls: [], crawler: ' ' })).rejects.toThrow(/token/);
    // The one crawler-token rule the settings keep: no control character, at most 100 characters.
    await expect(client.judgeUrls({ urls: [], crawler: 'Google\nbot' })).rejects.toThrow(/without control characters/);
    await expect(client.judgeUrls({ urls: [], crawler: 'x'.repeat(101) })).rejects.toThrow(/1 to 100 characters/);
    await expect(client.originRecords({ origins: ['https://a.test/page'] })).rejects.toThrow(/not an http\(s\) origin/);
    await expect(client.originRecords({ origins: ['ftp://a.test'] })).rejects.toThrow(/not an http\(s\) origin/);
  });
});
