/**
 * Judging many URLs for a crawler across origins: each origin's robots.txt through the worker's
 * one cache and fetch policy (so the same outcomes as the page's own file, fetched at most once per
 * origin per cache lifetime), at most DEFAULT_ORIGIN_CONCURRENCY fetches at a time across every
 * caller, then each URL's verdict (lib/resources/url-verdicts). The `judgeUrls` message's service.
 */
import type { CacheLookup, RobotsCache } from '../../lib/cache';
import { locateRobotsTxt } from '../../lib/fetch/location';
import { createOriginScheduler, DEFAULT_ORIGIN_CONCURRENCY } from '../../lib/resources/scheduler';
import { judgeUrlsWithRecords, originsOf, type UrlVerdicts } from '../../lib/resources/url-verdicts';

export interface UrlJudgeDeps {
  readonly cache: RobotsCache;
  /** Default DEFAULT_ORIGIN_CONCURRENCY (6). */
  readonly concurrency?: number;
}

export interface UrlJudge {
  /** Returns each URL's verdict for `crawler` and each of their origins' outcome. */
  judgeUrls(urls: readonly string[], crawler: string): Promise<UrlVerdicts>;
}

/** Returns the service; the worker makes one, so its fetch limit holds across every popup. */
export function createUrlJudge(deps: UrlJudgeDeps): UrlJudge {
  const scheduler = createOriginScheduler<CacheLookup>(async (origin) => {
    const location = locateRobotsTxt(`${origin}/`);
    if (location.kind !== 'governed') throw new Error(`${origin} has no robots.txt location`);
    return deps.cache.lookup(location);
  }, deps.concurrency ?? DEFAULT_ORIGIN_CONCURRENCY);

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

/** The most URLs one `judgeUrls` request may carry (a tab keeps at most 2,000 resources). */
export const MAX_JUDGE_URLS = 5000;
/** The most origins one `judgeUrls` request may span: the cache keeps 200 by default. */
export const MAX_JUDGE_ORIGINS = 100;

/** Returns the checked `judgeUrls` payload, or throws `invalid` with the reason. */
export function parseJudgeUrlsRequest(
  payload: unknown,
  invalid: (message: string) => Error,
): { urls: string[]; crawler: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw invalid('judgeUrls needs { urls, crawler }.');
  const { urls, crawler, ...rest } = payload as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid(`judgeUrls: unknown field "${extra}".`);
  if (!Array.isArray(urls) || !urls.every((u): u is string => typeof u === 'string'))
    throw invalid('judgeUrls: urls must be a list of strings.');
  if (urls.length > MAX_JUDGE_URLS) throw invalid(`judgeUrls: at most ${MAX_JUDGE_URLS} URLs at once.`);
  if (originsOf(urls).length > MAX_JUDGE_ORIGINS)
    throw invalid(`judgeUrls: at most ${MAX_JUDGE_ORIGINS} origins at once.`);
  if (typeof crawler !== 'string' || crawler.trim() === '') throw invalid('judgeUrls: crawler must be a token.');
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
