/**
 * The workbench's Web Worker: evaluation, lint and sitemap loading off the page's main thread.
 * Built by Vite from `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })`.
 */

import { createWorkbenchSession, type WorkerReply, type WorkerRequest } from '../../lib/workbench';

const scope = self as unknown as {
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

const session = createWorkbenchSession({
  post: (reply, transfer) => scope.postMessage(reply, (transfer ?? []) as Transferable[]),
  fetch: (url, init) => fetch(url, { ...init, referrerPolicy: 'no-referrer', cache: 'no-store' }),
  now: () => performance.now(),
  yieldTurn: () => new Promise((resolve) => setTimeout(resolve, 0)),
});

scope.onmessage = (event) => void session.handle(event.data);
