/**
 * Surface impact (docs/semantics/usage.md §6): which control governs which product, as the operators of the
 * crawler catalogue list it (lib/crawlers/operators.ts, rows keyed by the fetcher tokens involved),
 * and the seven explanations the UI shows when their condition holds (the records name which one
 * their behaviour calls for). Robotscope explains settings it cannot read; it never claims to know
 * their state.
 */
import { OPERATOR_FACTS, OPERATOR_FACTS_AS_OF, type OperatorName } from '../crawlers/operators';
import type { ExplanationId } from '../crawlers/types';
import { toAsciiLower } from '../shared/ascii';
import type { CrawlerUsage } from './crawler-usage';
import type { SurfaceFacts } from '../crawlers/types';
import type { SurfaceLine, UsagePurpose } from './types';

/** One row of the §6 table: an operator's surface facts, its tokens lower-cased. */
export type SurfaceRow = SurfaceFacts;

export const SURFACE_AS_OF = OPERATOR_FACTS_AS_OF;

/** Every operator's surfaces (lib/crawlers/operators.ts), operator by operator, tokens lower-cased. */
export const SURFACE_ROWS: readonly SurfaceRow[] = (Object.keys(OPERATOR_FACTS) as OperatorName[]).flatMap((operator) =>
  OPERATOR_FACTS[operator].surfaces.map((row) => ({ ...row, tokens: row.tokens.map(toAsciiLower) })),
);

/** The explanations of §6 (our wording), by number. `<date>` is replaced with the consumer data's date. */
export const EXPLANATIONS: Readonly<Record<ExplanationId, string>> = {
  1: "Blocking GPTBot stops OpenAI's training crawler. ChatGPT search uses OAI-SearchBot, which may still crawl this page.",
  2: 'Gemini training and grounding are off for this page. Google Search and AI Overviews are not affected; for those, use nosnippet or the Search Console setting.',
  3: "Apple's model training is off. Siri, Spotlight and Safari still use Applebot.",
  4: 'Bing reads these together as nocache: Copilot may still use the URL, title and snippet.',
  5: 'Google states it does not use these lines (as of <date>).',
  6: 'Future Common Crawl snapshots skip this site; copies in past snapshots remain.',
  7: 'The operator says robots.txt may not apply to this fetcher.',
};

/** Returns explanation `n` as a surface line, with `date` filled in. */
export function explanationLine(n: ExplanationId, date: string): SurfaceLine {
  return { kind: 'explanation', id: `explanation-${n}`, text: EXPLANATIONS[n].replace('<date>', date) };
}

/** Returns the explanation `operator`'s statements call for when usage lines reach its crawlers, or null. */
export function unusedLinesExplanation(operator: string | null): ExplanationId | null {
  return operator !== null && Object.hasOwn(OPERATOR_FACTS, operator)
    ? OPERATOR_FACTS[operator as OperatorName].explainsUnusedLines
    : null;
}

/** A cell the table leaves empty (—) or unknown (?) says nothing, so it is left out of the sentence. */
const said = (cell: string) => cell !== '—' && cell !== '?';

/** Returns a §6 row in one sentence, naming only the cells that say something. */
function describeRow(row: SurfaceRow): string {
  const parts = [
    ['robots.txt control', row.robotsControl],
    ['page control', row.pageControl],
    ['not controlled by', row.doesNotControl],
    ['Robotscope cannot read', row.cannotRead],
  ]
    .filter(([, cell]) => said(cell as string))
    .map(([lead, cell]) => `${lead} ${cell}`);
  return `${row.surface}: ${parts.length === 0 ? 'no control is documented' : parts.join('; ')}.`;
}

/** Returns the §6 rows that involve the crawler (or its fetcher) for `purpose`, in words. */
export function surfaceLines(usage: CrawlerUsage, purpose: UsagePurpose): readonly SurfaceLine[] {
  let byPurpose = linesByCrawler.get(usage);
  if (byPurpose === undefined) {
    byPurpose = new Map();
    linesByCrawler.set(usage, byPurpose);
  }
  let lines = byPurpose.get(purpose);
  if (lines === undefined) {
    const tokens = new Set([toAsciiLower(usage.token)]);
    if (usage.fetchedBy !== null) tokens.add(toAsciiLower(usage.fetchedBy));
    lines = SURFACE_ROWS.filter((row) => row.purposes.includes(purpose) && row.tokens.some((t) => tokens.has(t))).map(
      (row) => ({ kind: 'row', id: row.id, text: describeRow(row) }),
    );
    byPurpose.set(purpose, lines);
  }
  return lines;
}

/** The lines of each crawler row (findCrawlerUsage keeps one value per token) and purpose. */
const linesByCrawler = new WeakMap<CrawlerUsage, Map<UsagePurpose, readonly SurfaceLine[]>>();
