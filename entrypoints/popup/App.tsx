import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useErrorBoundary, useLayoutEffect, useRef } from 'preact/hooks';
import { CrawlDelayInfo } from '../../components/popup/CrawlDelayInfo';
import { CrawlerMatrix } from '../../components/popup/CrawlerMatrix';
import { CrawlerPicker } from '../../components/popup/CrawlerPicker';
import { DecidingRule } from '../../components/popup/DecidingRule';
import { FetchPanel } from '../../components/popup/FetchPanel';
import { FileView } from '../../components/popup/FileView';
import { GoogleSpecificNotes } from '../../components/popup/GoogleSpecificNotes';
import { GroupExplanation } from '../../components/popup/GroupExplanation';
import { HeaderActions } from '../../components/popup/HeaderActions';
import { IndexabilitySection } from './IndexabilitySection';
import { LosingRules } from '../../components/popup/LosingRules';
import { PathTester } from '../../components/popup/PathTester';
import { Resources } from '../../components/popup/Resources';
import { Section } from '../../components/popup/Section';
import { SectionNav } from '../../components/popup/SectionNav';
import { SitemapList } from '../../components/popup/SitemapList';
import { ErrorCard, LoadingCard } from '../../components/popup/StatusCards';
import { TestChangeLink } from '../../components/popup/TestChangeLink';
import { VerdictCard } from '../../components/popup/VerdictCard';
import { HistoryBar, HistoryFileNote, HistorySignals, HistoryWhyNote } from './history-parts';
import type { PopupHistoryState } from './history-state';
import { summarizeMatrix } from '../../components/popup/crawler-order';
import type { RevealRequest } from '../../components/popup/model';
import { describeError, type PopupState } from './state';
import { withTestedLine } from './ui-state';

const SECTIONS = [
  { id: 'indexability', label: 'Index' },
  { id: 'why', label: 'Why' },
  { id: 'resources', label: 'Resources' },
  { id: 'all', label: 'All crawlers' },
  { id: 'path', label: 'Path' },
  { id: 'file', label: 'File' },
  { id: 'fetch', label: 'Fetch' },
];

/** The popup: loads on mount, shows a bug as an error card with Retry rather than a blank page. */
export function App({ state, history }: { state: PopupState; history?: PopupHistoryState }) {
  // Preact types the caught value as `any`: it is whatever was thrown.
  const [error, resetError] = useErrorBoundary() as [unknown, () => void];
  useEffect(() => state.ensureStarted(), [state]);
  const wide = state.canPopOut ? '' : ' wide';
  if (error) {
    const retry = () => {
      resetError();
      void state.start();
    };
    return (
      <div class={`app${wide}`}>
        <ErrorCard message={describeError(error)} onRetry={retry} />
      </div>
    );
  }
  return (
    <div class={`app${wide}`}>
      <Inspector state={state} history={history} />
    </div>
  );
}

function Inspector({ state, history }: { state: PopupState; history?: PopupHistoryState }) {
  // The verdict paints first (from the worker's judgement, nothing parsed); the sections that
  // parse and evaluate the file render in the frame after.
  const painted = useSignal(false);
  /** The line the path tester asked the file view to show. */
  const reveal = useSignal<RevealRequest | null>(null);
  /** The pinned header shown whole rather than clamped (URL on two lines, card at most ~160 px). */
  const headerOpen = useSignal(false);
  const header = useRef<HTMLElement>(null);
  const clipped = useClipped(header, headerOpen.value);
  const showDetails = painted.value;
  const phase = state.phase.value;
  if (phase.kind === 'loading') {
    return (
      <LoadingCard
        message="Fetching robots.txt…"
        url={phase.robotsUrl}
        elapsedSeconds={state.elapsedSeconds.value}
        onCancel={() => void state.cancel()}
        onRetry={() => void state.retry()}
      />
    );
  }
  if (phase.kind === 'error') return <ErrorCard message={phase.message} onRetry={() => void state.start()} />;
  const summary = showDetails ? summarizeMatrix(state.matrix.value) : null;
  return (
    <>
      <header ref={header} class={`top${headerOpen.value ? ' open' : ''}`}>
        <Verdict state={state} onPainted={() => (painted.value = true)} />
        <div class="top-bar">
          <SectionNav sections={SECTIONS} />
          <HeaderActions
            report={state.report}
            onCopy={state.copy}
            onPopOut={state.canPopOut ? () => void state.popOut() : null}
            expanded={clipped || headerOpen.value ? headerOpen.value : null}
            onToggleExpanded={() => (headerOpen.value = !headerOpen.value)}
          />
          {phase.inspection.kind === 'inspected' ? (
            <TestChangeLink origin={phase.inspection.record.origin} pageUrl={phase.inspection.pageUrl} />
          ) : null}
        </div>
      </header>
      <main>
        {history ? <HistoryBar state={state} history={history} now={Date.now()} /> : null}
        {state.notice.value ? (
          <p class="notice warning" role="alert">
            {state.notice.value}
          </p>
        ) : null}
        <section class="section" aria-label="Crawler">
          {summary ? (
            <p class="crawler-summary" data-testid="crawler-summary">
              {summary}
            </p>
          ) : null}
          <CrawlerPicker
            options={state.crawlerOptions.value}
            selected={state.crawler.value.token}
            onSelect={(t) => void state.selectCrawler(t)}
            onAddCustom={(t) => void state.addCustomToken(t)}
            checkToken={state.checkToken}
          />
        </section>
        <IndexabilitySection state={state} />
        <Why state={state} history={history} />
        <Resources view={state.resources.view.value} onCheck={state.resources.checkOtherHosts} />
        <Section id="all" title="All crawlers">
          {showDetails ? (
            <CrawlerMatrix
              rows={state.matrix.value}
              renderCriticalBlocked={state.resources.renderCriticalBlocked.value}
              selected={state.crawler.value.token}
              onSelect={(t) => void state.selectCrawler(t)}
            />
          ) : (
            <Pending what="Evaluating every crawler…" />
          )}
          {history ? <HistorySignals history={history} /> : null}
        </Section>
        <Path state={state} reveal={reveal} />
        {showDetails ? (
          <File state={state} history={history} reveal={reveal.value} />
        ) : (
          <Pending what="Reading robots.txt…" />
        )}
        <Fetch state={state} />
      </main>
    </>
  );
}

/**
 * Returns true when the pinned header clips something (the page URL past two lines, the verdict
 * card past its height), so the header offers to show it whole. Measured after each render and
 * when the window resizes.
 */
function useClipped(ref: { current: HTMLElement | null }, open: boolean): boolean {
  const clipped = useSignal(false);
  const measure = () => {
    const el = ref.current;
    if (!el || open) return;
    const over = [...el.querySelectorAll('.verdict-card, .verdict-for')].some(
      (e) => e.scrollHeight > e.clientHeight + 1,
    );
    if (over !== clipped.value) clipped.value = over;
  };
  useLayoutEffect(measure);
  useEffect(() => {
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  });
  return clipped.value;
}

function Pending({ what }: { what: string }) {
  return (
    <p class="muted" aria-busy="true">
      {what}
    </p>
  );
}

/**
 * Marks the moment the first verdict is on screen (effects run after paint): `data-ready-ms` on
 * the root, measured from the popup's navigation start. Then `onPainted`.
 */
function useReadyMark(ref: { current: HTMLElement | null }, onPainted: () => void): void {
  useEffect(() => {
    const root = ref.current?.closest('.app');
    if (root instanceof HTMLElement && !root.dataset.readyMs) {
      const ms = Math.round(performance.now());
      root.dataset.readyMs = String(ms);
    }
    onPainted();
  }, []);
}

function Verdict({ state, onPainted }: { state: PopupState; onPainted: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useReadyMark(ref, onPainted);
  const verdict = state.verdict.value;
  const phase = state.phase.value;
  if (!verdict || phase.kind !== 'ready') return null;
  return (
    <div ref={ref}>
      <VerdictCard
        verdict={verdict}
        crawler={state.crawler.value}
        pageUrl={phase.inspection.pageUrl}
        tokenCheck={state.tokenCheck.value}
        indexability={state.indexability.result.value}
      />
    </div>
  );
}

function Why({ state, history }: { state: PopupState; history?: PopupHistoryState }) {
  const verdict = state.verdict.value;
  if (!verdict) return null;
  return (
    <Section id="why" title="Why">
      <DecidingRule verdict={verdict} onCopy={state.copy} />
      {verdict.kind === 'ok' ? (
        <>
          <h3>Group</h3>
          <GroupExplanation verdict={verdict} />
          {history ? <HistoryWhyNote history={history} /> : null}
          <LosingRules others={verdict.verdict.others} />
          <GoogleSpecificNotes behaviours={verdict.verdict.googleSpecific} />
        </>
      ) : null}
      <h3>Crawl-delay</h3>
      <CrawlDelayInfo verdict={verdict} crawlerName={state.crawler.value.name} />
    </Section>
  );
}

function Path({ state, reveal }: { state: PopupState; reveal: Signal<RevealRequest | null> }) {
  const phase = state.phase.value;
  // From the inspection, not the parse: reading the origin must not parse the file before the verdict paints.
  const origin =
    phase.kind === 'ready' && phase.inspection.kind === 'inspected' ? phase.inspection.record.origin : 'this origin';
  return (
    <Section id="path" title="Test a path">
      <PathTester
        value={state.pathInput.value}
        result={state.pathResult.value}
        origin={origin}
        onInput={state.setPathInput}
        // A deciding line exists only when a file was parsed, so the file view is there to show it.
        onShowLine={(line) => (reveal.value = { line, seq: (reveal.value?.seq ?? 0) + 1 })}
      />
    </Section>
  );
}

function File({
  state,
  history,
  reveal,
}: {
  state: PopupState;
  history?: PopupHistoryState;
  reveal: RevealRequest | null;
}) {
  const phase = state.phase.value;
  if (phase.kind !== 'ready') return null;
  const { analysis } = phase;
  const file = state.file.value;
  return (
    <Section id="file" title="robots.txt">
      {analysis.kind === 'ok' ? (
        <>
          <h3>Sitemaps</h3>
          <SitemapList sitemaps={analysis.robots.sitemaps} />
          <h3>File</h3>
          {history ? <HistoryFileNote history={history} /> : null}
          {file ? (
            <FileView
              file={file}
              marks={withTestedLine(state.fileMarks.value, state.pathResult.value)}
              cdnLines={history?.cdnLines.value}
              reveal={reveal}
            />
          ) : null}
        </>
      ) : (
        <p class="muted">
          {analysis.kind === 'not-applicable' ? analysis.explanation : 'There is no file to show: see Fetch below.'}
        </p>
      )}
    </Section>
  );
}

function Fetch({ state }: { state: PopupState }) {
  const phase = state.phase.value;
  if (phase.kind !== 'ready') return null;
  const { inspection } = phase;
  return (
    <Section id="fetch" title="Fetch">
      {inspection.kind === 'inspected' ? (
        <FetchPanel
          record={inspection.record}
          description={inspection.description}
          source={inspection.source}
          ageMs={inspection.ageMs}
          refreshing={state.refreshing.value}
          onRefresh={() => void state.refresh()}
        />
      ) : (
        <p class="muted">Nothing was fetched: {inspection.explanation}</p>
      )}
    </Section>
  );
}
