/** A fake ProtocolClient and platform for the popup's state and App tests. */
import type { PageUsageReply, TdmrepReply } from '../../../lib/usage/tdmrep-fetch';
import { readPageUsage } from '../../../lib/usage/page-usage-reply';
import type { ProbeReport } from '../../../lib/probe/types';
import { findContentSignals } from '../../../lib/directives/content-signals';
import { findManagedBlocks } from '../../../lib/directives/managed-blocks';
import { describeUsageLines } from '../../../lib/directives/usage-lines';
import type { ChangedSinceReply, VersionMeta, WatchedSite } from '../../../lib/history/api';
import { vi } from 'vitest';
import type { PopupPlatform } from '../../../entrypoints/popup/platform';
import { bodyText } from '../../../lib/fetch/body';
import { describeRecord } from '../../../lib/fetch/describe';
import type { FetchOutcome } from '../../../lib/fetch/types';
import type { Inspection, ProtocolClient } from '../../../lib/protocol/messages';
import { lintRobotsTxt } from '../../../lib/robots';
import type { TabResources } from '../../../lib/resources/ledger';
import type { OriginOutcome } from '../../../lib/verdict/url-judge';
import { judgePageState, type PageState, type RefetchResult } from '../../../lib/verdict/page-state';
import { judgePage, readPageRobots } from '../../../lib/verdict/page-verdict';
import { DEFAULT_SETTINGS, type Settings } from '../../../lib/settings';
import type { JudgeUrlsRequest } from '../../../lib/verdict/url-judge';
import { okOutcome as okBody, ORIGIN, record } from '../../components/popup/fixtures';

export { ORIGIN };
export const TAB_ID = 7;

export const BLOCKED_ROBOTS =
  '# Demo: one blocked folder.\n' +
  'User-agent: *\n' +
  'Disallow: /private/\n' +
  'Allow: /private/press-kit.html\n' +
  'Crawl-delay: 5\n' +
  '\n' +
  'Sitemap: /sitemap.xml\n' +
  'Sitemap: https://example.com/sitemap.xml\n';

export const SPECIFIC_ROBOTS =
  'User-agent: *\n' +
  'Disallow: /drafts/\n' +
  '\n' +
  'User-agent: Googlebot\n' +
  'User-agent: bingbot\n' +
  'Disallow: /search\n' +
  '\n' +
  'User-agent: GPTBot\n' +
  'Disallow: /\n' +
  '\n' +
  'User-agent: googlebot\n' +
  'Disallow: /tmp/\n';

export function okOutcome(
  text: string,
  body: Partial<Extract<FetchOutcome, { kind: 'ok' }>['body']> = {},
): FetchOutcome {
  return okBody(text, { contentType: 'text/plain', ...body });
}

/** An inspection of `path` as the worker sends it: the record and its description. */
export function inspected(outcome: FetchOutcome, path = '/private/page.html'): Inspection {
  const fetched = record(outcome);
  return {
    kind: 'inspected',
    pageUrl: `${ORIGIN}${path}`,
    tabId: TAB_ID,
    source: 'cache',
    ageMs: 90_000,
    record: fetched,
    description: describeRecord(fetched),
    // The worker's linter, run here in the test's thread.
    diagnostics: outcome.kind === 'ok' ? lintRobotsTxt(bodyText(outcome.body)) : [],
    // The worker's scanners too.
    directives:
      outcome.kind === 'ok'
        ? {
            managedBlocks: findManagedBlocks(bodyText(outcome.body)),
            contentSignals: findContentSignals(bodyText(outcome.body)),
            usageLines: describeUsageLines(bodyText(outcome.body), findContentSignals(bodyText(outcome.body))),
          }
        : { managedBlocks: [], contentSignals: [] },
  };
}

export const NOT_APPLICABLE: Extract<Inspection, { kind: 'not-applicable' }> = {
  kind: 'not-applicable',
  pageUrl: 'chrome://version/',
  tabId: TAB_ID,
  reason: 'browser-page',
  explanation: 'robots.txt does not apply to browser pages (chrome:).',
};

export function settingsWith(crawler = 'Googlebot', customTokens: string[] = []): Settings {
  return { ...DEFAULT_SETTINGS, crawler, customTokens, timeoutMs: 10_000, watchCrawlers: ['Googlebot'] };
}

/**
 * Returns the state of a page read in full: its response observed (status 200, no redirect, the
 * given headers as `[name, value]`) and its DOM read on load (the given meta elements, in <head>).
 */
export function observedPageState(
  url: string,
  page: { readonly headers?: [string, string][]; readonly metas?: { name: string; content: string }[] } = {},
): PageState {
  const headers = page.headers ?? [];
  return {
    enabled: true,
    tabUrl: url,
    observed: {
      via: 'observed',
      requestUrl: url,
      url,
      status: 200,
      redirects: [],
      robotsHeaders: headers.filter(([name]) => name.toLowerCase() === 'x-robots-tag').map(([, value]) => value),
      linkHeaders: [],
      usageHeaders: headers,
      fromCache: false,
      at: 0,
    },
    dom: {
      url,
      metas: (page.metas ?? []).map((m) => ({ ...m, inHead: true })),
      canonicals: [],
      links: { total: 0, nofollow: 0, ugc: 0, sponsored: 0 },
      trigger: 'load',
    },
    refetched: null,
  };
}

/** A client whose replies the test sets; every call is a vi.fn to assert on. */
/** The page state the fake worker gives by default: inspection on, nothing read yet. */
export const EMPTY_PAGE_STATE: PageState = { enabled: true, tabUrl: '', observed: null, dom: null, refetched: null };

/** The worker's answer for an origin without tdmrep.json (a 404). */
export function tdmrepAbsent(pageUrl: string): TdmrepReply {
  const origin = new URL(pageUrl).origin;
  return {
    origin,
    url: `${origin}/.well-known/tdmrep.json`,
    fetch: { kind: 'absent', status: 404, why: 'the address answers 404' },
    fetchedAt: 0,
    source: 'network',
  };
}

export function createFakeClient(
  inspection: Inspection | (() => Promise<Inspection>),
  settings = settingsWith(),
  pageState: PageState = EMPTY_PAGE_STATE,
) {
  let current = settings;
  const client = {
    inspect: vi.fn(typeof inspection === 'function' ? inspection : async () => inspection),
    getSettings: vi.fn(async () => current),
    pageSettings: vi.fn(async () => ({ pageInspection: current.pageInspection, customTokens: current.customTokens })),
    setSettings: vi.fn(async (change: Partial<Omit<Settings, 'version'>>) => {
      current = { ...current, ...change };
      return current;
    }),
    listCache: vi.fn(async () => ({
      entries: [],
      stats: { entries: 0, bytes: 0, maxEntries: 0, maxBytes: 0, hits: 0, misses: 0, fetches: 0, fetchSuccesses: 0 },
    })),
    clearCache: vi.fn(async () => ({ cleared: 0 })),
    pageState: vi.fn(async (_payload: { tabId: number }): Promise<PageState> => pageState),
    // The worker's judging, run here in the test's thread over the inspection above.
    pageIndexability: vi.fn(async ({ crawlers, dom, served }: Parameters<ProtocolClient['pageIndexability']>[0]) => {
      const current = typeof inspection === 'function' ? await inspection() : inspection;
      // Parsed only when a verdict is needed (the worker's parse, not the popup's).
      let robots: ReturnType<typeof readPageRobots> | null = null;
      const verdictFor = (crawler: string, url: string) =>
        judgePage((robots ??= readPageRobots(current)), url, crawler);
      return judgePageState(pageState, dom, served, crawlers, verdictFor, 0);
    }),
    refetchPage: vi.fn((_payload: { tabId: number }) =>
      Promise.reject<{ result: RefetchResult; html: string | null }>(new Error('no network in these tests')),
    ),
    judgeUrls: vi.fn(async (_payload: JudgeUrlsRequest) => ({
      results: [],
      origins: 0,
      skippedOrigins: 0,
      maxOrigins: 10,
    })),
    cancelFetch: vi.fn(async (_request: { origin: string }) => ({ cancelled: true })),
    addCustomToken: vi.fn(async ({ token, select }: { token: string; select?: boolean }) => {
      current = {
        ...current,
        crawler: select === false ? current.crawler : token,
        customTokens: [token, ...current.customTokens.filter((t) => t !== token)],
      };
      return current;
    }),
    ...createFakeHistoryClient(),
    // No page resources unless a test gives some.
    getResources: vi.fn(async (_payload: { tabId: number }) => ({ resources: null as TabResources | null })),
    originRecords: vi.fn(async (_payload: { origins: string[] }) => ({ origins: [] as OriginOutcome[] })),
    probe: vi.fn((_payload: { pageUrl: string; agents: string[] }) =>
      Promise.reject<ProbeReport>(new Error('no network in these tests')),
    ),
    lastProbe: vi.fn(async (_payload: { origin: string }) => null as ProbeReport | null),
    // The worker's page usage answer, made here in the test's thread; no tdmrep.json unless a test gives one.
    pageUsage: vi.fn(
      async ({ pageUrl, headers, meta }: Parameters<ProtocolClient['pageUsage']>[0]): Promise<PageUsageReply> =>
        readPageUsage(tdmrepAbsent(pageUrl), headers, meta),
    ),
  } satisfies ProtocolClient;
  return client;
}

export function createFakePlatform(
  options: {
    hasTabParam?: boolean;
    findTarget?: PopupPlatform['findTarget'];
    quickTarget?: PopupPlatform['quickTarget'];
  } = {},
) {
  return {
    hasTabParam: options.hasTabParam ?? false,
    ...(options.quickTarget ? { quickTarget: options.quickTarget } : {}),
    findTarget: vi.fn(
      options.findTarget ??
        (async () => ({
          tabId: TAB_ID,
          target: { kind: 'tab' as const, tabId: TAB_ID },
          pageUrl: `${ORIGIN}/private/page.html`,
        })),
    ),
    writeClipboard: vi.fn(async (_text: string) => {}),
    popOut: vi.fn(async (_tabId: number) => {}),
  } satisfies PopupPlatform;
}

/** The history and watch messages, answering "nothing kept, nothing watched"; tests replace what they need. */
export function createFakeHistoryClient() {
  let watched: WatchedSite[] = [];
  return {
    historyChangedSince: vi.fn(
      async (_: { origin: string; pageUrl: string; crawler: string }) => null as ChangedSinceReply | null,
    ),
    historyList: vi.fn(async ({ origin }: { origin: string }) => ({
      origin,
      versions: [] as VersionMeta[],
      watched: false,
    })),
    historyVersion: vi.fn(
      async (_: { origin: string; seq: number }) => null as { meta: VersionMeta; body: string } | null,
    ),
    historyUsage: vi.fn(async () => ({
      origins: 0,
      versions: 0,
      bytes: 0,
      maxVersions: 30,
      maxBytes: 50 * 1024 * 1024,
    })),
    clearHistory: vi.fn(async (_: { origin?: string }) => ({ cleared: 0 })),
    setWatched: vi.fn(async ({ origin, watched: on }: { origin: string; watched: boolean }) => {
      watched = watched.filter((s) => s.origin !== origin);
      if (on) watched.push({ origin, since: 0, lastCheckAt: null, lastResult: null, lastStatus: null });
      return watched;
    }),
    listWatched: vi.fn(async () => watched),
    checkWatched: vi.fn(async () => watched),
  };
}
