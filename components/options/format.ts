/**
 * Words and numbers the options page shows for the cache: outcomes and rates (sizes and ages are
 * in ../format, shared with the popup). Pure functions over the protocol's plain data.
 */
import type { CacheEntrySummary, CacheStats } from '../../lib/cache';

/** What a cause without an HTTP status says in the cache table. */
const CAUSE_WORDS: Readonly<Record<string, string>> = {
  'redirect-loop': 'redirect loop',
  'too-many-redirects': 'too many redirects',
  timeout: 'timed out',
  'network-error': 'network error',
};

/**
 * Returns the outcome in a few words: "robots.txt (HTTP 200)", "No robots.txt (HTTP 404)",
 * "No robots.txt (redirect loop)", "Unreachable (HTTP 503)", "Unreachable (timed out)".
 */
export function formatOutcome(entry: Pick<CacheEntrySummary, 'outcomeKind' | 'status' | 'cause'>): string {
  const because = entry.cause ? CAUSE_WORDS[entry.cause] : undefined;
  // A redirect's last status (a 3xx) says less than why the redirects stopped.
  const detail = because !== undefined ? ` (${because})` : entry.status === null ? '' : ` (HTTP ${entry.status})`;
  switch (entry.outcomeKind) {
    case 'ok':
      return `robots.txt${detail}`;
    case 'unavailable':
      return `No robots.txt${detail || ' (redirects)'}`;
    case 'unreachable':
      return `Unreachable${detail || ' (no answer)'}`;
  }
}

/** Returns what the outcome means for crawlers: "rules apply", "all allowed", "all disallowed". */
export function formatEffect(outcomeKind: CacheEntrySummary['outcomeKind']): string {
  return { ok: 'rules apply', unavailable: 'all allowed', unreachable: 'all disallowed' }[outcomeKind];
}

/** Returns a ratio as a whole percentage, or "—" when nothing was counted yet. */
function formatRate(part: number, whole: number): string {
  if (whole === 0) return '—';
  return `${Math.round((100 * part) / whole)} %`;
}

/** Returns the cache hit rate: hits among lookups (hits + misses). */
export function formatHitRate(stats: CacheStats): string {
  return formatRate(stats.hits, stats.hits + stats.misses);
}

/** Returns the share of fetches the server answered (ok or unavailable). */
export function formatSuccessRate(stats: CacheStats): string {
  return formatRate(stats.fetchSuccesses, stats.fetches);
}
