/**
 * Demo origins for "Page resources a crawler cannot fetch": a site whose Googlebot group
 * blocks its own /js/, a CDN blocking /static/, an origin whose robots.txt answers 503, one that
 * answers 404, and 50 small origins for a page of 500 resources. Pages on `res-site` load from all
 * of them; one page loads the CDN through `localhost` (another host, so another site).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, type SiteSpec, sendPage } from './spec';

/** How many origins the 500-resource page loads from, and how many resources from each. */
export const RES_MANY_ORIGINS = 50;
export const RES_MANY_PER_ORIGIN = 10;

/** The name of the i-th of the many origins. */
export function manyOriginName(i: number): string {
  return `res-many-${String(i).padStart(2, '0')}`;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
  gif: 'image/gif',
  png: 'image/gif',
  json: 'application/json',
  woff2: 'font/woff2',
};

/** Serves any asset path by its extension (an empty script, stylesheet, font, JSON; a 1×1 GIF), with CORS open. */
function serveAsset(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const ext = path.slice(path.lastIndexOf('.') + 1);
  const type = TYPES[ext];
  if (type === undefined) return false;
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
  res.end(ext === 'gif' || ext === 'png' ? GIF : ext === 'json' ? '{}' : ext === 'js' ? '// demo\n' : '');
  return true;
}

const assetSite = (title: string, summary: string, robots: SiteSpec['robots']): SiteSpec => ({
  title,
  summary,
  pages: [],
  robots,
  route: (req, res) => serveAsset(req, res),
});

export const RESOURCE_SITES = {
  'res-site': {
    title: 'Page resources: a site that blocks its own /js/ for Googlebot',
    summary:
      'A page whose scripts, stylesheets, fonts and images come from its own origin, a CDN blocking /static/, an origin whose robots.txt answers 503 and one answering 404.',
    pages: [
      { path: '/page.html', note: 'resources from four origins; a fetch() after load' },
      { path: '/many.html', note: '500 resources from 50 origins' },
      { path: '/other-host.html', note: 'the CDN loaded through localhost: another site' },
    ],
    robots: () => ({
      kind: 'text',
      body: '# Demo: Googlebot may not fetch the scripts.\nUser-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /js/\n',
    }),
    route(req, res, ctx) {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/page.html') {
        const cdn = ctx.originOf('res-cdn');
        const down = ctx.originOf('res-down');
        const gone = ctx.originOf('res-gone');
        const head =
          `<link rel="stylesheet" href="/css/site.css"><link rel="stylesheet" href="${cdn}/static/theme.css">` +
          `<link rel="preload" as="font" type="font/woff2" crossorigin href="${down}/fonts/inter.woff2">` +
          `<script src="/js/app.js"></script><script src="${cdn}/static/lib.js"></script>`;
        const body =
          '<h1>Page resources</h1>' +
          `<img src="${cdn}/img/logo.png" alt="logo"><img src="${gone}/pixel.gif" alt="">` +
          '<img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" alt="inline">' +
          `<script>addEventListener('load', () => setTimeout(() => fetch(${JSON.stringify(`${cdn}/static/after-load.json`)}).then(() => document.body.dataset.fetched = 'yes'), 100));</script>`;
        sendPage(res, 'Page resources demo', body, { head });
        return true;
      }
      if (path === '/other-host.html') {
        const cdn = ctx.originOf('res-cdn').replace('127.0.0.1', 'localhost');
        sendPage(
          res,
          'Page resources on another host',
          `<h1>Another host</h1><script src="${escapeHtml(cdn)}/static/other.js"></script><script src="/js/own.js"></script>`,
        );
        return true;
      }
      if (path === '/many.html') {
        const imgs: string[] = [];
        for (let i = 0; i < RES_MANY_ORIGINS; i++) {
          const origin = ctx.originOf(manyOriginName(i));
          for (let j = 0; j < RES_MANY_PER_ORIGIN; j++) {
            // Every other resource sits under /blocked/, which each of these origins disallows.
            const folder = j % 2 === 0 ? 'blocked' : 'open';
            imgs.push(`<img src="${origin}/${folder}/r${j}.gif" alt="" width="1" height="1">`);
          }
        }
        sendPage(res, '500 resources', `<h1>500 resources from ${RES_MANY_ORIGINS} origins</h1>${imgs.join('')}`);
        return true;
      }
      return serveAsset(req, res);
    },
  },
  'res-cdn': assetSite(
    'Page resources: a CDN blocking /static/',
    'Serves assets; its robots.txt blocks /static/.',
    () => ({
      kind: 'text',
      body: '# Demo CDN\nUser-agent: *\nDisallow: /static/\n',
    }),
  ),
  'res-down': assetSite(
    'Page resources: robots.txt answers 503',
    'Serves a font; its robots.txt answers 503, so crawlers treat everything as disallowed.',
    () => ({ kind: 'status', status: 503 }),
  ),
  'res-gone': assetSite(
    'Page resources: robots.txt answers 404',
    'Serves an image; it has no robots.txt, so everything is allowed.',
    () => ({ kind: 'status', status: 404 }),
  ),
  ...Object.fromEntries(
    Array.from({ length: RES_MANY_ORIGINS }, (_, i) => [
      manyOriginName(i),
      assetSite(`Page resources: asset origin ${i}`, 'One of 50 origins of the 500-resource page.', () => ({
        kind: 'text',
        body: 'User-agent: *\nDisallow: /blocked/\n',
      })),
    ]),
  ),
} satisfies Record<string, SiteSpec>;
