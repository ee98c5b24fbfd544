import { signal } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { createResourcesState, MAX_AUTO_OTHER_HOSTS } from '../../../entrypoints/popup/resources-state';
import type { FetchRecord } from '../../../lib/fetch/types';
import { addResources, startDocument } from '../../../lib/resources/ledger';
import { originOutcome } from '../../../lib/verdict/url-judge';

const PAGE = 'https://www.site.test/';

function record(origin: string): FetchRecord {
  const robotsUrl = `${origin}/robots.txt`;
  const outcome = { kind: 'unavailable', cause: 'client-error', status: 404 } as FetchRecord['outcome'];
  return { origin, robotsUrl, finalUrl: robotsUrl, hops: [], outcome, fetchedAt: 0, expiresAt: 1, durationMs: 1 };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('other hosts of a page loading images from 1,000 hosts', () => {
  it(`checks the page's own site and ${MAX_AUTO_OTHER_HOSTS} other hosts at once, the rest on a click, and says so`, async () => {
    const resources = addResources(startDocument(PAGE, 0), [
      { url: 'https://www.site.test/app.js', type: 'script' },
      ...Array.from({ length: 1000 }, (_, i) => ({ url: `https://img${i}.other.test/a.png`, type: 'image' as const })),
    ]);
    const asked: string[] = [];
    const client = {
      getResources: vi.fn(async () => ({ resources })),
      originRecords: vi.fn(async ({ origins }: { origins: string[] }) => {
        asked.push(...origins);
        return { origins: origins.map((o) => originOutcome(o, { record: record(o), source: 'network' as const })) };
      }),
    };
    const state = createResourcesState({
      client,
      crawler: signal({ token: 'Googlebot', name: 'Googlebot' }),
      checkOtherHosts: signal(true),
      loadEngine: () => import('../../../entrypoints/popup/engine'),
    });
    await state.start(1, PAGE);
    await settle();
    expect(asked).toHaveLength(1 + MAX_AUTO_OTHER_HOSTS);
    expect(asked[0]).toBe('https://www.site.test');
    const view = state.view.value;
    expect(view.waitingHosts).toBe(1000 - MAX_AUTO_OTHER_HOSTS);
    expect(view.notes.join(' ')).toContain(
      `Other hosts are checked ${MAX_AUTO_OTHER_HOSTS} per page on their own: 950 more wait for “Check … other hosts”`,
    );
    state.checkOtherHosts();
    await settle();
    expect(asked).toHaveLength(1001);
    expect(state.view.value.waitingHosts).toBe(0);
  });
});
