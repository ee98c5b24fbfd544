/**
 * The robots.txt engine's public API (docs/semantics/robots.md §1–§6, lib/crawlers/records.ts): parse a body into plain,
 * JSON-safe data; compile it once into a handle; evaluate URLs against the handle, as a user-agent
 * token or as a crawler preset; lint the body; the crawler presets.
 *
 *     const compiled = compileRobots(parseRobotsTxt(text));
 *     const { verdict } = evaluateForCrawler(compiled, url, 'Googlebot');
 */

export { parseRobotsTxt, parseRobotsTxtByteString, parseRobotsTxtBytes } from './parse';
export { ruleText } from './rule-text';
export { type CompiledRobots, type CompileOptions, compileRobots } from './select';
export { evaluate, isAllowed } from './evaluate';
export { type CrawlerVerdict, type CrawlerVia, evaluateForCrawler, isAllowedForCrawler } from './crawler-verdict';
export { type TokenValidation, validateUserAgentToken } from './token';
export { lintRobotsTxt } from './lint';
export {
  CRAWLERS,
  CRAWLERS_AS_OF,
  CRAWLERS_VERSION,
  DEPRECATED_TOKENS,
  type CrawlDelaySupport,
  type CrawlDelaySupportKind,
  type CrawlerPreset,
  type CrawlerPurpose,
  findCrawler,
  type GroupMatchMode,
} from './crawlers';
export { encodePathLikeBrowser } from './encode-path';
export type * from './types';
