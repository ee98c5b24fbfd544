import { describe, expect, it, vi } from 'vitest';
import { DAY, HOUR, MAX_ROBOTS_BYTES, MINUTE, SECOND } from '../../../lib/fetch/constants';
import { FetchCancelledError, fetchRobotsTxt } from '../../../lib/fetch/policy';
import { createManualRedirectTransport, type FetchOnce, type RobotsTransport } from '../../../lib/fetch/transport';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';

const ORIGIN = 'https://site.test';
const ROBOTS = `${ORIGIN}/robots.txt`;
const T0 = Date.UTC(2025, 0, 1);

type Route = (signal: AbortSignal) => Response | Promise<Response>;

const text =
  (body: string | Uint8Array<ArrayBuffer>, status = 200, headers: Record<string, string> = {}): Route =>
  () =>
    new Response(body, { status, headers: { 'content-type': 'text/plain', ...headers } });
const status =
  (code: number): Route =>
  () =>
    new Response(code === 204 ? null : `status ${code}`, { status: code });
const redirect =
  (to: string, code = 301): Route =>
  () =>
    new Response(null, { status: code, headers: { location: to } });
const refused = (): Route => () => Promise.reject(new TypeError('net::ERR_CONNECTION_REFUSED'));
/** Never answers until aborted; rejects with the abort reason, as fetch does. */
const stall = (): Route => (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
/** Answers headers at once, then never finishes the body. */
const stallBody = (): Route => () =>
  new Response(new ReadableStream({ pull: () => new Promise(() => undefined) }), { status: 200 });

function createSite(routes: Record<string, Route>): { fetchOnce: FetchOnce; requested: string[] } {
  const requested: string[] = [];
  const fetchOnce: FetchOnce = async (url, { signal }) => {
    requested.push(url);
    const route = routes[url];
    if (route === undefined) return new Response('not found', { status: 404 });
    return route(signal);
  };
  return { fetchOnce, requested };
}

async function run(routes: Record<string, Route>, timeoutMs = 200): Promise<FetchRecord & { requested: string[] }> {
  const site = createSite(routes);
  let clock = T0;
  const record = await fetchRobotsTxt(
    { origin: ORIGIN, robotsUrl: ROBOTS },
    { transport: createManualRedirectTransport(site.fetchOnce), now: () => (clock += 5), timeoutMs },
  );
  return { ...record, requested: site.requested };
}

function chain(length: number, finalRoute: Route): Record<string, Route> {
  const routes: Record<string, Route> = {};
  let from = ROBOTS;
  for (let i = 1; i <= length; i++) {
    const to = `${ORIGIN}/hop${i}`;
    routes[from] = redirect(to, 302);
    from = to;
  }
  routes[from] = finalRoute;
  return routes;
}

interface OutcomeCase {
  readonly name: string;
  readonly source: string;
  readonly routes: Record<string, Route>;
  readonly outcome: Partial<FetchOutcome> & { kind: FetchOutcome['kind'] };
}

const outcomeCases: readonly OutcomeCase[] = [
  {
    name: '200 is ok and its rules apply',
    source: 'RFC 9309 §2.3.1.1',
    routes: { [ROBOTS]: text('User-agent: *\nDisallow: /') },
    outcome: { kind: 'ok', status: 200 },
  },
  {
    name: '204 is ok with an empty body',
    source: 'RFC 9309 §2.3.1.1',
    routes: { [ROBOTS]: status(204) },
    outcome: { kind: 'ok', status: 204 },
  },
  {
    name: '404 is unavailable: everything allowed',
    source: 'RFC 9309 §2.3.1.3',
    routes: { [ROBOTS]: status(404) },
    outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
  },
  {
    name: '410 is unavailable',
    source: 'RFC 9309 §2.3.1.3',
    routes: { [ROBOTS]: status(410) },
    outcome: { kind: 'unavailable', cause: 'client-error', status: 410 },
  },
  {
    name: '401 is unavailable, not a block',
    source: 'Google crawler docs',
    routes: { [ROBOTS]: status(401) },
    outcome: { kind: 'unavailable', cause: 'client-error', status: 401 },
  },
  {
    name: '403 is unavailable, not a block',
    source: 'Google crawler docs',
    routes: { [ROBOTS]: status(403) },
    outcome: { kind: 'unavailable', cause: 'client-error', status: 403 },
  },
  {
    name: '429 is unreachable: everything disallowed',
    source: 'Google crawler docs',
    routes: { [ROBOTS]: status(429) },
    outcome: { kind: 'unreachable', cause: 'rate-limited', status: 429 },
  },
  {
    name: '500 is unreachable',
    source: 'RFC 9309 §2.3.1.4',
    routes: { [ROBOTS]: status(500) },
    outcome: { kind: 'unreachable', cause: 'server-error', status: 500 },
  },
  {
    name: '503 is unreachable',
    source: 'RFC 9309 §2.3.1.4',
    routes: { [ROBOTS]: status(503) },
    outcome: { kind: 'unreachable', cause: 'server-error', status: 503 },
  },
  {
    name: 'a refused connection is unreachable',
    source: 'RFC 9309 §2.3.1.4',
    routes: { [ROBOTS]: refused() },
    outcome: {
      kind: 'unreachable',
      cause: 'network-error',
      status: null,
      detail: 'the server refused the connection',
    },
  },
  {
    name: 'a server that never answers is unreachable (timeout)',
    source: 'docs/semantics/robots.md §7',
    routes: { [ROBOTS]: stall() },
    outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: 'No complete answer within 0.2 s' },
  },
  {
    name: 'a body that never ends is unreachable (timeout)',
    source: 'docs/semantics/robots.md §7',
    routes: { [ROBOTS]: stallBody() },
    outcome: { kind: 'unreachable', cause: 'timeout', status: null },
  },
  {
    name: '5 redirects are followed',
    source: 'RFC 9309 §2.3.1.2',
    routes: chain(5, text('User-agent: *')),
    outcome: { kind: 'ok', status: 200 },
  },
  {
    name: 'a 6th redirect makes it unavailable',
    source: 'RFC 9309 §2.3.1.2',
    routes: chain(6, text('User-agent: *')),
    outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 302 },
  },
  {
    name: 'a redirect loop makes it unavailable',
    source: 'docs/semantics/robots.md §7',
    routes: { [ROBOTS]: redirect(`${ORIGIN}/a`), [`${ORIGIN}/a`]: redirect(ROBOTS) },
    outcome: { kind: 'unavailable', cause: 'redirect-loop', status: 301 },
  },
  {
    name: 'a redirect to itself is a loop',
    source: 'docs/semantics/robots.md §7',
    routes: { [ROBOTS]: redirect(ROBOTS, 307) },
    outcome: { kind: 'unavailable', cause: 'redirect-loop', status: 307 },
  },
  {
    name: 'a redirect to a 404 is unavailable',
    source: 'RFC 9309 §2.3.1.2',
    routes: { [ROBOTS]: redirect(`${ORIGIN}/gone`) },
    outcome: { kind: 'unavailable', cause: 'client-error', status: 404 },
  },
  {
    name: 'a redirect to a 503 is unreachable',
    source: 'RFC 9309 §2.3.1.2',
    routes: { [ROBOTS]: redirect(`${ORIGIN}/x`), [`${ORIGIN}/x`]: status(503) },
    outcome: { kind: 'unreachable', cause: 'server-error', status: 503 },
  },
  {
    name: 'a 3xx without Location is unavailable (unexpected status)',
    source: 'docs/semantics/robots.md §7',
    routes: { [ROBOTS]: () => new Response(null, { status: 302 }) },
    outcome: { kind: 'unavailable', cause: 'unexpected-status', status: 302 },
  },
];

describe('fetchRobotsTxt outcomes', () => {
  it.each(outcomeCases)('$name ($source)', async ({ routes, outcome }) => {
    const record = await run(routes);
    expect(record.outcome).toMatchObject(outcome);
  });
});

describe('fetchRobotsTxt redirects', () => {
  it('records a 2-hop cross-origin redirect with each status and target (RFC 9309 §2.3.1.2)', async () => {
    const record = await run({
      [ROBOTS]: redirect('https://cdn.test/r', 301),
      'https://cdn.test/r': redirect('/robots-final.txt', 308),
      'https://cdn.test/robots-final.txt': text('User-agent: *\nAllow: /'),
    });
    expect(record.outcome.kind).toBe('ok');
    expect(record.hops).toEqual([
      { status: 301, from: ROBOTS, to: 'https://cdn.test/r', crossOrigin: true },
      { status: 308, from: 'https://cdn.test/r', to: 'https://cdn.test/robots-final.txt', crossOrigin: false },
    ]);
    expect(record.finalUrl).toBe('https://cdn.test/robots-final.txt');
    expect(record.origin).toBe(ORIGIN);
  });

  it('stops at the 6th redirect without requesting its target', async () => {
    const record = await run(chain(8, text('x')));
    expect(record.hops).toHaveLength(6);
    expect(record.requested).toHaveLength(6);
    expect(record.finalUrl).toBe(`${ORIGIN}/hop6`);
  });

  it('stops a loop on the first repeated URL', async () => {
    const record = await run({
      [ROBOTS]: redirect(`${ORIGIN}/a`),
      [`${ORIGIN}/a`]: redirect(`${ORIGIN}/b`),
      [`${ORIGIN}/b`]: redirect(`${ORIGIN}/a`),
    });
    expect(record.hops.map((hop) => hop.to)).toEqual([`${ORIGIN}/a`, `${ORIGIN}/b`, `${ORIGIN}/a`]);
    expect(record.requested).toHaveLength(3);
  });
});

describe('fetchRobotsTxt bodies', () => {
  it('cuts a 2 MB body at 512,000 bytes and records the cut (docs/semantics/robots.md §7)', async () => {
    const record = await run({ [ROBOTS]: text(new Uint8Array(2 * 1024 * 1024).fill(0x41)) });
    expect(record.outcome.kind).toBe('ok');
    if (record.outcome.kind !== 'ok') return;
    expect(record.outcome.body.truncated).toBe(true);
    expect(record.outcome.body.bytes.length).toBe(MAX_ROBOTS_BYTES);
  });

  it('flags an HTML soft 404 served with 200 (docs/semantics/robots.md §7)', async () => {
    const record = await run({
      [ROBOTS]: text('<!doctype html><title>Not found</title>', 200, { 'content-type': 'text/html' }),
    });
    expect(record.outcome).toMatchObject({ kind: 'ok', body: { looksLikeHtml: true, contentType: 'text/html' } });
  });

  it('records the Content-Length the server declared, not the bytes read before the cut', async () => {
    const body = new Uint8Array(852_992).fill(0x41);
    const record = await run({
      [ROBOTS]: text(body, 200, { 'content-length': String(body.length) }),
    });
    expect(record.outcome).toMatchObject({ kind: 'ok', body: { contentLength: 852_992, truncated: true } });
  });
});

describe('fetchRobotsTxt timing and expiry', () => {
  it('records when it started, how long it took and that it expires within 24 hours (RFC 9309 §2.4)', async () => {
    const record = await run({ [ROBOTS]: text('User-agent: *') });
    expect(record.fetchedAt).toBe(T0 + 5);
    expect(record.durationMs).toBe(5);
    expect(record.expiresAt).toBe(record.fetchedAt + 24 * HOUR);
  });

  it('shortens the lifetime to Cache-Control max-age', async () => {
    const record = await run({ [ROBOTS]: text('User-agent: *', 200, { 'cache-control': 'public, max-age=600' }) });
    expect(record.expiresAt - record.fetchedAt).toBe(600 * SECOND);
  });

  it('never extends the lifetime past 24 hours', async () => {
    const record = await run({
      [ROBOTS]: text('User-agent: *', 200, { 'cache-control': `max-age=${(7 * DAY) / SECOND}` }),
    });
    expect(record.expiresAt - record.fetchedAt).toBe(24 * HOUR);
  });

  it('expires a no-store answer at once', async () => {
    const record = await run({ [ROBOTS]: text('User-agent: *', 200, { 'cache-control': 'no-store' }) });
    expect(record.expiresAt).toBe(record.fetchedAt);
  });

  it('keeps an unreachable answer 5 minutes only', async () => {
    const record = await run({ [ROBOTS]: status(503) });
    expect(record.expiresAt - record.fetchedAt).toBe(5 * MINUTE);
  });

  it('gives up after the default 10 s, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const site = createSite({ [ROBOTS]: stall() });
      let settled = false;
      const pending = fetchRobotsTxt(
        { origin: ORIGIN, robotsUrl: ROBOTS },
        { transport: createManualRedirectTransport(site.fetchOnce), now: () => T0 },
      ).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(10 * SECOND - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).outcome).toMatchObject({
        kind: 'unreachable',
        cause: 'timeout',
        detail: 'No complete answer within 10 s',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('fetchRobotsTxt cancelled by the user', () => {
  it('stops a stalled fetch when its signal aborts and rejects with FetchCancelledError, leaving no outcome', async () => {
    const controller = new AbortController();
    let requestAborted = false;
    const stalled: RobotsTransport = ({ signal }) =>
      new Promise((_, reject) => {
        signal.addEventListener('abort', () => {
          requestAborted = true;
          reject(signal.reason as Error);
        });
      });
    const fetching = fetchRobotsTxt(
      { origin: ORIGIN, robotsUrl: ROBOTS },
      { transport: stalled, now: () => T0, timeoutMs: 60_000, signal: controller.signal },
    );
    controller.abort();
    await expect(fetching).rejects.toBeInstanceOf(FetchCancelledError);
    expect(requestAborted).toBe(true);
  });
});
