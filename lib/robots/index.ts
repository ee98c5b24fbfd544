/**
 * The robots.txt engine's public API: parse, evaluate, lint, crawler presets (SEMANTICS.md §1–§6,
 * CRAWLERS.md). Everything it returns is plain, JSON-safe data.
 */

export {
  type CrawlerVerdict,
  type CrawlerVia,
  evaluateForCrawler,
  type TokenValidation,
  validateUserAgentToken,
} from './crawler-verdict';
export {
  CRAWLERS,
  CRAWLERS_VERSION,
  type CrawlDelaySupport,
  type CrawlDelaySupportKind,
  type CrawlerPreset,
  type CrawlerPurpose,
  DEPRECATED_TOKENS,
  findCrawler,
  type GroupMatchMode,
} from './crawlers';
export { encodePathLikeBrowser } from './encode-path';
export { chooseGroups, evaluate, type GroupChoice, hasGroupNaming, isAllowed } from './evaluate';
export { classifyLines, type LineClass, lintRobotsTxt } from './lint';
export { extractMatchPath, getIndexHtmlRetryPattern, matchesPattern } from './match';
export {
  classifySitemapUrl,
  extractAgentToken,
  isGlobalAgentValue,
  normalizePattern,
  parseCrawlDelaySeconds,
  parseRobotsTxt,
  parseRobotsTxtBytes,
} from './parse';
export { type KeyKind, type LineKind, MAX_LINE_BYTES } from './scan';
export type * from './types';
