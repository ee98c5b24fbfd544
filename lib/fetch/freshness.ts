/**
 * How long a fetched robots.txt may be used: at most 24 hours (RFC 9309 §2.4), less when the
 * response's Cache-Control says so (Google: "may increase or decrease … based on max-age").
 */
import { MAX_CACHE_AGE_MS, SECOND, UNREACHABLE_CACHE_AGE_MS } from './constants';
import type { FetchOutcome } from './types';

/** What a Cache-Control header says about reuse. */
export type CacheDirective =
  | { readonly kind: 'none' }
  /** `no-store` or `no-cache`: usable for the inspection that fetched it, then expired. */
  | { readonly kind: 'no-reuse'; readonly directive: 'no-store' | 'no-cache' }
  | { readonly kind: 'max-age'; readonly seconds: number };

/**
 * Returns what `cacheControl` says about reuse: `no-store`/`no-cache` win over `max-age`; an
 * invalid or absent max-age gives `none`. Directive names are case-insensitive.
 */
export function parseCacheControl(cacheControl: string | null): CacheDirective {
  if (cacheControl === null) return { kind: 'none' };
  let maxAge: number | null = null;
  for (const part of cacheControl.split(',')) {
    const [rawName = '', rawValue] = part.split('=', 2);
    const name = rawName.trim().toLowerCase();
    if (name === 'no-store' || name === 'no-cache') return { kind: 'no-reuse', directive: name };
    if (name === 'max-age' && rawValue !== undefined) {
      const value = rawValue.trim().replace(/^"(.*)"$/, '$1');
      if (/^\d+$/.test(value) && maxAge === null) maxAge = Number(value);
    }
  }
  return maxAge === null ? { kind: 'none' } : { kind: 'max-age', seconds: maxAge };
}

/**
 * Returns the epoch ms after which a record fetched at `fetchedAt` must not be served from the
 * cache: `fetchedAt` + 24 hours (MAX_CACHE_AGE_MS), or + 5 minutes for an unreachable outcome
 * (UNREACHABLE_CACHE_AGE_MS), shortened by `max-age`; `no-store`/`no-cache`/`max-age=0` give
 * `fetchedAt` itself (the record answers the inspection that fetched it, and is then stale).
 */
export function computeExpiresAt(outcome: FetchOutcome, cacheControl: string | null, fetchedAt: number): number {
  const cap = outcome.kind === 'unreachable' ? UNREACHABLE_CACHE_AGE_MS : MAX_CACHE_AGE_MS;
  const directive = parseCacheControl(cacheControl);
  switch (directive.kind) {
    case 'none':
      return fetchedAt + cap;
    case 'no-reuse':
      return fetchedAt;
    case 'max-age':
      return fetchedAt + Math.min(cap, directive.seconds * SECOND);
  }
}
