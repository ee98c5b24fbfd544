import type { ChangedSinceReply } from '../../lib/history/api';
import { describeFileChange, describeVerdictChanges } from '../../lib/history/words';
import { formatDuration } from '../format';

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
  const ago = formatDuration(Math.max(0, now - summary.changedAt));
  const when = ago === 'just now' ? 'just now' : `${ago} ago`;
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
  readonly onRefresh: () => void;
  readonly onToggleWatch: () => void;
  readonly onOpenHistory: () => void;
}

/** Refetch robots.txt now, watch the site, open its history. */
export function HistoryActions({ refreshing, watched, onRefresh, onToggleWatch, onOpenHistory }: HistoryActionsProps) {
  return (
    <div class="history-actions">
      <button type="button" class="small" data-testid="refresh" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing…' : 'Refetch now'}
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
    </div>
  );
}
