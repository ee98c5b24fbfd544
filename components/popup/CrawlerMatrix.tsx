import type { MatrixRow } from './model';

export interface CrawlerMatrixProps {
  readonly rows: readonly MatrixRow[];
  readonly selected: string;
  readonly onSelect: (token: string) => void;
}

/** One row per crawler preset for this URL; picking a row selects that crawler. */
export function CrawlerMatrix({ rows, selected, onSelect }: CrawlerMatrixProps) {
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
              data-indexable={r.indexable === undefined ? undefined : String(r.indexable)}
              aria-pressed={r.crawler.token === selected}
              onClick={() => onSelect(r.crawler.token)}
            >
              <span class="matrix-verdict">
                <span aria-hidden="true">{r.allowed ? '✓' : '✕'}</span> {r.allowed ? 'Allowed' : 'Blocked'}
              </span>
              <span class="matrix-name">
                {r.crawler.name} <span class="muted">{r.crawler.purposeLabel}</span>
              </span>
              {r.indexability === undefined ? null : (
                <span class={`matrix-indexable ${r.indexable ? 'tone-allowed' : 'tone-blocked'}`}>
                  {r.indexability}
                </span>
              )}
              <span class="matrix-rule">
                {r.line > 0 ? (
                  <>
                    <span class="line-no">Line {r.line}</span> <code>{r.summary}</code>
                  </>
                ) : (
                  <span class="muted">{r.summary}</span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
