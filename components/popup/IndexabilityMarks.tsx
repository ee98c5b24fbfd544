import type { MarkCounts, NotChecked } from '../../lib/protocol/tab-messages';

/** What Mark links counted, as the content script reports it. */
type MarkCountsView = MarkCounts;

/** Returns what was not checked, by reason, as "; not checked: 2 links over 4,096 characters, …", or ''. */
function describeNotChecked(counts: MarkCounts): string {
  const n: NotChecked | undefined = counts.notChecked;
  if (n === undefined) {
    return counts.skippedOrigins > 0
      ? `; ${counts.unchecked} links on ${counts.skippedOrigins} other sites not checked (robots.txt fetch limit)`
      : '';
  }
  const parts = [
    n.tooLong > 0 ? `${n.tooLong} over 4,096 characters` : null,
    n.overRequest > 0 ? `${n.overRequest} past the first 10,000 links` : null,
    n.overOrigins > 0 ? `${n.overOrigins} on ${counts.skippedOrigins} other sites (robots.txt fetch limit)` : null,
    n.failed > 0 ? `${n.failed} whose site’s robots.txt could not be read` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : `; links not checked: ${parts.join(', ')}`;
}

/** Returns the blocked count in words: "2 blocked", or why it is not known when the request was refused. */
function describeBlocked(counts: MarkCounts): string {
  const refused = counts.notChecked?.refused ?? 0;
  if (refused === 0) return `${counts.blocked} blocked`;
  const why = counts.notChecked?.refusal;
  return `blocked not known (nothing was checked${why ? `: ${why}` : ''})`;
}

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
          {counts.links} links: {describeBlocked(counts)}, {counts.nofollow} nofollow, {counts.ugc} ugc,{' '}
          {counts.sponsored} sponsored
          {describeNotChecked(counts)}
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
