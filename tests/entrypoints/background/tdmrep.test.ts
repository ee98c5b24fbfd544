import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HOUR, MINUTE } from '../../../lib/fetch/constants';
import { readTdmFile } from '../../../lib/usage';
import type { PageUsageReply, TdmrepFetch, TdmrepReply } from '../../../lib/usage/tdmrep-fetch';
import { createTestWorker, redirect, type Route, status, type TestWorker } from './helpers';

// The worker's tdmrep.json (docs/semantics/usage.md §3.10): fetched through robots.txt's policy, cached per
// origin in its own storage, and classified so the popup can read it (readTdmFile) or say why not.

const ORIGIN = 'https://site.test';
const FILE = `${ORIGIN}/.well-known/tdmrep.json`;
const PAGE = `${ORIGIN}/articles/one?x=1`;

const json =
  (text: string, headers: Record<string, string> = {}): Route =>
  () =>
    new Response(text, { status: 200, headers: { 'content-type': 'application/json', ...headers } });

async function askAll(worker: TestWorker, payload: Record<string, unknown>): Promise<PageUsageReply> {
  const reply = await worker.service.handleMessage({
    type: 'pageUsage',
    payload: { headers: [], meta: [], ...payload },
  });
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value as PageUsageReply;
}

const ask = async (worker: TestWorker, payload: Record<string, unknown>): Promise<TdmrepReply | null> =>
  (await askAll(worker, payload)).tdmrep;

const fetchOf = async (worker: TestWorker): Promise<TdmrepFetch | undefined> =>
  (await ask(worker, { pageUrl: PAGE }))?.fetch;

describe('the worker’s tdmrep.json', () => {
  beforeEach(() => fakeBrowser.reset());

  it('fetches the origin’s file once and serves it from the cache, with the rules readable', async () => {
    const body = '[{"location":"/articles/*","tdm-reservation":1,"tdm-policy":"https://site.test/policy.json"}]';
    const worker = createTestWorker({ [FILE]: json(body) });
    const first = await ask(worker, { pageUrl: PAGE });
    expect(first).toMatchObject({ origin: ORIGIN, url: FILE, source: 'network', fetch: { kind: 'file', body } });
    const second = await ask(worker, { pageUrl: `${ORIGIN}/other` });
    expect(second?.source).toBe('cache');
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(1);
    const file = readTdmFile(first?.fetch.kind === 'file' ? first.fetch.body : null);
    expect(file).toMatchObject({ kind: 'rules', rules: [{ rule: 1, location: '/articles/*', reservation: 1 }] });
  });

  it('asks the network again with refresh, and after 24 hours', async () => {
    const worker = createTestWorker({ [FILE]: json('[]') });
    await ask(worker, { pageUrl: PAGE });
    await ask(worker, { pageUrl: PAGE, refresh: true });
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(2);
    worker.clock.now += 24 * HOUR + 1;
    expect((await ask(worker, { pageUrl: PAGE }))?.source).toBe('network');
  });

  it('reads nothing while the setting is off, says so, and reads the file again once it is on', async () => {
    const body = '[{"location":"/","tdm-reservation":1}]';
    const worker = createTestWorker({ [FILE]: json(body) });
    const set = async (fetchTdmrep: boolean) => {
      const reply = await worker.service.handleMessage({ type: 'setSettings', payload: { fetchTdmrep } });
      expect(reply.ok).toBe(true);
    };
    await set(false);
    const off = await askAll(worker, { pageUrl: PAGE });
    expect(off.tdmrep).toMatchObject({ origin: ORIGIN, url: FILE, source: 'off', fetch: { kind: 'off' } });
    expect(off.tdmrepWords).toBe(
      '/.well-known/tdmrep.json is not read: turned off in the options, so a TDMRep reservation there is not counted.',
    );
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(0);
    await set(true);
    expect(await ask(worker, { pageUrl: PAGE })).toMatchObject({ source: 'network', fetch: { kind: 'file', body } });
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(1);
  });

  it('is cleared with the robots.txt cache, for one origin or all', async () => {
    const worker = createTestWorker({ [FILE]: json('[]') });
    await ask(worker, { pageUrl: PAGE });
    const cleared = await worker.service.handleMessage({ type: 'clearCache', payload: { origin: ORIGIN } });
    expect(cleared.ok).toBe(true);
    expect(await (await worker.kept()).getAllKeys('tdmrep')).not.toContain(ORIGIN);
    expect((await ask(worker, { pageUrl: PAGE }))?.source).toBe('network');
    await worker.service.handleMessage({ type: 'clearCache', payload: {} });
    expect((await ask(worker, { pageUrl: PAGE }))?.source).toBe('network');
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(3);
  });

  it('keeps the file in storage apart from robots.txt', async () => {
    const worker = createTestWorker({ [FILE]: json('[]') });
    await ask(worker, { pageUrl: PAGE });
    const db = await worker.kept();
    expect(await db.getAllKeys('tdmrep')).toContain(ORIGIN);
    expect(await db.getAllKeys('robots')).not.toContain(ORIGIN);
  });

  it('a 404 means the origin does not implement TDMRep, cached like robots.txt’s 404', async () => {
    const worker = createTestWorker({ [FILE]: status(404) });
    expect(await fetchOf(worker)).toEqual({ kind: 'absent', status: 404, why: 'the address answers 404' });
    worker.clock.now += 2 * HOUR;
    await fetchOf(worker);
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(1);
  });

  it.each([
    { code: 503, why: 'the server answers 503' },
    { code: 500, why: 'the server answers 500' },
    { code: 429, why: 'the server answers 429 Too Many Requests' },
  ])('a $code is unreachable, and asked again after 5 minutes', async ({ code, why }) => {
    const worker = createTestWorker({ [FILE]: status(code) });
    expect(await fetchOf(worker)).toEqual({ kind: 'unreachable', status: code, why });
    worker.clock.now += MINUTE;
    await fetchOf(worker);
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(1);
    worker.clock.now += 5 * MINUTE;
    await fetchOf(worker);
    expect(worker.requested.filter((u) => u === FILE)).toHaveLength(2);
  });

  it('a network failure is unreachable, said in words', async () => {
    const worker = createTestWorker({
      [FILE]: () => {
        throw new TypeError('net::ERR_CONNECTION_REFUSED');
      },
    });
    const result = await fetchOf(worker);
    expect(result?.kind).toBe('unreachable');
    expect(result?.kind === 'unreachable' ? result.why : '').toMatch(/refused/i);
  });

  it('an HTML page at the address (a soft 404) is unusable, not rules', async () => {
    const html = '<!doctype html><html><head><title>Not found</title></head><body>Nothing here</body></html>';
    const worker = createTestWorker({
      [FILE]: () => new Response(html, { status: 200, headers: { 'content-type': 'text/html' } }),
    });
    expect(await fetchOf(worker)).toEqual({
      kind: 'unusable',
      status: 200,
      why: 'the address answers with an HTML page, not JSON',
    });
  });

  it('a file over 64 KiB is not read', async () => {
    const rule = '{"location":"/a/","tdm-reservation":1},';
    const big = `[${rule.repeat(Math.ceil((70 * 1024) / rule.length))}{"location":"/","tdm-reservation":0}]`;
    const worker = createTestWorker({ [FILE]: json(big) });
    expect(await fetchOf(worker)).toEqual({
      kind: 'unusable',
      status: 200,
      why: 'the file is larger than 64 KiB, so it was not read',
    });
    const stored = (await (await worker.kept()).get('tdmrep', ORIGIN)) as unknown as {
      outcome: { body: { bytes: string } };
    };
    expect(stored.outcome.body.bytes.length).toBe(64 * 1024);
  });

  it('invalid JSON reaches the popup as a file, which readTdmFile says is not JSON', async () => {
    const worker = createTestWorker({ [FILE]: json('[{"location": "/", "tdm-reservation": 1,]') });
    const result = await fetchOf(worker);
    expect(result?.kind).toBe('file');
    expect(readTdmFile(result?.kind === 'file' ? result.body : null)).toEqual({
      kind: 'not-implemented',
      why: 'the file is not JSON',
    });
  });

  it('follows a redirect, and a loop is absent', async () => {
    const moved = createTestWorker({ [FILE]: redirect(`${ORIGIN}/tdm.json`), [`${ORIGIN}/tdm.json`]: json('[]') });
    expect(await fetchOf(moved)).toMatchObject({ kind: 'file', body: '[]' });
    fakeBrowser.reset();
    const loop = createTestWorker({ [FILE]: redirect(`${ORIGIN}/b`), [`${ORIGIN}/b`]: redirect(FILE) });
    expect(await fetchOf(loop)).toMatchObject({ kind: 'absent', why: 'the address redirects in a loop' });
  });

  it('answers null for a page that is not http(s), and refuses a malformed request', async () => {
    const worker = createTestWorker();
    expect(await ask(worker, { pageUrl: 'chrome://settings/' })).toBeNull();
    expect(worker.requested).toEqual([]);
    const reply = await worker.service.handleMessage({
      type: 'pageUsage',
      payload: { pageUrl: PAGE, headers: null, meta: [], extra: 1 },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(reply.ok ? '' : reply.error.message).toContain('unknown field "extra"');
  });

  it('lints the page’s usage headers and metas with the file, in words', async () => {
    const worker = createTestWorker({ [FILE]: json('[{"location":"/","tdm-reservation":"1"}]') });
    const reply = await askAll(worker, {
      pageUrl: PAGE,
      headers: [['tdm-reservation', 'yes']],
      meta: [{ name: 'content-signal', content: 'ai-train=no' }],
    });
    expect(reply.tdmrepWords).toBe('/.well-known/tdmrep.json was read (HTTP 200).');
    expect(reply.findings.map((f) => `${f.code} ${f.severity}`).sort()).toEqual([
      'CU-14 warning',
      'TDM-01 error',
      'TDM-03 error',
    ]);
    expect(reply.findings.find((f) => f.code === 'TDM-03')?.text).toBe(
      'tdmrep.json rule 1 lack location or a tdm-reservation of 0 or 1: ignored.',
    );
    expect(reply.findings.every((f) => !f.text.includes('`'))).toBe(true);
  });

  it('refuses oversized page readings', async () => {
    const worker = createTestWorker();
    const headers = Array.from({ length: 201 }, () => ['x-a', 'b']);
    const reply = await worker.service.handleMessage({
      type: 'pageUsage',
      payload: { pageUrl: PAGE, headers, meta: [] },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(worker.requested).toEqual([]);
  });
});
