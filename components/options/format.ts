/**
 * Words and numbers the options page shows for the cache: outcomes, ages, sizes and rates.
 * Pure functions over the protocol's plain data.
 */
import { DAY, HOUR, KIB, MIB, MINUTE, SECOND } from '../../lib/fetch/constants';
import type { CacheEntrySummary, CacheStats } from '../../lib/messages';

/** Returns the outcome in a few words: "robots.txt (HTTP 200)", "No robots.txt (HTTP 404)", "Unreachable (HTTP 503)". */
export function formatOutcome(entry: Pick<CacheEntrySummary, 'outcomeKind' | 'status'>): string {
  const status = entry.status === null ? '' : ` (HTTP ${entry.status})`;
  switch (entry.outcomeKind) {
    case 'ok':
      return `robots.txt${status}`;
    case 'unavailable':
      return `No robots.txt${status || ' (redirects)'}`;
    case 'unreachable':
      return `Unreachable${status || ' (no answer)'}`;
  }
}

/** Returns what the outcome means for crawlers: "rules apply", "all allowed", "all disallowed". */
export function formatEffect(outcomeKind: CacheEntrySummary['outcomeKind']): string {
  return { ok: 'rules apply', unavailable: 'all allowed', unreachable: 'all disallowed' }[outcomeKind];
}

/** Returns a size such as "312 B", "4.2 KiB" or "1.5 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KiB`;
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** Returns an age such as "just now", "42 s", "5 min", "3 h 10 min" or "2 days". */
export function formatAge(ms: number): string {
  if (ms < 2 * SECOND) return 'just now';
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.round((ms - hours * HOUR) / MINUTE);
    return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.round(ms / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}

/** Returns a ratio as a whole percentage, or "—" when nothing was counted yet. */
export function formatRate(part: number, whole: number): string {
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
