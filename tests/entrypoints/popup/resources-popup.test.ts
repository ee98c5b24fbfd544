import { describe, expect, it } from 'vitest';
import { createPopupState } from '../../../entrypoints/popup/state';
import type { FetchRecord } from '../../../lib/fetch/types';
import { addResources, startDocument } from '../../../lib/resources/ledger';
import { originOutcome } from '../../../lib/verdict/url-judge';
import {
  BLOCKED_ROBOTS,
  createFakeClient,
  createFakePlatform,
  inspected,
  okOutcome,
  ORIGIN,
  settingsWith,
  TAB_ID,
} from './fakes';

// The Page resources section inside the whole popup state: started after the page's verdict,
// never holding it up, and its blocked resources in the copy report.

function record(origin: string): FetchRecord {
  const robotsUrl = `${origin}/robots.txt`;
  return {
    origin,
    robotsUrl,
    finalUrl: robotsUrl,
    hops: [],
    outcome: okOutcome('User-agent: *\nDisallow: /static/\n'),
    fetchedAt: 0,
    expiresAt: 1,
    durationMs: 1,
  };
}

describe('the popup with page resources', () => {
  it('shows the page’s verdict while the resources’ hosts are still being fetched, then lists the blocked ones in the report', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)), settingsWith());
    const list = addResources(startDocument(`${ORIGIN}/private/page.html`, 0), [
      { url: 'https://cdn.test/static/app.js', type: 'script' },
      { url: 'https://cdn.test/img/a.png', type: 'image' },
    ]);
    client.getResources.mockResolvedValue({ resources: list });
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    client.originRecords.mockImplementation(async ({ origins }) => {
      await held;
      return { origins: origins.map((o) => originOutcome(o, { record: record(o), source: 'network' as const })) };
    });
    const state = createPopupState({
      client,
      platform: createFakePlatform(),
      now: () => Date.UTC(2025, 0, 2, 4, 0, 0),
    });
    await state.start();
    expect(state.verdict.value).toMatchObject({ allowed: false });
    expect(client.getResources).toHaveBeenCalledWith({ tabId: TAB_ID });
    await new Promise((r) => setTimeout(r, 0));
    expect(state.resources.view.value.progress).toBe('checking 0 of 1 host');
    expect(state.report()).toContain(
      'Page resources: 0 of 2 resources blocked for Googlebot so far (2 not checked yet)',
    );

    release();
    await new Promise((r) => setTimeout(r, 0));
    const report = (state.report() ?? '').split('\n');
    expect(report.slice(-4)).toEqual([
      'Page resources: 1 of 2 resources blocked for Googlebot: 1 script',
      '  https://cdn.test (robots.txt answered 200: its rules apply)',
      '    blocked script /static/app.js (line 2: Disallow: /static/)',
      'Report made: 2025-01-02T04:00:00.000Z',
    ]);
  });
});
