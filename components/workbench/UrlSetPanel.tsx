import type { OffSiteGroup, SitemapOutcome } from '../../lib/sitemaps';
import { formatNumber } from './format';
import { OffSiteList } from './OffSiteList';

/** Sitemap loading as the panel shows it. */
export type SitemapLoad =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly filesDone: number; readonly filesQueued: number; readonly urls: number }
  | { readonly kind: 'done'; readonly cancelled: boolean; readonly capNotice: string | null };

export interface UrlSetPanelProps {
  readonly listText: string;
  readonly urlCount: number;
  /** Where the set came from, in words ("the page URL", "a pasted list", "the site's sitemaps"). */
  readonly sourceLabel: string;
  readonly otherOrigin: readonly string[];
  readonly invalid: readonly { readonly line: number; readonly text: string }[];
  /** How many lines were neither a URL nor a path (`invalid` holds the first of them); default invalid.length. */
  readonly invalidCount?: number;
  /** What the list or file had cut, in words (a cap), or null. */
  readonly listNotice?: string | null;
  /** Sitemaps on other origins that were not followed. */
  readonly offSite?: readonly OffSiteGroup[];
  readonly sitemapLoad: SitemapLoad;
  readonly outcomes: readonly SitemapOutcome[];
  /** Progress of the evaluation: done of total URL evaluations, or null when idle. */
  readonly evaluation: { readonly done: number; readonly total: number } | null;
  readonly onListText: (text: string) => void;
  readonly onUseList: () => void;
  readonly onFile: (file: File) => void;
  readonly onLoadSitemaps: () => void;
  readonly onCancelSitemaps: () => void;
  /** Fetches the sitemaps of one origin the load did not follow (an explicit click). */
  readonly onFetchOffSite?: (origin: string) => void;
}

/** The URL set: a pasted list, a .txt/.csv file or the site's sitemaps, with progress and each sitemap's outcome. */
export function UrlSetPanel(props: UrlSetPanelProps) {
  const { sitemapLoad, evaluation } = props;
  const loading = sitemapLoad.kind === 'loading';
  return (
    <div class="wb-urls">
      <p>
        <strong data-testid="url-count">{formatNumber(props.urlCount)} URLs</strong>{' '}
        <span class="muted">from {props.sourceLabel}</span>
      </p>
      <label class="wb-label" for="wb-url-list">
        URLs or paths, one per line
      </label>
      <textarea
        id="wb-url-list"
        data-testid="url-list"
        rows={5}
        spellcheck={false}
        value={props.listText}
        placeholder={'/products/\n/search?q=shoes\nhttps://example.com/blog/'}
        onInput={(e) => props.onListText(e.currentTarget.value)}
      />
      <div class="wb-actions">
        <button type="button" onClick={props.onUseList} data-testid="use-list">
          Test this list
        </button>
        <label class="file-button">
          Load .txt or .csv…
          <input
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            data-testid="url-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) props.onFile(file);
            }}
          />
        </label>
        <button type="button" onClick={props.onLoadSitemaps} disabled={loading} data-testid="load-sitemaps">
          Load the site's sitemaps
        </button>
        {loading ? (
          <button type="button" onClick={props.onCancelSitemaps} data-testid="cancel-sitemaps">
            Cancel
          </button>
        ) : null}
      </div>
      <Progress sitemapLoad={sitemapLoad} evaluation={evaluation} />
      {sitemapLoad.kind === 'done' && sitemapLoad.capNotice ? (
        <p class="notice warning" role="alert">
          {sitemapLoad.capNotice}
        </p>
      ) : null}
      {sitemapLoad.kind === 'done' && sitemapLoad.cancelled ? (
        <p class="muted">Cancelled: the URLs read so far are kept.</p>
      ) : null}
      {props.listNotice ? (
        <p class="notice warning" role="alert" data-testid="list-notice">
          {props.listNotice}
        </p>
      ) : null}
      {props.outcomes.length > 0 ? (
        <ul class="wb-outcomes">
          {props.outcomes.map((o) => (
            <li key={o.url} data-testid="sitemap-outcome" class={o.status}>
              <code>{o.url}</code> {o.message}
            </li>
          ))}
        </ul>
      ) : null}
      <OffSiteList groups={props.offSite ?? []} loading={loading} onFetch={(o) => props.onFetchOffSite?.(o)} />
      {props.invalid.length > 0 ? (
        <p class="muted">
          {formatNumber(props.invalidCount ?? props.invalid.length)} lines are neither a URL nor a path and were left
          out (first: line {props.invalid[0]?.line}, <code>{props.invalid[0]?.text}</code>).
        </p>
      ) : null}
      {props.otherOrigin.length > 0 ? (
        <details data-testid="other-origin">
          <summary>
            {formatNumber(props.otherOrigin.length)} URLs of another site: its own robots.txt applies, so they are not
            in the table.
          </summary>
          <ul>
            {props.otherOrigin.slice(0, 50).map((u) => (
              <li key={u}>
                <code>{u}</code> — another site: its own robots.txt applies.
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function Progress({ sitemapLoad, evaluation }: Pick<UrlSetPanelProps, 'sitemapLoad' | 'evaluation'>) {
  if (sitemapLoad.kind === 'loading') {
    const total = sitemapLoad.filesDone + sitemapLoad.filesQueued;
    return (
      <div class="wb-progress" data-testid="progress">
        <progress max={Math.max(1, total)} value={sitemapLoad.filesDone} />
        <span>
          Reading sitemaps: {formatNumber(sitemapLoad.filesDone)} of {formatNumber(total)} files,{' '}
          {formatNumber(sitemapLoad.urls)} URLs so far
        </span>
      </div>
    );
  }
  if (evaluation !== null) {
    return (
      <div class="wb-progress" data-testid="progress">
        <progress max={Math.max(1, evaluation.total)} value={evaluation.done} />
        <span>
          Evaluating: {formatNumber(evaluation.done)} of {formatNumber(evaluation.total)}
        </span>
      </div>
    );
  }
  return (
    <div class="wb-progress idle" data-testid="progress">
      <span class="muted">Ready.</span>
    </div>
  );
}
