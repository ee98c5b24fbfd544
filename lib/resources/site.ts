/**
 * Which resource hosts count as the page's own site, decided without a public-suffix list: the
 * page's host with a leading `www.` removed is the site; that host and its subdomains are on it
 * (www.example.com → example.com, static.example.com, www.example.com). IP addresses and
 * single-label hosts (localhost) are their own site, exactly. Ports and schemes do not matter, as
 * for a registrable domain.
 */
import { hostnameOf } from '../shared/url';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function isExactHost(host: string): boolean {
  return IPV4.test(host) || host.startsWith('[') || !host.includes('.');
}

/** Returns the site a host belongs to under this module's rule (the host without a leading `www.`). */
export function siteOfHost(host: string): string {
  const lower = host.toLowerCase();
  if (isExactHost(lower)) return lower;
  return lower.startsWith('www.') && lower.split('.').length > 2 ? lower.slice(4) : lower;
}

/** Returns true when `resourceUrl`'s host is on the site of `pageUrl` (see the module comment). */
export function isSameSite(pageUrl: string, resourceUrl: string): boolean {
  const page = hostnameOf(pageUrl);
  const resource = hostnameOf(resourceUrl);
  if (page === null || resource === null) return false;
  const site = siteOfHost(page);
  if (isExactHost(site)) return resource === site;
  return resource === site || resource.endsWith(`.${site}`);
}
