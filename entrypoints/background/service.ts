/**
 * The background service, created from its dependencies so tests pass fakes: the cache over its
 * store, the fetch policy over the webRequest transport, the message handlers and the
 * badge, and `register()` to add every listener (called once from the worker's main function).
 */
import type { WxtBrowser } from 'wxt/browser';
import { type CacheStore, createRobotsCache, type RobotsCache } from '../../lib/cache';
import { fetchRobotsTxt } from '../../lib/fetch/policy';
import type { RobotsTransport } from '../../lib/fetch/transport';
import { historyPageHref } from '../../lib/history/links';
import { createMemoryHistoryStore, type HistoryStore } from '../../lib/history/store';
import type { MessageHandlers, Reply, Sender } from '../../lib/protocol/messages';
import { type BadgeAction, type BadgeService, createBadgeService } from './badge/badge';
import type { WatchedSite } from '../../lib/history/api';
import {
  createHistoryService,
  type HistoryService,
  originOfWatchNotification,
  WATCH_ALARM,
  type WatchStore,
} from './history/history';
import { createInspector, type Inspector } from './robots/inspector';
import { createPageJudge } from './robots/judge';
import { combineBadge } from './badge/indexability';
import { createSessionPageStore, type MainFrameEvents, type PageStore } from './page/page-headers';
import { createPageService, type PageService } from './page/page-service';
import { createMessageHandler, createMessageListener, identifySender } from './router';
import { createRobotsHandlers } from './robots/handlers';
import { createSettingsHandlers } from './settings/handlers';
import { createHistoryHandlers } from './history/handlers';
import { createResourceHandlers } from './resources/handlers';
import { createUrlHandlers } from './urls/handlers';
import { createOriginLookups, createUrlJudge, type UrlJudge } from './urls/url-judge';
import {
  createMemoryResourceStore,
  createResourceCollector,
  type ResourceCollector,
  type ResourceListStore,
  type TabRequestEvent,
} from './resources/resources';
import type { SettingsStore } from './settings/storage';
import type { Settings } from '../../lib/settings';
import { createWebRequestTransport, type WebRequestEvents } from './robots/transport';
import { createProbeHandlers } from './probe/handlers';
import { createTdmrepHandlers } from './tdmrep/handlers';
import { createTdmrepService, type TdmrepService } from './tdmrep/tdmrep';
import { createMemoryCacheStore } from '../../lib/cache';
import { createProber, type Prober, type ReportStore } from './probe/prober';
import {
  createSendHeadersOverride,
  createSessionRuleOverride,
  type SendHeadersEvent,
  type SessionRules,
} from './probe/user-agent';

/** The browser APIs the worker uses. */
export type BackgroundBrowser = Pick<WxtBrowser, 'runtime' | 'tabs'> & {
  readonly action?: BadgeAction;
  readonly browserAction?: BadgeAction;
  readonly alarms?: Pick<WxtBrowser['alarms'], 'create' | 'clear' | 'get' | 'onAlarm'>;
  readonly notifications?: Pick<WxtBrowser['notifications'], 'create' | 'onClicked'>;
  readonly permissions?: Pick<WxtBrowser['permissions'], 'contains'>;
  readonly webRequest?: WebRequestEvents & {
    readonly onBeforeRequest: TabRequestEvent;
    readonly onBeforeSendHeaders?: SendHeadersEvent;
  };
  /** Chrome: sets the probe's User-Agent on the extension's own requests (session rules). */
  readonly declarativeNetRequest?: SessionRules;
};

export interface BackgroundDeps {
  readonly browser: BackgroundBrowser;
  readonly settings: SettingsStore;
  readonly cacheStore: CacheStore;
  /** Where each origin's tdmrep.json record is kept (the extension's IndexedDB in the worker; memory by default). */
  readonly tdmrepStore?: CacheStore;
  /** Where each tab's page resources are kept: storage.session in the worker; in memory by default (tests). */
  readonly resourceStore?: ResourceListStore;
  readonly fetch: typeof fetch;
  /** Epoch ms. */
  readonly now: () => number;
  /** Replaces the fetch + webRequest transport (tests). */
  readonly transport?: RobotsTransport;
  readonly maxEntries?: number;
  readonly maxBytes?: number;
  /** The tooltip when the badge is off: the manifest's action title. */
  readonly defaultTitle?: string;
  /** Where robots.txt versions are kept (IndexedDB in the worker; memory by default). */
  readonly historyStore?: HistoryStore;
  /** Where the watched sites are kept (the extension's IndexedDB in the worker; memory by default). */
  readonly watchStore?: WatchStore;
  /** Per-tab page data (storage.session by default). */
  readonly pageStore?: PageStore;
  /** Where the latest probe reports are kept (storage.session in the worker; memory by default). */
  readonly probeReports?: ReportStore;
  /** The manifest has `webRequestBlocking` (Firefox MV2): cancel the hops of a redirect chain the policy stopped. */
  readonly webRequestBlocking?: boolean;
  /** Called with the settings after each change (the toolbar button's side-panel behaviour follows them). */
  readonly afterSettingsChanged?: (after: Settings) => Promise<void>;
}

export interface BackgroundService {
  readonly cache: RobotsCache;
  readonly inspector: Inspector;
  readonly badges: BadgeService;
  readonly history: HistoryService;
  readonly resources: ResourceCollector;
  readonly urlJudge: UrlJudge;
  readonly page: PageService;
  readonly prober: Prober;
  readonly tdmrep: TdmrepService;
  /** Answers one protocol message from `sender` (an extension page unless said otherwise; the listener always says). */
  handleMessage(message: unknown, sender?: Sender | null): Promise<Reply<unknown>>;
  /** Adds the runtime, tabs and webRequest listeners. */
  register(): void;
}

const DEFAULT_TITLE = 'Robotscope';

/** Returns the background service. */
export function createBackgroundService(deps: BackgroundDeps): BackgroundService {
  const { browser } = deps;
  const webRequestTransport = createWebRequestTransport({
    fetch: deps.fetch,
    webRequest: browser.webRequest,
    blocking: deps.webRequestBlocking === true,
  });
  const baseTransport = deps.transport ?? webRequestTransport.transport;
  // The probe's User-Agent override: Chrome's session rules, else Firefox's blocking onBeforeSendHeaders.
  const userAgentOverride =
    browser.declarativeNetRequest !== undefined
      ? createSessionRuleOverride(browser.declarativeNetRequest, browser.runtime.id)
      : deps.webRequestBlocking === true && browser.webRequest?.onBeforeSendHeaders !== undefined
        ? createSendHeadersOverride(browser.webRequest.onBeforeSendHeaders, browser.runtime.getURL('/'))
        : null;
  const prober = createProber({
    transport: baseTransport,
    override: userAgentOverride,
    reports: deps.probeReports,
    now: deps.now,
    timeoutMs: async () => (await deps.settings.get()).timeoutMs,
  });
  // Every other request of the worker waits while a probe holds its host: none carries a crawler's User-Agent.
  const transport = prober.gated(baseTransport);
  /** The running fetch of each origin, so the user's Cancel can stop it. */
  const running = new Map<string, AbortController>();
  const history = createHistoryService({
    store: deps.historyStore ?? createMemoryHistoryStore(),
    watches: deps.watchStore ?? createMemoryWatchStore(),
    getSettings: () => deps.settings.get(),
    now: deps.now,
    refetch: async (origin) => {
      const { record } = await cache.lookup({ origin, robotsUrl: `${origin}/robots.txt` }, { refresh: true });
      // A watch check compares versions before and after: it waits for this fetch's (bounded) write.
      await history.recordFetch(record);
      return record;
    },
    notify: async (id, title, message) => {
      const allowed = await browser.permissions?.contains({ permissions: ['notifications'] });
      if (allowed !== true || browser.notifications === undefined) return false;
      await browser.notifications.create(id, { type: 'basic', iconUrl: '/icon/128.png', title, message });
      return true;
    },
    async setAlarm(periodMinutes) {
      if (browser.alarms === undefined) return;
      if (periodMinutes === null) await browser.alarms.clear(WATCH_ALARM);
      // An existing alarm keeps its schedule (the worker starts often, and must not push it back)
      // unless its period changed.
      else if ((await browser.alarms.get(WATCH_ALARM))?.periodInMinutes !== periodMinutes)
        await browser.alarms.create(WATCH_ALARM, { periodInMinutes: periodMinutes, delayInMinutes: periodMinutes });
    },
  });
  const cache = createRobotsCache({
    store: deps.cacheStore,
    now: deps.now,
    maxEntries: deps.maxEntries,
    maxBytes: deps.maxBytes,
    // A site the user inspects (popup, badge, refresh, watch) is a sighting for its history, written
    // after the inspection answers; other hosts' files (page resources, link marks) are not kept.
    onSiteRecord: (record) => void history.recordFetch(record),
    // The timeout is read at each fetch, so a changed setting applies to the next one.
    fetchRecord: async (target) => {
      const controller = new AbortController();
      running.set(target.origin, controller);
      try {
        const { timeoutMs } = await deps.settings.get();
        return await fetchRobotsTxt(target, { transport, now: deps.now, timeoutMs, signal: controller.signal });
      } finally {
        if (running.get(target.origin) === controller) running.delete(target.origin);
      }
    },
  });
  const cancelFetch = (origin: string): boolean => {
    const controller = running.get(origin);
    if (controller === undefined) return false;
    running.delete(origin);
    controller.abort();
    return true;
  };
  /** Every robots.txt lookup of other origins goes through here: at most 6 fetches at a time. */
  const originLookups = createOriginLookups(cache, 'other');
  const inspector = createInspector({
    cache,
    now: deps.now,
    getTab: (tabId) => browser.tabs.get(tabId),
    getActiveTab: async () => (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0],
  });
  const action = browser.action ?? browser.browserAction;
  if (action === undefined)
    throw new Error('Neither browser.action nor browser.browserAction exists: the manifest needs an action.');
  const judge = createPageJudge();
  const page = createPageService({
    store: deps.pageStore ?? createSessionPageStore(),
    now: deps.now,
    settings: () => deps.settings.get(),
    extensionId: browser.runtime.id,
    getTab: (tabId) => browser.tabs.get(tabId),
    listTabIds: async () => (await browser.tabs.query({})).flatMap((t) => (t.id === undefined ? [] : [t.id])),
    sendToTab: async (tabId, message): Promise<unknown> => (await browser.tabs.sendMessage(tabId, message)) as unknown,
    inspectUrl: (url) => inspector.inspectUrl(url, null, false, (target) => originLookups.schedule(target.origin)),
    judge,
    fetchPage: async (url, onRedirect) => {
      const signal = AbortSignal.timeout((await deps.settings.get()).timeoutMs);
      return transport({ url, signal, onRedirect });
    },
    onChange: (tabId, url) => void badges.update(tabId, url),
  });
  const badges = createBadgeService({
    pageView: async (tabId, url, crawler, verdict, view) =>
      (await deps.settings.get()).badgeRobotsOnly
        ? view
        : combineBadge(view, verdict, await page.indexabilityOf(tabId, url, crawler, verdict)),
    action,
    defaultTitle: deps.defaultTitle ?? DEFAULT_TITLE,
    judge,
    inspectTab: (tabId, url) => inspector.inspectUrl(url, tabId, false),
    listTabs: () => browser.tabs.query({}),
    getSettings: () => deps.settings.get(),
  });
  const resources = createResourceCollector({
    store: deps.resourceStore ?? createMemoryResourceStore(),
    now: deps.now,
    onBeforeRequest: browser.webRequest?.onBeforeRequest,
    onTabRemoved: browser.tabs.onRemoved,
  });
  const urlJudge = createUrlJudge({ lookups: originLookups, judge, now: deps.now });
  const tdmrep = createTdmrepService({
    store: deps.tdmrepStore ?? createMemoryCacheStore(),
    transport,
    now: deps.now,
    timeoutMs: async () => (await deps.settings.get()).timeoutMs,
    enabled: async () => (await deps.settings.get()).fetchTdmrep,
  });
  // Every message once, each answered by its feature (the compiler refuses a missing one).
  const handlers: MessageHandlers = {
    ...createRobotsHandlers({
      inspector,
      cache,
      settings: deps.settings,
      badges,
      judge,
      cancelFetch,
      alsoCleared: [tdmrep.cache],
    }),
    ...createSettingsHandlers({
      settings: deps.settings,
      badges,
      history,
      onSettingsChanged: async (before, after) => {
        await page.settingsChanged(before, after);
        await deps.afterSettingsChanged?.(after);
      },
    }),
    ...createHistoryHandlers(history),
    ...page.handlers,
    ...createResourceHandlers(resources),
    ...createUrlHandlers(urlJudge),
    ...createProbeHandlers(prober),
    ...createTdmrepHandlers(tdmrep),
  };
  const answer = createMessageHandler(handlers);
  const handleMessage = (message: unknown, sender: Sender | null = { kind: 'extension-page' }) =>
    answer(message, sender);

  return {
    cache,
    inspector,
    badges,
    history,
    resources,
    urlJudge,
    page,
    prober,
    tdmrep,
    handleMessage,
    register() {
      webRequestTransport.register();
      // A worker stopped in the middle of a probe leaves its session rule behind: remove it at start.
      void userAgentOverride
        ?.clear()
        .catch((error: unknown) => console.error('Robotscope: could not remove the probe’s User-Agent rule', error));
      browser.alarms?.onAlarm.addListener((alarm) => {
        if (alarm.name === WATCH_ALARM) void history.checkWatched();
      });
      void history.ensureAlarm();
      // A watch notification opens the site's history.
      browser.notifications?.onClicked.addListener((id) => {
        const origin = originOfWatchNotification(id);
        if (origin !== null) void browser.tabs.create({ url: browser.runtime.getURL(historyPageHref(origin)) });
      });
      resources.register();
      page.register(
        browser.webRequest as unknown as MainFrameEvents | undefined,
        (cb) => browser.tabs.onRemoved.addListener((tabId) => cb(tabId)),
        (cb) => browser.runtime.onConnect.addListener((port) => cb(port)),
      );
      const extensionBase = browser.runtime.getURL('/');
      browser.runtime.onMessage.addListener(
        createMessageListener(answer, (sender) => identifySender(sender, browser.runtime.id, extensionBase)),
      );
      browser.tabs.onUpdated.addListener((tabId, changeInfo, tab) => {
        // A new URL: a navigation, or a history.pushState in a single-page app.
        if (changeInfo.url !== undefined) void badges.update(tabId, changeInfo.url);
        else if (changeInfo.status === 'complete' && tab.url !== undefined) void badges.update(tabId, tab.url);
      });
      browser.tabs.onActivated.addListener(({ tabId }) => {
        void browser.tabs.get(tabId).then(
          (tab) => (tab?.url === undefined ? undefined : badges.update(tabId, tab.url)),
          // The tab closed before it could be read: nothing to badge.
          () => undefined,
        );
      });
      browser.runtime.onStartup.addListener(() => void badges.updateAll());
      browser.runtime.onInstalled.addListener(() => void badges.updateAll());
    },
  };
}

/** Returns a watch list kept in memory (tests; the worker keeps it in its IndexedDB). */
export function createMemoryWatchStore(): WatchStore {
  let sites: WatchedSite[] = [];
  return {
    get: async () => structuredClone(sites),
    set: async (next) => void (sites = structuredClone([...next])),
  };
}
