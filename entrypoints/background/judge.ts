/**
 * The verdict the badge shows for one page: judgePage over the tab's inspection. Parsed files are
 * kept for a few origins so navigating within a site does not re-parse 500 KiB.
 */
import type { Inspection } from '../../lib/messages';
import type { FetchedBody } from '../../lib/fetch/types';
import { compileBody, judgePage, type PageVerdict, readPageRobots } from '../../lib/page-verdict';
import type { CompiledRobots } from '../../lib/robots';

/** Parsed files kept in memory. */
const PARSED_FILES_KEPT = 16;

export interface PageJudge {
  /** Returns what `crawler` (a preset's token or a custom token) may do on the inspected page. */
  judge(inspection: Inspection, crawler: string): PageVerdict;
}

/** Returns a judge that parses each fetched file once. */
export function createPageJudge(): PageJudge {
  /** By origin: the bytes last parsed and their parse. */
  const parsed = new Map<string, { readonly bytes: string; readonly compiled: CompiledRobots }>();

  function parseOnce(body: FetchedBody, origin: string): CompiledRobots {
    const kept = parsed.get(origin);
    parsed.delete(origin);
    // Compared by content: a refresh may bring a new file within the same millisecond.
    const compiled = kept !== undefined && kept.bytes === body.bytes ? kept.compiled : compileBody(body);
    // Re-inserted last: the Map's order is the eviction order.
    parsed.set(origin, { bytes: body.bytes, compiled });
    if (parsed.size > PARSED_FILES_KEPT) parsed.delete(parsed.keys().next().value as string);
    return compiled;
  }

  return {
    judge: (inspection, crawler) => judgePage(readPageRobots(inspection, parseOnce), inspection.pageUrl, crawler),
  };
}
