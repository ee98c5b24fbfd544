import { describe, expect, it, vi } from 'vitest';
import { createHistoryPageState } from '../../../entrypoints/workbench/history-state';
import type { VersionMeta } from '../../../lib/history/api';
import { CRAWLERS } from '../../../lib/robots';
import { createFakeClient, inspected, okOutcome, ORIGIN } from '../popup/fakes';

const V1: VersionMeta = { seq: 1, firstSeen: 10, lastSeen: 20, status: '200', outcome: 'ok', size: 24, hash: 'a' };
const V2: VersionMeta = {
  seq: 2,
  firstSeen: 30,
  lastSeen: 30,
  status: '503',
  outcome: 'unreachable',
  size: 0,
  hash: 'b',
};
const V3: VersionMeta = { seq: 3, firstSeen: 40, lastSeen: 50, status: '200', outcome: 'ok', size: 45, hash: 'c' };
const BODIES: Record<number, string> = {
  1: 'User-agent: *\nAllow: /\n',
  2: '',
  3: 'User-agent: *\nAllow: /\nDisallow: /private/\n',
};
const PAGE = `${ORIGIN}/private/page.html`;

function setup(kept: Record<number, string> = BODIES) {
  const client = createFakeClient(inspected(okOutcome('')));
  client.historyList.mockResolvedValue({ origin: ORIGIN, versions: [V3, V2, V1], watched: false });
  client.historyVersion.mockImplementation(async ({ seq }: { seq: number }) => {
    const body = kept[seq];
    const meta = [V1, V2, V3].find((v) => v.seq === seq);
    return body === undefined || meta === undefined ? null : { meta, body };
  });
  const platform = { download: vi.fn(), startDraft: vi.fn(async () => {}), now: () => 99 };
  return { client, platform, state: createHistoryPageState({ client, origin: ORIGIN, pageUrl: PAGE, platform }) };
}

describe('the history page state', () => {
  it('compares the two newest versions first, then any two picked', async () => {
    const { state } = setup();
    await state.start();
    expect(state.selection.value).toEqual({ from: 2, to: 3 });
    let c = state.comparison.value;
    expect(c.kind === 'ready' && c.diff.kind === 'lines' && [c.diff.added, c.diff.removed]).toEqual([3, 0]);
    // From the 503 (everything blocked) to a file whose * group blocks /private/: the page stays
    // blocked, except for the crawlers that ignore * (AdsBot-Google), which the file now allows.
    expect(c.kind === 'ready' && c.verdicts.map((v) => v.token)).toEqual(
      CRAWLERS.filter((crawler) => crawler.ignoresGlobal).map((crawler) => crawler.token),
    );
    await state.select('from', 1);
    c = state.comparison.value;
    expect(
      c.kind === 'ready' && c.diff.kind === 'lines' && c.diff.lines.filter((l) => l.kind !== 'same').map((l) => l.text),
    ).toEqual(['Disallow: /private/']);
    expect(c.kind === 'ready' && c.verdicts.map((v) => v.token)).toContain('Googlebot');
  });

  it('downloads a version and starts a draft from it', async () => {
    const { state, platform } = setup();
    await state.start();
    await state.download(1);
    expect(platform.download).toHaveBeenCalledWith('robots-127.0.0.1_4781-v1-200-1970-01-01.txt', BODIES[1]);
    await state.draft(1);
    expect(platform.startDraft).toHaveBeenCalledWith({
      origin: ORIGIN,
      text: BODIES[1],
      fromSeq: 1,
      fromStatus: '200',
      fromFirstSeen: 10,
      createdAt: 99,
    });
    expect(state.message.value).toMatch(/draft was started from version #1/);
  });

  it('says so when a version is no longer kept', async () => {
    const { state } = setup({ 3: BODIES[3] ?? '' });
    await state.start();
    expect(state.comparison.value).toEqual({
      kind: 'error',
      message: 'One of these versions is no longer kept (the history bounds dropped it).',
    });
    await state.download(2);
    expect(state.message.value).toBe('Version #2 is no longer kept.');
  });
});
