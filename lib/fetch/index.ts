/**
 * The fetch policy's public surface: where a page's robots.txt lives, how it is fetched and
 * classified, how long it may be cached and what the user is told. Spec: SEMANTICS §7.
 */
export * from './constants';
export { locateRobotsTxt } from './location';
export { decodeBody, isHtmlBody, readLimitedBytes, type LimitedBytes } from './body';
export { computeExpiresAt, parseCacheControl, type CacheDirective } from './freshness';
export { fetchRobotsTxt, type FetchPolicyDeps } from './policy';
export {
  createManualRedirectTransport,
  PLATFORM_REDIRECT_LIMIT,
  type FetchOnce,
  type HeaderReader,
  type RobotsTransport,
  type TransportRequest,
  type TransportResponse,
} from './transport';
export { describeOutcome, describeRecord, GOOGLE_CACHE_NOTE, GOOGLE_UNREACHABLE_NOTE, type OutcomeDescription } from './describe';
export type * from './types';
