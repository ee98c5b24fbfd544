/** The robots.txt cache's public surface (see robots-cache.ts). */
export * from './robots-cache';
export * from './store';
