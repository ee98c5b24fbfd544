/**
 * The popup's sections below the pinned verdict: history, crawler picker, indexability, why, page
 * resources, every crawler, the path tester, the file and the fetch. Loaded by a dynamic import
 * (App.tsx), so their code is not on the path to the first verdict, and mounted in the frame after
 * the verdict painted.
 */
import { type Signal, useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import { CrawlDelayInfo } from '../../components/popup/CrawlDelayInfo';
import { CrawlerMatrix } from '../../components/popup/CrawlerMatrix';
import { CrawlerPicker } from '../../components/popup/CrawlerPicker';
import { DecidingRule } from '../../components/popup/DecidingRule';
import { DefaultCrawler } from '../../components/popup/DefaultCrawler';
import { FileDivergences } from '../../components/popup/FileDivergences';
import { FetchPanel } from '../../components/popup/FetchPanel';
import { FileView } from '../../components/popup/FileView';
import { GoogleSpecificNotes } from '../../components/popup/GoogleSpecificNotes';
import { GroupExplanation } from '../../components/popup/GroupExplanation';
import { LensSection } from '../../components/popup/LensSection';
import { LosingRules } from '../../components/popup/LosingRules';
import { PathTester } from '../../components/popup/PathTester';
import { Resources } from '../../components/popup/Resources';
import { Section } from '../../components/popup/Section';
import { SitemapList } from '../../components/popup/SitemapList';
import { Pending } from '../../components/popup/StatusCards';
import { summarizeMatrix } from '../../components/popup/crawler-order';
import type { RevealRequest } from '../../components/popup/model';
import { HistoryBar, HistoryFileNote, HistorySignals, HistoryWhyNote } from './history-parts';
import type { PopupHistoryState } from './history-state';
import { IndexabilitySection } from './IndexabilitySection';
import { createLensState, type LensState } from './lens-state';
import type { PopupState } from './state';
import { PICKER_KEY, withTestedLine } from './ui-state';

/** The expanded Use details: loaded here, with the sections, rather than on the first verdict's path. */
export { UseDetails } from '../../components/popup/UseDetails';

/** Every section below the verdict, in the order of the section nav. */
export function Details({ state, history }: { state: PopupState; history?: PopupHistoryState }) {
  /** The line the path tester asked the file view to show. */
  const reveal = useSignal<RevealRequest | null>(null);
  const showLine = (line: number) => (reveal.value = { line, seq: (reveal.value?.seq ?? 0) + 1 });
  /** "Other crawler stacks": nothing loads until it (or the file's divergence list) is opened. */
  const lens = useMemo(() => createLensState({ sources: state }), [state]);
  const evaluated = state.engineLoaded.value;
  const summary = evaluated ? summarizeMatrix(state.matrix.value) : null;
  return (
    <>
      {history ? <HistoryBar state={state} history={history} now={Date.now()} /> : null}
      <section class="section" id="crawler" aria-label="Crawler">
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
          shortcut={PICKER_KEY}
        />
        <DefaultCrawler
          crawler={state.crawler.value}
          defaultCrawler={state.defaultCrawler.value}
          onMakeDefault={state.makeDefault}
          hostName={state.hostName}
        />
      </section>
      <IndexabilitySection state={state} />
      <Why state={state} history={history} lens={lens} onShowLine={showLine} />
      <Resources view={state.resources.view.value} onCheck={state.resources.checkOtherHosts} />
      <Section id="all" title="All crawlers">
        {evaluated ? (
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
      <File state={state} history={history} reveal={reveal.value} lens={lens} onShowLine={showLine} />
      <Fetch state={state} />
    </>
  );
}

function Why({
  state,
  history,
  lens,
  onShowLine,
}: {
  state: PopupState;
  history?: PopupHistoryState;
  lens: LensState;
  onShowLine: (line: number) => void;
}) {
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
      <h3>Crawl rate</h3>
      <CrawlDelayInfo verdict={verdict} crawlerName={state.crawler.value.name} />
      <LensSection
        phase={lens.phase.value}
        onOpen={lens.open}
        onCopy={state.copy}
        crawlerName={state.crawler.value.name}
        onShowLine={onShowLine}
      />
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
  lens,
  onShowLine,
}: {
  state: PopupState;
  history?: PopupHistoryState;
  reveal: RevealRequest | null;
  lens: LensState;
  onShowLine: (line: number) => void;
}) {
  const analysis = state.analysis.value;
  const file = state.file.value;
  if (analysis === null) {
    return (
      <Section id="file" title="robots.txt">
        <Pending what="Reading robots.txt…" />
      </Section>
    );
  }
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
              divergences={lens.phase.value.kind === 'ready' ? lens.phase.value.report.byLine : undefined}
            />
          ) : null}
          <FileDivergences phase={lens.phase.value} onOpen={lens.open} onCopy={state.copy} onShowLine={onShowLine} />
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
