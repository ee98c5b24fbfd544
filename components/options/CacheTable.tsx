import type { CacheEntrySummary } from '../../lib/cache';
import { formatBytes, formatDuration } from '../format';
import { formatEffect, formatOutcome } from './format';
import { countOf } from '../../lib/shared/plural';

export interface CacheTableProps {
  readonly entries: readonly CacheEntrySummary[];
  /** Epoch ms, for ages and expiry. */
  readonly now: number;
  /** Origins being refreshed right now. */
  readonly busy: ReadonlySet<string>;
  readonly onRefresh: (origin: string) => void;
  readonly onClear: (origin: string) => void;
}

/** The cached origins, most recently used first, each with refresh and clear. Origins are shown as text. */
export function CacheTable({ entries, now, busy, onRefresh, onClear }: CacheTableProps) {
  if (entries.length === 0) {
    return (
      <p class="empty" data-testid="cache-empty">
        Nothing cached yet. Visit a site and its robots.txt appears here.
      </p>
    );
  }
  return (
    <div class="table-scroll">
      <table class="cache-table" data-testid="cache-table">
        <caption class="visually-hidden">Cached robots.txt files</caption>
        <thead>
          <tr>
            <th scope="col">Origin</th>
            <th scope="col">Outcome</th>
            <th scope="col">Age</th>
            <th scope="col">Size</th>
            <th scope="col">Served from cache</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const expired = now >= entry.expiresAt;
            const refreshing = busy.has(entry.origin);
            return (
              <tr key={entry.origin} data-origin={entry.origin} class={`outcome-${entry.outcomeKind}`}>
                <th scope="row" class="origin">
                  {entry.origin}
                </th>
                <td>
                  <span class={`tag tag-${entry.outcomeKind}`}>{formatOutcome(entry)}</span>{' '}
                  <span class="muted">{formatEffect(entry.outcomeKind)}</span>
                </td>
                <td>
                  {formatDuration(Math.max(0, now - entry.fetchedAt))}
                  {expired ? <span class="muted"> (expired)</span> : null}
                </td>
                <td>{formatBytes(entry.bytes)}</td>
                <td>{countOf(entry.hits, 'time')}</td>
                <td class="actions">
                  <button
                    type="button"
                    onClick={() => onRefresh(entry.origin)}
                    disabled={refreshing}
                    aria-label={`Fetch robots.txt again for ${entry.origin}`}
                  >
                    {refreshing ? 'Fetching robots.txt…' : 'Fetch robots.txt again'}
                  </button>
                  <button
                    type="button"
                    onClick={() => onClear(entry.origin)}
                    disabled={refreshing}
                    aria-label={`Clear ${entry.origin}`}
                  >
                    Clear
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
