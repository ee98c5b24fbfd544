import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/protocol/messages';
import { App } from './App';
import { createOptionsHistoryState } from './history-state';
import { createOptionsState } from './state';
import '../../components/theme.css';
import './style.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
const history = createOptionsHistoryState({
  client,
  platform: {
    requestNotifications: () => browser.permissions.request({ permissions: ['notifications'] }),
    notificationsAllowed: () => browser.permissions.contains({ permissions: ['notifications'] }),
  },
});
render(<App state={createOptionsState({ client })} history={history} />, document.getElementById('app') as HTMLElement);
