/**
 * The crawlers a source reports to read robots.txt with another parser than Google's, keyed by token
 * (records.ts); every other crawler is read with Google's rules, and its record says why.
 */
import type { CrawlerToken } from './records';
import type { ParserStack } from './types';

/** A crawler no source reports to run another parser. */
export const GOOGLE_RULES: ParserStack = {
  kind: 'google-rules',
  why: 'No source says it runs another parser, so it is read with Google’s rules.',
};

/** The crawlers reported to run another parser, with the report's confidence, source and date. */
export const REPORTED_PARSERS: { readonly [T in CrawlerToken]?: ParserStack & { readonly kind: 'reported' } } = {
  CCBot: {
    kind: 'reported',
    profile: 'crawler-commons',
    stack: 'a Nutch-based crawler, whose robots.txt parser is crawler-commons',
    confidence: 'unverified',
    source: 'docs/semantics/lens.md §6.1 (confidence L, not in the sources read)',
    asOf: '2026-08-21',
  },
};

/** Returns the parser stack of `token`'s crawler. */
export function parserOf(token: CrawlerToken): ParserStack {
  return REPORTED_PARSERS[token] ?? GOOGLE_RULES;
}
