/**
 * The audit workbench's logic: a draft and the live file evaluated over a URL set for every
 * crawler, the change summary, audit findings, CSV export and URL-list parsing.
 */

export * from './crawler-sets';
export * from './csv';
export * from './engine';
export * from './findings';
export * from './results';
export * from './url-list';
export * from './session';
export * from './diff';
export * from './signals';
export * from './signals-summary';
export * from './signals-session';
