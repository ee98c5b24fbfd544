import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { createIdbWatchStore } from '../../../entrypoints/background/history/history-db';
import type { OpenKeptDb } from '../../../entrypoints/background/kept-db';
import { createSessionReportStore } from '../../../entrypoints/background/probe/prober';
import { readDraftBook } from '../../../entrypoints/workbench/drafts';
import { WATCHED_SITES_KEY } from '../../../lib/protocol/storage-keys';
import { createTestKeptDb } from './helpers';

// What storage gives back is read, never trusted: a damaged value (an older version's shape, a
// hand edit, a half-written record) is left out, and what is still readable is kept.

describe('stored drafts', () => {
  const draft = { id: 'd1', name: 'Draft 1', text: 'User-agent: *\nDisallow: /', updatedAt: 5 };

  it('reads a book as written', () => {
    const book = { currentId: 'd1', drafts: [draft], crawlers: ['Googlebot'] };
    expect(readDraftBook(book)).toEqual(book);
  });

  it('drops an unreadable draft and keeps the others, the current one moving to the first left', () => {
    const book = { currentId: 'gone', drafts: [{ id: 'gone', text: 7 }, 'junk', draft] };
    expect(readDraftBook(book)).toEqual({ currentId: 'd1', drafts: [draft] });
  });

  it('reads a draft without a readable date as the oldest', () => {
    const { updatedAt: _updatedAt, ...undated } = draft;
    expect(readDraftBook({ currentId: 'd1', drafts: [{ ...undated, updatedAt: 'yesterday' }] })?.drafts).toEqual([
      { ...undated, updatedAt: 0 },
    ]);
  });

  it('keeps the crawler tokens of a damaged list and leaves out crawlers that are no list', () => {
    expect(readDraftBook({ currentId: 'd1', drafts: [draft], crawlers: ['GPTBot', 3, null] })?.crawlers).toEqual([
      'GPTBot',
    ]);
    expect(readDraftBook({ currentId: 'd1', drafts: [draft], crawlers: 'GPTBot' })).toEqual({
      currentId: 'd1',
      drafts: [draft],
    });
  });

  it.each([
    { name: 'nothing', value: undefined },
    { name: 'a string', value: 'drafts' },
    { name: 'a book without a current draft id', value: { drafts: [draft] } },
    { name: 'a book with no readable draft', value: { currentId: 'd1', drafts: [{ id: 'd1' }] } },
    { name: 'a book whose drafts are no list', value: { currentId: 'd1', drafts: { d1: draft } } },
  ])('reads $name as no book', ({ value }) => {
    expect(readDraftBook(value)).toBeNull();
  });
});

describe('the stored watch list', () => {
  let kept: OpenKeptDb;
  beforeEach(() => {
    kept = createTestKeptDb();
  });

  it('keeps each site that names its origin and drops the rest', async () => {
    const site = { origin: 'https://example.com', addedAt: 1 };
    await (await kept()).put('items', [site, { origin: 42 }, null, 'https://x.test'], WATCHED_SITES_KEY);
    expect(await createIdbWatchStore(kept).get()).toEqual([site]);
  });

  it('reads a list that is no list as an empty watch list', async () => {
    await (await kept()).put('items', { origin: 'https://example.com' }, WATCHED_SITES_KEY);
    expect(await createIdbWatchStore(kept).get()).toEqual([]);
  });
});

describe('the probe reports kept for the session', () => {
  beforeEach(() => fakeBrowser.reset());

  const report = { origin: 'https://example.com', rows: [], received: { bodies: [], agents: [] } };

  it('reads the reports as written', async () => {
    await storage.setItem('session:probe-test', [report]);
    expect(await createSessionReportStore(storage, 'session:probe-test').get()).toEqual([report]);
  });

  it.each([
    { name: 'a report without what was received', value: [{ origin: 'https://example.com', rows: [] }] },
    { name: 'a report without an origin', value: [{ ...report, origin: null }] },
    { name: 'a single report, not a list', value: report },
  ])('reads $name as no reports', async ({ value }) => {
    await storage.setItem('session:probe-test', value);
    expect(await createSessionReportStore(storage, 'session:probe-test').get()).toEqual([]);
  });
});
