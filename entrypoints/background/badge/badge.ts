/**
 * The toolbar badge of every tab: the selected crawler's verdict in at most 4 characters and a
 * colour, and a tooltip that says it in words. Updated on navigation, tab activation, a crawler
 * change and a refresh; a later update of a tab always wins over an earlier one still running.
 */
import type { Inspection } from '../../../lib/protocol/messages';
import { type PageVerdict } from '../../../lib/verdict/types';
import { verdictLine, verdictTone } from '../../../lib/verdict/words';
import { findCrawler } from '../../../lib/robots';
import type { PageJudge } from '../robots/judge';
import { httpOriginOf } from '../../../lib/shared/url';
import { errorWords } from '../../../lib/shared/error-words';

/** What one tab's toolbar button shows. */
export type BadgeView =
  | { readonly kind: 'hidden'; readonly title: string }
  | { readonly kind: 'shown'; readonly text: string; readonly color: string; readonly title: string };

/** One colour per verdict tone, the same language as the verdict card's (components/theme.css). */
export const BADGE_COLORS = {
  allowed: '#188038',
  blocked: '#D93025',
  unreachable: '#E37400',
  'no-file': '#5F6368',
  none: '#5F6368',
  neutral: '#5F6368',
} as const;

export const BADGE_TEXT = {
  allowed: 'OK',
  blocked: 'NO',
  unreachable: 'ERR',
  'no-file': '—',
  none: '',
  checking: '…',
  failed: '?',
} as const;

/** Shown while robots.txt is being fetched, once it takes longer than CHECKING_DELAY_MS. */
const CHECKING_VIEW: BadgeView = {
  kind: 'shown',
  text: BADGE_TEXT.checking,
  color: BADGE_COLORS.neutral,
  title: 'Robotscope is fetching robots.txt…',
};
export const CHECKING_DELAY_MS = 150;

/**
 * Returns what the toolbar shows for a verdict, naming the crawler as `crawlerName`: the tone's
 * text and colour, and a title with the card's words — the verdict, then each reading condition.
 */
export function describeBadge(verdict: PageVerdict, crawlerName: string): BadgeView {
  if (verdict.kind === 'not-applicable') return { kind: 'hidden', title: verdict.explanation };
  const tone = verdictTone(verdict);
  const lines = [`${crawlerName}: ${verdictLine(verdict)}.`];
  // Without a file, the fetch's own words say why (HTTP 404, HTTP 503, the timeout).
  if (verdict.kind !== 'ok') lines.push(verdict.explanation);
  const title = [...lines, ...verdict.conditions.map((c) => `⚠ ${c.text}`)].join('\n');
  return { kind: 'shown', text: BADGE_TEXT[tone], color: BADGE_COLORS[tone], title };
}

/**
 * Adds to a shown badge's tooltip that the file is served from memory because the browser's storage
 * refused to keep it (the popup says the same): the verdict holds, but not past the worker's sleep.
 */
export function withNotStored(view: BadgeView, inspection: Inspection): BadgeView {
  if (view.kind !== 'shown' || inspection.kind !== 'inspected' || inspection.notStored === undefined) return view;
  return { ...view, title: `${view.title}\n⚠ Served from memory: ${inspection.notStored}` };
}

/** The action API calls the badge makes (browser.action, or browserAction on Firefox MV2). */
export interface BadgeAction {
  // Chrome's MV2 typings say browserAction returns void; at run time both return promises.
  setBadgeText(details: { tabId: number; text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { tabId: number; color: string }): Promise<void> | void;
  setTitle(details: { tabId: number; title: string }): Promise<void> | void;
}

export interface BadgeDeps {
  readonly action: BadgeAction;
  /** The tooltip when the badge is off (the manifest's default title). */
  readonly defaultTitle: string;
  readonly judge: PageJudge;
  /** The tab's inspection (cached or fetched); rejects when the tab is gone. */
  readonly inspectTab: (tabId: number, url: string) => Promise<Inspection>;
  readonly listTabs: () => Promise<ReadonlyArray<{ readonly id?: number; readonly url?: string }>>;
  readonly getSettings: () => Promise<{ readonly crawler: string; readonly badge: boolean }>;
  /** Folds the page's indexability into the robots.txt view (badge-indexability.ts); absent = robots.txt only. */
  readonly pageView?: (
    tabId: number,
    url: string,
    crawler: string,
    verdict: PageVerdict,
    view: BadgeView,
  ) => Promise<BadgeView>;
}

export interface BadgeService {
  /** Shows the verdict for `url` on tab `tabId`. Never rejects: a failure shows as "?". */
  update(tabId: number, url: string): Promise<void>;
  /** Updates every open tab (crawler changed, badge switched, browser started). */
  updateAll(): Promise<void>;
  /** Updates the tabs showing a page of `origin` (its robots.txt was refreshed). */
  updateOrigin(origin: string): Promise<void>;
}

/** Returns the badge service. */
export function createBadgeService(deps: BadgeDeps): BadgeService {
  /** The latest update of each tab; an update that finds a newer one stops. */
  const latest = new Map<number, number>();
  let sequence = 0;

  /** Sets title and colour before the text, so whoever sees the new text sees the whole new badge. */
  async function show(tabId: number, view: BadgeView): Promise<void> {
    await deps.action.setTitle({ tabId, title: view.title });
    if (view.kind === 'shown') await deps.action.setBadgeBackgroundColor({ tabId, color: view.color });
    await deps.action.setBadgeText({ tabId, text: view.kind === 'shown' ? view.text : '' });
  }

  async function update(tabId: number, url: string): Promise<void> {
    const mine = ++sequence;
    latest.set(tabId, mine);
    const isCurrent = () => latest.get(tabId) === mine;
    try {
      const settings = await deps.getSettings();
      if (!settings.badge) {
        await show(tabId, { kind: 'hidden', title: deps.defaultTitle });
        return;
      }
      // Say "checking" only if the answer is not there at once (a slow server can take 10 s).
      let checkingShown: Promise<void> = Promise.resolve();
      const timer = setTimeout(() => {
        if (isCurrent()) checkingShown = show(tabId, CHECKING_VIEW);
      }, CHECKING_DELAY_MS);
      let inspection: Inspection;
      try {
        inspection = await deps.inspectTab(tabId, url);
      } finally {
        clearTimeout(timer);
        await checkingShown;
      }
      if (!isCurrent()) return;
      const crawlerName = findCrawler(settings.crawler)?.name ?? settings.crawler;
      const verdict = deps.judge.judge(inspection, settings.crawler);
      let view = describeBadge(verdict, crawlerName);
      if (deps.pageView) view = await deps.pageView(tabId, url, settings.crawler, verdict, view);
      view = withNotStored(view, inspection);
      if (!isCurrent()) return;
      await show(tabId, view);
    } catch (error) {
      if (!isCurrent()) return;
      const message = errorWords(error);
      // The tab may have closed meanwhile: then there is nothing left to show the failure on.
      await show(tabId, {
        kind: 'shown',
        text: BADGE_TEXT.failed,
        color: BADGE_COLORS.neutral,
        title: `Robotscope could not check this page: ${message}`,
      }).catch(() => undefined);
    } finally {
      if (isCurrent()) latest.delete(tabId);
    }
  }

  async function updateTabs(predicate: (url: string) => boolean): Promise<void> {
    const tabs = await deps.listTabs();
    await Promise.all(
      tabs.flatMap((tab) =>
        tab.id !== undefined && tab.url !== undefined && predicate(tab.url) ? [update(tab.id, tab.url)] : [],
      ),
    );
  }

  return {
    update,
    updateAll: () => updateTabs(() => true),
    updateOrigin: (origin) => updateTabs((url) => httpOriginOf(url) === origin),
  };
}
