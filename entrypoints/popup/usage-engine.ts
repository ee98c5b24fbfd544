/**
 * The popup's Use verdict (AI-USAGE.md §1, §4, §8): lib/usage over the inspection's robots.txt and
 * the page's headers and meta tags, for the selected crawler and every preset, turned into the
 * view data the first screen, the matrix and the report show. Loaded by a dynamic import once the
 * first verdict has painted (./usage-state.ts), so none of it is on the first verdict's path.
 */
import type {
  UseAnswerKind,
  UseAnswerView,
  UsePurpose,
  UsePageFinding,
  UsePurposeDetail,
  UseStatementView,
  UseView,
} from '../../components/popup/model';
import { type PageUsageReply, tdmrepInput } from '../../lib/usage/tdmrep-fetch';
import { bodyText } from '../../lib/fetch/body';
import {
  CONSUMERS,
  type ConsumerStatus,
  type CrawlerUsageAnswers,
  describeCaveat,
  describeStatement,
  describeUsageAnswer,
  type HeaderPair,
  type MetaTag,
  preparePageUsage,
  prepareRobotsUsage,
  resolveUsageForCrawler,
  type SignalId,
  type UsageAnswer,
  type UsageSource,
  YES_NO_PURPOSES,
} from '../../lib/usage';
import type { PageRobots } from '../../lib/verdict/types';
import type { Inspection } from '../../lib/protocol/messages';

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
          (error: unknown) => (entry.value = { failed: error instanceof Error ? error.message : String(error) }),
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
/** The usage signals in words, for the consumer view (AI-USAGE.md §2). */
const SIGNAL_WORDS: Readonly<Record<SignalId, string>> = {
  'content-usage-robots': 'Content-Usage in robots.txt',
  'content-usage-header': 'the Content-Usage header',
  'content-signal': 'Content-Signal',
  'content-signal-use': 'Content-Signal use=',
  'training-policy': 'the training-policy token',
  'control-token': 'its control token',
  'robots-noindex': 'noindex',
  'snippet-controls': 'nosnippet and max-snippet',
  'archive-controls': 'noarchive and nocache',
  noai: 'noai',
  tdmrep: 'TDMRep',
};
/** How an operator's status for a signal reads when it published no claim in words (§5). */
const STATUS_WORDS: Readonly<Record<ConsumerStatus, string>> = {
  honoured: 'it states it honours it',
  partial: 'it states it honours it in part',
  announced: 'announced, not yet honoured',
  'not-honoured': 'it states it does not honour it',
  unknown: 'nothing published',
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

/** Returns the deciding source in the first screen's words: "robots.txt line 5, Cloudflare managed block". */
export function describeDecidingSource(source: UsageSource): string {
  switch (source.source) {
    case 'robots':
      if (source.line === 0) return 'robots.txt';
      return `robots.txt line ${source.line}${source.managed === true ? ', Cloudflare managed block' : ''}`;
    case 'header':
      return `header ${source.name}`;
    case 'meta':
      return `<meta name=${source.name}> #${source.position}`;
    case 'well-known':
      return `${source.name} rule ${source.rule}`;
  }
}

function answerKind(answer: UsageAnswer): UseAnswerKind {
  switch (answer.kind) {
    case 'allowed':
    case 'disallowed':
    case 'no-statement':
    case 'not-applicable':
      return answer.kind;
    default:
      // A reuse level answers only the `use-level` purpose, which the popup does not list.
      return 'no-statement';
  }
}

function sourceWords(answer: UsageAnswer): string {
  if (answer.kind === 'not-applicable') {
    return answer.reason === 'robots-unreachable'
      ? 'robots.txt unreachable'
      : `crawl blocked by ${describeDecidingSource(answer.deciding)}`;
  }
  return answer.deciding === null ? 'no statement' : describeDecidingSource(answer.deciding);
}

/** Returns the operator's consumer view in one sentence: what it states it reads, and as of when. */
function describeConsumer(answer: UsageAnswer): string {
  const { consumer } = answer;
  if (consumer.operator === null)
    return `No operator is known for ${answer.crawler}: nobody is known to read these signals for it.`;
  const read = [
    ...new Set(
      CONSUMERS.filter(
        (c) => c.operator === consumer.operator && (c.status === 'honoured' || c.status === 'partial'),
      ).map((c) => SIGNAL_WORDS[c.signalId]),
    ),
  ];
  const reads = read.length === 0 ? 'no usage signal' : read.join(', ');
  const outcome = consumer.kind === 'not-applicable' ? 'not applicable' : consumer.kind;
  const recheck = consumer.recheck ? ' (re-check: some of it is over 180 days old)' : '';
  return `${consumer.operator} states it reads: ${reads}, as of ${consumer.asOf}${recheck}. Counting only those: ${outcome}.`;
}

function statementViews(answer: UsageAnswer): UseStatementView[] {
  const notCounted = new Map(answer.consumer.notCounted.map((n) => [n.statement, n]));
  const operator = answer.consumer.operator;
  return answer.statements.map((statement) => {
    // The consumer view lists the very statements the answer considered.
    const n = notCounted.get(statement);
    return {
      text: describeStatement(statement),
      counted: statement.status.kind === 'counted',
      operatorNote:
        n === undefined || operator === null
          ? null
          : `not counted for ${operator}: ${n.claim ?? STATUS_WORDS[n.status]}${n.sourceDate === null ? '' : ` (${n.sourceDate})`}`,
    };
  });
}

/** Returns the first screen's Use view of a crawler's answers, with the page's own notes. */
export function buildUseView(answers: CrawlerUsageAnswers, page: UsePageNotes = pageNotes('pending')): UseView {
  let robotsCounted = false;
  const views: UseAnswerView[] = [];
  const details: UsePurposeDetail[] = [];
  for (const purpose of YES_NO_PURPOSES) {
    const answer = answers[purpose];
    robotsCounted ||= answer.statements.some((s) => s.source.source === 'robots' && s.status.kind === 'counted');
    const caveats = answer.caveats.filter((c) => c !== 'not-retroactive').map(describeCaveat);
    views.push({
      purpose,
      label: SHORT_LABELS[purpose],
      answer: answerKind(answer),
      source: sourceWords(answer),
      qualifiers: answer.qualifiers,
      caveats,
    });
    details.push({
      purpose,
      label: SHORT_LABELS[purpose],
      sentence: describeUsageAnswer(answer),
      statements: statementViews(answer),
      consumer: describeConsumer(answer),
      surface: answer.surface.map((s) => s.text),
      notes: [...answer.notes, ...caveats],
    });
  }
  return {
    crawler: answers.crawler,
    answers: views,
    details,
    notRetroactive: robotsCounted ? describeCaveat('not-retroactive') : null,
    tdmrep: page.tdmrep,
    pageFindings: page.findings,
  };
}

/** Returns each purpose's answer kind, for the matrix's Use column (no words are built). */
export function summarizeUseAnswers(answers: CrawlerUsageAnswers): Record<UsePurpose, UseAnswerKind> {
  return {
    search: answerKind(answers.search),
    'ai-input': answerKind(answers['ai-input']),
    'ai-train': answerKind(answers['ai-train']),
  };
}

/** Returns the report's Use lines: each purpose's answer with its deciding source and caveats. */
export function buildUseReportLines(view: UseView, crawlerName: string): string[] {
  const lines = [`Use (${crawlerName}):`];
  for (const a of view.answers) {
    const answer = a.answer.replace('-', ' ');
    const source = a.answer === 'no-statement' ? '' : ` — ${a.source}`;
    const qualifiers = a.qualifiers.length > 0 ? ` (${a.qualifiers.join(', ')})` : '';
    lines.push(`- ${a.label}: ${answer}${qualifiers}${source}`);
    for (const caveat of a.caveats) lines.push(`  ⚠ ${caveat}`);
  }
  return lines;
}
