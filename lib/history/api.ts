/** The plain data the worker sends about history and watched sites (lib/protocol/messages.ts). */
import type { ChangeSummary } from './notice';
import type { HistoryUsage } from './store';
import type { VersionMeta } from './versions';

export type { ChangeSummary };
export type { VerdictChange } from './verdicts';
export type { VersionMeta };

/** One watched origin, as the options page lists it. */
export interface WatchedSite {
  readonly origin: string;
  /** Epoch ms the user started watching. */
  readonly since: number;
  /** Epoch ms of the last check, or null before the first. */
  readonly lastCheckAt: number | null;
  /** The last check's result in words, or null. */
  readonly lastResult: string | null;
  /** The status of the last check ("200", "503", "timeout"), or null. */
  readonly lastStatus: string | null;
}

/** What the history view lists for an origin. */
export interface HistoryListing {
  readonly origin: string;
  /** Newest first. */
  readonly versions: readonly VersionMeta[];
  readonly watched: boolean;
}

export interface HistoryUsageReply extends HistoryUsage {
  readonly maxVersions: number;
  readonly maxBytes: number;
}

/** The popup's "changed since your last inspection", with what crawlers are using now. */
export interface ChangedSinceReply extends ChangeSummary {
  /**
   * Which version Googlebot may still be using and until when, in words (lib/history/crawler-view.ts),
   * worded by the worker so the popup carries neither the rules nor the sentences.
   */
  readonly crawlerNow: string;
}
