/**
 * The robots.txt engine's public API: parse, evaluate, lint, crawler presets (SEMANTICS.md §1–§6,
 * CRAWLERS.md). Everything it returns is plain, JSON-safe data.
 */

export type * from './types';
export {
  parseRobotsTxt,
  parseRobotsTxtBytes,
  normalizePattern,
  extractAgentToken,
  isGlobalAgentValue,
  classifySitemapUrl,
  parseCrawlDelaySeconds,
} from './parse';
export { MAX_LINE_BYTES, type KeyKind, type LineKind } from './scan';
export { evaluate, isAllowed, chooseGroups, hasGroupNaming, type GroupChoice } from './evaluate';
export { extractMatchPath, matchesPattern, getIndexHtmlRetryPattern } from './match';
export { encodePathLikeBrowser } from './encode-path';
export { lintRobotsTxt, classifyLines, type LineClass } from './lint';
export {
  CRAWLERS,
  CRAWLERS_VERSION,
  DEPRECATED_TOKENS,
  findCrawler,
  type CrawlerPreset,
  type CrawlerPurpose,
  type CrawlDelaySupport,
  type CrawlDelaySupportKind,
  type GroupMatchMode,
} from './crawlers';
export {
  evaluateForCrawler,
  validateUserAgentToken,
  type CrawlerVerdict,
  type CrawlerVia,
  type TokenValidation,
} from './crawler-verdict';
