/**
 * Crawlers grouped by identical outcomes over a URL set (the workbench's verdict summary and Use
 * pass, history's changed verdicts): two crawlers share a group when every URL gets the same code
 * for both (which change, which verdict). A hash buckets the columns in one pass; each bucket is
 * then checked cell by cell, so a collision never merges two different columns.
 */

/** The outcome code of URL `u` for crawler `c` (0 for "nothing to say"; any small integer). */
export type OutcomeCode = (c: number, u: number) => number;

/** Returns a 32-bit hash of crawler `c`'s codes over `urlCount` URLs (only non-zero codes count). */
function hashColumn(c: number, urlCount: number, code: OutcomeCode): number {
  let h = 0x811c9dc5;
  for (let u = 0; u < urlCount; u++) {
    const k = code(c, u);
    if (k === 0) continue;
    h = Math.imul(h ^ u, 0x01000193);
    h = Math.imul(h ^ k, 0x01000193);
  }
  return h >>> 0;
}

function isSameColumn(a: number, b: number, urlCount: number, code: OutcomeCode): boolean {
  for (let u = 0; u < urlCount; u++) if (code(a, u) !== code(b, u)) return false;
  return true;
}

/**
 * Returns `crawlers` (indices) split into groups of identical columns of `code` over `urlCount`
 * URLs, each group in the given order, groups in the order of their first member.
 */
export function groupCrawlersByOutcome(crawlers: readonly number[], urlCount: number, code: OutcomeCode): number[][] {
  const groups: number[][] = [];
  const buckets = new Map<number, number[][]>();
  for (const c of crawlers) {
    const h = hashColumn(c, urlCount, code);
    const bucket = buckets.get(h) ?? [];
    const group = bucket.find((g) => isSameColumn(g[0] as number, c, urlCount, code));
    if (group !== undefined) {
      group.push(c);
      continue;
    }
    const created = [c];
    bucket.push(created);
    buckets.set(h, bucket);
    groups.push(created);
  }
  return groups;
}
