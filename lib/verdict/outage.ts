/**
 * Google's documented sequence while robots.txt is unreachable (429, 5xx, a timeout, a network
 * error; docs/semantics/robots.md §7, Google Search Central "How Google interprets the robots.txt specification"
 * and the Crawl Stats help): for the first 12 hours crawling stops; then Google uses its last good
 * copy for up to 30 days; after that, if the rest of the site is reachable, it crawls as if there
 * were no robots.txt. Which step applies at a time, and until when, in one wording.
 */
import { DAY, HOUR } from '../fetch/constants';

/** How long Google stops crawling once robots.txt is unreachable. */
export const GOOGLE_STOP_MS = 12 * HOUR;
/** How long, counted from the start of the outage, Google keeps using its last good copy. */
export const GOOGLE_KEEP_MS = 30 * DAY;

/** The step of Google's sequence that applies at a time, with the times it ends. */
export type GoogleOutage =
  /** The first 12 hours: crawling stops until `until`; the last good copy is used from then until `keepUntil`. */
  | { readonly kind: 'stopped'; readonly since: number; readonly until: number; readonly keepUntil: number }
  /** From 12 hours to 30 days: the last good copy is used until `until`. */
  | { readonly kind: 'last-good'; readonly since: number; readonly until: number }
  /** After 30 days (from `from`): no robots.txt if the rest of the site is reachable. */
  | { readonly kind: 'no-file'; readonly since: number; readonly from: number };

/** Returns the step that applies at `now` to an outage that began at `since` (epoch ms). */
export function readGoogleOutage(since: number, now: number): GoogleOutage {
  const keepUntil = since + GOOGLE_KEEP_MS;
  if (now < since + GOOGLE_STOP_MS) return { kind: 'stopped', since, until: since + GOOGLE_STOP_MS, keepUntil };
  if (now < keepUntil) return { kind: 'last-good', since, until: keepUntil };
  return { kind: 'no-file', since, from: keepUntil };
}

/** What the words of an outage need from their caller. */
export interface OutageWords {
  /** Formats an epoch ms for a person. */
  readonly formatTime: (ms: number) => string;
  /** Where the count starts, in words before "at" and its time: "this fetch", "the first failed fetch seen (version #3)". */
  readonly since: string;
  /** The last good copy when known ("version #2, last fetched 27 Nov, 09:00"), else null. */
  readonly lastGood: string | null;
}

const AFTER = 'after that, if the rest of the site is reachable, it crawls as if there were no robots.txt';

/** Returns the step in one sentence: what Google does now, until when, and what follows. */
export function describeGoogleOutage(outage: GoogleOutage, words: OutageWords): string {
  const { formatTime: t } = words;
  const copy = `its last good copy of robots.txt${words.lastGood === null ? '' : ` (${words.lastGood})`}`;
  const since = `${words.since} at ${t(outage.since)}`;
  switch (outage.kind) {
    case 'stopped':
      return `Google stops crawling the site until ${t(outage.until)} (the first 12 hours, counted from ${since}); then it uses ${copy} until ${t(outage.keepUntil)}; ${AFTER}.`;
    case 'last-good':
      return `Google uses ${copy} until ${t(outage.until)} (crawling stopped for the first 12 hours, counted from ${since}); ${AFTER}.`;
    case 'no-file':
      return `robots.txt has been unreachable for more than 30 days (counted from ${since}): if the rest of the site is reachable, Google crawls as if there were no robots.txt; if not, it does not crawl.`;
  }
}

/** Returns an epoch ms as a date and time a person reads in their own locale ("29 Nov, 13:54"). */
export function formatOutageTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
