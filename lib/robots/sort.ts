/**
 * Sorting the few matches of one URL best first (docs/semantics/robots.md §4 ranks them by priority, then line)
 * by a number each carries: calling `Array.prototype.sort` with a comparator costs more than
 * sorting a handful of items in place.
 */

/** Up to this many items are sorted by insertion; more go to `Array.prototype.sort`. */
const INSERTION_SORT_MAX = 24;

/** Sorts `items` in place, highest `rank` first; items of equal rank keep their order. */
export function sortByRank<T extends { readonly rank: number }>(items: T[]): void {
  if (items.length > INSERTION_SORT_MAX) {
    items.sort((a, b) => b.rank - a.rank);
    return;
  }
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    while (j >= 0 && (items[j] as T).rank < item.rank) {
      items[j + 1] = items[j] as T;
      j--;
    }
    items[j + 1] = item;
  }
}
