/**
 * Which sitemap addresses the loader may follow: a sitemap index's sitemaps on the index's own site
 * (sitemaps.org, "Sitemap index files": the same site only), here the site's exact origin, and never
 * a loopback or private address unless the site itself is one. Pure: URLs are compared parsed.
 */

/** Why a sitemap address is not followed on its own. */
export type OffSiteReason = 'other-host' | 'other-port' | 'other-scheme' | 'private-address' | 'not-http';

/**
 * What the loader does with a sitemap address: `follow` it, `ask` (list it; fetched only when the
 * person clicks Fetch for its origin), or `refuse` it (listed, never fetched).
 */
export type FollowDecision =
  | { readonly kind: 'follow' }
  | {
      readonly kind: 'ask';
      readonly origin: string;
      readonly reason: Exclude<OffSiteReason, 'private-address' | 'not-http'>;
    }
  | { readonly kind: 'refuse'; readonly origin: string; readonly reason: 'private-address' | 'not-http' };

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * Returns true when `hostname` (as a parsed URL gives it: IPv4 dotted, IPv6 in brackets) names this
 * machine or a private network: `localhost` and `*.localhost`, 0.0.0.0/8, 127/8, 10/8, 172.16/12,
 * 192.168/16, 169.254/16, `::`, `::1`, fc00::/7, fe80::/10 and IPv4-mapped IPv6 of those. A name that
 * resolves to such an address through DNS is not seen here (the browser resolves it).
 */
export function isPrivateHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = parseIpv4(host);
  if (v4 !== null) return isPrivateIpv4(v4);
  if (host.startsWith('[') && host.endsWith(']')) {
    const v6 = parseIpv6(host.slice(1, -1));
    return v6 !== null && isPrivateIpv6(v6);
  }
  return false;
}

/** Returns true when `url` parses and its host is loopback or private (see isPrivateHostname). */
export function isPrivateUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && isPrivateHostname(parsed.hostname);
}

/**
 * Returns what the loader does with the sitemap at `url` for the site at `siteOrigin`: `follow` when
 * it is on the site's origin (or on one of `approved`, origins the person chose to fetch, unless that
 * one is private and the site is not); `refuse` a loopback or private address when the site is not
 * one, and anything not http(s); `ask` otherwise, saying whether the host, port or scheme differs.
 */
export function decideSitemapFollow(url: string, siteOrigin: string, approved: readonly string[] = []): FollowDecision {
  const target = parse(url);
  const site = parse(siteOrigin);
  if (target === null || (target.protocol !== 'http:' && target.protocol !== 'https:')) {
    return { kind: 'refuse', origin: target?.origin ?? url, reason: 'not-http' };
  }
  if (site !== null && target.origin === site.origin) return { kind: 'follow' };
  const sitePrivate = site !== null && isPrivateHostname(site.hostname);
  if (!sitePrivate && isPrivateHostname(target.hostname)) {
    return { kind: 'refuse', origin: target.origin, reason: 'private-address' };
  }
  if (approved.includes(target.origin)) return { kind: 'follow' };
  if (site === null || target.hostname !== site.hostname)
    return { kind: 'ask', origin: target.origin, reason: 'other-host' };
  if (target.protocol !== site.protocol) return { kind: 'ask', origin: target.origin, reason: 'other-scheme' };
  return { kind: 'ask', origin: target.origin, reason: 'other-port' };
}

/** Returns the reason a sitemap address was not followed, in words. */
export function describeOffSiteReason(reason: OffSiteReason): string {
  switch (reason) {
    case 'other-host':
      return "another host: sitemaps are followed only on the site's own origin";
    case 'other-port':
      return 'another port of the same host, so another site: followed only when you click Fetch';
    case 'other-scheme':
      return 'another scheme (http or https), so another site: followed only when you click Fetch';
    case 'private-address':
      return 'a loopback or private-network address: never fetched for a public site';
    case 'not-http':
      return 'not an http(s) address: never fetched';
  }
}

function parseIpv4(host: string): [number, number, number, number] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (match === null) return null;
  const parts = match.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return parts as [number, number, number, number];
}

function isPrivateIpv4([a, b]: readonly [number, number, number, number]): boolean {
  return (
    a === 0 ||
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** Returns the eight 16-bit groups of an IPv6 address as the URL parser writes it (hex, `::` once). */
function parseIpv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const all = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

function isPrivateIpv6(g: readonly number[]): boolean {
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (zeroUpTo(5) && g5 === 0xffff) return isPrivateIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]); // ::ffff:a.b.c.d
  return (g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80;
}
