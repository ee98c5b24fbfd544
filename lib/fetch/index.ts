/**
 * The fetch policy's public surface: where a page's robots.txt lives, how it is fetched and
 * classified, how long it may be cached and what the user is told. Spec: SEMANTICS §7.
 */

export {
  bodyBytes,
  bodyText,
  describeBody,
  detectWideEncoding,
  isHtmlBody,
  isHtmlContentType,
  type LimitedBytes,
  parseContentLength,
  readLimitedBytes,
} from './body';
export * from './constants';
export {
  describeOutcome,
  describeRecord,
  GOOGLE_CACHE_NOTE,
  GOOGLE_UNREACHABLE_NOTE,
  OUTCOME_PHRASES,
  type OutcomeDescription,
} from './describe';
export { type CacheDirective, computeExpiresAt, parseCacheControl } from './freshness';
export { locateRobotsTxt } from './location';
export { FetchCancelledError, type FetchPolicyDeps, fetchRobotsTxt } from './policy';
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
