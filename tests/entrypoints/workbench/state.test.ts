import { describe, expect, it, vi } from 'vitest';
import type { Inspection } from '../../../lib/protocol/messages';
import { createInProcessWorker, liveInspection } from './fakes';
import { fetchedBody } from '../../lib/fetch/fixtures';
import type { DraftBook } from '../../../entrypoints/workbench/drafts';
import { createWorkbenchState, DEBOUNCE_MS, readView } from '../../../entrypoints/workbench/state';

const ORIGIN = 'https://shop.test';
const LIVE = 'User-agent: *\nDisallow: /private/\n';
const inspection = (text: string): Inspection => liveInspection(ORIGIN, text, `${ORIGIN}/a`);

/** The page state wired to a real worker session in-process, replies delivered asynchronously like postMessage. */
function setup(stored: unknown = undefined, live: Inspection = inspection(LIVE), url = `${ORIGIN}/private/x`) {
  const saved: DraftBook[] = [];
  const inspect = vi.fn(() => Promise.resolve(live));
  const download = vi.fn();
  const state = createWorkbenchState({
    client: { inspect },
    worker: createInProcessWorker(),
    drafts: { load: () => Promise.resolve(stored), save: (_o, book) => (saved.push(book), Promise.resolve()) },
    params: { origin: ORIGIN, url },
    download,
    copy: vi.fn(() => Promise.resolve()),
    setAddress: vi.fn(),
    now: () => 1000,
  });
  return { state, inspect, saved, download };
}

const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE_MS + 100));

describe('the workbench state', () => {
  it('loads the live file through inspect, starts a draft from it and evaluates the page URL', async () => {
    const { state, inspect } = setup();
    await state.start();
    await settle();
    expect(inspect).toHaveBeenCalledWith({ target: { kind: 'url', url: `${ORIGIN}/private/x` } });
    expect(state.draftText.value).toBe(LIVE);
    expect(state.evaluated.value?.urls).toEqual([`${ORIGIN}/private/x`]);
    expect(state.sentence.value).toBe('This draft changes no verdict.');
  });

  it('reads a Latin-1 live file from its bytes and says what a UTF-8 draft of it changes', async () => {
    const latin1 = inspection('');
    if (latin1.kind !== 'inspected' || latin1.record.outcome.kind !== 'ok') throw new Error('expected a file');
    const body = fetchedBody({ bytes: 'User-agent: *\nDisallow: /caf\xe9\n', encoding: 'not-utf-8' });
    const live = { ...latin1, record: { ...latin1.record, outcome: { ...latin1.record.outcome, body } } };
    const { state } = setup(undefined, live, `${ORIGIN}/caf%E9`);
    await state.start();
    await settle();
    await settle();
    expect(state.live.value).toMatchObject({ kind: 'ready', encodingNote: expect.stringContaining('not UTF-8') });
    expect(state.draftText.value).toBe('User-agent: *\nDisallow: /caf\uFFFD\n');
    // Live blocks /caf%E9 (byte E9); the draft, saved as UTF-8, no longer does.
    expect(state.changes.value.find((c) => c.token === 'Googlebot')).toMatchObject({ blockedNow: 0, unblockedNow: 1 });
    const { state: utf8 } = setup();
    await utf8.start();
    expect(utf8.live.value).toMatchObject({ kind: 'ready', encodingNote: null });
  });

  it('saves the draft as typed and shows what it unblocks', async () => {
    const { state, saved } = setup();
    await state.start();
    await settle();
    state.setDraftText('User-agent: *\nDisallow: /admin/\n');
    await settle();
    await settle();
    expect(saved.at(-1)?.drafts[0]?.text).toBe('User-agent: *\nDisallow: /admin/\n');
    const googlebot = state.changes.value.find((c) => c.token === 'Googlebot');
    expect(googlebot).toMatchObject({ blockedNow: 0, unblockedNow: 1 });
    expect(state.diff.value).toMatchObject({ kind: 'diff', added: 1, removed: 1 });
  });

  it('restores a stored draft and reverts it to live on request', async () => {
    const { state } = setup({
      currentId: 'k',
      drafts: [{ id: 'k', name: 'Mine', text: 'User-agent: *\nDisallow: /\n', updatedAt: 5 }],
    });
    await state.start();
    expect(state.draftText.value).toBe('User-agent: *\nDisallow: /\n');
    expect(state.savedNote.value).toBe('Restored from your last session.');
    const before = state.draftRevision.value;
    state.revertDraft();
    expect(state.draftText.value).toBe(LIVE);
    expect(state.draftRevision.value).toBe(before + 1);
  });

  it('evaluates only the chosen crawlers, keeps the choice with the drafts and exports only them', async () => {
    const { state, saved, download } = setup();
    await state.start();
    await settle();
    expect(state.evaluated.value?.tokens).toEqual(state.crawlers.map((c) => c.token));
    // A draft that changes the page URL's verdict: with a draft that differs, the table (and the
    // export) shows changed rows only.
    state.setDraftText('User-agent: *\nAllow: /\n');
    await settle();
    await settle();
    state.setCrawlers(['GPTBot', 'Googlebot']);
    await settle();
    // Preset order, whatever order they were picked in.
    expect(state.chosenCrawlers.value).toEqual(['Googlebot', 'GPTBot']);
    expect(state.evaluated.value?.tokens).toEqual(['Googlebot', 'GPTBot']);
    expect(state.evaluated.value?.live.allowed).toHaveLength(2);
    expect(state.changes.value.map((c) => c.token)).toEqual(['Googlebot', 'GPTBot']);
    expect(saved.at(-1)?.crawlers).toEqual(['Googlebot', 'GPTBot']);
    // The CSV is now a Blob built from parts, read back as text.
    await state.exportCsv();
    const csv = await (download.mock.calls.at(-1)?.[1] as Blob).text();
    const crawlerColumn = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(crawlerColumn).toEqual(['Googlebot', 'GPTBot']);
  });

  it('restores the stored crawler choice with the drafts', async () => {
    const { state } = setup({
      currentId: 'k',
      drafts: [{ id: 'k', name: 'Mine', text: LIVE, updatedAt: 5 }],
      crawlers: ['GPTBot', 'not-a-preset'],
    });
    await state.start();
    await settle();
    expect(state.evaluated.value?.tokens).toEqual(['GPTBot']);
    expect(state.changes.value.map((c) => c.token)).toEqual(['GPTBot']);
  });

  it('parses a pasted list in the worker, setting other sites aside', async () => {
    const { state } = setup();
    await state.start();
    state.useList('/a\n/private/b\nhttps://other.test/c\n');
    await settle();
    expect(state.urls.value).toEqual([`${ORIGIN}/a`, `${ORIGIN}/private/b`]);
    expect(state.otherOrigin.value).toEqual(['https://other.test/c']);
    expect(state.evaluated.value?.urls).toHaveLength(2);
  });
});

describe('a draft started from a history version', () => {
  it('is added to the stored drafts when the page has not loaded them, and the editor is shown', async () => {
    const stored: DraftBook = {
      currentId: 'k',
      drafts: [{ id: 'k', name: 'Mine', text: 'User-agent: *\nDisallow: /\n', updatedAt: 5 }],
    };
    const { state, saved } = setup(stored);
    state.setView('history');
    expect(state.view.value).toBe('history');
    await state.startDraft('https://other.test', 'From version of today (HTTP 503)', '');
    expect(saved.at(-1)?.drafts.map((d) => d.name)).toEqual(['Mine', 'From version of today (HTTP 503)']);
    expect(saved.at(-1)?.currentId).toBe(saved.at(-1)?.drafts[1]?.id);
    expect(state.view.value).toBe('draft');
    // The page's own origin is not loaded: its book stays as it was.
    expect(state.book.value).toBeNull();
  });

  it('reads the view from the address: history only when it says so', () => {
    expect(readView('history')).toBe('history');
    expect(readView('draft')).toBe('draft');
    expect(readView(null)).toBe('draft');
    expect(readView('<script>')).toBe('draft');
  });
});
