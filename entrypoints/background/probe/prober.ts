/**
 * The probe: on the user's request only, fetch the page's robots.txt and the page itself as the
 * browser, then as each crawler's User-Agent, one agent at a time, through the worker's transport
 * and the fetch policy's limits; the User-Agent override is set for the page's host only while its
 * agent's two requests run, and removed at the end whatever happened. While a probe holds a host,
 * the worker's other requests to it wait (`gate`), so no robots.txt fetched for the popup or
 * history carries a crawler's User-Agent.
 */
import * as v from 'valibot';
import { MIB } from '../../../lib/fetch/constants';
import { fetchRobotsTxt } from '../../../lib/fetch/policy';
import type { RobotsTransport } from '../../../lib/fetch/transport';
import { fetchProbePage } from '../../../lib/probe/fetch-page';
import { receivedBodyBytes } from '../../../lib/probe/received';
import { buildProbeReport } from '../../../lib/probe/report';
import { type AgentFetch, BROWSER_AGENT, type ProbeReport } from '../../../lib/probe/types';
import { findUserAgent } from '../../../lib/probe/user-agents';
import { hostnameOf, httpOriginOf } from '../../../lib/shared/url';
import type { UserAgentOverride } from './user-agent';

/** Most crawlers one probe asks for. */
export const MAX_PROBE_AGENTS = 12;
/** Reports kept for the evidence bundle (the latest per origin, the least recent dropped first). */
export const MAX_KEPT_REPORTS = 20;
/**
 * The most body bytes the kept reports hold together (storage.session holds 10 MB in all): past it
 * the least recent reports are dropped whole, so a kept report always holds what it refers to.
 */
export const MAX_KEPT_BODY_BYTES = 6 * MIB;

/** A probe could not start: said in words to the user. */
export class ProbeRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeRefusedError';
  }
}

/** Where the latest reports are kept (storage.session in the worker, so a worker restart keeps them). */
export interface ReportStore {
  get(): Promise<readonly ProbeReport[]>;
  set(reports: readonly ProbeReport[]): Promise<void>;
}

/** Returns a report store in memory (tests). */
export function createMemoryReportStore(): ReportStore {
  let kept: readonly ProbeReport[] = [];
  return {
    get: async () => kept,
    set: async (reports) => void (kept = [...reports]),
  };
}

/** A list of reports as this worker stores them (each report's rows are its own to read). */
const storedReports = v.array(
  v.object({
    origin: v.string(),
    rows: v.array(v.unknown()),
    received: v.object({ bodies: v.array(v.unknown()), agents: v.array(v.unknown()) }),
  }),
);

/** Returns true when `value` has the shape of a list of reports as this worker stores them. */
function isReportList(value: unknown): value is ProbeReport[] {
  return v.is(storedReports, value);
}

/** Returns a report store over storage.session (`key`). */
export function createSessionReportStore(
  storage: {
    getItem<T>(key: `session:${string}`): Promise<T | null>;
    setItem(key: `session:${string}`, value: unknown): Promise<void>;
  },
  key: `session:${string}`,
): ReportStore {
  return {
    async get() {
      const value = await storage.getItem<unknown>(key);
      return isReportList(value) ? value : [];
    },
    set: (reports) => storage.setItem(key, reports),
  };
}

export interface ProberDeps {
  /** Where the latest report of each origin is kept; in memory by default. */
  readonly reports?: ReportStore;
  readonly transport: RobotsTransport;
  /** Null where the browser offers neither declarativeNetRequest nor blocking webRequest. */
  readonly override: UserAgentOverride | null;
  /** Epoch ms. */
  readonly now: () => number;
  /** The fetch timeout setting, read at each probe. */
  readonly timeoutMs: () => Promise<number>;
}

export interface Prober {
  /** Probes `pageUrl` as the browser and as each of `agents` (tokens with a known User-Agent). */
  probe(pageUrl: string, agents: readonly string[]): Promise<ProbeReport>;
  /** The latest report of `origin`, or null. */
  lastReport(origin: string): Promise<ProbeReport | null>;
  /** Resolves when no probe holds `url`'s host (at once when none does). */
  gate(url: string): Promise<void>;
  /** Wraps `transport` so each request first waits for `gate`. */
  gated(transport: RobotsTransport): RobotsTransport;
}

/**
 * Returns the reports to keep once `report` is added to `kept` (oldest first): the newest always,
 * then earlier ones while there are at most MAX_KEPT_REPORTS and their bodies fit MAX_KEPT_BODY_BYTES.
 */
export function keptReports(kept: readonly ProbeReport[], report: ProbeReport): ProbeReport[] {
  const out = [report];
  let bytes = receivedBodyBytes(report.received);
  for (const older of [...kept].reverse()) {
    if (out.length >= MAX_KEPT_REPORTS) break;
    bytes += receivedBodyBytes(older.received);
    if (bytes > MAX_KEPT_BODY_BYTES) break;
    out.unshift(older);
  }
  return out;
}

/** Returns the prober. */
export function createProber(deps: ProberDeps): Prober {
  let running: { readonly host: string; readonly done: Promise<void> } | null = null;
  const store = deps.reports ?? createMemoryReportStore();

  /**
   * Keeps `report` for the evidence bundle with as many earlier ones as fit; when the store refuses
   * (its quota), `report` alone; when it refuses that too, the earlier ones stay as they were: the
   * user still gets the report, only the bundle goes without it.
   */
  const keep = async (report: ProbeReport): Promise<void> => {
    const earlier = (await store.get()).filter((r) => r.origin !== report.origin);
    for (const attempt of [keptReports(earlier, report), [report]]) {
      try {
        await store.set(attempt);
        return;
      } catch {
        // Too large for the store: try with less.
      }
    }
  };

  const gate = async (url: string): Promise<void> => {
    while (running !== null && running.host === hostnameOf(url)) await running.done;
  };

  async function fetchAs(
    agent: string,
    userAgent: string | null,
    target: { origin: string; robotsUrl: string; pageUrl: string },
    timeoutMs: number,
  ): Promise<AgentFetch> {
    const robots = await fetchRobotsTxt(target, { transport: deps.transport, now: deps.now, timeoutMs });
    // Only the page's own origin: a redirect elsewhere is recorded and not followed.
    const page = await fetchProbePage(target.pageUrl, {
      transport: deps.transport,
      timeoutMs,
      onlyOrigin: target.origin,
    });
    return { agent, userAgent, robots, page };
  }

  return {
    async probe(pageUrl, agents) {
      const origin = httpOriginOf(pageUrl);
      const host = hostnameOf(pageUrl);
      if (origin === null || host === null)
        throw new ProbeRefusedError(`Only an http(s) page can be probed, not ${pageUrl}.`);
      if (deps.override === null)
        throw new ProbeRefusedError('This browser does not let the extension set its own requests’ User-Agent.');
      if (running !== null) throw new ProbeRefusedError('A probe is already running: wait for it to end.');
      const unknown = agents.filter((token) => findUserAgent(token) === undefined);
      if (unknown.length > 0)
        throw new ProbeRefusedError(`No User-Agent string is known for ${unknown.join(', ')}: it cannot be probed.`);
      let release = (): void => undefined;
      running = { host, done: new Promise<void>((resolve) => (release = resolve)) };
      const override = deps.override;
      try {
        const timeoutMs = await deps.timeoutMs();
        const target = { origin, robotsUrl: `${origin}/robots.txt`, pageUrl };
        const startedAt = deps.now();
        await override.clear();
        const fetches: AgentFetch[] = [await fetchAs(BROWSER_AGENT, null, target, timeoutMs)];
        for (const token of agents) {
          const entry = findUserAgent(token);
          if (entry === undefined) continue;
          await override.set(host, entry.userAgent);
          fetches.push(await fetchAs(entry.token, entry.userAgent, target, timeoutMs));
        }
        const report = buildProbeReport({ pageUrl, origin, startedAt, finishedAt: deps.now(), fetches });
        await keep(report);
        return report;
      } finally {
        try {
          await override.clear();
        } finally {
          running = null;
          release();
        }
      }
    },
    lastReport: async (origin) => (await store.get()).find((r) => r.origin === origin) ?? null,
    gate,
    gated: (transport) => async (request) => {
      await gate(request.url);
      return transport(request);
    },
  };
}
