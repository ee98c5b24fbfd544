import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/messages';
import { App } from './App';
import { createBrowserPlatform } from './platform';
import { createPopupState } from './state';
import '../../components/theme.css';
import './style.css';
import './indexability.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
const state = createPopupState(client, createBrowserPlatform(window.location));
render(<App state={state} />, document.getElementById('app') as HTMLElement);
