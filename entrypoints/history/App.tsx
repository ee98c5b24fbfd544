import { useEffect } from 'preact/hooks';
import { HistoryView } from '../../components/history/HistoryView';
import type { HistoryPageState } from './state';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The history page: loading, an error in words, or the view. */
export function App({ state, origin, pageUrl }: { state: HistoryPageState; origin: string; pageUrl: string }) {
  useEffect(() => void state.start(), [state]);
  const phase = state.phase.value;
  if (phase.kind === 'loading')
    return (
      <p class="status" role="status">
        Loading the history of {origin}…
      </p>
    );
  if (phase.kind === 'error')
    return (
      <div class="error-panel" role="alert">
        <p>
          Robotscope could not load the history of {origin}: {phase.message}
        </p>
        <button type="button" onClick={() => void state.start()}>
          Retry
        </button>
      </div>
    );
  return (
    <HistoryView
      origin={origin}
      pageUrl={pageUrl}
      versions={state.versions.value}
      selection={state.selection.value}
      comparison={state.comparison.value}
      message={state.message.value}
      onSelect={(side, seq) => void state.select(side, seq)}
      onDownload={(seq) => void state.download(seq)}
      onDraft={(seq) => void state.draft(seq)}
      formatTime={(ms) => TIME.format(ms)}
    />
  );
}
