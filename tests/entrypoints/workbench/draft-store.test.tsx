import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../../entrypoints/workbench/App';
import { createIdbDraftStore, createStorageLocalDrafts } from '../../../entrypoints/workbench/draft-store';
import type { DraftBook, DraftStore } from '../../../entrypoints/workbench/drafts';
import { createWorkbenchState, DEBOUNCE_MS, STORAGE_FULL } from '../../../entrypoints/workbench/state';
import { draftKey } from '../../../lib/protocol/storage-keys';
import { createInProcessWorker, liveInspection } from './fakes';

const ORIGIN = 'https://shop.test';
const LIVE = 'User-agent: *\nDisallow: /private/\n';
const MINE: DraftBook = {
  currentId: 'k',
  drafts: [{ id: 'k', name: 'Mine', text: 'User-agent: *\nDisallow: /\n', updatedAt: 5 }],
};

let dbCount = 0;
/** A database of its own for each test (fake-indexeddb keeps them for the whole file). */
const freshName = () => `drafts-test-${++dbCount}`;
const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE_MS + 100));

/** The workbench page over `drafts`, rendered as main.tsx renders it (the history view is not opened). */
function renderWorkbench(drafts: DraftStore) {
  const state = createWorkbenchState({
    client: { inspect: () => Promise.resolve(liveInspection(ORIGIN, LIVE)) },
    worker: createInProcessWorker(),
    drafts,
    params: { origin: ORIGIN, url: null },
    download: vi.fn(),
    copy: vi.fn(() => Promise.resolve()),
    setAddress: vi.fn(),
    now: () => 1000,
  });
  render(
    <App
      state={state}
      formatTime={String}
      createHistory={() => {
        throw new Error('the history view is not opened here');
      }}
    />,
  );
  return state;
}

/** Returns what the database `name` holds for ORIGIN, read at its current version. */
async function storedBook(name: string): Promise<unknown> {
  const db = await openDB(name);
  try {
    return await db.get('drafts', ORIGIN);
  } finally {
    db.close();
  }
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('drafts in IndexedDB, moved once from storage.local', () => {
  it('moves every origin’s drafts out of storage.local on the first read, and leaves the rest there', async () => {
    const other: DraftBook = { currentId: 'o', drafts: [{ id: 'o', name: 'Other', text: '', updatedAt: 1 }] };
    await fakeBrowser.storage.local.set({
      [draftKey(ORIGIN).slice('local:'.length)]: MINE,
      [draftKey('https://other.test').slice('local:'.length)]: other,
      'robots:https://shop.test': { kept: true },
    });
    const name = freshName();
    const store = createIdbDraftStore(createStorageLocalDrafts(), name);
    expect(await store.load(ORIGIN)).toEqual(MINE);
    expect(await store.load('https://other.test')).toEqual(other);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ 'robots:https://shop.test': { kept: true } });

    // Once: a later page does not read storage.local again.
    const list = vi.fn(() => Promise.resolve(new Map<string, unknown>()));
    const later = createIdbDraftStore({ list, remove: vi.fn() }, name);
    expect(await later.load(ORIGIN)).toEqual(MINE);
    expect(list).not.toHaveBeenCalled();
  });

  it('keeps a draft already in IndexedDB over an older copy left in storage.local', async () => {
    const name = freshName();
    const newer: DraftBook = { ...MINE, drafts: [{ ...MINE.drafts[0]!, text: 'newer' }] };
    const db = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('drafts');
        database.createObjectStore('meta');
      },
    });
    await db.put('drafts', newer, ORIGIN);
    db.close();
    await fakeBrowser.storage.local.set({ [draftKey(ORIGIN).slice('local:'.length)]: MINE });
    const store = createIdbDraftStore(createStorageLocalDrafts(), name);
    expect(await store.load(ORIGIN)).toEqual(newer);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('restores migrated drafts on the page and saves edits to IndexedDB, not storage.local', async () => {
    await fakeBrowser.storage.local.set({ [draftKey(ORIGIN).slice('local:'.length)]: MINE });
    const name = freshName();
    const state = renderWorkbench(createIdbDraftStore(createStorageLocalDrafts(), name));
    await waitFor(() => expect(state.savedNote.value).toBe('Restored from your last session.'));
    expect(state.draftText.value).toBe(MINE.drafts[0]!.text);
    state.setDraftText('User-agent: *\nAllow: /\n');
    await settle();
    // The save ends after the debounce; a loaded machine may take longer to write it.
    await waitFor(() => expect(state.savedNote.value).toBe('Saved.'), { timeout: 5_000 });
    expect(await storedBook(name)).toMatchObject({ drafts: [{ text: 'User-agent: *\nAllow: /\n' }] });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});

describe('a storage failure is told in words', () => {
  it('says storage is full, never the raw quota error, and clears once a save succeeds', async () => {
    const state = renderWorkbench(createIdbDraftStore(createStorageLocalDrafts(), freshName()));
    await waitFor(() => expect(state.book.value).not.toBeNull());
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('Resource::kQuotaBytes quota exceeded', 'QuotaExceededError');
    });
    state.setDraftText('User-agent: *\nDisallow: /a/\n');
    const alert = await screen.findByTestId('draft-storage-problem');
    expect(alert.textContent).toBe(STORAGE_FULL);
    expect(alert.textContent).not.toContain('kQuotaBytes');
    expect(screen.getByTestId('draft-saved').textContent).toBe('Not saved.');

    put.mockRestore();
    state.setDraftText('User-agent: *\nDisallow: /b/\n');
    await waitFor(() => expect(screen.getByTestId('draft-saved').textContent).toBe('Saved.'));
    expect(screen.queryByTestId('draft-storage-problem')).toBeNull();
  });
});

describe('drafts that could not be read (issue: a failed load was swallowed, then saved over)', () => {
  it('shows the failure and saves nothing over the stored drafts, however much is typed', async () => {
    const name = freshName();
    const first = createIdbDraftStore(createStorageLocalDrafts(), name);
    await first.save(ORIGIN, MINE);
    // A newer version of the database (another Robotscope) makes this page's open fail.
    (await openDB(name, 2)).close();

    const store = createIdbDraftStore(createStorageLocalDrafts(), name);
    const save = vi.spyOn(store, 'save');
    const state = renderWorkbench(store);
    const alert = await screen.findByTestId('draft-storage-problem');
    expect(alert.textContent).toMatch(/^Your saved drafts for https:\/\/shop\.test could not be read/);
    expect(alert.textContent).toContain('nothing is saved over them');
    // The editor still works, on a draft from the live file, and says it is not saved.
    expect(state.draftText.value).toBe(LIVE);
    state.setDraftText('User-agent: *\nDisallow: /typed/\n');
    await settle();
    state.renameDraft('Renamed');
    state.duplicateDraft();
    await settle();
    expect(screen.getByTestId('draft-saved').textContent).toBe('Not saved: your saved drafts could not be read.');
    expect(save).not.toHaveBeenCalled();
    expect(await storedBook(name)).toEqual(MINE);
  });

  it('does not start a draft from a history version over drafts it could not read', async () => {
    const save = vi.fn((_origin: string, _book: DraftBook) => Promise.resolve());
    const state = renderWorkbench({ load: () => Promise.reject(new Error('UnknownError')), save });
    await expect(state.startDraft('https://other.test', 'From version of today (HTTP 200)', '')).rejects.toThrow(
      /^Your saved drafts for https:\/\/other\.test could not be read/,
    );
    await settle();
    expect(save.mock.calls.filter(([origin]) => origin === 'https://other.test')).toEqual([]);
  });
});
