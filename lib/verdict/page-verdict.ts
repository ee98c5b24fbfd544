/**
 * A page's verdict for one crawler from its robots.txt fetch (docs/semantics/robots.md §7, lib/crawlers/records.ts), and every
 * condition that changes how to read it (an HTML body, text/html, UTF-16, the 500 KiB cut, …),
 * computed here once so the badge title, the verdict card and the report say the same words.
 *
 * One vocabulary end to end: the fetch outcome's kinds (`ok | unavailable | unreachable`, plus
 * `not-applicable` for a page robots.txt does not govern) are the kinds of PageRobots and of
 * PageVerdict too.
 */
import { isHtmlContentType } from '../fetch/body';
import { toAsciiLower } from '../shared/ascii';
import { ALL_ALLOWED } from '../fetch/describe';
import type { FetchedBody, FetchRecord } from '../fetch/types';
import {
  type PageRobots,
  type PageReading,
  type PageVerdict,
  type ReadingCondition,
  type RecordReading,
  STALE_AFTER_MS,
} from './types';
import { describeGoogleOutage, formatOutageTime, readGoogleOutage } from './outage';
import { describeCutSize, describeRule } from './words';
import {
  type CompiledRobots,
  compileRobots,
  type CrawlerVerdict,
  evaluateForCrawler,
  findCrawler,
  parseRobotsTxtByteString,
  type RobotsTxt,
  validateUserAgentToken,
} from '../robots';

function describeAge(ms: number): string {
  const hours = Math.floor(ms / (60 * 60 * 1000));
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const ENCODING_NAMES = {
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'utf-32le': 'UTF-32 (little-endian)',
  'utf-32be': 'UTF-32 (big-endian)',
} as const;

function countRules(robots: RobotsTxt): number {
  return robots.groups.reduce((sum, group) => sum + group.rules.length, 0);
}

/** Returns the conditions of a 2xx body that hold whatever the crawler. */
function bodyConditions(body: FetchedBody, robots: RobotsTxt): ReadingCondition[] {
  const conditions: ReadingCondition[] = [];
  const rules = countRules(robots);
  if (body.encoding !== 'utf-8' && body.encoding !== 'not-utf-8') {
    const how = body.encodingEvidence === 'bom' ? 'by its byte order mark' : 'by the NUL bytes between its characters';
    conditions.push({
      kind: 'wide-encoding',
      text:
        `robots.txt is ${ENCODING_NAMES[body.encoding]} (${how}): crawlers read it as bytes, and the NUL byte in each ` +
        `character ends the line for them, so ${rules === 0 ? 'no line parses as a rule: no rule applies' : `only ${rules} ${rules === 1 ? 'line parses' : 'lines parse'} as rules`}.`,
    });
  } else if (body.encoding === 'not-utf-8') {
    conditions.push({
      kind: 'not-utf-8',
      text:
        'robots.txt is not UTF-8 (perhaps Latin-1): crawlers match its bytes as written, so a byte such as E9 ' +
        'matches %E9 in a URL, not the UTF-8 é (%C3%A9). Such bytes show as \uFFFD here.',
    });
  }
  if (body.looksLikeHtml) {
    conditions.push({
      kind: 'html-body',
      text:
        rules === 0
          ? 'robots.txt is an HTML page, not a robots.txt (a "soft 404" or an app shell): nothing in it parses as a rule, so no rule applies.'
          : `robots.txt looks like an HTML page, not a robots.txt: crawlers read it line by line anyway, and the ${rules} ${rules === 1 ? 'line that parses' : 'lines that parse'} as rules count.`,
    });
  }
  if (isHtmlContentType(body.contentType)) {
    const mediaType = body.contentType?.split(';')[0]?.trim().toLowerCase() ?? 'text/html';
    conditions.push({
      kind: 'served-as-html',
      text: `robots.txt is served as ${mediaType} (Content-Type: ${body.contentType ?? mediaType}); crawlers read it as plain text whatever its type, so whatever parses decides.`,
    });
  }
  if (body.truncated) {
    conditions.push({
      kind: 'cut',
      text: `robots.txt is ${describeCutSize(body)}, cut at 500 KiB: Google reads only the first 512,000 bytes and ignores the rest.`,
    });
  }
  const wide = body.encoding !== 'utf-8' && body.encoding !== 'not-utf-8';
  if (rules === 0 && !body.looksLikeHtml && !wide) {
    conditions.push({
      kind: 'no-rules',
      text: /^[\s\uFEFF]*$/.test(body.bytes)
        ? `robots.txt is empty: no rule applies, ${ALL_ALLOWED}.`
        : `No line of robots.txt parses as an Allow or Disallow rule: no rule applies, ${ALL_ALLOWED}.`,
    });
  }
  return conditions;
}

/**
 * Returns the conditions of the fetch itself: Google's step while robots.txt is unreachable, a
 * redirect to another origin, an old cached copy.
 */
function recordConditions(record: FetchRecord, source: 'cache' | 'network', ageMs: number): ReadingCondition[] {
  const conditions: ReadingCondition[] = [];
  if (record.outcome.kind === 'unreachable') {
    // The outage is counted from this fetch: an earlier failure is the history's to tell.
    const outage = readGoogleOutage(record.fetchedAt, record.fetchedAt + ageMs);
    conditions.push({
      kind: 'outage',
      outageStep: outage.kind,
      text: describeGoogleOutage(outage, { formatTime: formatOutageTime, since: 'this fetch', lastGood: null }),
    });
  }
  if (record.hops.some((hop) => hop.crossOrigin)) {
    conditions.push({
      kind: 'cross-origin-redirect',
      text: `robots.txt redirected to another host (${record.finalUrl}): its rules apply to ${record.origin}.`,
    });
  }
  if (source === 'cache' && ageMs >= STALE_AFTER_MS) {
    conditions.push({
      kind: 'stale-cache',
      text: `This copy of robots.txt was fetched ${describeAge(ageMs)} ago and served from the cache: the site may have changed it since (Fetch robots.txt again gets the current one).`,
    });
  }
  return conditions;
}

/** Returns the parse of a body from its bytes, as crawlers read it (docs/semantics/robots.md §5b). */
export function parseBody(body: FetchedBody): RobotsTxt {
  return parseRobotsTxtByteString(body.bytes);
}

/** Returns the body's parse compiled for evaluation (parseBody, then compileRobots). */
export function compileBody(body: FetchedBody): CompiledRobots {
  return compileRobots(parseBody(body));
}

/**
 * Returns what governs the inspected page, explained in the inspection's words (its description's
 * summary and effect), with the conditions that hold for every crawler. `parse` turns a 2xx body
 * into compiled rules (default compileBody, from its bytes); a caller that sees the same file again passes a
 * memoised one.
 */
export function readPageRobots(
  inspection: PageReading,
  parse: (body: FetchedBody, origin: string) => CompiledRobots = compileBody,
): PageRobots {
  if (inspection.kind === 'not-applicable') return { kind: 'not-applicable', explanation: inspection.explanation };
  return readRecordRobots(inspection, parse);
}

/**
 * Returns what a fetch record says for the pages of its origin (readPageRobots without a page:
 * another origin's robots.txt, a page resource's).
 */
export function readRecordRobots(
  reading: RecordReading,
  parse: (body: FetchedBody, origin: string) => CompiledRobots = compileBody,
): Exclude<PageRobots, { kind: 'not-applicable' }> {
  const { record } = reading;
  const { origin, outcome } = record;
  const explanation = `${reading.description.summary} ${reading.description.effect}`;
  const fetchConditions = recordConditions(record, reading.source, reading.ageMs);
  switch (outcome.kind) {
    case 'unavailable':
      return { kind: 'unavailable', origin, outcome, explanation, conditions: fetchConditions };
    case 'unreachable':
      return { kind: 'unreachable', origin, outcome, explanation, conditions: fetchConditions };
    case 'ok': {
      const compiled = parse(outcome.body, origin);
      const { robots } = compiled;
      return {
        kind: 'ok',
        origin,
        body: outcome.body,
        robots,
        compiled,
        conditions: [...bodyConditions(outcome.body, robots), ...fetchConditions],
      };
    }
  }
}

/** Returns the cut's condition with whether it reached the deciding rule or the group that applies. */
function cutCondition(
  base: ReadingCondition,
  page: Extract<PageRobots, { kind: 'ok' }>,
  result: CrawlerVerdict,
): ReadingCondition {
  const lastLine = page.robots.lineCount;
  const { rule, selection } = result.verdict;
  if (rule !== null && rule.rule.line === lastLine) {
    return {
      kind: 'cut',
      cutReaches: 'rule',
      text: `${base.text} The deciding rule, ${describeRule(rule.rule)}, is the last line read: the cut may have shortened it, so it may not be the rule the site wrote.`,
    };
  }
  const group = selection.kind === 'none' ? undefined : selection.groups.find((g) => g.lastLine === lastLine);
  if (group !== undefined) {
    return {
      kind: 'cut',
      cutReaches: 'group',
      text: `${base.text} The cut falls inside the group that applies (lines ${group.firstLine}–${group.lastLine}): its rules after the cut are not read.`,
    };
  }
  return { kind: 'cut', cutReaches: 'neither', text: `${base.text}${cutBeforeWords(page, result)}` };
}

/**
 * Returns what a cut that reached neither the deciding rule nor the group means for this verdict:
 * nothing more for a file with no group, else whichever of the rule and the group exist, read
 * before the cut.
 */
function cutBeforeWords(page: Extract<PageRobots, { kind: 'ok' }>, result: CrawlerVerdict): string {
  const { rule, selection } = result.verdict;
  if (page.robots.groups.length === 0) return '';
  if (selection.kind === 'none')
    return ' No group read before the cut applies to this crawler; a group after the cut is not read, so it does not count.';
  if (rule === null)
    return ' The group that applies lies before the cut and no rule of it matches this URL; rules after the cut are not read.';
  return ' The deciding rule and the group that applies lie before the cut.';
}

/** Returns the unmatchable-token condition for a custom token Google's grammar cannot match, else null. */
function tokenCondition(page: PageRobots, crawler: string, result: CrawlerVerdict | null): ReadingCondition | null {
  if (findCrawler(crawler) !== undefined) return null;
  const check = validateUserAgentToken(crawler);
  if (check.kind !== 'unmatchable') return null;
  const lower = toAsciiLower(crawler);
  const line =
    page.kind === 'ok'
      ? page.robots.groups.flatMap((g) => g.agents).find((agent) => toAsciiLower(agent.value).startsWith(lower))
      : undefined;
  const readAs = check.readAs.length > 0 ? `\`${check.readAs}\`` : 'an empty name';
  const fileLine =
    line === undefined
      ? `a line \`User-agent: ${crawler}\` would be read as ${readAs}`
      : `line ${line.line} \`User-agent: ${line.value}\` is read as \`${line.token}\``;
  const outcome =
    result === null
      ? ''
      : result.verdict.selection.kind === 'global'
        ? ' The * group decides for it.'
        : result.verdict.selection.kind === 'none'
          ? ' No group applies to it.'
          : '';
  return {
    kind: 'unmatchable-token',
    text: `${crawler} cannot be matched: Google keeps only the leading letters, _ and - of a User-agent name, so ${fileLine}, and ${crawler} is compared whole: no group can ever name it.${outcome}`,
  };
}

/**
 * Returns the verdict for `url` and `crawler` (a preset's token or a custom token): allowed when
 * robots.txt is unavailable, blocked when it is unreachable, else evaluateForCrawler's verdict (the
 * preset's fallback tokens and `*` handling applied); with every condition that changes how to read it.
 */
export function judgePage(page: PageRobots, url: string, crawler: string): PageVerdict {
  switch (page.kind) {
    case 'not-applicable':
      return { ...page, conditions: [] };
    case 'unavailable': {
      const token = tokenCondition(page, crawler, null);
      return {
        kind: 'unavailable',
        allowed: true,
        outcome: page.outcome,
        explanation: page.explanation,
        conditions: token === null ? page.conditions : [...page.conditions, token],
      };
    }
    case 'unreachable': {
      const token = tokenCondition(page, crawler, null);
      return {
        kind: 'unreachable',
        allowed: false,
        outcome: page.outcome,
        explanation: page.explanation,
        conditions: token === null ? page.conditions : [...page.conditions, token],
      };
    }
    case 'ok': {
      const result = evaluateForCrawler(page.compiled, url, crawler);
      const conditions = page.conditions.map((c) => (c.kind === 'cut' ? cutCondition(c, page, result) : c));
      const token = tokenCondition(page, crawler, result);
      if (token !== null) conditions.push(token);
      return { kind: 'ok', allowed: result.verdict.allowed, conditions, ...result };
    }
  }
}
