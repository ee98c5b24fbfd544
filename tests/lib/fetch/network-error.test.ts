import { describe, expect, it } from 'vitest';
import { classifyNetworkError, describeNetworkError, NETWORK_ERROR_WORDS } from '../../../lib/fetch/network-error';

const CHROMIUM = 'Chromium net/base/net_error_list.h (as webRequest.onErrorOccurred reports it)';
const FIREFOX = 'Firefox xpcom/base/ErrorList.py (as webRequest.onErrorOccurred reports it)';

describe('classifyNetworkError', () => {
  it.each([
    { chromium: 'net::ERR_CONNECTION_REFUSED', firefox: 'NS_ERROR_CONNECTION_REFUSED', kind: 'connection-refused' },
    { chromium: 'net::ERR_NAME_NOT_RESOLVED', firefox: 'NS_ERROR_UNKNOWN_HOST', kind: 'name-not-resolved' },
    { chromium: 'net::ERR_CONNECTION_TIMED_OUT', firefox: 'NS_ERROR_NET_TIMEOUT', kind: 'timed-out' },
    { chromium: 'net::ERR_CONNECTION_RESET', firefox: 'NS_ERROR_NET_RESET', kind: 'connection-reset' },
    { chromium: 'net::ERR_CONNECTION_CLOSED', firefox: 'NS_ERROR_NET_INTERRUPT', kind: 'connection-reset' },
    { chromium: 'net::ERR_EMPTY_RESPONSE', firefox: 'NS_ERROR_NET_EMPTY_RESPONSE', kind: 'empty-response' },
    { chromium: 'net::ERR_INTERNET_DISCONNECTED', firefox: 'NS_ERROR_OFFLINE', kind: 'offline' },
    { chromium: 'net::ERR_CERT_AUTHORITY_INVALID', firefox: 'SEC_ERROR_UNKNOWN_ISSUER', kind: 'tls' },
    { chromium: 'net::ERR_SSL_PROTOCOL_ERROR', firefox: 'SSL_ERROR_BAD_CERT_DOMAIN', kind: 'tls' },
    { chromium: 'net::ERR_CERT_DATE_INVALID', firefox: 'MOZILLA_PKIX_ERROR_SELF_SIGNED_CERT', kind: 'tls' },
    { chromium: 'net::ERR_TOO_MANY_REDIRECTS', firefox: 'NS_ERROR_REDIRECT_LOOP', kind: 'too-many-redirects' },
    { chromium: 'net::ERR_UNSAFE_PORT', firefox: 'NS_ERROR_PORT_ACCESS_NOT_ALLOWED', kind: 'unsafe-port' },
    { chromium: 'net::ERR_BLOCKED_BY_CLIENT', firefox: 'NS_ERROR_CONTENT_BLOCKED', kind: 'blocked' },
    { chromium: 'net::ERR_PROXY_CONNECTION_FAILED', firefox: 'NS_ERROR_PROXY_CONNECTION_REFUSED', kind: 'proxy' },
    { chromium: 'net::ERR_INVALID_HTTP_RESPONSE', firefox: 'NS_ERROR_CORRUPTED_CONTENT', kind: 'invalid-response' },
    { chromium: 'net::ERR_ABORTED', firefox: 'NS_BINDING_ABORTED', kind: 'aborted' },
    { chromium: 'net::ERR_FAILED', firefox: 'NS_ERROR_FAILURE', kind: 'unnamed' },
  ])('files $chromium and $firefox under $kind', ({ chromium, firefox, kind }) => {
    expect(classifyNetworkError(chromium), CHROMIUM).toBe(kind);
    expect(classifyNetworkError(firefox), FIREFOX).toBe(kind);
  });

  it.each([
    { message: 'Failed to fetch', source: 'Chromium fetch() TypeError' },
    { message: 'NetworkError when attempting to fetch resource.', source: 'Firefox fetch() TypeError' },
    { message: 'fetch failed', source: 'Node (undici) fetch() TypeError' },
    { message: '', source: 'an error with no message' },
  ])('reads fetch’s own message "$message" as a network error with no named cause', ({ message, source }) => {
    expect(classifyNetworkError(message), source).toBe('unnamed');
  });

  it('does not guess at a name neither browser is known to use', () => {
    expect(classifyNetworkError('net::ERR_SOMETHING_NEW')).toBe('unknown');
    expect(classifyNetworkError('NS_ERROR_SOMETHING_NEW')).toBe('unknown');
  });
});

describe('describeNetworkError', () => {
  it('gives Chromium’s and Firefox’s name of one failure the same words, naming neither', () => {
    const chromium = describeNetworkError('net::ERR_CONNECTION_REFUSED');
    expect(chromium).toBe('the server refused the connection');
    expect(describeNetworkError('NS_ERROR_CONNECTION_REFUSED')).toBe(chromium);
  });

  it('says "a network error occurred" for fetch’s vague messages in both browsers', () => {
    expect(describeNetworkError('Failed to fetch')).toBe('a network error occurred');
    expect(describeNetworkError('NetworkError when attempting to fetch resource.')).toBe('a network error occurred');
  });

  it('keeps an unknown name in brackets rather than dropping what the browser said', () => {
    expect(describeNetworkError(' NS_ERROR_SOMETHING_NEW ')).toBe('a network error occurred (NS_ERROR_SOMETHING_NEW)');
  });

  it('has words for every kind that never contain a browser’s error name', () => {
    for (const words of Object.values(NETWORK_ERROR_WORDS)) {
      expect(words).not.toMatch(/ERR_|NS_|net::/);
      expect(words).toMatch(/^[a-z]/);
    }
  });
});
