/** Number formatting for the workbench ("1,204"). */

const COUNT = new Intl.NumberFormat('en-US');

/** Returns `n` with thousands separators. */
export function formatNumber(n: number): string {
  return COUNT.format(n);
}
