/**
 * Each origin's robots.txt history: a fetch whose body (by hash) or status differs from the newest
 * kept version adds a version; the same body and status again only moves that version's last-seen
 * time. Bounded by a count per origin and a byte budget over every origin (the least recently seen
 * origins go first). Pure: the clock and the store are the caller's.
 */
import type { HeaderList } from '../fetch/headers';
import type { FetchOutcome } from '../fetch/types';
import { hashBody } from './hash';

/** Most origins whose history is kept: past it, the least recently seen origin goes. */
export const MAX_HISTORY_ORIGINS = 1000;

/** One kept version of an origin's robots.txt, without its body (the store keeps that apart). */
export interface VersionMeta {
  /** Numbers an origin's versions in the order they were first seen, from 1. */
  readonly seq: number;
  /** Epoch ms of the first fetch that brought this body and status. */
  readonly firstSeen: number;
  /** Epoch ms of the latest fetch that brought it again. */
  readonly lastSeen: number;
  /** The HTTP status ("200", "503") or the failure kind ("timeout", "network-error", …). */
  readonly status: string;
  readonly outcome: FetchOutcome['kind'];
  /** Bytes of the body. */
  readonly size: number;
  readonly hash: string;
  /**
   * `bytes`: the store keeps the body as fetched, one char per byte. Absent on versions kept before
   * (their body is decoded text). lib/history/record.ts readKeptBody reads either.
   */
  readonly form?: 'bytes';
  /**
   * The response headers of the fetch that first brought this version (bounded: lib/fetch/headers.ts).
   * Absent on versions kept before headers were recorded, and when no response came.
   */
  readonly headers?: HeaderList;
}

/** What is kept of one origin. */
export interface OriginHistory {
  readonly origin: string;
  /** The seq the next version gets. */
  readonly nextSeq: number;
  /** Oldest first. */
  readonly versions: readonly VersionMeta[];
  /** The newest version's seq when the user last inspected this origin, or null before the first inspection. */
  readonly inspectedSeq: number | null;
}

/** One fetch, as history sees it. */
export interface Observation {
  readonly origin: string;
  /** Epoch ms. */
  readonly at: number;
  readonly status: string;
  readonly outcome: FetchOutcome['kind'];
  /** The body's bytes, one char per byte ('' without a usable body). */
  readonly body: string;
  /** The response's headers, when recorded. */
  readonly headers?: HeaderList;
}

export interface HistoryLimits {
  readonly maxVersionsPerOrigin: number;
  readonly maxBytes: number;
  /** Default MAX_HISTORY_ORIGINS. */
  readonly maxOrigins?: number;
}

/** Returns the newest last sighting of any version (0 without versions): what "least recently seen" orders by. */
export function seenAtOf(history: Pick<OriginHistory, 'versions'>): number {
  return history.versions.reduce((at, v) => Math.max(at, v.lastSeen), 0);
}

/** Returns an origin's empty history. */
export function emptyHistory(origin: string): OriginHistory {
  return { origin, nextSeq: 1, versions: [], inspectedSeq: null };
}

/** Returns the newest version, or null. */
export function newestVersion(history: OriginHistory | null): VersionMeta | null {
  return history?.versions[history.versions.length - 1] ?? null;
}

/**
 * Returns the history after one fetch, and the version it added (null when the newest version had
 * the same body and status: then only its last-seen time moved). A fetch older than the newest
 * version's last sighting (clocks going back) still counts, its time taken as is.
 */
export function observe(
  history: OriginHistory | null,
  observation: Observation,
): { readonly history: OriginHistory; readonly added: VersionMeta | null } {
  const current = history ?? emptyHistory(observation.origin);
  const hash = hashBody(observation.body);
  const newest = newestVersion(current);
  if (newest !== null && newest.hash === hash && newest.status === observation.status) {
    const updated = { ...newest, lastSeen: Math.max(newest.lastSeen, observation.at) };
    return { history: { ...current, versions: [...current.versions.slice(0, -1), updated] }, added: null };
  }
  const added: VersionMeta = {
    seq: current.nextSeq,
    firstSeen: observation.at,
    lastSeen: observation.at,
    status: observation.status,
    outcome: observation.outcome,
    size: observation.body.length,
    hash,
    form: 'bytes',
    ...(observation.headers === undefined ? {} : { headers: observation.headers }),
  };
  return { history: { ...current, nextSeq: current.nextSeq + 1, versions: [...current.versions, added] }, added };
}

/** What to drop to stay within the limits. */
export interface BoundsPlan {
  /** Versions to drop from origins that stay (by seq). */
  readonly trim: readonly { readonly origin: string; readonly seqs: readonly number[] }[];
  /** Origins whose whole history goes. */
  readonly evict: readonly string[];
}

/** Returns the bytes the bodies of `versions` take. */
export function bytesOf(versions: readonly VersionMeta[]): number {
  return versions.reduce((sum, v) => sum + v.size, 0);
}

/**
 * Returns what to drop so that no origin keeps more than `maxVersionsPerOrigin` versions (its oldest
 * go) and every body together takes at most `maxBytes` over at most `maxOrigins` origins: whole
 * origins go, least recently seen first,
 * never `keep` (the origin just fetched); if `keep` alone is still over the budget, its oldest versions
 * go, but its newest always stays.
 */
export function planBounds(
  histories: readonly OriginHistory[],
  limits: HistoryLimits,
  keep: string | null,
): BoundsPlan {
  const max = Math.max(1, Math.floor(limits.maxVersionsPerOrigin));
  const trim = new Map<string, number[]>();
  const kept = new Map<string, VersionMeta[]>();
  for (const history of histories) {
    const excess = Math.max(0, history.versions.length - max);
    if (excess > 0)
      trim.set(
        history.origin,
        history.versions.slice(0, excess).map((v) => v.seq),
      );
    kept.set(history.origin, history.versions.slice(excess));
  }
  let total = [...kept.values()].reduce((sum, versions) => sum + bytesOf(versions), 0);
  const lastSeen = (versions: readonly VersionMeta[]) => versions.reduce((at, v) => Math.max(at, v.lastSeen), 0);
  const candidates = [...kept.entries()]
    .filter(([origin]) => origin !== keep)
    .sort(([, a], [, b]) => lastSeen(a) - lastSeen(b));
  const evict: string[] = [];
  const maxOrigins = limits.maxOrigins ?? MAX_HISTORY_ORIGINS;
  let count = kept.size;
  for (const [origin, versions] of candidates) {
    if (total <= limits.maxBytes && count <= maxOrigins) break;
    evict.push(origin);
    trim.delete(origin);
    total -= bytesOf(versions);
    count--;
  }
  const own = keep === null ? undefined : kept.get(keep);
  if (total > limits.maxBytes && keep !== null && own !== undefined) {
    const dropped = trim.get(keep) ?? [];
    for (const version of own.slice(0, -1)) {
      if (total <= limits.maxBytes) break;
      dropped.push(version.seq);
      total -= version.size;
    }
    if (dropped.length > 0) trim.set(keep, dropped);
  }
  return { trim: [...trim.entries()].map(([origin, seqs]) => ({ origin, seqs })), evict };
}
