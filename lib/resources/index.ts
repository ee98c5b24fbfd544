/** Page resources a crawler cannot fetch: classification, bookkeeping, per-origin verdicts, summary. */
export * from './classify';
export * from './evaluate';
export * from './judge';
export * from './ledger';
export * from './scheduler';
export * from './site';
export * from './summary';
