/**
 * The worker's one URL judge: many URLs for one crawler across origins, each origin's robots.txt
 * looked up once through the worker's one origin lookup (the cache and the fetch policy, at most 6
 * fetches at a time across every caller: link marking, a page's own URLs and page resources), at
 * most `maxOrigins` origins besides the page's own (the rest "skipped", said so). Answers
 * `judgeUrls` (one UrlVerdict per URL, in input order) and `originRecords` (the records themselves,
 * for the popup, which judges page resources locally).
 */
import type { CacheLookup, CacheTier, RobotsCache } from '../../../lib/cache';
import { locateRobotsTxt } from '../../../lib/fetch/location';
import {
  createOriginScheduler,
  DEFAULT_ORIGIN_CONCURRENCY,
  type OriginScheduler,
} from '../../../lib/resources/scheduler';
import {
  type JudgeUrlsRequest,
  MAX_JUDGED_URL_CHARS,
  MAX_JUDGED_URLS,
  type JudgeUrlsResponse,
  type OriginOutcome,
  originOutcome,
  toUrlVerdict,
  type UrlVerdict,
} from '../../../lib/verdict/url-judge';
import type { PageJudge } from '../robots/judge';
import { errorWords } from '../../../lib/shared/error-words';

export const DEFAULT_MAX_ORIGINS = 10;
export const MAX_MAX_ORIGINS = 50;
/** The most URLs one `judgeUrls` request may carry. */
export const MAX_URLS = MAX_JUDGED_URLS;
/** A URL longer than this is answered `skipped` (counted, never a reason to refuse the request). */
export const MAX_URL_CHARS = MAX_JUDGED_URL_CHARS;
/** Longest string a request may carry at all (memory bound). */
export const MAX_REQUEST_URL_CHARS = 65_536;
/** The most origins one `originRecords` request may name: the cache keeps 200 by default. */
export const MAX_RECORD_ORIGINS = 100;

export interface UrlJudgeDeps {
  /** The worker's one origin lookup (createOriginLookups). */
  readonly lookups: OriginScheduler<CacheLookup>;
  readonly judge: PageJudge;
  readonly now: () => number;
}

export interface UrlJudge {
  /** Returns one answer per URL of the request, in its order. */
  judgeUrls(request: JudgeUrlsRequest): Promise<JudgeUrlsResponse>;
  /** Returns each origin's robots.txt record as looked up, in the order asked. */
  originRecords(origins: readonly string[]): Promise<{ origins: OriginOutcome[] }>;
}

/**
 * Returns the worker's one lookup of origins' robots.txt through `cache` (as `tier`: the worker's
 * is `other`, hosts a page used, with their own cache budget and no history), at most `concurrency`
 * (default 6) at a time across every caller: page resources, link marking and a page's own
 * indexability all wait for the same slots.
 */
export function createOriginLookups(
  cache: RobotsCache,
  tier: CacheTier = 'site',
  concurrency: number = DEFAULT_ORIGIN_CONCURRENCY,
): OriginScheduler<CacheLookup> {
  return createOriginScheduler<CacheLookup>(async (origin) => {
    const location = locateRobotsTxt(`${origin}/`);
    if (location.kind !== 'governed') throw new Error(`${origin} has no robots.txt location`);
    return cache.lookup(location, { tier });
  }, concurrency);
}

/** Returns the judge of URL lists; the worker makes one, so its fetch limit holds across every caller. */
export function createUrlJudge(deps: UrlJudgeDeps): UrlJudge {
  return {
    async judgeUrls(request) {
      const maxOrigins = Math.min(request.maxOrigins ?? DEFAULT_MAX_ORIGINS, MAX_MAX_ORIGINS);
      const own = request.pageUrl === undefined ? null : locateRobotsTxt(request.pageUrl);
      const ownOrigin = own?.kind === 'governed' ? own.origin : null;
      const results: (UrlVerdict | null)[] = request.urls.map(() => null);
      /** Indexes of the URLs of each origin, in first-seen order. */
      const byOrigin = new Map<string, number[]>();
      request.urls.forEach((url, i) => {
        if (url.length > MAX_URL_CHARS) {
          results[i] = {
            kind: 'skipped',
            url,
            explanation: `not checked: longer than ${MAX_URL_CHARS.toLocaleString('en-US')} characters`,
          };
          return;
        }
        const location = locateRobotsTxt(url);
        if (location.kind !== 'governed') {
          results[i] = { kind: 'not-applicable', url, explanation: location.explanation };
          return;
        }
        const list = byOrigin.get(location.origin);
        if (list) list.push(i);
        else byOrigin.set(location.origin, [i]);
      });
      const chosen: string[] = [];
      let others = 0;
      let skippedOrigins = 0;
      for (const [origin, indexes] of byOrigin) {
        if (origin === ownOrigin || others < maxOrigins) {
          chosen.push(origin);
          if (origin !== ownOrigin) others++;
          continue;
        }
        skippedOrigins++;
        for (const i of indexes) {
          results[i] = {
            kind: 'skipped',
            url: request.urls[i] as string,
            explanation: `not checked: at most ${maxOrigins} other sites' robots.txt files are fetched for one page`,
          };
        }
      }
      // The lookup limits concurrency itself: every origin is scheduled at once and waits its turn.
      await Promise.all(
        chosen.map(async (origin) => {
          const indexes = byOrigin.get(origin) ?? [];
          let lookup: CacheLookup;
          try {
            lookup = await deps.lookups.schedule(origin);
          } catch (error) {
            const explanation = `robots.txt of ${origin} could not be read: ${errorWords(error)}`;
            for (const i of indexes) results[i] = { kind: 'failed', url: request.urls[i] as string, explanation };
            return;
          }
          const outcome = originOutcome(origin, lookup);
          const reading = { ...outcome, ageMs: Math.max(0, deps.now() - lookup.record.fetchedAt) };
          for (const i of indexes) {
            const url = request.urls[i] as string;
            results[i] = toUrlVerdict(deps.judge.judgeRecord(reading, url, request.crawler), url, origin);
          }
        }),
      );
      return { results: results as UrlVerdict[], origins: chosen.length, skippedOrigins, maxOrigins };
    },

    async originRecords(origins) {
      const found = await Promise.all(
        origins.map(async (origin) => originOutcome(origin, await deps.lookups.schedule(origin))),
      );
      return { origins: found };
    },
  };
}
