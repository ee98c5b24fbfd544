/**
 * The popup's use of the robots engine: parse an inspection's body once (lib/verdict/page-verdict), then
 * judge the page, every preset and a typed path, and lay out the file. Pure functions over plain data.
 */

import type { FileMarks, FileText, MatrixRow, PathResult } from '../../components/popup/model';
import { bodyText, splitBodyLines } from '../../lib/fetch/body';
import { describeCutSize, describePageVerdict } from '../../lib/verdict/words';
import { judgePage } from '../../lib/verdict/page-verdict';
import { type PageRobots, type PageVerdict } from '../../lib/verdict/types';
import { type Diagnostic, encodePathLikeBrowser } from '../../lib/robots';
import { presetOptions } from './crawler-options';
import { ruleText } from '../../lib/robots/rule-text';
import { CONTROL_TOKENS } from '../../lib/usage/crawler-usage';
import type { UsageLineMeaning } from '../../lib/directives/usage-lines';
import { CRAWLER_PARSERS, describeCrawlerParser } from '../../lib/lens/crawler-parsers';

/** Tokens that fetch nothing themselves (docs/semantics/usage.md §3.8): their rows get no render-resource counts. */
const TOKEN_ONLY: ReadonlySet<string> = new Set(CONTROL_TOKENS.map((t) => t.token));

/**
 * Returns the file's lines, each with the linter's findings on it (`diagnostics`, from the worker)
 * and, for a usage line, what it means (`usageLines`, also from the worker).
 */
export function buildFileText(
  analysis: PageRobots & { kind: 'ok' },
  diagnostics: readonly Diagnostic[],
  usageLines: readonly UsageLineMeaning[] = [],
): FileText {
  const { truncated } = analysis.body;
  const byLine = new Map<number, Diagnostic[]>();
  for (const d of diagnostics) {
    const list = byLine.get(d.line);
    if (list) list.push(d);
    else byLine.set(d.line, [d]);
  }
  const meanings = new Map(usageLines.map((u) => [u.line, u.meaning]));
  const lines = splitBodyLines(bodyText(analysis.body)).map((line, i) => ({
    n: i + 1,
    text: line,
    diagnostics: byLine.get(i + 1) ?? [],
    meaning: meanings.get(i + 1) ?? null,
  }));
  return { lines, truncated, size: describeCutSize(analysis.body) };
}

/** Returns one row per preset for `url`. */
export function evaluateMatrix(analysis: PageRobots, url: string): MatrixRow[] {
  if (analysis.kind === 'not-applicable') return [];
  return presetOptions().map((crawler) => {
    const verdict = judgePage(analysis, url, crawler.token);
    const rule = verdict.kind === 'ok' ? verdict.verdict.rule : null;
    const allowed = verdict.kind !== 'not-applicable' && verdict.allowed;
    const parser = CRAWLER_PARSERS.find((p) => p.token === crawler.token);
    return {
      crawler,
      allowed,
      ...(parser === undefined ? {} : { parser: { profile: parser.profile, text: describeCrawlerParser(parser) } }),
      ...(TOKEN_ONLY.has(crawler.token) ? { tokenOnly: true } : {}),
      line: rule?.rule.line ?? 0,
      summary: rule ? ruleText(rule.rule) : describePageVerdict(verdict).detail,
    };
  });
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Returns the verdict for a path or URL the user typed, on the page's origin. The input is
 * percent-encoded as a browser would encode it before matching (the matcher never decodes).
 */
export function evaluatePath(analysis: PageRobots, input: string, token: string): PathResult {
  const typed = input.trim();
  if (typed.length === 0) return { kind: 'empty' };
  if (analysis.kind === 'not-applicable') return { kind: 'invalid', explanation: analysis.explanation };
  const encoded = encodePathLikeBrowser(typed);
  if (!HAS_SCHEME.test(typed)) {
    return { kind: 'evaluated', path: encoded, verdict: judgePage(analysis, analysis.origin + encoded, token) };
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
  return { kind: 'evaluated', path: url.pathname + url.search, verdict: judgePage(analysis, url.href, token) };
}

/** Returns the lines to mark in the file view for a verdict. */
export function fileMarksFor(verdict: PageVerdict): FileMarks {
  if (verdict.kind !== 'ok') return { decidingLine: 0, groupRanges: [] };
  const selection = verdict.verdict.selection;
  return {
    decidingLine: verdict.verdict.rule?.rule.line ?? 0,
    groupRanges: selection.kind === 'none' ? [] : selection.groups.map((g) => [g.firstLine, g.lastLine] as const),
  };
}
