/**
 * Sorting the few matches of one URL (SEMANTICS.md §4 orders them by priority, then line): calling
 * `Array.prototype.sort` with a comparator costs more than sorting a handful of items in place.
 */

/** Up to this many items are sorted by insertion; more go to `Array.prototype.sort`. */
const INSERTION_SORT_MAX = 24;

/** Sorts `items` in place by `compare` (stable) and returns nothing. */
export function sortSmall<T>(items: T[], compare: (a: T, b: T) => number): void {
  if (items.length > INSERTION_SORT_MAX) {
    items.sort(compare);
    return;
  }
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    while (j >= 0 && compare(items[j] as T, item) > 0) {
      items[j + 1] = items[j] as T;
      j--;
    }
    items[j + 1] = item;
  }
}
