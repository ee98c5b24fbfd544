/** Where the history view lives: the workbench page with `view=history`, for one origin. */

/** Returns the history view's path for `origin` (relative to the extension's root), for `pageUrl` when given. */
export function historyPageHref(origin: string, pageUrl?: string): `/workbench.html?${string}` {
  const page = pageUrl === undefined ? '' : `&url=${encodeURIComponent(pageUrl)}`;
  return `/workbench.html?origin=${encodeURIComponent(origin)}&view=history${page}`;
}
