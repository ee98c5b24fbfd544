/**
 * The fetch policy's public surface: where a page's robots.txt lives, how it is fetched and
 * classified, how long it may be cached and what the user is told. Spec: SEMANTICS §7.
 */

export { decodeBody, isHtmlBody, type LimitedBytes, readLimitedBytes } from './body';
export * from './constants';
export {
  describeOutcome,
  describeRecord,
  GOOGLE_CACHE_NOTE,
  GOOGLE_UNREACHABLE_NOTE,
  type OutcomeDescription,
} from './describe';
export { type CacheDirective, computeExpiresAt, parseCacheControl } from './freshness';
export { locateRobotsTxt } from './location';
export { type FetchPolicyDeps, fetchRobotsTxt } from './policy';
export {
  createManualRedirectTransport,
  type FetchOnce,
  type HeaderReader,
  PLATFORM_REDIRECT_LIMIT,
  type RobotsTransport,
  type TransportRequest,
  type TransportResponse,
} from './transport';
export type * from './types';
