/**
 * What each agent of a probe was served, kept for the evidence bundle, pure: per agent its
 * robots.txt and its page (URL, final URL, status, headers) and their bodies as received, each
 * distinct body once. Bodies are bounded as the fetches bound them (MAX_ROBOTS_BYTES,
 * MAX_PROBE_PAGE_BYTES); page bodies also by MAX_KEPT_PAGE_BYTES per probe, robots.txt bodies never
 * (a report's line references point into them).
 */
import { MAX_ROBOTS_BYTES, MIB } from '../fetch/constants';
import type { HeaderList } from '../fetch/headers';
import type { FetchRecord } from '../fetch/types';
import { statusLabelOf } from '../fetch/status-label';
import { formatNumber } from '../shared/plural';
import { MAX_PROBE_PAGE_BYTES } from './fetch-page';
import type { AgentFetch, AgentReceived, ProbeReceived, ReceivedResponse } from './types';

/** The most page bytes one probe keeps, all agents' distinct page bodies together. */
export const MAX_KEPT_PAGE_BYTES = 2 * MIB;

/** Returns the Content-Length a header list declares, or null. */
function declaredLength(headers: HeaderList): number | null {
  const value = headers.find(([name]) => name === 'content-length')?.[1]?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Returns the bytes the distinct bodies of `received` take stored as JSON text in UTF-8: one for a
 * printable ASCII byte, two for `"`, `\\`, a control byte with a short escape and a byte of 0x80 or
 * more, six for another control byte.
 */
export function receivedBodyBytes(received: ProbeReceived): number {
  let sum = 0;
  for (const body of received.bodies)
    for (let i = 0; i < body.length; i++) {
      const c = body.charCodeAt(i);
      if (c >= 0x80 || c === 0x22 || c === 0x5c || (c >= 0x08 && c <= 0x0d && c !== 0x0b)) sum += 2;
      else sum += c < 0x20 ? 6 : 1;
    }
  return sum;
}

/** Returns the robots.txt response of a fetch record; `keep` files its body and returns its index. */
function robotsResponse(record: FetchRecord, keep: (bytes: string) => number): ReceivedResponse {
  const { outcome } = record;
  const status = statusLabelOf(record);
  if (outcome.kind === 'ok')
    return {
      url: record.robotsUrl,
      finalUrl: record.finalUrl,
      status,
      headers: record.headers ?? null,
      body: keep(outcome.body.bytes),
      cut: outcome.body.truncated ? { limit: MAX_ROBOTS_BYTES, contentLength: outcome.body.contentLength } : null,
      noBody: null,
    };
  const answered = outcome.status !== null;
  return {
    url: record.robotsUrl,
    finalUrl: answered ? record.finalUrl : null,
    status,
    headers: answered ? (record.headers ?? null) : null,
    body: null,
    cut: null,
    noBody: answered
      ? `robots.txt answered ${status}: crawlers read no rules from such an answer, so its body was not read.`
      : `No response came (${outcome.kind === 'unreachable' ? outcome.detail : status}).`,
  };
}

/**
 * Returns what each agent of `fetches` was served when asked for `pageUrl`; `fetches` in the
 * report's row order. The same bytes served to several agents (or as robots.txt and as the page)
 * are kept once; robots.txt bodies are taken first, then page bodies while MAX_KEPT_PAGE_BYTES allows.
 */
export function collectReceived(pageUrl: string, fetches: readonly AgentFetch[]): ProbeReceived {
  const bodies: string[] = [];
  const indexOf = new Map<string, number>();
  const keep = (bytes: string): number => {
    const found = indexOf.get(bytes);
    if (found !== undefined) return found;
    bodies.push(bytes);
    indexOf.set(bytes, bodies.length - 1);
    return bodies.length - 1;
  };
  const robots = fetches.map((fetch) => robotsResponse(fetch.robots, keep));
  let pageBytes = 0;
  const agents = fetches.map((fetch, i): AgentReceived => {
    const { page } = fetch;
    const own = robots[i] as ReceivedResponse;
    if (page.kind === 'failed')
      return {
        agent: fetch.agent,
        robots: own,
        page: {
          url: pageUrl,
          finalUrl: null,
          status: 'failed',
          headers: null,
          body: null,
          cut: null,
          noBody: `No response came: ${page.detail}.`,
        },
      };
    const fits = indexOf.has(page.bytes) || pageBytes + page.bytes.length <= MAX_KEPT_PAGE_BYTES;
    if (fits && !indexOf.has(page.bytes)) pageBytes += page.bytes.length;
    return {
      agent: fetch.agent,
      robots: own,
      page: {
        url: pageUrl,
        finalUrl: page.finalUrl,
        status: String(page.status),
        headers: page.headers,
        body: fits ? keep(page.bytes) : null,
        cut: page.truncated ? { limit: MAX_PROBE_PAGE_BYTES, contentLength: declaredLength(page.headers) } : null,
        noBody: fits
          ? null
          : `Not kept: a probe keeps at most ${formatNumber(MAX_KEPT_PAGE_BYTES / MIB)} MiB of page bodies, and the agents before this one filled it.`,
      },
    };
  });
  return { bodies, agents };
}
