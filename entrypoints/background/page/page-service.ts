/**
 * The worker's page inspection, wired: per-tab page data (page-headers.ts), the content script's
 * reports (page-reports.ts), the URL judge (url-judge.ts), their protocol handlers, and the page
 * half of the badge (badge-indexability.ts). service.ts creates it and registers it in a few lines.
 */
import type { Inspection } from '../../../lib/protocol/messages';
import { evidenceFor, fetchPermission, isReadingOf, judgePageState } from '../../../lib/verdict/page-state';
import * as v from 'valibot';
import { type Indexability, judgeIndexability } from '../../../lib/page-directives/verdict';
import { crawlerToken, domSnapshot, exact, MAX_CRAWLERS, servedReadings, tabId } from '../../../lib/protocol/schemas';
import type { PageVerdict } from '../../../lib/verdict/types';
import type { Settings } from '../../../lib/settings';
import { createPageData, type MainFrameEvents, type PageData, type PageStore } from './page-headers';
import { createReportListener, type ReportPort } from './page-reports';
import { checked } from '../payload';
import { InvalidRequestError } from '../../../lib/protocol/errors';
import type { PageJudge } from '../robots/judge';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { INSPECTION_OFF } from '../../../lib/protocol/tab-messages';

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
  /** Sends a message to a tab's content script (rejects where none listens). */
  readonly sendToTab?: (tabId: number, message: unknown) => Promise<unknown>;
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

const tabRequest = exact({ tabId }, '{ tabId }');

const pageIndexabilityRequest = exact(
  {
    tabId,
    crawlers: v.pipe(
      v.array(crawlerToken, `crawlers must be at most ${MAX_CRAWLERS} tokens`),
      v.maxLength(MAX_CRAWLERS, `crawlers must be at most ${MAX_CRAWLERS} tokens`),
    ),
    dom: v.union([v.null(), domSnapshot], 'dom is not a page reading'),
    served: v.union([v.null(), servedReadings], 'served must be { metas, canonicals } or null'),
  },
  'exactly { tabId, crawlers, dom, served }',
);

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
      const { tabId } = checked('pageState', tabRequest, payload);
      return data.state(tabId, await tabUrl(tabId));
    },
    async pageIndexability(payload) {
      const request = checked('pageIndexability', pageIndexabilityRequest, payload);
      const state = await data.state(request.tabId, await tabUrl(request.tabId));
      if (!state.enabled) return { state, headers: null, results: [], reports: [] };
      const reading = request.dom ?? state.dom;
      const url = reading !== null && (reading.cut?.urlChars ?? 0) === 0 ? reading.url : state.tabUrl;
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
      const { tabId } = checked('refetchPage', tabRequest, payload);
      if (!(await enabled())) throw new InvalidRequestError('Page inspection is off in the settings.');
      const state = await data.state(tabId, await tabUrl(tabId));
      const url = state.dom !== null && (state.dom.cut?.urlChars ?? 0) === 0 ? state.dom.url : state.tabUrl;
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
      if (state.dom === null || !isReadingOf(state.dom, url)) return null;
      const { evidence } = evidenceFor(state, null);
      return judgeIndexability(evidence, crawler, fetchPermission(verdict), deps.now());
    },
    register(events, onTabRemoved, onConnect) {
      data.register(events, onTabRemoved);
      onConnect(
        createReportListener(deps.extensionId, async (tabId, dom, senderUrl) => {
          await data.putDom(tabId, dom);
          // A reading whose URL was cut: the badge follows the frame's whole address.
          deps.onChange(tabId, (dom.cut?.urlChars ?? 0) > 0 ? senderUrl : dom.url);
        }),
      );
    },
    async settingsChanged(before, after) {
      if (!before.pageInspection || after.pageInspection) return;
      const tabIds = await deps.listTabIds();
      await data.forgetAll(tabIds);
      // Each content script stops and removes its marks (it no longer watches storage itself).
      const send = deps.sendToTab;
      if (send !== undefined)
        await Promise.all(tabIds.map((id) => send(id, { type: INSPECTION_OFF }).catch(() => undefined)));
    },
  };
}
