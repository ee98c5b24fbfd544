import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createPageData,
  createSessionPageStore,
  type MainFrameEvents,
  MAX_HEADER_LINES,
} from '../../../entrypoints/background/page/page-headers';
import { acceptedTab, parseDomSnapshot } from '../../../entrypoints/background/page/page-reports';
import { PAGE_PORT } from '../../../lib/protocol/tab-messages';
import { createProtocolClient, type Message, type ProtocolClient } from '../../../lib/protocol/messages';
import type { DomSnapshot } from '../../../lib/verdict/page-state';
import { createTestWorker, robots, T0, type TestWorker, waitUntil } from './helpers';

type Listener = (details: never) => void;

/** A webRequest stand-in: tests fire its events by hand. */
function createFakeEvents() {
  const listeners: Record<string, Listener[]> = {};
  const event = (name: string) => ({
    addListener: (cb: Listener) => void (listeners[name] = [...(listeners[name] ?? []), cb]),
  });
  const events = {
    onBeforeRequest: event('onBeforeRequest'),
    onBeforeRedirect: event('onBeforeRedirect'),
    onResponseStarted: event('onResponseStarted'),
  } as unknown as MainFrameEvents;
  const fire = (name: string, details: object) => {
    for (const l of listeners[name] ?? []) l(details as never);
  };
  return { events, fire };
}

const SNAPSHOT: DomSnapshot = {
  url: 'https://site.test/page',
  metas: [{ name: 'robots', content: 'noindex', inHead: true }],
  canonicals: [{ href: '/main', inHead: true, qualifiers: [] }],
  links: { total: 3, nofollow: 1, ugc: 0, sponsored: 0 },
  trigger: 'load',
};

function createData(enabled = { value: true }) {
  const removed: Array<(tabId: number) => void> = [];
  const data = createPageData({
    store: createSessionPageStore(),
    now: () => T0,
    enabled: async () => enabled.value,
    fetchPage: () => Promise.reject(new Error('no network here')),
  });
  const fake = createFakeEvents();
  data.register(fake.events, (cb) => removed.push(cb));
  return { data, fire: fake.fire, closeTab: (id: number) => removed.forEach((cb) => cb(id)) };
}

describe('main-document headers per tab', () => {
  beforeEach(() => fakeBrowser.reset());

  it('records the final status, the redirect chain, the X-Robots-Tag and Link lines and the usage headers', async () => {
    const { data, fire } = createData();
    fire('onBeforeRequest', { requestId: '1', url: 'https://site.test/a', tabId: 4, type: 'main_frame' });
    fire('onBeforeRedirect', {
      requestId: '1',
      url: 'https://site.test/a',
      tabId: 4,
      statusCode: 301,
      redirectUrl: 'https://site.test/b',
    });
    // Chrome starts the redirected request again with the same id.
    fire('onBeforeRequest', { requestId: '1', url: 'https://site.test/b', tabId: 4, type: 'main_frame' });
    fire('onResponseStarted', {
      requestId: '1',
      url: 'https://site.test/b',
      tabId: 4,
      statusCode: 200,
      fromCache: false,
      responseHeaders: [
        { name: 'X-Robots-Tag', value: 'googlebot: noindex' },
        { name: 'x-robots-tag', value: 'nosnippet' },
        { name: 'Link', value: '</c>; rel="canonical"' },
        { name: 'Content-Usage', value: 'train-ai=n' },
        { name: 'Content-Type', value: 'text/html' },
      ],
    });
    let state = await data.state(4, 'https://site.test/b');
    await waitUntil(async () => {
      state = await data.state(4, 'https://site.test/b');
      return state.observed !== null;
    });
    expect(state.observed).toEqual({
      via: 'observed',
      requestUrl: 'https://site.test/a',
      url: 'https://site.test/b',
      status: 200,
      redirects: [{ status: 301, from: 'https://site.test/a', to: 'https://site.test/b' }],
      robotsHeaders: ['googlebot: noindex', 'nosnippet'],
      linkHeaders: ['</c>; rel="canonical"'],
      // The Use verdict's headers, in received order with their names as received.
      usageHeaders: [
        ['X-Robots-Tag', 'googlebot: noindex'],
        ['x-robots-tag', 'nosnippet'],
        ['Content-Usage', 'train-ai=n'],
      ],
      fromCache: false,
      at: T0,
    });
  });

  it('keeps the record in storage.session: a restarted worker still has it', async () => {
    const first = createData();
    first.fire('onBeforeRequest', { requestId: '9', url: 'https://site.test/', tabId: 2 });
    first.fire('onResponseStarted', {
      requestId: '9',
      url: 'https://site.test/',
      tabId: 2,
      statusCode: 404,
      fromCache: true,
    });
    await waitUntil(async () => (await first.data.state(2, '')).observed !== null);
    const restarted = createData();
    expect((await restarted.data.state(2, 'https://site.test/')).observed?.status).toBe(404);
  });

  it('forgets a closed tab', async () => {
    const { data, fire, closeTab } = createData();
    fire('onResponseStarted', {
      requestId: '3',
      url: 'https://site.test/',
      tabId: 5,
      statusCode: 200,
      fromCache: false,
    });
    await data.putDom(5, SNAPSHOT);
    await waitUntil(async () => (await data.state(5, '')).observed !== null);
    closeTab(5);
    await waitUntil(async () => {
      const s = await data.state(5, '');
      return s.observed === null && s.dom === null;
    });
  });

  it('records nothing when page inspection is off, and says it is off', async () => {
    const enabled = { value: false };
    const { data, fire } = createData(enabled);
    fire('onResponseStarted', {
      requestId: '3',
      url: 'https://site.test/',
      tabId: 5,
      statusCode: 200,
      fromCache: false,
    });
    await data.putDom(5, SNAPSHOT);
    await new Promise((r) => setTimeout(r, 20));
    expect(await data.state(5, 'https://site.test/')).toMatchObject({ enabled: false, observed: null, dom: null });
    enabled.value = true;
    expect(await data.state(5, 'https://site.test/')).toMatchObject({ enabled: true, observed: null, dom: null });
  });

  it('ignores requests without a tab and bounds the header lines a server sends', async () => {
    const { data, fire } = createData();
    fire('onResponseStarted', {
      requestId: 'w',
      url: 'https://site.test/robots.txt',
      tabId: -1,
      statusCode: 200,
      fromCache: false,
    });
    fire('onResponseStarted', {
      requestId: '4',
      url: 'https://site.test/',
      tabId: 1,
      statusCode: 200,
      fromCache: false,
      responseHeaders: Array.from({ length: 500 }, () => ({ name: 'X-Robots-Tag', value: 'x'.repeat(100_000) })),
    });
    await waitUntil(async () => (await data.state(1, '')).observed !== null);
    const observed = (await data.state(1, '')).observed;
    expect(observed?.robotsHeaders).toHaveLength(MAX_HEADER_LINES);
    expect(observed?.robotsHeaders[0]?.length).toBeLessThanOrEqual(4096);
    expect((await data.state(-1, '')).observed).toBeNull();
  });
});

describe("the content script's reports (never trust a page)", () => {
  it('accepts exactly the expected shape', () => {
    expect(parseDomSnapshot(SNAPSHOT)).toEqual(SNAPSHOT);
  });
  it.each([
    { name: 'an extra field', value: { ...SNAPSHOT, extra: 1 } },
    { name: 'a missing field', value: { ...SNAPSHOT, trigger: undefined } },
    { name: 'a javascript: URL', value: { ...SNAPSHOT, url: 'javascript:alert(1)' } },
    {
      name: 'a huge content',
      value: { ...SNAPSHOT, metas: [{ name: 'robots', content: 'x'.repeat(5000), inHead: true }] },
    },
    { name: 'too many metas', value: { ...SNAPSHOT, metas: Array.from({ length: 101 }, () => SNAPSHOT.metas[0]) } },
    {
      name: 'an unknown qualifier',
      value: { ...SNAPSHOT, canonicals: [{ href: '/', inHead: true, qualifiers: ['onclick'] }] },
    },
    { name: 'a negative count', value: { ...SNAPSHOT, links: { ...SNAPSHOT.links, total: -1 } } },
    { name: 'a string', value: 'noindex' },
  ])('refuses $name', ({ value }) => expect(parseDomSnapshot(value)).toBeNull());

  it.each([
    {
      name: 'our top frame, same origin',
      sender: { id: 'ext', tab: { id: 3 }, frameId: 0, url: 'https://site.test/x' },
      tab: 3,
    },
    { name: 'a sub-frame', sender: { id: 'ext', tab: { id: 3 }, frameId: 2, url: 'https://site.test/x' }, tab: null },
    {
      name: 'another extension',
      sender: { id: 'other', tab: { id: 3 }, frameId: 0, url: 'https://site.test/x' },
      tab: null,
    },
    { name: 'no tab', sender: { id: 'ext', frameId: 0, url: 'https://site.test/x' }, tab: null },
    {
      name: 'a report for another origin',
      sender: { id: 'ext', tab: { id: 3 }, frameId: 0, url: 'https://evil.test/' },
      tab: null,
    },
  ])('sender check: $name', ({ sender, tab }) => {
    expect(acceptedTab(sender, 'ext', 'https://site.test/page')).toBe(tab);
  });
});

describe('the worker service: reports, pageState, judgeUrls', () => {
  let worker: TestWorker;
  let client: ProtocolClient;
  let tabId: number;

  beforeEach(async () => {
    fakeBrowser.reset();
    worker = createTestWorker({
      'https://site.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n'),
      'https://other.test/robots.txt': robots('User-agent: Googlebot\nDisallow: /\n'),
    });
    client = createProtocolClient((message: Message) => worker.service.handleMessage(message));
    tabId = (await fakeBrowser.tabs.create({ url: 'https://site.test/page' })).id as number;
  });

  it('keeps a valid port report and gives it back through pageState', async () => {
    const port = worker.onConnect.connect(PAGE_PORT, {
      id: fakeBrowser.runtime.id,
      tab: { id: tabId },
      frameId: 0,
      url: 'https://site.test/page',
    });
    port.post(SNAPSHOT);
    await waitUntil(async () => (await client.pageState({ tabId })).dom !== null);
    expect((await client.pageState({ tabId })).dom).toEqual(SNAPSHOT);
    expect(port.disconnected).toBe(true);
  });

  it('judges the reported page for each crawler with its robots.txt verdict (pageIndexability)', async () => {
    worker.onConnect
      .connect(PAGE_PORT, { id: fakeBrowser.runtime.id, tab: { id: tabId }, frameId: 0, url: 'https://site.test/page' })
      .post(SNAPSHOT);
    await waitUntil(async () => (await client.pageState({ tabId })).dom !== null);
    const answer = await client.pageIndexability({
      tabId,
      crawlers: ['Googlebot', 'bingbot'],
      dom: null,
      served: null,
    });
    expect(answer.state.tabUrl).toBe('https://site.test/page');
    expect(answer.results.map((r) => r.kind)).toEqual(['noindex', 'noindex']);
    expect(answer.headers).toMatchObject({ kind: 'unknown' });
    expect(answer.reports[0]?.[0]).toMatch(/^Index disallowed: noindex/);
    // A fresher reading from the popup wins; a page under /private/ is Blocked by robots.txt.
    const fresh = { ...SNAPSHOT, url: 'https://site.test/private/x', metas: [] };
    const blocked = await client.pageIndexability({ tabId, crawlers: ['Googlebot'], dom: fresh, served: null });
    expect(blocked.results[0]?.kind).toBe('blocked');
    await expect(
      client.pageIndexability({
        tabId,
        crawlers: ['Googlebot'],
        dom: { ...SNAPSHOT, extra: 1 } as never,
        served: null,
      }),
    ).rejects.toThrow(/not a page reading/);
  });

  it('drops a report from a sub-frame and closes its port', async () => {
    const port = worker.onConnect.connect(PAGE_PORT, {
      id: fakeBrowser.runtime.id,
      tab: { id: tabId },
      frameId: 1,
      url: 'https://site.test/page',
    });
    port.post(SNAPSHOT);
    expect(port.disconnected).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect((await client.pageState({ tabId })).dom).toBeNull();
  });

  it('refuses a pageState for a missing tab or with extra fields', async () => {
    await expect(client.pageState({ tabId: 999 })).rejects.toThrow(/no tab 999/);
    await expect(client.pageState({ tabId: 1, more: true } as never)).rejects.toThrow(/nothing else/);
  });

  it('judges URLs across origins, one verdict per URL in input order', async () => {
    const answer = await client.judgeUrls({
      urls: ['https://site.test/private/a', 'https://other.test/x', 'https://site.test/open', 'mailto:a@b.test'],
      crawler: 'Googlebot',
      pageUrl: 'https://site.test/page',
    });
    expect(answer.results.map((r) => (r.kind === 'judged' ? r.allowed : r.kind))).toEqual([
      false,
      false,
      true,
      'not-applicable',
    ]);
    expect(answer.results[0]).toMatchObject({ basis: 'rules', line: 2, rule: 'Disallow: /private/' });
    expect(answer.origins).toBe(2);
  });

  it('caps the other origins it fetches and says which URLs were not checked', async () => {
    const urls = Array.from({ length: 8 }, (_, i) => `https://o${i}.test/page`);
    const answer = await client.judgeUrls({
      urls,
      crawler: 'Googlebot',
      pageUrl: 'https://site.test/page',
      maxOrigins: 3,
    });
    expect(answer.skippedOrigins).toBe(5);
    expect(answer.results.filter((r) => r.kind === 'skipped')).toHaveLength(5);
    expect(answer.results[7]?.kind === 'skipped' ? answer.results[7].explanation : '').toMatch(/at most 3 other sites/);
    expect(worker.requested.filter((u) => u.endsWith('/robots.txt'))).toHaveLength(3);
  });

  it('fetches at most 6 robots.txt files at a time', async () => {
    worker.hold();
    const urls = Array.from({ length: 12 }, (_, i) => `https://c${i}.test/page`);
    const judged = client.judgeUrls({ urls, crawler: 'Googlebot', maxOrigins: 20 });
    await new Promise((r) => setTimeout(r, 50));
    expect(worker.requested).toHaveLength(6);
    worker.release();
    // The rest start as earlier ones finish; release them as they come.
    const releaseLoop = setInterval(() => worker.release(), 5);
    const answer = await judged;
    clearInterval(releaseLoop);
    expect(answer.results.every((r) => r.kind === 'judged')).toBe(true);
  });

  it('looks each link origin up once: one fetch, counted once, no second lookup as a hit', async () => {
    const urls = Array.from({ length: 3 }, (_, i) => `https://once${i}.test/page`);
    await client.judgeUrls({ urls, crawler: 'Googlebot', maxOrigins: 20 });
    const { stats } = await client.listCache({});
    expect(stats).toMatchObject({ fetches: 3, misses: 3, hits: 0 });
  });

  it('refuses a judgeUrls request that is too big or malformed', async () => {
    await expect(
      client.judgeUrls({ urls: Array.from({ length: 10_001 }, () => 'https://site.test/'), crawler: 'Googlebot' }),
    ).rejects.toThrow(/at most/);
    await expect(client.judgeUrls({ urls: [], crawler: '' })).rejects.toThrow(/crawler/);
  });

  it('skips an over-long URL and answers the others: one long link never fails the whole request', async () => {
    const long = `https://site.test/${'x'.repeat(5000)}`;
    const answer = await client.judgeUrls({ urls: [long, 'https://site.test/private/a'], crawler: 'Googlebot' });
    expect(answer.results[0]).toEqual({
      kind: 'skipped',
      url: long,
      explanation: 'not checked: longer than 4,096 characters',
    });
    expect(answer.results[1]).toMatchObject({ kind: 'judged', allowed: false });
  });
});
