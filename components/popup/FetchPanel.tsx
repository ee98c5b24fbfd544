import type { FetchRecord } from '../../lib/fetch/types';
import { bodyWarnings, explainOutcome, formatBytes, formatDuration, formatStatus, isHttpUrl } from './format';

export interface FetchPanelProps {
  readonly record: FetchRecord;
  readonly source: 'cache' | 'network';
  /** Age of the record when the worker answered, in ms. */
  readonly ageMs: number;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
}

/** How the robots.txt was fetched: URL, status, size, age, redirects, warnings, and Refresh. */
export function FetchPanel({ record, source, ageMs, refreshing, onRefresh }: FetchPanelProps) {
  const { outcome } = record;
  const warnings = bodyWarnings(record);
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
              {formatBytes(outcome.body.receivedBytes)}
              {outcome.body.contentType ? <span class="muted"> · {outcome.body.contentType}</span> : null}
            </dd>
          </>
        ) : null}
        <dt>Fetched</dt>
        <dd>
          {formatDuration(ageMs)}
          {ageMs >= 2000 ? ' ago' : ''}, at {new Date(record.fetchedAt).toLocaleString()} (
          {source === 'cache' ? 'from the cache' : 'just fetched'}, took {Math.round(record.durationMs)} ms)
          <span class="muted"> · kept until {new Date(record.expiresAt).toLocaleString()}</span>
        </dd>
      </dl>
      <p class="muted">Google may be using a copy up to 24 h old: it caches robots.txt for up to a day.</p>
      <p>{explainOutcome(outcome)}</p>
      {record.hops.length > 0 ? (
        <div>
          <h3>Redirects</h3>
          <ol class="hops">
            {record.hops.map((h, i) => (
              <li key={i}>
                <span class="line-no">{h.status}</span> <span class="url">{h.from}</span> → <span class="url">{h.to}</span>
                {h.crossOrigin ? <span class="muted"> (another origin: the rules still apply to {record.origin})</span> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <ul class="warnings">
          {warnings.map((w) => (
            <li key={w} class="warning">
              <span aria-hidden="true">⚠ </span>
              {w}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing…' : 'Refresh robots.txt'}
      </button>
    </div>
  );
}
