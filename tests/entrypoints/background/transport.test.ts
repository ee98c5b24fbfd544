import { describe, expect, it } from 'vitest';
import {
  CRAWLER_FETCH_INIT,
  createWebRequestTransport,
  type RequestDetails,
  type WebRequestEvents,
} from '../../../entrypoints/background/robots/transport';
import { fetchRobotsTxt } from '../../../lib/fetch/policy';

type Listener = (details: never) => unknown;

/** webRequest events that tests fire by hand. */
function createFakeWebRequest() {
  const listeners = new Map<string, Listener[]>();
  /** The extraInfoSpec each event's listeners were added with. */
  const specs = new Map<string, unknown>();
  const event = (name: string) => ({
    addListener: (callback: Listener, _filter: unknown, extraInfoSpec?: unknown) => {
      listeners.set(name, [...(listeners.get(name) ?? []), callback]);
      specs.set(name, extraInfoSpec);
    },
  });
  const events = {
    onBeforeRequest: event('onBeforeRequest'),
    onBeforeRedirect: event('onBeforeRedirect'),
    onResponseStarted: event('onResponseStarted'),
    onErrorOccurred: event('onErrorOccurred'),
  } as unknown as WebRequestEvents;
  /** Fires an event; returns what its listeners answered (a blocking listener may cancel). */
  const fire = (name: string, details: RequestDetails & Record<string, unknown>) =>
    (listeners.get(name) ?? []).map((listener) => listener(details as never));
  return { events, fire, specs };
}

const ROBOTS = 'https://a.test/robots.txt';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createWebRequestTransport', () => {
  it('fetches without credentials, referrer or HTTP cache, following redirects itself', async () => {
    let init: RequestInit | undefined;
    const { transport } = createWebRequestTransport({
      fetch: async (_url, given) => {
        init = given;
        return new Response('x');
      },
      webRequest: undefined,
    });
    await transport({ url: ROBOTS, signal: new AbortController().signal, onRedirect: () => undefined });
    expect(init).toMatchObject({
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      redirect: 'follow',
    });
    expect(CRAWLER_FETCH_INIT).toEqual({
      redirect: 'follow',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  });

  it("records the hops webRequest reports for the worker's own request, even when they arrive after the response", async () => {
    const web = createFakeWebRequest();
    const service = createWebRequestTransport({
      webRequest: web.events,
      fetch: async () => {
        // A page's request for the same URL (tabId 7) must be ignored.
        web.fire('onBeforeRequest', { requestId: 'page', url: ROBOTS, tabId: 7 });
        web.fire('onBeforeRequest', { requestId: 'r1', url: ROBOTS, tabId: -1 });
        setTimeout(() => {
          web.fire('onBeforeRedirect', {
            requestId: 'page',
            url: ROBOTS,
            tabId: 7,
            statusCode: 307,
            redirectUrl: 'https://evil.test/',
          });
          web.fire('onBeforeRedirect', {
            requestId: 'r1',
            url: ROBOTS,
            tabId: -1,
            statusCode: 301,
            redirectUrl: 'https://b.test/robots.txt',
          });
          web.fire('onBeforeRedirect', {
            requestId: 'r1',
            url: 'https://b.test/robots.txt',
            tabId: -1,
            statusCode: 302,
            redirectUrl: 'https://b.test/final',
          });
          web.fire('onResponseStarted', { requestId: 'r1', url: 'https://b.test/final', tabId: -1 });
        }, 20);
        return Object.defineProperty(new Response('User-agent: *'), 'url', { value: 'https://b.test/final' });
      },
    });
    service.register();
    const record = await fetchRobotsTxt(
      { origin: 'https://a.test', robotsUrl: ROBOTS },
      { transport: service.transport, now: () => 0 },
    );
    expect(record.hops).toEqual([
      { status: 301, from: ROBOTS, to: 'https://b.test/robots.txt', crossOrigin: true },
      { status: 302, from: 'https://b.test/robots.txt', to: 'https://b.test/final', crossOrigin: false },
    ]);
    expect(record.finalUrl).toBe('https://b.test/final');
  });

  it('aborts the fetch at the sixth redirect', async () => {
    const web = createFakeWebRequest();
    let aborted = false;
    const service = createWebRequestTransport({
      webRequest: web.events,
      fetch: (_url, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(init.signal?.reason);
          });
          web.fire('onBeforeRequest', { requestId: 'r', url: ROBOTS, tabId: -1 });
          for (let i = 1; i <= 8 && !aborted; i++) {
            web.fire('onBeforeRedirect', {
              requestId: 'r',
              url: '',
              tabId: -1,
              statusCode: 302,
              redirectUrl: `https://a.test/hop${i}`,
            });
          }
        }),
    });
    service.register();
    const record = await fetchRobotsTxt(
      { origin: 'https://a.test', robotsUrl: ROBOTS },
      { transport: service.transport, now: () => 0 },
    );
    expect(aborted).toBe(true);
    expect(record.outcome).toMatchObject({ kind: 'unavailable', cause: 'too-many-redirects' });
    expect(record.hops).toHaveLength(6);
  });

  it.each([
    { browser: 'Chromium', error: 'net::ERR_CONNECTION_REFUSED', fetchMessage: 'Failed to fetch' },
    {
      browser: 'Firefox',
      error: 'NS_ERROR_CONNECTION_REFUSED',
      fetchMessage: 'NetworkError when attempting to fetch resource.',
    },
  ])(
    "$browser: says what webRequest saw instead of fetch's vague TypeError, in words that name no browser",
    async ({ error, fetchMessage }) => {
      const web = createFakeWebRequest();
      const service = createWebRequestTransport({
        webRequest: web.events,
        fetch: async () => {
          web.fire('onBeforeRequest', { requestId: 'r', url: ROBOTS, tabId: -1 });
          setTimeout(() => web.fire('onErrorOccurred', { requestId: 'r', url: ROBOTS, tabId: -1, error }), 10);
          throw new TypeError(fetchMessage);
        },
      });
      service.register();
      const record = await fetchRobotsTxt(
        { origin: 'https://a.test', robotsUrl: ROBOTS },
        { transport: service.transport, now: () => 0 },
      );
      expect(record.outcome).toEqual({
        kind: 'unreachable',
        cause: 'network-error',
        status: null,
        detail: 'the server refused the connection',
      });
    },
  );

  it('says only that a network error occurred when webRequest is not available', async () => {
    const service = createWebRequestTransport({
      webRequest: undefined,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const record = await fetchRobotsTxt(
      { origin: 'https://a.test', robotsUrl: ROBOTS },
      { transport: service.transport, now: () => 0 },
    );
    expect(record.outcome).toMatchObject({ kind: 'unreachable', detail: 'a network error occurred' });
    await tick();
  });
});

describe('createWebRequestTransport with blocking listeners (Firefox MV2)', () => {
  /** A fetch that starts request `r`, reports `hops` redirects and waits for the policy to abort it. */
  function redirectingForEver(web: ReturnType<typeof createFakeWebRequest>, hops: number): typeof fetch {
    return (_url, init) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        web.fire('onBeforeRequest', { requestId: 'r', url: ROBOTS, tabId: -1 });
        for (let i = 1; i <= hops && init?.signal?.aborted !== true; i++) {
          web.fire('onBeforeRedirect', {
            requestId: 'r',
            url: '',
            tabId: -1,
            statusCode: 302,
            redirectUrl: `https://a.test/hop${i}`,
          });
        }
      });
  }

  it('registers onBeforeRequest as blocking only when asked', () => {
    const plain = createFakeWebRequest();
    createWebRequestTransport({ webRequest: plain.events, fetch }).register();
    expect(plain.specs.get('onBeforeRequest')).toBeUndefined();
    const blocking = createFakeWebRequest();
    createWebRequestTransport({ webRequest: blocking.events, fetch, blocking: true }).register();
    expect(blocking.specs.get('onBeforeRequest')).toEqual(['blocking']);
  });

  it('cancels the hop after the sixth redirect, and every later one, until the request ends', async () => {
    const web = createFakeWebRequest();
    const service = createWebRequestTransport({
      webRequest: web.events,
      fetch: redirectingForEver(web, 6),
      blocking: true,
    });
    service.register();
    const record = await fetchRobotsTxt(
      { origin: 'https://a.test', robotsUrl: ROBOTS },
      { transport: service.transport, now: () => 0 },
    );
    expect(record.outcome).toMatchObject({ kind: 'unavailable', cause: 'too-many-redirects' });
    // The browser goes on to the sixth redirect's target with the same request id: cancelled.
    expect(web.fire('onBeforeRequest', { requestId: 'r', url: 'https://a.test/hop6', tabId: -1 })).toEqual([
      { cancel: true },
    ]);
    // Other requests go through: a page's (tabId 7) and another of the worker's own.
    expect(web.fire('onBeforeRequest', { requestId: 'r', url: 'https://a.test/hop6', tabId: 7 })).toEqual([undefined]);
    expect(web.fire('onBeforeRequest', { requestId: 'other', url: ROBOTS, tabId: -1 })).toEqual([undefined]);
    // Once webRequest reports the cancelled request's end, its id is forgotten.
    web.fire('onErrorOccurred', { requestId: 'r', url: 'https://a.test/hop6', tabId: -1, error: 'NS_ERROR_ABORT' });
    expect(web.fire('onBeforeRequest', { requestId: 'r', url: ROBOTS, tabId: -1 })).toEqual([undefined]);
  });

  it('cancels nothing of a request that was not stopped', async () => {
    const web = createFakeWebRequest();
    const service = createWebRequestTransport({
      webRequest: web.events,
      blocking: true,
      fetch: async () => {
        web.fire('onBeforeRequest', { requestId: 'r', url: ROBOTS, tabId: -1 });
        expect(
          web.fire('onBeforeRedirect', {
            requestId: 'r',
            url: ROBOTS,
            tabId: -1,
            statusCode: 301,
            redirectUrl: 'https://a.test/moved',
          }),
        ).toEqual([undefined]);
        expect(web.fire('onBeforeRequest', { requestId: 'r', url: 'https://a.test/moved', tabId: -1 })).toEqual([
          undefined,
        ]);
        web.fire('onResponseStarted', { requestId: 'r', url: 'https://a.test/moved', tabId: -1 });
        return new Response('User-agent: *\nDisallow: /\n');
      },
    });
    service.register();
    const record = await fetchRobotsTxt(
      { origin: 'https://a.test', robotsUrl: ROBOTS },
      { transport: service.transport, now: () => 0 },
    );
    expect(record.outcome).toMatchObject({ kind: 'ok' });
    expect(record.hops).toHaveLength(1);
  });

  it('without blocking, never answers cancel (Chrome MV3 has no blocking webRequest)', async () => {
    const web = createFakeWebRequest();
    const service = createWebRequestTransport({ webRequest: web.events, fetch: redirectingForEver(web, 6) });
    service.register();
    await fetchRobotsTxt(
      { origin: 'https://a.test', robotsUrl: ROBOTS },
      { transport: service.transport, now: () => 0 },
    );
    expect(web.fire('onBeforeRequest', { requestId: 'r', url: 'https://a.test/hop6', tabId: -1 })).toEqual([undefined]);
  });
});
