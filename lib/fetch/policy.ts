/**
 * Fetching one origin's robots.txt and classifying the result as crawlers do: RFC 9309 §2.3.1
 * (2xx, redirects, 4xx, 5xx, unreachable), Google's 500 KiB limit and 429 handling. docs/semantics/robots.md §7.
 */

import { describeBody, readLimitedBytes } from './body';
import { DEFAULT_TIMEOUT_MS, MAX_REDIRECTS, SECOND } from './constants';
import { computeExpiresAt } from './freshness';
import { type HeaderList, listHeaders } from './headers';
import { describeNetworkError } from './network-error';
import type { RobotsTransport, TransportResponse } from './transport';
import type { FetchOutcome, FetchRecord, RedirectHop } from './types';
import { httpOriginOf } from '../shared/url';
import { errorWords } from '../shared/error-words';

export interface FetchPolicyDeps {
  readonly transport: RobotsTransport;
  /** Epoch ms. */
  readonly now: () => number;
  /** Time allowed for the whole fetch, body included. Default DEFAULT_TIMEOUT_MS (10 s). */
  readonly timeoutMs?: number;
  /** The user's Cancel: aborting it ends the fetch, which then rejects with FetchCancelledError. */
  readonly signal?: AbortSignal;
  /** Bytes of a 2xx body kept (the rest is not read, and the body is marked truncated). Default MAX_ROBOTS_BYTES. */
  readonly maxBytes?: number;
}

/** The fetch was cancelled by the user: there is no outcome to keep. */
export class FetchCancelledError extends Error {
  constructor(readonly robotsUrl: string) {
    super(`Fetching ${robotsUrl} was cancelled.`);
    this.name = 'FetchCancelledError';
  }
}

/** Why the policy itself ended a request. */
type StopReason =
  | { readonly kind: 'too-many-redirects' }
  | { readonly kind: 'redirect-loop' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'cancelled' };

class PolicyStop extends Error {
  constructor(readonly reason: StopReason) {
    super(`robots.txt fetch stopped: ${reason.kind}`);
    this.name = 'PolicyStop';
  }
}

/** Returns the outcome for a response's status; 2xx is handled by the caller. */
function classifyStatus(status: number): FetchOutcome {
  if (status === 429)
    return { kind: 'unreachable', cause: 'rate-limited', status, detail: 'HTTP 429 Too Many Requests' };
  if (status >= 500) return { kind: 'unreachable', cause: 'server-error', status, detail: `HTTP ${status}` };
  if (status >= 400) return { kind: 'unavailable', cause: 'client-error', status };
  return { kind: 'unavailable', cause: 'unexpected-status', status };
}

function formatSeconds(ms: number): string {
  const seconds = ms / SECOND;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** Returns the failure in browser-neutral words (Chromium's net::ERR_* and Firefox's NS_ERROR_* alike). */
function describeError(error: unknown): string {
  return describeNetworkError(errorWords(error));
}

/**
 * Returns the FetchRecord of `robotsUrl`: every redirect hop recorded, at most MAX_REDIRECTS (5)
 * followed (a sixth → unavailable `too-many-redirects`, a URL seen twice → unavailable
 * `redirect-loop`), 2xx → `ok` with the body read to 500 KiB, 4xx except 429 → `unavailable`,
 * 429/5xx/timeout/network failure → `unreachable`: every failure is an outcome.
 * The timeout (default 10 s) covers headers and body. Rejects only with FetchCancelledError, when
 * `deps.signal` aborts (the user's Cancel).
 */
export async function fetchRobotsTxt(
  target: { readonly origin: string; readonly robotsUrl: string },
  deps: FetchPolicyDeps,
): Promise<FetchRecord> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchedAt = deps.now();
  const hops: RedirectHop[] = [];
  const visited = new Set<string>([target.robotsUrl]);
  const controller = new AbortController();
  // Set from callbacks (timer, onRedirect): read through the object so TypeScript does not narrow it.
  const state: { stop: StopReason | null } = { stop: null };
  const stopWith = (reason: StopReason): void => {
    if (state.stop !== null) return;
    state.stop = reason;
    controller.abort(new PolicyStop(reason));
  };
  const timer = setTimeout(() => stopWith({ kind: 'timeout' }), timeoutMs);
  const onCancel = (): void => stopWith({ kind: 'cancelled' });
  if (deps.signal?.aborted === true) onCancel();
  deps.signal?.addEventListener('abort', onCancel, { once: true });

  const onRedirect = (status: number, to: string): void => {
    if (state.stop !== null) return;
    const from = hops.at(-1)?.to ?? target.robotsUrl;
    hops.push({ status, from, to, crossOrigin: (httpOriginOf(from) ?? from) !== (httpOriginOf(to) ?? to) });
    if (visited.has(to)) stopWith({ kind: 'redirect-loop' });
    else if (hops.length > MAX_REDIRECTS) stopWith({ kind: 'too-many-redirects' });
    visited.add(to);
  };

  let response: TransportResponse | null = null;
  let outcome: FetchOutcome;
  let cacheControl: string | null = null;
  let headers: HeaderList | undefined;
  try {
    response = await deps.transport({ url: target.robotsUrl, signal: controller.signal, onRedirect });
    cacheControl = response.headers.get('cache-control');
    headers = listHeaders(response.headers);
    if (state.stop !== null) {
      await response.body?.cancel().catch(() => undefined);
      throw new PolicyStop(state.stop);
    }
    if (response.status >= 200 && response.status < 300) {
      const limited = await readLimitedBytes(response.body, { signal: controller.signal, limit: deps.maxBytes });
      outcome = {
        kind: 'ok',
        status: response.status,
        body: describeBody(limited, {
          contentType: response.headers.get('content-type'),
          contentLength: response.headers.get('content-length'),
        }),
      };
    } else {
      await response.body?.cancel().catch(() => undefined);
      outcome = classifyStatus(response.status);
    }
  } catch (error) {
    // The policy's own stop wins over whatever error the aborted request surfaced as.
    const reason = state.stop;
    if (reason === null) {
      outcome = { kind: 'unreachable', cause: 'network-error', status: null, detail: describeError(error) };
    } else if (reason.kind === 'timeout') {
      outcome = {
        kind: 'unreachable',
        cause: 'timeout',
        status: null,
        detail: `No complete answer within ${formatSeconds(timeoutMs)}`,
      };
    } else if (reason.kind === 'cancelled') {
      outcome = { kind: 'unreachable', cause: 'network-error', status: null, detail: 'cancelled' };
    } else {
      outcome = { kind: 'unavailable', cause: reason.kind, status: hops.at(-1)?.status ?? null };
    }
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener('abort', onCancel);
  }
  if (state.stop?.kind === 'cancelled') throw new FetchCancelledError(target.robotsUrl);
  const finishedAt = deps.now();
  const finalUrl = response?.url || hops.at(-1)?.to || target.robotsUrl;
  return {
    origin: target.origin,
    robotsUrl: target.robotsUrl,
    finalUrl,
    hops,
    outcome,
    fetchedAt,
    expiresAt: computeExpiresAt(outcome, cacheControl, fetchedAt),
    durationMs: Math.max(0, finishedAt - fetchedAt),
    ...(headers === undefined ? {} : { headers }),
  };
}
