import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHistoryPageState } from '../../../entrypoints/workbench/history-state';
import { App } from '../../../entrypoints/workbench/App';
import { type DraftBook, versionDraftName } from '../../../entrypoints/workbench/drafts';
import { createWorkbenchState, type WorkbenchView } from '../../../entrypoints/workbench/state';
import type { VersionMeta } from '../../../lib/history/api';
import { createFakeClient } from '../popup/fakes';
import { createInProcessWorker, liveInspection } from './fakes';

afterEach(cleanup);

const ORIGIN = 'https://shop.test';
const LIVE = 'User-agent: *\nDisallow: /private/\n';
const OLD = 'User-agent: *\nDisallow: /tmp/\n';
const V1: VersionMeta = { seq: 1, firstSeen: 10, lastSeen: 20, status: '200', outcome: 'ok', size: 30, hash: 'a' };
const V2: VersionMeta = { seq: 2, firstSeen: 40, lastSeen: 50, status: '200', outcome: 'ok', size: 33, hash: 'b' };
const BODIES: Record<number, string> = { 1: OLD, 2: LIVE };

/** The workbench page wired as main.tsx wires it: a real worker session in-process, the history from a fake client. */
function setup(view: string | null) {
  const client = createFakeClient(liveInspection(ORIGIN, LIVE));
  client.historyList.mockResolvedValue({ origin: ORIGIN, versions: [V2, V1], watched: false });
  client.historyVersion.mockImplementation(async ({ seq }: { seq: number }) => {
    const meta = [V1, V2].find((v) => v.seq === seq);
    const body = BODIES[seq];
    return meta === undefined || body === undefined ? null : { meta, body };
  });
  const saved: DraftBook[] = [];
  const addresses: { origin: string; url: string | null; view: WorkbenchView }[] = [];
  const state = createWorkbenchState({
    client,
    worker: createInProcessWorker(),
    drafts: { load: () => Promise.resolve(undefined), save: (_o, book) => (saved.push(book), Promise.resolve()) },
    params: { origin: ORIGIN, url: null, view },
    download: vi.fn(),
    copy: vi.fn(() => Promise.resolve()),
    setAddress: (origin, url, v) => void addresses.push({ origin, url, view: v }),
    now: () => 1000,
  });
  const formatTime = (ms: number) => `t${ms}`;
  const createHistory = (origin: string, pageUrl: string) =>
    createHistoryPageState({
      client,
      origin,
      pageUrl,
      platform: {
        download: vi.fn(),
        startDraft: (d) =>
          state.startDraft(d.origin, versionDraftName(formatTime(d.fromFirstSeen), d.fromStatus), d.text),
        now: () => 2000,
      },
    });
  render(<App state={state} createHistory={createHistory} formatTime={formatTime} />);
  return { state, client, saved, addresses };
}

describe('the crawler choice on the workbench page', () => {
  it('re-evaluates for the chosen crawlers only, and the summary lists only them', async () => {
    const { state, saved } = setup(null);
    await waitFor(() => expect(screen.getAllByTestId('change-summary')).toHaveLength(state.crawlers.length));
    fireEvent.click(screen.getByTestId('crawlers-ai'));
    const ai = state.crawlers.filter((c) => c.purpose === 'ai-training' || c.purpose === 'ai-search');
    const aiTokens = ai.map((c) => c.token).sort();
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('change-summary')
          .map((e) => e.dataset.crawler)
          .sort(),
      ).toEqual(aiTokens),
    );
    expect(state.evaluated.value?.tokens).toHaveLength(ai.length);
    expect(saved.at(-1)?.crawlers).toEqual(ai.map((c) => c.token));

    const first = ai[0]!.token;
    const box = screen
      .getAllByTestId('crawler-choice-item')
      .find((e) => e.dataset.crawler === first) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(screen.getAllByTestId('change-summary')).toHaveLength(ai.length - 1));
    expect(screen.getAllByTestId('change-summary').some((e) => e.dataset.crawler === first)).toBe(false);

    fireEvent.click(screen.getByTestId('crawlers-none'));
    await waitFor(() => expect(screen.queryAllByTestId('change-summary')).toHaveLength(0));
    expect(screen.getByTestId('eval-time').textContent).toContain('× 0 crawlers');
  });
});

describe('the workbench page with the history view', () => {
  it('opens on the history when the address says view=history, and the tabs switch views and say so in the address', async () => {
    const { addresses } = setup('history');
    await waitFor(() => expect(screen.getAllByTestId('history-version')).toHaveLength(2));
    expect(screen.getByTestId('view-history').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('history-diff').textContent).toContain('Disallow: /private/'));
    expect(screen.queryByTestId('draft-editor')).toBeNull();
    expect(addresses[0]).toEqual({ origin: ORIGIN, url: null, view: 'history' });

    fireEvent.click(screen.getByTestId('view-draft'));
    await waitFor(() => expect(screen.getByTestId('draft-editor')).toBeTruthy());
    expect(screen.queryByTestId('history-version')).toBeNull();
    expect(addresses.at(-1)).toEqual({ origin: ORIGIN, url: null, view: 'draft' });

    fireEvent.click(screen.getByTestId('view-history'));
    await waitFor(() => expect(screen.getAllByTestId('history-version')).toHaveLength(2));
    expect(addresses.at(-1)).toEqual({ origin: ORIGIN, url: null, view: 'history' });
  });

  it('starts a draft from a version: added to the origin’s drafts, selected, and shown in the draft editor', async () => {
    const { state, saved } = setup('history');
    await waitFor(() => expect(screen.getAllByTestId('history-version')).toHaveLength(2));
    await waitFor(() => expect(state.book.value).not.toBeNull());
    const oldest = screen.getAllByTestId('history-version')[1] as HTMLElement;
    fireEvent.click(within(oldest).getByText('Start a draft'));
    await waitFor(() => expect(state.view.value).toBe('draft'));
    const book = state.book.value as DraftBook;
    expect(book.drafts.map((d) => d.name)).toEqual(['Draft 1', 'From version of t10 (HTTP 200)']);
    expect(book.drafts.find((d) => d.id === book.currentId)?.text).toBe(OLD);
    expect(saved.at(-1)).toEqual(book);
    await waitFor(() =>
      expect(screen.getByTestId('draft-editor').querySelector('.cm-content')?.textContent).toContain('Disallow: /tmp/'),
    );
  });

  it('with a URL set loaded, counts per crawler the URLs whose verdict changed between the two versions', async () => {
    const { state } = setup('history');
    await waitFor(() => expect(screen.getAllByTestId('history-version')).toHaveLength(2));
    await waitFor(() => expect(state.book.value).not.toBeNull());
    // Version 1 disallows /tmp/, version 2 /private/ (both in the * group): one URL newly blocked,
    // one newly allowed, one unchanged, for every crawler but AdsBot-Google, which ignores * (lib/crawlers/records.ts).
    state.useList(`${ORIGIN}/private/a\n/tmp/b\n/public/c`);
    // While it runs the line counts URLs too ("1 of 3 URLs…"): wait for the result's own words.
    await waitFor(() => expect(screen.getByTestId('history-urlset').textContent).toContain('a pasted list (3 URLs)'));
    const changed = screen.getAllByTestId('history-urlset-change').map((el) => el.getAttribute('data-crawler'));
    expect(changed).toEqual(state.crawlers.map((c) => c.token).filter((t) => t !== 'AdsBot-Google'));
    const googlebot = screen
      .getAllByTestId('history-urlset-change')
      .find((el) => el.getAttribute('data-crawler') === 'Googlebot') as HTMLElement;
    expect(googlebot.getAttribute('data-blocked-now')).toBe('1');
    expect(googlebot.getAttribute('data-unblocked-now')).toBe('1');
    expect(screen.getByTestId('history-urlset').textContent).toContain('a pasted list (3 URLs)');
  });
});
