import { useEffect } from 'preact/hooks';
import { Pending } from '../../components/popup/StatusCards';
import { App } from '../popup/App';
import type { PopupHistoryState } from '../popup/history-state';
import type { PopupState } from '../popup/state';
import type { FollowState } from './follow';

/** One inspection in the panel: the popup's state and its history part. */
export interface PanelPage {
  readonly state: PopupState;
  readonly history: PopupHistoryState;
}

/**
 * The side panel: the popup's app for the page the window shows, remounted for each new page (its
 * sections start from "reading…", never from the previous page's answer).
 */
export function PanelApp({ follow }: { follow: FollowState<PanelPage> }) {
  useEffect(() => {
    void follow.start();
    return () => follow.stop();
  }, [follow]);
  const current = follow.current.value;
  if (current.kind === 'finding')
    return (
      <div class="app wide">
        <Pending what="Finding this window’s tab…" />
      </div>
    );
  if (current.kind === 'none')
    return (
      <div class="app wide">
        <p class="notice" role="status" data-testid="panel-no-tab">
          {current.message}
        </p>
      </div>
    );
  return <App key={current.key} state={current.value.state} history={current.value.history} />;
}
