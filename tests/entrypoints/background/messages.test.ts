import { DEFAULT_SETTINGS } from '../../../lib/settings';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HOUR } from '../../../lib/fetch/constants';
import { describeRecord } from '../../../lib/fetch/describe';
import { createProtocolClient, type Message, type ProtocolClient } from '../../../lib/protocol/messages';
import { ProtocolError } from '../../../lib/protocol/errors';
import { createTestWorker, redirect, robots, status, T0, type TestWorker } from './helpers';

const SITE = 'https://site.test';

describe('the worker answers every message', () => {
  let worker: TestWorker;
  let client: ProtocolClient;
  const send = (message: unknown) => fakeBrowser.runtime.sendMessage(message);

  beforeEach(() => {
    fakeBrowser.reset();
    worker = createTestWorker({
      [`${SITE}/robots.txt`]: robots('User-agent: *\nDisallow: /private\n'),
      'https://moved.test/robots.txt': redirect('https://cdn.test/robots.txt'),
      'https://cdn.test/robots.txt': robots('User-agent: *\nAllow: /\n'),
      'https://down.test/robots.txt': status(503),
    });
    client = createProtocolClient((message: Message) => fakeBrowser.runtime.sendMessage(message));
  });

  describe('inspect', () => {
    it('inspects a tab: fetched the first time, from the cache the next', async () => {
      const tab = await fakeBrowser.tabs.create({ url: `${SITE}/private/a` });
      const first = await client.inspect({ target: { kind: 'tab', tabId: tab.id! } });
      expect(first).toMatchObject({
        kind: 'inspected',
        pageUrl: `${SITE}/private/a`,
        tabId: tab.id,
        source: 'network',
      });
      if (first.kind !== 'inspected') return;
      expect(first.record.outcome).toMatchObject({
        kind: 'ok',
        body: { bytes: 'User-agent: *\nDisallow: /private\n' },
      });
      worker.clock.now += HOUR;
      const second = await client.inspect({ target: { kind: 'tab', tabId: tab.id! } });
      expect(second).toMatchObject({ source: 'cache', ageMs: HOUR });
      expect(worker.requested.filter((url) => url === `${SITE}/robots.txt`)).toHaveLength(1);
    });

    it('sends the stored crawler’s verdict with the inspection, judged by the worker', async () => {
      await client.setSettings({ crawler: 'GPTBot' });
      const inspection = await client.inspect({ target: { kind: 'url', url: `${SITE}/private/a` } });
      expect(inspection).toMatchObject({
        verdict: {
          crawler: 'GPTBot',
          verdict: { kind: 'ok', allowed: false, verdict: { rule: { rule: { line: 2 } } } },
        },
      });
    });

    it('inspects a URL with its redirect hops recorded', async () => {
      const inspection = await client.inspect({ target: { kind: 'url', url: 'https://moved.test/page' } });
      expect(inspection).toMatchObject({
        kind: 'inspected',
        tabId: null,
        record: { finalUrl: 'https://cdn.test/robots.txt', hops: [{ status: 301, crossOrigin: true }] },
      });
    });

    it('refetches on refresh', async () => {
      await client.inspect({ target: { kind: 'url', url: `${SITE}/` } });
      const refreshed = await client.inspect({ target: { kind: 'url', url: `${SITE}/` }, refresh: true });
      expect(refreshed).toMatchObject({ source: 'network' });
      expect(worker.requested).toHaveLength(2);
    });

    it('says robots.txt does not apply to a browser page, without fetching', async () => {
      const tab = await fakeBrowser.tabs.create({ url: 'chrome://settings/' });
      expect(await client.inspect({ target: { kind: 'tab', tabId: tab.id! } })).toMatchObject({
        kind: 'not-applicable',
        reason: 'browser-page',
      });
      expect(worker.requested).toEqual([]);
    });

    it('reports an unreachable robots.txt as a value, not an error, and says what it means', async () => {
      const inspection = await client.inspect({ target: { kind: 'url', url: 'https://down.test/x' } });
      expect(inspection).toMatchObject({
        kind: 'inspected',
        record: { outcome: { kind: 'unreachable', cause: 'server-error', status: 503 } },
      });
      if (inspection.kind !== 'inspected') return;
      expect(inspection.description).toEqual(describeRecord(inspection.record));
      expect(inspection.description.effect).toBe(
        'Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
      );
    });

    it('says that the rules of a redirected file apply to the original origin', async () => {
      const inspection = await client.inspect({ target: { kind: 'url', url: 'https://moved.test/page' } });
      expect(inspection.kind === 'inspected' && inspection.description.notes).toContain(
        'robots.txt redirected once, to another origin (https://cdn.test/robots.txt). Its rules apply to https://moved.test.',
      );
    });

    it('inspects the active tab of the window last focused, and says which tab it was', async () => {
      await fakeBrowser.tabs.create({ url: 'https://other.test/' });
      const tab = await fakeBrowser.tabs.create({ url: `${SITE}/private/a` });
      // WXT's fake browser keeps no focus history: answer as a real browser would for this query.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- `query` is typed by its callback overload
      const query = vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async () => [tab]);
      const inspection = await client.inspect({ target: { kind: 'active' } });
      expect(query).toHaveBeenCalledWith({ active: true, lastFocusedWindow: true });
      expect(inspection).toMatchObject({ kind: 'inspected', pageUrl: `${SITE}/private/a`, tabId: tab.id });
    });

    it('refuses a tab that does not exist', async () => {
      expect(await send({ type: 'inspect', payload: { target: { kind: 'tab', tabId: 9999 } } })).toEqual({
        ok: false,
        error: { code: 'invalid-request', message: 'There is no tab 9999.' },
      });
    });

    it.each([
      { name: 'no target', payload: {} },
      { name: 'a target of unknown kind', payload: { target: { kind: 'window', id: 1 } } },
      { name: 'a negative tab id', payload: { target: { kind: 'tab', tabId: -1 } } },
      { name: 'a tab id as text', payload: { target: { kind: 'tab', tabId: '3' } } },
      { name: 'an empty URL', payload: { target: { kind: 'url', url: '' } } },
      { name: 'the active tab with a tab id', payload: { target: { kind: 'active', tabId: 3 } } },
      { name: 'refresh as text', payload: { target: { kind: 'url', url: SITE }, refresh: 'yes' } },
      { name: 'an unknown field', payload: { target: { kind: 'url', url: SITE }, force: true } },
    ])('refuses $name as invalid-request', async ({ payload }) => {
      const reply = (await send({ type: 'inspect', payload })) as { ok: boolean; error?: { code: string } };
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    });
  });

  describe('settings', () => {
    it('gets the defaults and changes some settings', async () => {
      expect(await client.getSettings({})).toMatchObject({ crawler: 'Googlebot', timeoutMs: 10_000, badge: true });
      const changed = await client.setSettings({ crawler: 'GPTBot', timeoutMs: 2000 });
      expect(changed).toEqual({ ...DEFAULT_SETTINGS, crawler: 'GPTBot', timeoutMs: 2000 });
      expect(await client.getSettings({})).toEqual(changed);
    });

    it('refuses an invalid change with the reason, and changes nothing', async () => {
      await expect(client.setSettings({ timeoutMs: 10 })).rejects.toMatchObject({
        code: 'invalid-request',
        message: expect.stringMatching(/timeout/),
      });
      expect((await client.getSettings({})).timeoutMs).toBe(10_000);
    });
  });

  describe('cache', () => {
    it('lists cached origins with their figures, clears one and then all', async () => {
      await client.inspect({ target: { kind: 'url', url: `${SITE}/a` } });
      worker.clock.now += 1000;
      await client.inspect({ target: { kind: 'url', url: `${SITE}/b` } });
      worker.clock.now += 1000;
      await client.inspect({ target: { kind: 'url', url: 'https://down.test/' } });
      const listed = await client.listCache({});
      expect(listed.entries.map((e) => [e.origin, e.outcomeKind, e.hits])).toEqual([
        ['https://down.test', 'unreachable', 0],
        [SITE, 'ok', 1],
      ]);
      expect(listed.stats).toMatchObject({ entries: 2, hits: 1, misses: 2, fetches: 2, fetchSuccesses: 1 });
      expect(listed.entries[1]?.fetchedAt).toBe(T0);
      expect(listed.entries[1]?.bytes).toBeGreaterThan(0);
      expect(await client.clearCache({ origin: SITE })).toEqual({ cleared: 1 });
      expect(await (await worker.kept()).getAllKeys('robots')).toContain('https://down.test');
      expect(await client.clearCache({})).toEqual({ cleared: 1 });
      expect((await client.listCache({})).entries).toEqual([]);
      // The records are gone from the database too, not just from the index.
      expect(await (await worker.kept()).getAllKeys('robots')).toEqual([]);
    });

    it('refuses an origin that is not text', async () => {
      expect(await send({ type: 'clearCache', payload: { origin: 5 } })).toMatchObject({
        ok: false,
        error: { code: 'invalid-request' },
      });
    });
  });

  describe('diagnostics with the inspection', () => {
    it('sends the linter’s findings with the inspection, linted once by the worker', async () => {
      worker.routes.set('https://typo.test/robots.txt', robots('User-agent: *\nDisalow: /x\nSitemap: /sitemap.xml\n'));
      const inspection = await client.inspect({ target: { kind: 'url', url: 'https://typo.test/' } });
      if (inspection.kind !== 'inspected') throw new Error('expected an inspection');
      expect(inspection.diagnostics.map((d) => d.line)).toEqual(expect.arrayContaining([2, 3]));
      expect(inspection.diagnostics.every((d) => typeof d.message === 'string' && d.message.length > 0)).toBe(true);
    });

    it('sends no NUL finding per line for a UTF-16 file: the verdict names UTF-16 once instead', async () => {
      const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
      const utf16 = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
      worker.routes.set('https://wide.test/robots.txt', () => new Response(utf16, { status: 200 }));
      const inspection = await client.inspect({ target: { kind: 'url', url: 'https://wide.test/' } });
      if (inspection.kind !== 'inspected') throw new Error('expected an inspection');
      expect(inspection.diagnostics.filter((d) => d.code === 'nul-character')).toEqual([]);
      expect(inspection.verdict?.verdict.conditions.map((c) => c.kind)).toEqual(['wide-encoding']);
    });

    it('sends no findings for a clean file, nor without a file', async () => {
      expect(await client.inspect({ target: { kind: 'url', url: `${SITE}/` } })).toMatchObject({ diagnostics: [] });
      expect(await client.inspect({ target: { kind: 'url', url: 'https://down.test/' } })).toMatchObject({
        diagnostics: [],
      });
    });

    it('no longer answers a lint request: the popup has nothing to send back', async () => {
      expect(await send({ type: 'lint', payload: { text: 'User-agent: *' } })).toMatchObject({
        ok: false,
        error: { code: 'invalid-request' },
      });
    });
  });

  describe('cancelFetch', () => {
    it('aborts the running fetch of an origin: the waiting inspection fails as cancelled, nothing is cached', async () => {
      let aborted = false;
      worker.routes.set(
        'https://stall.test/robots.txt',
        (signal) =>
          new Promise<Response>((_, reject) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(signal.reason as Error);
            });
          }),
      );
      const pending = client.inspect({ target: { kind: 'url', url: 'https://stall.test/page' } });
      await vi.waitFor(() => expect(worker.requested).toContain('https://stall.test/robots.txt'));
      expect(await client.cancelFetch({ origin: 'https://stall.test' })).toEqual({ cancelled: true });
      await expect(pending).rejects.toMatchObject({ code: 'cancelled', message: expect.stringContaining('cancelled') });
      expect(aborted).toBe(true);
      expect((await client.listCache({})).entries.map((e) => e.origin)).not.toContain('https://stall.test');
    });

    it('says when there was nothing to cancel', async () => {
      expect(await client.cancelFetch({ origin: SITE })).toEqual({ cancelled: false });
    });

    it.each([
      { name: 'no origin', payload: {} },
      { name: 'an origin that is not text', payload: { origin: 5 } },
    ])('refuses $name as invalid-request', async ({ payload }) => {
      expect(await send({ type: 'cancelFetch', payload })).toMatchObject({
        ok: false,
        error: { code: 'invalid-request' },
      });
    });
  });

  describe('addCustomToken', () => {
    it('adds a token from the popup without dropping any of 30 stored ones, and selects it', async () => {
      const stored = Array.from(
        { length: 30 },
        (_, i) => `Bot${String.fromCharCode(97 + (i % 26))}${i < 26 ? '' : 'x'}`,
      );
      await client.setSettings({ customTokens: stored });
      const settings = await client.addCustomToken({ token: '  NewBot\t' });
      expect(settings.crawler).toBe('NewBot');
      expect(settings.customTokens).toEqual(['NewBot', ...stored]);
      expect((await client.getSettings({})).customTokens).toHaveLength(31);
    });

    it('moves a token already stored to the front instead of repeating it', async () => {
      await client.setSettings({ customTokens: ['A-bot', 'B-bot'] });
      expect((await client.addCustomToken({ token: 'B-bot' })).customTokens).toEqual(['B-bot', 'A-bot']);
    });

    it('refuses an empty token', async () => {
      expect(await send({ type: 'addCustomToken', payload: { token: ' ' } })).toMatchObject({
        ok: false,
        error: { code: 'invalid-request' },
      });
    });
  });

  describe('envelope', () => {
    it.each([
      { name: 'a message of unknown type', message: { type: 'explode', payload: {} } },
      { name: 'a message without payload', message: { type: 'inspect' } },
      { name: 'a string', message: 'inspect' },
      { name: 'null', message: null },
    ])('answers $name with invalid-request', async ({ message }) => {
      expect(await send(message)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    });

    it('answers a bug in a handler with internal, naming the message', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(worker.service.cache, 'list').mockRejectedValueOnce(new TypeError('boom'));
      const reply = await send({ type: 'listCache', payload: {} });
      expect(reply).toEqual({
        ok: false,
        error: { code: 'internal', message: 'The background worker failed on "listCache": boom' },
      });
    });

    it('turns an internal error into a ProtocolError in the client', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(worker.service.cache, 'clear').mockRejectedValueOnce(new Error('disk full'));
      await expect(client.clearCache({})).rejects.toBeInstanceOf(ProtocolError);
    });
  });
});
