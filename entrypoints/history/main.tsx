import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/messages';
import { App } from './App';
import { saveDraft } from './drafts';
import { createHistoryPageState, parseHistoryQuery } from './state';
import '../../components/theme.css';
import './style.css';

const root = document.getElementById('app') as HTMLElement;
const query = parseHistoryQuery(window.location.search);
if (query.kind === 'invalid') {
  const p = document.createElement('p');
  p.className = 'error-panel';
  p.setAttribute('role', 'alert');
  p.textContent = query.message;
  root.replaceChildren(p);
} else {
  const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
  const state = createHistoryPageState(client, query, {
    download(fileName, text) {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    saveDraft,
    now: () => Date.now(),
  });
  document.title = `robots.txt history — ${query.origin}`;
  render(<App state={state} origin={query.origin} pageUrl={query.pageUrl} />, root);
}
