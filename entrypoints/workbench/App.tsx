import { useErrorBoundary, useEffect, useMemo } from 'preact/hooks';
import { HistoryView, type UrlSetChanges } from '../../components/history/HistoryView';
import { ChangeSummary } from '../../components/workbench/ChangeSummary';
import { CrawlerChoice } from '../../components/workbench/CrawlerChoice';
import { DiffView } from '../../components/workbench/DiffView';
import { DraftBar } from '../../components/workbench/DraftBar';
import { DraftEditor } from '../../components/workbench/DraftEditor';
import { FindingsList } from '../../components/workbench/FindingsList';
import { countOf } from '../../lib/shared/plural';
import { ResultFilters } from '../../components/workbench/ResultFilters';
import { ResultTable } from '../../components/workbench/ResultTable';
import { SignalsPanel } from '../../components/workbench/SignalsPanel';
import { SignalsRowDetail } from '../../components/workbench/SignalsRowDetail';
import { UrlSetPanel } from '../../components/workbench/UrlSetPanel';
import type { VersionMeta } from '../../lib/history/api';
import type { RobotsSource } from '../../lib/workbench';
import type { HistoryPageState } from './history-state';
import { ProbeSection } from './ProbeSection';
import type { ProbeState } from './probe-state';
import type { WorkbenchState } from './state';
import { errorWords } from '../../lib/shared/error-words';

export interface AppProps {
  readonly state: WorkbenchState;
  /** Returns the history view's state for an origin, its verdicts for `pageUrl`. */
  readonly createHistory: (origin: string, pageUrl: string) => HistoryPageState;
  /** Returns the probe's state for a page; absent, the page shows no probe. */
  readonly createProbe?: (pageUrl: string) => ProbeState;
  /** How the probe section opens: closed, open, or open and probing at once (the popup's Probe button). */
  readonly probeOnOpen?: 'closed' | 'open' | 'run';
  /** Formats an epoch ms as a date and time. */
  readonly formatTime: (ms: number) => string;
}

/** The workbench page: the draft editor or the history view. A bug shows as an error with Retry, never a blank page. */
export function App({ state, createHistory, formatTime, createProbe, probeOnOpen = 'closed' }: AppProps) {
  const [error, resetError] = useErrorBoundary() as [unknown, () => void];
  useEffect(() => void state.start(), [state]);
  if (error) {
    return (
      <main class="wb">
        <p class="notice error" role="alert">
          The workbench hit a bug: {errorWords(error)}
        </p>
        <button type="button" onClick={resetError}>
          Retry
        </button>
      </main>
    );
  }
  const view = state.view.value;
  const origin = state.origin.value;
  return (
    <main class="wb">
      <header class="wb-header">
        <h1>{view === 'history' ? 'robots.txt history' : 'Test a robots.txt change'}</h1>
        <form
          class="wb-origin"
          onSubmit={(e) => {
            e.preventDefault();
            void state.submitOrigin();
          }}
        >
          <label>
            Site{' '}
            <input
              type="text"
              data-testid="origin-input"
              value={state.originInput.value}
              placeholder="https://example.com"
              onInput={(e) => state.setOriginInput(e.currentTarget.value)}
            />
          </label>
          <button type="submit">Open</button>
        </form>
      </header>
      <nav class="wb-views" aria-label="Views">
        <button
          type="button"
          data-testid="view-draft"
          aria-pressed={view === 'draft'}
          onClick={() => state.setView('draft')}
        >
          Draft and results
        </button>
        <button
          type="button"
          data-testid="view-history"
          aria-pressed={view === 'history'}
          onClick={() => state.setView('history')}
        >
          History
        </button>
      </nav>
      {state.notice.value ? (
        <p class="notice warning" role="alert">
          {state.notice.value}{' '}
          <button type="button" class="small" onClick={state.dismissNotice}>
            Dismiss
          </button>
        </p>
      ) : null}
      {createProbe !== undefined && origin !== null ? (
        <ProbeSection
          key={state.pageUrl.value ?? `${origin}/`}
          pageUrl={state.pageUrl.value ?? `${origin}/`}
          createProbe={createProbe}
          onOpen={probeOnOpen}
          formatTime={formatTime}
        />
      ) : null}
      {view === 'draft' ? (
        <Body state={state} />
      ) : origin === null ? (
        <p class="muted">Type a site above to see the versions of its robots.txt Robotscope has kept.</p>
      ) : (
        <HistoryPanel
          key={origin}
          state={state}
          origin={origin}
          pageUrl={state.pageUrl.value ?? `${origin}/`}
          createHistory={createHistory}
          formatTime={formatTime}
        />
      )}
    </main>
  );
}

/** The history view of one origin: loading, an error in words with Retry, or the versions. */
function HistoryPanel({
  state,
  origin,
  pageUrl,
  createHistory,
  formatTime,
}: { origin: string; pageUrl: string } & Pick<AppProps, 'state' | 'createHistory' | 'formatTime'>) {
  const history = useMemo(() => createHistory(origin, pageUrl), [createHistory, origin, pageUrl]);
  useEffect(() => void history.start(), [history]);
  const comparison = history.comparison.value;
  const urls = state.urls.value;
  // A URL set beyond the page itself (a list, a file, the sitemaps) is compared too.
  const withUrlSet = urls.length > 1 || (urls.length === 1 && urls[0] !== pageUrl);
  const pairKey =
    comparison.kind === 'ready' && withUrlSet
      ? `${comparison.from.seq}>${comparison.to.seq}@${state.urlSetNumber.value}`
      : null;
  useEffect(() => {
    if (pairKey === null || comparison.kind !== 'ready') return;
    const { from, to } = comparison;
    void Promise.all([history.text(from.seq), history.text(to.seq)]).then(([a, b]) => {
      if (a !== null && b !== null) void state.compareOverUrlSet(pairKey, versionSource(from, a), versionSource(to, b));
    });
  }, [pairKey]);
  const running = state.urlSetComparison.value;
  const label = state.sourceLabel.value;
  const urlSet: UrlSetChanges | null =
    pairKey === null || running === null || running.key !== pairKey
      ? null
      : running.kind === 'running'
        ? { kind: 'running', done: running.done, total: running.total, label }
        : { kind: 'ready', label, urlCount: running.urlCount, changes: running.changes };
  const phase = history.phase.value;
  if (phase.kind === 'loading') return <p class="muted">Loading the history of {origin}…</p>;
  if (phase.kind === 'error') {
    return (
      <div class="notice error" role="alert">
        <p>
          Robotscope could not load the history of {origin}: {phase.message}
        </p>
        <button type="button" onClick={() => void history.start()}>
          Retry
        </button>
      </div>
    );
  }
  return (
    <HistoryView
      origin={origin}
      pageUrl={pageUrl}
      versions={history.versions.value}
      selection={history.selection.value}
      comparison={history.comparison.value}
      message={history.message.value}
      onSelect={(side, seq) => void history.select(side, seq)}
      onDownload={(seq) => void history.download(seq)}
      onDraft={(seq) => void history.draft(seq)}
      onDownloadEvidence={() => void history.downloadEvidence()}
      now={Date.now()}
      formatTime={formatTime}
      urlSet={urlSet}
    />
  );
}

/** Returns what a kept version applies: its body, or everything allowed / blocked for a failed fetch. */
function versionSource(meta: VersionMeta, text: string): RobotsSource {
  if (meta.outcome === 'ok') return { kind: 'file', text };
  const reason = `HTTP ${meta.status}`;
  return meta.outcome === 'unavailable' ? { kind: 'allow-all', reason } : { kind: 'block-all', reason };
}

function Body({ state }: { state: WorkbenchState }) {
  const live = state.live.value;
  if (live.kind === 'idle') return <p class="muted">Type a site above to load its robots.txt and start a draft.</p>;
  if (live.kind === 'loading') return <p class="muted">Fetching {state.origin.value}/robots.txt…</p>;
  if (live.kind === 'error') {
    return (
      <p class="notice error" role="alert" data-testid="live-error">
        {live.message}
      </p>
    );
  }
  return (
    <>
      <p class="wb-live-summary" data-testid="live-summary">
        Live: {live.summary}
      </p>
      {live.encodingNote ? (
        <p class="notice warning" data-testid="live-encoding">
          {live.encodingNote}
        </p>
      ) : null}
      <Editors state={state} />
      <section class="wb-section" aria-labelledby="wb-urls-title">
        <h2 id="wb-urls-title">URLs to test</h2>
        <UrlSetPanel
          listText={state.listText.value}
          urlCount={state.urls.value.length}
          sourceLabel={state.sourceLabel.value}
          source={state.urlSource.value}
          otherOrigin={state.otherOrigin.value}
          invalid={state.invalid.value}
          invalidCount={state.invalidCount.value}
          listNotice={state.listNotice.value}
          offSite={state.offSite.value}
          sitemapLoad={state.sitemapLoad.value}
          outcomes={state.outcomes.value}
          evaluation={state.evaluation.value}
          onListText={state.setListText}
          onUseList={() => state.useList()}
          onFile={(file) => void state.useFile(file)}
          onLoadSitemaps={state.loadSitemaps}
          onCancelSitemaps={state.cancelSitemaps}
          onFetchOffSite={state.fetchOffSite}
        />
      </section>
      <Results state={state} />
      <section class="wb-section" aria-labelledby="wb-findings-title">
        <h2 id="wb-findings-title">Audit findings (live file)</h2>
        <FindingsList findings={state.findings.value} />
      </section>
    </>
  );
}

function Editors({ state }: { state: WorkbenchState }) {
  const book = state.book.value;
  const e = state.evaluated.value;
  const diff = state.diff.value;
  const lines = state.decidingLines.value;
  const problem = state.draftStorageProblem.value;
  if (book === null) return null;
  return (
    <section class="wb-section" aria-labelledby="wb-draft-title">
      <h2 id="wb-draft-title">Draft and live file</h2>
      {problem ? (
        <p class="notice error" role="alert" data-testid="draft-storage-problem">
          {problem}
        </p>
      ) : null}
      <DraftBar
        drafts={book.drafts}
        currentId={book.currentId}
        savedNote={state.savedNote.value}
        onSelect={state.selectDraft}
        onRename={state.renameDraft}
        onDuplicate={state.duplicateDraft}
        onRevert={state.revertDraft}
        onDelete={state.deleteDraft}
        onDownload={state.downloadDraft}
        onLoadFile={(file) => void file.text().then(state.loadDraftText)}
      />
      <div class="wb-editors">
        <div>
          <h3>Draft</h3>
          <DraftEditor
            value={state.draftText.value}
            revision={state.draftRevision.value}
            readOnly={false}
            label="Draft robots.txt"
            testId="draft-editor"
            diagnostics={state.diagnostics.value}
            marks={{
              deciding: lines.draft,
              cut: e?.draftCutLine ?? null,
              changed: diff?.kind === 'diff' ? diff.draftChanged : [],
            }}
            onChange={state.setDraftText}
          />
          {e?.draftCutLine ? (
            <p class="notice warning">
              The draft is over 500 KiB: Google ignores everything from line {e.draftCutLine} on (marked).
            </p>
          ) : null}
        </div>
        <div>
          <h3>Live</h3>
          <DraftEditor
            value={state.liveText.value}
            revision={state.liveRevision.value}
            readOnly={true}
            label="Live robots.txt"
            testId="live-editor"
            diagnostics={state.liveDiagnostics.value}
            marks={{
              deciding: lines.live,
              cut: e?.liveCutLine ?? null,
              changed: diff?.kind === 'diff' ? diff.liveChanged : [],
            }}
          />
        </div>
      </div>
      <details class="wb-diff-box" open>
        <summary>Line diff of the draft against live</summary>
        <DiffView diff={diff} />
      </details>
    </section>
  );
}

function Results({ state }: { state: WorkbenchState }) {
  const e = state.evaluated.value;
  if (e === null) return <p class="muted">Evaluating…</p>;
  const rows = state.rows.value;
  const view = state.rowView.value;
  return (
    <section class="wb-section" aria-labelledby="wb-results-title">
      <h2 id="wb-results-title">What the draft changes</h2>
      <CrawlerChoice crawlers={state.crawlers} chosen={state.chosenCrawlers.value} onChange={state.setCrawlers} />
      <ChangeSummary
        sentence={state.sentence.value}
        groups={state.changeGroups.value}
        crawlers={e.presets}
        changes={state.changes.value}
        urlCount={e.urls.length}
        onPickCrawler={(index) => state.setFilter({ ...state.filter.value, crawler: index })}
      />
      <SignalsPanel
        usePhase={state.usePhase.value}
        lensPhase={state.lensPhase.value}
        useLines={state.useLines.value}
        crawlers={e.presets}
        lensSummary={state.lensSummary.value}
        onShow={state.showSignals}
        onStop={state.stopSignals}
      />
      <p class="muted" data-testid="eval-time" data-ms={Math.round(e.elapsedMs)}>
        {countOf(e.urls.length, 'URL')} × {countOf(e.tokens.length, 'crawler')} evaluated in {Math.round(e.elapsedMs)}{' '}
        ms. Select a row to see its deciding line in both files.
      </p>
      <ResultFilters
        filter={state.filter.value}
        order={state.order.value}
        crawlerNames={e.names}
        shown={rows.length}
        total={view === 'url' ? e.urls.length : e.urls.length * e.tokens.length}
        view={view}
        exportable={state.cells.value.length}
        onView={state.setRowView}
        onFilter={state.setFilter}
        onOrder={state.setOrder}
        onExport={() => void state.exportCsv()}
        disagree={state.disagreeFilter.value}
        onDisagree={state.setDisagreeFilter}
      />
      <ExportStatus state={state} />
      <ResultTable
        rows={rows}
        urls={e.urls}
        tokens={e.tokens}
        names={e.names}
        view={view}
        presets={e.presets}
        crawler={state.filter.value.crawler}
        emptyNote={
          state.filter.value.changedOnly
            ? 'The draft changes no verdict among these rows: untick Changed only to see them all.'
            : undefined
        }
        live={e.live}
        draft={e.draft}
        selected={state.selected.value}
        onSelect={state.select}
        onCopyRow={(cell) => void state.copyRow(cell)}
        signals={state.sideSignals.value}
      />
      <SelectedSignals state={state} />
    </section>
  );
}

/** The selected row's Use answers and differing parsers, once either is computed. */
function SelectedSignals({ state }: { state: WorkbenchState }) {
  const e = state.evaluated.value;
  const cell = state.selected.value;
  if (e === null || cell === null || cell >= e.urls.length * e.tokens.length) return null;
  const crawlers = e.tokens.length;
  return (
    <SignalsRowDetail
      cell={cell}
      url={e.urls[Math.floor(cell / crawlers)] ?? ''}
      crawlerName={e.names[cell % crawlers] ?? ''}
      signals={state.sideSignals.value}
    />
  );
}

/** How far the CSV export got: its progress while it runs, the rows written when it is done. */
function ExportStatus({ state }: { state: WorkbenchState }) {
  const status = state.exportState.value;
  if (status.kind === 'idle') return null;
  if (status.kind === 'running') {
    return (
      <p class="muted" data-testid="export-status" role="status">
        Exporting CSV: {status.done.toLocaleString('en-US')} of {status.total.toLocaleString('en-US')} rows…
      </p>
    );
  }
  return (
    <p class="muted" data-testid="export-status" role="status">
      Exported {status.rows.toLocaleString('en-US')} rows as CSV.
    </p>
  );
}
