/**
 * The probe's part of the evidence bundle: every distinct body the latest probe received (each
 * robots.txt and page body once, however many agents were served it, named by the order it was
 * first received), `probe/responses.json` (per agent: what it asked for, the status and headers it
 * got and the file of each body), `probe/usage.json` (each crawler's Use answers worked out from
 * the robots.txt and page headers it was served) and `probe.json` (the report, each row naming
 * the robots.txt file its line numbers count in). Pure but for `digest`.
 */
import { MAX_ROBOTS_BYTES } from '../fetch/constants';
import { byteStringToBytes, decodeUtf8ByteString } from '../robots/bytes';
import type { BodyCut, ProbeReport, ReceivedResponse } from '../probe/types';
import { BROWSER_AGENT } from '../probe/types';
import { formatNumber } from '../shared/plural';
import { preparePageUsage, prepareRobotsUsage } from '../usage';

/** One serving of a held body: to which agent, as what, and how it answered. */
interface EvidenceServing {
  readonly agent: string;
  /** robots.txt, or the probed page. */
  readonly as: 'robots.txt' | 'page';
  readonly url: string;
  readonly status: string;
}

/** A body the probe received, as manifest.json lists it under `received`. */
export interface EvidenceReceivedEntry {
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
  /** Every agent it was served to. */
  readonly servedTo: readonly EvidenceServing[];
  /** How the body was cut, in words; null when it is whole. */
  readonly cut: string | null;
}

/** A held file of the probe: its path, and its bytes for the ZIP. */
interface ProbeHeldFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** What the probe adds to the bundle. */
export interface ProbeEvidence {
  /** The held bodies, in the order first received. */
  readonly bodies: readonly ProbeHeldFile[];
  readonly received: readonly EvidenceReceivedEntry[];
  /** The JSON values of probe/responses.json and probe.json. */
  readonly responses: unknown;
  readonly report: unknown;
  /** Per agent, the held file of the robots.txt it was served (absent when it got none). */
  readonly robotsFileOf: ReadonlyMap<string, string>;
  /** Crawlers served a robots.txt other than the browser's (or none where it got one), with what they got in words. */
  readonly servedOther: ReadonlyMap<string, string>;
}

/** Returns how a body was cut, in words. */
function describeCut(cut: BodyCut, as: 'robots.txt' | 'page'): string {
  const declared = cut.contentLength === null ? '' : ` (the server declared ${formatNumber(cut.contentLength)} bytes)`;
  return cut.limit === MAX_ROBOTS_BYTES && as === 'robots.txt'
    ? `Cut at ${formatNumber(cut.limit)} bytes, where Google stops reading robots.txt${declared}.`
    : `Cut at ${formatNumber(cut.limit)} bytes, the most of a page the probe reads${declared}.`;
}

/** Returns the probe's files, entries and readings for the bundle. */
export async function probeEvidence(
  probe: ProbeReport,
  digest: (bytes: Uint8Array) => Promise<string>,
): Promise<ProbeEvidence> {
  const { received } = probe;
  const bodies: ProbeHeldFile[] = [];
  type Entry = { path: string; sha256: string; bytes: number; servedTo: EvidenceServing[]; cut: string | null };
  const byHash = new Map<string, Entry>();
  const byIndex = new Map<number, Entry>();
  const counts = { 'robots.txt': 0, page: 0 };
  /** Returns the held file of a body of `received.bodies`, holding it on first sight. */
  const held = async (index: number, as: 'robots.txt' | 'page'): Promise<Entry | null> => {
    const found = byIndex.get(index);
    if (found !== undefined) return found;
    const raw = received.bodies[index];
    if (raw === undefined) return null;
    const bytes = byteStringToBytes(raw);
    const sha256 = await digest(bytes);
    // Deduplicated by hash: the same bytes held once, every serving named.
    let entry = byHash.get(sha256);
    if (entry === undefined) {
      counts[as] += 1;
      entry = {
        path: `probe/${as === 'page' ? 'page' : 'robots'}-${counts[as]}.bin`,
        sha256,
        bytes: bytes.byteLength,
        servedTo: [],
        cut: null,
      };
      byHash.set(sha256, entry);
      bodies.push({ path: entry.path, bytes });
    }
    byIndex.set(index, entry);
    return entry;
  };
  const serve = async (response: ReceivedResponse, agent: string, as: 'robots.txt' | 'page') => {
    const entry = response.body === null ? null : await held(response.body, as);
    if (entry === null) return;
    entry.servedTo.push({ agent, as, url: response.url, status: response.status });
    if (response.cut !== null && entry.cut === null) entry.cut = describeCut(response.cut, as);
  };
  for (const agent of received.agents) await serve(agent.robots, agent.agent, 'robots.txt');
  for (const agent of received.agents) await serve(agent.page, agent.agent, 'page');

  const entryOf = (response: ReceivedResponse) => (response.body === null ? undefined : byIndex.get(response.body));
  const robotsFileOf = new Map<string, string>();
  for (const agent of received.agents) {
    const path = entryOf(agent.robots)?.path;
    if (path !== undefined) robotsFileOf.set(agent.agent, path);
  }
  const browser = received.agents.find((a) => a.agent === BROWSER_AGENT);
  const browserFile = robotsFileOf.get(BROWSER_AGENT) ?? null;
  const servedOther = new Map<string, string>();
  for (const a of received.agents) {
    if (a.agent === BROWSER_AGENT || browser === undefined) continue;
    const file = robotsFileOf.get(a.agent) ?? null;
    if (file === browserFile && a.robots.status === browser.robots.status) continue;
    servedOther.set(
      a.agent,
      file === null
        ? `no robots.txt file: it answered ${a.robots.status} where your browser got ${browser.robots.status}`
        : `a robots.txt other than your browser’s, ${file}`,
    );
  }

  const responseJson = (response: ReceivedResponse, as: 'robots.txt' | 'page') => {
    const entry = entryOf(response);
    return {
      url: response.url,
      finalUrl: response.finalUrl,
      status: response.status,
      headers: response.headers,
      body:
        entry === undefined
          ? null
          : {
              file: entry.path,
              sha256: entry.sha256,
              bytes: entry.bytes,
              cut: response.cut === null ? null : describeCut(response.cut, as),
            },
      ...(response.noBody === null ? {} : { noBody: response.noBody }),
    };
  };
  const names = new Map(probe.rows.map((row) => [row.agent, row]));
  const responses = {
    pageUrl: probe.pageUrl,
    startedAt: new Date(probe.startedAt).toISOString(),
    agents: received.agents.map((a) => ({
      agent: a.agent,
      name: names.get(a.agent)?.name ?? a.agent,
      userAgent: names.get(a.agent)?.userAgent ?? null,
      robots: responseJson(a.robots, 'robots.txt'),
      page: responseJson(a.page, 'page'),
    })),
  };
  const { received: _received, ...rest } = probe;
  const report = {
    ...rest,
    rows: probe.rows.map((row) => ({
      ...row,
      // The row's line numbers count lines of this file.
      robotsFile: robotsFileOf.get(row.agent) ?? null,
    })),
  };
  return {
    bodies,
    received: [...byHash.values()],
    responses,
    report,
    robotsFileOf,
    servedOther,
  };
}

/**
 * Returns the status the Use answers read from a status label ("200", "503", "timeout",
 * "too-many-redirects"): the number, `network-error` for a failure that leaves robots.txt
 * unreachable, else null (no file: everything allowed).
 */
export function usageStatusOf(label: string): number | 'network-error' | null {
  if (/^\d+$/.test(label)) return Number(label);
  return label === 'timeout' || label === 'network-error' ? 'network-error' : null;
}

/** Returns the robots.txt and page usage inputs of what `agent` was served by the probe. */
export function servedUsageInputs(probe: ProbeReport, agent: string) {
  const served = probe.received.agents.find((a) => a.agent === agent);
  if (served === undefined) return null;
  const { robots, page } = served;
  const raw = robots.body === null ? null : (probe.received.bodies[robots.body] ?? null);
  return {
    robots: prepareRobotsUsage({
      body: raw === null ? null : decodeUtf8ByteString(raw),
      status: usageStatusOf(robots.status),
    }),
    // The page's metas were not read by the probe: only its headers are evidence here.
    page: preparePageUsage({ url: probe.pageUrl, headers: /^\d+$/.test(page.status) ? page.headers : null, meta: [] }),
  };
}
