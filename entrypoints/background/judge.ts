/**
 * The verdict the badge shows for one page: the inspection's outcome and, for a fetched file, the
 * selected crawler's verdict from the robots engine (its documented fallback chain applied).
 * Parsed files are kept for a few origins so navigating within a site does not re-parse 500 KiB.
 */
import type { FetchOutcome } from '../../lib/fetch/types';
import type { Inspection } from '../../lib/messages';
import { evaluateForCrawler, findCrawler, parseRobotsTxt, type RobotsTxt } from '../../lib/robots';

/** What the badge reports for one page and one crawler. */
export type PageJudgement =
  | { readonly kind: 'not-applicable'; readonly explanation: string }
  | {
      readonly kind: 'allowed' | 'blocked';
      readonly crawlerName: string;
      /** The deciding line, or null when no rule matched. */
      readonly rule: { readonly line: number; readonly text: string } | null;
      /** The body was an HTML page, not a robots.txt. */
      readonly html: boolean;
    }
  /** 4xx, too many redirects, a loop: no robots.txt, everything allowed. */
  | { readonly kind: 'no-file'; readonly crawlerName: string; readonly outcome: Extract<FetchOutcome, { kind: 'unavailable' }> }
  /** 429, 5xx, timeout, network failure: everything disallowed. */
  | { readonly kind: 'unreachable'; readonly crawlerName: string; readonly outcome: Extract<FetchOutcome, { kind: 'unreachable' }> };

/** Parsed files kept in memory. */
const PARSED_FILES_KEPT = 16;

export interface PageJudge {
  /** Returns what `crawler` (a preset's token or a custom token) may do on the inspected page. */
  judge(inspection: Inspection, crawler: string): PageJudgement;
}

/** Returns a judge that parses each fetched file once. */
export function createPageJudge(): PageJudge {
  /** By origin: the text last parsed and its parse. */
  const parsed = new Map<string, { readonly text: string; readonly robots: RobotsTxt }>();

  function parseOnce(origin: string, text: string): RobotsTxt {
    const kept = parsed.get(origin);
    parsed.delete(origin);
    // Compared by content: a refresh may bring a new file within the same millisecond.
    const robots = kept !== undefined && kept.text === text ? kept.robots : parseRobotsTxt(text);
    // Re-inserted last: the Map's order is the eviction order.
    parsed.set(origin, { text, robots });
    if (parsed.size > PARSED_FILES_KEPT) parsed.delete(parsed.keys().next().value as string);
    return robots;
  }

  return {
    judge(inspection, crawler) {
      if (inspection.kind === 'not-applicable') return { kind: 'not-applicable', explanation: inspection.explanation };
      const crawlerName = findCrawler(crawler)?.name ?? crawler;
      const { record } = inspection;
      const { outcome } = record;
      if (outcome.kind === 'unavailable') return { kind: 'no-file', crawlerName, outcome };
      if (outcome.kind === 'unreachable') return { kind: 'unreachable', crawlerName, outcome };
      const robots = parseOnce(record.origin, outcome.body.text);
      const { verdict } = evaluateForCrawler(robots, inspection.pageUrl, crawler);
      return {
        kind: verdict.allowed ? 'allowed' : 'blocked',
        crawlerName,
        rule: verdict.rule === null ? null : { line: verdict.rule.line, text: verdict.rule.text },
        html: outcome.body.looksLikeHtml,
      };
    },
  };
}
