import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { CrawlerPreset } from '../../lib/robots';
import {
  describeLensMask,
  nameCrawlerSet,
  type SideColumns,
  type SideSignals,
  summarizeUrl,
  type UrlOutcome,
} from '../../lib/workbench';

/** Height of one row in px: fixed, so the window is pure arithmetic. */
export const ROW_HEIGHT = 28;

/** Browsers cap an element's height (Chrome near 33.5 M px): beyond this the scroll maps proportionally. */
const MAX_SCROLL_PX = 8_000_000;

const OVERSCAN = 6;

export interface ResultTableProps {
  /** Cell indices to show, in order (URL indices when `view` is 'url'). */
  readonly rows: Uint32Array;
  readonly urls: readonly string[];
  readonly tokens: readonly string[];
  /** Crawler names as the page writes them, in table order (default: the tokens). */
  readonly names?: readonly string[];
  /** One row per URL and crawler (default), or one row per URL with the crawlers whose verdict changed. */
  readonly view?: 'cell' | 'url';
  /** The presets in table order: the per-URL view names crawler sets from them. */
  readonly presets?: readonly CrawlerPreset[];
  /** The crawler the table is filtered to, or null: the per-URL view counts only it. */
  readonly crawler?: number | null;
  /** Said when no row is shown (default: no row matches the filters). */
  readonly emptyNote?: string;
  readonly live: SideColumns;
  readonly draft: SideColumns;
  readonly selected: number | null;
  readonly onSelect: (cell: number) => void;
  readonly onCopyRow: (cell: number) => void;
  /** Viewport height in px. */
  readonly height?: number;
  /** The parser lenses, once computed: a row where one differs from Google says so. */
  readonly signals?: SideSignals;
}

/** Returns the first row to draw for a scroll offset (proportional when the list is taller than MAX_SCROLL_PX). */
function firstRowAt(scrollTop: number, rowCount: number, viewport: number): number {
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
  names = tokens,
  view = 'cell',
  presets = [],
  crawler = null,
  emptyNote = 'No row matches these filters.',
  signals,
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
    if (view === 'url') {
      const u = rows[r] as number;
      const outcome = summarizeUrl(u, tokens.length, live, draft, crawler);
      // Selecting a URL selects its first changed crawler (else its first crawler) for the deciding lines.
      const cell = u * tokens.length + (outcome.blockedNow[0] ?? outcome.unblockedNow[0] ?? crawler ?? 0);
      drawn.push(
        <UrlRow
          key={`u${u}`}
          url={urls[u] ?? ''}
          outcome={outcome}
          presets={presets}
          top={topOf(r)}
          isSelected={selected !== null && Math.floor(selected / Math.max(1, tokens.length)) === u}
          onSelect={() => onSelect(cell)}
        />,
      );
      continue;
    }
    const cell = rows[r] as number;
    const u = Math.floor(cell / tokens.length);
    const c = cell % tokens.length;
    const before = live.allowed[cell] === 1 ? 'allowed' : 'blocked';
    const after = draft.allowed[cell] === 1 ? 'allowed' : 'blocked';
    const url = urls[u] ?? '';
    const lens = signals?.lens;
    const parsersLive = lens ? describeLensMask(lens.live[cell] as number) : '';
    const parsersDraft = lens ? describeLensMask(lens.draft[cell] as number) : '';
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
        data-parsers-live={lens ? parsersLive : undefined}
        data-parsers-draft={lens ? parsersDraft : undefined}
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
          {names[c] ?? tokens[c]}
          {parsersLive || parsersDraft ? (
            <small
              class="wb-lens-mark"
              title={`Parsers that differ from Google: live file ${parsersLive || 'none'}; draft ${parsersDraft || 'none'}`}
            >
              {' '}
              parsers differ
            </small>
          ) : null}
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
    <div class={`wb-table${view === 'url' ? ' by-url' : ''}`} role="table" aria-rowcount={count}>
      {view === 'url' ? (
        <div class="wb-row wb-head" role="row">
          <span role="columnheader">URL</span>
          <span role="columnheader">What the draft changes</span>
        </div>
      ) : (
        <div class="wb-row wb-head" role="row">
          <span role="columnheader">URL</span>
          <span role="columnheader">Crawler</span>
          <span role="columnheader">Live</span>
          <span role="columnheader">Draft</span>
          <span role="columnheader">
            <span class="visually-hidden">Copy row</span>
          </span>
        </div>
      )}
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
      {count === 0 ? (
        <p class="muted" data-testid="no-rows">
          {emptyNote}
        </p>
      ) : null}
    </div>
  );
}

/** Returns a URL's outcome in words: which crawlers the draft blocks and unblocks, or that nothing changes. */
function describeUrlOutcome(outcome: UrlOutcome, presets: readonly CrawlerPreset[]): string {
  const setOf = (indices: readonly number[]) =>
    nameCrawlerSet(
      indices.map((c) => presets[c]).filter((c): c is CrawlerPreset => c !== undefined),
      { tested: presets },
    ).short;
  const parts = [
    outcome.blockedNow.length > 0 ? `blocked for ${setOf(outcome.blockedNow)}` : null,
    outcome.unblockedNow.length > 0 ? `unblocked for ${setOf(outcome.unblockedNow)}` : null,
  ].filter((p) => p !== null);
  if (parts.length > 0) return `Now ${parts.join('; ')}`;
  if (outcome.blockedBoth.length === 0) return 'No change: allowed for every crawler';
  if (outcome.allowedBoth.length === 0) return 'No change: blocked for every crawler';
  return `No change: blocked for ${setOf(outcome.blockedBoth)}`;
}

/** One row of the per-URL view: the URL and the crawlers whose verdict the draft changes. */
function UrlRow({
  url,
  outcome,
  presets,
  top,
  isSelected,
  onSelect,
}: {
  url: string;
  outcome: UrlOutcome;
  presets: readonly CrawlerPreset[];
  top: number;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const isChanged = outcome.blockedNow.length + outcome.unblockedNow.length > 0;
  const text = describeUrlOutcome(outcome, presets);
  const tone = outcome.blockedNow.length > 0 ? 'blocked' : outcome.unblockedNow.length > 0 ? 'allowed' : 'muted';
  return (
    <div
      role="row"
      class={`wb-row${isChanged ? ' changed' : ''}${isSelected ? ' selected' : ''}`}
      style={{ top: `${top}px` }}
      data-testid="result-url-row"
      data-url={url}
      data-blocked-now={outcome.blockedNow.length}
      data-unblocked-now={outcome.unblockedNow.length}
      aria-selected={isSelected}
      // Reachable from the keyboard like the rows per crawler: Enter or Space selects it.
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
        e.preventDefault();
        onSelect();
      }}
    >
      <span role="cell" class="wb-url" title={url}>
        {url}
      </span>
      <span role="cell" class={`wb-change ${tone}`} title={text}>
        {text}
      </span>
    </div>
  );
}
