/**
 * The verdict table of a URL set × crawlers × (live, draft), kept in typed arrays so 200,000 URLs
 * × 27 crawlers fit in memory and cross a worker boundary without copying; its per-crawler change
 * summary, filters and orderings.
 */

import { type CrawlerPreset } from '../robots';
import { describeCrawlerSet, joinWords } from './crawler-sets';
import { classifyCrawlers, type CrawlerDecider, createCrawlerDecider, type PreparedRobots } from './engine';
import { groupCrawlersByOutcome } from '../shared/crawler-grouping';
import { countOf, formatNumber } from '../shared/plural';

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

/** Crawlers for which the draft changes the same URLs the same way (an identical outcome). */
export interface ChangeGroup {
  /** Crawler indices (table order), in that order. */
  readonly members: readonly number[];
  /** URLs allowed live and blocked by the draft, for each member. */
  readonly blockedNow: number;
  /** URLs blocked live and allowed by the draft, for each member. */
  readonly unblockedNow: number;
  /** Fewest and most URLs a member has blocked today (equal when the members agree). */
  readonly blockedLive: { readonly min: number; readonly max: number };
  /** Fewest and most URLs a member has blocked with the draft. */
  readonly blockedDraft: { readonly min: number; readonly max: number };
}

/** Returns the change code of a cell: 0 same, 1 blocked by the draft, 2 unblocked by it. */
export function changeCode(live: SideColumns, draft: SideColumns, cell: number): number {
  const before = live.allowed[cell];
  const after = draft.allowed[cell];
  return before === after ? 0 : after === 0 ? 1 : 2;
}

/**
 * Returns the crawlers of `changes` (summarizeChanges' result, table order) grouped by identical
 * outcome: the draft blocks and unblocks exactly the same URLs for every member. Groups with
 * changes come first (most changes first), the unchanged crawlers last, as one group.
 */
export function groupChanges(
  changes: readonly CrawlerChange[],
  urlCount: number,
  live: SideColumns,
  draft: SideColumns,
): ChangeGroup[] {
  const count = changes.length;
  const indices = changes.map((_, c) => c);
  const members = groupCrawlersByOutcome(indices, urlCount, (c, u) => changeCode(live, draft, u * count + c));
  const range = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values) });
  const groups = members.map((m): ChangeGroup => {
    const first = changes[m[0] as number] as CrawlerChange;
    return {
      members: m,
      blockedNow: first.blockedNow,
      unblockedNow: first.unblockedNow,
      blockedLive: range(m.map((c) => (changes[c] as CrawlerChange).blockedLive)),
      blockedDraft: range(m.map((c) => (changes[c] as CrawlerChange).blockedDraft)),
    };
  });
  const size = (g: ChangeGroup) => g.blockedNow + g.unblockedNow;
  return groups.sort((a, b) => size(b) - size(a) || (a.members[0] as number) - (b.members[0] as number));
}

/** Groups named in one clause of the sentence before the rest is counted. */
const SENTENCE_GROUPS = 3;

/**
 * Returns the change summary as one sentence over the groups: "This draft blocks 334 URLs for 17
 * crawlers (all Google search crawlers, Bingbot and 10 more) that are allowed today, and unblocks 3
 * URLs for GPTBot." or "This draft changes no verdict." `crawlers` are the presets in table order.
 */
export function describeChangeGroups(groups: readonly ChangeGroup[], crawlers: readonly CrawlerPreset[]): string {
  const whom = (g: ChangeGroup) =>
    describeCrawlerSet(
      g.members.map((c) => crawlers[c] as CrawlerPreset),
      { tested: crawlers },
    );
  const urls = (n: number) => countOf(n, 'URL');
  const clause = (
    list: readonly ChangeGroup[],
    count: (g: ChangeGroup) => number,
    first: (g: ChangeGroup) => string,
  ) => {
    const named = list
      .slice(0, SENTENCE_GROUPS)
      .map((g, i) => (i === 0 ? first(g) : `${formatNumber(count(g))} for ${whom(g)}`));
    const rest = list.slice(SENTENCE_GROUPS).reduce((n, g) => n + g.members.length, 0);
    if (rest > 0) named.push(`others for ${countOf(rest, 'more crawler', 'more crawlers')} (listed below)`);
    return joinWords(named);
  };
  const blocks = groups.filter((g) => g.blockedNow > 0);
  const unblocks = groups.filter((g) => g.unblockedNow > 0);
  // A group the sentence has just named is not named again.
  const sameOrWhom = (g: ChangeGroup) =>
    g.members.length > 1 && blocks.indexOf(g) === 0 ? `the same ${formatNumber(g.members.length)} crawlers` : whom(g);
  const parts = [
    clause(
      blocks,
      (g) => g.blockedNow,
      (g) => `blocks ${urls(g.blockedNow)} for ${whom(g)} that ${g.blockedNow === 1 ? 'is' : 'are'} allowed today`,
    ),
    clause(
      unblocks,
      (g) => g.unblockedNow,
      (g) => `unblocks ${urls(g.unblockedNow)} for ${sameOrWhom(g)}`,
    ),
  ].filter((t) => t.length > 0);
  if (parts.length === 0) return 'This draft changes no verdict.';
  return `This draft ${parts.join(', and ')}.`;
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

/** Returns whether any crawler of `filter` passes it for URL `u` (the per-URL table's row test). */
function isUrlShown(
  u: number,
  crawlerCount: number,
  live: SideColumns,
  draft: SideColumns,
  filter: RowFilter,
): boolean {
  const from = filter.crawler ?? 0;
  const to = filter.crawler === null ? crawlerCount : filter.crawler + 1;
  for (let c = from; c < to; c++) {
    const i = u * crawlerCount + c;
    const x = live.allowed[i];
    const y = draft.allowed[i];
    if (filter.changedOnly && x === y) continue;
    if (filter.blockedOnly && x === 1 && y === 1) continue;
    return true;
  }
  return false;
}

/**
 * Returns the URL indices of the table with one row per URL: a URL is shown when one of the
 * filter's crawlers passes the filter. Ordered by the set (a crawler order keeps the set order) or
 * changed URLs first; reversed when `order.descending`. A linear pass, like selectRows.
 */
export function selectUrlRows(
  urlCount: number,
  crawlerCount: number,
  live: SideColumns,
  draft: SideColumns,
  filter: RowFilter,
  order: RowOrder,
): Uint32Array {
  const shown = new Uint32Array(urlCount);
  const changed = new Uint8Array(urlCount);
  let n = 0;
  const from = filter.crawler ?? 0;
  const to = filter.crawler === null ? crawlerCount : filter.crawler + 1;
  for (let u = 0; u < urlCount; u++) {
    if (!isUrlShown(u, crawlerCount, live, draft, filter)) continue;
    shown[n++] = u;
    for (let c = from; c < to; c++) {
      const i = u * crawlerCount + c;
      if (live.allowed[i] !== draft.allowed[i]) {
        changed[u] = 1;
        break;
      }
    }
  }
  let rows = shown.subarray(0, n);
  if (order.by === 'change') {
    const sorted = new Uint32Array(n);
    let k = 0;
    for (const u of rows) if (changed[u] === 1) sorted[k++] = u;
    for (const u of rows) if (changed[u] === 0) sorted[k++] = u;
    rows = sorted;
  }
  if (order.descending) rows = rows.slice().reverse();
  return rows;
}

/** One URL's verdicts across crawlers, as crawler indices (table order). */
export interface UrlOutcome {
  /** Allowed today, blocked by the draft. */
  readonly blockedNow: readonly number[];
  /** Blocked today, allowed by the draft. */
  readonly unblockedNow: readonly number[];
  /** Blocked in both files. */
  readonly blockedBoth: readonly number[];
  /** Allowed in both files. */
  readonly allowedBoth: readonly number[];
}

/** Returns URL `u`'s outcome for each crawler (only `crawler` when it is not null). */
export function summarizeUrl(
  u: number,
  crawlerCount: number,
  live: SideColumns,
  draft: SideColumns,
  crawler: number | null = null,
): UrlOutcome {
  const out: UrlOutcome = { blockedNow: [], unblockedNow: [], blockedBoth: [], allowedBoth: [] };
  const from = crawler ?? 0;
  const to = crawler === null ? crawlerCount : crawler + 1;
  for (let c = from; c < to; c++) {
    const i = u * crawlerCount + c;
    const x = live.allowed[i] === 1;
    const y = draft.allowed[i] === 1;
    const list = x === y ? (x ? out.allowedBoth : out.blockedBoth) : x ? out.blockedNow : out.unblockedNow;
    (list as number[]).push(c);
  }
  return out;
}
