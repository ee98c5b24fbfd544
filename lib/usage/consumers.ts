/**
 * Who states they read which usage signal (docs/semantics/usage.md §5): dated data, not logic. A missing entry
 * means `unknown`. Updating this file changes the consumer view (§4.7), never the declared answer.
 * Re-verify every entry before a release and move `asOf`.
 */
import type { ConsumerStatus, SignalId } from './types';

/** The data's date: "per operators' published statements as of <asOf>". */
export const CONSUMERS_AS_OF = '2026-11-25';

/** A cell older than this at evaluation time is marked "re-check" (§4.7). */
export const RECHECK_AFTER_DAYS = 180;

/** One cell of the §5 table. */
export interface ConsumerEntry {
  readonly signalId: SignalId;
  readonly operator: string;
  readonly status: ConsumerStatus;
  readonly claim: string;
  readonly source: string;
  /** When the claim was published or last checked (YYYY-MM-DD). */
  readonly sourceDate: string;
  readonly verified: string;
  readonly confidence: 'H' | 'M' | 'L';
}

const V = '2026-11-25';

export const CONSUMERS: readonly ConsumerEntry[] = [
  // Google
  {
    signalId: 'robots-noindex',
    operator: 'Google',
    status: 'honoured',
    claim: 'noindex keeps the page out of Search',
    source: 'S13',
    sourceDate: '2025-03-05',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'content-usage-robots',
    operator: 'Google',
    status: 'not-honoured',
    claim: 'content-usage is among the tags Google does not use',
    source: 'S11 google/robotstxt 4af32e5; S12',
    sourceDate: '2026-07-06',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'content-usage-header',
    operator: 'Google',
    status: 'not-honoured',
    claim: 'Content-Usage has no effect on Google',
    source: 'S12',
    sourceDate: '2026-07-06',
    verified: V,
    confidence: 'M',
  },
  {
    signalId: 'content-signal',
    operator: 'Google',
    status: 'not-honoured',
    claim: 'content-signal is among the tags Google does not use',
    source: 'S11; S12',
    sourceDate: '2026-07-06',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'content-signal-use',
    operator: 'Google',
    status: 'not-honoured',
    claim: 'content-signal is among the tags Google does not use',
    source: 'S11',
    sourceDate: '2026-02-19',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'training-policy',
    operator: 'Google',
    status: 'announced',
    claim: 'intends to support the shared training preference signal',
    source: 'S10 Google crawling changelog',
    sourceDate: '2026-10-30',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'control-token',
    operator: 'Google',
    status: 'honoured',
    claim: 'Google-Extended controls Gemini training and grounding',
    source: 'S14',
    sourceDate: '2026-08-28',
    verified: V,
    confidence: 'M',
  },
  {
    signalId: 'snippet-controls',
    operator: 'Google',
    status: 'honoured',
    claim: 'nosnippet and max-snippet limit AI Overviews and AI Mode',
    source: 'S13',
    sourceDate: '2025-03-05',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'archive-controls',
    operator: 'Google',
    status: 'not-honoured',
    claim: 'Google ignores noarchive and nocache',
    source: 'S13',
    sourceDate: '2025-03-05',
    verified: V,
    confidence: 'H',
  },
  {
    signalId: 'noai',
    operator: 'Google',
    status: 'not-honoured',
    claim: 'noai is not among the rules Google supports',
    source: 'S13',
    sourceDate: '2025-03-05',
    verified: V,
    confidence: 'H',
  },
  // Microsoft
  {
    signalId: 'robots-noindex',
    operator: 'Microsoft',
    status: 'honoured',
    claim: 'Bing supports noindex',
    source: 'S36',
    sourceDate: '2026-02-27',
    verified: V,
    confidence: 'M',
  },
  {
    signalId: 'snippet-controls',
    operator: 'Microsoft',
    status: 'partial',
    claim: 'nosnippet and data-nosnippet may limit citations',
    source: 'S18',
    sourceDate: '2026-02-27',
    verified: V,
    confidence: 'M',
  },
  {
    signalId: 'archive-controls',
    operator: 'Microsoft',
    status: 'honoured',
    claim: 'noarchive and nocache limit Copilot and Bing grounding (training: 2023 statement)',
    source: 'S17, S18',
    sourceDate: '2026-02-27',
    verified: V,
    confidence: 'M',
  },
  // Apple
  {
    signalId: 'robots-noindex',
    operator: 'Apple',
    status: 'honoured',
    claim: 'Applebot supports noindex',
    source: 'S36 Apple HT204683',
    sourceDate: '2026-08-28',
    verified: V,
    confidence: 'M',
  },
  {
    signalId: 'control-token',
    operator: 'Apple',
    status: 'honoured',
    claim: "Applebot-Extended controls Apple's model training",
    source: 'S19',
    sourceDate: '2026-08-28',
    verified: V,
    confidence: 'M',
  },
  // Amazon
  {
    signalId: 'archive-controls',
    operator: 'Amazon',
    status: 'honoured',
    claim: 'NOARCHIVE: the page is not used for LLM training',
    source: 'S27',
    sourceDate: '2026',
    verified: V,
    confidence: 'M',
  },
  // Cloudflare Browser Rendering /crawl
  {
    signalId: 'content-signal-use',
    operator: 'Cloudflare',
    status: 'honoured',
    claim: "/crawl refuses (HTTP 400) when the site's use level is below the caller's contentUse",
    source: 'S7 Cloudflare changelog',
    sourceDate: '2026-08-31',
    verified: V,
    confidence: 'H',
  },
];

/** Returns the entry for a signal and an operator, or null (the status is then `unknown`). */
export function findConsumerEntry(
  signalId: SignalId,
  operator: string | null,
  entries: readonly ConsumerEntry[] = CONSUMERS,
): ConsumerEntry | null {
  if (operator === null) return null;
  return entries.find((e) => e.signalId === signalId && e.operator === operator) ?? null;
}
