import { signal } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { createResourcesState, type WatchResources } from '../../../entrypoints/popup/resources-state';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import { addResources, startDocument, type TabResources } from '../../../lib/resources/ledger';
import { fetchedBody } from '../../lib/fetch/fixtures';
import { originOutcome } from '../../../lib/verdict/url-judge';

const PAGE = 'https://www.site.test/';
const FILES: Record<string, FetchOutcome> = {
  'https://www.site.test': ok('User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /js/\n'),
  'https://static.site.test': ok('User-agent: *\nDisallow: /static/\n'),
  'https://cdn.other.test': ok('User-agent: *\nDisallow: /static/\n'),
  'https://down.other.test': { kind: 'unreachable', cause: 'server-error', status: 503, detail: '' },
};

function ok(text: string): FetchOutcome {
  return { kind: 'ok', status: 200, body: fetchedBody({ text }) };
}

function record(origin: string): FetchRecord {
  const outcome = FILES[origin] ?? { kind: 'unavailable', cause: 'client-error', status: 404 };
  const robotsUrl = `${origin}/robots.txt`;
  return { origin, robotsUrl, finalUrl: robotsUrl, hops: [], outcome, fetchedAt: 0, expiresAt: 1, durationMs: 1 };
}

function list(urls: [string, TabResources['entries'][number]['type']][]): TabResources {
  return addResources(
    startDocument(PAGE, 0),
    urls.map(([url, type]) => ({ url, type })),
  );
}

const RESOURCES = list([
  ['https://www.site.test/js/app.js', 'script'],
  ['https://www.site.test/css/site.css', 'stylesheet'],
  ['https://static.site.test/static/a.css', 'stylesheet'],
  ['https://cdn.other.test/static/lib.js', 'script'],
  ['https://cdn.other.test/img/logo.png', 'image'],
  ['https://down.other.test/font.woff2', 'font'],
]);

function setup(options: { checkOtherHosts?: boolean; resources?: TabResources } = {}) {
  const asked: string[] = [];
  const client = {
    getResources: vi.fn(async () => ({ resources: options.resources ?? RESOURCES })),
    originRecords: vi.fn(async ({ origins }: { origins: string[] }) => {
      asked.push(...origins);
      return { origins: origins.map((o) => originOutcome(o, { record: record(o), source: 'network' as const })) };
    }),
  };
  const crawler = signal({ token: 'Googlebot', name: 'Googlebot' });
  let push: ((next: TabResources | null) => void) | null = null;
  const watch: WatchResources = (_tabId, onChange) => {
    push = onChange;
    return () => (push = null);
  };
  const state = createResourcesState({
    client,
    crawler,
    checkOtherHosts: signal(options.checkOtherHosts ?? true),
    watch,
    loadEngine: () => import('../../../entrypoints/popup/engine'),
  });
  return { state, client, crawler, asked, push: (next: TabResources) => push?.(next) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the Page resources state', () => {
  it('checks every origin at once and summarises what is blocked for the crawler', async () => {
    const { state, asked } = setup();
    await state.start(1, PAGE);
    await settle();
    expect(asked).toEqual([
      'https://www.site.test',
      'https://static.site.test',
      'https://cdn.other.test',
      'https://down.other.test',
    ]);
    const view = state.view.value;
    expect(view.progress).toBeNull();
    expect(view.summary).toBe('4 of 6 resources blocked for Googlebot: 2 scripts, 1 stylesheet, 1 font');
    expect(view.blocked.map((g) => [g.origin, g.status, g.rows.map((r) => r.reason)])).toEqual([
      ['https://www.site.test', 'robots.txt answered 200: its rules apply', ['line 5: Disallow: /js/']],
      ['https://static.site.test', 'robots.txt answered 200: its rules apply', ['line 2: Disallow: /static/']],
      ['https://cdn.other.test', 'robots.txt answered 200: its rules apply', ['line 2: Disallow: /static/']],
      [
        'https://down.other.test',
        'robots.txt answered 503: everything disallowed',
        ['robots.txt answered 503: everything disallowed'],
      ],
    ]);
    expect(view.allowed.flatMap((g) => g.rows.map((r) => r.path))).toEqual(['/css/site.css', '/img/logo.png']);
  });

  it('recomputes for another crawler without asking the worker again', async () => {
    const { state, client, crawler } = setup();
    await state.start(1, PAGE);
    await settle();
    const calls = client.originRecords.mock.calls.length;
    crawler.value = { token: 'bingbot', name: 'Bingbot' };
    expect(state.view.value.summary).toBe('3 of 6 resources blocked for Bingbot: 1 script, 1 stylesheet, 1 font');
    expect(client.originRecords.mock.calls.length).toBe(calls);
    expect(state.renderCriticalBlocked.value?.get('Googlebot')).toBe(4);
    expect(state.renderCriticalBlocked.value?.get('bingbot')).toBe(3);
  });

  it('with automatic checking off, checks the page’s own site and waits for a click for the rest', async () => {
    const { state, asked } = setup({ checkOtherHosts: false });
    await state.start(1, PAGE);
    await settle();
    expect(asked).toEqual(['https://www.site.test', 'https://static.site.test']);
    expect(state.view.value.waitingHosts).toBe(2);
    expect(state.view.value.summary).toBe(
      '2 of 6 resources blocked for Googlebot so far (3 not checked yet): 1 script, 1 stylesheet',
    );
    state.checkOtherHosts();
    await settle();
    expect(asked).toHaveLength(4);
    expect(state.view.value.waitingHosts).toBe(0);
    expect(state.view.value.summary).toMatch(/^4 of 6 resources blocked/);
  });

  it('takes requests made while the popup is open, checking only their new origins', async () => {
    const { state, asked, push } = setup();
    await state.start(1, PAGE);
    await settle();
    push(
      addResources(RESOURCES, [
        { url: 'https://api.late.test/data.json', type: 'fetch' },
        { url: 'https://www.site.test/js/late.js', type: 'script' },
      ]),
    );
    await settle();
    expect(asked.slice(4)).toEqual(['https://api.late.test']);
    expect(state.view.value.summary).toBe('5 of 8 resources blocked for Googlebot: 3 scripts, 1 stylesheet, 1 font');
  });

  it('shows progress while origins are fetched', async () => {
    const { state, client } = setup();
    const held: (() => void)[] = [];
    const answer = client.originRecords.getMockImplementation();
    client.originRecords.mockImplementation(async (payload) => {
      await new Promise<void>((resolve) => held.push(resolve));
      return answer!(payload);
    });
    await state.start(1, PAGE);
    expect(state.view.value.progress).toBe('checking 0 of 4 hosts');
    held.shift()?.();
    held.shift()?.();
    await settle();
    expect(state.view.value.progress).toBe('checking 2 of 4 hosts');
    for (const release of held.splice(0)) release();
    await settle();
    expect(state.view.value.progress).toBeNull();
  });

  it('lists the blocked resources for the report', async () => {
    const { state } = setup();
    await state.start(1, PAGE);
    await settle();
    const lines = state.reportLines();
    expect(lines[0]).toBe('Page resources: 4 of 6 resources blocked for Googlebot: 2 scripts, 1 stylesheet, 1 font');
    expect(lines).toContain('    blocked script /static/lib.js (line 2: Disallow: /static/)');
  });

  it('says when nothing was recorded and when the list was cut', async () => {
    const empty = setup({ resources: startDocument(PAGE, 0) });
    await empty.state.start(1, PAGE);
    expect(empty.state.view.value.summary).toBe('No resources recorded for this page yet: reload it to list them.');
    const cut = setup({ resources: { ...RESOURCES, dropped: 12 } });
    await cut.state.start(1, PAGE);
    expect(cut.state.view.value.notes).toEqual(['The list stops at 2,000 resources: 12 more requests were not kept.']);
  });

  it('names an origin whose check failed, and the others still count', async () => {
    const { state, client } = setup();
    client.originRecords.mockRejectedValueOnce(new Error('The background worker did not answer "judgeResources".'));
    await state.start(1, PAGE);
    await settle();
    const unchecked = state.view.value.unchecked;
    expect(unchecked.map((g) => g.status)).toEqual([
      'could not check robots.txt: The background worker did not answer "judgeResources".',
    ]);
    expect(state.view.value.summary).toMatch(/so far \(2 not checked yet\)/);
  });
});
