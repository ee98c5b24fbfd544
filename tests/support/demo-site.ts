/**
 * The demo site: a handful of origins on 127.0.0.1, one port each (a port is its own robots.txt
 * scope), whose robots.txt files show what Robotscope explains. `npm run demo` serves it on fixed
 * ports for people; the real-browser tests start it on free ports.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Served, serve } from './serve';

export type SiteName =
  | 'allow'
  | 'blocked'
  | 'specific'
  | 'wildcards'
  | 'missing'
  | 'unavailable'
  | 'redirect'
  | 'html'
  | 'bom'
  | 'large'
  | 'xss';

export const SITE_NAMES: readonly SiteName[] = [
  'allow',
  'blocked',
  'specific',
  'wildcards',
  'missing',
  'unavailable',
  'redirect',
  'html',
  'bom',
  'large',
  'xss',
];

/** `npm run demo` and `npm run dev` serve the hub here and the sites on the ports after it. */
export const DEFAULT_DEMO_PORT = 4780;

/** Google reads the first 500 KiB of a robots.txt (SEMANTICS.md §7). */
const GOOGLE_ROBOTS_LIMIT = 512_000;

export interface DemoSite {
  readonly origin: string;
  readonly title: string;
  /** What a person sees on this origin. */
  readonly summary: string;
  /** The robots.txt body served (for 2xx sites), as text; null when robots.txt is not a 2xx. */
  readonly robots: string | null;
  /** Pages worth clicking on this origin, with what each shows. */
  readonly pages: readonly { readonly path: string; readonly note: string }[];
}

export interface RunningDemo {
  /** The index page that links every site. */
  readonly hubOrigin: string;
  readonly sites: Readonly<Record<SiteName, DemoSite>>;
  /** Requests each origin received (the hub under `hub`). */
  readonly requests: Readonly<Record<SiteName | 'hub', Served['requests']>>;
  close(): Promise<void>;
}

interface SiteSpec {
  title: string;
  summary: string;
  pages: { path: string; note: string }[];
  /** Answers GET /robots.txt. */
  robots: (ctx: { origin: string; hubOrigin: string }) => RobotsResponse;
}

type RobotsResponse =
  | { kind: 'text'; status?: number; contentType?: string; body: string | Buffer }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'status'; status: number; headers?: Record<string, string> };

const LARGE_ROBOTS = buildLargeRobots();

const SPECS: Record<SiteName, SiteSpec> = {
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
    summary: `The file is ${LARGE_ROBOTS.length.toLocaleString('en-US')} bytes; Google reads only the first 512,000, so the last rule is ignored.`,
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
};

/** The file the `redirect` origin points to, served by the hub. */
const MOVED_ROBOTS =
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendPage(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}' +
      'code{background:#8882;padding:0 .2em}li{margin:.3em 0}</style></head>' +
      `<body>${body}</body></html>`,
  );
}

function sitePage(name: SiteName, spec: SiteSpec, hubOrigin: string, path: string): { title: string; body: string } {
  const links = spec.pages
    .map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.path)}</a>: ${escapeHtml(p.note)}</li>`)
    .join('');
  return {
    title: `${spec.title} — ${path}`,
    body:
      `<p><a href="${hubOrigin}/">← all demo sites</a></p>` +
      `<h1>${escapeHtml(spec.title)}</h1><p>You are on <code>${escapeHtml(path)}</code> of the <b>${name}</b> demo origin.</p>` +
      `<p>${escapeHtml(spec.summary)}</p>` +
      `<p>Click the Robotscope icon to see the verdict for this page, or open <a href="/robots.txt">/robots.txt</a>.</p>` +
      `<h2>Pages to try</h2><ul><li><a href="/">/</a></li>${links}</ul>`,
  };
}

function hubPage(sites: Record<SiteName, DemoSite>): string {
  const items = SITE_NAMES.map((name) => {
    const site = sites[name];
    const first = site.pages[0]?.path ?? '/';
    return `<li><a href="${site.origin}${escapeHtml(first)}">${escapeHtml(site.title)}</a> <code>${site.origin}</code><br>${escapeHtml(site.summary)}</li>`;
  }).join('');
  return (
    '<h1>Robotscope demo sites</h1>' +
    '<p>Each origin below has its own port, and so its own robots.txt. Open one, then click the Robotscope toolbar icon.</p>' +
    `<ul>${items}</ul>`
  );
}

function answerRobots(res: ServerResponse, answer: RobotsResponse): void {
  switch (answer.kind) {
    case 'text':
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/plain; charset=utf-8' });
      res.end(answer.body);
      return;
    case 'redirect':
      res.writeHead(answer.status, { location: answer.location });
      res.end();
      return;
    case 'status':
      res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers });
      res.end(`${answer.status}\n`);
      return;
  }
}

function pathOf(req: IncomingMessage): string {
  return req.url ?? '/';
}

/**
 * Starts every demo origin and the hub. `basePort` 0 (the default) picks free ports; otherwise the
 * hub listens on basePort and the sites on the ports after it, in SITE_NAMES order.
 */
export async function startDemoSite(options: { basePort?: number } = {}): Promise<RunningDemo> {
  const basePort = options.basePort ?? 0;
  const portFor = (i: number) => (basePort === 0 ? 0 : basePort + i);
  const state: { sites?: Record<SiteName, DemoSite> } = {};

  const hub = await serve((req, res) => {
    const path = pathOf(req);
    if (path === '/robots.txt') return answerRobots(res, { kind: 'text', body: 'User-agent: *\nAllow: /\n' });
    if (path === '/moved/robots.txt') return answerRobots(res, { kind: 'text', body: MOVED_ROBOTS });
    if (path === '/' && state.sites) return sendPage(res, 'Robotscope demo sites', hubPage(state.sites));
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found\n');
  }, portFor(0));

  const servers: Served[] = [];
  try {
    for (const [i, name] of SITE_NAMES.entries()) {
      const spec = SPECS[name];
      servers.push(
        await serve(
          (req, res) => {
            const path = pathOf(req);
            const origin = `http://127.0.0.1:${servers[i]?.port ?? 0}`;
            if (path === '/robots.txt') return answerRobots(res, spec.robots({ origin, hubOrigin: hub.origin }));
            if (path === '/favicon.ico') {
              res.writeHead(204);
              res.end();
              return;
            }
            const page = sitePage(name, spec, hub.origin, path);
            sendPage(res, page.title, page.body);
          },
          portFor(i + 1),
        ),
      );
    }
  } catch (error) {
    await Promise.all([hub.close(), ...servers.map((s) => s.close())]);
    throw new Error(`could not start the demo site: ${String(error)}`, { cause: error });
  }

  const sites = {} as Record<SiteName, DemoSite>;
  const requests = { hub: hub.requests } as Record<SiteName | 'hub', Served['requests']>;
  for (const [i, name] of SITE_NAMES.entries()) {
    const server = servers[i]!;
    const spec = SPECS[name];
    const answer = spec.robots({ origin: server.origin, hubOrigin: hub.origin });
    const robots =
      answer.kind === 'text' && (answer.status ?? 200) < 300
        ? typeof answer.body === 'string'
          ? answer.body
          : answer.body.toString('utf8')
        : answer.kind === 'redirect'
          ? MOVED_ROBOTS
          : null;
    sites[name] = { origin: server.origin, title: spec.title, summary: spec.summary, robots, pages: spec.pages };
    requests[name] = server.requests;
  }
  state.sites = sites;

  return {
    hubOrigin: hub.origin,
    sites,
    requests,
    close: async () => {
      await Promise.all([hub.close(), ...servers.map((s) => s.close())]);
    },
  };
}
