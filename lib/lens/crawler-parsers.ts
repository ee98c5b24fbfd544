/**
 * Named crawlers whose operator is reported to run another parser stack than Google's (PARSER-LENS.md
 * §x.1 "Who uses it"). Data only, so the all-crawlers matrix can say it without loading a lens. The
 * spec names one such crawler, on a weak source: CCBot, "a Nutch-based crawler" (§6.1, confidence L,
 * not in the sources read). None of the big AI operators says which parser it uses (§9).
 */
import type { LensProfileId } from './types';

/** One crawler reported to read robots.txt with another stack. */
export interface CrawlerParser {
  readonly token: string;
  readonly profile: LensProfileId;
  /** The stack in words, as the spec reports it. */
  readonly stack: string;
  /** How sure the spec is: `unverified` for a claim it did not read in its sources. */
  readonly confidence: 'verified' | 'unverified';
  /** Where the claim is made, and the date of the spec's reading. */
  readonly source: string;
  readonly asOf: string;
}

export const CRAWLER_PARSERS: readonly CrawlerParser[] = [
  {
    token: 'CCBot',
    profile: 'crawler-commons',
    stack: 'a Nutch-based crawler, whose robots.txt parser is crawler-commons',
    confidence: 'unverified',
    source: 'PARSER-LENS.md §6.1 (confidence L, not in the sources read)',
    asOf: '2026-08-21',
  },
];

/** Returns the report in words, with its uncertainty and date. */
export function describeCrawlerParser(parser: CrawlerParser): string {
  return `${parser.confidence === 'unverified' ? 'Reported, not verified, to run' : 'Runs'} ${parser.stack} (as of ${parser.asOf}): it may read this file differently from Google; see Other crawler stacks.`;
}
