/**
 * The plain-text report of an inspection, for an audit ticket: URL, crawler, verdict, rule,
 * group, fetch status.
 */

import { formatBytes, formatDuration } from '../../components/format';
import {
  describeGroupChoice,
  describeVerdict,
  formatAgents,
  formatRule,
  formatStatus,
} from '../../components/popup/format';
import type { CrawlerOption, PageVerdict } from '../../components/popup/model';
import type { Inspection } from '../../lib/messages';

/** Returns the report as lines of "Label: value" text. */
export function buildReport(
  inspection: Inspection,
  crawler: CrawlerOption,
  verdict: PageVerdict,
  at: Date,
  /** The Indexability section's lines (indexability-state.ts), when the page was read. */
  indexability: readonly string[] = [],
): string {
  const lines = [
    'Robotscope robots.txt report',
    `URL: ${inspection.pageUrl}`,
    `Crawler: ${crawler.name === crawler.token ? crawler.token : `${crawler.name} (${crawler.token})`}`,
  ];
  const { word, detail } = describeVerdict(verdict);
  switch (verdict.kind) {
    case 'not-applicable':
    case 'no-robots':
    case 'unreachable':
      lines.push(`Verdict: ${word} (${detail})`, `Why: ${verdict.explanation}`);
      break;
    case 'rules': {
      const { rule, selection } = verdict.verdict;
      const choice = describeGroupChoice(verdict);
      lines.push(`Verdict: ${word}`);
      lines.push(`Rule: ${rule ? formatRule(rule) : 'none matched (line 0)'}`);
      if (selection.kind === 'none') lines.push('Group: none applies');
      else {
        const range = selection.groups.map((g) => `${g.firstLine}–${g.lastLine}`).join(', ');
        const ignored = selection.kind === 'specific' && selection.globalIgnored ? '; the * group is ignored' : '';
        lines.push(`Group: ${formatAgents(selection.groups).join(', ')} (lines ${range}${ignored})`);
      }
      if (choice !== null) lines.push(`Note: ${choice}`);
      break;
    }
  }
  if (inspection.kind === 'inspected') {
    const { record } = inspection;
    const size = record.outcome.kind === 'ok' ? `, ${formatBytes(record.outcome.body.receivedBytes)}` : '';
    lines.push(`robots.txt: ${record.robotsUrl}`);
    lines.push(
      `Fetch: ${formatStatus(record.outcome)}${size}, fetched ${new Date(record.fetchedAt).toISOString()} (${formatDuration(inspection.ageMs)} old when inspected)`,
    );
    if (record.hops.length > 0)
      lines.push(`Redirects: ${record.hops.map((h) => `${h.status} ${h.from} → ${h.to}`).join('; ')}`);
  }
  lines.push(...indexability);
  lines.push(`Report made: ${at.toISOString()}`);
  return lines.join('\n');
}
