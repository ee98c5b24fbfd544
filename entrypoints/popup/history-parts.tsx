/**
 * The popup's history pieces, each wired to the popup's state and the history state; App.tsx
 * mounts them with one line each.
 */
import { ChangedSince, HistoryActions } from '../../components/popup/ChangedSince';
import { CdnMergeNote, ContentSignals, ManagedBlocksNote } from '../../components/popup/ContentSignals';
import type { PopupHistoryState } from './history-state';
import type { PopupState } from './state';

/** Refetch, watch, history; the "changed since" notice; a history failure in words. */
export function HistoryBar({ state, history, now }: { state: PopupState; history: PopupHistoryState; now: number }) {
  if (history.origin.value === null) return null;
  const changed = history.changed.value;
  return (
    <div class="history-bar">
      {changed ? <ChangedSince summary={changed} now={now} onOpenHistory={() => void history.openHistory()} /> : null}
      <HistoryActions
        refreshing={state.refreshing.value}
        watched={history.watched.value}
        watchNote={history.watchNote.value}
        onRefresh={() => void state.refresh()}
        onToggleWatch={() => void history.toggleWatch()}
        onOpenHistory={() => void history.openHistory()}
        onOpenOptions={() => void history.openOptions()}
      />
      {history.message.value ? (
        <p class="notice muted" role="status">
          {history.message.value}
        </p>
      ) : null}
    </div>
  );
}

/** In Why: names the CDN when its managed group and the site's own merge. */
export function HistoryWhyNote({ history }: { history: PopupHistoryState }) {
  const merge = history.cdnMerge.value;
  return merge ? <CdnMergeNote merge={merge} /> : null;
}

/** In File: which lines the CDN added. */
export function HistoryFileNote({ history }: { history: PopupHistoryState }) {
  return <ManagedBlocksNote blocks={history.managedBlocks.value} />;
}

/** Next to the crawler purposes: the Content-Signal / Content-Usage lines explained. */
export function HistorySignals({ history }: { history: PopupHistoryState }) {
  return <ContentSignals lines={history.contentSignals.value} blocks={history.managedBlocks.value} />;
}
