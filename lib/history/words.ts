/**
 * History's sentences: line counts, what changed in a file, verdict changes grouped by crawler set.
 * Carries no diff and no engine (the crawler list and the grouping only), so the popup can word a notice.
 */
import { findCrawler, type CrawlerPreset } from '../robots/crawlers';
import { countOf } from '../shared/plural';
import { describeLineCounts } from '../shared/line-counts';
import { describeCrawlerSet, joinWords } from '../workbench/crawler-sets';
import type { ChangeSummary } from './notice';
import { groupVerdictChanges } from './verdict-groups';
import type { VersionVerdict } from './verdicts';

/** Returns "Allowed" or "Blocked". */
export function verdictWord(verdict: Pick<VersionVerdict, 'allowed'>): 'Allowed' | 'Blocked' {
  return verdict.allowed ? 'Allowed' : 'Blocked';
}

/** Returns what changed in the file itself: "2 lines added, 1 removed" or "it answered 503 (was 200)". */
export function describeFileChange(summary: ChangeSummary): string {
  if (summary.from.status !== summary.to.status) {
    return `it answered ${summary.to.status} (was ${summary.from.status})`;
  }
  if (summary.lines !== null) return describeLineCounts(summary.lines.added, summary.lines.removed);
  return 'its content changed';
}

/**
 * Returns a set of crawler tokens in words, as the workbench's summary names a set: "Googlebot",
 * "2 crawlers (Googlebot and Bingbot)", "17 crawlers (all Google search crawlers, Bingbot and 10
 * more)"; a token that is no preset is named by itself, after the presets.
 */
export function nameCrawlerTokens(tokens: readonly string[]): string {
  const presets = tokens.map((t) => findCrawler(t)).filter((c): c is CrawlerPreset => c !== undefined);
  const custom = tokens.filter((t) => findCrawler(t) === undefined);
  if (custom.length === 0) return describeCrawlerSet(presets);
  if (presets.length === 0 && custom.length === 1) return custom[0] as string;
  const named = presets.length === 0 ? [] : [nameCrawlerSetShort(presets)];
  return `${countOf(tokens.length, 'crawler')} (${joinWords([...named, ...custom])})`;
}

/** Returns the presets' short name without its count: "all Google search crawlers and Bingbot". */
function nameCrawlerSetShort(presets: readonly CrawlerPreset[]): string {
  const words = describeCrawlerSet(presets);
  const inner = /^[\d,]+ crawlers \((.*)\)$/.exec(words);
  return inner === null ? words : (inner[1] as string);
}

/**
 * Returns one sentence per group of crawlers whose verdict changed alike (groupVerdictChanges):
 * "Googlebot's verdict for this page went from Allowed to Blocked", "2 crawlers (Googlebot and
 * Bingbot) went from Allowed to Blocked for this page".
 */
export function describeVerdictChanges(summary: ChangeSummary, what = 'this page'): string[] {
  return groupVerdictChanges(summary.verdicts).map((g) => {
    const change = `went from ${verdictWord(g.before)} to ${verdictWord(g.after)}`;
    if (g.tokens.length === 1) {
      const only = summary.verdicts.find((c) => c.token === g.tokens[0]);
      return `${only?.name ?? g.tokens[0]}'s verdict for ${what} ${change}`;
    }
    // Begins with the count, not a capital: callers join these after a semicolon as well as a full stop.
    return `${nameCrawlerTokens(g.tokens)} ${change} for ${what}`;
  });
}
