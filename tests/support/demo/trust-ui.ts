/**
 * Demo origins for the popup's layout: a file with 1,037 Sitemap lines, a page whose URL
 * is 474 characters long, and a file with several groups for the path tester.
 */
import { escapeHtml, type SiteSpec, sendPage } from './spec';

/** How many Sitemap lines `ui-sitemaps` has (a real file seen in the wild had this many). */
export const UI_SITEMAP_COUNT = 1037;

/** A path that makes the page URL 474 characters long on a 127.0.0.1:<5 digits> origin. */
export function longPath(origin: string, length = 474): string {
  const head = '/catalogue/search/results?category=outdoor-equipment&sort=price-ascending&q=';
  const filler = 'lightweight-waterproof-hiking-boots-';
  let path = head;
  while (origin.length + path.length < length) path += filler;
  return path.slice(0, length - origin.length);
}

/** A rule too long for one line of the all-crawlers matrix at 460 px. */
export const LONG_RULE_PATH = '/drafts/2026/quarterly-planning-documents-for-the-engineering-and-design-teams/';

export const TRUST_UI_SITES = {
  'ui-sitemaps': {
    title: 'A thousand sitemaps',
    summary: `robots.txt lists ${UI_SITEMAP_COUNT.toLocaleString('en-US')} Sitemap lines: the popup shows the first 10 and the total.`,
    pages: [{ path: '/private/page.html', note: 'blocked; the Sitemaps list is short' }],
    robots: ({ origin }) => ({
      kind: 'text',
      body:
        '# Demo: a file with very many Sitemap lines.\nUser-agent: *\nDisallow: /private/\n\n' +
        Array.from({ length: UI_SITEMAP_COUNT }, (_, i) => `Sitemap: ${origin}/sitemaps/part-${i + 1}.xml\n`).join(''),
    }),
  },
  'ui-long-url': {
    title: 'A very long page URL',
    summary: 'A page whose URL is 474 characters long: the popup’s pinned header clamps it to two lines.',
    pages: [{ path: '/catalogue/search/results?q=boots', note: 'allowed; open the long link from the home page' }],
    robots: () => ({ kind: 'text', body: '# Demo: everything allowed.\nUser-agent: *\nDisallow: /cart/\n' }),
    route: (req, res, { origin }) => {
      if (req.url !== '/') return false;
      const path = longPath(origin);
      sendPage(
        res,
        'A very long page URL',
        `<h1>A very long page URL</h1><p><a href="${escapeHtml(path)}">Open the 474-character URL</a>, then click the Robotscope icon.</p>`,
      );
      return true;
    },
  },
  'ui-path-tester': {
    title: 'Groups for the path tester',
    summary:
      'A `*` group and a Googlebot/bingbot group: the path tester names the group that decided and marks its line in the file.',
    pages: [
      { path: '/drafts/page.html', note: 'blocked for Googlebot by line 8; test /secret/x for line 10' },
      { path: '/public/page.html', note: 'allowed' },
    ],
    robots: () => ({
      kind: 'text',
      body:
        '# Demo: two groups.\n' +
        'User-agent: *\n' +
        'Disallow: /private/\n' +
        `Disallow: ${LONG_RULE_PATH}\n` +
        '\n' +
        'User-agent: Googlebot\n' +
        'User-agent: bingbot\n' +
        'Disallow: /drafts/\n' +
        'Allow: /drafts/public/\n' +
        'Disallow: /secret/\n',
    }),
  },
} satisfies Record<string, SiteSpec>;
