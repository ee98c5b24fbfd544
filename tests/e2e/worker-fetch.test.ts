import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchRecord } from '../../lib/fetch/types';
import type { Inspection, MessageType, ProtocolMap, Reply } from '../../lib/protocol/messages';
import { type BadgeState, waitForBadgeOf } from '../support/browser';
import { replaceStarted, useChromium } from '../support/fixtures';
import { type Served, serve } from '../support/serve';

// The worker in real Chromium against servers on 127.0.0.1 (each port its own origin): fetch
// outcomes with their badge, no cookies or referrer, one request for ten tabs, and a cache that
// outlives the worker and the browser. Redirects (seen through webRequest), a refused connection
// and a browser page are tested in both browsers (tests/browser-scenarios/). The timeout is set to 2 s
// through the options page so the 15 s stall costs 2 s.

const GREEN = [0x18, 0x80, 0x38, 255];
const RED = [0xd9, 0x30, 0x25, 255];
const AMBER = [0xe3, 0x74, 0x00, 255];
const GREY = [0x5f, 0x63, 0x68, 255];

type RobotsHandler = (req: IncomingMessage, res: ServerResponse) => void;

const PAGE_HTML = '<!doctype html><title>page</title><p>A page.</p>';
const RULES = 'User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n';

function text(body: string | Buffer, status = 200, headers: Record<string, string> = {}): RobotsHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
  };
}

/** A site whose /robots.txt is `robots` and whose other paths are an HTML page that sets a cookie. */
async function site(robots: RobotsHandler): Promise<Served> {
  return serve((req, res) => {
    if (req.url === '/robots.txt') return robots(req, res);
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'session=secret; Path=/' });
    res.end(PAGE_HTML);
  });
}

function robotsRequests(server: Served): number {
  return server.requests.filter((r) => r.url === '/robots.txt').length;
}

describe('the background worker in Chromium', () => {
  const harness = useChromium();
  let optionsPage: Page;
  const servers: Served[] = [];

  async function track(server: Promise<Served>): Promise<Served> {
    const started = await server;
    servers.push(started);
    return started;
  }

  async function openOptions(): Promise<Page> {
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await page.getByRole('heading', { name: 'Robotscope settings' }).waitFor();
    return page;
  }

  /** Sends a protocol message from the options page, as the popup does. */
  async function call<T extends MessageType>(
    type: T,
    payload: ProtocolMap[T]['request'],
  ): Promise<ProtocolMap[T]['response']> {
    const reply: Reply<ProtocolMap[T]['response']> = await optionsPage.evaluate(
      ([t, p]) => chrome.runtime.sendMessage({ type: t, payload: p }),
      [type, payload] as const,
    );
    if (!reply.ok) throw new Error(`${type} failed: ${reply.error.code}: ${reply.error.message}`);
    return reply.value;
  }

  async function inspectTab(tabId: number): Promise<Inspection & { kind: 'inspected' }> {
    const inspection = await call('inspect', { target: { kind: 'tab', tabId } });
    if (inspection.kind !== 'inspected') throw new Error(`expected an inspection, got ${inspection.kind}`);
    return inspection;
  }

  /** Waits until the tab's badge is settled (not empty, not "…") or matches `until`. */
  const settledBadge = (tabId: number, until?: (b: BadgeState) => boolean) =>
    waitForBadgeOf((id) => harness.badge(id), tabId, until);

  /** Opens `path` of `server` in a tab; returns the tab, its settled badge and the worker's record. */
  async function visit(
    server: Served,
    path = '/page',
  ): Promise<{ page: Page; tabId: number; badge: BadgeState; record: FetchRecord }> {
    const { page, tabId } = await harness.openPage(`${server.origin}${path}`);
    const badge = await settledBadge(tabId);
    const { record } = await inspectTab(tabId);
    return { page, tabId, badge, record };
  }

  beforeAll(async () => {
    optionsPage = await openOptions();
    // The timeout is lowered through the options page, as a user would.
    const timeout = optionsPage.getByLabel('Fetch timeout (seconds)');
    await timeout.fill('2');
    await timeout.press('Tab');
    const deadline = Date.now() + 5000;
    while ((await call('getSettings', {})).timeoutMs !== 2000) {
      if (Date.now() > deadline) throw new Error('the options page did not save the 2 s timeout');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  describe('each outcome, its record and its badge', () => {
    it('200: the rules apply (blocked path → red NO with the deciding line)', async () => {
      const server = await track(site(text(RULES)));
      const { badge, record, page } = await visit(server, '/private/report');
      expect(badge).toEqual({
        text: 'NO',
        color: RED,
        title: 'Googlebot: Blocked — by line 2 `Disallow: /private`.',
      });
      expect(record.outcome).toMatchObject({
        kind: 'ok',
        status: 200,
        body: { bytes: RULES, hasBom: false, encoding: 'utf-8', truncated: false, looksLikeHtml: false },
      });
      expect(record.hops).toEqual([]);
      // A single-page app moving to an allowed path: history.pushState reaches tabs.onUpdated.
      const tabId = await harness.tabIdOf(page);
      await page.evaluate(() => history.pushState({}, '', '/public/next'));
      const allowed = {
        text: 'OK',
        color: GREEN,
        title: 'Googlebot: Allowed — no rule matches this URL.',
      };
      // Text, colour and title are three calls: wait for all three.
      expect(await settledBadge(tabId, (b) => JSON.stringify(b) === JSON.stringify(allowed))).toEqual(allowed);
      expect(robotsRequests(server)).toBe(1);
      await page.close();
    });

    it.each([
      { status: 404, summary: 'No robots.txt (HTTP 404).' },
      { status: 401, summary: 'robots.txt is not accessible (HTTP 401).' },
      { status: 403, summary: 'robots.txt is not accessible (HTTP 403).' },
    ])('$status: unavailable, everything allowed (grey dash)', async ({ status, summary }) => {
      const server = await track(site(text('nope', status)));
      const { badge, record, page } = await visit(server);
      expect(record.outcome).toEqual({ kind: 'unavailable', cause: 'client-error', status });
      expect(badge).toMatchObject({ text: '—', color: GREY });
      expect(badge.title).toBe(
        `Googlebot: Allowed — no robots.txt: every URL on the site may be crawled.\n${summary} Crawlers treat this as no robots.txt: every URL on the site may be crawled.`,
      );
      await page.close();
    });

    it.each([
      { status: 429, cause: 'rate-limited' },
      { status: 500, cause: 'server-error' },
      { status: 503, cause: 'server-error' },
    ])('$status: unreachable, everything disallowed (amber ERR)', async ({ status, cause }) => {
      const server = await track(site(text('busy', status)));
      const { badge, record, page } = await visit(server);
      expect(record.outcome).toMatchObject({ kind: 'unreachable', cause, status });
      expect(badge).toMatchObject({ text: 'ERR', color: AMBER });
      expect(badge.title).toMatch(
        new RegExp(
          `^Googlebot: Blocked — robots.txt unreachable: every URL on the site is blocked\\.\\n.*${status}.*disallowed`,
        ),
      );
      await page.close();
    });

    it('a server that stalls 15 s: unreachable after the 2 s timeout', async () => {
      const server = await track(site((_req, res) => void setTimeout(() => text(RULES)(_req, res), 15_000)));
      const started = Date.now();
      const { page, tabId } = await harness.openPage(`${server.origin}/page`);
      const badge = await settledBadge(tabId);
      const elapsed = Date.now() - started;
      expect(badge).toMatchObject({
        text: 'ERR',
        color: AMBER,
        title: expect.stringContaining('No complete answer within 2 s'),
      });
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(6000);
      const { record } = await inspectTab(tabId);
      expect(record.outcome).toEqual({
        kind: 'unreachable',
        cause: 'timeout',
        status: null,
        detail: 'No complete answer within 2 s',
      });
      expect(record.durationMs).toBeGreaterThanOrEqual(1900);
      await page.close();
    });

    it('an HTML soft 404 served with 200: flagged, nothing parses, everything allowed', async () => {
      const server = await track(
        site(text('<!DOCTYPE html><html><body>Not found</body></html>', 200, { 'content-type': 'text/html' })),
      );
      const { badge, record, page } = await visit(server, '/private/x');
      expect(record.outcome).toMatchObject({ kind: 'ok', body: { looksLikeHtml: true, contentType: 'text/html' } });
      expect(badge).toEqual({
        text: 'OK',
        color: GREEN,
        title:
          'Googlebot: Allowed — no group applies to this crawler.\n' +
          '⚠ robots.txt is an HTML page, not a robots.txt (a "soft 404" or an app shell): nothing in it parses as a rule, so no rule applies.\n' +
          '⚠ robots.txt is served as text/html (Content-Type: text/html); crawlers read it as plain text whatever its type, so whatever parses decides.',
      });
      await page.close();
    });

    it('a BOM: kept as U+FEFF and reported, and the rules still apply', async () => {
      const server = await track(
        site(text(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\nDisallow: /\n')]))),
      );
      const { badge, record, page } = await visit(server);
      expect(record.outcome).toMatchObject({
        kind: 'ok',
        body: { hasBom: true, bytes: '\xef\xbb\xbfUser-agent: *\nDisallow: /\n' },
      });
      expect(badge).toMatchObject({
        text: 'NO',
        title: 'Googlebot: Blocked — by line 2 `Disallow: /`.',
      });
      await page.close();
    });

    it('a 2 MB body: cut at 512,000 bytes and said so', async () => {
      const big = Buffer.concat([
        Buffer.from('User-agent: *\nDisallow: /private\n'),
        Buffer.alloc(2 * 1024 * 1024, '#'),
      ]);
      const server = await track(site(text(big, 200, { 'content-length': String(big.length) })));
      const { badge, record, page } = await visit(server, '/private/x');
      expect(record.outcome).toMatchObject({ kind: 'ok', body: { truncated: true } });
      if (record.outcome.kind !== 'ok') return;
      expect(record.outcome.body.bytes.length).toBe(512_000);
      // The size is the one the server declared, whatever chunk Chromium handed over when reading stopped.
      expect(record.outcome.body.contentLength).toBe(big.length);
      expect(badge.text).toBe('NO');
      await page.close();
    });

    it('an endless body: read up to 512,000 bytes, then the stream is cancelled (no timeout)', async () => {
      const server = await track(
        site((_req, res) => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('User-agent: *\nDisallow: /private\n');
          const chunk = Buffer.alloc(64 * 1024, '#');
          const pump = () => {
            while (!res.destroyed && res.write(chunk));
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
        }),
      );
      const { record, page } = await visit(server, '/private/x');
      expect(record.outcome).toMatchObject({ kind: 'ok', status: 200, body: { truncated: true } });
      expect(record.durationMs).toBeLessThan(2000);
      await page.close();
    });

    it('a body that is not UTF-8: kept as its bytes, reported, and matched byte for byte', async () => {
      const latin1 = Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1');
      const server = await track(site(text(latin1, 200, { 'content-type': 'text/plain; charset=iso-8859-1' })));
      const { record, page } = await visit(server);
      expect(record.outcome).toMatchObject({
        kind: 'ok',
        body: { encoding: 'not-utf-8', bytes: 'User-agent: *\nDisallow: /caf\xe9\n' },
      });
      await page.close();
    });
  });

  describe('requests as a crawler makes them', () => {
    it('sends no cookie and no referrer, although the site set a cookie the browser sends to its pages', async () => {
      const server = await track(site(text(RULES)));
      const { page } = await harness.openPage(`${server.origin}/first`);
      // The cookie from /first is sent with the next page request …
      await page.goto(`${server.origin}/second`);
      const second = server.requests.find((r) => r.url === '/second');
      expect(second?.headers.cookie).toBe('session=secret');
      // … but robots.txt, from this and every other site, went without it.
      const everyRobots = servers.flatMap((s) => s.requests).filter((r) => r.url === '/robots.txt');
      expect(everyRobots.length).toBeGreaterThan(5);
      for (const request of everyRobots) {
        expect(request.headers.cookie).toBeUndefined();
        expect(request.headers.referer).toBeUndefined();
        expect(request.headers.authorization).toBeUndefined();
      }
      await page.close();
    });

    it('fetches once for ten tabs of one site opened together', async () => {
      const server = await track(site((req, res) => void setTimeout(() => text(RULES)(req, res), 500)));
      const opened = await Promise.all(
        Array.from({ length: 10 }, (_, i) => harness.openPage(`${server.origin}/page${i}`)),
      );
      for (const { tabId } of opened) expect((await settledBadge(tabId)).text).toBe('OK');
      expect(robotsRequests(server)).toBe(1);
      await Promise.all(opened.map(({ page }) => page.close()));
    });

    it('re-badges open tabs when the crawler changes, and fetches again on refresh', async () => {
      const server = await track(site(text(RULES)));
      const { page, tabId, badge } = await visit(server, '/public');
      expect(badge.text).toBe('OK');
      await call('setSettings', { crawler: 'GPTBot' });
      expect(await settledBadge(tabId, (b) => b.text === 'NO')).toMatchObject({
        title: 'GPTBot: Blocked — by line 5 `Disallow: /`.',
      });
      await call('setSettings', { crawler: 'Googlebot' });
      await settledBadge(tabId, (b) => b.text === 'OK');
      const refreshed = await call('inspect', { target: { kind: 'tab', tabId }, refresh: true });
      expect(refreshed).toMatchObject({ source: 'network' });
      expect(robotsRequests(server)).toBe(2);
      await page.close();
    });

    it('lists cached origins on the options page, and clears one there', async () => {
      const server = await track(site(text(RULES)));
      const { page } = await visit(server);
      await page.close();
      await optionsPage.reload();
      const row = optionsPage.locator(`tr[data-origin="${server.origin}"]`);
      await expect.poll(() => row.textContent()).toMatch(/robots\.txt \(HTTP 200\).*rules apply/);
      await optionsPage.getByRole('button', { name: `Clear ${server.origin}` }).click();
      await row.waitFor({ state: 'detached' });
      expect((await call('listCache', {})).entries.some((e) => e.origin === server.origin)).toBe(false);
    });
  });

  describe('the cache outlives the worker and the browser', () => {
    it('serves from storage after the worker was stopped: no second request', async () => {
      const server = await track(site(text(RULES)));
      const first = await visit(server);
      await first.page.close();
      expect(robotsRequests(server)).toBe(1);
      await harness.stopServiceWorker();
      const again = await call('inspect', { target: { kind: 'url', url: `${server.origin}/other` } });
      expect(again).toMatchObject({ kind: 'inspected', source: 'cache' });
      const second = await visit(server, '/private/x');
      expect(second.badge.text).toBe('NO');
      expect(robotsRequests(server)).toBe(1);
      await second.page.close();
    });

    it('keeps the cache and the settings across a browser restart', async () => {
      const server = await track(site(text(RULES)));
      const { page } = await visit(server);
      await page.close();
      await call('setSettings', { crawler: 'GPTBot', customTokens: ['MyBot'] });
      const before = await call('getSettings', {});
      const hitsBefore = (await call('listCache', {})).entries.find((e) => e.origin === server.origin)?.hits ?? -1;
      replaceStarted(harness, await harness.restartBrowser());
      optionsPage = await openOptions();
      expect(await call('getSettings', {})).toEqual(before);
      expect(before).toMatchObject({ crawler: 'GPTBot', timeoutMs: 2000, customTokens: ['MyBot'] });
      const after = await call('inspect', { target: { kind: 'url', url: `${server.origin}/x` } });
      expect(after).toMatchObject({ kind: 'inspected', source: 'cache' });
      // The options page lists it, with one more hit than before the restart.
      const listed = await call('listCache', {});
      expect(listed.entries.find((e) => e.origin === server.origin)).toMatchObject({
        outcomeKind: 'ok',
        hits: hitsBefore + 1,
      });
      const { tabId, page: again } = await harness.openPage(`${server.origin}/public`);
      expect(await settledBadge(tabId)).toMatchObject({
        text: 'NO',
        title: 'GPTBot: Blocked — by line 5 `Disallow: /`.',
      });
      expect(robotsRequests(server)).toBe(1);
      await again.close();
    });
  });
});
