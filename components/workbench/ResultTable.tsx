import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { SideColumns } from '../../lib/workbench';

/** Height of one row in px: fixed, so the window is pure arithmetic. */
export const ROW_HEIGHT = 28;

/** Browsers cap an element's height (Chrome near 33.5 M px): beyond this the scroll maps proportionally. */
const MAX_SCROLL_PX = 8_000_000;

const OVERSCAN = 6;

export interface ResultTableProps {
  /** Cell indices to show, in order. */
  readonly rows: Uint32Array;
  readonly urls: readonly string[];
  readonly tokens: readonly string[];
  readonly live: SideColumns;
  readonly draft: SideColumns;
  readonly selected: number | null;
  readonly onSelect: (cell: number) => void;
  readonly onCopyRow: (cell: number) => void;
  /** Viewport height in px. */
  readonly height?: number;
}

/** Returns the first row to draw for a scroll offset (proportional when the list is taller than MAX_SCROLL_PX). */
export function firstRowAt(scrollTop: number, rowCount: number, viewport: number): number {
  const full = rowCount * ROW_HEIGHT;
  const visible = Math.ceil(viewport / ROW_HEIGHT);
  if (full <= MAX_SCROLL_PX) return Math.max(0, Math.min(rowCount - visible, Math.floor(scrollTop / ROW_HEIGHT)));
  const ratio = scrollTop / Math.max(1, MAX_SCROLL_PX - viewport);
  return Math.max(0, Math.min(rowCount - visible, Math.floor(ratio * (rowCount - visible))));
}

/** A windowed table: only the rows in view are in the DOM, so 5 million rows scroll like 50. */
export function ResultTable({
  rows,
  urls,
  tokens,
  live,
  draft,
  selected,
  onSelect,
  onCopyRow,
  height = 480,
}: ResultTableProps) {
  const scrollTop = useSignal(0);
  const viewport = useRef<HTMLDivElement>(null);
  const count = rows.length;
  const total = Math.min(count * ROW_HEIGHT, MAX_SCROLL_PX);
  const firstVisible = Math.max(0, firstRowAt(scrollTop.value, count, height));
  const first = Math.max(0, firstVisible - OVERSCAN);
  const last = Math.min(count, first + Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN);
  // Below the cap a row sits at its own offset; above it, rows are placed around the scroll position.
  const isProportional = count * ROW_HEIGHT > MAX_SCROLL_PX;
  const topOf = (r: number) => (isProportional ? scrollTop.value + (r - firstVisible) * ROW_HEIGHT : r * ROW_HEIGHT);
  const drawn = [];
  for (let r = first; r < last; r++) {
    const cell = rows[r] as number;
    const u = Math.floor(cell / tokens.length);
    const c = cell % tokens.length;
    const before = live.allowed[cell] === 1 ? 'allowed' : 'blocked';
    const after = draft.allowed[cell] === 1 ? 'allowed' : 'blocked';
    const url = urls[u] ?? '';
    drawn.push(
      <div
        key={cell}
        role="row"
        class={`wb-row${before !== after ? ' changed' : ''}${selected === cell ? ' selected' : ''}`}
        style={{ top: `${topOf(r)}px` }}
        data-testid="result-row"
        data-url={url}
        data-crawler={tokens[c]}
        data-live={before}
        data-draft={after}
        aria-selected={selected === cell}
        // Reachable from the keyboard: Enter or Space selects the row, as a click does.
        tabIndex={0}
        onClick={() => onSelect(cell)}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
          e.preventDefault();
          onSelect(cell);
        }}
      >
        <span role="cell" class="wb-url" title={url}>
          {url}
        </span>
        <span role="cell" class="wb-token">
          {tokens[c]}
        </span>
        <span role="cell" class={`wb-verdict ${before}`}>
          {before} <small>{live.line[cell] ? `line ${live.line[cell]}` : 'no rule'}</small>
        </span>
        <span role="cell" class={`wb-verdict ${after}`}>
          {after} <small>{draft.line[cell] ? `line ${draft.line[cell]}` : 'no rule'}</small>
        </span>
        <span role="cell">
          <button
            type="button"
            class="small"
            onClick={(e) => {
              e.stopPropagation();
              onCopyRow(cell);
            }}
            title="Copy this row as CSV"
          >
            Copy
          </button>
        </span>
      </div>,
    );
  }
  return (
    <div class="wb-table" role="table" aria-rowcount={count}>
      <div class="wb-row wb-head" role="row">
        <span role="columnheader">URL</span>
        <span role="columnheader">Crawler</span>
        <span role="columnheader">Live</span>
        <span role="columnheader">Draft</span>
        <span role="columnheader">
          <span class="visually-hidden">Copy row</span>
        </span>
      </div>
      <div
        class="wb-viewport"
        style={{ height: `${height}px` }}
        data-testid="result-viewport"
        ref={viewport}
        onScroll={() => (scrollTop.value = viewport.current?.scrollTop ?? 0)}
      >
        <div class="wb-spacer" style={{ height: `${total}px` }}>
          {drawn}
        </div>
      </div>
      {count === 0 ? <p class="muted">No row matches these filters.</p> : null}
    </div>
  );
}
