/**
 * What one demo origin is: its robots.txt answer, the pages worth opening, and optionally its own
 * routes (pages with headers, sitemaps, scripts). Feature files in this folder export a record of
 * these; sites.ts gathers them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a site's handlers know: its own origin, the hub's, and any other demo origin's. */
export interface DemoContext {
  readonly origin: string;
  readonly hubOrigin: string;
  /** The origin of another demo site by name (for cross-origin pages, CDNs, redirects). */
  originOf(name: string): string;
}

export type RobotsResponse =
  | { kind: 'text'; status?: number; contentType?: string; headers?: Record<string, string>; body: string | Buffer }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Accept the request and never answer (a stalled server); closed when the demo closes. */
  | { kind: 'stall' };

export interface SiteSpec {
  readonly title: string;
  /** What a person sees on this origin. */
  readonly summary: string;
  /** Pages worth clicking on this origin, with what each shows. */
  readonly pages: readonly { readonly path: string; readonly note: string }[];
  /** Answers GET /robots.txt; `req` is absent when the demo lists what a site serves (then answer as to a browser). */
  robots(ctx: DemoContext, req?: IncomingMessage): RobotsResponse;
  /**
   * Answers any other request itself and returns true, or returns false to get the default page
   * (a short HTML page naming the site and linking its pages).
   */
  route?(req: IncomingMessage, res: ServerResponse, ctx: DemoContext): boolean | Promise<boolean>;
}

/** Returns `text` with the five HTML-special characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends a small HTML page (not cached): `head` goes inside <head>, `body` inside <body>, both raw HTML. */
export function sendPage(
  res: ServerResponse,
  title: string,
  body: string,
  options: { head?: string; headers?: Record<string, string>; status?: number } = {},
): void {
  res.writeHead(options.status ?? 200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...options.headers,
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}' +
      `code{background:#8882;padding:0 .2em}li{margin:.3em 0}</style>${options.head ?? ''}</head>` +
      `<body>${body}</body></html>`,
  );
}
