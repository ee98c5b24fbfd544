/**
 * Words and numbers the popup shows: verdict headlines, fetch outcomes, sizes and ages.
 * Pure functions, shared by the components and the plain-text report.
 */
import type { FetchOutcome, FetchRecord } from '../../lib/fetch/types';
import type { AgentLine, GroupRef, MatchedRule } from '../../lib/robots/types';
import type { PageVerdict } from './model';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KIB = 1024;

/** Returns the verdict in words: "Allowed", "Blocked", or why there is no verdict. */
export function formatHeadline(verdict: PageVerdict): string {
  switch (verdict.kind) {
    case 'not-applicable':
      return 'robots.txt does not apply to this page';
    case 'no-robots':
      return 'Allowed: no robots.txt: everything allowed';
    case 'unreachable':
      return 'Blocked: robots.txt unreachable: everything blocked';
    case 'rules':
      return verdict.allowed ? 'Allowed' : 'Blocked';
  }
}

/** Returns "allowed", "blocked" or "none": the colour key of a verdict (always shown with words). */
export function verdictTone(verdict: PageVerdict): 'allowed' | 'blocked' | 'none' {
  if (verdict.kind === 'not-applicable') return 'none';
  return verdict.allowed ? 'allowed' : 'blocked';
}

/** Returns "line 3: Disallow: /private/", the deciding rule as written with its line. */
export function formatRule(rule: MatchedRule): string {
  return `line ${rule.line}: ${rule.text}`;
}

/** Returns the User-agent lines of the groups as written, e.g. "User-agent: Googlebot". */
export function formatAgents(groups: readonly GroupRef[]): string[] {
  return groups.flatMap((g) => g.agents.map((a: AgentLine) => `User-agent: ${a.value}`));
}

/** Returns a size such as "312 B", "4.2 KiB" or "500.0 KiB". */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < KIB * KIB) return `${(bytes / KIB).toFixed(1)} KiB`;
  return `${(bytes / KIB / KIB).toFixed(1)} MiB`;
}

/** Returns a duration such as "just now", "42 s", "5 min", "3 h 10 min" or "2 days". */
export function formatDuration(ms: number): string {
  if (ms < 2 * SECOND) return 'just now';
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < DAY) {
    const h = Math.floor(ms / HOUR);
    const m = Math.round((ms - h * HOUR) / MINUTE);
    return m > 0 ? `${h} h ${m} min` : `${h} h`;
  }
  const d = Math.round(ms / DAY);
  return d === 1 ? '1 day' : `${d} days`;
}

/** Returns the HTTP status or the failure's name, e.g. "HTTP 200", "HTTP 503", "timeout". */
export function formatStatus(outcome: FetchOutcome): string {
  switch (outcome.kind) {
    case 'ok':
      return `HTTP ${outcome.status}`;
    case 'unavailable':
      if (outcome.cause === 'too-many-redirects') return `too many redirects${outcome.status === null ? '' : ` (last HTTP ${outcome.status})`}`;
      if (outcome.cause === 'redirect-loop') return 'redirect loop';
      return outcome.status === null ? 'unavailable' : `HTTP ${outcome.status}`;
    case 'unreachable':
      if (outcome.cause === 'timeout') return `timeout (${outcome.detail})`;
      if (outcome.cause === 'network-error') return `network error: ${outcome.detail}`;
      return outcome.status === null ? outcome.cause : `HTTP ${outcome.status}`;
  }
}

/** Returns what crawlers do with this outcome, in one or two sentences (SEMANTICS.md §7). */
export function explainOutcome(outcome: FetchOutcome): string {
  switch (outcome.kind) {
    case 'ok':
      return 'The rules in this file apply to every URL on this origin.';
    case 'unavailable':
      if (outcome.cause === 'client-error') {
        return 'A 4xx answer (other than 429) means there is no robots.txt: crawlers may fetch everything.';
      }
      return 'More than 5 redirects: crawlers treat the file as unavailable, so everything is allowed.';
    case 'unreachable':
      return (
        'The server could not give an answer (429, 5xx, timeout or network failure), so crawlers must assume everything is blocked. ' +
        'Google stops crawling the site for 12 hours, then uses its last good copy for up to 30 days; after that it crawls as if there were no robots.txt, if the site is otherwise reachable.'
      );
  }
}

/** Returns the warnings about a fetched body: HTML instead of text, BOM, not UTF-8, cut at 500 KiB. */
export function bodyWarnings(record: FetchRecord): string[] {
  if (record.outcome.kind !== 'ok') return [];
  const body = record.outcome.body;
  const warnings: string[] = [];
  if (body.looksLikeHtml) {
    warnings.push('This is an HTML page, not a robots.txt (a soft 404 or an app shell): nothing in it parses, so everything is allowed.');
  }
  if (body.hasBom) warnings.push('The file starts with a byte order mark (BOM); Google skips it, other parsers may not.');
  if (!body.validUtf8) warnings.push('The file is not valid UTF-8: invalid bytes were replaced, and rules with them may not match.');
  if (body.truncated) {
    warnings.push(`The file is ${formatBytes(body.receivedBytes)}: Google reads only the first 500 KiB and ignores the rest.`);
  }
  return warnings;
}

/** Returns true for an absolute http: or https: URL, the only kind the popup makes a link of. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
