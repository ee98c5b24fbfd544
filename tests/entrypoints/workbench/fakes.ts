/** Fakes for the workbench page's tests: an inspection of a live file, a worker session run in-process. */
import type { Inspection } from '../../../lib/protocol/messages';
import { createWorkbenchSession, type WorkerReply, type WorkerRequest } from '../../../lib/workbench';
import type { SessionDeps } from '../../../lib/workbench/session';
import type { WorkerPort } from '../../../entrypoints/workbench/jobs';
import { fetchedBody } from '../../lib/fetch/fixtures';

/** Returns an inspection of `origin` whose robots.txt (HTTP 200) holds `text`. */
export function liveInspection(origin: string, text: string, pageUrl = `${origin}/`): Inspection {
  return {
    kind: 'inspected',
    pageUrl,
    tabId: null,
    source: 'network',
    ageMs: 0,
    diagnostics: [],
    directives: { managedBlocks: [], contentSignals: [] },
    description: { summary: 'robots.txt found (HTTP 200).', effect: 'Its rules apply.', notes: [] },
    record: {
      origin,
      robotsUrl: `${origin}/robots.txt`,
      finalUrl: `${origin}/robots.txt`,
      hops: [],
      fetchedAt: 0,
      expiresAt: 1,
      durationMs: 1,
      outcome: { kind: 'ok', status: 200, body: fetchedBody({ text }) },
    },
  };
}

/**
 * Returns a worker port to a real session run in-process, its replies delivered later as
 * postMessage's are; the session fetches sitemaps through `fetch` (offline by default).
 */
export function createInProcessWorker(
  fetch: SessionDeps['fetch'] = () => Promise.reject(new Error('offline')),
): WorkerPort {
  let listener: (reply: WorkerReply) => void = () => undefined;
  const session = createWorkbenchSession({
    post: (reply) => setTimeout(() => listener(reply), 0),
    fetch,
    now: () => performance.now(),
    yieldTurn: () => new Promise((r) => setTimeout(r, 0)),
  });
  return { post: (request: WorkerRequest) => void session.handle(request), listen: (fn) => (listener = fn) };
}
