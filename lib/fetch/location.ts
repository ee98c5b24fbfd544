/**
 * Where a page's robots.txt lives: one file per scheme + host + port, at /robots.txt
 * (RFC 9309 §2.3, docs/semantics/robots.md §7), or why robots.txt does not govern the page at all.
 */
import type { NotApplicableReason, RobotsLocation } from './types';

const BROWSER_SCHEMES = new Set([
  'about:',
  'chrome:',
  'chrome-error:',
  'chrome-search:',
  'chrome-untrusted:',
  'devtools:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'view-source:',
]);
const EXTENSION_SCHEMES = new Set(['chrome-extension:', 'moz-extension:', 'safari-web-extension:', 'extension:']);
const INLINE_SCHEMES = new Set(['data:', 'blob:', 'javascript:']);

/** Store pages, where browsers let no extension run: host and, when only part of the host is the store, its path prefix. */
const STORE_PAGES: readonly { readonly host: string; readonly pathPrefix: string }[] = [
  { host: 'chromewebstore.google.com', pathPrefix: '/' },
  { host: 'chrome.google.com', pathPrefix: '/webstore' },
  { host: 'addons.mozilla.org', pathPrefix: '/' },
  { host: 'microsoftedge.microsoft.com', pathPrefix: '/addons' },
];

function notApplicable(reason: NotApplicableReason, explanation: string): RobotsLocation {
  return { kind: 'not-applicable', reason, explanation };
}

function isStorePage(url: URL): boolean {
  return STORE_PAGES.some(
    ({ host, pathPrefix }) =>
      url.hostname === host &&
      (pathPrefix === '/' || url.pathname === pathPrefix || url.pathname.startsWith(`${pathPrefix}/`)),
  );
}

/**
 * Returns the robots.txt location governing `pageUrl` (`scheme://host[:port]/robots.txt`, the host in
 * punycode, IPv6 in brackets, a default port and any user info dropped), or a `not-applicable`
 * location with the reason and one sentence for the user for pages no crawler fetches (browser,
 * extension, file, data pages, other schemes) and store pages where extensions cannot run.
 */
export function locateRobotsTxt(pageUrl: string): RobotsLocation {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return notApplicable('invalid-url', 'This is not a valid web address, so no robots.txt applies to it.');
  }
  const scheme = url.protocol;
  if (scheme === 'http:' || scheme === 'https:') {
    if (isStorePage(url)) {
      return notApplicable(
        'store-page',
        `Browsers let no extension run on store pages (${url.hostname}), so Robotscope cannot inspect this page.`,
      );
    }
    // URL.origin is scheme://host[:port] with the host lower-cased and in punycode, IPv6 in
    // brackets, the scheme's default port dropped and user info left out.
    const origin = url.origin;
    return { kind: 'governed', origin, robotsUrl: `${origin}/robots.txt` };
  }
  if (BROWSER_SCHEMES.has(scheme)) {
    return notApplicable('browser-page', `robots.txt does not apply to browser pages (${scheme}).`);
  }
  if (EXTENSION_SCHEMES.has(scheme)) {
    return notApplicable('extension-page', `robots.txt does not apply to extension pages (${scheme}).`);
  }
  if (scheme === 'file:') {
    return notApplicable('local-file', 'robots.txt does not apply to files on this computer (file:).');
  }
  if (INLINE_SCHEMES.has(scheme)) {
    return notApplicable(
      'inline-content',
      `robots.txt does not apply to content held in the address itself (${scheme}).`,
    );
  }
  return notApplicable(
    'unsupported-scheme',
    `robots.txt applies to http: and https: pages only, not to ${scheme} addresses.`,
  );
}
