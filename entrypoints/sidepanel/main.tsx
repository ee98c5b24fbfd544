import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/protocol/messages';
import { createPopupHistoryState } from '../popup/history-state';
import { browserHistoryPlatform } from '../popup/platform';
import { createPopupState } from '../popup/state';
import { createFollowState, NO_TAB } from './follow';
import { PanelApp, type PanelPage } from './PanelApp';
import { createFollowPlatform, createTabPlatform, findWindow, loadCrawlerChoice } from './platform';
import '../../components/theme.css';
import '../popup/style.css';
import '../popup/indexability.css';
import './style.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
const root = document.getElementById('app') as HTMLElement;

async function main(): Promise<void> {
  const windowId = await findWindow(window.location).catch(() => null);
  if (windowId === null) {
    root.textContent = NO_TAB;
    return;
  }
  const crawlerChoice = await loadCrawlerChoice(windowId);
  const follow = createFollowState<PanelPage>(createFollowPlatform(windowId), (tab) => {
    const { platform, dispose } = createTabPlatform(tab.tabId, crawlerChoice);
    const state = createPopupState({ client, platform });
    const history = createPopupHistoryState({ client, platform: browserHistoryPlatform, popup: state });
    // The worker's answer is on its way while the panel renders.
    state.ensureStarted();
    return { value: { state, history }, dispose };
  });
  render(<PanelApp follow={follow} />, root);
}

void main();
