/**
 * Named crawlers whose operator is reported to run another parser stack than Google's (docs/semantics/lens.md
 * §x.1 "Who uses it"): the view of the crawler catalogue (lib/crawlers/parsers.ts) the all-crawlers
 * matrix reads, so it can say it without loading a lens. The reports, with their confidence, source
 * and date, live there; change them there.
 */
import { parserOf } from '../crawlers/parsers';
import { CRAWLER_CORES } from '../crawlers/records';
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

/** Every record whose parser is reported to be another stack, in catalogue order. */
export const CRAWLER_PARSERS: readonly CrawlerParser[] = CRAWLER_CORES.flatMap(({ token }) => {
  const parser = parserOf(token);
  return parser.kind === 'reported'
    ? [
        {
          token,
          profile: parser.profile,
          stack: parser.stack,
          confidence: parser.confidence,
          source: parser.source,
          asOf: parser.asOf,
        },
      ]
    : [];
});

/** Returns the report in words, with its uncertainty and date. */
export function describeCrawlerParser(parser: CrawlerParser): string {
  return `${parser.confidence === 'unverified' ? 'Reported, not verified, to run' : 'Runs'} ${parser.stack} (as of ${parser.asOf}): it may read this file differently from Google; see Other crawler stacks.`;
}
