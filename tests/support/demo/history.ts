/**
 * Demo origins for robots.txt history: a file that changes (and once answers 503) when told to,
 * one for a watched site, and a file with Cloudflare's managed block and Content-Signal lines.
 * The changing files keep their state per origin; `/history/serve?v=<n>` picks what robots.txt
 * answers next (a person clicks the links on the site's page, a test requests the URL).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoContext, RobotsResponse, SiteSpec } from './spec';

/** What robots.txt answers, by version number. */
export const HISTORY_VERSIONS: Readonly<Record<number, RobotsResponse>> = {
  1: { kind: 'text', body: '# Demo: version 1.\nUser-agent: *\nDisallow: /tmp/\n' },
  2: { kind: 'status', status: 503 },
  3: { kind: 'text', body: '# Demo: version 1.\nUser-agent: *\nDisallow: /tmp/\nDisallow: /private/\n' },
};

/** The version each origin serves now (state per origin, so two demos never share it). */
const served = new Map<string, number>();

function servedVersion(ctx: DemoContext): RobotsResponse {
  return HISTORY_VERSIONS[served.get(ctx.origin) ?? 1] ?? { kind: 'status', status: 500 };
}

/** Answers `/history/serve?v=<n>`: sets what robots.txt answers from now on. */
function routeServe(req: IncomingMessage, res: ServerResponse, ctx: DemoContext): boolean {
  const url = new URL(req.url ?? '/', ctx.origin);
  if (url.pathname !== '/history/serve') return false;
  const v = Number(url.searchParams.get('v'));
  if (!(v in HISTORY_VERSIONS)) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`no version ${String(url.searchParams.get('v'))}; try 1, 2 or 3\n`);
    return true;
  }
  served.set(ctx.origin, v);
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`robots.txt now answers version ${v}. Click Robotscope's "Fetch robots.txt again" to see the change.\n`);
  return true;
}

const VERSION_PAGES = [
  { path: '/history/serve?v=1', note: 'serve version 1 (blocks /tmp/)' },
  { path: '/history/serve?v=2', note: 'serve a 503' },
  { path: '/history/serve?v=3', note: 'serve version 3 (also blocks /private/)' },
];

/** Cloudflare's managed block, in the shape its documentation shows, before the site's own rules. */
export const CDN_ROBOTS =
  '# BEGIN Cloudflare Managed content\n' +
  '\n' +
  'User-agent: *\n' +
  'Content-Signal: search=yes, ai-train=no\n' +
  'Allow: /\n' +
  '\n' +
  'User-agent: GPTBot\n' +
  'Disallow: /\n' +
  '\n' +
  '# END Cloudflare Managed Content\n' +
  '\n' +
  'User-agent: *\n' +
  'Content-Usage: train-ai=n\n' +
  'Content-Signal: ai-input\n' +
  'Disallow: /private/\n';

export const HISTORY_SITES = {
  'history-changing': {
    title: 'A robots.txt that changes',
    summary: 'robots.txt answers version 1, a 503 or version 3, as you pick; the popup notices the change.',
    pages: [{ path: '/private/page.html', note: 'allowed by version 1, blocked by version 3' }, ...VERSION_PAGES],
    robots: servedVersion,
    route: routeServe,
  },
  'history-watched': {
    title: 'A watched site',
    summary: 'Watch it from the popup, change its robots.txt, and the next check notices.',
    pages: [{ path: '/', note: 'the home page the check judges' }, ...VERSION_PAGES],
    robots: servedVersion,
    route: routeServe,
  },
  'history-cdn': {
    title: "Cloudflare's managed robots.txt",
    summary:
      "A managed block (Cloudflare's markers) before the site's own rules, with Content-Signal and Content-Usage lines.",
    pages: [{ path: '/private/page.html', note: "blocked by the site's own * group, merged with the CDN's" }],
    robots: () => ({ kind: 'text', body: CDN_ROBOTS }),
  },
} satisfies Record<string, SiteSpec>;
