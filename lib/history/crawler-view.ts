/**
 * "What crawlers are using now": from the kept versions and Google's documented caching, which
 * version of robots.txt Googlebot may still be using, and until when. Google caches robots.txt for
 * up to 24 hours (longer when it cannot refresh it: while the file is unreachable it keeps its
 * last good copy, up to 30 days); a version's Use preferences bind only content fetched after the
 * crawler re-read the file. Pure: the clock and the date format are the caller's.
 */
import { DAY } from '../fetch/constants';
import { describeGoogleOutage, GOOGLE_KEEP_MS, type GoogleOutage, readGoogleOutage } from '../verdict/outage';
import type { VersionMeta } from './versions';

/** How long Google may keep using a robots.txt it fetched (Google Search Central: robots.txt caching). */
const GOOGLE_CACHE_MS = DAY;
/** How long Google keeps its last good copy while robots.txt is unreachable. */
const GOOGLE_UNREACHABLE_KEEP_MS = GOOGLE_KEEP_MS;

/** Which version Googlebot is using, as far as the kept versions tell. */
export type CrawlerView =
  | { readonly kind: 'none' }
  /** The newest version is older than Google's cache: Googlebot uses it. */
  | { readonly kind: 'current'; readonly seq: number }
  /** The newest version is new: Googlebot may still use `previousSeq` until `until`. */
  | { readonly kind: 'may-use-previous'; readonly seq: number; readonly previousSeq: number; readonly until: number }
  /** Only one version kept and it is new: an older copy Robotscope never saw may still be in use until `until`. */
  | { readonly kind: 'may-use-unseen'; readonly seq: number; readonly until: number }
  /**
   * robots.txt is unreachable since version `seq` was first seen: the step of Google's sequence
   * that applies (lib/verdict/outage.ts); its last good copy is `previousSeq`, last fetched at
   * `previousAt` (null: one never seen).
   */
  | {
      readonly kind: 'unreachable';
      readonly seq: number;
      readonly previousSeq: number | null;
      readonly previousAt: number | null;
      readonly until: number;
      readonly outage: GoogleOutage;
    };

/** Returns what Googlebot is using now, from `versions` (any order) at `now` (epoch ms). */
export function readCrawlerView(versions: readonly VersionMeta[], now: number): CrawlerView {
  const sorted = [...versions].sort((a, b) => b.seq - a.seq);
  const newest = sorted[0];
  if (newest === undefined) return { kind: 'none' };
  if (newest.outcome === 'unreachable') {
    const good = sorted.find((v) => v.outcome !== 'unreachable') ?? null;
    return {
      kind: 'unreachable',
      seq: newest.seq,
      previousSeq: good?.seq ?? null,
      previousAt: good?.lastSeen ?? null,
      until: newest.firstSeen + GOOGLE_UNREACHABLE_KEEP_MS,
      outage: readGoogleOutage(newest.firstSeen, now),
    };
  }
  // The change happened before the new version was first seen: the old copy expires by then + 24 h.
  const until = newest.firstSeen + GOOGLE_CACHE_MS;
  if (now >= until) return { kind: 'current', seq: newest.seq };
  const previous = sorted.find((v) => v.seq !== newest.seq && v.outcome !== 'unreachable');
  return previous === undefined
    ? { kind: 'may-use-unseen', seq: newest.seq, until }
    : { kind: 'may-use-previous', seq: newest.seq, previousSeq: previous.seq, until };
}

const PREFERENCES =
  'Its Use preferences (Content-Usage, Content-Signal) bind only what Googlebot fetches after it re-read the file.';

/** Returns the view in words; `formatTime` formats an epoch ms. */
export function describeCrawlerView(view: CrawlerView, formatTime: (ms: number) => string): string {
  switch (view.kind) {
    case 'none':
      return 'No version is kept yet, so Robotscope cannot tell which one crawlers use.';
    case 'current':
      return `Googlebot uses version #${view.seq}: it has been served for more than 24 hours, longer than Google caches robots.txt.`;
    case 'may-use-previous':
      return `Googlebot may still be using version #${view.previousSeq} until ${formatTime(view.until)} at the latest (Google caches robots.txt for up to 24 hours); from then on it uses version #${view.seq}. ${PREFERENCES}`;
    case 'may-use-unseen':
      return `Version #${view.seq} is the only one kept, first seen less than 24 hours ago: if it is new, Googlebot may still be using the file before it until ${formatTime(view.until)} at the latest. ${PREFERENCES}`;
    case 'unreachable':
      // One wording with the popup's verdict (lib/verdict/outage.ts): the step that applies now.
      return `robots.txt is unreachable (version #${view.seq}). ${describeGoogleOutage(view.outage, {
        formatTime,
        since: `the first failed fetch seen (version #${view.seq})`,
        lastGood:
          view.previousSeq === null || view.previousAt === null
            ? null
            : `most likely version #${view.previousSeq}, last fetched ${formatTime(view.previousAt)}`,
      })}`;
  }
}
