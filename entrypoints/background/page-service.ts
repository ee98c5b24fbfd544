/**
 * The worker's page inspection, wired: per-tab page data (page-headers.ts), the content script's
 * reports (page-reports.ts), the URL judge (url-judge.ts), their protocol handlers, and the page
 * half of the badge (badge-indexability.ts). service.ts creates it and registers it in a few lines.
 */
import type { Inspection } from '../../lib/protocol/messages';
import { evidenceFor, fetchPermission, judgePageState } from '../../lib/verdict/page-state';
import { withoutFragment } from '../../lib/shared/url';
import type { CanonicalElement } from '../../lib/page-directives/canonical';
import type { DomSnapshot } from '../../lib/verdict/page-state';
import { type Indexability, judgeIndexability, type MetaElement } from '../../lib/page-directives/verdict';
import type { PageVerdict } from '../../lib/verdict/types';
import type { Settings } from '../../lib/settings';
import { createPageData, type MainFrameEvents, type PageData, type PageStore } from './page-headers';
import { createReportListener, parseCanonical, parseDomSnapshot, parseMeta, type ReportPort } from './page-reports';
import { InvalidRequestError } from '../../lib/protocol/errors';
import type { PageJudge } from './judge';
import type { MessageHandlers } from '../../lib/protocol/messages';

export type PageHandlers = Pick<MessageHandlers, 'pageState' | 'pageIndexability' | 'refetchPage'>;

export interface PageServiceDeps {
  readonly store: PageStore;
  readonly now: () => number;
  readonly settings: () => Promise<Settings>;
  readonly extensionId: string;
  readonly getTab: (tabId: number) => Promise<{ readonly url?: string } | undefined>;
  readonly listTabIds: () => Promise<number[]>;
  readonly inspectUrl: (url: string) => Promise<Inspection>;
  readonly judge: PageJudge;
  readonly fetchPage: Parameters<typeof createPageData>[0]['fetchPage'];
  /** Called when a tab's page data changed (the badge follows). */
  readonly onChange: (tabId: number, url: string) => void;
}

export interface PageService {
  readonly data: PageData;
  readonly handlers: PageHandlers;
  /** The tab's indexability for `crawler`, or null when page inspection is off or the DOM was not read yet. */
  indexabilityOf(tabId: number, url: string, crawler: string, verdict: PageVerdict): Promise<Indexability | null>;
  register(
    events: MainFrameEvents | undefined,
    onTabRemoved: (cb: (tabId: number) => void) => void,
    onConnect: (cb: (port: ReportPort) => void) => void,
  ): void;
  /** Settings changed: inspection off forgets every tab. */
  settingsChanged(before: Settings, after: Settings): Promise<void>;
}

function tabIdOf(payload: unknown, type: string): number {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new InvalidRequestError(`${type} needs { tabId }.`);
  const keys = Object.keys(payload);
  const { tabId } = payload as { tabId?: unknown };
  if (keys.length !== 1 || typeof tabId !== 'number' || !Number.isInteger(tabId) || tabId < 0)
    throw new InvalidRequestError(`${type}: tabId must be a tab id (a whole number ≥ 0), and nothing else.`);
  return tabId;
}

const MAX_CRAWLERS = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns the checked `pageIndexability` payload. */
export function parsePageIndexabilityRequest(payload: unknown): {
  tabId: number;
  crawlers: string[];
  dom: DomSnapshot | null;
  served: { metas: MetaElement[]; canonicals: CanonicalElement[] } | null;
} {
  if (!isRecord(payload) || Object.keys(payload).sort().join(',') !== 'crawlers,dom,served,tabId')
    throw new InvalidRequestError('pageIndexability needs exactly { tabId, crawlers, dom, served }.');
  const { tabId, crawlers, dom, served } = payload;
  if (typeof tabId !== 'number' || !Number.isInteger(tabId) || tabId < 0)
    throw new InvalidRequestError('pageIndexability: tabId must be a tab id (a whole number ≥ 0).');
  if (
    !Array.isArray(crawlers) ||
    crawlers.length > MAX_CRAWLERS ||
    !crawlers.every((c) => typeof c === 'string' && c.length > 0 && c.length <= 100)
  )
    throw new InvalidRequestError(`pageIndexability: crawlers must be at most ${MAX_CRAWLERS} tokens.`);
  const snapshot = dom === null ? null : parseDomSnapshot(dom);
  if (dom !== null && snapshot === null) throw new InvalidRequestError('pageIndexability: dom is not a page reading.');
  let readings: { metas: MetaElement[]; canonicals: CanonicalElement[] } | null = null;
  if (served !== null) {
    if (!isRecord(served) || !Array.isArray(served.metas) || !Array.isArray(served.canonicals))
      throw new InvalidRequestError('pageIndexability: served must be { metas, canonicals } or null.');
    const metas = served.metas.slice(0, 100).map(parseMeta);
    const canonicals = served.canonicals.slice(0, 100).map(parseCanonical);
    if (metas.includes(null) || canonicals.includes(null))
      throw new InvalidRequestError('pageIndexability: served holds an element of the wrong shape.');
    readings = { metas: metas as MetaElement[], canonicals: canonicals as CanonicalElement[] };
  }
  return { tabId, crawlers: crawlers as string[], dom: snapshot, served: readings };
}

/** Returns the page service. */
export function createPageService(deps: PageServiceDeps): PageService {
  const enabled = async () => (await deps.settings()).pageInspection;
  const data = createPageData({ store: deps.store, now: deps.now, enabled, fetchPage: deps.fetchPage });

  async function tabUrl(tabId: number): Promise<string> {
    let tab: { readonly url?: string } | undefined;
    try {
      tab = await deps.getTab(tabId);
    } catch (error) {
      throw new InvalidRequestError(`There is no tab ${tabId}.`, { cause: error });
    }
    if (tab === undefined) throw new InvalidRequestError(`There is no tab ${tabId}.`);
    return tab.url ?? '';
  }

  const handlers: PageHandlers = {
    async pageState(payload) {
      const tabId = tabIdOf(payload, 'pageState');
      return data.state(tabId, await tabUrl(tabId));
    },
    async pageIndexability(payload) {
      const request = parsePageIndexabilityRequest(payload);
      const state = await data.state(request.tabId, await tabUrl(request.tabId));
      if (!state.enabled) return { state, headers: null, results: [], reports: [] };
      const url = request.dom?.url ?? state.dom?.url ?? state.tabUrl;
      const inspection = await deps.inspectUrl(url);
      return judgePageState(
        state,
        request.dom,
        request.served,
        request.crawlers,
        (crawler, pageUrl) => deps.judge.judge({ ...inspection, pageUrl }, crawler),
        deps.now(),
      );
    },
    async refetchPage(payload) {
      const tabId = tabIdOf(payload, 'refetchPage');
      if (!(await enabled())) throw new InvalidRequestError('Page inspection is off in the settings.');
      const state = await data.state(tabId, await tabUrl(tabId));
      const url = state.dom?.url ?? state.tabUrl;
      if (!/^https?:\/\//i.test(url)) throw new InvalidRequestError('Only http(s) pages can be re-fetched.');
      const answer = await data.refetch(tabId, url.replace(/#.*$/, ''));
      deps.onChange(tabId, state.tabUrl);
      return answer;
    },
  };

  return {
    data,
    handlers,
    async indexabilityOf(tabId, url, crawler, verdict) {
      if (!(await enabled())) return null;
      const state = await data.state(tabId, url);
      // A reading of the page before this one (its content script has not reported yet) says nothing here.
      if (state.dom === null || withoutFragment(state.dom.url) !== withoutFragment(url)) return null;
      const { evidence } = evidenceFor(state, null);
      return judgeIndexability(evidence, crawler, fetchPermission(verdict), deps.now());
    },
    register(events, onTabRemoved, onConnect) {
      data.register(events, onTabRemoved);
      onConnect(
        createReportListener(deps.extensionId, async (tabId, dom) => {
          await data.putDom(tabId, dom);
          deps.onChange(tabId, dom.url);
        }),
      );
    },
    async settingsChanged(before, after) {
      if (before.pageInspection && !after.pageInspection) await data.forgetAll(await deps.listTabIds());
    },
  };
}
