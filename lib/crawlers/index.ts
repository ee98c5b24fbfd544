/**
 * The crawler catalogue: one record per crawler (records.ts), the IP lists its records point to
 * (ip-lists.ts), and the readers of a list (jafar.ts; load-ip-list.ts loads a shipped one on demand).
 */
export * from './types';
export { CRAWLER_RECORDS, CRAWLERS_AS_OF, CRAWLERS_VERSION, IDENTITY_FACTS_AS_OF } from './records';
export { IP_LISTS, describeSnapshotDate } from './ip-lists';
export { EVERGREEN_CHROME_VERSION, USER_AGENTS_CHECKED } from './user-agents';
export { type IpListReading, type IpPrefix, type ReadIpList, readIpList, readIpListText } from './jafar';
