/**
 * The origin's `/.well-known/tdmrep.json` (docs/semantics/usage.md §3.10): fetched at most once per origin
 * while fresh, through robots.txt's fetch policy (no cookies or credentials, the user's timeout, at
 * most 5 redirects) with a 64 KiB cap, and kept in a cache of its own (the extension's IndexedDB in the worker):
 * 2xx and 4xx answers for up to 24 hours (shorter when Cache-Control says so), 429/5xx/network
 * failures for 5 minutes only, so a server that was down is asked again soon.
 */
import { type CacheStore, createRobotsCache, type RobotsCache } from '../../../lib/cache';
import { fetchRobotsTxt } from '../../../lib/fetch/policy';
import type { RobotsTransport } from '../../../lib/fetch/transport';
import { httpOriginOf } from '../../../lib/shared/url';
import { classifyTdmrepRecord, MAX_TDMREP_BYTES, TDMREP_PATH, type TdmrepReply } from '../../../lib/usage/tdmrep-fetch';

/** Origins whose tdmrep.json is kept: a small budget beside robots.txt's. */
export const TDMREP_MAX_ENTRIES = 100;
/** Bytes of every kept tdmrep.json record together. */
export const TDMREP_MAX_BYTES = 1024 * 1024;

export interface TdmrepService {
  /** Returns the page's origin's tdmrep.json as TDMRep reads it, or null for a page that is not http(s). */
  forPage(pageUrl: string, options?: { readonly refresh?: boolean }): Promise<TdmrepReply | null>;
  /** The cache, for clearing and tests. */
  readonly cache: RobotsCache;
}

/** Returns the tdmrep.json service over `store` (the extension's IndexedDB in the worker, memory in tests). */
export function createTdmrepService(deps: {
  readonly store: CacheStore;
  readonly transport: RobotsTransport;
  readonly now: () => number;
  readonly timeoutMs: () => Promise<number>;
  /** Whether the file may be fetched (setting `fetchTdmrep`); off, nothing is fetched or read from the cache. */
  readonly enabled: () => Promise<boolean>;
}): TdmrepService {
  const cache = createRobotsCache({
    store: deps.store,
    now: deps.now,
    maxEntries: TDMREP_MAX_ENTRIES,
    maxBytes: TDMREP_MAX_BYTES,
    fetchRecord: async (target) =>
      fetchRobotsTxt(target, {
        transport: deps.transport,
        now: deps.now,
        timeoutMs: await deps.timeoutMs(),
        maxBytes: MAX_TDMREP_BYTES,
      }),
  });
  return {
    cache,
    async forPage(pageUrl, options = {}) {
      const origin = httpOriginOf(pageUrl);
      if (origin === null) return null;
      const url = `${origin}${TDMREP_PATH}`;
      if (!(await deps.enabled())) return { origin, url, fetch: { kind: 'off' }, fetchedAt: deps.now(), source: 'off' };
      const { record, source } = await cache.lookup(
        { origin, robotsUrl: url },
        options.refresh === true ? { refresh: true } : {},
      );
      return { origin, url, fetch: classifyTdmrepRecord(record), fetchedAt: record.fetchedAt, source };
    },
  };
}
