/**
 * The crawler catalogue, whole: every crawler's record (catalogue.ts puts each core of records.ts
 * together with the facts kept beside it), the records the Use verdict reads that are no presets
 * (usage.ts), the operators' facts (operators.ts) and the IP lists the records point to (ip-lists.ts). The
 * popup's first script reads records.ts alone (through lib/robots/crawlers.ts); the reader of a list
 * (jafar.ts, which brings valibot) and the loader of a shipped snapshot (load-ip-list.ts) are imported
 * on their own by the features that need them.
 */
export * from './types';
export { crawlerRecords } from './catalogue';
export { CRAWLER_CORES, CRAWLERS_AS_OF, CRAWLERS_VERSION, IDENTITY_FACTS_AS_OF, type CrawlerToken } from './records';
export { IP_LISTS, describeSnapshotDate, findIpList } from './ip-lists';
export { EVERGREEN_CHROME_VERSION, USER_AGENTS_CHECKED } from './user-agents';
export { USAGE_FACTS, USAGE_FACTS_AS_OF, USAGE_ONLY_RECORDS, type UsageOnlyToken } from './usage';
export { NOT_PRESET, USAGE_SOURCES } from './usage-sources';
export { OPERATOR_FACTS, OPERATOR_FACTS_AS_OF, type OperatorName } from './operators';
