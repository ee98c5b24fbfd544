/**
 * The verdict table of a URL set × crawlers × (live, draft), kept in typed arrays so 200,000 URLs
 * × 27 crawlers fit in memory and cross a worker boundary without copying; its per-crawler change
 * summary, filters and orderings.
 */

import { type CrawlerPreset } from '../robots';
import { classifyCrawlers, type CrawlerDecider, createCrawlerDecider, type PreparedRobots } from './engine';

/** One side's verdicts: cell `u * crawlers + c` is URL u for crawler c. */
export interface SideColumns {
  /** 1 allowed, 0 blocked. */
  readonly allowed: Uint8Array;
  /** The deciding line, 0 when no rule matched. */
  readonly line: Uint32Array;
}

/** Returns empty columns for `cells` cells. */
export function createSideColumns(cells: number): SideColumns {
  return { allowed: new Uint8Array(cells), line: new Uint32Array(cells) };
}

/**
 * Fills the cells of URLs [from, to) of `columns` with `prepared`'s verdicts and returns `to`.
 * Callers run it chunk by chunk so a worker can take messages (a cancel, a new draft) in between.
 */
export function evaluateRange(
  prepared: PreparedRobots,
  urls: readonly string[],
  crawlers: readonly CrawlerPreset[],
  columns: SideColumns,
  from: number,
  to: number,
): number {
  const count = crawlers.length;
  const end = Math.min(to, urls.length);
  const classes = classifyCrawlers(prepared, crawlers);
  const deciders: (CrawlerDecider | null)[] = crawlers.map((crawler, c) =>
    classes[c] === c ? createCrawlerDecider(prepared, crawler) : null,
  );
  for (let u = from; u < end; u++) {
    const url = urls[u] as string;
    const base = u * count;
    for (let c = 0; c < count; c++) {
      const first = classes[c] as number;
      if (first < c) {
        columns.allowed[base + c] = columns.allowed[base + first] as number;
        columns.line[base + c] = columns.line[base + first] as number;
        continue;
      }
      const decision = (deciders[c] as CrawlerDecider)(url);
      columns.allowed[base + c] = decision.allowed ? 1 : 0;
      columns.line[base + c] = decision.line;
    }
  }
  return end;
}

/** One crawler's change summary. */
export interface CrawlerChange {
  readonly token: string;
  readonly name: string;
  /** URLs allowed live and blocked by the draft. */
  readonly blockedNow: number;
  /** URLs blocked live and allowed by the draft. */
  readonly unblockedNow: number;
  readonly blockedLive: number;
  readonly blockedDraft: number;
}

/** Returns, per crawler, how many URLs the draft blocks or unblocks compared with live. */
export function summarizeChanges(
  crawlers: readonly CrawlerPreset[],
  urlCount: number,
  live: SideColumns,
  draft: SideColumns,
): CrawlerChange[] {
  const count = crawlers.length;
  return crawlers.map((crawler, c) => {
    let blockedNow = 0;
    let unblockedNow = 0;
    let blockedLive = 0;
    let blockedDraft = 0;
    for (let i = c; i < urlCount * count; i += count) {
      const before = live.allowed[i];
      const after = draft.allowed[i];
      if (before === 0) blockedLive++;
      if (after === 0) blockedDraft++;
      if (before === 1 && after === 0) blockedNow++;
      else if (before === 0 && after === 1) unblockedNow++;
    }
    return { token: crawler.token, name: crawler.name, blockedNow, unblockedNow, blockedLive, blockedDraft };
  });
}

const COUNT = new Intl.NumberFormat('en-US');

/**
 * Returns the summary as one sentence: "This draft blocks 1,204 URLs for Googlebot that are
 * allowed today, and unblocks 3 for GPTBot." or "This draft changes no verdict."
 */
export function describeChanges(changes: readonly CrawlerChange[]): string {
  const parts: string[] = [];
  const blocks = changes.filter((c) => c.blockedNow > 0);
  const unblocks = changes.filter((c) => c.unblockedNow > 0);
  const plural = (n: number) => (n === 1 ? 'URL' : 'URLs');
  blocks.forEach((c, i) => {
    parts.push(
      i === 0
        ? `blocks ${COUNT.format(c.blockedNow)} ${plural(c.blockedNow)} for ${c.name} that ${c.blockedNow === 1 ? 'is' : 'are'} allowed today`
        : `${COUNT.format(c.blockedNow)} for ${c.name}`,
    );
  });
  const unblockParts = unblocks.map((c, i) =>
    i === 0
      ? `unblocks ${COUNT.format(c.unblockedNow)} for ${c.name}`
      : `${COUNT.format(c.unblockedNow)} for ${c.name}`,
  );
  if (parts.length === 0 && unblockParts.length === 0) return 'This draft changes no verdict.';
  const blockText = parts.join(', ');
  const unblockText = unblockParts.join(', ');
  return `This draft ${[blockText, unblockText].filter((t) => t.length > 0).join(', and ')}.`;
}

/** Which cells the table shows. */
export interface RowFilter {
  readonly changedOnly: boolean;
  /** Only cells blocked live or by the draft. */
  readonly blockedOnly: boolean;
  /** Crawler index, or null for every crawler. */
  readonly crawler: number | null;
}

/** Row orders: by URL (set order), by crawler, or changed cells first; each may be reversed. */
export type RowOrder = { readonly by: 'url' | 'crawler' | 'change'; readonly descending: boolean };

/**
 * Returns the cell indices the table shows, in order. Every order is a linear pass (no comparison
 * sort), so a 5-million-cell table orders in one short task.
 */
export function selectRows(
  urlCount: number,
  crawlerCount: number,
  live: SideColumns,
  draft: SideColumns,
  filter: RowFilter,
  order: RowOrder,
): Uint32Array {
  const crawlerRange = filter.crawler;
  const out = new Uint32Array(urlCount * (crawlerRange === null ? crawlerCount : 1));
  const before = live.allowed;
  const after = draft.allowed;
  const { changedOnly, blockedOnly } = filter;
  let n = 0;
  const firstCrawler = crawlerRange ?? 0;
  const lastCrawler = crawlerRange === null ? crawlerCount : crawlerRange + 1;
  // Plain loops with the filter inline: this runs over every cell after each evaluation.
  const outer = order.by === 'crawler' ? lastCrawler - firstCrawler : urlCount;
  const inner = order.by === 'crawler' ? urlCount : lastCrawler - firstCrawler;
  for (let a = 0; a < outer; a++) {
    for (let b = 0; b < inner; b++) {
      const i = order.by === 'crawler' ? b * crawlerCount + firstCrawler + a : a * crawlerCount + firstCrawler + b;
      const x = before[i];
      const y = after[i];
      if (changedOnly && x === y) continue;
      if (blockedOnly && x === 1 && y === 1) continue;
      out[n++] = i;
    }
  }
  let rows = out.subarray(0, n);
  if (order.by === 'change') {
    const changed = new Uint32Array(n);
    let k = 0;
    for (const i of rows) if (live.allowed[i] !== draft.allowed[i]) changed[k++] = i;
    for (const i of rows) if (live.allowed[i] === draft.allowed[i]) changed[k++] = i;
    rows = changed;
  }
  if (order.descending) rows = rows.slice().reverse();
  return rows;
}
