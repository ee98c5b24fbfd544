import type { OutcomeDescription } from '../../lib/fetch/describe';
import type { FetchRecord } from '../../lib/fetch/types';
import { describeBodySize } from '../../lib/verdict/words';
import { formatAgo } from '../format';
import { formatStatus, isHttpUrl, REFETCH } from './format';

export interface FetchPanelProps {
  readonly record: FetchRecord;
  /** What the record means, in the worker's words (describeRecord). */
  readonly description: OutcomeDescription;
  readonly source: 'cache' | 'network';
  /** Age of the record when the worker answered, in ms. */
  readonly ageMs: number;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
}

/**
 * How the robots.txt was fetched: URL, status, size, age, what it means, redirects, and Fetch robots.txt again.
 * What the body holds (HTML, UTF-16, the cut) is said beside the verdict, not here.
 */
export function FetchPanel({ record, description, source, ageMs, refreshing, onRefresh }: FetchPanelProps) {
  const { outcome } = record;
  const { summary, effect, notes } = description;
  return (
    <div class="fetch">
      <p>
        {isHttpUrl(record.robotsUrl) ? (
          <a href={record.robotsUrl} target="_blank" rel="noopener noreferrer" class="url">
            {record.robotsUrl}
          </a>
        ) : (
          <code class="url">{record.robotsUrl}</code>
        )}
      </p>
      <dl class="facts">
        <dt>Status</dt>
        <dd data-testid="fetch-status" class={`status-${outcome.kind}`}>
          {formatStatus(outcome)} <span class="muted">({outcome.kind})</span>
        </dd>
        {outcome.kind === 'ok' ? (
          <>
            <dt>Size</dt>
            <dd>
              {describeBodySize(outcome.body)}
              {outcome.body.contentType ? <span class="muted"> · {outcome.body.contentType}</span> : null}
            </dd>
          </>
        ) : null}
        <dt>Fetched</dt>
        <dd>
          {formatAgo(ageMs)}, at {new Date(record.fetchedAt).toLocaleString()} (
          {source === 'cache' ? 'from the cache' : 'just fetched'}, took {Math.round(record.durationMs)} ms)
          <span class="muted"> · kept until {new Date(record.expiresAt).toLocaleString()}</span>
        </dd>
      </dl>
      <p data-testid="fetch-outcome">
        {summary} {effect}
      </p>
      {notes.map((note) => (
        <p key={note} class="muted">
          {note}
        </p>
      ))}
      {record.hops.length > 0 ? (
        <div>
          <h3>Redirects</h3>
          <ol class="hops">
            {record.hops.map((h, i) => (
              <li key={i}>
                <span class="line-no">{h.status}</span> <span class="url">{h.from}</span> →{' '}
                <span class="url">{h.to}</span>
                {h.crossOrigin ? <span class="muted"> (another origin)</span> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <button type="button" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Fetching robots.txt…' : REFETCH}
      </button>
    </div>
  );
}
