/** Where the history view lives: the extension's history page, for one origin. */

/** Returns the history page's path for `origin` (relative to the extension's root), for `pageUrl` when given. */
export function historyPageHref(origin: string, pageUrl?: string): `/history.html?${string}` {
  const page = pageUrl === undefined ? '' : `&url=${encodeURIComponent(pageUrl)}`;
  return `/history.html?origin=${encodeURIComponent(origin)}&view=history${page}`;
}
