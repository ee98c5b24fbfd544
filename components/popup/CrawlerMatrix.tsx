import type { MatrixRow } from './model';

export interface CrawlerMatrixProps {
  readonly rows: readonly MatrixRow[];
  readonly selected: string;
  readonly onSelect: (token: string) => void;
  /** Blocked render-critical page resources per crawler token, once known (Page resources, issue 15). */
  readonly renderCriticalBlocked?: ReadonlyMap<string, number> | null;
}

/** One row per crawler preset for this URL; picking a row selects that crawler. */
export function CrawlerMatrix({ rows, selected, onSelect, renderCriticalBlocked = null }: CrawlerMatrixProps) {
  if (rows.length === 0) return <p class="muted">robots.txt does not apply to this page.</p>;
  const blocked = rows.filter((r) => !r.allowed).length;
  return (
    <div>
      <p class="muted">
        {rows.length - blocked} allowed, {blocked} blocked. Pick a row to select that crawler.
      </p>
      <ul class="matrix">
        {rows.map((r) => (
          <li key={r.crawler.token}>
            <button
              type="button"
              class={`matrix-row tone-${r.allowed ? 'allowed' : 'blocked'}`}
              data-testid="matrix-row"
              data-crawler={r.crawler.token}
              data-allowed={String(r.allowed)}
              aria-pressed={r.crawler.token === selected}
              onClick={() => onSelect(r.crawler.token)}
            >
              <span class="matrix-verdict">
                <span aria-hidden="true">{r.allowed ? '✓' : '✕'}</span> {r.allowed ? 'Allowed' : 'Blocked'}
              </span>
              <span class="matrix-name">
                {r.crawler.name} <span class="muted">{r.crawler.purposeLabel}</span>
              </span>
              <span class="matrix-rule">
                {r.line > 0 ? (
                  <>
                    <span class="line-no">Line {r.line}</span> <code>{r.summary}</code>
                  </>
                ) : (
                  <span class="muted">{r.summary}</span>
                )}
              </span>
              {renderCriticalBlocked?.has(r.crawler.token) ? (
                <span class="matrix-resources muted" data-testid="matrix-resources">
                  {renderCriticalBlocked.get(r.crawler.token)} render-critical{' '}
                  {renderCriticalBlocked.get(r.crawler.token) === 1 ? 'resource' : 'resources'} blocked
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
