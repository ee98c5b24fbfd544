/**
 * Audit findings that need no draft: sitemap URLs the live file blocks for a search crawler, and
 * Sitemap lines that are relative, on another host, unreachable or not sitemaps (sitemaps.org
 * "Informing search engine crawlers"; RFC 9309 §2.2.4 other records).
 */

import type { CrawlerPreset, Sitemap } from '../robots';
import type { SitemapOutcome } from '../sitemaps';
import type { SideColumns } from './results';
import { parseUrl } from './url-list';

/** One finding, in words, with the URLs or lines it is about. */
export interface Finding {
  readonly code:
    'sitemap-url-blocked' | 'sitemap-relative' | 'sitemap-other-host' | 'sitemap-malformed' | 'sitemap-failed';
  readonly message: string;
  /** Up to 20 examples (URLs, or Sitemap lines as written). */
  readonly examples: readonly string[];
}

const MAX_EXAMPLES = 20;
const COUNT = new Intl.NumberFormat('en-US');

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
  for (const outcome of outcomes) {
    if (outcome.depth === 0 && outcome.status === 'failed') {
      out.push({ code: 'sitemap-failed', message: `${outcome.url}: ${outcome.message}`, examples: [] });
    }
  }
  return out;
}

/**
 * Returns one finding per search crawler for which the live file blocks URLs that the sitemaps
 * list ("you list in your sitemap a URL you forbid"). `fromSitemap[u]` is 1 for sitemap URLs.
 */
export function findBlockedSitemapUrls(
  urls: readonly string[],
  fromSitemap: Uint8Array,
  crawlers: readonly CrawlerPreset[],
  live: SideColumns,
): Finding[] {
  const out: Finding[] = [];
  crawlers.forEach((crawler, c) => {
    if (crawler.purpose !== 'search') return;
    let count = 0;
    const examples: string[] = [];
    for (let u = 0; u < urls.length; u++) {
      if (fromSitemap[u] !== 1 || live.allowed[u * crawlers.length + c] === 1) continue;
      count++;
      if (examples.length < MAX_EXAMPLES) examples.push(urls[u] as string);
    }
    if (count > 0) {
      out.push({
        code: 'sitemap-url-blocked',
        message: `You list in your sitemaps ${COUNT.format(count)} ${count === 1 ? 'URL' : 'URLs'} that robots.txt forbids ${crawler.name} to crawl.`,
        examples,
      });
    }
  });
  return out;
}
