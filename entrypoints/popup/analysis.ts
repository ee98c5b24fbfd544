/**
 * The popup's use of the robots engine: parse an inspection's body once, then evaluate the page,
 * every preset, a typed path, and build the audit report. Pure functions over plain data.
 */
import type { FetchOutcome } from '../../lib/fetch/types';
import type { Inspection } from '../../lib/messages';
import {
  CRAWLERS,
  encodePathLikeBrowser,
  evaluateForCrawler,
  findCrawler,
  lintRobotsTxt,
  parseRobotsTxt,
  validateUserAgentToken,
  type CrawlerVia,
} from '../../lib/robots';
import type { Diagnostic, RobotsTxt } from '../../lib/robots/types';
import { splitLines } from '../../components/popup/file-rows';
import type {
  CrawlerOption,
  FileMarks,
  FileText,
  GroupSource,
  MatrixRow,
  PageVerdict,
  PathResult,
  TokenCheck,
} from '../../components/popup/model';

/** An inspection with its body parsed and linted: made once per inspection, never per URL. */
export type FileAnalysis =
  | { readonly kind: 'not-applicable'; readonly explanation: string }
  | { readonly kind: 'unavailable'; readonly origin: string; readonly outcome: FetchOutcome & { kind: 'unavailable' } }
  | { readonly kind: 'unreachable'; readonly origin: string; readonly outcome: FetchOutcome & { kind: 'unreachable' } }
  | {
      readonly kind: 'parsed';
      readonly origin: string;
      readonly robots: RobotsTxt;
      readonly text: string;
      readonly truncated: boolean;
      readonly receivedBytes: number;
    };

/** Returns the inspection's file parsed (the one parse per inspection). */
export function analyseInspection(inspection: Inspection): FileAnalysis {
  if (inspection.kind === 'not-applicable') return { kind: 'not-applicable', explanation: inspection.explanation };
  const { record } = inspection;
  const { outcome } = record;
  if (outcome.kind === 'unavailable') return { kind: 'unavailable', origin: record.origin, outcome };
  if (outcome.kind === 'unreachable') return { kind: 'unreachable', origin: record.origin, outcome };
  const { text, truncated, receivedBytes } = outcome.body;
  return { kind: 'parsed', origin: record.origin, robots: parseRobotsTxt(text), text, truncated, receivedBytes };
}

/** Files at least this long paint the verdict before linting and evaluating every crawler. */
const LARGE_FILE_CHARS = 64 * 1024;

/** Returns true when the analysis holds a file large enough to evaluate in two steps. */
export function isLargeFile(analysis: FileAnalysis): boolean {
  return analysis.kind === 'parsed' && analysis.text.length >= LARGE_FILE_CHARS;
}

/**
 * Returns the file's lines with the linter's findings on each (reusing the parsed file), or
 * without any when `lint` is false: the cheap first view of a large file.
 */
export function buildFileText(analysis: FileAnalysis & { kind: 'parsed' }, lint: boolean): FileText {
  const diagnostics = lint ? lintRobotsTxt(analysis.text, analysis.robots) : [];
  const byLine = new Map<number, Diagnostic[]>();
  for (const d of diagnostics) {
    const list = byLine.get(d.line);
    if (list) list.push(d);
    else byLine.set(d.line, [d]);
  }
  const lines = splitLines(analysis.text).map((text, i) => ({ n: i + 1, text, diagnostics: byLine.get(i + 1) ?? [] }));
  return { lines, truncated: analysis.truncated, receivedBytes: analysis.receivedBytes };
}

/** Returns the crawler presets as switcher options. */
export function presetOptions(): CrawlerOption[] {
  return CRAWLERS.map((c) => ({
    token: c.token,
    name: c.name,
    operator: c.operator,
    purpose: c.purpose,
    purposeLabel: c.purposeLabel,
    custom: false,
  }));
}

/** Returns the option for a token: its preset, or a custom entry. */
export function optionForToken(token: string): CrawlerOption {
  const preset = findCrawler(token);
  if (preset) {
    return { token: preset.token, name: preset.name, operator: preset.operator, purpose: preset.purpose, purposeLabel: preset.purposeLabel, custom: false };
  }
  return { token, name: token, operator: 'custom', purpose: 'other', purposeLabel: 'custom token', custom: true };
}

/** Returns whether Google's grammar can match `token`, with the engine's explanation when not. */
export function checkToken(token: string): TokenCheck {
  const result = validateUserAgentToken(token);
  switch (result.kind) {
    case 'valid':
      return result.warning === null ? { kind: 'valid' } : { kind: 'warning', explanation: result.warning };
    case 'unmatchable':
      return { kind: 'unmatchable', explanation: result.explanation };
    case 'empty':
    case 'global':
      return { kind: 'refused', explanation: result.explanation };
  }
}

/** Returns the verdict for `url` and a crawler token, whatever the fetch outcome was. */
export function evaluatePage(analysis: FileAnalysis, url: string, token: string): PageVerdict {
  switch (analysis.kind) {
    case 'not-applicable':
      return { kind: 'not-applicable', explanation: analysis.explanation };
    case 'unavailable':
      return {
        kind: 'no-robots',
        allowed: true,
        explanation:
          analysis.outcome.cause === 'client-error'
            ? `robots.txt answered ${analysis.outcome.status ?? '4xx'}: there are no rules, so everything is allowed.`
            : 'robots.txt redirected more than 5 times: crawlers treat it as missing, so everything is allowed.',
      };
    case 'unreachable':
      return {
        kind: 'unreachable',
        allowed: false,
        explanation: 'robots.txt could not be fetched (429, 5xx, timeout or network error): crawlers treat everything as blocked.',
      };
    case 'parsed': {
      const result = evaluateForCrawler(analysis.robots, url, token);
      return {
        kind: 'rules',
        allowed: result.verdict.allowed,
        verdict: result.verdict,
        source: toGroupSource(result.via, result.token),
        crawlDelaySupport: result.crawlDelaySupport,
      };
    }
  }
}

/** Returns the engine's `via` in the popup's words. */
function toGroupSource(via: CrawlerVia, token: string): GroupSource {
  const tried = (unnamed: readonly string[]) => (unnamed.length > 0 ? unnamed.join(' or ') : token);
  switch (via.kind) {
    case 'own':
      return { kind: 'own', token: via.token };
    case 'fallback':
      return {
        kind: 'fallback',
        token,
        fallbackToken: via.token,
        explanation: `No ${tried(via.unnamed)} group: ${via.token}’s rules apply (${token} falls back to ${via.token}).`,
      };
    case 'global':
      return { kind: 'global', explanation: `No group names ${tried(via.unnamed)}: the * group applies.` };
    case 'ignored-global':
      return {
        kind: 'none',
        explanation: `No group names ${tried(via.unnamed)}, and ${token} ignores the * group: everything is allowed.`,
      };
    case 'none':
      return { kind: 'none', explanation: `No group names ${tried(via.unnamed)} and there is no * group: everything is allowed.` };
  }
}

/** Returns one row per preset for `url`. */
export function evaluateMatrix(analysis: FileAnalysis, url: string): MatrixRow[] {
  if (analysis.kind === 'not-applicable') return [];
  return presetOptions().map((crawler) => {
    const verdict = evaluatePage(analysis, url, crawler.token);
    if (verdict.kind !== 'rules') {
      return { crawler, allowed: verdict.kind === 'no-robots', line: 0, summary: verdict.kind === 'no-robots' ? 'no robots.txt' : 'robots.txt unreachable' };
    }
    const rule = verdict.verdict.rule;
    return {
      crawler,
      allowed: verdict.allowed,
      line: rule?.line ?? 0,
      summary: rule ? rule.text : verdict.verdict.selection.kind === 'none' ? 'no group applies' : 'no matching rule',
    };
  });
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Returns the verdict for a path or URL the user typed, on the page's origin. The input is
 * percent-encoded as a browser would encode it before matching (the matcher never decodes).
 */
export function evaluatePath(analysis: FileAnalysis, input: string, token: string): PathResult {
  const typed = input.trim();
  if (typed.length === 0) return { kind: 'empty' };
  if (analysis.kind === 'not-applicable') return { kind: 'invalid', explanation: analysis.explanation };
  const encoded = encodePathLikeBrowser(typed);
  if (!HAS_SCHEME.test(typed)) {
    return { kind: 'evaluated', path: encoded, verdict: evaluatePage(analysis, analysis.origin + encoded, token) };
  }
  let url: URL;
  try {
    url = new URL(encoded);
  } catch {
    return { kind: 'invalid', explanation: `“${typed}” is not a URL a browser can open.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'invalid', explanation: `robots.txt governs only http: and https: URLs, not ${url.protocol} ones.` };
  }
  if (url.origin !== analysis.origin) return { kind: 'other-origin', origin: url.origin };
  return { kind: 'evaluated', path: url.pathname + url.search, verdict: evaluatePage(analysis, url.href, token) };
}

/** Returns the lines to mark in the file view for a verdict. */
export function fileMarksFor(verdict: PageVerdict): FileMarks {
  if (verdict.kind !== 'rules') return { decidingLine: 0, groupRanges: [] };
  const selection = verdict.verdict.selection;
  return {
    decidingLine: verdict.verdict.rule?.line ?? 0,
    groupRanges: selection.kind === 'none' ? [] : selection.groups.map((g) => [g.firstLine, g.lastLine] as const),
  };
}
