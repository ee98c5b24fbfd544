/**
 * The popup's Use verdict state: the selected crawler's three answers (search, AI input, AI
 * training), every preset's for the matrix, and the report's lines. The code that resolves them
 * (./usage-engine.ts, over lib/usage) loads by a dynamic import once the first verdict has painted;
 * the answers wait for the page's headers and meta tags (the Indexability state's reading).
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { CrawlerOption, UseAnswerKind, UsePurpose, UseState } from '../../components/popup/model';
import type { Inspection } from '../../lib/protocol/messages';
import type { PageRobots } from '../../lib/verdict/types';
import { presetOptions } from './crawler-options';
import type { PageUsageReply } from '../../lib/usage/tdmrep-fetch';
import type { UsagePageInput } from './usage-engine';
import { errorWords } from '../../lib/shared/error-words';

/** The Use verdict's code, loaded after the first verdict (see ./usage-engine.ts). */
export type UsageModule = typeof import('./usage-engine');

export type { UseState };

export interface UsageState {
  /** The selected crawler's Use verdict. */
  readonly state: ReadonlySignal<UseState>;
  /** Every preset's answer per purpose, by token; null until known. */
  readonly byCrawler: ReadonlySignal<ReadonlyMap<string, Readonly<Record<UsePurpose, UseAnswerKind>>> | null>;
  /** Loads the Use verdict's code (once; a failure may be retried by calling again). */
  load(): Promise<void>;
  /** The report's Use lines, or none until the answers are known. */
  reportLines(): readonly string[];
}

export interface UsageDeps {
  readonly inspection: ReadonlySignal<Inspection | null>;
  readonly analysis: ReadonlySignal<PageRobots | null>;
  /** The page's headers and meta tags; `pending` while the page is being read. */
  readonly page: ReadonlySignal<UsagePageInput | 'pending'>;
  readonly crawler: ReadonlySignal<CrawlerOption>;
  readonly importModule: () => Promise<UsageModule>;
  readonly now: () => number;
  /** Asks the worker about the page's own usage signals: tdmrep.json (`refresh` skips its cache) and the findings. */
  readonly fetchPageUsage: (pageUrl: string, page: UsagePageInput, refresh: boolean) => Promise<PageUsageReply>;
}

/** Returns the Use verdict state over the popup's signals. */
export function createUsageState(deps: UsageDeps): UsageState {
  const module = signal<UsageModule | null>(null);
  const failure = signal<string | null>(null);
  let loading: Promise<void> | null = null;
  /** Counts the worker's answers about the page's own signals: each one recomputes the answers. */
  const pageUsageArrived = signal(0);
  /** Asks the worker once per inspection and page reading (made with the module, see usage-engine). */
  let pageUsage: ReturnType<UsageModule['createPageUsageAsker']> | null = null;

  const reader = computed(() => {
    const m = module.value;
    const inspection = deps.inspection.value;
    const analysis = deps.analysis.value;
    const page = deps.page.value;
    if (m === null || inspection === null || analysis === null || page === 'pending') return null;
    if (analysis.kind === 'not-applicable') return null;
    // Read to recompute when the worker's answer about the page arrives.
    if (pageUsageArrived.value < 0) return null;
    pageUsage ??= m.createPageUsageAsker(deps.fetchPageUsage, () => pageUsageArrived.value++);
    return m.createUsageReader(analysis, inspection.pageUrl, page, deps.now(), pageUsage.of(inspection, page));
  });

  const state = computed((): UseState => {
    if (failure.value !== null) return { kind: 'failed', message: failure.value };
    const analysis = deps.analysis.value;
    if (analysis?.kind === 'not-applicable') return { kind: 'none', why: 'robots.txt does not apply to this page.' };
    if (deps.page.value === 'pending') return { kind: 'pending', what: 'Reading the page…' };
    const r = reader.value;
    const m = module.value;
    if (r === null || m === null) return { kind: 'pending', what: 'Resolving the usage signals…' };
    return { kind: 'ready', view: m.buildUseView(r.answersFor(deps.crawler.value.token), r.page) };
  });

  const byCrawler = computed(() => {
    const r = reader.value;
    const m = module.value;
    if (r === null || m === null) return null;
    const map = new Map<string, Record<UsePurpose, UseAnswerKind>>();
    for (const option of presetOptions()) map.set(option.token, m.summarizeUseAnswers(r.answersFor(option.token)));
    return map;
  });

  return {
    state,
    byCrawler,
    load() {
      loading ??= deps.importModule().then(
        (loaded) => {
          failure.value = null;
          module.value = loaded;
        },
        (error: unknown) => {
          loading = null;
          failure.value = `Could not load the Use verdict: ${errorWords(error)}`;
        },
      );
      return loading;
    },
    reportLines() {
      const s = state.value;
      const m = module.value;
      return s.kind === 'ready' && m !== null ? m.buildUseReportLines(s.view, deps.crawler.value.name) : [];
    },
  };
}
