/**
 * Small URL rules used across the product: the origin whose robots.txt governs an http(s) URL
 * (RFC 9309 §2.3: one file per scheme, host and port), the origin of what a person typed, and a
 * URL without its fragment (a fragment never reaches the server).
 */

/**
 * Returns the origin of an http(s) `url` (scheme://host[:port], the host lower-cased and in
 * punycode, a default port dropped: what locateRobotsTxt gives), or null for any other URL or text.
 */
export function httpOriginOf(url: string): string | null {
  if (!/^https?:/i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.hostname === '' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * Returns the http(s) origin of what a person typed: a URL ("https://example.com/page") or a bare
 * host ("example.com", read as https), trimmed; null when it names no http(s) origin.
 */
export function originOfTyped(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  return httpOriginOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
}

/** Returns `url` without its fragment. */
export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** Returns the host name of `url` (lowercase, without the port), or null when it is no URL. */
export function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
