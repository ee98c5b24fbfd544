import type { DisagreeFilter, RowFilter, RowOrder } from '../../lib/workbench';
import { formatNumber } from '../../lib/shared/plural';

export interface ResultFiltersProps {
  readonly filter: RowFilter;
  readonly order: RowOrder;
  readonly crawlerNames: readonly string[];
  readonly shown: number;
  readonly total: number;
  /** One row per URL and crawler, or one per URL (default 'cell'). */
  readonly view?: 'cell' | 'url';
  /** Cells the filter keeps: what Export CSV writes (default `shown`). */
  readonly exportable?: number;
  readonly onView?: (view: 'cell' | 'url') => void;
  readonly onFilter: (filter: RowFilter) => void;
  readonly onOrder: (order: RowOrder) => void;
  readonly onExport: () => void;
  /** The "parsers disagree" filter; absent, it is not offered. Choosing a side runs the parser comparison first. */
  readonly disagree?: DisagreeFilter;
  readonly onDisagree?: (mode: DisagreeFilter) => void;
}

/** Filters (changed only, blocked only, one crawler), the order, the row count and Export CSV. */
export function ResultFilters({
  filter,
  order,
  crawlerNames,
  shown,
  total,
  view = 'cell',
  exportable = shown,
  onView,
  onFilter,
  onOrder,
  onExport,
  disagree,
  onDisagree,
}: ResultFiltersProps) {
  return (
    <div class="wb-filters">
      <label>
        <input
          type="checkbox"
          checked={filter.changedOnly}
          data-testid="filter-changed"
          onChange={(e) => onFilter({ ...filter, changedOnly: e.currentTarget.checked })}
        />{' '}
        Changed only
      </label>
      <label>
        <input
          type="checkbox"
          checked={filter.blockedOnly}
          data-testid="filter-blocked"
          onChange={(e) => onFilter({ ...filter, blockedOnly: e.currentTarget.checked })}
        />{' '}
        Blocked only
      </label>
      <label>
        Crawler{' '}
        <select
          data-testid="filter-crawler"
          value={filter.crawler === null ? '' : String(filter.crawler)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onFilter({ ...filter, crawler: value === '' ? null : Number(value) });
          }}
        >
          <option value="">All crawlers</option>
          {crawlerNames.map((name, i) => (
            <option key={name} value={String(i)}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {onDisagree === undefined ? null : (
        <label title="Rows where another parser's verdict differs from Google's, for the live file, the draft, or either">
          Parsers disagree{' '}
          <select
            data-testid="filter-parsers"
            value={disagree ?? 'off'}
            onChange={(e) => onDisagree(e.currentTarget.value as DisagreeFilter)}
          >
            <option value="off">Not filtered</option>
            <option value="live">With the live file</option>
            <option value="draft">With the draft</option>
            <option value="either">With either</option>
          </select>
        </label>
      )}
      <label>
        Rows{' '}
        <select
          data-testid="row-view"
          value={view}
          onChange={(e) => onView?.(e.currentTarget.value === 'url' ? 'url' : 'cell')}
        >
          <option value="cell">One per URL and crawler</option>
          <option value="url">One per URL</option>
        </select>
      </label>
      <label>
        Sort by{' '}
        <select
          data-testid="sort-by"
          value={order.by}
          onChange={(e) => onOrder({ ...order, by: e.currentTarget.value as RowOrder['by'] })}
        >
          <option value="url">URL (set order)</option>
          <option value="crawler">Crawler</option>
          <option value="change">Changes first</option>
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={order.descending}
          onChange={(e) => onOrder({ ...order, descending: e.currentTarget.checked })}
        />{' '}
        Reverse
      </label>
      <span class="muted" data-testid="row-count">
        {formatNumber(shown)} of {formatNumber(total)} {view === 'url' ? 'URLs' : 'rows'}
      </span>
      <button type="button" onClick={onExport} data-testid="export-csv" disabled={exportable === 0}>
        Export CSV
      </button>
    </div>
  );
}
