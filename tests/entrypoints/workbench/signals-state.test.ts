/**
 * The workbench's Use and lens pass on the page: nothing is asked of the worker until the person
 * opens a part or picks the "parsers disagree" filter; then the summaries, the filter, the selected
 * row and the CSV follow each evaluation.
 */
import { describe, expect, it, vi } from 'vitest';
import { USE_DISALLOWED, type WorkerReply, type WorkerRequest } from '../../../lib/workbench';
import type { WorkerPort } from '../../../entrypoints/workbench/jobs';
import { createWorkbenchState, DEBOUNCE_MS } from '../../../entrypoints/workbench/state';
import { createInProcessWorker, liveInspection } from './fakes';

const ORIGIN = 'https://shop.test';
// py-legacy takes the first matching rule (docs/semantics/lens.md §2.8); Google the longest.
const LIVE = 'User-agent: *\nAllow: /shop\nDisallow: /shop/cart\n';

function setup(pageUrl = `${ORIGIN}/shop/cart/1`, failSignals = false) {
  const requests: WorkerRequest[] = [];
  const inner = createInProcessWorker();
  let listener: (reply: WorkerReply) => void = () => undefined;
  inner.listen((reply) => listener(reply));
  const worker: WorkerPort = {
    post: (r) => {
      requests.push(r);
      // A worker whose second pass throws answers as the session does: a 'failed' reply for the job.
      if (failSignals && r.type === 'signals')
        setTimeout(() => listener({ type: 'failed', job: r.job, message: 'boom' }), 0);
      else inner.post(r);
    },
    listen: (fn) => (listener = fn),
  };
  const download = vi.fn();
  const state = createWorkbenchState({
    client: { inspect: () => Promise.resolve(liveInspection(ORIGIN, LIVE, pageUrl)) },
    worker,
    drafts: { load: () => Promise.resolve(undefined), save: () => Promise.resolve() },
    params: { origin: ORIGIN, url: pageUrl },
    download,
    copy: vi.fn(() => Promise.resolve()),
    setAddress: vi.fn(),
    now: () => 1000,
  });
  return { state, requests, download };
}

const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE_MS + 100));

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

describe('the Use and lens pass of the workbench page', () => {
  it('asks the worker for nothing until a part is opened', async () => {
    const { state, requests } = setup();
    await state.start();
    await settle();
    expect(state.evaluated.value).not.toBeNull();
    expect(requests.some((r) => r.type === 'signals')).toBe(false);
    expect(state.usePhase.value).toEqual({ kind: 'off' });
    expect(state.sideSignals.value).toEqual({ use: null, lens: null });
  });

  it('opened, the Use part follows each draft: a Content-Usage line shows as a change in AI training', async () => {
    const { state, requests } = setup(`${ORIGIN}/shop/shoes`);
    await state.start();
    await settle();
    state.showSignals('use');
    await until(() => state.usePhase.value.kind === 'ready');
    expect(state.useLines.value).toEqual([]);
    state.setDraftText(`${LIVE}Content-Usage: /shop/ train-ai=n\n`);
    await settle();
    await until(() => state.usePhase.value.kind === 'ready' && state.useLines.value.length > 0);
    expect(state.useLines.value.map((g) => g.parts)).toEqual([
      [{ purposes: ['ai-train'], wasBlocked: false, to: USE_DISALLOWED, count: 1 }],
    ]);
    const crawlers = state.useLines.value[0]!.members.map((c) => state.evaluated.value!.presets[c]!.token);
    expect(crawlers).toContain('GPTBot');
    // AdsBot-Google ignores the * group, so its lines do not reach it (docs/semantics/usage.md §4.3).
    expect(crawlers).not.toContain('AdsBot-Google');
    expect(requests.filter((r) => r.type === 'signals' && r.part === 'use').length).toBe(2);
    expect(requests.some((r) => r.type === 'signals' && r.part === 'lens')).toBe(false);
    state.select(state.crawlers.findIndex((c) => c.token === 'GPTBot'));
    expect(state.sideSignals.value.use).not.toBeNull();
  });

  it('the filter asks for the lenses, then shows only the rows where a parser differs, and the CSV gets the columns', async () => {
    const { state, download } = setup();
    await state.start();
    await settle();
    state.setDisagreeFilter('live');
    // Until the lenses are read, the filter shows no row rather than every row.
    expect(state.rows.value.length).toBe(0);
    await until(() => state.lensPhase.value.kind === 'ready');
    const e = state.evaluated.value!;
    expect(state.rows.value.length).toBe(e.tokens.length);
    const lens = state.sideSignals.value.lens!;
    expect([...state.rows.value].every((cell) => lens.live[cell] !== 0)).toBe(true);
    state.setDisagreeFilter('draft');
    // The draft starts as the live file: the same rows.
    expect(state.rows.value.length).toBe(e.tokens.length);
    state.setDisagreeFilter('off');
    expect(state.rows.value.length).toBe(e.tokens.length * e.urls.length);
    await state.exportCsv();
    const csv = await (download.mock.calls.at(-1)?.[1] as Blob).text();
    const [header, first] = csv.split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['live_parsers_differing', 'draft_parsers_differing']);
    expect(first?.split(',').slice(-2)).toEqual([
      'Python before 3.13.14 and 3.14.5',
      'Python before 3.13.14 and 3.14.5',
    ]);
    expect(state.lensSummary.value).toMatchObject({ lines: [], divergentLive: 1, divergentDraft: 1 });
  });

  it('a stopped lens pass is cancelled in the worker, turns the filter off and never lands', async () => {
    const { state, requests } = setup();
    await state.start();
    await settle();
    state.setDisagreeFilter('either');
    expect(state.lensPhase.value.kind).toBe('running');
    state.stopSignals('lens');
    expect(requests.at(-1)).toMatchObject({ type: 'cancel' });
    expect(state.lensPhase.value).toEqual({ kind: 'off' });
    expect(state.disagreeFilter.value).toBe('off');
    await settle();
    expect(state.sideSignals.value.lens).toBeNull();
    expect(state.rows.value.length).toBe(state.evaluated.value!.tokens.length);
  });

  it('a pass that fails in the worker turns its part off and the page says why', async () => {
    const { state } = setup(undefined, true);
    await state.start();
    await settle();
    state.showSignals('use');
    await until(() => state.usePhase.value.kind === 'off');
    expect(state.notice.value).toBe("Something went wrong in the workbench's worker: boom");
  });
});
