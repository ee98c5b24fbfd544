/**
 * Counts in words, one rule everywhere a count is written: the singular for exactly one ("1 line"),
 * the plural otherwise ("0 lines", "3 lines"), the number grouped in thousands ("1,204 URLs").
 */

/** Made on first use: nothing is built when the module is imported. */
let count: Intl.NumberFormat | undefined;

function counter(): Intl.NumberFormat {
  count ??= new Intl.NumberFormat('en-US');
  return count;
}

/** Returns `n` with thousands separators: "1,204". */
export function formatNumber(n: number): string {
  return counter().format(n);
}

/** Returns the noun for `count`: `one` for exactly 1, else `many` (default `one` + "s"). */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** Returns the count and its noun: "1 line", "3 lines", "1,204 URLs", "2 entries" (with `many`). */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${counter().format(count)} ${nounFor(count, one, many)}`;
}
