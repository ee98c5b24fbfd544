/**
 * The crawler catalogue: one record per crawler (records.ts) and the IP lists its records point to
 * (ip-lists.ts). Literal data only, so the engine can read it without weight: the reader of a list
 * (jafar.ts, which brings valibot) and the loader of a shipped snapshot (load-ip-list.ts) are
 * imported on their own by the features that need them.
 */
export * from './types';
export { CRAWLER_RECORDS, CRAWLERS_AS_OF, CRAWLERS_VERSION, IDENTITY_FACTS_AS_OF } from './records';
export { IP_LISTS, describeSnapshotDate, findIpList } from './ip-lists';
export { EVERGREEN_CHROME_VERSION, USER_AGENTS_CHECKED } from './user-agents';
