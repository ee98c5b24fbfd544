/**
 * The popup's Use verdict (docs/semantics/usage.md §1, §4, §8): lib/usage over the inspection's robots.txt and
 * the page's headers and meta tags, for the selected crawler and every preset, turned into the
 * view data the first screen, the matrix and the report show. Loaded by a dynamic import once the
 * first verdict has painted (./usage-state.ts), so none of it is on the first verdict's path.
 */
import type {
  UseAnswerKind,
  UseAnswerView,
  UsePurpose,
  UsePageFinding,
  UseSourceView,
  UseView,
} from '../../components/popup/model';
import { type PageUsageReply, tdmrepInput } from '../../lib/usage/tdmrep-fetch';
import { bodyText } from '../../lib/fetch/body';
import {
  type AnswerSide,
  CONSUMERS,
  CONTROL_TOKENS,
  findCrawlerUsage,
  type ConsumerStatus,
  type CrawlerUsageAnswers,
  describeCaveat,
  type HeaderPair,
  type MetaTag,
  preparePageUsage,
  prepareRobotsUsage,
  purposeLabel,
  resolveUsageForCrawler,
  robotsLineOf,
  separateAnswers,
  type SignalId,
  type SurfaceLine,
  type UncountedSignal,
  type UsageAnswer,
  type UsageAnswerKind,
  type UsageSource,
  type UsageStatement,
  YES_NO_PURPOSES,
} from '../../lib/usage';
import type { PageRobots } from '../../lib/verdict/types';
import type { Inspection } from '../../lib/protocol/messages';
import { errorWords } from '../../lib/shared/error-words';

/** What the page says about itself, as the Indexability state read it. */
export interface UsagePageInput {
  /** `[name, value]` in received order; null when the headers were not observed. */
  readonly headers: readonly HeaderPair[] | null;
  readonly meta: readonly MetaTag[];
  readonly metaSource: 'served-html' | 'rendered-dom';
}

/** The worker's answer about the page's own signals (tdmrep.json, findings), or `pending`, or a failure in words. */
export type PageUsageState = 'pending' | PageUsageReply | { readonly failed: string };

/** The Use verdict of one page, prepared once; every crawler is answered from it. */
export interface UsageReader {
  /** Returns the crawler's answers for every purpose (remembered per token). */
  answersFor(token: string): CrawlerUsageAnswers;
  /** What the page's own signals say about themselves, the same for every crawler. */
  readonly page: UsePageNotes;
}

/** The page-level notes of the Use details: the tdmrep.json sentence and the page's usage findings. */
export interface UsePageNotes {
  readonly tdmrep: string;
  readonly findings: readonly UsePageFinding[];
}

/**
 * Returns the asker of the worker's page usage answers: `of` gives the answer known so far for an
 * inspection and page reading (`pending` at first), asking once per pair; `arrived` is called when
 * an answer comes, so the caller recomputes. A new inspection of the same page (Refetch now) skips
 * the worker's cache of tdmrep.json too.
 */
export function createPageUsageAsker(
  fetch: (pageUrl: string, page: UsagePageInput, refresh: boolean) => Promise<PageUsageReply>,
  arrived: () => void,
): { of(inspection: Inspection, page: UsagePageInput): PageUsageState } {
  let asked: { inspection: Inspection; page: UsagePageInput; value: PageUsageState } | null = null;
  return {
    of(inspection, page) {
      if (asked?.inspection === inspection && asked.page === page) return asked.value;
      const refresh =
        asked !== null && asked.inspection !== inspection && asked.inspection.pageUrl === inspection.pageUrl;
      const entry: NonNullable<typeof asked> = { inspection, page, value: 'pending' };
      asked = entry;
      fetch(inspection.pageUrl, page, refresh)
        .then(
          (value) => (entry.value = value),
          (error: unknown) => (entry.value = { failed: errorWords(error) }),
        )
        .finally(() => {
          if (asked === entry) arrived();
        });
      return 'pending';
    },
  };
}

/** Returns the page notes of the worker's answer. */
function pageNotes(usage: PageUsageState): UsePageNotes {
  if (usage === 'pending') return { tdmrep: 'Checking /.well-known/tdmrep.json…', findings: [] };
  if ('failed' in usage) return { tdmrep: `Could not check /.well-known/tdmrep.json: ${usage.failed}`, findings: [] };
  return { tdmrep: usage.tdmrepWords, findings: usage.findings };
}

const SHORT_LABELS: Readonly<Record<UsePurpose, string>> = {
  search: 'Search',
  'ai-input': 'AI input',
  'ai-train': 'AI training',
};
/** The usage signals in words (docs/semantics/usage.md §2). */
const SIGNAL_WORDS: Readonly<Record<SignalId, string>> = {
  'content-usage-robots': 'Content-Usage in robots.txt',
  'content-usage-header': 'the Content-Usage header',
  'content-signal': 'Content-Signal',
  'content-signal-use': 'Content-Signal use=',
  'training-policy': 'the training-policy token',
  'control-token': 'its control token',
  'robots-noindex': 'noindex',
  'snippet-controls': 'the snippet controls (nosnippet, max-snippet)',
  'archive-controls': 'the archive controls (noarchive, nocache)',
  noai: 'noai',
  tdmrep: 'TDMRep',
};
/** The signal of a robots.txt line, named after its line number: "robots.txt line 14 (Content-Signal)". */
const ROBOTS_SIGNAL_NAMES: Readonly<Partial<Record<SignalId, string>>> = {
  'content-usage-robots': 'Content-Usage',
  'content-signal': 'Content-Signal',
  'content-signal-use': 'Content-Signal',
  'training-policy': 'training-policy token',
};
/** Why an operator does not count a signal, in words after "it" (§5); honoured and partial signals count. */
const UNCOUNTED_WORDS: Readonly<Record<ConsumerStatus, string>> = {
  honoured: 'reads',
  partial: 'reads in part',
  announced: 'has announced, not yet begun, reading',
  'not-honoured': 'does not use',
  unknown: 'has published nothing on',
};

/** Returns the robots.txt status lib/usage reads (§8 `robotsStatus`): 429/5xx or a network error is unreachable. */
function robotsStatusOf(analysis: PageRobots): number | 'network-error' | null {
  switch (analysis.kind) {
    case 'ok':
      return 200;
    case 'unavailable':
      return analysis.outcome.status;
    case 'unreachable': {
      const status = analysis.outcome.status;
      return status !== null && (status === 429 || status >= 500) ? status : 'network-error';
    }
    case 'not-applicable':
      return null;
  }
}

/** Returns the reader of a page's Use verdict: robots.txt's usage lines and the page's inputs, each read once. */
export function createUsageReader(
  analysis: Exclude<PageRobots, { kind: 'not-applicable' }>,
  pageUrl: string,
  page: UsagePageInput,
  now: number,
  usage: PageUsageState = 'pending',
): UsageReader {
  const tdmrep = usage === 'pending' || 'failed' in usage ? null : usage.tdmrep;
  const tdmrepBody = tdmrep === null ? null : tdmrepInput(tdmrep.fetch);
  const robots = prepareRobotsUsage(
    analysis.kind === 'ok'
      ? { body: bodyText(analysis.body), status: 200, robots: analysis.robots, compiled: analysis.compiled }
      : { body: null, status: robotsStatusOf(analysis) },
  );
  const prepared = preparePageUsage({
    url: pageUrl,
    headers: page.headers,
    meta: page.meta,
    metaSource: page.metaSource,
    now,
    tdmrep: tdmrepBody,
  });
  const memo = new Map<string, CrawlerUsageAnswers>();
  return {
    page: pageNotes(usage),
    answersFor(token) {
      let answers = memo.get(token);
      if (answers === undefined) {
        answers = resolveUsageForCrawler(robots, prepared, token);
        memo.set(token, answers);
      }
      return answers;
    },
  };
}

/** Returns a source in the first screen's words: "robots.txt line 14 (Content-Signal, Cloudflare managed block)". */
export function describeDecidingSource(source: UsageSource, statement: UsageStatement | null = null): string {
  switch (source.source) {
    case 'robots': {
      if (source.line === 0) return 'robots.txt';
      const signal = statement === null ? undefined : (statement.token ?? ROBOTS_SIGNAL_NAMES[statement.signalId]);
      const about = [signal, source.managed === true ? 'Cloudflare managed block' : undefined].filter(
        (x): x is string => x !== undefined,
      );
      return `robots.txt line ${source.line}${about.length > 0 ? ` (${about.join(', ')})` : ''}`;
    }
    case 'header':
      return `header ${source.name}`;
    case 'meta':
      return `<meta name=${source.name}> #${source.position}`;
    case 'well-known':
      return `${source.name} rule ${source.rule}`;
  }
}

function answerKind(kind: UsageAnswerKind): UseAnswerKind {
  switch (kind) {
    case 'allowed':
    case 'disallowed':
    case 'no-statement':
    case 'not-applicable':
      return kind;
    default:
      // A reuse level answers only the `use-level` purpose, which the popup does not list.
      return 'no-statement';
  }
}

/** Joins words as a person lists them: "a", "a or b", "a, b or c". */
function listWords(words: readonly string[], last: string): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1) ?? ''}`;
}

/** Returns why the operator counts nothing here: "it does not use Content-Signal; it has published nothing on TDMRep". */
function uncountedWords(uncounted: readonly UncountedSignal[]): string {
  const byStatus = new Map<ConsumerStatus, string[]>();
  for (const u of uncounted) {
    const list = byStatus.get(u.status) ?? [];
    const words = SIGNAL_WORDS[u.signalId];
    if (!list.includes(words)) list.push(words);
    byStatus.set(u.status, list);
  }
  return [...byStatus].map(([status, words]) => `it ${UNCOUNTED_WORDS[status]} ${listWords(words, 'or')}`).join('; ');
}

/**
 * Returns one side's answer in words after its lead: "disallowed (via *) — robots.txt line 3
 * (Content-Usage)", "nothing". `qualifiers`: the answer's (default: the deciding statement's).
 */
function sideWords(
  side: AnswerSide,
  qualifiers: readonly string[] = side.statement?.qualifier === undefined ? [] : [side.statement.qualifier],
): string {
  const q = qualifiers.length > 0 ? ` (${qualifiers.join(', ')})` : '';
  if (side.kind === 'no-statement' || side.deciding === null) return `nothing${q}`;
  const word = side.kind === 'not-applicable' ? 'not applicable' : side.kind;
  return `${word}${q} — ${describeDecidingSource(side.deciding, side.statement)}`;
}

const sameDeciding = (a: AnswerSide, b: AnswerSide) =>
  a.kind === b.kind && a.statement !== null && a.statement === b.statement;

/** Returns the first screen's view of one purpose: the site's answer and the operator's, kept apart. */
function answerView(purpose: UsePurpose, answer: UsageAnswer, caveats: readonly string[]): UseAnswerView {
  const { stated, counted } = separateAnswers(answer);
  const base = { purpose, label: SHORT_LABELS[purpose], answer: answerKind(stated.kind), caveats };
  if (answer.kind === 'not-applicable') {
    const why =
      answer.reason === 'robots-unreachable'
        ? 'robots.txt unreachable'
        : `crawl blocked by ${describeDecidingSource(answer.deciding)}`;
    return {
      ...base,
      stated: `not applicable — ${why}`,
      counted: 'not-applicable',
      countedLine: robotsLineOf(counted),
      countedBy: counted.operator === null ? 'Operator unknown' : `${counted.operator} counts`,
      countedText: 'nothing: no usage signal reaches a crawler that may not fetch the page',
      scope: null,
    };
  }
  const scopeOf = (side: AnswerSide) => side.statement?.brief ?? side.statement?.scope ?? null;
  let countedText: string;
  if (counted.operator === null) countedText = 'nothing: nobody is known to read these signals for it';
  else if (counted.kind === 'no-statement')
    countedText = counted.uncounted.length === 0 ? 'nothing' : `nothing — ${uncountedWords(counted.uncounted)}`;
  else if (sameDeciding(stated, counted)) countedText = `${counted.kind} — the same statement`;
  else countedText = sideWords(counted);
  return {
    ...base,
    stated: sideWords(stated, answer.qualifiers),
    counted: answerKind(counted.kind),
    countedLine: robotsLineOf(counted),
    countedBy: counted.operator === null ? 'Operator unknown' : `${counted.operator} counts`,
    countedText,
    scope: scopeOf(counted),
  };
}

/** Returns the operator's control tokens in words: "its control token Google-Extended". */
function controlTokenWords(operator: string | null): string {
  const tokens = CONTROL_TOKENS.filter((t) => findCrawlerUsage(t.fetchedBy).operator === operator).map((t) => t.token);
  return tokens.length === 0 ? SIGNAL_WORDS['control-token'] : `its control token ${listWords(tokens, 'and')}`;
}

/** Returns the operator's reading in a sentence: what it states it reads, and as of when. */
function describeConsumer(answer: UsageAnswer): string {
  const { consumer } = answer;
  if (consumer.operator === null)
    return `No operator is known for ${answer.crawler}: nobody is known to read these signals for it.`;
  const read = [
    ...new Set(
      CONSUMERS.filter(
        (c) => c.operator === consumer.operator && (c.status === 'honoured' || c.status === 'partial'),
      ).map((c) => (c.signalId === 'control-token' ? controlTokenWords(consumer.operator) : SIGNAL_WORDS[c.signalId])),
    ),
  ];
  const recheck = consumer.recheck ? ' (re-check: some of it is over 180 days old)' : '';
  return read.length === 0
    ? `${consumer.operator} has published no statement that it reads any usage signal, as of ${consumer.asOf}${recheck}.`
    : `${consumer.operator} states it reads ${listWords(read, 'and')}, as of ${consumer.asOf}${recheck}.`;
}

/** Returns a key that names one source: statements written at the same place are shown together. */
function sourceKey(source: UsageSource): string {
  switch (source.source) {
    case 'robots':
      return `robots ${source.line}`;
    case 'header':
    case 'meta':
      return `${source.source} ${source.name} ${source.position}`;
    case 'well-known':
      return `well-known ${source.rule}`;
  }
}

/** Returns what one statement says for its purpose: "AI training disallowed (implicit)". */
function statementPart(s: UsageStatement): string {
  const qualifier = s.qualifier === undefined ? '' : ` (${s.qualifier})`;
  return `${purposeLabel(s.purpose)} ${s.value}${qualifier}`;
}

/**
 * Returns what one source says, each purpose once: "Search allowed, AI training disallowed (Gemini
 * …); overridden: a longer Content-Usage path matches this URL". A purpose its vocabulary leaves
 * unknown is left out; a source that states nothing says so.
 */
function sourceWords(statements: readonly UsageStatement[]): string {
  const parts = [...new Set(statements.filter((s) => s.value !== 'unstated').map(statementPart))];
  const scopes = [...new Set(statements.map((s) => s.scope).filter((x): x is string => x !== undefined))];
  const because = [
    ...new Set(
      statements.map((s) => (s.status.kind === 'overridden' ? s.status.because : null)).filter((x) => x !== null),
    ),
  ];
  return [
    parts.length === 0 ? 'nothing stated' : parts.join(', '),
    scopes.length > 0 ? ` (${scopes.join('; ')})` : '',
    because.length > 0 ? `; overridden: ${because.join('; ')}` : '',
  ].join('');
}

/**
 * Returns every source the answers considered, each once with what it says for each purpose, split
 * by whether the operator counts it.
 */
function sourceViews(
  answers: readonly UsageAnswer[],
  operator: string | null,
): { counted: UseSourceView[]; notCounted: UseSourceView[] } {
  const groups = new Map<string, UsageStatement[]>();
  for (const answer of answers) {
    for (const s of answer.statements) {
      const key = sourceKey(s.source);
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
  }
  const counted: UseSourceView[] = [];
  const notCounted: UseSourceView[] = [];
  for (const statements of groups.values()) {
    const first = statements[0] as UsageStatement;
    const operatorCounts = operator !== null && statements.some((s) => operatorReads(s.signalId, operator));
    const view: UseSourceView = {
      where: describeDecidingSource(first.source, first),
      says: sourceWords(statements),
      counted: statements.every((s) => s.status.kind === 'counted'),
      operatorCounts,
    };
    (operatorCounts ? counted : notCounted).push(view);
  }
  return { counted, notCounted };
}

/** Returns true when the operator states it reads the signal (honoured or partial, §4.7). */
function operatorReads(signalId: SignalId, operator: string): boolean {
  return CONSUMERS.some(
    (c) => c.signalId === signalId && c.operator === operator && (c.status === 'honoured' || c.status === 'partial'),
  );
}

/** Returns why each signal here is not counted, one sentence per signal: "Google does not use Content-Signal: … (2026-07-06)." */
function uncountedSentences(answers: readonly UsageAnswer[]): string[] {
  const out = new Map<SignalId, string>();
  for (const answer of answers) {
    const operator = answer.consumer.operator;
    if (operator === null) continue;
    for (const u of separateAnswers(answer).counted.uncounted) {
      if (out.has(u.signalId)) continue;
      const claim = u.claim === null ? '' : `: ${u.claim}`;
      const date = u.sourceDate === null ? '' : ` (${u.sourceDate})`;
      out.set(u.signalId, `${operator} ${UNCOUNTED_WORDS[u.status]} ${SIGNAL_WORDS[u.signalId]}${claim}${date}.`);
    }
  }
  return [...out.values()];
}

/** Returns the first screen's Use view of a crawler's answers, with the page's own notes. */
export function buildUseView(answers: CrawlerUsageAnswers, page: UsePageNotes = pageNotes('pending')): UseView {
  let robotsCounted = false;
  const views: UseAnswerView[] = [];
  const all = YES_NO_PURPOSES.map((purpose) => answers[purpose]);
  const notes = new Set<string>();
  const surface: SurfaceLine[] = [];
  for (const purpose of YES_NO_PURPOSES) {
    const answer = answers[purpose];
    robotsCounted ||= answer.statements.some((s) => s.source.source === 'robots' && s.status.kind === 'counted');
    const caveats = answer.caveats.filter((c) => c !== 'not-retroactive').map(describeCaveat);
    views.push(answerView(purpose, answer, caveats));
    for (const line of answer.surface) surface.push(line);
    for (const line of answer.notes) notes.add(line);
  }
  const uncounted = uncountedSentences(all);
  // Explanation 5 ("Google states it does not use these lines") says what the uncounted sentences say, with their sources.
  const explained = surface.filter((line) => !(uncounted.length > 0 && line.id === 'explanation-5'));
  const said = [...new Set([...explained.map((line) => line.text), ...notes])];
  const first = answers.search;
  return {
    crawler: answers.crawler,
    answers: views,
    details: {
      operator: first.consumer.operator,
      ...sourceViews(all, first.consumer.operator),
      consumer: describeConsumer(first),
      uncounted,
      notes: said,
    },
    notRetroactive: robotsCounted ? describeCaveat('not-retroactive') : null,
    tdmrep: page.tdmrep,
    pageFindings: page.findings,
  };
}

/** Returns each purpose's answer kind, for the matrix's Use column (no words are built). */
export function summarizeUseAnswers(answers: CrawlerUsageAnswers): Record<UsePurpose, UseAnswerKind> {
  return {
    search: answerKind(answers.search.kind),
    'ai-input': answerKind(answers['ai-input'].kind),
    'ai-train': answerKind(answers['ai-train'].kind),
  };
}

/**
 * Returns the report's Use lines: per purpose, what the site states and what the operator counts;
 * a caveat every purpose carries is said once, after them, as the first screen says it.
 */
export function buildUseReportLines(view: UseView, crawlerName: string): string[] {
  const lines = [`Use (${crawlerName}):`];
  const shared = (view.answers[0]?.caveats ?? []).filter((c) => view.answers.every((a) => a.caveats.includes(c)));
  for (const a of view.answers) {
    if (a.answer === 'not-applicable') lines.push(`- ${a.label}: ${a.stated}`);
    else {
      const scope = a.scope === null ? '' : `. ${a.scope}`;
      lines.push(`- ${a.label}: site states: ${a.stated}; ${a.countedBy}: ${a.countedText}${scope}`);
    }
    for (const caveat of a.caveats) if (!shared.includes(caveat)) lines.push(`  ⚠ ${caveat}`);
  }
  for (const caveat of shared) lines.push(`⚠ ${caveat}`);
  return lines;
}
