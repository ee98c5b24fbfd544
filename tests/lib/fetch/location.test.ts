import { describe, expect, it } from 'vitest';
import { locateRobotsTxt } from '../../../lib/fetch/location';
import type { NotApplicableReason } from '../../../lib/fetch/types';

interface GovernedCase {
  readonly name: string;
  readonly page: string;
  readonly robotsUrl: string;
  readonly source: string;
}

const governed: readonly GovernedCase[] = [
  {
    name: 'uses scheme, host and path /robots.txt',
    page: 'https://example.com/a/b?c=d#e',
    robotsUrl: 'https://example.com/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'keeps http apart from https',
    page: 'http://example.com/',
    robotsUrl: 'http://example.com/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'keeps a subdomain apart',
    page: 'https://www.example.com/x',
    robotsUrl: 'https://www.example.com/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'keeps a non-default port',
    page: 'http://127.0.0.1:8080/x',
    robotsUrl: 'http://127.0.0.1:8080/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'drops the default https port',
    page: 'https://example.com:443/x',
    robotsUrl: 'https://example.com/robots.txt',
    source: 'docs/semantics/robots.md §7',
  },
  {
    name: 'drops the default http port',
    page: 'http://example.com:80/x',
    robotsUrl: 'http://example.com/robots.txt',
    source: 'docs/semantics/robots.md §7',
  },
  {
    name: 'keeps port 80 on https',
    page: 'https://example.com:80/',
    robotsUrl: 'https://example.com:80/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'writes an IDN host in punycode',
    page: 'https://bücher.example/x',
    robotsUrl: 'https://xn--bcher-kva.example/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'lower-cases the host',
    page: 'https://EXAMPLE.com/Path',
    robotsUrl: 'https://example.com/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'keeps an IPv6 literal in brackets',
    page: 'http://[::1]:8080/x',
    robotsUrl: 'http://[::1]:8080/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'compresses an IPv6 literal',
    page: 'https://[2001:db8:0:0:0:0:0:1]/',
    robotsUrl: 'https://[2001:db8::1]/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'strips user info',
    page: 'https://user:secret@example.com/private',
    robotsUrl: 'https://example.com/robots.txt',
    source: 'docs/semantics/robots.md §7',
  },
  {
    name: 'governs a robots.txt URL itself',
    page: 'https://example.com/robots.txt',
    robotsUrl: 'https://example.com/robots.txt',
    source: 'RFC 9309 §2.3',
  },
  {
    name: 'governs the Chrome Web Store host outside /webstore',
    page: 'https://chrome.google.com/search',
    robotsUrl: 'https://chrome.google.com/robots.txt',
    source: 'docs/semantics/robots.md §7',
  },
];

interface NotApplicableCase {
  readonly name: string;
  readonly page: string;
  readonly reason: NotApplicableReason;
}

const notApplicable: readonly NotApplicableCase[] = [
  { name: 'a chrome: page', page: 'chrome://extensions/', reason: 'browser-page' },
  { name: 'about:blank', page: 'about:blank', reason: 'browser-page' },
  { name: 'a Firefox about: page', page: 'about:addons', reason: 'browser-page' },
  { name: 'a view-source: page', page: 'view-source:https://example.com/', reason: 'browser-page' },
  { name: 'an Edge page', page: 'edge://settings', reason: 'browser-page' },
  { name: 'a Chrome extension page', page: 'chrome-extension://abcdefghijklmnop/popup.html', reason: 'extension-page' },
  { name: 'a Firefox extension page', page: 'moz-extension://1234-5678/options.html', reason: 'extension-page' },
  { name: 'a local file', page: 'file:///home/me/robots.txt', reason: 'local-file' },
  { name: 'a data: URL', page: 'data:text/html,<p>hi</p>', reason: 'inline-content' },
  { name: 'a blob: URL', page: 'blob:https://example.com/0f0e', reason: 'inline-content' },
  { name: 'a javascript: URL', page: 'javascript:void(0)', reason: 'inline-content' },
  { name: 'the Chrome Web Store', page: 'https://chromewebstore.google.com/detail/abc', reason: 'store-page' },
  { name: 'the old Chrome Web Store', page: 'https://chrome.google.com/webstore/detail/abc', reason: 'store-page' },
  { name: 'addons.mozilla.org', page: 'https://addons.mozilla.org/en-US/firefox/', reason: 'store-page' },
  { name: 'the Edge add-ons store', page: 'https://microsoftedge.microsoft.com/addons/detail/x', reason: 'store-page' },
  { name: 'an ftp: URL', page: 'ftp://example.com/file', reason: 'unsupported-scheme' },
  { name: 'a ws: URL', page: 'ws://example.com/socket', reason: 'unsupported-scheme' },
  { name: 'text that is not a URL', page: 'not a url', reason: 'invalid-url' },
  { name: 'an empty string', page: '', reason: 'invalid-url' },
];

describe('locateRobotsTxt', () => {
  it.each(governed)('$name ($source)', ({ page, robotsUrl }) => {
    const location = locateRobotsTxt(page);
    expect(location).toEqual({ kind: 'governed', origin: robotsUrl.slice(0, -'/robots.txt'.length), robotsUrl });
  });

  it.each(notApplicable)('is not applicable to $name', ({ page, reason }) => {
    const location = locateRobotsTxt(page);
    expect(location.kind).toBe('not-applicable');
    if (location.kind !== 'not-applicable') return;
    expect(location.reason).toBe(reason);
    expect(location.explanation).toMatch(/\.$/);
  });

  it('names the scheme in the explanation of a browser page', () => {
    expect(locateRobotsTxt('chrome://settings')).toMatchObject({
      explanation: 'robots.txt does not apply to browser pages (chrome:).',
    });
  });
});
