/**
 * The words the user reads for each fetch outcome (what the body itself holds — HTML, UTF-16, the
 * 500 KiB cut — is a reading condition of the verdict: lib/verdict/page-verdict.ts). The worker makes them and sends them with each
 * inspection (lib/protocol/messages.ts), so the popup, the badge tooltip and lib/verdict/page-verdict always agree.
 * Spec: docs/semantics/robots.md §7 and Google's crawler documentation.
 */
import { MAX_REDIRECTS } from './constants';
import type { FetchOutcome, FetchRecord } from './types';

/** What the user must be told about one outcome. */
export interface OutcomeDescription {
  /** What happened, one sentence: "robots.txt found (HTTP 200)." */
  readonly summary: string;
  /** What crawlers do as a result, one sentence. */
  readonly effect: string;
  /** Further sentences the user must see (why 401/403 do not block, what Google does next, redirects). */
  readonly notes: readonly string[];
}

/** Google's documented behaviour while a robots.txt is unreachable (docs/semantics/robots.md §7). */
export const GOOGLE_UNREACHABLE_NOTE =
  'Google then stops crawling the site for 12 hours, uses its last good copy of robots.txt for up to 30 days, ' +
  'and after that behaves as if there were no robots.txt if the rest of the site is reachable.';

/** Google may still be working from a copy fetched up to a day earlier (docs/semantics/robots.md §7). */
export const GOOGLE_CACHE_NOTE = 'Google may be using a copy of this file up to 24 hours old.';

/** What crawlers may do when no rule applies, and when robots.txt is unreachable: the one wording of each. */
export const ALL_ALLOWED = 'every URL on the site may be crawled';
export const ALL_BLOCKED = 'every URL on the site is blocked';

/**
 * The short phrase of each outcome that leaves no rule to read, after the verdict's word ("Allowed:
 * no robots.txt, every URL on the site may be crawled"): the card's, the badge's and the report's.
 */
export const OUTCOME_PHRASES = {
  unavailable: `no robots.txt: ${ALL_ALLOWED}`,
  unreachable: `robots.txt unreachable: ${ALL_BLOCKED}`,
} as const;

const EFFECT_ALLOW_ALL = `Crawlers treat this as ${OUTCOME_PHRASES.unavailable}.`;
const EFFECT_DISALLOW_ALL = `Crawlers treat the site as disallowed while robots.txt is unreachable: ${ALL_BLOCKED}.`;

/** Returns a description of an outcome that leaves every URL allowed, with `notes`. */
function allowingAll(summary: string, notes: readonly string[] = []): OutcomeDescription {
  return { summary, effect: EFFECT_ALLOW_ALL, notes };
}

function describeUnavailable(outcome: Extract<FetchOutcome, { kind: 'unavailable' }>): OutcomeDescription {
  switch (outcome.cause) {
    case 'client-error':
      if (outcome.status === 401 || outcome.status === 403) {
        return allowingAll(`robots.txt is not accessible (HTTP ${outcome.status}).`, [
          'Crawlers treat 401 and 403 like 404: a locked robots.txt does not block crawling.',
        ]);
      }
      return allowingAll(`No robots.txt (HTTP ${outcome.status ?? '4xx'}).`);
    case 'too-many-redirects':
      return allowingAll(`robots.txt redirects more than ${MAX_REDIRECTS} times.`, [
        `Google follows at most ${MAX_REDIRECTS} redirects, then treats robots.txt as missing (like a 404).`,
      ]);
    case 'redirect-loop':
      return allowingAll('robots.txt redirects in a loop.', [
        'A redirect loop never reaches a file, so crawlers treat robots.txt as missing (like a 404).',
      ]);
    case 'unexpected-status':
      return allowingAll(
        `The server answered robots.txt with HTTP ${outcome.status ?? '?'}, which is neither a file nor an error.`,
      );
  }
}

function describeUnreachable(outcome: Extract<FetchOutcome, { kind: 'unreachable' }>): OutcomeDescription {
  const summaries: Record<typeof outcome.cause, string> = {
    'rate-limited': 'The server answered robots.txt with HTTP 429 Too Many Requests.',
    'server-error': `The server failed to deliver robots.txt (HTTP ${outcome.status ?? '5xx'}).`,
    timeout: `robots.txt did not arrive in time: ${outcome.detail}.`,
    'network-error': `robots.txt could not be fetched: ${outcome.detail}.`,
  };
  return {
    summary: summaries[outcome.cause],
    effect: EFFECT_DISALLOW_ALL,
    notes: [GOOGLE_UNREACHABLE_NOTE],
  };
}

/** Returns the sentences that tell the user what `outcome` means and what crawlers do about it. */
export function describeOutcome(outcome: FetchOutcome): OutcomeDescription {
  switch (outcome.kind) {
    case 'ok':
      return {
        summary: `robots.txt found (HTTP ${outcome.status}).`,
        effect: 'Its rules decide what each crawler may fetch.',
        notes: [],
      };
    case 'unavailable':
      return describeUnavailable(outcome);
    case 'unreachable':
      return describeUnreachable(outcome);
  }
}

/**
 * Returns describeOutcome's sentences for the record's outcome, plus what the user must know about
 * the fetch itself: the redirects followed (and that the rules still apply to the original origin)
 * and, for a usable file, that Google may be using a copy up to 24 hours old. Google's sequence for
 * an unreachable file is left to the verdict's reading condition, which has its times.
 */
export function describeRecord(record: FetchRecord): OutcomeDescription {
  const base = describeOutcome(record.outcome);
  // A record has a time: which step of Google's sequence applies, and until when, is a reading
  // condition beside the verdict (lib/verdict/outage.ts), so its timeless note is not repeated here.
  const notes = record.outcome.kind === 'unreachable' ? [] : [...base.notes];
  if (record.hops.length > 0 && record.outcome.kind === 'ok') {
    const crossOrigin = record.hops.some((hop) => hop.crossOrigin);
    const count = record.hops.length === 1 ? 'once' : `${record.hops.length} times`;
    notes.push(
      `robots.txt redirected ${count}${crossOrigin ? ', to another origin' : ''} (${record.finalUrl}). Its rules apply to ${record.origin}.`,
    );
  }
  if (record.outcome.kind === 'ok' && record.outcome.body.hasBom) {
    notes.push(
      'The file starts with a UTF-8 byte order mark (BOM). Google skips it; some other parsers read it as part of the first line.',
    );
  }
  if (record.outcome.kind !== 'unreachable') notes.push(GOOGLE_CACHE_NOTE);
  return { ...base, notes };
}
