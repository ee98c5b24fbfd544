/**
 * The log audit's report in words, grouped as the workbench writes them (violations, claimed
 * violations, spoofed traffic, what is not covered, what was skipped), and as CSV: the violation
 * groups, and the rows per crawler.
 */
import { findIpList } from '../crawlers/ip-lists';
import type { IpListId } from '../crawlers/types';
import { countOf, formatNumber } from '../shared/plural';
import { CSV_BOM, quoteCsvField } from '../workbench/csv';
import type { SkipReason } from './formats';
import type { CrawlerRow, LogAuditReport, ViolationGroup } from './types';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Returns the UTC day of `at` in words: "3 November 2026". */
function dayWords(at: number): { day: number; month: string; year: number } {
  const d = new Date(at);
  return { day: d.getUTCDate(), month: MONTHS[d.getUTCMonth()] as string, year: d.getUTCFullYear() };
}

/** Returns when something happened in words: "on 3 November 2026", "between 3 and 5 November 2026", … */
export function describeDays(first: number, last: number): string {
  const a = dayWords(first);
  const b = dayWords(last);
  if (a.year !== b.year) return `between ${a.day} ${a.month} ${a.year} and ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `between ${a.day} ${a.month} and ${b.day} ${b.month} ${b.year}`;
  if (a.day !== b.day) return `between ${a.day} and ${b.day} ${b.month} ${b.year}`;
  return `on ${a.day} ${a.month} ${a.year}`;
}

/** "4, 9 and 12". */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function listTitle(id: string): string {
  try {
    return findIpList(id as IpListId).title;
  } catch {
    return `the list ${id}`;
  }
}

function groupSentence(group: ViolationGroup, row: CrawlerRow | undefined): string {
  const urls = countOf(group.count, 'disallowed URL');
  const where =
    group.line === 0
      ? `while version #${group.seq} of robots.txt disallowed everything (${group.rule.replace(/: everything is disallowed$/, '')})`
      : `under line ${group.line} of version #${group.seq} (${group.rule})`;
  const from =
    group.class === 'violation'
      ? `from verified ${row?.operator ?? group.crawler} addresses`
      : group.class === 'claimedViolation'
        ? 'from addresses that could not be checked'
        : `though ${row?.operator ?? 'its operator'} does not say it obeys robots.txt`;
  return `${group.crawler} fetched ${urls} ${where}, ${from}, ${describeDays(group.first, group.last)}.`;
}

const SKIP_WORDS: Readonly<Record<SkipReason, string>> = {
  'too-long': 'longer than 16 KiB',
  unparsed: 'not in the file’s format',
  'bad-time': 'with a time that names no real instant',
  'bad-target': 'with a request target that is not a path or an http(s) URL',
};

/** One group of sentences. */
export interface AuditSentences {
  readonly heading: string;
  readonly sentences: readonly string[];
}

/** Returns the report in words, grouped; a group without sentences is left out. */
export function describeLogAudit(report: LogAuditReport): AuditSentences[] {
  const groups: AuditSentences[] = [];
  const add = (heading: string, sentences: string[]) => {
    if (sentences.length > 0) groups.push({ heading, sentences });
  };
  const read: string[] = [];
  if (report.partial)
    read.push(`The reading was cancelled: this report covers the first ${countOf(report.lines, 'line')} only.`);
  for (const file of report.files) if (file.problem !== null) read.push(`${file.name}: ${file.problem}`);
  for (const file of report.files)
    if (file.badEncoding > 0)
      read.push(
        `${file.name}: ${countOf(file.badEncoding, 'line')} held bytes that are not UTF-8 (read with them replaced).`,
      );
  for (const reason of Object.keys(SKIP_WORDS) as SkipReason[]) {
    const count = report.skipped[reason];
    if (count === 0) continue;
    const places = report.skippedAt[reason].map((p) => `line ${formatNumber(p.line)} of ${p.file}`);
    read.push(`${countOf(count, 'line')} skipped, ${SKIP_WORDS[reason]} (first: ${listWords(places)}).`);
  }
  if (report.otherHost > 0) read.push(`${countOf(report.otherHost, 'request')} for another site, not judged.`);
  add('Reading', read);

  const rows = report.crawlers;
  add(
    'Violations',
    report.violations.map((g) => groupSentence(g, rows[g.crawler])),
  );
  add(
    'Claimed violations and requests nothing was promised for',
    report.otherGroups.map((g) => groupSentence(g, rows[g.crawler])),
  );
  add(
    'Spoofed',
    Object.values(rows)
      .filter((row) => row.spoofed > 0 && row.identity.kind === 'lists')
      .map((row) => {
        const lists = row.identity.kind === 'lists' ? row.identity.lists.map((l) => listTitle(l.id)) : [];
        return `${countOf(row.spoofed, 'request')} claimed ${row.crawler} from addresses outside ${listWords(lists)}.`;
      }),
  );
  const notCovered = Object.values(rows).reduce((n, row) => n + row.notCovered, 0);
  const history = report.history;
  add(
    'Not covered',
    notCovered === 0
      ? []
      : [
          history === null
            ? `${countOf(notCovered, 'request')} could not be judged: no robots.txt version of this site is kept. Watch the site, or add versions by hand (each file and when it went live).`
            : `${countOf(notCovered, 'request')} fall outside the history’s reach (it covers ${describeDays(history.from, history.to).replace(/^(on|between) /, '')}, less each crawler’s cache window at the start). Watch the site, or add versions by hand.`,
        ],
  );
  add(
    'Unverifiable',
    Object.values(rows)
      .filter((row) => row.unverifiable > 0 && row.identity.kind === 'unverifiable')
      .map((row) => `${row.crawler}: ${row.identity.kind === 'unverifiable' ? row.identity.how : ''}`),
  );
  return groups;
}

const csvLine = (fields: readonly (string | number)[]) => fields.map((f) => quoteCsvField(String(f))).join(',');
const isoTime = (at: number | null) => (at === null ? '' : new Date(at).toISOString());

const GROUP_CLASS_WORDS: Readonly<Record<ViolationGroup['class'], string>> = {
  violation: 'violation',
  claimedViolation: 'claimed violation',
  notPromised: 'not promised',
};

/** Returns the violation groups (every class) as CSV: the byte-order mark, a header, one row per group, CRLF line ends. */
export function violationGroupsCsv(report: LogAuditReport): string {
  const lines = [
    CSV_BOM + csvLine(['crawler', 'class', 'version', 'line', 'rule', 'requests', 'first', 'last', 'example targets']),
  ];
  for (const g of [...report.violations, ...report.otherGroups])
    lines.push(
      csvLine([
        g.crawler,
        GROUP_CLASS_WORDS[g.class],
        g.seq,
        g.line,
        g.rule,
        g.count,
        isoTime(g.first),
        isoTime(g.last),
        g.examples.join(' '),
      ]),
    );
  return lines.join('\r\n') + '\r\n';
}

/** Returns the rows per crawler as CSV (the §8 counts, the edge's answers, the identity check). */
export function crawlerRowsCsv(report: LogAuditReport): string {
  const lines = [
    CSV_BOM +
      csvLine([
        'crawler',
        'operator',
        'requests',
        'verified',
        'spoofed',
        'unverifiable',
        'robots.txt fetches',
        'last robots.txt fetch',
        'robots.txt statuses',
        'violation',
        'claimed violation',
        'not promised',
        'allowed',
        'ambiguous',
        'not covered',
        '2xx',
        '3xx',
        '403',
        '429',
        'other 4xx',
        '5xx',
        'other status',
        'identity checked by',
        'cache window (hours)',
      ]),
  ];
  for (const row of Object.values(report.crawlers)) {
    const identity =
      row.identity.kind === 'lists'
        ? row.identity.lists.map((l) => `${l.id}${l.date === null ? '' : ` (${l.date})`}`).join(' ')
        : row.identity.how;
    lines.push(
      csvLine([
        row.crawler,
        row.operator,
        row.requests,
        row.verified,
        row.spoofed,
        row.unverifiable,
        row.robotsFetches,
        isoTime(row.lastRobotsFetch),
        row.robotsStatuses.join(' '),
        row.violation,
        row.claimedViolation,
        row.notPromised,
        row.allowed,
        row.ambiguous,
        row.notCovered,
        row.edge['2xx'],
        row.edge['3xx'],
        row.edge['403'],
        row.edge['429'],
        row.edge.other4xx,
        row.edge['5xx'],
        row.edge.other,
        identity,
        row.windowHours,
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
