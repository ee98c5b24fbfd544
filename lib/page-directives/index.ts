/**
 * Page directives (docs/semantics/page-directives.md): whether a page can be indexed, per crawler, from its
 * status, X-Robots-Tag headers, robots meta tags and canonical, beside the robots.txt verdict.
 * Framework-free: the worker and the popup call it with plain data.
 *
 * - parse.ts: one directive string or header line → rules (prefixes, dates with commas).
 * - date.ts: `unavailable_after` dates (RFC 822, RFC 850, ISO 8601).
 * - canonical.ts: canonical elements and `Link` headers, resolved, compared and flagged.
 * - verdict.ts: which sources a crawler reads, combining them, one verdict per crawler.
 * - links.ts: `rel` hints of links (nofollow, ugc, sponsored).
 */
export * from './canonical';
export { parseUnavailableAfterDate } from './date';
export * from './links';
export * from './parse';
export * from './verdict';
