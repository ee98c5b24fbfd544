import { describe, expect, it, vi } from 'vitest';
import { createWorkbenchState, DEBOUNCE_MS } from '../../../entrypoints/workbench/state';
import { createInProcessWorker, liveInspection } from './fakes';

// Issue 20 on the page's state: changed only follows the draft until the person sets it; a file
// of URLs is said by name; progress counts URLs; the CSV is the table as the page writes it.

const ORIGIN = 'https://shop.test';
const LIVE = 'User-agent: *\nDisallow: /private/\n';

function setup() {
  const download = vi.fn();
  const state = createWorkbenchState({
    client: { inspect: vi.fn(() => Promise.resolve(liveInspection(ORIGIN, LIVE, `${ORIGIN}/a`))) },
    worker: createInProcessWorker(),
    drafts: { load: () => Promise.resolve(undefined), save: () => Promise.resolve() },
    params: { origin: ORIGIN, url: `${ORIGIN}/private/x` },
    download,
    copy: vi.fn(() => Promise.resolve()),
    setAddress: vi.fn(),
    now: () => 1000,
  });
  return { state, download };
}

const settle = () => new Promise((r) => setTimeout(r, DEBOUNCE_MS + 100));

/** A File-like object as the file input hands it over. */
const pickedFile = (name: string, text: string) => {
  const blob = new Blob([text]);
  return { name, size: blob.size, slice: (a: number, b: number) => blob.slice(a, b), text: () => blob.text() };
};

describe('the workbench state for an audit', () => {
  it('shows changed rows only once the draft differs from live, until the person sets it', async () => {
    const { state } = setup();
    await state.start();
    state.useList('/a\n/private/b\n/c\n');
    await settle();
    expect(state.filter.value.changedOnly).toBe(false);
    expect(state.rows.value).toHaveLength(3 * state.crawlers.length);
    state.setDraftText('User-agent: *\nDisallow: /private/\nDisallow: /c\n');
    await settle();
    await settle();
    expect(state.filter.value.changedOnly).toBe(true);
    // /c for every crawler that reads `*` (AdsBot-Google does not).
    expect(state.rows.value).toHaveLength(state.crawlers.length - 1);
    state.setFilter({ ...state.filter.value, changedOnly: false });
    state.setDraftText('User-agent: *\nDisallow: /\n');
    await settle();
    await settle();
    expect(state.filter.value.changedOnly).toBe(false);
    expect(state.rows.value).toHaveLength(3 * state.crawlers.length);
  });

  it('offers one row per URL, with the same filter', async () => {
    const { state } = setup();
    await state.start();
    state.useList('/a\n/private/b\n/c\n');
    await settle();
    state.setDraftText('User-agent: *\nDisallow: /c\n');
    await settle();
    await settle();
    state.setRowView('url');
    const urls = state.evaluated.value?.urls ?? [];
    expect(Array.from(state.rows.value).map((u) => urls[u])).toEqual([`${ORIGIN}/private/b`, `${ORIGIN}/c`]);
    // The export is still one line per URL and crawler, as filtered.
    expect(state.cells.value).toHaveLength(2 * (state.crawlers.length - 1));
  });

  it('says a file of URLs by name and counts progress in URLs', async () => {
    const { state } = setup();
    await state.start();
    await settle();
    const urls = Array.from({ length: 1200 }, (_, i) => `/p/${i}`).join('\n');
    await state.useFile(pickedFile('urls.txt', urls));
    const seen: { done: number; total: number }[] = [];
    const stop = state.evaluation.subscribe((p) => {
      if (p !== null) seen.push(p);
    });
    await settle();
    stop();
    expect(state.urls.value).toHaveLength(1200);
    expect(state.urlSource.value).toEqual({ kind: 'file', name: 'urls.txt' });
    expect(state.sourceLabel.value).toBe('urls.txt');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.total === 1200 && p.done <= 1200)).toBe(true);
    state.useList('/only\n');
    await settle();
    expect(state.urlSource.value).toEqual({ kind: 'list' });
  });

  it('exports crawler names, empty cells for no rule and the deciding rule beside its line', async () => {
    const { state, download } = setup();
    await state.start();
    await settle();
    state.setCrawlers(['bingbot']);
    state.setDraftText('User-agent: *\nAllow: /private/x\nDisallow: /private/\n');
    await settle();
    await settle();
    await state.exportCsv();
    const blob = download.mock.calls.at(-1)?.[1] as Blob;
    // A UTF-8 byte-order mark first (spreadsheets on Windows), and a name with the site, draft and day.
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(download.mock.calls.at(-1)?.[0]).toBe('robots-shop.test-draft-1-1970-01-01.csv');
    const csv = new TextDecoder().decode(await blob.arrayBuffer());
    expect(csv).toBe(
      'url,crawler,live,live_line,live_rule,draft,draft_line,draft_rule,change\r\n' +
        `${ORIGIN}/private/x,Bingbot,blocked,2,Disallow: /private/,allowed,2,Allow: /private/x,unblocked\r\n`,
    );
    state.setDraftText(LIVE.replace('/private/', '/nothing/'));
    await settle();
    await settle();
    await state.exportCsv();
    const second = await (download.mock.calls.at(-1)?.[1] as Blob).text();
    expect(second.split('\r\n')[1]).toBe(
      `${ORIGIN}/private/x,Bingbot,blocked,2,Disallow: /private/,allowed,,,unblocked`,
    );
  });
});
