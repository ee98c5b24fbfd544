import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/messages';
import { App } from './App';
import { createOptionsState } from './state';
import '../../components/theme.css';
import './style.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
render(<App state={createOptionsState(client)} />, document.getElementById('app') as HTMLElement);
