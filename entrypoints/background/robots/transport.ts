/**
 * The worker's RobotsTransport: the platform's fetch follows redirects (in an extension worker,
 * `redirect: 'manual'` hides the status and Location), and webRequest reports each hop of the
 * worker's own request (tabId -1) as it happens, so the policy records hops and can abort the
 * fetch at a sixth redirect or a loop. Requests carry no cookies, credentials or referrer.
 */
import type { RobotsTransport } from '../../../lib/fetch/transport';
import { errorWords } from '../../../lib/shared/error-words';

/** The parts of webRequest's event details the transport reads. */
export interface RequestDetails {
  readonly requestId: string;
  readonly url: string;
  readonly tabId: number;
}

interface WebRequestEvent<T, R = void> {
  addListener(callback: (details: T) => R, filter: { urls: string[]; tabId?: number }): void;
}

/** onBeforeRequest also takes `['blocking']`, which lets its listener cancel the request. */
interface BlockableWebRequestEvent<T, R> {
  addListener(
    callback: (details: T) => R,
    filter: { urls: string[]; tabId?: number },
    extraInfoSpec?: 'blocking'[],
  ): void;
}

/** What a blocking onBeforeRequest listener answers: cancel the request, or let it go (undefined). */
export type BlockingAnswer = { readonly cancel: true } | undefined;

/** The webRequest events the transport listens to (browser.webRequest fits). */
export interface WebRequestEvents {
  /**
   * Registered as blocking where the manifest has `webRequestBlocking` (Firefox MV2): then it
   * cancels each further hop of a request the policy stopped. Elsewhere it only watches.
   */
  readonly onBeforeRequest: BlockableWebRequestEvent<RequestDetails, BlockingAnswer>;
  readonly onBeforeRedirect: WebRequestEvent<
    RequestDetails & { readonly statusCode: number; readonly redirectUrl: string }
  >;
  readonly onResponseStarted: WebRequestEvent<RequestDetails>;
  readonly onErrorOccurred: WebRequestEvent<RequestDetails & { readonly error: string }>;
}

/** How long to wait for webRequest's report of a request after fetch settled: events and the response travel separately. */
export const EVENT_GRACE_MS = 1000;

/** The fetch options every robots.txt request uses: as a crawler would, nothing of the user's. */
export const CRAWLER_FETCH_INIT = {
  redirect: 'follow',
  credentials: 'omit',
  referrerPolicy: 'no-referrer',
  cache: 'no-store',
} as const satisfies RequestInit;

interface Tracker {
  readonly url: string;
  /** The policy's signal: once aborted, further hops of the request are cancelled where possible. */
  readonly signal: AbortSignal;
  readonly onRedirect: (status: number, to: string) => void;
  requestId: string | null;
  /** The network error webRequest reported, e.g. `net::ERR_CONNECTION_REFUSED`. */
  error: string | null;
  /** Resolves when webRequest saw the response start or the request fail: every hop is known by then. */
  readonly settled: Promise<void>;
  settle(): void;
}

function createTracker(url: string, signal: AbortSignal, onRedirect: Tracker['onRedirect']): Tracker {
  let settle = (): void => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { url, signal, onRedirect, requestId: null, error: null, settled, settle };
}

const CANCEL = { cancel: true } as const;

/** Stopped requests remembered until their end is seen; a few suffice (one fetch per origin at a time). */
const STOPPED_KEPT = 64;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface WebRequestTransport {
  readonly transport: RobotsTransport;
  /** Adds the webRequest listeners (once, from the worker's main function). */
  register(): void;
}

/**
 * Returns the worker's transport: `fetch` with CRAWLER_FETCH_INIT, hops reported from
 * `webRequest` (when it is missing, hops are not recorded and only the final URL is known).
 * With `blocking` (the manifest has `webRequestBlocking`: Firefox MV2), onBeforeRequest also
 * cancels every further hop of a request the policy stopped: Firefox's fetch abort does not stop
 * a redirect chain already under way, which would otherwise run on to Firefox's own limit of 20.
 */
export function createWebRequestTransport(deps: {
  readonly fetch: typeof fetch;
  readonly webRequest: WebRequestEvents | undefined;
  readonly blocking?: boolean;
}): WebRequestTransport {
  /** Trackers waiting for their request to start, by URL, in order. */
  const waiting = new Map<string, Tracker[]>();
  const byRequestId = new Map<string, Tracker>();
  /** Requests whose fetch was aborted, until webRequest reports their end. */
  const stopped = new Set<string>();
  // The worker's own requests have no tab.
  const filter = { urls: ['http://*/*', 'https://*/*'], tabId: -1 };

  const onBeforeRequest = (details: RequestDetails): BlockingAnswer => {
    if (details.tabId !== -1) return undefined;
    // A known request id again: the next hop of a redirect.
    const known = byRequestId.get(details.requestId);
    if (known !== undefined) return deps.blocking && known.signal.aborted ? CANCEL : undefined;
    if (stopped.has(details.requestId)) return deps.blocking ? CANCEL : undefined;
    const queue = waiting.get(details.url);
    const tracker = queue?.shift();
    if (tracker === undefined) return undefined;
    if (queue?.length === 0) waiting.delete(details.url);
    tracker.requestId = details.requestId;
    byRequestId.set(details.requestId, tracker);
    return undefined;
  };
  const onBeforeRedirect = (details: RequestDetails & { statusCode: number; redirectUrl: string }): void => {
    byRequestId.get(details.requestId)?.onRedirect(details.statusCode, details.redirectUrl);
  };
  const onResponseStarted = (details: RequestDetails): void => {
    stopped.delete(details.requestId);
    byRequestId.get(details.requestId)?.settle();
  };
  const onErrorOccurred = (details: RequestDetails & { error: string }): void => {
    stopped.delete(details.requestId);
    const tracker = byRequestId.get(details.requestId);
    if (tracker === undefined) return;
    tracker.error = details.error;
    tracker.settle();
  };

  function forget(tracker: Tracker): void {
    if (tracker.requestId !== null) {
      byRequestId.delete(tracker.requestId);
      if (tracker.signal.aborted) {
        stopped.add(tracker.requestId);
        if (stopped.size > STOPPED_KEPT) stopped.delete(stopped.values().next().value as string);
      }
    }
    const queue = waiting.get(tracker.url);
    const index = queue?.indexOf(tracker) ?? -1;
    if (queue !== undefined && index >= 0) queue.splice(index, 1);
    if (queue?.length === 0) waiting.delete(tracker.url);
  }

  const transport: RobotsTransport = async ({ url, signal, onRedirect }) => {
    const tracker = createTracker(url, signal, onRedirect);
    const tracking = deps.webRequest !== undefined;
    if (tracking) waiting.set(url, [...(waiting.get(url) ?? []), tracker]);
    try {
      const response = await deps.fetch(url, { ...CRAWLER_FETCH_INIT, signal });
      // The hops may still be on their way: wait for webRequest to see the response start.
      if (tracking) await Promise.race([tracker.settled, wait(EVENT_GRACE_MS)]);
      return { status: response.status, url: response.url, headers: response.headers, body: response.body };
    } catch (error) {
      if (signal.aborted) throw error;
      // fetch says only "Failed to fetch"; webRequest knows the network error's name.
      if (tracking) await Promise.race([tracker.settled, wait(EVENT_GRACE_MS)]);
      const message = errorWords(error);
      throw new Error(tracker.error ?? message, { cause: error });
    } finally {
      forget(tracker);
    }
  };

  return {
    transport,
    register() {
      if (deps.webRequest === undefined) return;
      if (deps.blocking) deps.webRequest.onBeforeRequest.addListener(onBeforeRequest, filter, ['blocking']);
      else deps.webRequest.onBeforeRequest.addListener(onBeforeRequest, filter);
      deps.webRequest.onBeforeRedirect.addListener(onBeforeRedirect, filter);
      deps.webRequest.onResponseStarted.addListener(onResponseStarted, filter);
      deps.webRequest.onErrorOccurred.addListener(onErrorOccurred, filter);
    },
  };
}
