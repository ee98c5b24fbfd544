/**
 * The workbench's demo origin: a robots.txt whose Sitemap line points at a sitemap index listing a
 * plain sitemap, a gzipped one and a missing one, several thousand URLs generated deterministically.
 */
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { createSyntheticRobots } from '../../bench/support/inputs';
import type { SiteSpec } from './spec';

/** The benchmark's synthetic 500 KiB file (160 groups naming many crawlers), made once on first use. */
let largeRobots: string | null = null;
function getLargeRobots(): string {
  largeRobots ??= createSyntheticRobots(7).body;
  return largeRobots;
}

/** URLs in the plain sitemap: articles, some of them under /private/. */
export const WB_ARTICLE_COUNT = 3000;
/** URLs in the gzipped sitemap: products. */
export const WB_PRODUCT_COUNT = 2500;
/** Every this-many article lives under /private/ (blocked for everyone by the live file). */
export const WB_PRIVATE_EVERY = 10;

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Returns the path of article `i`: `/private/article-<i>` for every tenth, else `/articles/<i>`. */
export function workbenchArticlePath(i: number): string {
  return i % WB_PRIVATE_EVERY === 0 ? `/private/article-${i}` : `/articles/${i}`;
}

function urlset(origin: string, paths: readonly string[]): string {
  const body = paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

function send(res: ServerResponse, type: string, body: string | Buffer): true {
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
  return true;
}

export const WORKBENCH_SITES = {
  'wb-sitemaps': {
    title: 'Workbench: a sitemap index with a plain and a gzipped sitemap',
    summary: `robots.txt blocks /private/ for everyone and /products/ for GPTBot; its sitemap index lists ${WB_ARTICLE_COUNT.toLocaleString('en-US')} articles (plain XML), ${WB_PRODUCT_COUNT.toLocaleString('en-US')} products (gzipped) and a sitemap that is missing.`,
    pages: [
      { path: '/articles/1', note: 'an article: open the popup, then "Test a change"' },
      { path: '/sitemap-index.xml', note: 'the sitemap index' },
    ],
    robots: ({ origin }) => ({
      kind: 'text',
      body:
        '# Demo: the audit workbench.\n' +
        'User-agent: *\n' +
        'Disallow: /private/\n' +
        '\n' +
        'User-agent: GPTBot\n' +
        'Disallow: /products/\n' +
        '\n' +
        `Sitemap: ${origin}/sitemap-index.xml\n`,
    }),
    route: (req, res, { origin }) => {
      const path = new URL(req.url ?? '/', origin).pathname;
      if (path === '/sitemap-index.xml') {
        const children = ['/sitemaps/articles.xml', '/sitemaps/products.xml.gz', '/sitemaps/missing.xml'];
        const body = children.map((c) => `  <sitemap><loc>${origin}${c}</loc></sitemap>`).join('\n');
        return send(
          res,
          'application/xml',
          `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`,
        );
      }
      if (path === '/sitemaps/articles.xml') {
        const paths = Array.from({ length: WB_ARTICLE_COUNT }, (_, i) => workbenchArticlePath(i + 1));
        return send(res, 'application/xml', urlset(origin, paths));
      }
      if (path === '/sitemaps/products.xml.gz') {
        const paths = Array.from({ length: WB_PRODUCT_COUNT }, (_, i) => `/products/item-${i + 1}`);
        return send(res, 'application/gzip', gzipSync(urlset(origin, paths)));
      }
      if (path.startsWith('/sitemaps/')) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
        return true;
      }
      return false;
    },
  },
  'wb-large': {
    title: 'Workbench: a 500 KiB robots.txt with 160 groups',
    summary: 'The speed case: paste 50,000 URLs and every crawler is evaluated against live and draft.',
    pages: [{ path: '/', note: 'open the popup, then "Test a change"' }],
    robots: () => ({ kind: 'text', body: getLargeRobots() }),
  },
} satisfies Record<string, SiteSpec>;
