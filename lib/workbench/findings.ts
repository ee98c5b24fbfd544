/**
 * Audit findings that need no draft: sitemap URLs the live file blocks for a search crawler, and
 * Sitemap lines that are relative, on another host, unreachable or not sitemaps (sitemaps.org
 * "Informing search engine crawlers"; RFC 9309 §2.2.4 other records).
 */

import type { CrawlerPreset, Sitemap } from '../robots';
import type { SitemapOutcome } from '../sitemaps';
import { nameCrawlerSet } from './crawler-sets';
import { groupCrawlersByOutcome } from '../shared/crawler-grouping';
import type { SideColumns } from './results';
import { parseUrl } from './url-list';
import { countOf } from '../shared/plural';

/** One finding, in words, with the URLs or lines it is about. */
export interface Finding {
  readonly code:
    'sitemap-url-blocked' | 'sitemap-relative' | 'sitemap-other-host' | 'sitemap-malformed' | 'sitemap-failed';
  readonly message: string;
  /** Up to 20 examples (URLs, or Sitemap lines as written). */
  readonly examples: readonly string[];
  /** The crawler tokens the finding is about (empty when it is about no crawler in particular). */
  readonly crawlers?: readonly string[];
}

/** Failed sitemaps that failed the same way: one message, every URL it applies to. */
export interface SitemapFailure {
  readonly message: string;
  readonly urls: readonly string[];
}

/**
 * Returns the failed outcomes of `outcomes` grouped by message (each URL once, in load order), so a
 * failure repeated over many files is told once. `maxDepth` keeps only files down to that index depth.
 */
export function groupSitemapFailures(outcomes: readonly SitemapOutcome[], maxDepth = Infinity): SitemapFailure[] {
  const byMessage = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const outcome of outcomes) {
    if (outcome.status !== 'failed' || outcome.depth > maxDepth || seen.has(outcome.url)) continue;
    seen.add(outcome.url);
    byMessage.set(outcome.message, [...(byMessage.get(outcome.message) ?? []), outcome.url]);
  }
  return [...byMessage].map(([message, urls]) => ({ message, urls }));
}

const MAX_EXAMPLES = 20;

/** Returns findings on the Sitemap lines of the live file (`origin` is the site's origin). */
export function checkSitemapLines(
  sitemaps: readonly Sitemap[],
  origin: string,
  outcomes: readonly SitemapOutcome[],
): Finding[] {
  const out: Finding[] = [];
  for (const sitemap of sitemaps) {
    const where = `Line ${sitemap.line}: Sitemap: ${sitemap.url}`;
    if (sitemap.validity === 'relative') {
      out.push({
        code: 'sitemap-relative',
        message: `${where} is relative; the protocol wants an absolute URL, and crawlers may ignore it.`,
        examples: [],
      });
    } else if (sitemap.validity === 'malformed') {
      out.push({ code: 'sitemap-malformed', message: `${where} is not a URL.`, examples: [] });
    } else if (parseUrl(sitemap.url)?.origin !== origin) {
      out.push({
        code: 'sitemap-other-host',
        message: `${where} is on another host: the protocol accepts this cross-host listing, but check that it lists this site's URLs and that you meant it.`,
        examples: [],
      });
    }
  }
  for (const failure of groupSitemapFailures(outcomes, 0)) {
    const [only] = failure.urls;
    out.push(
      failure.urls.length === 1 && only !== undefined
        ? { code: 'sitemap-failed', message: `${only}: ${failure.message}`, examples: [] }
        : {
            code: 'sitemap-failed',
            message: `${countOf(failure.urls.length, 'sitemap')} robots.txt lists could not be read: ${failure.message}`,
            examples: failure.urls.slice(0, MAX_EXAMPLES),
          },
    );
  }
  return out;
}

/**
 * Returns one finding per group of search crawlers for which the live file blocks the same URLs
 * that the sitemaps list ("you list in your sitemap a URL you forbid"), the group named in words
 * (nameCrawlerSet). `fromSitemap[u]` is 1 for sitemap URLs.
 */
export function findBlockedSitemapUrls(
  urls: readonly string[],
  fromSitemap: Uint8Array,
  crawlers: readonly CrawlerPreset[],
  live: SideColumns,
): Finding[] {
  const count = crawlers.length;
  const search = crawlers.flatMap((c, i) => (c.purpose === 'search' ? [i] : []));
  const isBlocked = (c: number, u: number) => (fromSitemap[u] === 1 && live.allowed[u * count + c] === 0 ? 1 : 0);
  const out: Finding[] = [];
  for (const group of groupCrawlersByOutcome(search, urls.length, isBlocked)) {
    const first = group[0] as number;
    const examples: string[] = [];
    let blocked = 0;
    for (let u = 0; u < urls.length; u++) {
      if (isBlocked(first, u) === 0) continue;
      blocked++;
      if (examples.length < MAX_EXAMPLES) examples.push(urls[u] as string);
    }
    if (blocked === 0) continue;
    const members = group.map((c) => crawlers[c] as CrawlerPreset);
    out.push({
      code: 'sitemap-url-blocked',
      message: `You list in your sitemaps ${countOf(blocked, 'URL')} that robots.txt forbids ${nameCrawlerSet(members).short} to crawl.`,
      examples,
      crawlers: members.map((c) => c.token),
    });
  }
  return out;
}
