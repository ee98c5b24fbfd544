/**
 * The probe's report from its fetches, pure: one row per agent side by side with the browser's own
 * fetch (robots.txt status, verdict and difference, the page's status, redirects, edge finding and
 * differing headers), each finding in words, one summary line per agent, and the probe's limits.
 */
import { decodeUtf8ByteString } from '../fetch/body';
import type { FetchRecord } from '../fetch/types';
import { statusLabelOf } from '../fetch/status-label';
import { evaluateForCrawler } from '../robots/crawler-verdict';
import { findCrawler } from '../robots/crawlers';
import { compileBody } from '../verdict/page-verdict';
import {
  classifyEdge,
  compareHeaders,
  compareRobots,
  describeHeaderDifference,
  describeRobotsDifference,
  findDeclaredCanonical,
  statusWords,
} from './classify';
import { collectReceived } from './received';
import {
  type AgentFetch,
  BROWSER_AGENT,
  type PageFetch,
  type ProbeReport,
  type ProbeRow,
  type RobotsDifference,
  type RobotsReading,
} from './types';

/** What the probe cannot tell; the UI shows it with every report. */
const PROBE_LIMITS: readonly string[] = [
  "Each request carries the crawler's User-Agent but comes from your IP address, without the crawler's signature.",
  'A CDN that verifies crawlers by IP address or signature may treat it as an impostor: "blocked here" can mean "a fake bot is blocked", while "allowed here" is strong evidence the real crawler is allowed too.',
  'The probe runs only when you ask, and only against the page’s own origin and its robots.txt, without cookies or credentials.',
];

/** Returns robots.txt's reading for the page as `agent` got it. */
function readRobotsFor(record: FetchRecord, pageUrl: string, agent: string): RobotsReading {
  const status = statusLabelOf(record);
  const { outcome } = record;
  if (agent === BROWSER_AGENT) return { kind: 'not-judged', status };
  if (outcome.kind === 'unavailable') return { kind: 'no-file', status };
  if (outcome.kind === 'unreachable') return { kind: 'unreachable', status };
  const { verdict } = evaluateForCrawler(compileBody(outcome.body), pageUrl, findCrawler(agent) ?? agent);
  const line = verdict.rule?.rule.line ?? null;
  return verdict.allowed ? { kind: 'allowed', line } : { kind: 'blocked', line };
}

function robotsPhrase(reading: RobotsReading): string {
  switch (reading.kind) {
    case 'allowed':
      return 'robots.txt allows';
    case 'blocked':
      return reading.line === null ? 'robots.txt blocks' : `robots.txt blocks (line ${reading.line})`;
    case 'no-file':
      return `robots.txt answers ${reading.status} (no file: everything allowed)`;
    case 'unreachable':
      return `robots.txt is unreachable (${reading.status}: everything blocked)`;
    case 'not-judged':
      return `robots.txt answers ${reading.status}`;
  }
}

function edgePhrase(row: Pick<ProbeRow, 'edge' | 'pageStatus' | 'hops'>, page: PageFetch): string {
  switch (row.edge.kind) {
    case 'blocked':
      return page.kind === 'failed' ? 'the edge drops the request' : `the edge answers ${row.pageStatus ?? ''}`.trim();
    case 'challenge':
      return `the edge answers ${row.pageStatus ?? ''} with a challenge`;
    case 'payment-required':
      return 'the edge asks for payment (402, pay-per-crawl)';
    case 'redirect-canonical':
      return `the page redirects (${row.hops[0]?.status ?? ''}) to its canonical`;
    case 'none':
      return page.kind === 'failed' ? 'the page could not be fetched' : `the page answers ${row.pageStatus}`;
  }
}

const HEADER_LABELS: Readonly<Record<string, string>> = {
  'x-robots-tag': 'X-Robots-Tag',
  'content-usage': 'Content-Usage',
  'content-signal': 'Content-Signal',
};

/** Returns a short note on how robots.txt differed from the browser's, for the summary line ('' when the same). */
function robotsQualifier(difference: RobotsDifference): string {
  switch (difference.kind) {
    case 'same':
      return '';
    case 'status-differs':
      return ` where the browser gets ${difference.browserStatus}`;
    case 'managed-prepended':
      return ` (${difference.vendor} managed block prepended to your rules)`;
    case 'managed-replaced':
      return ` (${difference.vendor} managed block replaced your file)`;
    case 'managed-differs':
      return ` (its ${difference.vendor} managed block differs)`;
    case 'different':
      return ' (a different file)';
  }
}

function textOf(record: FetchRecord): string | null {
  return record.outcome.kind === 'ok' ? decodeUtf8ByteString(record.outcome.body.bytes) : null;
}

/**
 * Returns the report of a probe: `fetches[0]` must be the browser's own (agent BROWSER_AGENT),
 * the others one per crawler; rows keep that order.
 */
export function buildProbeReport(input: {
  readonly pageUrl: string;
  readonly origin: string;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly fetches: readonly AgentFetch[];
}): ProbeReport {
  const browser = input.fetches.find((f) => f.agent === BROWSER_AGENT) ?? null;
  const canonical =
    browser?.page.kind === 'response'
      ? findDeclaredCanonical(input.pageUrl, browser.page.headers, browser.page.body)
      : null;
  const browserRobots =
    browser === null ? null : { status: statusLabelOf(browser.robots), text: textOf(browser.robots) };
  const rows = input.fetches.map((fetch): ProbeRow => {
    const isBrowser = fetch.agent === BROWSER_AGENT;
    const name = isBrowser ? 'Your browser' : (findCrawler(fetch.agent)?.name ?? fetch.agent);
    const robotsStatus = statusLabelOf(fetch.robots);
    const robots = readRobotsFor(fetch.robots, input.pageUrl, fetch.agent);
    const robotsDifference =
      isBrowser || browserRobots === null
        ? ({ kind: 'same' } as const)
        : compareRobots({ status: robotsStatus, text: textOf(fetch.robots) }, browserRobots);
    const page = fetch.page;
    const edge = classifyEdge(
      isBrowser ? 'the browser' : name,
      page,
      isBrowser ? null : (browser?.page ?? null),
      canonical,
      input.pageUrl,
    );
    // Headers are compared between pages: an error page's missing headers say nothing.
    const headerDifferences =
      isBrowser ||
      page.kind !== 'response' ||
      browser?.page.kind !== 'response' ||
      page.status < 200 ||
      page.status >= 300
        ? []
        : compareHeaders(page.headers, browser.page.headers);
    const pageStatus = page.kind === 'response' ? page.status : null;
    const findings: string[] = [edge.words];
    if (!isBrowser) findings.push(describeRobotsDifference(robotsDifference, name));
    for (const difference of headerDifferences) findings.push(describeHeaderDifference(difference, name));
    if (page.hops.length > 0 && edge.kind !== 'redirect-canonical')
      findings.push(
        `Redirected: ${page.hops.map((h) => `${h.status} → ${h.to}`).join(', then ')}${page.kind === 'response' ? `, which answers ${statusWords(page.status)}` : ''}.`,
      );
    const row = { edge, pageStatus, hops: page.hops };
    return {
      agent: fetch.agent,
      name,
      userAgent: fetch.userAgent,
      robotsStatus,
      robots,
      robotsDifference,
      pageStatus,
      hops: page.hops,
      edge,
      headerDifferences,
      findings,
      summary: `${name}: ${robotsPhrase(robots)}${robotsQualifier(robotsDifference)}, ${edgePhrase(row, page)}${
        headerDifferences.length === 0
          ? ''
          : `; ${headerDifferences.map((d) => HEADER_LABELS[d.name] ?? d.name).join(', ')} ${headerDifferences.length === 1 ? 'differs' : 'differ'}`
      }`,
    };
  });
  return {
    pageUrl: input.pageUrl,
    origin: input.origin,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    rows,
    limits: PROBE_LIMITS,
    received: collectReceived(input.pageUrl, input.fetches),
  };
}

/** Returns true when the row's robots.txt differs from the browser's (`data-robots-differs`). */
export function robotsDiffers(row: ProbeRow): boolean {
  return row.robotsDifference.kind !== 'same';
}
