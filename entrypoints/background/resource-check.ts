/**
 * Judging many URLs for a crawler across origins: each origin's robots.txt through the worker's
 * one cache and fetch policy (so the same outcomes as the page's own file, fetched at most once per
 * origin per cache lifetime), at most DEFAULT_ORIGIN_CONCURRENCY fetches at a time across every
 * caller, then each URL's verdict (lib/resources/url-verdicts). The `judgeResources` message's service.
 */
import type { CacheLookup, RobotsCache } from '../../lib/cache';
import { locateRobotsTxt } from '../../lib/fetch/location';
import { createOriginScheduler, DEFAULT_ORIGIN_CONCURRENCY, type OriginScheduler } from '../../lib/resources/scheduler';
import { judgeUrlsWithRecords, originsOf, type UrlVerdicts } from '../../lib/resources/url-verdicts';

/**
 * Returns the worker's one lookup of origins' robots.txt through `cache`, at most `concurrency`
 * (default 6) at a time across every caller: page resources, link marking and a page's own
 * indexability all wait for the same slots.
 */
export function createOriginLookups(
  cache: RobotsCache,
  concurrency: number = DEFAULT_ORIGIN_CONCURRENCY,
): OriginScheduler<CacheLookup> {
  return createOriginScheduler<CacheLookup>(async (origin) => {
    const location = locateRobotsTxt(`${origin}/`);
    if (location.kind !== 'governed') throw new Error(`${origin} has no robots.txt location`);
    return cache.lookup(location);
  }, concurrency);
}

export interface UrlJudgeDeps {
  /** The worker's one origin lookup (createOriginLookups). */
  readonly lookups: OriginScheduler<CacheLookup>;
}

export interface UrlJudge {
  /** Returns each URL's verdict for `crawler` and each of their origins' outcome. */
  judgeUrls(urls: readonly string[], crawler: string): Promise<UrlVerdicts>;
}

/** Returns the service; the worker makes one, so its fetch limit holds across every popup. */
export function createUrlJudge(deps: UrlJudgeDeps): UrlJudge {
  const scheduler = deps.lookups;
  return {
    async judgeUrls(urls, crawler) {
      const origins = originsOf(urls);
      const lookups = await Promise.all(
        origins.map(async (origin) => [origin, await scheduler.schedule(origin)] as const),
      );
      return judgeUrlsWithRecords(urls, new Map(lookups), crawler);
    },
  };
}

/** The most URLs one `judgeResources` request may carry (a tab keeps at most 2,000 resources). */
export const MAX_JUDGE_URLS = 5000;
/** The most origins one `judgeResources` request may span: the cache keeps 200 by default. */
export const MAX_JUDGE_ORIGINS = 100;

/** Returns the checked `judgeUrls` payload, or throws `invalid` with the reason. */
export function parseJudgeUrlsRequest(
  payload: unknown,
  invalid: (message: string) => Error,
): { urls: string[]; crawler: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw invalid('judgeResources needs { urls, crawler }.');
  const { urls, crawler, ...rest } = payload as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid(`judgeResources: unknown field "${extra}".`);
  if (!Array.isArray(urls) || !urls.every((u): u is string => typeof u === 'string'))
    throw invalid('judgeResources: urls must be a list of strings.');
  if (urls.length > MAX_JUDGE_URLS) throw invalid(`judgeResources: at most ${MAX_JUDGE_URLS} URLs at once.`);
  if (originsOf(urls).length > MAX_JUDGE_ORIGINS)
    throw invalid(`judgeResources: at most ${MAX_JUDGE_ORIGINS} origins at once.`);
  if (typeof crawler !== 'string' || crawler.trim() === '') throw invalid('judgeResources: crawler must be a token.');
  return { urls, crawler: crawler.trim() };
}

/** Returns the checked `getResources` payload's tab id, or throws `invalid` with the reason. */
export function parseGetResourcesRequest(payload: unknown, invalid: (message: string) => Error): number {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw invalid('getResources needs { tabId }.');
  const { tabId, ...rest } = payload as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid(`getResources: unknown field "${extra}".`);
  if (typeof tabId !== 'number' || !Number.isInteger(tabId) || tabId < 0)
    throw invalid('getResources: tabId must be a tab id (a whole number ≥ 0).');
  return tabId;
}
