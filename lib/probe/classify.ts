/**
 * The probe's findings, pure: what the edge did to one agent's page request (a block, a challenge
 * page, pay-per-crawl, a redirect to the canonical), how its robots.txt compares with the
 * browser's (Cloudflare's managed block prepended or replacing the file: docs/semantics/usage.md §3.6), and
 * which usage or indexing headers differ. Each finding is a tagged value with its words.
 */
import { findManagedBlocks, managedLineSet } from '../directives/managed-blocks';
import { comparableUrl, parseLinkHeaderCanonicals } from '../page-directives/canonical';
import { diffVersions } from '../shared/version-diff';
import { describeLineCounts } from '../shared/line-counts';
import { splitTextLines } from '../shared/lines';
import type { EdgeFinding, HeaderDifference, HeaderList, PageFetch, RobotsDifference } from './types';

/** Statuses that refuse the request whatever the browser got. */
const REFUSING_STATUSES = new Set([401, 403, 406, 429, 451]);

const STATUS_TEXT: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  410: 'Gone',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Returns "403 Forbidden", or the bare number for a status without a common name. */
export function statusWords(status: number): string {
  const text = STATUS_TEXT[status];
  return text === undefined ? String(status) : `${status} ${text}`;
}

/** Returns the values of header `name` (lower-case) joined with ", ", or null when absent. */
function headerValue(headers: HeaderList, name: string): string | null {
  const values = headers.filter(([n]) => n === name).map(([, value]) => value);
  return values.length === 0 ? null : values.join(', ');
}

/**
 * Challenge pages by what their body carries: each vendor's documented or widely seen markers
 * (plain substrings, matched case-insensitively; the body is a stranger's, so no regex runs on it).
 */
const CHALLENGE_MARKERS: readonly { readonly vendor: string; readonly markers: readonly string[] }[] = [
  { vendor: 'Cloudflare', markers: ['/cdn-cgi/challenge-platform/', 'cf-chl-', '<title>just a moment...</title>'] },
  { vendor: 'Imperva', markers: ['_incapsula_resource'] },
  { vendor: 'DataDome', markers: ['captcha-delivery.com', 'geo.captcha-delivery'] },
  { vendor: 'HUMAN (PerimeterX)', markers: ['px-captcha', '_pxcaptcha'] },
  { vendor: 'AWS WAF', markers: ['awswaf', 'aws-waf-token'] },
  { vendor: 'a CAPTCHA', markers: ['g-recaptcha', 'h-captcha', 'cf-turnstile', 'checking your browser'] },
];

/** Returns the vendor whose challenge page `body` is, or null. */
export function recogniseChallengeBody(body: string): string | null {
  const lower = body.slice(0, 65_536).toLowerCase();
  for (const { vendor, markers } of CHALLENGE_MARKERS) if (markers.some((m) => lower.includes(m))) return vendor;
  return null;
}

/**
 * Returns the canonical a page declares: its `Link: <…>; rel=canonical` header, else the first
 * `<link rel="canonical" href="…">` in its served HTML, resolved against `pageUrl`; null when none.
 * A plain scan of tags, no regex over the body and no DOM: the body is a stranger's.
 */
export function findDeclaredCanonical(pageUrl: string, headers: HeaderList, body: string): string | null {
  const link = headerValue(headers, 'link');
  if (link !== null) {
    const target = parseLinkHeaderCanonicals(link)[0];
    if (target !== undefined) return comparableUrl(target, pageUrl);
  }
  const lower = body.slice(0, 262_144).toLowerCase();
  let from = 0;
  for (let n = 0; n < 500; n++) {
    const start = lower.indexOf('<link', from);
    if (start < 0) return null;
    const end = lower.indexOf('>', start);
    if (end < 0) return null;
    const tag = body.slice(start, end);
    from = end + 1;
    const rel = attribute(tag, 'rel');
    if (rel === null || !rel.toLowerCase().split(/\s+/).includes('canonical')) continue;
    const href = attribute(tag, 'href');
    if (href !== null) return comparableUrl(href.trim(), pageUrl);
  }
  return null;
}

/** Returns the value of attribute `name` in a tag's text (quoted or bare), or null. */
function attribute(tag: string, name: string): string | null {
  const lower = tag.toLowerCase();
  let at = 0;
  for (;;) {
    const i = lower.indexOf(name, at);
    if (i < 0) return null;
    at = i + name.length;
    const before = lower[i - 1];
    if (before !== undefined && !/\s/.test(before)) continue;
    let j = at;
    while (lower[j] === ' ') j++;
    if (lower[j] !== '=') continue;
    j++;
    while (lower[j] === ' ') j++;
    const quote = tag[j];
    if (quote === '"' || quote === "'") {
      const close = tag.indexOf(quote, j + 1);
      return close < 0 ? null : tag.slice(j + 1, close);
    }
    let k = j;
    while (k < tag.length && !/\s/.test(tag[k] as string)) k++;
    return tag.slice(j, k);
  }
}

/**
 * Returns what the edge did to `agent`'s page request, compared with the browser's (`browser`,
 * null for the browser's own row), and `canonical` (the canonical the browser's page declares):
 * - `payment-required`: 402, named pay-per-crawl with its price when `crawler-price` is sent;
 * - `challenge`: `cf-mitigated: challenge`, or a refusing status whose body is a challenge page;
 * - `blocked`: 401/403/406/429/451/5xx, an error where the browser got a 2xx, or a failed request
 *   where the browser's succeeded;
 * - `redirect-canonical`: redirected to the canonical the page declares (not the page itself);
 * - `none`: anything else.
 */
export function classifyEdge(
  name: string,
  page: PageFetch,
  browser: PageFetch | null,
  canonical: string | null,
  pageUrl: string,
): EdgeFinding {
  const browserStatus = browser?.kind === 'response' ? browser.status : null;
  const versus =
    browser === null
      ? ''
      : browserStatus === null
        ? ', while the browser got no answer'
        : `, ${browserStatus} to the browser`;
  if (page.kind === 'failed') {
    if (browser?.kind === 'response')
      return {
        kind: 'blocked',
        words: `The request as ${name} failed (${page.detail}) where the browser's succeeded: the connection was refused or dropped for it.`,
      };
    return { kind: 'none', words: `The page could not be fetched: ${page.detail}.` };
  }
  const { status, headers, body } = page;
  if (status === 402) {
    const price = headerValue(headers, 'crawler-price');
    return {
      kind: 'payment-required',
      words:
        price === null
          ? `The edge answers 402 Payment Required to ${name}${versus}.`
          : `Pay-per-crawl: the edge answers 402 Payment Required to ${name} with crawler-price: ${price}${versus}.`,
    };
  }
  const mitigated = headerValue(headers, 'cf-mitigated');
  if (
    mitigated !== null &&
    mitigated
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes('challenge')
  )
    return {
      kind: 'challenge',
      words: `Cloudflare answers ${name} with a challenge (cf-mitigated: challenge, HTTP ${status})${versus}: a crawler cannot solve it.`,
    };
  const refusing = REFUSING_STATUSES.has(status) || status >= 500;
  if (refusing || status >= 400) {
    const vendor = recogniseChallengeBody(body);
    if (vendor !== null && (refusing || browserStatus === null || browserStatus < 400))
      return {
        kind: 'challenge',
        words: `The edge answers ${name} with ${vendor === 'a CAPTCHA' ? 'a CAPTCHA' : `a ${vendor}`} challenge page (HTTP ${statusWords(status)})${versus}: a crawler cannot solve it.`,
      };
  }
  if (refusing || (status >= 400 && browserStatus !== null && browserStatus < 400))
    return { kind: 'blocked', words: `The edge answers ${statusWords(status)} to ${name}${versus}.` };
  if (page.hops.length > 0 && canonical !== null) {
    const final = comparableUrl(page.finalUrl);
    if (final !== null && final === canonical && final !== comparableUrl(pageUrl)) {
      const first = page.hops[0];
      return {
        kind: 'redirect-canonical',
        words: `${name} is redirected (${first?.status ?? 'redirect'}) to the page's canonical, ${canonical}.`,
      };
    }
  }
  return { kind: 'none', words: `The page answers ${statusWords(status)} to ${name}${versus}.` };
}

/** Returns the lines outside managed blocks, without blank lines at either end. */
function ownLines(text: string, managed: ReadonlySet<number>): string[] {
  const lines = splitTextLines(text).filter((_, i) => !managed.has(i + 1));
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return lines;
}

/**
 * Returns how the agent's robots.txt compares with the browser's: by status when either is not a
 * file (`text` null), else the same file, Cloudflare's managed block prepended to the site's rules
 * or replacing them, differing only inside managed blocks, or a different file (its line counts).
 */
export function compareRobots(
  agent: { readonly status: string; readonly text: string | null },
  browser: { readonly status: string; readonly text: string | null },
): RobotsDifference {
  if (agent.text === null || browser.text === null) {
    return agent.status === browser.status && agent.text === browser.text
      ? { kind: 'same' }
      : { kind: 'status-differs', agentStatus: agent.status, browserStatus: browser.status };
  }
  if (agent.text === browser.text) return { kind: 'same' };
  const agentBlocks = findManagedBlocks(agent.text);
  const browserBlocks = findManagedBlocks(browser.text);
  const agentOwn = ownLines(agent.text, managedLineSet(agentBlocks));
  const browserOwn = ownLines(browser.text, managedLineSet(browserBlocks));
  const vendor = agentBlocks[0]?.vendor ?? browserBlocks[0]?.vendor;
  if (vendor !== undefined) {
    const sameOwn = agentOwn.join('\n') === browserOwn.join('\n');
    if (sameOwn && browserBlocks.length === 0) return { kind: 'managed-prepended', vendor };
    if (agentBlocks.length > 0 && agentOwn.length === 0 && browserOwn.length > 0)
      return { kind: 'managed-replaced', vendor };
    if (sameOwn) return { kind: 'managed-differs', vendor };
  }
  const diff = diffVersions(browser.text, agent.text);
  if (diff.kind === 'too-different') return { kind: 'different', added: diff.newLines, removed: diff.oldLines };
  if (diff.added === 0 && diff.removed === 0) return { kind: 'same' };
  return { kind: 'different', added: diff.added, removed: diff.removed };
}

/** Returns the difference in words, for `name`. */
export function describeRobotsDifference(difference: RobotsDifference, name: string): string {
  switch (difference.kind) {
    case 'same':
      return `robots.txt: the same file as the browser got.`;
    case 'status-differs':
      return `robots.txt answers ${difference.agentStatus} to ${name}, ${difference.browserStatus} to the browser.`;
    case 'managed-prepended':
      return `robots.txt: ${difference.vendor} managed block prepended to your rules for ${name}.`;
    case 'managed-replaced':
      return `robots.txt: the ${difference.vendor} managed block replaced your file for ${name}: your own rules are not served to it.`;
    case 'managed-differs':
      return `robots.txt: the ${difference.vendor} managed block differs between ${name} and the browser; your own rules are the same.`;
    case 'different':
      return `robots.txt: a different file for ${name} (${describeLineCounts(difference.added, difference.removed)} against the browser's).`;
  }
}

/** Headers whose value may change what a crawler may index or use (docs/semantics/page-directives.md, docs/semantics/usage.md §3.4–§3.5). */
const COMPARED_HEADERS = ['x-robots-tag', 'content-usage', 'content-signal'] as const;

/** Returns the COMPARED_HEADERS whose values differ between the agent's response and the browser's. */
export function compareHeaders(agent: HeaderList, browser: HeaderList): HeaderDifference[] {
  const differences: HeaderDifference[] = [];
  for (const name of COMPARED_HEADERS) {
    const a = headerValue(agent, name);
    const b = headerValue(browser, name);
    if (a !== b) differences.push({ name, agent: a, browser: b });
  }
  return differences;
}

const HEADER_NAMES: Readonly<Record<string, string>> = {
  'x-robots-tag': 'X-Robots-Tag',
  'content-usage': 'Content-Usage',
  'content-signal': 'Content-Signal',
};

/** Returns a header difference in words. */
export function describeHeaderDifference(difference: HeaderDifference, name: string): string {
  const header = HEADER_NAMES[difference.name] ?? difference.name;
  const side = (value: string | null) => (value === null ? 'none' : `“${value}”`);
  return `${header}: ${side(difference.agent)} for ${name}, ${side(difference.browser)} for the browser.`;
}
