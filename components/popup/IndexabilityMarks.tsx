import type { MarkCounts } from '../../lib/protocol/tab-messages';

/** What Mark links counted, as the content script reports it. */
export type MarkCountsView = MarkCounts;

export interface IndexabilityMarksProps {
  readonly on: boolean;
  readonly busy: boolean;
  readonly counts: MarkCountsView | null;
  /** ms the marking took in the page (without the worker's wait), and in all. */
  readonly timing: { readonly domMs: number; readonly totalMs: number } | null;
  readonly error: string | null;
  readonly crawlerName: string;
  readonly onToggle: (on: boolean) => void;
}

/** The "Mark links" toggle and what the marking found. */
export function IndexabilityMarks({ on, busy, counts, timing, error, crawlerName, onToggle }: IndexabilityMarksProps) {
  return (
    <div class="mark-links">
      <label>
        <input
          type="checkbox"
          data-testid="mark-links"
          checked={on}
          disabled={busy}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />{' '}
        Mark links (blocked for {crawlerName}, nofollow, ugc, sponsored)
      </label>
      {busy ? <p class="muted">Marking links…</p> : null}
      {on && counts !== null && !busy ? (
        <p class="muted" data-testid="mark-summary" data-dom-ms={timing === null ? undefined : String(timing.domMs)}>
          {counts.links} links: {counts.blocked} blocked, {counts.nofollow} nofollow, {counts.ugc} ugc,{' '}
          {counts.sponsored} sponsored
          {counts.skippedOrigins > 0
            ? `; ${counts.unchecked} links on ${counts.skippedOrigins} other sites not checked (robots.txt fetch limit)`
            : ''}
          {timing !== null
            ? ` — marked in ${Math.round(timing.domMs)} ms (${Math.round(timing.totalMs)} ms with robots.txt).`
            : '.'}
        </p>
      ) : null}
      {error !== null ? (
        <p class="warning" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
