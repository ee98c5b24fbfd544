/**
 * The verdict the badge shows for one page: judgePage over the tab's inspection. Parsed files are
 * kept for a few origins so navigating within a site does not re-parse 500 KiB.
 */
import type { Inspection } from '../../../lib/protocol/messages';
import type { FetchedBody } from '../../../lib/fetch/types';
import { compileBody, judgePage, readPageRobots, readRecordRobots } from '../../../lib/verdict/page-verdict';
import type { PageVerdict, RecordReading } from '../../../lib/verdict/types';
import type { CompiledRobots } from '../../../lib/robots';
import { createLru } from '../../../lib/shared/lru';

/** Parsed files kept in memory. */
const PARSED_FILES_KEPT = 16;

export interface PageJudge {
  /** Returns what `crawler` (a preset's token or a custom token) may do on the inspected page. */
  judge(inspection: Inspection, crawler: string): PageVerdict;
  /** Returns what `crawler` may do on `url` under an origin's record (another origin's robots.txt). */
  judgeRecord(reading: RecordReading, url: string, crawler: string): PageVerdict;
}

/** Returns a judge that parses each fetched file once. */
export function createPageJudge(): PageJudge {
  /** By origin: the bytes last parsed and their parse. */
  const parsed = createLru<string, { readonly bytes: string; readonly compiled: CompiledRobots }>(PARSED_FILES_KEPT);

  function parseOnce(body: FetchedBody, origin: string): CompiledRobots {
    const kept = parsed.peek(origin);
    // Compared by content: a refresh may bring a new file within the same millisecond.
    const compiled = kept !== undefined && kept.bytes === body.bytes ? kept.compiled : compileBody(body);
    parsed.set(origin, { bytes: body.bytes, compiled });
    return compiled;
  }

  return {
    judge: (inspection, crawler) => judgePage(readPageRobots(inspection, parseOnce), inspection.pageUrl, crawler),
    judgeRecord: (reading, url, crawler) => judgePage(readRecordRobots(reading, parseOnce), url, crawler),
  };
}
