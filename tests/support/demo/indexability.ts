/**
 * Demo pages for the Indexability section (docs/semantics/page-directives.md): X-Robots-Tag for one crawler,
 * mixed-case meta, generic + specific tags, canonicals (relative, header, in body, conflicting),
 * blocked + noindex, an RFC 850 unavailable_after, a redirect chain, a single-page-app route
 * change, and a page of 5,000 links for marking.
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml, sendPage, type SiteSpec } from './spec';

/** Links on the big page: a share blocked by robots.txt, with rel hints, and on other demo origins. */
export const LINK_PAGE_LINKS = 5000;

function page(res: ServerResponse, title: string, body: string, head = '', headers: Record<string, string> = {}) {
  sendPage(res, title, `<h1>${escapeHtml(title)}</h1>${body}`, { head, headers });
}

function linkPage(origin: string, blockedOrigin: string, allowOrigin: string): string {
  const items: string[] = [];
  for (let i = 0; i < LINK_PAGE_LINKS; i++) {
    switch (i % 10) {
      case 0:
        items.push(`<a href="/blocked/item-${i}">blocked ${i}</a>`);
        break;
      case 1:
        items.push(`<a href="/open/item-${i}" rel="nofollow">nofollow ${i}</a>`);
        break;
      case 2:
        items.push(`<a href="/open/item-${i}" rel="ugc nofollow">ugc ${i}</a>`);
        break;
      case 3:
        items.push(`<a href="/open/item-${i}" rel="sponsored">sponsored ${i}</a>`);
        break;
      case 4:
        items.push(`<a href="${blockedOrigin}/private/item-${i}">other site, private ${i}</a>`);
        break;
      case 5:
        items.push(`<a href="${allowOrigin}/page-${i}">other site, open ${i}</a>`);
        break;
      default:
        items.push(`<a href="${origin}/open/item-${i}">open ${i}</a>`);
    }
  }
  return `<p>${items.join(' ')}</p>`;
}

const SPA_SCRIPT = `<script>
document.getElementById('go').addEventListener('click', () => {
  history.pushState({}, '', '/spa/hidden');
  const meta = document.createElement('meta');
  meta.name = 'robots';
  meta.content = 'noindex';
  document.head.append(meta);
  document.querySelector('h1').textContent = 'SPA route: hidden';
});
</script>`;

export const INDEXABILITY_SITES = {
  'idx-pages': {
    title: 'Indexability: meta robots, X-Robots-Tag, canonical, status',
    summary:
      'Pages whose headers and tags make them indexable or not, per crawler; /blocked/ is disallowed in robots.txt.',
    pages: [
      { path: '/indexable', note: 'indexable for every crawler' },
      {
        path: '/header-googlebot-noindex',
        note: 'X-Robots-Tag: googlebot: noindex — not indexable for Googlebot only',
      },
      { path: '/mixed-case-meta', note: '<meta name="ROBOTS" content="NoIndex, NoFollow">' },
      { path: '/generic-specific', note: 'robots noindex + googlebot index: still noindex (the sum of negatives)' },
      { path: '/canonical-relative', note: 'a relative canonical to /indexable' },
      { path: '/canonical-header', note: 'a Link header canonical to /indexable' },
      { path: '/canonical-body', note: 'a canonical in <body>: ignored' },
      { path: '/canonical-conflict', note: 'element and header canonicals disagree' },
      { path: '/blocked/noindex', note: 'blocked by robots.txt and noindex: they cancel out' },
      { path: '/unavailable-after', note: 'unavailable_after in RFC 850, in the past' },
      { path: '/redirect-start', note: '301 then 302, then the landing page' },
      { path: '/spa', note: 'a button changes the route with pushState and adds noindex' },
      { path: '/links', note: `${LINK_PAGE_LINKS} links for "Mark links"` },
    ],
    robots: () => ({ kind: 'text', body: 'User-agent: *\nDisallow: /blocked/\n' }),
    route(req, res, ctx) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const main = `${ctx.origin}/indexable`;
      switch (path) {
        case '/indexable':
          page(res, 'Indexable', '<p>No directive here.</p>', `<link rel="canonical" href="${main}">`);
          return true;
        case '/header-googlebot-noindex':
          page(res, 'Header noindex for Googlebot', '<p>Only Googlebot is told noindex.</p>', '', {
            'X-Robots-Tag': 'googlebot: noindex',
          });
          return true;
        case '/mixed-case-meta':
          page(
            res,
            'Mixed-case meta',
            '<p>Upper and mixed case.</p>',
            '<meta name="ROBOTS" content="NoIndex, NoFollow">',
          );
          return true;
        case '/generic-specific':
          page(
            res,
            'Generic and specific',
            '<p>robots says noindex, googlebot says index.</p>',
            '<meta name="robots" content="noindex"><meta name="googlebot" content="index, follow">',
          );
          return true;
        case '/canonical-relative':
          page(
            res,
            'Relative canonical',
            '<p>Canonical written relative.</p>',
            '<link rel="canonical" href="/indexable">',
          );
          return true;
        case '/canonical-header':
          page(res, 'Header canonical', '<p>Canonical in a Link header.</p>', '', {
            Link: `<${main}>; rel="canonical"`,
          });
          return true;
        case '/canonical-body':
          page(res, 'Canonical in body', `<link rel="canonical" href="${main}"><p>The canonical sits in body.</p>`);
          return true;
        case '/canonical-conflict':
          page(
            res,
            'Conflicting canonicals',
            '<p>Element and header disagree.</p>',
            `<link rel="canonical" href="${main}">`,
            {
              Link: `<${ctx.origin}/other>; rel="canonical"`,
            },
          );
          return true;
        case '/blocked/noindex':
          page(
            res,
            'Blocked and noindex',
            '<p>robots.txt blocks this page.</p>',
            '<meta name="robots" content="noindex">',
          );
          return true;
        case '/unavailable-after':
          page(res, 'Unavailable after', '<p>Expired on 3 December 2025.</p>', '', {
            'X-Robots-Tag': 'unavailable_after: Wednesday, 03-Dec-25 13:09:53 GMT',
          });
          return true;
        case '/redirect-start':
          res.writeHead(301, { location: '/redirect-middle', 'cache-control': 'no-store' });
          res.end();
          return true;
        case '/redirect-middle':
          res.writeHead(302, { location: '/redirect-end', 'cache-control': 'no-store' });
          res.end();
          return true;
        case '/redirect-end':
          page(res, 'Redirect landing', '<p>Reached after two redirects.</p>');
          return true;
        case '/spa':
        case '/spa/hidden':
          page(res, 'SPA start', '<p><button id="go" type="button">Go to the hidden route</button></p>' + SPA_SCRIPT);
          return true;
        case '/links':
          page(res, `${LINK_PAGE_LINKS} links`, linkPage(ctx.origin, ctx.originOf('blocked'), ctx.originOf('allow')));
          return true;
        default:
          return false;
      }
    },
  },
} satisfies Record<string, SiteSpec>;
