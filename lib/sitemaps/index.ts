/**
 * Sitemaps: a streaming reader for one body and a loader for a site's whole set (sitemaps.org).
 */

export * from './load';
export * from './read';
export * from './site';
