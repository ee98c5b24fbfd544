/**
 * View-model types the workbench's panels render and its state parts (entrypoints/workbench/*.ts)
 * make: the state imports these, never a panel.
 */

/** One part of the second pass: off until asked, then running (with progress) or ready for the table shown. */
export type SignalPhase =
  | { readonly kind: 'off' }
  | { readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly kind: 'ready'; readonly elapsedMs: number };

/**
 * What kind of source the URL set came from: the page (or home page) it opened on, a typed or
 * pasted list, a file (by name) or the site's sitemaps. A file or the sitemaps are not in the list
 * box, so the box is hidden behind a button and typing a list must say it replaces them.
 */
export type UrlSource =
  | { readonly kind: 'start' }
  | { readonly kind: 'list' }
  | { readonly kind: 'file'; readonly name: string }
  | { readonly kind: 'sitemaps'; readonly files: number };

/** Sitemap loading as the panel shows it. */
export type SitemapLoad =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly filesDone: number; readonly filesQueued: number; readonly urls: number }
  | { readonly kind: 'done'; readonly cancelled: boolean; readonly capNotice: string | null };
