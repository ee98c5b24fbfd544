import { render } from 'preact';
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { createProtocolClient, type Message } from '../../lib/messages';
import type { WorkerReply } from '../../lib/workbench';
import { App } from './App';
import { draftKey } from './drafts';
import { createWorkbenchState } from './state';
import '../../components/theme.css';
import './style.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const params = new URLSearchParams(window.location.search);

const state = createWorkbenchState({
  client,
  worker: {
    post: (request) => worker.postMessage(request),
    listen: (onReply) => worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => onReply(event.data)),
  },
  drafts: {
    load: (origin) => storage.getItem(draftKey(origin)),
    save: (origin, book) => storage.setItem(draftKey(origin), book),
  },
  params: { origin: params.get('origin'), url: params.get('url') },
  download: (fileName, text, type) => {
    const href = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  },
  copy: (text) => navigator.clipboard.writeText(text),
  setAddress: (origin, url) => {
    const next = new URLSearchParams({ origin, ...(url ? { url } : {}) });
    history.replaceState(null, '', `?${next.toString()}`);
  },
  now: () => Date.now(),
});
const root = document.getElementById('app') as HTMLElement;
// The "Loading…" line is there until the page renders; Preact adds to a node's children, so clear it.
root.replaceChildren();
render(<App state={state} />, root);
