/**
 * Sizes and durations in words, the same on the popup and the options page.
 * Pure functions; the units are lib/fetch's named constants.
 */
import { DAY, HOUR, KIB, MIB, MINUTE, SECOND } from '../lib/fetch/constants';
import { countOf } from '../lib/shared/plural';

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
  return countOf(Math.round(ms / DAY), 'day');
}

/** Returns how long ago something happened: "just now", "42 s ago", "2 days ago". */
export function formatAgo(ms: number): string {
  const duration = formatDuration(ms);
  return duration === 'just now' ? duration : `${duration} ago`;
}

/** Returns how often something recurs, in words: "15 minutes", "6 hours", "1 h 30 min", "1 day", "7 days". */
export function formatEvery(minutes: number): string {
  const ms = minutes * MINUTE;
  if (ms % DAY === 0) return countOf(ms / DAY, 'day');
  if (ms % HOUR === 0) return countOf(ms / HOUR, 'hour');
  if (ms < HOUR) return countOf(minutes, 'minute');
  return formatDuration(ms);
}
