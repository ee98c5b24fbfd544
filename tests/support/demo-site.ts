/**
 * The demo site: origins on 127.0.0.1, one port each (a port is its own robots.txt scope), whose
 * robots.txt files and pages show what Robotscope explains. `npm run demo` serves it on fixed ports
 * for people; the real-browser tests start it on free ports. The origins are declared in
 * tests/support/demo/ (one file per feature, gathered in sites.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MOVED_ROBOTS } from './demo/core';
import { SPECS } from './demo/sites';
import { type DemoContext, escapeHtml, type RobotsResponse, type SiteSpec, sendPage } from './demo/spec';
import { type Served, serve } from './serve';

export type SiteName = keyof typeof SPECS;

export const SITE_NAMES = Object.keys(SPECS) as readonly SiteName[];

/** `npm run demo` and `npm run dev` serve the hub here and the sites on the ports after it. */
export const DEFAULT_DEMO_PORT = 4780;

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

function sitePage(name: string, spec: SiteSpec, hubOrigin: string, path: string): { title: string; body: string } {
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
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType ?? 'text/plain; charset=utf-8',
        ...answer.headers,
      });
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
    case 'stall':
      // Never answered: the server's close() ends the connection.
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
  const servers: Served[] = [];

  const hub = await serve((req, res) => {
    const path = pathOf(req);
    if (path === '/robots.txt') return answerRobots(res, { kind: 'text', body: 'User-agent: *\nAllow: /\n' });
    if (path === '/moved/robots.txt') return answerRobots(res, { kind: 'text', body: MOVED_ROBOTS });
    if (path === '/' && state.sites) return sendPage(res, 'Robotscope demo sites', hubPage(state.sites));
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found\n');
  }, portFor(0));

  const contextFor = (i: number): DemoContext => ({
    origin: `http://127.0.0.1:${servers[i]?.port ?? 0}`,
    hubOrigin: hub.origin,
    originOf: (name) => {
      const index = SITE_NAMES.indexOf(name as SiteName);
      const server = servers[index];
      if (server === undefined) throw new Error(`no demo site named "${name}" is running`);
      return server.origin;
    },
  });

  try {
    for (const [i, name] of SITE_NAMES.entries()) {
      const spec: SiteSpec = SPECS[name];
      servers.push(
        await serve(
          async (req, res) => {
            const path = pathOf(req);
            const ctx = contextFor(i);
            if (path === '/robots.txt') return answerRobots(res, spec.robots(ctx, req));
            if (spec.route && (await spec.route(req, res, ctx))) return;
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
    const spec: SiteSpec = SPECS[name];
    const answer = spec.robots(contextFor(i));
    const robots =
      answer.kind === 'text' && (answer.status ?? 200) < 300
        ? typeof answer.body === 'string'
          ? answer.body
          : answer.body.toString('utf8')
        : answer.kind === 'redirect' && answer.location.endsWith('/moved/robots.txt')
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
