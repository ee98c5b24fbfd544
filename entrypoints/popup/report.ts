/**
 * The plain-text report of an inspection, the auditor's artefact for a ticket: URL, crawler,
 * verdict and every condition that changes how to read it, the deciding rule, the group, the rules
 * that lost, Crawl-delay, every crawler's verdict, and the fetch. Plain and stable: the same
 * inspection gives the same text (no relative ages), nothing is said twice.
 */

import {
  CRAWL_DELAY_VERBS,
  describeGroupChoice,
  formatStatus,
  LOSS_REASONS,
  nameDiffersFromToken,
} from '../../components/popup/format';
import type { CrawlerOption, PageVerdict } from '../../components/popup/model';
import type { Inspection } from '../../lib/protocol/messages';
import { describeBodySize, describeRule, verdictLine } from '../../lib/verdict/words';
import { judgePage } from '../../lib/verdict/page-verdict';
import { type PageRobots } from '../../lib/verdict/types';
import type { GroupRef } from '../../lib/robots/types';
import { presetOptions } from './crawler-options';

/** Returns one line per group: its line range and its User-agent lines, each once. */
function formatGroups(groups: readonly GroupRef[]): string[] {
  return groups.map((group) => {
    const agents = [...new Set(group.agents.map((agent) => agent.value))];
    return `Group: lines ${group.firstLine}–${group.lastLine}, ${agents.map((a) => `User-agent: ${a}`).join(', ')}`;
  });
}

/** Returns the verdict's own lines: rule, group, losing rules, Crawl-delay. */
function verdictLines(verdict: PageVerdict, crawler: CrawlerOption): string[] {
  if (verdict.kind !== 'ok') return verdict.kind === 'not-applicable' ? [] : [`Why: ${verdict.explanation}`];
  const lines: string[] = [];
  const { selection, others, crawlDelay } = verdict.verdict;
  // The verdict line already names the deciding rule; say which path it was matched against.
  lines.push(`Path matched: ${verdict.verdict.path}`);
  if (selection.kind === 'none') lines.push('Group: none applies to this crawler');
  else lines.push(...formatGroups(selection.groups));
  const choice = describeGroupChoice(verdict);
  if (choice !== null) lines.push(`Note: ${choice}`);
  if (selection.kind === 'specific' && selection.globalIgnored)
    lines.push('Note: the * group is ignored: a group names this crawler, so only that group counts.');
  if (others.length > 0) {
    lines.push('Rules that also matched, but lost:');
    for (const other of others) {
      const size =
        other.match.matchedPattern === ''
          ? 'empty'
          : `${other.match.matchedPriority} ${other.match.matchedPriority === 1 ? 'byte' : 'bytes'}`;
      lines.push(`- ${describeRule(other.match.rule)} (${size}): ${LOSS_REASONS[other.reason]}`);
    }
  }
  const support = verdict.crawlDelaySupport;
  if (crawlDelay === null) lines.push('Crawl-delay: none in this group');
  else {
    const value = crawlDelay.seconds === null ? `"${crawlDelay.raw}" (not a number)` : `${crawlDelay.seconds} s`;
    lines.push(`Crawl-delay: ${value} (line ${crawlDelay.line}); ${crawler.name} ${CRAWL_DELAY_VERBS[support.kind]}`);
  }
  return lines;
}

/** Returns every preset's verdict, crawlers with the same outcome on one line, in preset order. */
function allCrawlerLines(page: PageRobots, url: string): string[] {
  if (page.kind === 'not-applicable') return [];
  const outcomes = new Map<string, string[]>();
  for (const crawler of presetOptions()) {
    const key = verdictLine(judgePage(page, url, crawler.token));
    outcomes.set(key, [...(outcomes.get(key) ?? []), crawler.name]);
  }
  const total = presetOptions().length;
  return [
    `All crawlers (${total}):`,
    ...[...outcomes].map(([outcome, names]) =>
      names.length === total ? `- all ${total}: ${outcome}` : `- ${outcome}: ${names.join(', ')}`,
    ),
  ];
}

/** Returns the fetch's lines: robots.txt URL, status, size and type, when it was fetched and from where, redirects. */
function fetchLines(inspection: Extract<Inspection, { kind: 'inspected' }>): string[] {
  const { record } = inspection;
  const { outcome } = record;
  const body =
    outcome.kind === 'ok'
      ? `, ${describeBodySize(outcome.body)}${outcome.body.contentType === null ? '' : `, ${outcome.body.contentType}`}`
      : '';
  const source = inspection.source === 'cache' ? 'from the cache' : 'from the network';
  const lines = [
    `robots.txt: ${record.robotsUrl}`,
    `Fetch: ${formatStatus(outcome)}${body}, fetched ${new Date(record.fetchedAt).toISOString()} (${source})`,
  ];
  if (record.hops.length > 0)
    lines.push(`Redirects: ${record.hops.map((h) => `${h.status} ${h.from} → ${h.to}`).join('; ')}`);
  return lines;
}

/** Returns the report as lines of "Label: value" text. */
export function buildReport(
  inspection: Inspection,
  page: PageRobots,
  crawler: CrawlerOption,
  verdict: PageVerdict,
  at: Date,
  /** The page-resources lines (resources-state's reportLines): the summary and each blocked resource. */
  resourceLines: readonly string[] = [],
  /** The Indexability section's lines (indexability-state.ts), when the page was read. */
  indexability: readonly string[] = [],
  /** The Use verdict's lines (usage-state.ts): each purpose's answer and its deciding source. */
  use: readonly string[] = [],
): string {
  const lines = [
    'Robotscope robots.txt report',
    `URL: ${inspection.pageUrl}`,
    `Crawler: ${nameDiffersFromToken(crawler) ? `${crawler.name} (${crawler.token})` : crawler.name}`,
    `Verdict: ${verdictLine(verdict)}`,
  ];
  if (verdict.conditions.length > 0) {
    lines.push('Read this verdict with care:');
    for (const condition of verdict.conditions) lines.push(`- ${condition.text}`);
  }
  lines.push(...verdictLines(verdict, crawler));
  lines.push(...allCrawlerLines(page, inspection.pageUrl));
  if (inspection.kind === 'inspected') lines.push(...fetchLines(inspection));
  else lines.push(`robots.txt: ${inspection.explanation}`);
  lines.push(...indexability);
  lines.push(...use);
  lines.push(...resourceLines);
  lines.push(`Report made: ${at.toISOString()}`);
  return lines.join('\n');
}
