/**
 * Fetch outcomes the core origins do not show, added for the Firefox suite (and worth a look in
 * any browser): a server that never answers, a 2-hop cross-origin redirect, a redirect chain
 * longer than the 5 hops crawlers follow, and a redirect loop.
 */
import type { SiteSpec } from './spec';

const HOP = /^\/hop(\d+)$/;

export const FIREFOX_SITES = {
  'ff-stall': {
    title: 'A server that never answers',
    summary: 'robots.txt is accepted and never answered: after the fetch timeout, crawlers treat the site as blocked.',
    pages: [{ path: '/page.html', note: 'blocked: robots.txt timed out' }],
    robots: () => ({ kind: 'stall' }),
  },
  'ff-two-hops': {
    title: 'Two redirects to another origin',
    summary:
      'robots.txt redirects (301) to another origin, which redirects again (302): the file found governs this origin.',
    pages: [
      { path: '/private/page.html', note: 'blocked by the file two redirects away' },
      { path: '/public/page.html', note: 'allowed' },
    ],
    robots: (ctx) => ({ kind: 'redirect', status: 301, location: `${ctx.originOf('ff-moved')}/moved` }),
  },
  'ff-moved': {
    title: 'Where the two redirects lead',
    summary: '/moved redirects to /final.txt, the robots.txt the `ff-two-hops` origin ends at.',
    pages: [{ path: '/final.txt', note: 'the file the redirects reach' }],
    robots: () => ({ kind: 'text', body: 'User-agent: *\nAllow: /\n' }),
    route: (req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/final.txt' });
        res.end();
        return true;
      }
      if (req.url === '/final.txt') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('# Reached after two redirects.\nUser-agent: *\nDisallow: /private/\n');
        return true;
      }
      return false;
    },
  },
  'ff-six-hops': {
    title: 'More than five redirects',
    summary:
      'robots.txt redirects to /hop1, /hop1 to /hop2, and so on for ever: crawlers stop after 5 and treat the file as missing.',
    pages: [{ path: '/page.html', note: 'allowed: robots.txt counts as missing' }],
    robots: () => ({ kind: 'redirect', status: 302, location: '/hop1' }),
    route: (req, res) => {
      const hop = HOP.exec(req.url ?? '');
      if (hop === null) return false;
      res.writeHead(302, { location: `/hop${Number(hop[1]) + 1}` });
      res.end();
      return true;
    },
  },
  'ff-loop': {
    title: 'A redirect loop',
    summary: 'robots.txt redirects to /a, which redirects back to /robots.txt: crawlers treat the file as missing.',
    pages: [{ path: '/page.html', note: 'allowed: robots.txt counts as missing' }],
    robots: () => ({ kind: 'redirect', status: 301, location: '/a' }),
    route: (req, res) => {
      if (req.url !== '/a') return false;
      res.writeHead(302, { location: '/robots.txt' });
      res.end();
      return true;
    },
  },
} satisfies Record<string, SiteSpec>;
