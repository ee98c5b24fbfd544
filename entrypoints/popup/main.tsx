import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/protocol/messages';
import { App } from './App';
import { createPopupHistoryState } from './history-state';
import { browserHistoryPlatform, createBrowserPlatform } from './platform';
import { createPopupState } from './state';
import '../../components/theme.css';
import './style.css';
import './indexability.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
const state = createPopupState({ client, platform: createBrowserPlatform(window.location) });
const history = createPopupHistoryState({ client, platform: browserHistoryPlatform, popup: state });
// The worker's answer is on its way while the popup's first render runs.
state.ensureStarted();
render(<App state={state} history={history} />, document.getElementById('app') as HTMLElement);
