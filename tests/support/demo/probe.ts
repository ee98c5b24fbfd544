/**
 * A demo origin for the probe: it answers by User-Agent, as an edge in front of a site does.
 * `/article` gives GPTBot 403, PerplexityBot a Cloudflare challenge, CCBot 402 with crawler-price
 * (pay-per-crawl), ClaudeBot a 301 to the page's canonical and bingbot an X-Robots-Tag the browser
 * does not get; robots.txt gets Cloudflare's managed block prepended for PerplexityBot and in place
 * of the site's file for bingbot. Crawlers' requests to `/article` take PROBE_DELAY_MS, so a test
 * can make a request of its own while a probe runs; `/seen-ua` shows the User-Agent it received.
 * A second origin serves Googlebot a robots.txt of its own, for the evidence of what it was served.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, type RobotsResponse, type SiteSpec, sendPage } from './spec';

/** How long a crawler's request for the page waits before its answer. */
export const PROBE_DELAY_MS = 400;

/** The site's own robots.txt, as the browser gets it. */
export const PROBE_OWN_ROBOTS = '# Demo: the site’s own rules.\nUser-agent: *\nDisallow: /private/\n';

/** Cloudflare's managed block as its documentation shows it. */
export const PROBE_MANAGED_BLOCK =
  '# BEGIN Cloudflare Managed content\n' +
  'User-agent: *\n' +
  'Content-Signal: search=yes, ai-train=no\n' +
  'Allow: /\n' +
  '\n' +
  'User-agent: Bytespider\n' +
  'Disallow: /\n' +
  '# END Cloudflare Managed Content\n';

const CHALLENGE_PAGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>' +
  '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';

function userAgentOf(req: IncomingMessage | undefined): string {
  return req?.headers['user-agent'] ?? '';
}

/** Returns the crawler token the User-Agent names among the ones this site treats apart, or null. */
function botOf(req: IncomingMessage | undefined): string | null {
  const ua = userAgentOf(req);
  for (const token of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'CCBot', 'bingbot', 'Googlebot'])
    if (ua.includes(`${token}/`)) return token;
  return null;
}

function robots(req: IncomingMessage | undefined): RobotsResponse {
  const bot = botOf(req);
  if (bot === 'PerplexityBot') return { kind: 'text', body: `${PROBE_MANAGED_BLOCK}\n${PROBE_OWN_ROBOTS}` };
  if (bot === 'bingbot') return { kind: 'text', body: PROBE_MANAGED_BLOCK };
  return { kind: 'text', body: PROBE_OWN_ROBOTS };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function route(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> {
  const path = new URL(req.url ?? '/', origin).pathname;
  if (path === '/seen-ua') {
    sendPage(res, 'User-Agent seen', `<p id="seen-ua">${escapeHtml(userAgentOf(req))}</p>`);
    return true;
  }
  if (path !== '/article' && path !== '/article-canonical') return false;
  const bot = botOf(req);
  if (bot !== null && path === '/article') await wait(PROBE_DELAY_MS);
  const head = `<link rel="canonical" href="${origin}/article-canonical">`;
  const article = (headers: Record<string, string> = {}) =>
    sendPage(res, 'An article', '<h1>An article</h1><p>The same text for everyone.</p>', {
      head,
      headers: { 'content-signal': 'search=yes, ai-train=no', ...headers },
    });
  if (path === '/article-canonical') return (article(), true);
  switch (bot) {
    case 'GPTBot':
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Forbidden\n');
      return true;
    case 'PerplexityBot':
      res.writeHead(403, { 'content-type': 'text/html; charset=utf-8', 'cf-mitigated': 'challenge' });
      res.end(CHALLENGE_PAGE);
      return true;
    case 'CCBot':
      res.writeHead(402, { 'content-type': 'text/plain; charset=utf-8', 'crawler-price': 'USD 0.01' });
      res.end('Payment required\n');
      return true;
    case 'ClaudeBot':
      res.writeHead(301, { location: `${origin}/article-canonical` });
      res.end();
      return true;
    case 'bingbot':
      article({ 'x-robots-tag': 'noindex' });
      return true;
    default:
      article();
      return true;
  }
}

/** The robots.txt the second probe origin serves Googlebot (everyone else gets PROBE_OWN_ROBOTS). */
export const PROBE_GOOGLEBOT_ROBOTS =
  '# Served to Googlebot only.\nUser-agent: Googlebot\nContent-Usage: train-ai=n\nAllow: /\n';

/** The second probe origin: a robots.txt of its own for Googlebot, the same page for everyone. */
function routeGooglebotFile(req: IncomingMessage, res: ServerResponse): boolean {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path !== '/article') return false;
  sendPage(res, 'An article', '<h1>An article</h1><p>The same page for every crawler.</p>');
  return true;
}

export const PROBE_SITES = {
  probe: {
    title: 'Answers that vary by crawler',
    summary:
      'The edge answers each crawler differently: 403 for GPTBot, a challenge for PerplexityBot, pay-per-crawl for CCBot, a redirect to the canonical for ClaudeBot; robots.txt gets Cloudflare’s managed block for some. Use the probe.',
    pages: [
      { path: '/article', note: 'probe this page: each crawler gets its own answer' },
      { path: '/seen-ua', note: 'shows the User-Agent your browser sent' },
    ],
    robots: (_ctx, req) => robots(req),
    route: (req, res, ctx) => route(req, res, ctx.origin),
  },
  probeGooglebotFile: {
    title: 'A robots.txt of its own for Googlebot',
    summary:
      'Googlebot is served a robots.txt of its own, with a Content-Usage line the others do not get. Probe the page, then download the evidence from History.',
    pages: [{ path: '/article', note: 'probe this page, then download the evidence' }],
    robots: (_ctx, req) => ({
      kind: 'text',
      body: botOf(req) === 'Googlebot' ? PROBE_GOOGLEBOT_ROBOTS : PROBE_OWN_ROBOTS,
    }),
    route: (req, res) => routeGooglebotFile(req, res),
  },
} satisfies Record<string, SiteSpec>;
