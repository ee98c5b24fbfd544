/** Number formatting for the workbench ("1,204"). */

const COUNT = new Intl.NumberFormat('en-US');

/** Returns `n` with thousands separators. */
export function formatNumber(n: number): string {
  return COUNT.format(n);
}

/** Returns `n` and its noun, singular for one: "1 URL", "50,000 URLs". */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${COUNT.format(n)} ${n === 1 ? singular : plural}`;
}
