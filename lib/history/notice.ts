/**
 * What changed between two kept versions, summed up for a notice (the popup's "changed since",
 * a watched site's notification): when, the statuses, line counts, and verdict changes.
 */
import { diffVersions } from '../shared/version-diff';
import { readKeptBody } from './record';
import { prepareVersion, type VerdictChange, verdictChanges } from './verdicts';
import type { VersionMeta } from './versions';

export interface ChangeSummary {
  readonly origin: string;
  /** Epoch ms the newer version was first seen. */
  readonly changedAt: number;
  readonly from: { readonly seq: number; readonly status: string };
  readonly to: { readonly seq: number; readonly status: string };
  /** Lines added and removed, when both versions are files (2xx); null when the status changed instead, or the diff gave up. */
  readonly lines: { readonly added: number; readonly removed: number } | null;
  /** Crawlers whose verdict for `url` changed. */
  readonly verdicts: readonly VerdictChange[];
  /** The URL the verdicts are for. */
  readonly url: string;
}

/** Returns what changed from `older` to `newer` (both with their bodies) for `url` and `tokens`. */
export function summarizeChange(
  origin: string,
  older: { readonly meta: VersionMeta; readonly body: string },
  newer: { readonly meta: VersionMeta; readonly body: string },
  url: string,
  tokens: readonly string[],
): ChangeSummary {
  const bothFiles = older.meta.outcome === 'ok' && newer.meta.outcome === 'ok';
  const diff = bothFiles
    ? diffVersions(readKeptBody(older.meta, older.body).text, readKeptBody(newer.meta, newer.body).text)
    : null;
  return {
    origin,
    changedAt: newer.meta.firstSeen,
    from: { seq: older.meta.seq, status: older.meta.status },
    to: { seq: newer.meta.seq, status: newer.meta.status },
    lines: diff?.kind === 'lines' ? { added: diff.added, removed: diff.removed } : null,
    verdicts: verdictChanges(
      prepareVersion(older.meta, older.body),
      prepareVersion(newer.meta, newer.body),
      url,
      tokens,
    ),
    url,
  };
}
