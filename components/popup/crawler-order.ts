/**
 * One order for crawlers wherever the popup lists them (the picker, the all-crawlers matrix):
 * by purpose, then in preset order; and the one-line summary of the matrix by purpose.
 */
import type { CrawlerOption, CrawlerPurpose, MatrixRow } from './model';

/** Purposes in the order the popup lists them, with their headings. */
export const PURPOSES: readonly (readonly [CrawlerPurpose, string])[] = [
  ['search', 'Search'],
  ['ai-training', 'AI training'],
  ['ai-search', 'AI search'],
  ['user-triggered', 'User-triggered'],
  ['other', 'Other'],
];

const RANK = new Map(PURPOSES.map(([purpose], i) => [purpose, i]));

/** Returns `items` by purpose (PURPOSES order), keeping their own order within a purpose; customs last. */
export function orderByPurpose<T>(items: readonly T[], optionOf: (item: T) => CrawlerOption): T[] {
  const rank = (item: T) => {
    const option = optionOf(item);
    return option.custom ? PURPOSES.length : (RANK.get(option.purpose) ?? PURPOSES.length);
  };
  // Array.prototype.sort is stable: equal ranks keep the preset order.
  return [...items].sort((a, b) => rank(a) - rank(b));
}

/** The purposes the summary counts as AI: training, AI search and fetches a person asks an assistant for. */
const AI_PURPOSES: ReadonlySet<CrawlerPurpose> = new Set(['ai-training', 'ai-search', 'user-triggered']);

function tally(rows: readonly MatrixRow[]): string {
  const blocked = rows.filter((r) => !r.allowed).length;
  if (blocked === 0) return 'all allowed';
  if (blocked === rows.length) return rows.length === 1 ? 'blocked' : `all ${rows.length} blocked`;
  return `${blocked} of ${rows.length} blocked`;
}

/**
 * Returns the matrix in one line, e.g. "AI crawlers: 9 of 14 blocked · search: all allowed", or
 * null when there are no rows.
 */
export function summarizeMatrix(rows: readonly MatrixRow[]): string | null {
  const presets = rows.filter((r) => !r.crawler.custom);
  const ai = presets.filter((r) => AI_PURPOSES.has(r.crawler.purpose));
  const search = presets.filter((r) => r.crawler.purpose === 'search');
  const parts: string[] = [];
  if (ai.length > 0) parts.push(`AI crawlers: ${tally(ai)}`);
  if (search.length > 0) parts.push(`search: ${tally(search)}`);
  return parts.length === 0 ? null : parts.join(' · ');
}

/** The key of a row's outcome: rows with equal keys say the same thing. */
export function outcomeKey(row: MatrixRow): string {
  return `${row.allowed ? 'allowed' : 'blocked'}\u0000${row.line}\u0000${row.summary}`;
}
