/**
 * Whole crawler records: each core (records.ts) with the facts kept beside it (user-agents.ts,
 * identity.ts, parsers.ts, usage.ts, usage-sources.ts), put together on first use.
 */
import { IDENTITY_FACTS } from './identity';
import { parserOf } from './parsers';
import { CRAWLER_CORES } from './records';
import type { CrawlerRecord } from './types';
import { USAGE_FACTS } from './usage';
import { USAGE_SOURCES } from './usage-sources';
import { USER_AGENT_FACTS } from './user-agents';

let records: readonly CrawlerRecord[] | undefined;

/** Every crawler's whole record, in catalogue order. */
export function crawlerRecords(): readonly CrawlerRecord[] {
  records ??= CRAWLER_CORES.map((core): CrawlerRecord => ({
    ...core,
    ...IDENTITY_FACTS[core.token],
    userAgents: USER_AGENT_FACTS[core.token],
    parser: parserOf(core.token),
    usage: USAGE_FACTS[core.token],
    usageSource: USAGE_SOURCES[core.token],
  }));
  return records;
}
