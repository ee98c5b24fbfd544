/**
 * A set of crawlers in words: named by the families it makes up where a family is complete ("all
 * Google search crawlers": every preset of that operator and purpose, lib/crawlers/records.ts), by name
 * otherwise, and cut after a few ("and 5 more").
 */

import { CRAWLERS, type CrawlerPreset, type CrawlerPurpose } from '../robots';
import { formatNumber } from '../shared/plural';

/** How each purpose's crawlers are called after "all <operator>". */
const FAMILY_NOUNS: Readonly<Record<CrawlerPurpose, string>> = {
  search: 'search crawlers',
  'ai-training': 'AI-training crawlers',
  'ai-search': 'AI-search crawlers',
  'user-triggered': 'user-triggered fetchers',
  other: 'crawlers for other uses',
};

/** Parts named before "and N more" (default of NameCrawlerSetOptions.maxParts). */
export const MAX_SET_PARTS = 3;

/** Options of nameCrawlerSet. */
export interface NameCrawlerSetOptions {
  /** The presets families are made of (default CRAWLERS): a family is complete when all its presets are in the set. */
  readonly presets?: readonly CrawlerPreset[];
  /** The crawlers evaluated: a set holding every one of them (two or more) is "all N crawlers tested". */
  readonly tested?: readonly CrawlerPreset[];
  /** Parts named before the rest is counted as "and N more" (default MAX_SET_PARTS). */
  readonly maxParts?: number;
}

/** A crawler set in words. */
export interface CrawlerSetName {
  /** The set named briefly: "all Google search crawlers, Bingbot and 3 more". */
  readonly short: string;
  /** Every part, uncut: for a tooltip or an expanded list. */
  readonly full: string;
  /** How many crawlers the set holds. */
  readonly count: number;
}

interface Part {
  readonly text: string;
  readonly size: number;
  /** Position of its first member in the presets (members not among them come last). */
  readonly rank: number;
}

/** Returns `items` joined as a person lists them: "A", "A and B", "A, B and C". */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Returns the parts of `set`: complete operators, then complete families, then names, in preset order. */
function partsOf(set: readonly CrawlerPreset[], presets: readonly CrawlerPreset[]): Part[] {
  const inSet = new Set(set.map((c) => c.token));
  const rankOf = (token: string) => {
    const i = presets.findIndex((p) => p.token === token);
    return i < 0 ? presets.length + set.findIndex((c) => c.token === token) : i;
  };
  const covered = new Set<string>();
  const parts: Part[] = [];
  const cover = (members: readonly CrawlerPreset[], text: string) => {
    for (const m of members) covered.add(m.token);
    parts.push({ text, size: members.length, rank: Math.min(...members.map((m) => rankOf(m.token))) });
  };
  const byKey = (key: (c: CrawlerPreset) => string) => {
    const groups = new Map<string, CrawlerPreset[]>();
    for (const p of presets) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
    return [...groups.values()];
  };
  // A one-preset family or operator is named by its crawler: "all Microsoft search crawlers" would hide Bingbot.
  const isComplete = (members: readonly CrawlerPreset[]) =>
    members.length >= 2 && members.every((m) => inSet.has(m.token) && !covered.has(m.token));
  for (const members of byKey((p) => p.operator)) {
    if (isComplete(members)) cover(members, `all ${members[0]?.operator} crawlers`);
  }
  for (const members of byKey((p) => `${p.operator}\n${p.purpose}`)) {
    const first = members[0] as CrawlerPreset;
    if (isComplete(members)) cover(members, `all ${first.operator} ${FAMILY_NOUNS[first.purpose]}`);
  }
  const seen = new Set<string>();
  for (const c of set) {
    if (covered.has(c.token) || seen.has(c.token)) continue;
    seen.add(c.token);
    parts.push({ text: c.name, size: 1, rank: rankOf(c.token) });
  }
  return parts.sort((a, b) => a.rank - b.rank);
}

/**
 * Returns `set` named in words: "all 37 crawlers tested" when it holds every tested crawler; else
 * its complete families ("all Google search crawlers", or "all Google crawlers" when the operator
 * is complete) and the other crawlers by name, in preset order, cut after `maxParts` parts with
 * "and N more" (N counts crawlers). A set of one is its crawler's name; an empty set is "no crawler".
 */
export function nameCrawlerSet(set: readonly CrawlerPreset[], options: NameCrawlerSetOptions = {}): CrawlerSetName {
  const presets = options.presets ?? CRAWLERS;
  const maxParts = Math.max(1, options.maxParts ?? MAX_SET_PARTS);
  const tokens = new Set(set.map((c) => c.token));
  const count = tokens.size;
  if (count === 0) return { short: 'no crawler', full: 'no crawler', count };
  const tested = options.tested ?? [];
  if (tested.length >= 2 && tested.every((c) => tokens.has(c.token)) && count === tested.length) {
    const text = `all ${formatNumber(count)} crawlers tested`;
    return { short: text, full: text, count };
  }
  const parts = partsOf(set, presets);
  const full = joinWords(parts.map((p) => p.text));
  const rest = parts.slice(maxParts);
  // "and 1 more" for a single crawler would hide a name that fits as well as the words do.
  if (rest.length === 0 || (rest.length === 1 && rest[0]?.size === 1)) return { short: full, full, count };
  const more = rest.reduce((n, p) => n + p.size, 0);
  const shown = parts.slice(0, maxParts).map((p) => p.text);
  return { short: `${shown.join(', ')} and ${formatNumber(more)} more`, full, count };
}

/**
 * Returns the phrase naming whom a change is for: a crawler's name alone ("Googlebot"), "all 37
 * crawlers tested", or the count and the set's short name ("17 crawlers (all Google search crawlers,
 * Bingbot and 10 more)").
 */
export function describeCrawlerSet(set: readonly CrawlerPreset[], options: NameCrawlerSetOptions = {}): string {
  const name = nameCrawlerSet(set, options);
  if (name.count <= 1 || name.short.endsWith(' crawlers tested')) return name.short;
  return `${formatNumber(name.count)} crawlers (${name.short})`;
}
