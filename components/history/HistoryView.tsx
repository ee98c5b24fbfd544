import type { VersionMeta } from '../../lib/history/api';
import type { DiffLine, LineDiff } from '../../lib/shared/version-diff';
import { groupVerdictChanges } from '../../lib/history/verdict-groups';
import { nameCrawlerTokens, verdictWord } from '../../lib/history/words';
import { describeCrawlerView, readCrawlerView } from '../../lib/history/crawler-view';
import { formatBytes } from '../format';
import { countOf, formatNumber } from '../../lib/shared/plural';
import type { Comparison } from './model';

export interface HistoryViewProps {
  readonly origin: string;
  /** The URL the verdicts are for. */
  readonly pageUrl: string;
  /** Newest first. */
  readonly versions: readonly VersionMeta[];
  readonly selection: { readonly from: number | null; readonly to: number | null };
  readonly comparison: Comparison;
  /** A result of an action (download, draft) in words, or null. */
  readonly message: string | null;
  readonly onSelect: (side: 'from' | 'to', seq: number) => void;
  readonly onDownload: (seq: number) => void;
  readonly onDraft: (seq: number) => void;
  /** Formats an epoch ms as a date and time. */
  readonly formatTime: (ms: number) => string;
  /** The verdict changes over the workbench's URL set, when one is loaded. */
  readonly urlSet?: UrlSetChanges | null;
  /** Downloads the evidence bundle (every kept version, hashes, Use answers, diffs, the latest probe). */
  readonly onDownloadEvidence?: () => void;
  /** Epoch ms now, for which version Googlebot may still be using. */
  readonly now?: number;
}

/** Two versions compared over a URL set: running, or per crawler how many URLs changed verdict. */
export type UrlSetChanges =
  | { readonly kind: 'running'; readonly done: number; readonly total: number; readonly label: string }
  | {
      readonly kind: 'ready';
      readonly label: string;
      readonly urlCount: number;
      readonly changes: readonly {
        readonly token: string;
        readonly name: string;
        readonly blockedNow: number;
        readonly unblockedNow: number;
      }[];
    };

/** The verdict changes between the two versions over the URL set, per crawler that changed. */
function UrlSetSection({ urlSet }: { urlSet: UrlSetChanges }) {
  if (urlSet.kind === 'running') {
    return (
      <p class="muted" aria-busy="true" data-testid="history-urlset">
        Comparing over {urlSet.label}: {formatNumber(urlSet.done)} of {countOf(urlSet.total, 'URL')}…
      </p>
    );
  }
  const changed = urlSet.changes.filter((c) => c.blockedNow > 0 || c.unblockedNow > 0);
  return (
    <div data-testid="history-urlset">
      <p>
        Over {urlSet.label} ({formatNumber(urlSet.urlCount)} URLs):{' '}
        {changed.length === 0
          ? `no verdict changed for any of the ${countOf(urlSet.changes.length, 'crawler')} compared.`
          : ''}
      </p>
      {changed.length > 0 ? (
        <ul>
          {changed.map((c) => (
            <li
              key={c.token}
              data-testid="history-urlset-change"
              data-crawler={c.token}
              data-blocked-now={c.blockedNow}
              data-unblocked-now={c.unblockedNow}
            >
              {c.name}: {formatNumber(c.blockedNow)} newly blocked, {formatNumber(c.unblockedNow)} newly allowed
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Unchanged lines shown around each change. */
const CONTEXT = 3;
/** Most diff rows drawn; the rest is counted. */
const MAX_ROWS = 2000;

function statusWords(v: VersionMeta): string {
  if (v.outcome === 'ok') return `HTTP ${v.status}: a file`;
  if (v.outcome === 'unavailable')
    return `${/^\d+$/.test(v.status) ? `HTTP ${v.status}` : v.status}: no robots.txt, everything allowed`;
  return `${/^\d+$/.test(v.status) ? `HTTP ${v.status}` : v.status}: unreachable, everything blocked`;
}

/** Returns the diff rows to draw: changes with CONTEXT lines around them, gaps as counts. */
export function visibleDiffRows(
  lines: readonly DiffLine[],
): (DiffLine | { readonly kind: 'gap'; readonly count: number })[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.kind === 'same') return;
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(lines.length - 1, i + CONTEXT); j++) keep[j] = true;
  });
  const rows: (DiffLine | { kind: 'gap'; count: number })[] = [];
  let gap = 0;
  lines.forEach((line, i) => {
    if (keep[i]) {
      if (gap > 0) rows.push({ kind: 'gap', count: gap });
      gap = 0;
      rows.push(line);
    } else gap++;
  });
  if (gap > 0) rows.push({ kind: 'gap', count: gap });
  return rows;
}

/** An origin's robots.txt versions, newest first; any two compared as a line diff and verdict changes. */
export function HistoryView(props: HistoryViewProps) {
  const { versions, selection } = props;
  return (
    <section class="history" aria-labelledby="history-title">
      <h2 id="history-title">
        robots.txt history of <span class="origin">{props.origin}</span>
      </h2>
      {props.message ? (
        <p class="notice" role="status">
          {props.message}
        </p>
      ) : null}
      {versions.length > 0 && props.now !== undefined ? (
        <p data-testid="crawler-view">
          <strong>What crawlers are using now:</strong>{' '}
          {describeCrawlerView(readCrawlerView(versions, props.now), props.formatTime)}
        </p>
      ) : null}
      {versions.length > 0 && props.onDownloadEvidence !== undefined ? (
        <p>
          <button type="button" data-testid="download-evidence" onClick={props.onDownloadEvidence}>
            Download evidence
          </button>{' '}
          <span class="muted">
            one ZIP: every kept version as fetched, its status, headers, sightings and SHA-256, the Use answers it gave,
            the diff to the one before, and the latest probe
          </span>
        </p>
      ) : null}
      {versions.length === 0 ? (
        <p class="empty">
          No version is kept for this site yet. Robotscope keeps one each time it fetches a robots.txt that differs from
          the last one kept.
        </p>
      ) : (
        <table class="versions">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Answer</th>
              <th scope="col">Size</th>
              <th scope="col">First seen</th>
              <th scope="col">Last seen</th>
              <th scope="col">Compare</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.seq} data-testid="history-version" data-status={v.status} data-seq={String(v.seq)}>
                <td>#{v.seq}</td>
                <td>{statusWords(v)}</td>
                <td>{v.outcome === 'ok' ? formatBytes(v.size) : '—'}</td>
                <td>{props.formatTime(v.firstSeen)}</td>
                <td>{props.formatTime(v.lastSeen)}</td>
                <td class="compare">
                  <label>
                    <input
                      type="radio"
                      name="from"
                      checked={selection.from === v.seq}
                      onChange={() => props.onSelect('from', v.seq)}
                    />{' '}
                    older
                  </label>{' '}
                  <label>
                    <input
                      type="radio"
                      name="to"
                      checked={selection.to === v.seq}
                      onChange={() => props.onSelect('to', v.seq)}
                    />{' '}
                    newer
                  </label>
                </td>
                <td class="actions">
                  <button type="button" onClick={() => props.onDownload(v.seq)}>
                    Download
                  </button>{' '}
                  <button type="button" onClick={() => props.onDraft(v.seq)} disabled={v.outcome !== 'ok'}>
                    Start a draft
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ComparisonView comparison={props.comparison} pageUrl={props.pageUrl} urlSet={props.urlSet ?? null} />
    </section>
  );
}

function ComparisonView({
  comparison,
  pageUrl,
  urlSet,
}: {
  comparison: Comparison;
  pageUrl: string;
  urlSet: UrlSetChanges | null;
}) {
  switch (comparison.kind) {
    case 'none':
      return <p class="muted">Pick two versions to compare them.</p>;
    case 'loading':
      return (
        <p class="muted" aria-busy="true">
          Comparing…
        </p>
      );
    case 'error':
      return (
        <p class="notice error" role="alert">
          {comparison.message}
        </p>
      );
    case 'ready':
      break;
  }
  const { from, to, diff, verdicts } = comparison;
  return (
    <section class="comparison" aria-labelledby="comparison-title">
      <h3 id="comparison-title">
        #{from.seq} ({from.status}) → #{to.seq} ({to.status})
      </h3>
      <h4>Verdicts that changed for {pageUrl}</h4>
      {verdicts.length === 0 ? (
        <p data-testid="history-verdicts">
          No crawler&apos;s verdict for this page changed ({comparison.crawlers} compared).
        </p>
      ) : (
        <ul data-testid="history-verdicts">
          {groupVerdictChanges(verdicts).map((g) => (
            <li
              key={g.tokens.join(' ')}
              data-testid="history-verdict-change"
              data-crawlers={g.tokens.join(' ')}
              title={verdicts
                .filter((c) => g.tokens.includes(c.token))
                .map((c) => c.name)
                .join(', ')}
            >
              {nameCrawlerTokens(g.tokens)}: {verdictWord(g.before)} → {verdictWord(g.after)}
              {g.after.rule !== null ? ` (line ${g.after.line}: ${g.after.rule})` : ''}
            </li>
          ))}
        </ul>
      )}
      {urlSet !== null ? <UrlSetSection urlSet={urlSet} /> : null}
      <h4>Lines</h4>
      <DiffView diff={diff} />
    </section>
  );
}

function DiffView({ diff }: { diff: LineDiff }) {
  if (diff.kind === 'too-different') {
    return (
      <p data-testid="history-diff">
        These versions differ in too many lines to compare line by line ({countOf(diff.oldLines, 'line')} before,{' '}
        {countOf(diff.newLines, 'line')} after).
      </p>
    );
  }
  const rows = visibleDiffRows(diff.lines);
  const shown = rows.slice(0, MAX_ROWS);
  return (
    <div class="diff" data-testid="history-diff">
      <p class="muted">
        {diff.added} added, {diff.removed} removed.
      </p>
      {diff.added === 0 && diff.removed === 0 ? <p>The two bodies have the same lines.</p> : null}
      <pre>
        {shown.map((row, i) =>
          row.kind === 'gap' ? (
            <div key={i} class="diff-gap">
              ⋯ {countOf(row.count, 'unchanged line')}
            </div>
          ) : (
            <div key={i} class={`diff-line ${row.kind}`} data-kind={row.kind}>
              <span class="diff-sign" aria-hidden="true">
                {row.kind === 'added' ? '+' : row.kind === 'removed' ? '-' : ' '}
              </span>
              <span class="visually-hidden">{row.kind === 'same' ? '' : `${row.kind}: `}</span>
              {row.text}
            </div>
          ),
        )}
      </pre>
      {rows.length > MAX_ROWS ? (
        <p class="muted">
          {countOf(rows.length - MAX_ROWS, 'more row', 'more rows')} {rows.length - MAX_ROWS === 1 ? 'is' : 'are'} not
          shown.
        </p>
      ) : null}
    </div>
  );
}
