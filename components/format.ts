/**
 * Sizes and durations in words, the same on the popup and the options page.
 * Pure functions; the units are lib/fetch's named constants.
 */
import { DAY, HOUR, KIB, MIB, MINUTE, SECOND } from '../lib/fetch/constants';

/** Returns a size such as "312 B", "4.2 KiB" or "1.5 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KiB`;
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** Returns a duration such as "just now", "42 s", "5 min", "3 h 10 min" or "2 days". */
export function formatDuration(ms: number): string {
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
