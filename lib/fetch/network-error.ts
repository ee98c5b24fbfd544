/**
 * Network errors in words that do not depend on the browser. Chromium names a failed request
 * `net::ERR_CONNECTION_REFUSED` (net/base/net_error_list.h), Firefox `NS_ERROR_CONNECTION_REFUSED`
 * (xpcom/base/ErrorList.py), and fetch itself says only "Failed to fetch" or "NetworkError when
 * attempting to fetch resource.": the user reads the same sentence in both.
 */

/** What went wrong, whichever browser named it. */
export type NetworkErrorKind =
  | 'connection-refused'
  | 'name-not-resolved'
  | 'timed-out'
  | 'connection-reset'
  | 'empty-response'
  | 'address-unreachable'
  | 'offline'
  | 'tls'
  | 'too-many-redirects'
  | 'unsafe-port'
  | 'blocked'
  | 'proxy'
  | 'invalid-response'
  | 'aborted'
  | 'unnamed'
  | 'unknown';

/** The words for each kind: a clause that completes "robots.txt could not be fetched: …". */
export const NETWORK_ERROR_WORDS: Readonly<Record<Exclude<NetworkErrorKind, 'unknown'>, string>> = {
  'connection-refused': 'the server refused the connection',
  'name-not-resolved': 'the host name could not be resolved',
  'timed-out': 'the connection timed out',
  'connection-reset': 'the connection was cut before the answer was complete',
  'empty-response': 'the server closed the connection without answering',
  'address-unreachable': 'the server’s address could not be reached',
  offline: 'the browser is offline',
  tls: 'the secure connection failed (a certificate or TLS error)',
  'too-many-redirects': 'the browser gave up after too many redirects',
  'unsafe-port': 'the browser does not connect to this port',
  blocked: 'the browser or another extension blocked the request',
  proxy: 'the proxy server could not be reached',
  'invalid-response': 'the server’s answer was not valid HTTP',
  aborted: 'the request was cancelled',
  unnamed: 'a network error occurred',
};

/** Exact names, without Chromium's `net::` prefix. */
const BY_NAME: Readonly<Record<string, Exclude<NetworkErrorKind, 'unknown'>>> = {
  // Chromium
  ERR_CONNECTION_REFUSED: 'connection-refused',
  ERR_NAME_NOT_RESOLVED: 'name-not-resolved',
  ERR_NAME_RESOLUTION_FAILED: 'name-not-resolved',
  ERR_CONNECTION_TIMED_OUT: 'timed-out',
  ERR_TIMED_OUT: 'timed-out',
  ERR_CONNECTION_RESET: 'connection-reset',
  ERR_CONNECTION_CLOSED: 'connection-reset',
  ERR_CONNECTION_ABORTED: 'connection-reset',
  ERR_CONNECTION_FAILED: 'connection-reset',
  ERR_INCOMPLETE_CHUNKED_ENCODING: 'connection-reset',
  ERR_CONTENT_LENGTH_MISMATCH: 'connection-reset',
  ERR_NETWORK_CHANGED: 'connection-reset',
  ERR_EMPTY_RESPONSE: 'empty-response',
  ERR_ADDRESS_UNREACHABLE: 'address-unreachable',
  ERR_ADDRESS_INVALID: 'address-unreachable',
  ERR_INTERNET_DISCONNECTED: 'offline',
  ERR_TOO_MANY_REDIRECTS: 'too-many-redirects',
  ERR_UNSAFE_PORT: 'unsafe-port',
  ERR_BLOCKED_BY_CLIENT: 'blocked',
  ERR_BLOCKED_BY_ADMINISTRATOR: 'blocked',
  ERR_BLOCKED_BY_RESPONSE: 'blocked',
  ERR_PROXY_CONNECTION_FAILED: 'proxy',
  ERR_TUNNEL_CONNECTION_FAILED: 'proxy',
  ERR_INVALID_RESPONSE: 'invalid-response',
  ERR_INVALID_HTTP_RESPONSE: 'invalid-response',
  ERR_RESPONSE_HEADERS_TOO_BIG: 'invalid-response',
  ERR_ABORTED: 'aborted',
  ERR_FAILED: 'unnamed',
  // Firefox
  NS_ERROR_CONNECTION_REFUSED: 'connection-refused',
  NS_ERROR_UNKNOWN_HOST: 'name-not-resolved',
  NS_ERROR_NET_TIMEOUT: 'timed-out',
  NS_ERROR_NET_RESET: 'connection-reset',
  NS_ERROR_NET_INTERRUPT: 'connection-reset',
  NS_ERROR_NET_PARTIAL_TRANSFER: 'connection-reset',
  NS_ERROR_NET_EMPTY_RESPONSE: 'empty-response',
  NS_ERROR_OFFLINE: 'offline',
  NS_ERROR_REDIRECT_LOOP: 'too-many-redirects',
  NS_ERROR_PORT_ACCESS_NOT_ALLOWED: 'unsafe-port',
  NS_ERROR_CONTENT_BLOCKED: 'blocked',
  NS_ERROR_BLOCKED_BY_POLICY: 'blocked',
  NS_ERROR_PROXY_CONNECTION_REFUSED: 'proxy',
  NS_ERROR_UNKNOWN_PROXY_HOST: 'proxy',
  NS_ERROR_CORRUPTED_CONTENT: 'invalid-response',
  NS_ERROR_NET_INADEQUATE_SECURITY: 'tls',
  NS_BINDING_ABORTED: 'aborted',
  NS_ERROR_ABORT: 'aborted',
  NS_ERROR_FAILURE: 'unnamed',
};

/** fetch's own messages, which name no cause (Chromium, Firefox, Node/undici). */
const UNNAMED_MESSAGES = new Set([
  'failed to fetch',
  'networkerror when attempting to fetch resource.',
  'fetch failed',
  'load failed',
]);

/** Returns what kind of failure the browser's error name or fetch's message describes. */
export function classifyNetworkError(raw: string): NetworkErrorKind {
  const name = raw.trim().replace(/^net::/, '');
  const known = BY_NAME[name];
  if (known !== undefined) return known;
  // Chromium: ERR_CERT_*, ERR_SSL_*; Firefox: SEC_ERROR_*, SSL_ERROR_*, MOZILLA_PKIX_ERROR_*.
  if (/^(ERR_CERT_|ERR_SSL_|SEC_ERROR_|SSL_ERROR_|MOZILLA_PKIX_ERROR_)/.test(name)) return 'tls';
  if (name === '' || UNNAMED_MESSAGES.has(name.toLowerCase())) return 'unnamed';
  return 'unknown';
}

/**
 * Returns the browser-neutral clause for a network error: "the server refused the connection"
 * for both `net::ERR_CONNECTION_REFUSED` and `NS_ERROR_CONNECTION_REFUSED`. A name neither browser
 * is known to use is kept, so nothing the browser said is lost: "a network error occurred (X)".
 */
export function describeNetworkError(raw: string): string {
  const kind = classifyNetworkError(raw);
  if (kind === 'unknown') return `${NETWORK_ERROR_WORDS.unnamed} (${raw.trim()})`;
  return NETWORK_ERROR_WORDS[kind];
}
