import { useSignal } from '@preact/signals';
import type { OffSiteGroup, SitemapOutcome } from '../../lib/sitemaps';
import { groupSitemapFailures } from '../../lib/workbench';
import { countOf, formatNumber } from '../../lib/shared/plural';
import { OffSiteList } from './OffSiteList';
import type { SitemapLoad, UrlSource } from './model';

export interface UrlSetPanelProps {
  readonly listText: string;
  readonly urlCount: number;
  /** Where the set came from, in words ("the page URL", "a pasted list", "the site's sitemaps"). */
  readonly sourceLabel: string;
  /** The kind of source (default: the start page). */
  readonly source?: UrlSource;
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
  /** Progress of the evaluation: done of total URLs (both verdicts), or null when idle. */
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
  const source = props.source ?? { kind: 'start' };
  const isLoaded = source.kind === 'file' || source.kind === 'sitemaps';
  // Typing a list over a loaded file or sitemap set is asked for, never the default.
  const isTyping = useSignal(false);
  const showList = !isLoaded || isTyping.value;
  const count = countOf(props.urlCount, 'URL');
  return (
    <div class="wb-urls">
      {isLoaded ? (
        <div class="wb-loaded" data-testid="url-loaded">
          <p>
            <strong data-testid="url-count">{count}</strong> from {props.sourceLabel}
          </p>
          {isTyping.value ? null : (
            <button type="button" data-testid="type-list" onClick={() => (isTyping.value = true)}>
              Type or paste a list instead…
            </button>
          )}
        </div>
      ) : (
        <p>
          <strong data-testid="url-count">{count}</strong> <span class="muted">from {props.sourceLabel}</span>
        </p>
      )}
      {showList ? (
        <>
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
        </>
      ) : null}
      <div class="wb-actions">
        {showList ? (
          <button
            type="button"
            onClick={() => {
              isTyping.value = false;
              props.onUseList();
            }}
            data-testid="use-list"
          >
            {isLoaded ? `Replace the ${count} with this list` : 'Test this list'}
          </button>
        ) : null}
        {isLoaded && isTyping.value ? (
          <button type="button" onClick={() => (isTyping.value = false)} data-testid="keep-loaded">
            Keep the {count}
          </button>
        ) : null}
        <label class="file-button">
          Load .txt or .csv…
          <input
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            data-testid="url-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              isTyping.value = false;
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
      <SitemapOutcomes outcomes={props.outcomes} />
      <OffSiteList groups={props.offSite ?? []} loading={loading} onFetch={(o) => props.onFetchOffSite?.(o)} />
      {props.invalid.length > 0 ? (
        <p class="muted">
          {countOf(props.invalidCount ?? props.invalid.length, 'line')}{' '}
          {(props.invalidCount ?? props.invalid.length) === 1 ? 'is' : 'are'} neither a URL nor a path and{' '}
          {(props.invalidCount ?? props.invalid.length) === 1 ? 'was' : 'were'} left out (first: line{' '}
          {props.invalid[0]?.line}, <code>{props.invalid[0]?.text}</code>).
        </p>
      ) : null}
      {props.otherOrigin.length > 0 ? (
        <details data-testid="other-origin">
          <summary>
            {countOf(props.otherOrigin.length, 'URL')} of another site: its own robots.txt applies, so{' '}
            {props.otherOrigin.length === 1 ? 'it is' : 'they are'} not in the table.
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

/** Each sitemap file's outcome in load order; failures that failed the same way are one line, with their URLs. */
function SitemapOutcomes({ outcomes }: { outcomes: readonly SitemapOutcome[] }) {
  if (outcomes.length === 0) return null;
  const failures = new Map(groupSitemapFailures(outcomes).map((f) => [f.urls[0], f]));
  return (
    <ul class="wb-outcomes">
      {outcomes.map((o) => {
        if (o.status !== 'failed') {
          return (
            <li key={o.url} data-testid="sitemap-outcome" class={o.status}>
              <code>{o.url}</code> {o.message}
            </li>
          );
        }
        // A failure is drawn where its group's first file is, and nowhere else.
        const group = failures.get(o.url);
        if (group === undefined || group.message !== o.message) return null;
        if (group.urls.length === 1) {
          return (
            <li key={o.url} data-testid="sitemap-outcome" class="failed">
              <code>{o.url}</code> {o.message}
            </li>
          );
        }
        return (
          <li key={o.url} data-testid="sitemap-outcome" class="failed" data-files={group.urls.length}>
            <details>
              <summary>
                {countOf(group.urls.length, 'sitemap')}: {group.message}
              </summary>
              <ul>
                {group.urls.map((u) => (
                  <li key={u}>
                    <code>{u}</code>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
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
          Evaluating: {formatNumber(evaluation.done)} of {countOf(evaluation.total, 'URL')}
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
