import type { ChangedSinceReply } from '../../lib/history/api';
import { describeFileChange, describeVerdictChanges } from '../../lib/history/words';
import { formatAgo, formatEvery } from '../format';
import { REFETCH } from './format';

export interface ChangedSinceProps {
  readonly summary: ChangedSinceReply;
  /** Epoch ms, for "3 days ago". */
  readonly now: number;
  readonly onOpenHistory: () => void;
}

/**
 * "robots.txt changed 3 days ago: 2 lines added, 1 removed · Googlebot's verdict for this page went
 * from Allowed to Blocked", with a link to the history; then which version Googlebot may still be
 * using, and until when (Google caches robots.txt for up to 24 hours).
 */
export function ChangedSince({ summary, now, onOpenHistory }: ChangedSinceProps) {
  const when = formatAgo(Math.max(0, now - summary.changedAt));
  const parts = [`robots.txt changed ${when}: ${describeFileChange(summary)}`, ...describeVerdictChanges(summary)];
  return (
    <p class="notice changed-since" role="status" data-testid="changed-since">
      <span>{parts.join(' · ')}</span>{' '}
      <a
        href="#history"
        onClick={(e) => {
          e.preventDefault();
          onOpenHistory();
        }}
      >
        See the history
      </a>
      {summary.crawlerNow ? (
        <span class="crawler-now" data-testid="crawler-now">
          What crawlers are using now: {summary.crawlerNow}
        </span>
      ) : null}
    </p>
  );
}

export interface HistoryActionsProps {
  readonly refreshing: boolean;
  /** Whether the origin is watched; null until known. */
  readonly watched: boolean | null;
  /** A watch just started, confirmed in place; null otherwise. */
  readonly watchNote?: {
    readonly origin: string;
    readonly everyMinutes: number;
    readonly notifications: boolean;
  } | null;
  readonly onRefresh: () => void;
  readonly onToggleWatch: () => void;
  readonly onOpenHistory: () => void;
  /** Opens the options page, where notifications are turned on. */
  readonly onOpenOptions?: () => void;
}

/** Returns the host (and port) of an origin, as a person names a site; the origin itself when it is no URL. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}

/** Refetch robots.txt now, watch the site (confirmed in place), open its history. */
export function HistoryActions({
  refreshing,
  watched,
  watchNote = null,
  onRefresh,
  onToggleWatch,
  onOpenHistory,
  onOpenOptions,
}: HistoryActionsProps) {
  return (
    <div class="history-actions">
      <button type="button" class="small" data-testid="refresh" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Fetching robots.txt…' : REFETCH}
      </button>
      <label class="watch">
        <input
          type="checkbox"
          data-testid="watch"
          checked={watched === true}
          disabled={watched === null}
          onChange={onToggleWatch}
        />{' '}
        Watch this site
      </label>
      <button type="button" class="small" data-testid="open-history" onClick={onOpenHistory}>
        History
      </button>
      {watched === true && watchNote !== null ? (
        <p class="watch-note" role="status" data-testid="watch-note">
          Watching {hostOf(watchNote.origin)}: checked every {formatEvery(watchNote.everyMinutes)}.{' '}
          {watchNote.notifications ? (
            'A change will show as a notification.'
          ) : (
            <>
              Notifications are off: a change shows here and on the options page.{' '}
              {onOpenOptions ? (
                <button type="button" class="link-button" data-testid="watch-options" onClick={onOpenOptions}>
                  Turn on notifications
                </button>
              ) : null}
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}
