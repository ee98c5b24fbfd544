/**
 * Demo origins for the popup's first screen: Cloudflare's managed block before
 * the site's own rules, a page with `X-Robots-Tag: noindex`, path-scoped Content-Usage lines, a
 * Content-Usage response header, two vocabularies that disagree, crawl-blocked pages, a TDMRep file
 * (`/.well-known/tdmrep.json`), and a robots.txt that changes when told to (`/first-screen/block`),
 * for "Fetch robots.txt again".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, sendPage, type DemoContext, type SiteSpec } from './spec';

/** Cloudflare's managed block prepended to the origin's own rules. */
export const FS_CLOUDFLARE_ROBOTS =
  '# BEGIN Cloudflare Managed content\n' +
  'User-agent: *\n' +
  'Content-Signal: search=yes, ai-train=no\n' +
  'Allow: /\n' +
  '# END Cloudflare Managed Content\n' +
  '\n' +
  'User-agent: *\n' +
  'Disallow: /blocked/\n';

/** Content-Usage lines scoped by path: /articles/ says no training, the rest of the site says yes. */
export const FS_USAGE_ROBOTS =
  'User-agent: *\n' +
  'Disallow: /blocked/\n' +
  'Content-Usage: /articles/ train-ai=n\n' +
  'Content-Usage: train-ai=y\n';

/**
 * TDMRep's file (docs/semantics/usage.md §3.10): the first matching rule in array order wins, so /images/ is
 * not reserved and everything else is.
 */
export const FS_TDMREP_JSON =
  '[{"location":"/images/","tdm-reservation":0},' +
  '{"location":"/","tdm-reservation":1,"tdm-policy":"https://example.com/tdm-policy.json"}]';

/** The TDMRep origin's robots.txt: everything crawlable, a Content-Signal line and an LLM policy. */
export const FS_TDMREP_ROBOTS = 'User-agent: *\nAllow: /\nContent-Signal: search=yes\nLLM-Policy: /llms.txt\n';

/**
 * Content-Signal lines (for `*` and in PerplexityBot's own group) beside a Google-Extended group
 *: what the site states and what each operator counts differ. Line numbers matter.
 */
export const FS_EXTENDED_ROBOTS =
  'User-agent: *\n' +
  'Content-Signal: search=yes, ai-input=yes, ai-train=no\n' +
  'Allow: /\n' +
  '\n' +
  'User-agent: PerplexityBot\n' +
  'Content-Signal: search=yes, ai-input=no, ai-train=no\n' +
  'Allow: /\n' +
  '\n' +
  'User-agent: Google-Extended\n' +
  'Disallow: /\n';

/** What the changing origin's robots.txt answers: open until `/first-screen/block`, then everything blocked. */
const OPEN_ROBOTS = 'User-agent: *\nAllow: /\n';
const BLOCKED_ROBOTS = 'User-agent: *\nDisallow: /\n';

/** Whether each changing origin blocks everything now (state per origin, so two demos never share it). */
const blocking = new Map<string, boolean>();

function page(res: ServerResponse, title: string, body: string, headers: Record<string, string> = {}, head = '') {
  sendPage(res, title, `<h1>${escapeHtml(title)}</h1>${body}`, { headers, head });
}

/** Answers the pages shared by the first-screen origins; false for any other path. */
function routePages(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  switch (path) {
    case '/noindex-header':
      page(res, 'Allowed, but X-Robots-Tag: noindex', '<p>robots.txt allows it; the header says noindex.</p>', {
        'X-Robots-Tag': 'noindex',
      });
      return true;
    case '/header':
      page(res, 'Content-Usage header', '<p>The response says: no AI training, search yes.</p>', {
        'Content-Usage': 'train-ai=n, search=y',
      });
      return true;
    case '/conflict':
      page(res, 'Two vocabularies disagree', '<p>Content-Signal says yes to training; Content-Usage says no.</p>', {
        'Content-Signal': 'ai-train=yes, search=yes',
        'Content-Usage': 'train-ai=n',
      });
      return true;
    default:
      return false;
  }
}

export const FIRST_SCREEN_SITES = {
  'fs-cloudflare': {
    title: "First screen: Cloudflare's managed block before the site's rules",
    summary: 'The Use answers name the managed line that decides; /blocked/ is crawl-blocked, so Use does not apply.',
    pages: [
      { path: '/page', note: 'AI training disallowed by the managed Content-Signal line' },
      { path: '/blocked/page', note: 'crawl-blocked: every Use answer is not applicable' },
      { path: '/noindex-header', note: 'allowed, but X-Robots-Tag: noindex: not indexable' },
    ],
    robots: () => ({ kind: 'text', body: FS_CLOUDFLARE_ROBOTS }),
    route: (req, res) => routePages(req, res),
  },
  'fs-usage': {
    title: 'First screen: Content-Usage by path, in a header, and against Content-Signal',
    summary: 'Path-scoped Content-Usage lines, a Content-Usage response header, and two vocabularies that disagree.',
    pages: [
      { path: '/articles/one', note: 'AI training disallowed by the /articles/ line' },
      { path: '/other', note: 'AI training allowed by the line without a path' },
      { path: '/header', note: 'the Content-Usage response header decides' },
      { path: '/conflict', note: 'Content-Signal says yes, Content-Usage says no: no wins' },
      { path: '/blocked/page', note: 'crawl-blocked: every Use answer is not applicable' },
    ],
    robots: () => ({ kind: 'text', body: FS_USAGE_ROBOTS }),
    route: (req, res) => routePages(req, res),
  },
  'fs-tdmrep': {
    title: 'First screen: a TDMRep file reserves AI training',
    summary:
      '/.well-known/tdmrep.json reserves text and data mining everywhere but /images/: the Use verdict names its rule.',
    pages: [
      { path: '/article', note: 'AI training disallowed by tdmrep.json rule 2' },
      { path: '/images/gallery', note: 'AI training allowed by tdmrep.json rule 1' },
      { path: '/.well-known/tdmrep.json', note: 'the file itself' },
    ],
    robots: () => ({ kind: 'text', body: FS_TDMREP_ROBOTS }),
    route(req, res) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path !== '/.well-known/tdmrep.json') return false;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(FS_TDMREP_JSON);
      return true;
    },
  },
  'fs-extended': {
    title: 'First screen: Content-Signal lines beside a Google-Extended group',
    summary:
      'Googlebot: the site states AI training at line 2 (Content-Signal), Google counts line 10 (Google-Extended). PerplexityBot: its group says line 6; Perplexity counts nothing.',
    pages: [{ path: '/page', note: 'switch between Googlebot and PerplexityBot and compare the Use rows' }],
    robots: () => ({ kind: 'text', body: FS_EXTENDED_ROBOTS }),
  },
  'fs-changing': {
    title: 'First screen: a robots.txt that starts blocking',
    summary:
      'Open until /first-screen/block is requested; then everything is disallowed. "Fetch robots.txt again" shows it everywhere.',
    pages: [
      { path: '/page', note: 'a page with a script of its own' },
      { path: '/first-screen/block', note: 'robots.txt disallows everything from now on' },
      { path: '/first-screen/open', note: 'robots.txt allows everything again' },
    ],
    robots: (ctx: DemoContext) => ({
      kind: 'text',
      body: blocking.get(ctx.origin) === true ? BLOCKED_ROBOTS : OPEN_ROBOTS,
    }),
    route(req, res, ctx) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/first-screen/block' || path === '/first-screen/open') {
        blocking.set(ctx.origin, path === '/first-screen/block');
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end(
          `robots.txt now ${path.endsWith('block') ? 'blocks' : 'allows'} everything. Click "Fetch robots.txt again".\n`,
        );
        return true;
      }
      if (path === '/app.js') {
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
        res.end('document.documentElement.dataset.app = "ran";\n');
        return true;
      }
      if (path === '/page') {
        page(res, 'A page with a script', '<p>It loads /app.js.</p>', {}, '<script src="/app.js"></script>');
        return true;
      }
      return false;
    },
  },
} satisfies Record<string, SiteSpec>;
