import type { ProbeReport } from '../../../lib/probe/types';
import { describe, expect, it, vi } from 'vitest';
import { createFakeHistoryClient } from '../popup/fakes';
import { createOptionsState } from '../../../entrypoints/options/state';
import type { CacheStats } from '../../../lib/cache';
import { type ProtocolClient } from '../../../lib/protocol/messages';
import { ProtocolError } from '../../../lib/protocol/errors';
import { DEFAULT_SETTINGS, type Settings } from '../../../lib/settings';

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  crawler: 'Googlebot',
  customTokens: ['MyBot'],
  timeoutMs: 10_000,
  watchCrawlers: ['Googlebot'],
};
const STATS: CacheStats = {
  entries: 0,
  bytes: 0,
  maxEntries: 200,
  maxBytes: 4 << 20,
  hits: 0,
  misses: 0,
  fetches: 0,
  fetchSuccesses: 0,
};

function createFakeClient(over: Partial<ProtocolClient> = {}): ProtocolClient & { calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  let settings = SETTINGS;
  // Each fake records its call; the payload types are the protocol's, checked where the state calls them.
  const record =
    <P, T>(name: string, fn: (payload: P) => Promise<T>) =>
    (payload: P) => {
      calls.push([name, payload]);
      return fn(payload);
    };
  return {
    calls,
    inspect: record(
      'inspect',
      async () =>
        ({ kind: 'not-applicable', pageUrl: '', tabId: null, reason: 'invalid-url', explanation: '' }) as const,
    ),
    getSettings: record('getSettings', async () => settings),
    pageSettings: record('pageSettings', async () => ({
      pageInspection: settings.pageInspection,
      customTokens: settings.customTokens,
    })),
    setSettings: record(
      'setSettings',
      async (patch: Partial<Omit<Settings, 'version'>>) => (settings = { ...settings, ...patch }),
    ),
    listCache: record('listCache', async () => ({ entries: [], stats: STATS })),
    clearCache: record('clearCache', async () => ({ cleared: 1 })),
    pageState: record('pageState', async ({ tabId }: { tabId: number }) => ({
      enabled: true,
      tabUrl: `tab ${tabId}`,
      observed: null,
      dom: null,
      refetched: null,
    })),
    pageIndexability: record('pageIndexability', async () => ({
      state: { enabled: true, tabUrl: '', observed: null, dom: null, refetched: null },
      headers: null,
      results: [],
      reports: [],
    })),
    refetchPage: record('refetchPage', () => Promise.reject(new Error('not in these tests'))),
    judgeUrls: record('judgeUrls', async () => ({ results: [], origins: 0, skippedOrigins: 0, maxOrigins: 10 })),
    cancelFetch: record('cancelFetch', async () => ({ cancelled: false })),
    addCustomToken: record(
      'addCustomToken',
      async ({ token }: { token: string }) => (settings = { ...settings, crawler: token }),
    ),
    ...createFakeHistoryClient(),
    getResources: record('getResources', async () => ({ resources: null })),
    originRecords: record('originRecords', async () => ({ origins: [] })),
    probe: record('probe', () => Promise.reject<ProbeReport>(new Error('no probe in these tests'))),
    lastProbe: record('lastProbe', async () => null),
    pageUsage: record('pageUsage', async () => ({ tdmrep: null, tdmrepWords: '', findings: [] })),
    ...over,
  };
}

describe('createOptionsState', () => {
  it('loads settings and the cache, then is ready', async () => {
    const state = createOptionsState({ client: createFakeClient(), now: () => 42 });
    expect(state.phase.value).toEqual({ kind: 'loading' });
    await state.start();
    expect(state.phase.value).toEqual({ kind: 'ready' });
    expect(state.settings.value).toEqual(SETTINGS);
    expect(state.cache.value?.stats).toEqual(STATS);
    expect(state.now.value).toBe(42);
  });

  it('shows an error phase when the worker does not answer', async () => {
    const client = createFakeClient({
      getSettings: () =>
        Promise.reject(new ProtocolError('The background worker did not answer "getSettings".', 'no-reply')),
    });
    const state = createOptionsState({ client });
    await state.start();
    expect(state.phase.value).toEqual({
      kind: 'error',
      message: 'The background worker did not answer "getSettings".',
    });
  });

  it('refreshes an origin by inspecting it with refresh, then lists the cache again', async () => {
    const client = createFakeClient();
    const state = createOptionsState({ client });
    await state.start();
    const pending = state.refreshOrigin('https://a.test');
    expect(state.busy.value.has('https://a.test')).toBe(true);
    await pending;
    expect(state.busy.value.size).toBe(0);
    expect(client.calls.slice(-2)).toEqual([
      ['inspect', { target: { kind: 'url', url: 'https://a.test/' }, refresh: true }],
      ['listCache', {}],
    ]);
  });

  it('clears one origin and all origins', async () => {
    const client = createFakeClient();
    const state = createOptionsState({ client });
    await state.start();
    await state.clearOrigin('https://a.test');
    await state.clearAll();
    expect(client.calls.filter(([name]) => name === 'clearCache').map(([, p]) => p)).toEqual([
      { origin: 'https://a.test' },
      {},
    ]);
  });

  it('adds a custom token first in the list, and ignores a duplicate', async () => {
    const client = createFakeClient();
    const state = createOptionsState({ client });
    await state.start();
    await state.addCustomToken('  NewBot ');
    expect(state.settings.value?.customTokens).toEqual(['NewBot', 'MyBot']);
    const before = client.calls.length;
    await state.addCustomToken('MyBot');
    expect(client.calls.length).toBe(before);
  });

  it('removing the selected custom token hands the badge back to Googlebot', async () => {
    const client = createFakeClient();
    const state = createOptionsState({ client });
    await state.start();
    await state.updateSettings({ crawler: 'MyBot' });
    await state.removeCustomToken('MyBot');
    expect(state.settings.value).toMatchObject({ crawler: 'Googlebot', customTokens: [] });
  });

  it('turns a refused change into a notice and keeps the page', async () => {
    const client = createFakeClient({
      setSettings: () => Promise.reject(new ProtocolError('The timeout must be …', 'invalid-request')),
    });
    const state = createOptionsState({ client });
    await state.start();
    await state.updateSettings({ timeoutMs: 1 });
    expect(state.notice.value).toBe('Saving the settings failed: The timeout must be …');
    expect(state.phase.value.kind).toBe('ready');
    state.dismissNotice();
    expect(state.notice.value).toBeNull();
  });

  it('clears the busy mark even when a refresh fails', async () => {
    const state = createOptionsState({
      client: createFakeClient({ inspect: vi.fn().mockRejectedValue(new Error('gone')) }),
    });
    await state.start();
    await state.refreshOrigin('https://a.test');
    expect(state.busy.value.size).toBe(0);
    expect(state.notice.value).toBe('Refreshing https://a.test failed: gone');
  });
});
