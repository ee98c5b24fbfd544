/**
 * Where history lives, and the plan of one write: a store keeps each origin's OriginHistory (small:
 * no bodies) and each version's body apart, keyed by origin and seq. `planObservation` turns one
 * fetch into the writes to make, bounds applied; a store only carries them out in one transaction.
 * The worker's store is IndexedDB (entrypoints/background/history-db.ts); the memory store here
 * serves tests and stands in where IndexedDB is missing.
 */
import {
  bytesOf,
  type HistoryLimits,
  newestVersion,
  type Observation,
  observe,
  type OriginHistory,
  planBounds,
  MAX_HISTORY_ORIGINS,
  type VersionMeta,
} from './versions';

/** Totals over every origin's history. */
export interface HistoryUsage {
  readonly origins: number;
  readonly versions: number;
  /** Bytes of every kept body. */
  readonly bytes: number;
}

/** The result of recording one fetch. */
interface RecordResult {
  /** The version added, or null when the newest one was seen again. */
  readonly added: VersionMeta | null;
  /** The newest version before this fetch, or null for the origin's first. */
  readonly previous: VersionMeta | null;
}

export interface HistoryStore {
  /** Records one fetch (its body given apart) and applies the limits to every origin. */
  record(observation: Observation, limits: HistoryLimits): Promise<RecordResult>;
  getHistory(origin: string): Promise<OriginHistory | null>;
  /** The body of one version, or null when it is no longer kept. */
  getBody(origin: string, seq: number): Promise<string | null>;
  /** Notes that the user inspected the origin now; returns the newest seq noted before (null: never), and now. */
  markInspected(origin: string): Promise<{ readonly before: number | null; readonly now: number | null }>;
  /** Applies new limits to every origin (after a settings change). */
  enforce(limits: HistoryLimits): Promise<void>;
  usage(): Promise<HistoryUsage>;
  /** Removes one origin's history, or every origin's; returns how many origins went. */
  clear(origin?: string): Promise<number>;
}

/** The writes one fetch makes. */
interface WritePlan {
  readonly put: readonly OriginHistory[];
  readonly putBody: { readonly origin: string; readonly seq: number; readonly body: string } | null;
  readonly removeOrigins: readonly string[];
  readonly removeBodies: readonly (readonly [origin: string, seq: number])[];
  readonly result: RecordResult;
}

/** Returns the histories after dropping what `planBounds` says, and the writes that takes. */
function planLimits(
  histories: ReadonlyMap<string, OriginHistory>,
  limits: HistoryLimits,
  keep: string | null,
): Pick<WritePlan, 'put' | 'removeOrigins' | 'removeBodies'> & { readonly histories: Map<string, OriginHistory> } {
  const next = new Map(histories);
  const bounds = planBounds([...next.values()], limits, keep);
  const removeBodies: [string, number][] = [];
  const put: OriginHistory[] = [];
  for (const origin of bounds.evict) {
    for (const v of next.get(origin)?.versions ?? []) removeBodies.push([origin, v.seq]);
    next.delete(origin);
  }
  for (const { origin, seqs } of bounds.trim) {
    const history = next.get(origin);
    if (history === undefined) continue;
    const dropped = new Set(seqs);
    const trimmed = { ...history, versions: history.versions.filter((v) => !dropped.has(v.seq)) };
    next.set(origin, trimmed);
    put.push(trimmed);
    for (const seq of seqs) removeBodies.push([origin, seq]);
  }
  return { histories: next, put, removeOrigins: bounds.evict, removeBodies };
}

/** Returns the writes that record `observation` into `histories` (every origin's), limits applied. */
function planObservation(
  histories: ReadonlyMap<string, OriginHistory>,
  observation: Observation,
  limits: HistoryLimits,
): WritePlan {
  const before = histories.get(observation.origin) ?? null;
  const { history, added } = observe(before, observation);
  const next = new Map(histories);
  next.set(observation.origin, history);
  const bounded = planLimits(next, limits, observation.origin);
  const own = bounded.histories.get(observation.origin) ?? history;
  const bodyKept = added !== null && own.versions.some((v) => v.seq === added.seq);
  return {
    put: [own, ...bounded.put.filter((h) => h.origin !== observation.origin)],
    putBody: bodyKept ? { origin: observation.origin, seq: added.seq, body: observation.body } : null,
    removeOrigins: bounded.removeOrigins,
    removeBodies: bounded.removeBodies,
    result: { added, previous: newestVersion(before) },
  };
}

/** The running totals a store keeps beside the histories, so a fetch never reads every origin. */
export type HistoryTotals = HistoryUsage;

/** One fetch recorded into its own origin, the other origins untouched: what the store then evicts. */
export interface OwnPlan {
  readonly history: OriginHistory;
  readonly added: VersionMeta | null;
  readonly previous: VersionMeta | null;
  /** The origin's versions dropped (over the per-origin count), by seq. */
  readonly dropped: readonly number[];
  /** The totals after this write, before any other origin is evicted. */
  readonly totals: HistoryTotals;
}

/**
 * Returns one fetch recorded into its origin's history alone (its oldest versions past
 * `maxVersionsPerOrigin` dropped) and the totals after it. The store then evicts the least
 * recently seen other origins while `isOver(totals)`, reading only those: a fetch never reads all.
 */
export function planOwn(
  before: OriginHistory | null,
  observation: Observation,
  limits: HistoryLimits,
  totals: HistoryTotals,
): OwnPlan {
  const { history, added } = observe(before, observation);
  const max = Math.max(1, Math.floor(limits.maxVersionsPerOrigin));
  const excess = Math.max(0, history.versions.length - max);
  const dropped = history.versions.slice(0, excess).map((v) => v.seq);
  const kept = { ...history, versions: history.versions.slice(excess) };
  const was =
    before === null ? { versions: 0, bytes: 0 } : { versions: before.versions.length, bytes: bytesOf(before.versions) };
  return {
    history: kept,
    added,
    previous: newestVersion(before),
    dropped,
    totals: {
      origins: totals.origins + (before === null ? 1 : 0),
      versions: totals.versions - was.versions + kept.versions.length,
      bytes: totals.bytes - was.bytes + bytesOf(kept.versions),
    },
  };
}

/** Returns true while `totals` are over `limits` (bytes, or origins past maxOrigins, default MAX_HISTORY_ORIGINS). */
export function isOverLimits(totals: HistoryTotals, limits: HistoryLimits): boolean {
  return totals.bytes > limits.maxBytes || totals.origins > (limits.maxOrigins ?? MAX_HISTORY_ORIGINS);
}

/** Returns the usage of a set of histories, added to `from` (none by default). */
export function usageOf(histories: Iterable<OriginHistory>, from?: HistoryUsage): HistoryUsage {
  let origins = from?.origins ?? 0;
  let versions = from?.versions ?? 0;
  let bytes = from?.bytes ?? 0;
  for (const h of histories) {
    origins++;
    versions += h.versions.length;
    bytes += bytesOf(h.versions);
  }
  return { origins, versions, bytes };
}

/** Returns a HistoryStore kept in memory. */
export function createMemoryHistoryStore(): HistoryStore & { readonly bodies: Map<string, string> } {
  const histories = new Map<string, OriginHistory>();
  const bodies = new Map<string, string>();
  const key = (origin: string, seq: number) => `${origin} ${seq}`;
  function apply(plan: Pick<WritePlan, 'put' | 'removeOrigins' | 'removeBodies'>): void {
    for (const origin of plan.removeOrigins) histories.delete(origin);
    for (const [origin, seq] of plan.removeBodies) bodies.delete(key(origin, seq));
    for (const h of plan.put) histories.set(h.origin, h);
  }
  return {
    bodies,
    async record(observation, limits) {
      const plan = planObservation(histories, observation, limits);
      apply(plan);
      if (plan.putBody !== null) bodies.set(key(plan.putBody.origin, plan.putBody.seq), plan.putBody.body);
      return plan.result;
    },
    async getHistory(origin) {
      return histories.get(origin) ?? null;
    },
    async getBody(origin, seq) {
      return bodies.get(key(origin, seq)) ?? null;
    },
    async markInspected(origin) {
      const history = histories.get(origin);
      if (history === undefined) return { before: null, now: null };
      const now = newestVersion(history)?.seq ?? null;
      histories.set(origin, { ...history, inspectedSeq: now });
      return { before: history.inspectedSeq, now };
    },
    async enforce(limits) {
      apply(planLimits(histories, limits, null));
    },
    async usage() {
      return usageOf(histories.values());
    },
    async clear(origin) {
      const origins = origin === undefined ? [...histories.keys()] : histories.has(origin) ? [origin] : [];
      for (const o of origins) {
        for (const v of histories.get(o)?.versions ?? []) bodies.delete(key(o, v.seq));
        histories.delete(o);
      }
      return origins.length;
    },
  };
}
