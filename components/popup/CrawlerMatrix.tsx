import { useSignal } from '@preact/signals';
import { orderByPurpose, outcomeKey } from './crawler-order';
import type { MatrixRow } from './model';

export interface CrawlerMatrixProps {
  readonly rows: readonly MatrixRow[];
  readonly selected: string;
  readonly onSelect: (token: string) => void;
  /** Blocked render-critical page resources per crawler token, once known (Page resources, issue 15). */
  readonly renderCriticalBlocked?: ReadonlyMap<string, number> | null;
}

/** The outcome in words, the verdict word said once ("blocked, robots.txt unreachable"). */
function outcomeWords(row: MatrixRow): string {
  const word = row.allowed ? 'allowed' : 'blocked';
  if (row.line > 0) return `${word} by line ${row.line}: ${row.summary}`;
  return row.summary.toLowerCase().includes(word) ? row.summary : `${word}, ${row.summary}`;
}

/**
 * One row per crawler preset for this URL, in the picker's order; picking a row selects that
 * crawler. When every crawler gets the same outcome, one line says so and the rows wait behind a
 * button.
 */
export function CrawlerMatrix({ rows, selected, onSelect, renderCriticalBlocked = null }: CrawlerMatrixProps) {
  const expanded = useSignal(false);
  if (rows.length === 0) return <p class="muted">robots.txt does not apply to this page.</p>;
  const ordered = orderByPurpose(rows, (r) => r.crawler);
  const blocked = rows.filter((r) => !r.allowed).length;
  const first = ordered[0] as MatrixRow;
  const identical = rows.length > 1 && rows.every((r) => outcomeKey(r) === outcomeKey(first));
  const showRows = !identical || expanded.value;
  return (
    <div>
      {identical ? (
        <p class={`matrix-same tone-${first.allowed ? 'allowed' : 'blocked'}`} data-testid="matrix-same">
          <span aria-hidden="true">{first.allowed ? '✓ ' : '✕ '}</span>
          All {rows.length} crawlers: {outcomeWords(first)}.{' '}
          <button
            type="button"
            class="small"
            data-testid="matrix-expand"
            aria-expanded={expanded.value}
            onClick={() => (expanded.value = !expanded.value)}
          >
            {expanded.value ? 'Hide the crawlers' : 'Show each crawler'}
          </button>
        </p>
      ) : (
        <p class="muted">
          {rows.length - blocked} allowed, {blocked} blocked. Pick a row to select that crawler.
        </p>
      )}
      {showRows ? (
        <ul class="matrix">
          {ordered.map((r) => (
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
      ) : null}
    </div>
  );
}
