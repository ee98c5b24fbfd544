/**
 * A line diff's counts in words, apart from the diff itself (version-diff.ts), so that a page can
 * word a change it was told about without loading the `diff` package.
 */
import { countOf, formatNumber } from './plural';

/** Returns "2 lines added, 1 removed", "1 line removed", "no line changed". */
export function describeLineCounts(added: number, removed: number): string {
  if (added === 0 && removed === 0) return 'no line changed';
  if (removed === 0) return `${countOf(added, 'line')} added`;
  if (added === 0) return `${countOf(removed, 'line')} removed`;
  return `${countOf(added, 'line')} added, ${formatNumber(removed)} removed`;
}
