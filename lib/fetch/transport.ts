/**
 * The network layer the fetch policy runs on: one request that follows redirects itself and
 * reports every hop as it happens, so the policy can record hops and stop a chain early
 * (RFC 9309 §2.3.1.2). The browser worker implements it with fetch + webRequest; Node and tests
 * use `createManualRedirectTransport`, which follows redirects one request at a time.
 */

/** A response's headers, as much of them as the policy reads. */
export interface HeaderReader {
  get(name: string): string | null;
  /** Every header, as `Headers.forEach` gives them (names lower-cased); absent on readers that only look up. */
  forEach?(callback: (value: string, name: string) => void): void;
}

export interface TransportRequest {
  readonly url: string;
  /** Aborting it must end the request (and make the transport's promise reject). */
  readonly signal: AbortSignal;
  /** Called once per redirect, in order, as the transport follows it; `to` is absolute. */
  readonly onRedirect: (status: number, to: string) => void;
}

export interface TransportResponse {
  readonly status: number;
  /** The URL that answered (after redirects); empty when unknown. */
  readonly url: string;
  readonly headers: HeaderReader;
  readonly body: ReadableStream<Uint8Array> | null;
}

/** One robots.txt request, redirects followed. Rejects on a network failure or an abort. */
export type RobotsTransport = (request: TransportRequest) => Promise<TransportResponse>;

/** One HTTP request, redirects not followed (`redirect: 'manual'` with the Location visible). */
export type FetchOnce = (
  url: string,
  init: { readonly signal: AbortSignal },
) => Promise<{
  readonly status: number;
  readonly headers: HeaderReader;
  readonly body: ReadableStream<Uint8Array> | null;
}>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Browsers give up after 20 redirects with a network error; so does the manual transport. */
export const PLATFORM_REDIRECT_LIMIT = 20;

/**
 * Returns a transport that follows 301/302/303/307/308 responses itself through `fetchOnce`,
 * reporting each hop before requesting its target. It stops when the request's signal aborts
 * (the policy aborts on a loop or a sixth hop) and rejects after PLATFORM_REDIRECT_LIMIT hops, as
 * browsers do. A redirect without a Location header is returned as the response.
 */
export function createManualRedirectTransport(fetchOnce: FetchOnce): RobotsTransport {
  return async ({ url, signal, onRedirect }) => {
    let current = url;
    for (let hops = 0; ; hops++) {
      if (signal.aborted) throw signal.reason;
      const response = await fetchOnce(current, { signal });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) {
        return { status: response.status, url: current, headers: response.headers, body: response.body };
      }
      await response.body?.cancel().catch(() => undefined);
      if (hops >= PLATFORM_REDIRECT_LIMIT) throw new TypeError('net::ERR_TOO_MANY_REDIRECTS');
      let target: string;
      try {
        target = new URL(location, current).href;
      } catch (error) {
        throw new TypeError(`Invalid redirect target: ${location}`, { cause: error });
      }
      onRedirect(response.status, target);
      current = target;
    }
  };
}
