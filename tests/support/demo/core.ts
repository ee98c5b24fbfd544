/**
 * The demo origins the inspector has shown since the start: plain allow, a blocked folder, a
 * crawler-specific group, wildcards, 404, 503, a cross-origin redirect, HTML served as robots.txt,
 * a BOM, a file over 500 KiB and markup inside robots.txt.
 */
import type { SiteSpec } from './spec';

/** Google reads the first 500 KiB of a robots.txt (docs/semantics/robots.md §7). */
const GOOGLE_ROBOTS_LIMIT = 512_000;

const LARGE_ROBOTS = buildLargeRobots();
/** The last line Google reads of LARGE_ROBOTS: the cut falls inside it (the file is ASCII: a character is a byte). */
const LARGE_CUT_LINE = (() => {
  const read = LARGE_ROBOTS.slice(0, GOOGLE_ROBOTS_LIMIT);
  return { number: read.split('\n').length, text: read.slice(read.lastIndexOf('\n') + 1) };
})();

export const CORE_SITES = {
  allow: {
    title: 'Plain allow',
    summary: 'Every crawler may fetch every page; one absolute sitemap.',
    pages: [
      { path: '/', note: 'allowed for everyone' },
      { path: '/articles/hello.html', note: 'allowed: Allow: / matches' },
    ],
    robots: ({ origin }) => ({
      kind: 'text',
      body: `# Demo: a plain allow. Every crawler may fetch every page.\nUser-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
    }),
  },
  blocked: {
    title: 'A blocked folder',
    summary:
      '`/private/` is blocked for every crawler, except one file an Allow reopens; Crawl-delay 5; a relative sitemap.',
    pages: [
      { path: '/public/page.html', note: 'allowed: no rule matches' },
      { path: '/private/page.html', note: 'blocked by Disallow: /private/' },
      { path: '/private/press-kit.html', note: 'allowed: the longer Allow wins' },
    ],
    robots: () => ({
      kind: 'text',
      body:
        '# Demo: one blocked folder.\n' +
        'User-agent: *\n' +
        'Disallow: /private/\n' +
        'Allow: /private/press-kit.html\n' +
        'Crawl-delay: 5\n' +
        '\n' +
        '# Relative: the spec wants an absolute URL here.\n' +
        'Sitemap: /sitemap.xml\n',
    }),
  },
  specific: {
    title: 'A crawler-specific group replaces *',
    summary:
      'Googlebot and bingbot have their own group, so the `*` rules do not apply to them; AI crawlers are blocked everywhere.',
    pages: [
      { path: '/drafts/page.html', note: 'blocked for `*`, allowed for Googlebot (its group replaces `*`)' },
      { path: '/search?q=robots', note: 'blocked for Googlebot and bingbot' },
      { path: '/public/page.html', note: 'allowed except for AI crawlers' },
    ],
    robots: () => ({
      kind: 'text',
      body:
        '# Demo: crawler-specific groups replace the * group.\n' +
        'User-agent: *\n' +
        'Disallow: /drafts/\n' +
        '\n' +
        'User-agent: Googlebot\n' +
        'User-agent: bingbot\n' +
        'Disallow: /search\n' +
        '\n' +
        '# AI crawlers\n' +
        'User-agent: GPTBot\n' +
        'User-agent: ClaudeBot\n' +
        'User-agent: CCBot\n' +
        'Disallow: /\n',
    }),
  },
  wildcards: {
    title: 'Wildcards, $ and the index.html rule',
    summary:
      '`*` matches any run of characters, a final `$` anchors the end, and Google lets `Allow: /docs/index.html` allow `/docs/`.',
    pages: [
      { path: '/files/report.pdf', note: 'blocked by Disallow: /*.pdf$' },
      { path: '/files/report.pdf?download=1', note: 'allowed: $ anchors the end' },
      { path: '/cart.html?sessionid=42', note: 'blocked by Disallow: /*?sessionid=' },
      { path: '/shop/shoes/reviews.html', note: 'blocked by Disallow: /shop/*/reviews' },
      { path: '/shop/featured/reviews.html', note: 'allowed: the longer Allow wins' },
      { path: '/docs/', note: 'allowed through Google’s index.html rule' },
      { path: '/docs/guide.html', note: 'blocked by Disallow: /docs/' },
    ],
    robots: () => ({
      kind: 'text',
      body:
        '# Demo: wildcards and end anchors.\n' +
        'User-agent: *\n' +
        'Disallow: /*.pdf$\n' +
        'Disallow: /*?sessionid=\n' +
        'Disallow: /shop/*/reviews\n' +
        'Allow: /shop/featured/reviews\n' +
        'Disallow: /docs/\n' +
        'Allow: /docs/index.html\n' +
        '# $ is literal unless it is last:\n' +
        'Disallow: /earn$*\n',
    }),
  },
  missing: {
    title: 'No robots.txt (404)',
    summary: 'robots.txt answers 404: there are no rules, so everything is allowed.',
    pages: [{ path: '/anything.html', note: 'allowed: no robots.txt' }],
    robots: () => ({ kind: 'status', status: 404 }),
  },
  unavailable: {
    title: 'Server error (503)',
    summary: 'robots.txt answers 503: crawlers treat the whole site as blocked until it recovers.',
    pages: [{ path: '/anything.html', note: 'blocked: robots.txt unreachable' }],
    robots: () => ({ kind: 'status', status: 503, headers: { 'retry-after': '3600' } }),
  },
  redirect: {
    title: 'Redirect to another origin',
    summary: 'robots.txt redirects (301) to a file on the hub origin; its rules govern this origin.',
    pages: [
      { path: '/old/page.html', note: 'blocked by the redirected file' },
      { path: '/new/page.html', note: 'allowed' },
    ],
    robots: ({ hubOrigin }) => ({ kind: 'redirect', status: 301, location: `${hubOrigin}/moved/robots.txt` }),
  },
  html: {
    title: 'An HTML page served as robots.txt',
    summary: 'robots.txt answers 200 with an HTML “not found” page: nothing in it parses, so everything is allowed.',
    pages: [{ path: '/private/page.html', note: 'allowed: the HTML body has no rules' }],
    robots: () => ({
      kind: 'text',
      contentType: 'text/html; charset=utf-8',
      body:
        '<!doctype html>\n<html>\n<head><title>Page not found</title></head>\n<body>\n<h1>Sorry, we could not find that page</h1>\n' +
        '<p>Disallow: /private/ appears in this text but is not a directive.</p>\n</body>\n</html>\n',
    }),
  },
  bom: {
    title: 'A file that starts with a BOM',
    summary: 'The file starts with the UTF-8 byte order mark, which is skipped: the first line still counts.',
    pages: [
      { path: '/bom-protected/page.html', note: 'blocked by line 1’s group' },
      { path: '/public/page.html', note: 'allowed' },
    ],
    robots: () => ({
      kind: 'text',
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\nDisallow: /bom-protected/\n')]),
    }),
  },
  large: {
    title: 'A file over 500 KiB',
    summary:
      `The file is ${LARGE_ROBOTS.length.toLocaleString('en-US')} bytes; Google reads only the first 512,000, so the last rule is ignored. ` +
      `The cut falls inside line ${LARGE_CUT_LINE.number.toLocaleString('en-US')}: what is read of it, \`${LARGE_CUT_LINE.text}\`, is a rule of its own (an empty one, which allows everything).`,
    pages: [
      { path: '/blocked-early/page.html', note: 'blocked by a rule near the top' },
      { path: '/beyond-the-cut/page.html', note: 'allowed: its Disallow lies past 500 KiB' },
      { path: '/archive/2007/item-7/', note: 'blocked by one of thousands of rules' },
    ],
    robots: () => ({ kind: 'text', body: LARGE_ROBOTS }),
  },
  xss: {
    title: 'Markup inside robots.txt',
    summary: 'The file contains <script> and <img onerror>: the extension must show them as text and run nothing.',
    pages: [{ path: '/admin/page.html', note: 'blocked' }],
    robots: () => ({
      kind: 'text',
      body:
        "# <script>alert('robots')</script>\n" +
        'User-agent: *\n' +
        'Disallow: /<img src=x onerror=alert(1)>\n' +
        'Disallow: /admin/ # <b>not bold</b>\n' +
        'Sitemap: javascript:alert(1)\n',
    }),
  },
} satisfies Record<string, SiteSpec>;

/** The file the `redirect` origin points to, served by the hub. */
export const MOVED_ROBOTS =
  '# Served by the hub after a redirect: these rules govern the origin that redirected here.\n' +
  'User-agent: *\n' +
  'Disallow: /old/\n';

function buildLargeRobots(): string {
  const head = '# Demo: a file larger than the 500 KiB Google reads.\nUser-agent: *\nDisallow: /blocked-early/\n';
  const lines: string[] = [head];
  let size = head.length;
  for (let i = 0; size < GOOGLE_ROBOTS_LIMIT + 4_000; i++) {
    const line = `Disallow: /archive/${2000 + (i % 25)}/item-${i}/\n`;
    lines.push(line);
    size += line.length;
  }
  lines.push('# Everything below lies past 512,000 bytes.\nDisallow: /beyond-the-cut/\n');
  return lines.join('');
}
