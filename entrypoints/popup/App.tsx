import { useSignal } from '@preact/signals';
import { useEffect, useErrorBoundary, useLayoutEffect, useRef } from 'preact/hooks';
import { HeaderActions } from '../../components/popup/HeaderActions';
import { SectionNav } from '../../components/popup/SectionNav';
import { FirstScreen } from '../../components/popup/FirstScreen';
import { ErrorCard, LoadingCard, NotApplicableCard, Pending } from '../../components/popup/StatusCards';
import { TestChangeLink } from '../../components/popup/TestChangeLink';
import { ProbeLink } from '../../components/popup/ProbeLink';
import { VerdictCard } from '../../components/popup/VerdictCard';
import { isTokenOnly } from '../../components/popup/headline';
import type { PopupHistoryState } from './history-state';
import { describeError, type PopupState } from './state';
import { PICKER_KEY } from './ui-state';

/** The sections below the verdict (./Details.tsx), loaded by a dynamic import: not on the first verdict's path. */
type DetailsModule = typeof import('./Details');

const SECTIONS = [
  { id: 'indexability', label: 'Index' },
  { id: 'why', label: 'Why' },
  { id: 'resources', label: 'Resources' },
  { id: 'all', label: 'All crawlers' },
  { id: 'path', label: 'Path' },
  { id: 'file', label: 'File' },
  { id: 'fetch', label: 'Fetch' },
];

/** Returns true when a key press is text typed into a field, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.tagName === 'INPUT' ||
      target.tagName === 'TEXTAREA' ||
      target.tagName === 'SELECT')
  );
}

/** Focuses the crawler picker (in the sections below the verdict); false when it is not there yet. */
export function focusPicker(): boolean {
  const input = document.querySelector<HTMLInputElement>('[data-testid=crawler-select]');
  if (input === null) return false;
  input.scrollIntoView({ block: 'nearest' });
  input.focus();
  input.select();
  return true;
}

/** Moves focus to the crawler picker on PICKER_KEY, unless the user is typing in a field. */
function usePickerShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== PICKER_KEY || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (focusPicker()) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The popup: loads on mount, shows a bug as an error card with Retry rather than a blank page. */
export function App({ state, history }: { state: PopupState; history?: PopupHistoryState }) {
  // Preact types the caught value as `any`: it is whatever was thrown.
  const [error, resetError] = useErrorBoundary() as [unknown, () => void];
  useEffect(() => state.ensureStarted(), [state]);
  usePickerShortcut();
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

/**
 * Returns the sections' module once loaded; null while it loads, or the reason it could not.
 * Asked for once the verdict is painted: compiling it while the worker answers would hold the
 * answer back.
 */
function useDetailsModule(painted: boolean): DetailsModule | { readonly failed: string } | null {
  const loaded = useSignal<DetailsModule | { readonly failed: string } | null>(null);
  useEffect(() => {
    if (!painted) return;
    let live = true;
    import('./Details').then(
      (module) => live && (loaded.value = module),
      (cause: unknown) => live && (loaded.value = { failed: describeError(cause) }),
    );
    return () => void (live = false);
  }, [painted]);
  return loaded.value;
}

function Inspector({ state, history }: { state: PopupState; history?: PopupHistoryState }) {
  // The verdict paints first (from the worker's judgement: nothing is parsed); the sections below
  // it render in the frame after, once their code has loaded.
  const painted = useSignal(false);
  const details = useDetailsModule(painted.value);
  /** The pinned header shown whole rather than clamped (the headline and the URL cut to fit a quarter of the popup). */
  const headerOpen = useSignal(false);
  const header = useRef<HTMLElement>(null);
  const clipped = useClipped(header, headerOpen.value);
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
  // robots.txt governs no part of this page: nothing below would mean anything.
  if (phase.inspection.kind === 'not-applicable')
    return <NotApplicableCard explanation={phase.inspection.explanation} />;
  return (
    <>
      <header ref={header} class={`top${headerOpen.value ? ' open' : ''}`}>
        <Verdict state={state} onPainted={() => (painted.value = true)} />
        <div class="top-bar">
          <SectionNav sections={SECTIONS} />
          <button
            type="button"
            class="small"
            data-testid="pick-crawler"
            title={`Pick a crawler (press ${PICKER_KEY})`}
            onClick={focusPicker}
          >
            Crawler <kbd>{PICKER_KEY}</kbd>
          </button>
          <HeaderActions
            report={state.engineLoaded.value ? () => state.report() ?? '' : null}
            onCopy={state.copy}
            onPopOut={state.canPopOut ? () => void state.popOut() : null}
            expanded={clipped || headerOpen.value ? headerOpen.value : null}
            onToggleExpanded={() => (headerOpen.value = !headerOpen.value)}
          />
          {phase.inspection.kind === 'inspected' ? (
            <>
              <TestChangeLink origin={phase.inspection.record.origin} pageUrl={phase.inspection.pageUrl} />
              <ProbeLink origin={phase.inspection.record.origin} pageUrl={phase.inspection.pageUrl} />
            </>
          ) : null}
        </div>
      </header>
      <main>
        {state.notice.value ? (
          <p class="notice warning" role="alert">
            {state.notice.value}
          </p>
        ) : null}
        <Screen state={state} details={details === null || 'failed' in details ? null : details} />
        {details === null || !painted.value ? (
          <Pending what="Reading robots.txt…" />
        ) : 'failed' in details ? (
          <p class="notice warning" role="alert">
            Could not load the popup&rsquo;s sections: {details.failed}
          </p>
        ) : (
          <details.Details state={state} history={history} />
        )}
        {state.openSidePanel ? (
          <p class="open-panel">
            <button
              type="button"
              class="small"
              data-testid="open-side-panel"
              onClick={state.openSidePanel}
              title="Robotscope beside the page, following the tab you are on with a crawler of its own"
            >
              Open in side panel
            </button>
          </p>
        ) : null}
      </main>
    </>
  );
}

/**
 * Returns true when the pinned header clips something (the page URL past two lines, the verdict
 * card past its height), so the header offers to show it whole. Measured after each render, when
 * the header's content changes and when the window resizes.
 */
function useClipped(ref: { current: HTMLElement | null }, open: boolean): boolean {
  const clipped = useSignal(false);
  const measure = () => {
    const el = ref.current;
    if (!el || open) return;
    const over = [...el.querySelectorAll('.verdict-card, .verdict-for, .verdict-detail')].some(
      (e) => e.scrollHeight > e.clientHeight + 1,
    );
    if (over !== clipped.value) clipped.value = over;
  };
  useLayoutEffect(measure);
  useEffect(() => {
    addEventListener('resize', measure);
    // The verdict card re-renders on its own (a signal it reads changed: the indexability verdict,
    // a crawler's), without this component: a change inside the header measures again too.
    const changes = new MutationObserver(measure);
    if (ref.current) changes.observe(ref.current, { subtree: true, childList: true, characterData: true });
    return () => {
      removeEventListener('resize', measure);
      changes.disconnect();
    };
  });
  return clipped.value;
}

/**
 * Marks the moment the first verdict is on screen (effects run after paint): `data-ready-ms` on
 * the root, measured from the popup's navigation start. Then `onPainted`.
 */
function useReadyMark(ref: { current: HTMLElement | null }, ready: boolean, onPainted: () => void): void {
  useEffect(() => {
    if (!ready) return;
    const root = ref.current?.closest('.app');
    if (root instanceof HTMLElement && !root.dataset.readyMs) {
      const ms = Math.round(performance.now());
      root.dataset.readyMs = String(ms);
    }
    onPainted();
  }, [ready]);
}

function Verdict({ state, onPainted }: { state: PopupState; onPainted: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const verdict = state.verdict.value;
  const phase = state.phase.value;
  useReadyMark(ref, verdict !== null && phase.kind === 'ready', onPainted);
  if (phase.kind !== 'ready') return null;
  // Only a crawler the worker did not judge waits for the engine (it loads in a moment).
  if (!verdict) return <Pending what={`Evaluating robots.txt for ${state.crawler.value.name}…`} />;
  return (
    <div ref={ref}>
      <VerdictCard
        verdict={verdict}
        crawler={state.crawler.value}
        pageUrl={phase.inspection.pageUrl}
        tokenCheck={state.tokenCheck.value}
        indexability={state.indexability.result.value}
        indexabilityPending={state.indexability.usagePage.value === 'pending'}
        notDefault={state.crawler.value.token !== state.defaultCrawler.value.token}
        hostName={state.hostName}
        roomy={!state.canPopOut}
      />
    </div>
  );
}

/** The Fetch, Index and Use groups under the pinned headline, once the verdict is known. */
function Screen({ state, details }: { state: PopupState; details: DetailsModule | null }) {
  const verdict = state.verdict.value;
  if (verdict === null) return null;
  return (
    <FirstScreen
      verdict={verdict}
      crawlerName={state.crawler.value.name}
      index={state.indexability.view.value}
      use={state.usage.state.value}
      controlTokenOf={isTokenOnly(state.crawler.value.token) ? state.crawler.value.operator : null}
      UseDetails={details?.UseDetails}
    />
  );
}
