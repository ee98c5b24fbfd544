/**
 * The verdict the badge shows for one page: judgePage over the tab's inspection. Parsed files are
 * kept for a few origins so navigating within a site does not re-parse 500 KiB.
 */
import type { Inspection } from '../../lib/messages';
import { judgePage, type PageVerdict, readPageRobots } from '../../lib/page-verdict';
import { type CompiledRobots, compileRobots, parseRobotsTxt } from '../../lib/robots';

/** Parsed files kept in memory. */
const PARSED_FILES_KEPT = 16;

export interface PageJudge {
  /** Returns what `crawler` (a preset's token or a custom token) may do on the inspected page. */
  judge(inspection: Inspection, crawler: string): PageVerdict;
}

/** Returns a judge that parses each fetched file once. */
export function createPageJudge(): PageJudge {
  /** By origin: the text last parsed and its parse. */
  const parsed = new Map<string, { readonly text: string; readonly robots: CompiledRobots }>();

  function parseOnce(text: string, origin: string): CompiledRobots {
    const kept = parsed.get(origin);
    parsed.delete(origin);
    // Compared by content: a refresh may bring a new file within the same millisecond.
    const robots = kept !== undefined && kept.text === text ? kept.robots : compileRobots(parseRobotsTxt(text));
    // Re-inserted last: the Map's order is the eviction order.
    parsed.set(origin, { text, robots });
    if (parsed.size > PARSED_FILES_KEPT) parsed.delete(parsed.keys().next().value as string);
    return robots;
  }

  return {
    judge: (inspection, crawler) => judgePage(readPageRobots(inspection, parseOnce), inspection.pageUrl, crawler),
  };
}
