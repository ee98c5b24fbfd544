import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrawlerChoice } from '../../../entrypoints/popup/platform';
import { createPopupHistoryState } from '../../../entrypoints/popup/history-state';
import { createPopupState } from '../../../entrypoints/popup/state';
import {
  createFollowState,
  type FollowedTab,
  type FollowPlatform,
  NO_TAB,
  type TabEvent,
} from '../../../entrypoints/sidepanel/follow';
import { PanelApp, type PanelPage } from '../../../entrypoints/sidepanel/PanelApp';
import type { Inspection, InspectionTarget } from '../../../lib/protocol/messages';
import {
  createFakeClient,
  createFakePlatform,
  inspected,
  NOT_APPLICABLE,
  okOutcome,
  ORIGIN,
  settingsWith,
} from '../popup/fakes';

afterEach(cleanup);

/** Everyone may fetch /open/; only GPTBot is kept out of everything. */
const GPTBOT_OUT = 'User-agent: *\nDisallow: /closed/\n\nUser-agent: GPTBot\nDisallow: /\n';
/** The same site after a change: GPTBot may fetch everything too. */
const GPTBOT_IN = 'User-agent: *\nDisallow: /closed/\n';

/** A browser window of tabs the test drives: which one is active, what each shows. */
function createWindow(tabs: Record<number, string | null>, active: number) {
  const urls = new Map(Object.entries(tabs).map(([id, url]) => [Number(id), url]));
  const complete = new Map([...urls.keys()].map((id) => [id, true]));
  let listener: ((event: TabEvent) => void) | null = null;
  const platform: FollowPlatform = {
    activeTab: vi.fn(async (): Promise<FollowedTab | null> => {
      if (!urls.has(active)) return null;
      return { tabId: active, url: urls.get(active) ?? null, complete: complete.get(active) ?? true };
    }),
    watch(onEvent) {
      listener = onEvent;
      return () => (listener = null);
    },
  };
  return {
    platform,
    activate(tabId: number) {
      active = tabId;
      listener?.({ kind: 'activated', tabId });
    },
    navigate(tabId: number, url: string) {
      urls.set(tabId, url);
      complete.set(tabId, false);
      listener?.({ kind: 'updated', tabId, url, status: 'loading' });
    },
    loaded(tabId: number) {
      complete.set(tabId, true);
      listener?.({ kind: 'updated', tabId, status: 'complete' });
    },
    /** A single-page app's history.pushState, seen only through the content script's report. */
    pushState(tabId: number, url: string) {
      urls.set(tabId, url);
      listener?.({ kind: 'page-read', tabId, url });
    },
    close(tabId: number) {
      urls.delete(tabId);
    },
    get watching() {
      return listener !== null;
    },
  };
}

/** The worker: answers for each tab's address, from the site's current robots.txt. */
function createWorker(window: ReturnType<typeof createWindow>, tabs: Record<number, string | null>) {
  const pages = new Map(Object.entries(tabs).map(([id, url]) => [Number(id), url]));
  let robots = GPTBOT_OUT;
  /** Inspections held back until the test lets them through (null: answered at once). */
  let held: (() => void)[] | null = null;
  const answer = (target: InspectionTarget): Inspection => {
    const tabId = target.kind === 'tab' ? target.tabId : -1;
    const url = pages.get(tabId) ?? null;
    if (url === null || !url.startsWith(ORIGIN)) return { ...NOT_APPLICABLE, tabId, pageUrl: url ?? '' };
    return { ...inspected(okOutcome(robots), url.slice(ORIGIN.length)), tabId };
  };
  const base = createFakeClient(inspected(okOutcome(robots)), settingsWith('Googlebot'));
  const client = {
    ...base,
    inspect: vi.fn(async ({ target }: { target: InspectionTarget; refresh?: boolean }) => {
      if (held !== null) await new Promise<void>((resolve) => held?.push(resolve));
      return answer(target);
    }),
  };
  return {
    client,
    pages,
    setRobots: (text: string) => void (robots = text),
    hold: () => void (held = []),
    release() {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
    window,
  };
}

/** The panel's composition (as entrypoints/sidepanel/main.tsx makes it) over the fakes. */
function createPanel(tabs: Record<number, string | null>, active: number) {
  const window = createWindow(tabs, active);
  const worker = createWorker(window, tabs);
  let chosen: string | null = null;
  const choice: CrawlerChoice = { get: () => chosen, set: (token) => void (chosen = token) };
  const disposed: number[] = [];
  const follow = createFollowState<PanelPage>(window.platform, (tab) => {
    const platform = {
      ...createFakePlatform({
        hasTabParam: true,
        findTarget: async () => ({
          tabId: tab.tabId,
          target: { kind: 'tab', tabId: tab.tabId },
          pageUrl: worker.pages.get(tab.tabId) ?? null,
        }),
      }),
      crawlerChoice: choice,
    };
    const state = createPopupState({ client: worker.client, platform });
    const history = createPopupHistoryState({
      client: worker.client,
      platform: { notificationsAllowed: async () => false, openOptions: async () => {}, openHistory: async () => {} },
      popup: state,
    });
    state.ensureStarted();
    return { value: { state, history }, dispose: () => disposed.push(tab.tabId) };
  });
  /** Moves tab `tabId` to `url`, for the window and the worker alike. */
  const go = (tabId: number, url: string, how: 'navigate' | 'pushState') => {
    worker.pages.set(tabId, url);
    window[how](tabId, url);
  };
  return { window, worker, follow, go, disposed, chosen: () => chosen };
}

/** Returns the shown inspection once it is ready. */
async function shownReady(follow: ReturnType<typeof createPanel>['follow']) {
  return vi.waitFor(() => {
    const current = follow.current.value;
    if (current.kind !== 'page') throw new Error(`the panel shows ${current.kind}`);
    const phase = current.value.state.phase.value;
    if (phase.kind !== 'ready') throw new Error(`the inspection is ${phase.kind}`);
    return { current, state: current.value.state, inspection: phase.inspection };
  });
}

const OPEN = `${ORIGIN}/open/a.html`;
const CLOSED = `${ORIGIN}/closed/b.html`;

describe('the side panel follows the window’s active tab', () => {
  it('inspects the active tab when it opens, and the tab made active next', async () => {
    const { follow, window, disposed } = createPanel({ 1: OPEN, 2: CLOSED }, 1);
    await follow.start();
    expect(window.watching).toBe(true);
    const first = await shownReady(follow);
    expect(first.inspection.pageUrl).toBe(OPEN);
    // No verdict from the worker in these fakes: the panel judges once its engine has loaded.
    await vi.waitFor(() => expect(first.state.verdict.value).toMatchObject({ kind: 'ok', allowed: true }));

    window.activate(2);
    const second = await vi.waitFor(async () => {
      const shown = await shownReady(follow);
      if (shown.current.tabId !== 2) throw new Error('still on tab 1');
      return shown;
    });
    expect(second.inspection.pageUrl).toBe(CLOSED);
    await vi.waitFor(() => expect(second.state.verdict.value).toMatchObject({ kind: 'ok', allowed: false }));
    expect(second.current.key).not.toBe(first.current.key);
    // The first tab's inspection is let go: it no longer watches its tab's resources.
    expect(disposed).toEqual([1]);
  });

  it('never shows the previous page’s verdict while the next page is being read', async () => {
    const panel = createPanel({ 1: OPEN }, 1);
    await panel.follow.start();
    await shownReady(panel.follow);
    panel.worker.hold();
    panel.go(1, CLOSED, 'navigate');
    await vi.waitFor(() => {
      const current = panel.follow.current.value;
      expect(current.kind === 'page' && current.url).toBe(CLOSED);
    });
    const current = panel.follow.current.value;
    if (current.kind !== 'page') throw new Error('no page shown');
    expect(current.value.state.phase.value.kind).toBe('loading');
    expect(current.value.state.verdict.value).toBeNull();
    panel.worker.release();
    const shown = await shownReady(panel.follow);
    expect(shown.inspection.pageUrl).toBe(CLOSED);
    await vi.waitFor(() => expect(shown.state.verdict.value).toMatchObject({ kind: 'ok', allowed: false }));
  });

  it('reads the page again once it has loaded, and follows a single-page app’s navigation', async () => {
    const panel = createPanel({ 1: OPEN }, 1);
    await panel.follow.start();
    await shownReady(panel.follow);
    panel.go(1, `${ORIGIN}/open/next.html`, 'navigate');
    const during = await vi.waitFor(async () => {
      const shown = await shownReady(panel.follow);
      if (shown.inspection.pageUrl !== `${ORIGIN}/open/next.html`) throw new Error('not yet');
      return shown.current.key;
    });
    panel.window.loaded(1);
    await vi.waitFor(async () => expect((await shownReady(panel.follow)).current.key).not.toBe(during));
    const afterLoad = (await shownReady(panel.follow)).current.key;
    // Finished loading once more with nothing new started: the shown inspection stays.
    panel.window.loaded(1);
    await Promise.resolve();
    expect((await shownReady(panel.follow)).current.key).toBe(afterLoad);

    panel.go(1, CLOSED, 'pushState');
    const spa = await vi.waitFor(async () => {
      const shown = await shownReady(panel.follow);
      if (shown.inspection.pageUrl !== CLOSED) throw new Error('not yet');
      return shown;
    });
    await vi.waitFor(() => expect(spa.state.verdict.value).toMatchObject({ kind: 'ok', allowed: false }));
    // A reading of the address already shown (the content script's next report) changes nothing.
    panel.window.pushState(1, CLOSED);
    await Promise.resolve();
    expect((await shownReady(panel.follow)).current.key).toBe(spa.current.key);
  });

  it('keeps its own crawler across tabs, navigations and a refetch, and leaves the default alone', async () => {
    const panel = createPanel({ 1: OPEN, 2: `${ORIGIN}/open/c.html` }, 1);
    await panel.follow.start();
    const first = await shownReady(panel.follow);
    expect(first.state.crawler.value.token).toBe('Googlebot');
    await first.state.selectCrawler('GPTBot');
    await vi.waitFor(() => expect(first.state.verdict.value).toMatchObject({ allowed: false }));
    expect(panel.chosen()).toBe('GPTBot');

    panel.window.activate(2);
    const second = await vi.waitFor(async () => {
      const shown = await shownReady(panel.follow);
      if (shown.current.tabId !== 2) throw new Error('still on tab 1');
      return shown;
    });
    expect(second.state.crawler.value.token).toBe('GPTBot');
    expect(second.state.defaultCrawler.value.token).toBe('Googlebot');
    await vi.waitFor(() => expect(second.state.verdict.value).toMatchObject({ kind: 'ok', allowed: false }));

    // The site changes its robots.txt; the panel's Refetch shows the new file's answer, same crawler.
    panel.worker.setRobots(GPTBOT_IN);
    await second.state.refresh();
    expect(second.state.crawler.value.token).toBe('GPTBot');
    await vi.waitFor(() => expect(second.state.verdict.value).toMatchObject({ kind: 'ok', allowed: true }));

    panel.go(2, `${ORIGIN}/open/d.html`, 'navigate');
    const third = await vi.waitFor(async () => {
      const shown = await shownReady(panel.follow);
      if (shown.inspection.pageUrl !== `${ORIGIN}/open/d.html`) throw new Error('not yet');
      return shown;
    });
    expect(third.state.crawler.value.token).toBe('GPTBot');
    // Nothing was saved: the badge and the popup keep the default.
    expect(panel.worker.client.setSettings).not.toHaveBeenCalled();
    expect(await third.state.makeDefault()).toEqual({ kind: 'saved' });
    expect(panel.worker.client.setSettings).toHaveBeenCalledWith({ crawler: 'GPTBot' });
  });

  it('makes a fresh inspection of the same page on reload, and says when the window has no tab', async () => {
    const panel = createPanel({ 1: OPEN }, 1);
    await panel.follow.start();
    const before = await shownReady(panel.follow);
    await panel.follow.reload();
    const after = await shownReady(panel.follow);
    expect(after.current.key).not.toBe(before.current.key);
    expect(after.inspection.pageUrl).toBe(OPEN);

    panel.window.close(1);
    panel.window.activate(3);
    await vi.waitFor(() => expect(panel.follow.current.value).toEqual({ kind: 'none', message: NO_TAB }));
    panel.follow.stop();
    expect(panel.window.watching).toBe(false);
  });
});

describe('PanelApp', () => {
  it('shows the popup’s app for the active page and the popup’s words for a browser page', async () => {
    const panel = createPanel({ 1: OPEN, 2: 'chrome://settings/' }, 1);
    render(<PanelApp follow={panel.follow} />);
    expect(await screen.findByText(/may fetch/i, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByTestId('open-side-panel')).toBeNull();
    panel.window.activate(2);
    expect(await screen.findByText('robots.txt does not apply here')).toBeTruthy();
    expect(screen.queryByText(/may fetch/i)).toBeNull();
  });
});
