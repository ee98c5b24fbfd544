import { describe, expect, it, vi } from 'vitest';
import { createPopupHistoryState } from '../../../entrypoints/popup/history-state';
import { createPopupState } from '../../../entrypoints/popup/state';
import type { ChangedSinceReply } from '../../../lib/history/api';
import { createFakeClient, createFakePlatform, inspected, okOutcome, ORIGIN } from './fakes';

const MANAGED =
  '# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: ai-train=no\nDisallow: /private/\n# END Cloudflare Managed Content\n\nUser-agent: *\nDisallow: /tmp/\n';

const SUMMARY: ChangedSinceReply = {
  origin: ORIGIN,
  changedAt: 0,
  from: { seq: 1, status: '200' },
  to: { seq: 2, status: '200' },
  lines: { added: 1, removed: 0 },
  verdicts: [],
  url: `${ORIGIN}/private/page.html`,
  crawlerNow: 'Googlebot may still be using version #1.',
};

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

function setup(text = MANAGED) {
  const client = createFakeClient(inspected(okOutcome(text)));
  const popup = createPopupState({ client, platform: createFakePlatform() });
  const platform = {
    notificationsAllowed: vi.fn(async () => false),
    openOptions: vi.fn(async () => {}),
    openHistory: vi.fn(async () => {}),
  };
  const history = createPopupHistoryState({ client, platform, popup });
  return { client, popup, platform, history };
}

describe('the popup history state', () => {
  it('asks what changed since the previous inspection for the page and crawler, at each inspection', async () => {
    const { client, popup, history } = setup();
    await popup.start();
    await settle();
    expect(client.historyChangedSince).toHaveBeenCalledWith({
      origin: ORIGIN,
      pageUrl: `${ORIGIN}/private/page.html`,
      crawler: 'Googlebot',
    });
    expect(history.changed.value).toBeNull();
    expect(history.watched.value).toBe(false);
    client.historyChangedSince.mockResolvedValueOnce(SUMMARY);
    await popup.refresh();
    await settle();
    expect(history.changed.value).toEqual(SUMMARY);
    // A further refresh with nothing new keeps the notice.
    await popup.refresh();
    await settle();
    expect(client.historyChangedSince).toHaveBeenCalledTimes(3);
    expect(history.changed.value).toEqual(SUMMARY);
  });

  it('shows the CDN block, its lines and the content signals the worker found, and the CDN in the merged * groups', async () => {
    const { popup, history } = setup();
    await popup.start();
    await settle();
    expect(history.managedBlocks.value).toEqual([{ vendor: 'Cloudflare', firstLine: 1, lastLine: 5, closed: true }]);
    expect([...history.cdnLines.value]).toEqual([1, 2, 3, 4, 5]);
    expect(history.contentSignals.value.map((s) => s.line)).toEqual([3]);
    expect(history.cdnMerge.value).toEqual({ vendor: 'Cloudflare', cdnGroups: [[2, 4]], ownGroups: [[7, 8]] });
  });

  it('watching saves the watch at once, asks for no permission, and confirms it in place with the interval', async () => {
    const { client, popup, platform, history } = setup();
    await popup.start();
    await settle();
    await history.toggleWatch();
    expect(client.setWatched).toHaveBeenCalledWith({ origin: ORIGIN, watched: true });
    expect(history.watched.value).toBe(true);
    expect(history.message.value).toBeNull();
    expect(history.watchNote.value).toEqual({ origin: ORIGIN, everyMinutes: 360, notifications: false });
    expect(platform.notificationsAllowed).toHaveBeenCalledOnce();
    await history.openOptions();
    expect(platform.openOptions).toHaveBeenCalledOnce();
    await history.toggleWatch();
    expect(client.setWatched).toHaveBeenLastCalledWith({ origin: ORIGIN, watched: false });
    expect(history.watchNote.value).toBeNull();
    await history.openHistory();
    expect(platform.openHistory).toHaveBeenCalledWith(ORIGIN, `${ORIGIN}/private/page.html`);
  });

  it('shows a history failure in words without touching the inspection', async () => {
    const { client, popup, history } = setup();
    client.historyList.mockRejectedValueOnce(new Error('IndexedDB is unavailable'));
    await popup.start();
    await settle();
    expect(history.message.value).toBe("Could not read this site's robots.txt history: IndexedDB is unavailable");
    expect(popup.phase.value.kind).toBe('ready');
  });
});
