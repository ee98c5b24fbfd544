import { render } from 'preact';
import { browser } from 'wxt/browser';
import { createProtocolClient, type Message } from '../../lib/protocol/messages';
import type { WorkerReply } from '../../lib/workbench';
import { createHistoryPageState } from './history-state';
import { createProbeState } from './probe-state';
import { App } from './App';
import { versionDraftName } from './drafts';
import { createIdbDraftStore, createStorageLocalDrafts } from './draft-store';
import { createWorkbenchState } from './state';
import '../../components/theme.css';
import './style.css';
import './history.css';

const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const params = new URLSearchParams(window.location.search);

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function download(fileName: string, content: string | Uint8Array | Blob, type: string): void {
  const href = URL.createObjectURL(content instanceof Blob ? content : new Blob([content as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

const state = createWorkbenchState({
  client,
  worker: {
    post: (request) => worker.postMessage(request),
    listen: (onReply) => worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => onReply(event.data)),
  },
  drafts: createIdbDraftStore(createStorageLocalDrafts()),
  params: { origin: params.get('origin'), url: params.get('url'), view: params.get('view') },
  download,
  copy: (text) => navigator.clipboard.writeText(text),
  setAddress: (origin, url, view) => {
    const next = new URLSearchParams({ origin, ...(view === 'history' ? { view } : {}), ...(url ? { url } : {}) });
    history.replaceState(null, '', `?${next.toString()}`);
  },
  now: () => Date.now(),
});
const root = document.getElementById('app') as HTMLElement;
// The "Loading…" line is there until the page renders; Preact adds to a node's children, so clear it.
root.replaceChildren();
/** The history view's state of an origin; a draft started from a version lands in this page's drafts. */
const createHistory = (origin: string, pageUrl: string) =>
  createHistoryPageState({
    client,
    origin,
    pageUrl,
    platform: {
      // Bytes as the server sent them (no charset claimed), or a version kept as text, as UTF-8.
      download: (fileName, content, type) =>
        download(fileName, content, type ?? (typeof content === 'string' ? 'text/plain;charset=utf-8' : 'text/plain')),
      startDraft: (draft) =>
        state.startDraft(draft.origin, versionDraftName(DAY.format(draft.fromFirstSeen), draft.fromStatus), draft.text),
      now: () => Date.now(),
    },
  });
const formatTime = (ms: number) => DAY.format(ms);
const createProbe = (pageUrl: string) => createProbeState({ client, pageUrl });
const probeParam = params.get('probe');
render(
  <App
    state={state}
    formatTime={formatTime}
    createHistory={createHistory}
    createProbe={createProbe}
    probeOnOpen={probeParam === 'run' ? 'run' : probeParam === null ? 'closed' : 'open'}
  />,
  root,
);
