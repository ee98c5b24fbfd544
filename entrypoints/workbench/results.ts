/**
 * The workbench's results: the live file and the draft evaluated over the URL set in the page's
 * worker, what the draft changes per crawler, the table's rows as filtered and ordered, the line
 * diff, the audit findings, the CSV export, and two history versions compared over the URL set.
 */
import { type ReadonlySignal, computed, signal } from '@preact/signals';
import type { CrawlerPreset } from '../../lib/robots';
import type { Sitemap } from '../../lib/robots';
import type { SitemapOutcome } from '../../lib/sitemaps';
import {
  checkSitemapLines,
  createSideColumns,
  type ChangeGroup,
  type CrawlerChange,
  type CsvExtra,
  type CsvTable,
  describeChangeGroups,
  formatCsvRow,
  diffDraft,
  type DraftDiff,
  evaluateRange,
  type Finding,
  findBlockedSitemapUrls,
  groupChanges,
  prepareRobots,
  type RobotsSource,
  type RowFilter,
  type RowOrder,
  selectRows,
  selectUrlRows,
  type SideColumns,
  splitLines,
  summarizeChanges,
  withExtraColumns,
  writeCsvParts,
} from '../../lib/workbench';
import { savedFileName } from '../../lib/shared/file-name';
import type { WorkerJobs } from './jobs';
import type { LiveState } from './live-file';
import { errorWords } from '../../lib/shared/error-words';

/** URLs evaluated per slice when two history versions are compared over the URL set. */
const VERSION_SLICE = 200;

/** Gives the page a turn between the parts of a long job (a macrotask). */
const pageTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Two history versions compared over the loaded URL set, per crawler. */
export type UrlSetComparison =
  | { readonly key: string; readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly key: string; readonly kind: 'ready'; readonly urlCount: number; readonly changes: CrawlerChange[] };

/** A CSV export as the page shows it. */
export type ExportState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly rows: number };

/** The table's rows: one per URL and crawler (a cell), or one per URL with the crawlers it changes for. */
export type RowView = 'cell' | 'url';

/** The table as evaluated. */
export interface Evaluated extends CsvTable {
  readonly urls: readonly string[];
  readonly fromSitemap: Uint8Array;
  readonly tokens: readonly string[];
  readonly names: readonly string[];
  /** The presets evaluated, in table order. */
  readonly presets: readonly CrawlerPreset[];
  /** The draft differs from the live file (as evaluated): the table then shows changed rows only by default. */
  readonly draftDiffers: boolean;
  readonly live: SideColumns;
  readonly draft: SideColumns;
  readonly liveCutLine: number | null;
  readonly draftCutLine: number | null;
  readonly elapsedMs: number;
  /** What live and draft were when evaluated (the Use and lens passes read the same). */
  readonly sources: { readonly live: RobotsSource; readonly draft: RobotsSource };
}

/** What the page reads of the results. */
export interface ResultsState {
  /** The running evaluation's progress, or null when none runs. */
  readonly evaluation: ReadonlySignal<{ done: number; total: number } | null>;
  readonly evaluated: ReadonlySignal<Evaluated | null>;
  readonly changes: ReadonlySignal<CrawlerChange[]>;
  /** The crawlers grouped by identical change (groupChanges). */
  readonly changeGroups: ReadonlySignal<ChangeGroup[]>;
  readonly sentence: ReadonlySignal<string>;
  /** The table's rows as filtered and ordered: cells (url × crawler), or URL indices in the per-URL view. */
  readonly rows: ReadonlySignal<Uint32Array>;
  /** The cells the filter keeps (what the CSV exports), whatever the view. */
  readonly cells: ReadonlySignal<Uint32Array>;
  readonly rowView: ReadonlySignal<RowView>;
  /**
   * The filter in effect. Changed only follows the draft (on once it differs from live) until the
   * person sets it.
   */
  readonly filter: ReadonlySignal<RowFilter>;
  readonly order: ReadonlySignal<RowOrder>;
  readonly selected: ReadonlySignal<number | null>;
  /** Deciding lines of the selected row, live and draft. */
  readonly decidingLines: ReadonlySignal<{ live: number | null; draft: number | null }>;
  readonly diff: ReadonlySignal<DraftDiff | null>;
  readonly findings: ReadonlySignal<Finding[]>;
  readonly exportState: ReadonlySignal<ExportState>;
  readonly urlSetComparison: ReadonlySignal<UrlSetComparison | null>;
  setFilter(next: RowFilter): void;
  setRowView(next: RowView): void;
  setOrder(next: RowOrder): void;
  select(cell: number): void;
  /** Exports the table as filtered: a CSV Blob written in parts; a failure is told in words. */
  exportCsv(): Promise<void>;
  copyRow(cell: number): Promise<void>;
  /**
   * Compares two versions (`older`, `newer`) over the loaded URL set for every crawler, in slices
   * that give the page back between them; `key` names the pair. A newer call supersedes this one.
   */
  compareOverUrlSet(key: string, older: RobotsSource, newer: RobotsSource): Promise<void>;
}

/** The results' state and what the page's other parts do with them. */
export interface Results {
  readonly state: ResultsState;
  /** Evaluates the live file and the draft over the URL set (once the live file is ready). */
  evaluate(): void;
  /** Forgets the last origin's table. */
  reset(): void;
  /** Clears the selected row and the crawler filter (the crawlers evaluated are changing). */
  clearCrawlerFilter(): void;
  /** Clears the selected row (the URL set is changing). */
  clearSelection(): void;
}

export interface ResultsDeps {
  readonly jobs: WorkerJobs;
  readonly crawlers: readonly CrawlerPreset[];
  readonly origin: ReadonlySignal<string | null>;
  readonly live: ReadonlySignal<LiveState>;
  readonly liveText: ReadonlySignal<string>;
  readonly liveSitemaps: ReadonlySignal<readonly Sitemap[]>;
  readonly draftText: ReadonlySignal<string>;
  readonly chosenCrawlers: ReadonlySignal<readonly string[]>;
  readonly urls: ReadonlySignal<readonly string[]>;
  readonly fromSitemap: ReadonlySignal<Uint8Array>;
  readonly outcomes: ReadonlySignal<readonly SitemapOutcome[]>;
  /** Keeps the live file's Sitemap lines, as the worker read them. */
  readonly onLiveSitemaps: (sitemaps: readonly Sitemap[]) => void;
  readonly notify: (message: string) => void;
  /** Saves a file: the CSV comes as a Blob built from parts. */
  readonly download: (fileName: string, content: Blob, type: string) => void;
  readonly copy: (text: string) => Promise<void>;
  /** Narrows the table's rows further (the "parsers disagree" filter); read inside a computed. */
  readonly refineRows?: (rows: Uint32Array) => Uint32Array;
  /** The CSV columns added after the verdicts (Use answers, parser lenses), or null. */
  readonly csvExtra?: () => CsvExtra | null;
  /** The name of the draft the table compares with the live file, for the export's file name. */
  readonly draftName?: () => string | null;
  /** Epoch ms now, for the export's file name (default Date.now). */
  readonly now?: () => number;
}

/** Returns the results of the page's live file and draft over its URL set, evaluated through `deps.jobs`. */
export function createResults(deps: ResultsDeps): Results {
  const { jobs, crawlers } = deps;
  const evaluation = signal<{ done: number; total: number } | null>(null);
  const evaluated = signal<Evaluated | null>(null);
  /** The filter as set; its changedOnly counts only once the person chose it (changedOnlyChosen). */
  const baseFilter = signal<RowFilter>({ changedOnly: false, blockedOnly: false, crawler: null });
  const changedOnlyChosen = signal(false);
  const rowView = signal<RowView>('cell');
  const order = signal<RowOrder>({ by: 'url', descending: false });
  const selected = signal<number | null>(null);
  const exportState = signal<ExportState>({ kind: 'idle' });
  const urlSetComparison = signal<UrlSetComparison | null>(null);
  let sentUrls: readonly string[] | null = null;
  let pendingMeta: {
    urls: readonly string[];
    fromSitemap: Uint8Array;
    /** The live file's text ('' when the live side has no file: a 404 or an unreachable site). */
    liveText: string;
    draftText: string;
    draftDiffers: boolean;
    sources: Evaluated['sources'];
  } | null = null;

  const draftSource = computed<RobotsSource>(() => ({ kind: 'file', text: deps.draftText.value }));
  const filter = computed<RowFilter>(() => {
    const base = baseFilter.value;
    if (changedOnlyChosen.value) return base;
    return { ...base, changedOnly: evaluated.value?.draftDiffers === true };
  });
  const changes = computed<CrawlerChange[]>(() => {
    const e = evaluated.value;
    return e === null ? [] : summarizeChanges(e.presets, e.urls.length, e.live, e.draft);
  });
  const changeGroups = computed<ChangeGroup[]>(() => {
    const e = evaluated.value;
    return e === null ? [] : groupChanges(changes.value, e.urls.length, e.live, e.draft);
  });
  const sentence = computed(() => describeChangeGroups(changeGroups.value, evaluated.value?.presets ?? []));
  /** The cells the filters select, before the "parsers disagree" filter. */
  const filteredCells = computed(() => {
    const e = evaluated.value;
    if (e === null) return new Uint32Array(0);
    return selectRows(e.urls.length, e.tokens.length, e.live, e.draft, filter.value, order.value);
  });
  const cells = computed(() => deps.refineRows?.(filteredCells.value) ?? filteredCells.value);
  const rows = computed(() => {
    const e = evaluated.value;
    if (e === null || rowView.value === 'cell') return cells.value;
    const byUrl = selectUrlRows(e.urls.length, e.tokens.length, e.live, e.draft, filter.value, order.value);
    const refined = cells.value;
    if (refined === filteredCells.value) return byUrl;
    // One row per URL, under the "parsers disagree" filter too: the URLs with a cell it keeps.
    const kept = new Uint8Array(e.urls.length);
    for (const cell of refined) kept[Math.floor(cell / Math.max(1, e.tokens.length))] = 1;
    return byUrl.filter((u) => kept[u] === 1);
  });
  const diff = computed<DraftDiff | null>(() =>
    deps.live.value.kind === 'ready' ? diffDraft(deps.liveText.value, deps.draftText.value) : null,
  );
  const findings = computed<Finding[]>(() => {
    const o = deps.origin.value;
    if (o === null) return [];
    const out = checkSitemapLines(deps.liveSitemaps.value, o, deps.outcomes.value);
    const e = evaluated.value;
    if (e !== null) out.push(...findBlockedSitemapUrls(e.urls, e.fromSitemap, e.presets, e.live));
    return out;
  });
  const decidingLines = computed(() => {
    const e = evaluated.value;
    const cell = selected.value;
    if (e === null || cell === null || cell >= e.live.line.length) return { live: null, draft: null };
    return { live: e.live.line[cell] || null, draft: e.draft.line[cell] || null };
  });

  jobs.listen((reply) => {
    switch (reply.type) {
      case 'progress':
        if (jobs.isCurrent('evaluate', reply.job)) evaluation.value = { done: reply.done, total: reply.total };
        return;
      case 'evaluated':
        if (!jobs.isCurrent('evaluate', reply.job) || pendingMeta === null) return;
        evaluation.value = null;
        evaluated.value = {
          urls: pendingMeta.urls,
          fromSitemap: pendingMeta.fromSitemap,
          tokens: reply.crawlers,
          names: reply.crawlers.map((t) => crawlers.find((c) => c.token === t)?.name ?? t),
          presets: reply.crawlers
            .map((t) => crawlers.find((c) => c.token === t))
            .filter((c): c is CrawlerPreset => c !== undefined),
          draftDiffers: pendingMeta.draftDiffers,
          liveLines: splitLines(pendingMeta.liveText),
          draftLines: splitLines(pendingMeta.draftText),
          live: reply.live,
          draft: reply.draft,
          liveCutLine: reply.liveCutLine,
          draftCutLine: reply.draftCutLine,
          elapsedMs: reply.elapsedMs,
          sources: pendingMeta.sources,
        };
        deps.onLiveSitemaps(reply.liveSitemaps);
        if (selected.value !== null && selected.value >= reply.live.allowed.length) selected.value = null;
        return;
      case 'failed':
        if (jobs.isCurrent('evaluate', reply.job)) evaluation.value = null;
        return;
      default:
        return;
    }
  });

  function evaluate(): void {
    const live = deps.live.value;
    if (live.kind !== 'ready') return;
    const urls = deps.urls.value;
    if (sentUrls !== urls) {
      sentUrls = urls;
      jobs.post({ type: 'set-urls', urls });
    }
    const sources = { live: live.source, draft: draftSource.value };
    pendingMeta = {
      urls,
      fromSitemap: deps.fromSitemap.value,
      liveText: live.source.kind === 'file' ? deps.liveText.value : '',
      draftText: deps.draftText.value,
      draftDiffers: deps.draftText.value !== deps.liveText.value,
      sources,
    };
    const job = jobs.begin('evaluate');
    evaluation.value = { done: 0, total: urls.length };
    jobs.post({ type: 'evaluate', job, ...sources, crawlers: deps.chosenCrawlers.value });
  }

  async function exportCsv(): Promise<void> {
    const e = evaluated.value;
    if (e === null || exportState.value.kind === 'running') return;
    const list = cells.value;
    exportState.value = { kind: 'running', done: 0, total: list.length };
    try {
      // Each part becomes a Blob at once: the page never holds the whole text (5.4 M rows at the
      // documented maximum), and it gets a turn between parts.
      const parts: Blob[] = [];
      const written = await writeCsvParts(list, e, (part) => parts.push(new Blob([part])), {
        pause: pageTurn,
        onProgress: (done, total) => (exportState.value = { kind: 'running', done, total }),
        columns: withExtraColumns(deps.csvExtra?.() ?? null),
      });
      deps.download(
        savedFileName({
          site: deps.origin.value ?? '',
          label: deps.draftName?.() ?? null,
          date: deps.now?.() ?? Date.now(),
          extension: 'csv',
        }),
        new Blob(parts, { type: 'text/csv;charset=utf-8' }),
        'text/csv;charset=utf-8',
      );
      exportState.value = { kind: 'done', rows: written };
    } catch (error) {
      exportState.value = { kind: 'idle' };
      deps.notify(
        `The CSV export failed: ${errorWords(error)}. Filter the table to fewer rows (changed only, one crawler) and export again.`,
      );
    }
  }

  async function compareOverUrlSet(key: string, older: RobotsSource, newer: RobotsSource): Promise<void> {
    const id = jobs.begin('compare');
    const list = deps.urls.value;
    const total = list.length;
    const sides = [older, newer].map((source) => ({
      prepared: prepareRobots(source),
      columns: createSideColumns(list.length * crawlers.length),
    }));
    // Both versions of a URL in the same slice: progress counts URLs.
    for (let from = 0; from < list.length; from += VERSION_SLICE) {
      if (!jobs.isCurrent('compare', id)) return;
      for (const side of sides) evaluateRange(side.prepared, list, crawlers, side.columns, from, from + VERSION_SLICE);
      urlSetComparison.value = { key, kind: 'running', done: Math.min(list.length, from + VERSION_SLICE), total };
      await pageTurn();
    }
    if (!jobs.isCurrent('compare', id)) return;
    const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
    urlSetComparison.value = {
      key,
      kind: 'ready',
      urlCount: list.length,
      changes: summarizeChanges(crawlers, list.length, a.columns, b.columns),
    };
  }

  return {
    state: {
      evaluation,
      evaluated,
      changes,
      changeGroups,
      sentence,
      rows,
      cells,
      rowView,
      filter,
      order,
      selected,
      decidingLines,
      diff,
      findings,
      exportState,
      urlSetComparison,
      setFilter(next) {
        if (next.changedOnly !== filter.value.changedOnly) changedOnlyChosen.value = true;
        baseFilter.value = next;
      },
      setRowView(next) {
        rowView.value = next;
      },
      setOrder(next) {
        order.value = next;
      },
      select(cell) {
        selected.value = cell;
      },
      exportCsv,
      copyRow(cell) {
        const e = evaluated.value;
        if (e === null) return Promise.resolve();
        return deps.copy(formatCsvRow(cell, e, withExtraColumns(deps.csvExtra?.() ?? null)));
      },
      compareOverUrlSet,
    },
    evaluate,
    reset() {
      evaluated.value = null;
      changedOnlyChosen.value = false;
    },
    clearCrawlerFilter() {
      baseFilter.value = { ...baseFilter.value, crawler: null };
      selected.value = null;
    },
    clearSelection() {
      selected.value = null;
    },
  };
}
