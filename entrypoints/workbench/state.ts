/**
 * The workbench page's state: the live file (through the worker's fetch policy and cache), the
 * drafts of the origin, the URL set, sitemap loading and the verdict table, all evaluated in a Web
 * Worker. Signals and actions; the page's components read them.
 */

import { computed, signal } from '@preact/signals';
import type { SitemapLoad } from '../../components/workbench/UrlSetPanel';
import type { Inspection, ProtocolClient } from '../../lib/protocol/messages';
import { bodyText } from '../../lib/fetch/body';
import type { CrawlerPreset, Diagnostic, Sitemap } from '../../lib/robots';
import type { OffSiteGroup, SitemapOutcome } from '../../lib/sitemaps';
import {
  checkSitemapLines,
  createSideColumns,
  evaluateRange,
  type CrawlerChange,
  describeChanges,
  describeRow,
  diffDraft,
  type DraftDiff,
  type Finding,
  findBlockedSitemapUrls,
  listCrawlers,
  MAX_URL_FILE_BYTES,
  parseUrl,
  prepareRobots,
  quoteCsvField,
  type RobotsSource,
  type RowFilter,
  type RowOrder,
  selectRows,
  type SideColumns,
  summarizeChanges,
  type WorkerReply,
  type WorkerRequest,
  writeCsvParts,
} from '../../lib/workbench';
import { addDraft, type Draft, type DraftBook, type DraftStore, readDraftBook } from './drafts';
import { originOfTyped } from '../../lib/shared/url';

const COUNT = new Intl.NumberFormat('en-US');
function formatCount(n: number): string {
  return COUNT.format(n);
}

/** Typing pauses this long before the draft is linted, saved and evaluated. */
export const DEBOUNCE_MS = 250;

/** The page's link to its worker. */
export interface WorkerPort {
  post(request: WorkerRequest): void;
  listen(onReply: (reply: WorkerReply) => void): void;
}

export interface WorkbenchDeps {
  readonly client: Pick<ProtocolClient, 'inspect'>;
  readonly worker: WorkerPort;
  readonly drafts: DraftStore;
  readonly params: { readonly origin: string | null; readonly url: string | null; readonly view?: string | null };
  /** Saves a file: the CSV comes as a Blob built from parts, a draft as text. */
  readonly download: (fileName: string, content: string | Blob, type: string) => void;
  readonly copy: (text: string) => Promise<void>;
  /** Puts the origin (and page URL and view) in the address bar, so a reload keeps them. */
  readonly setAddress: (origin: string, url: string | null, view: WorkbenchView) => void;
  readonly now: () => number;
}

/** What the page shows: the draft editor and its results, or the origin's robots.txt history. */
export type WorkbenchView = 'draft' | 'history';

/** Returns the view named by the `view` query parameter (the draft editor unless it says history). */
export function readView(value: string | null | undefined): WorkbenchView {
  return value === 'history' ? 'history' : 'draft';
}

/** URLs evaluated per slice when two history versions are compared over the URL set. */
const VERSION_SLICE = 200;

/** Two history versions compared over the loaded URL set, per crawler. */
export type UrlSetComparison =
  | { readonly key: string; readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly key: string; readonly kind: 'ready'; readonly urlCount: number; readonly changes: CrawlerChange[] };

/** A CSV export as the page shows it. */
export type ExportState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly rows: number };

/** A file the person picked (a File, or any Blob with a name in tests). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  slice(start: number, end: number): Blob;
  text(): Promise<string>;
}

/** Gives the page a turn between the parts of a long job (a macrotask). */
const pageTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The live file as the page knows it. */
export type LiveState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly source: RobotsSource;
      readonly text: string;
      readonly summary: string;
      /**
       * Set when the live file's bytes are not UTF-8: what a draft made from its text changes (the
       * draft is saved as UTF-8, so those bytes read as U+FFFD); null otherwise.
       */
      readonly encodingNote: string | null;
    };

/** The table as evaluated. */
export interface Evaluated {
  readonly urls: readonly string[];
  readonly fromSitemap: Uint8Array;
  readonly tokens: readonly string[];
  readonly names: readonly string[];
  readonly live: SideColumns;
  readonly draft: SideColumns;
  readonly liveCutLine: number | null;
  readonly draftCutLine: number | null;
  readonly elapsedMs: number;
}

function liveFromInspection(inspection: Inspection): LiveState {
  if (inspection.kind === 'not-applicable') return { kind: 'error', message: inspection.explanation };
  const { outcome } = inspection.record;
  const summary = `${inspection.description.summary} ${inspection.description.effect}`;
  if (outcome.kind === 'ok') {
    const text = bodyText(outcome.body);
    const fetched = { bytes: outcome.body.bytes, truncated: outcome.body.truncated };
    const encodingNote =
      outcome.body.encoding === 'utf-8'
        ? null
        : 'The live file is not UTF-8. Its verdicts are read from its bytes, as Google reads them; a draft is text saved as UTF-8, so the bytes shown as \uFFFD match other URLs there (a draft started from the live file can differ from it for those lines).';
    return { kind: 'ready', source: { kind: 'file', text, fetched }, text, summary, encodingNote };
  }
  if (outcome.kind === 'unavailable')
    return { kind: 'ready', source: { kind: 'allow-all', reason: summary }, text: '', summary, encodingNote: null };
  return { kind: 'ready', source: { kind: 'block-all', reason: summary }, text: '', summary, encodingNote: null };
}

let draftCounter = 0;
function newDraftId(now: number): string {
  draftCounter++;
  return `d${now.toString(36)}${draftCounter.toString(36)}`;
}

/** Returns the workbench state and its actions. */
export function createWorkbenchState(deps: WorkbenchDeps) {
  const crawlers = listCrawlers();
  /** Returns `tokens` that name presets, in preset order. */
  const chooseTokens = (tokens: readonly string[]): string[] =>
    crawlers.filter((c) => tokens.includes(c.token)).map((c) => c.token);
  const origin = signal<string | null>(null);
  const originInput = signal(deps.params.origin ?? '');
  const pageUrl = signal<string | null>(null);
  const live = signal<LiveState>({ kind: 'idle' });
  const liveDiagnostics = signal<readonly Diagnostic[]>([]);
  const liveSitemaps = signal<readonly Sitemap[]>([]);
  const book = signal<DraftBook | null>(null);
  const savedNote = signal('');
  /** Bumped when the draft text is replaced from outside the editor (see DraftEditor's `revision`). */
  const draftRevision = signal(0);
  const liveRevision = signal(0);
  const diagnostics = signal<readonly Diagnostic[]>([]);
  const listText = signal('');
  const urls = signal<readonly string[]>([]);
  const fromSitemap = signal<Uint8Array>(new Uint8Array(0));
  const sourceLabel = signal('nothing yet');
  const otherOrigin = signal<readonly string[]>([]);
  const invalid = signal<readonly { line: number; text: string }[]>([]);
  const invalidCount = signal(0);
  /** What a URL list or file had cut, in words, or null. */
  const listNotice = signal<string | null>(null);
  /** Sitemaps on other origins, not followed by the last load. */
  const offSite = signal<readonly OffSiteGroup[]>([]);
  /** Origins the person clicked Fetch for (this site only; cleared when another site opens). */
  const approvedOrigins = signal<readonly string[]>([]);
  const exportState = signal<ExportState>({ kind: 'idle' });
  const sitemapLoad = signal<SitemapLoad>({ kind: 'idle' });
  const outcomes = signal<readonly SitemapOutcome[]>([]);
  const evaluation = signal<{ done: number; total: number } | null>(null);
  const evaluated = signal<Evaluated | null>(null);
  const filter = signal<RowFilter>({ changedOnly: false, blockedOnly: false, crawler: null });
  const order = signal<RowOrder>({ by: 'url', descending: false });
  const selected = signal<number | null>(null);
  const notice = signal<string | null>(null);
  const view = signal<WorkbenchView>(readView(deps.params.view));
  const urlSetComparison = signal<UrlSetComparison | null>(null);
  let comparisonJob = 0;

  let job = 0;
  let evaluateJob = 0;
  let lintJob = 0;
  let sitemapJob = 0;
  let parseJob = 0;
  let sentUrls: readonly string[] | null = null;
  let pendingMeta: { urls: readonly string[]; fromSitemap: Uint8Array } | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const draftText = computed(() => {
    const b = book.value;
    return b?.drafts.find((d) => d.id === b.currentId)?.text ?? '';
  });
  const draftSource = computed<RobotsSource>(() => ({ kind: 'file', text: draftText.value }));
  const liveText = computed(() => (live.value.kind === 'ready' ? live.value.text : ''));
  /** The crawlers evaluated (kept with the origin's drafts), in preset order; every preset by default. */
  const chosenCrawlers = computed<readonly string[]>(() => {
    const kept = book.value?.crawlers;
    return kept === undefined ? crawlers.map((c) => c.token) : chooseTokens(kept);
  });
  /** The presets of the last evaluation, in table order. */
  const evaluatedCrawlers = computed<CrawlerPreset[]>(() => {
    const e = evaluated.value;
    if (e === null) return [];
    return e.tokens.map((t) => crawlers.find((c) => c.token === t)).filter((c): c is CrawlerPreset => c !== undefined);
  });

  const changes = computed<CrawlerChange[]>(() => {
    const e = evaluated.value;
    return e === null ? [] : summarizeChanges(evaluatedCrawlers.value, e.urls.length, e.live, e.draft);
  });
  const sentence = computed(() => describeChanges(changes.value));
  const rows = computed(() => {
    const e = evaluated.value;
    if (e === null) return new Uint32Array(0);
    return selectRows(e.urls.length, e.tokens.length, e.live, e.draft, filter.value, order.value);
  });
  const diff = computed<DraftDiff | null>(() =>
    live.value.kind === 'ready' ? diffDraft(liveText.value, draftText.value) : null,
  );
  const findings = computed<Finding[]>(() => {
    const o = origin.value;
    if (o === null) return [];
    const out = checkSitemapLines(liveSitemaps.value, o, outcomes.value);
    const e = evaluated.value;
    if (e !== null) out.push(...findBlockedSitemapUrls(e.urls, e.fromSitemap, evaluatedCrawlers.value, e.live));
    return out;
  });
  /** Deciding lines of the selected row, live and draft. */
  const decidingLines = computed(() => {
    const e = evaluated.value;
    const cell = selected.value;
    if (e === null || cell === null || cell >= e.live.line.length) return { live: null, draft: null };
    return { live: e.live.line[cell] || null, draft: e.draft.line[cell] || null };
  });

  function post(request: WorkerRequest): void {
    deps.worker.post(request);
  }

  function requestEvaluate(): void {
    if (live.value.kind !== 'ready') return;
    if (sentUrls !== urls.value) {
      sentUrls = urls.value;
      post({ type: 'set-urls', urls: urls.value });
    }
    pendingMeta = { urls: urls.value, fromSitemap: fromSitemap.value };
    evaluateJob = ++job;
    evaluation.value = { done: 0, total: urls.value.length * 2 };
    post({
      type: 'evaluate',
      job: evaluateJob,
      live: live.value.source,
      draft: draftSource.value,
      crawlers: chosenCrawlers.value,
    });
  }

  function requestLint(): void {
    lintJob = ++job;
    post({ type: 'lint', job: lintJob, text: draftText.value });
  }

  function handleReply(reply: WorkerReply): void {
    switch (reply.type) {
      case 'progress':
        if (reply.job === evaluateJob) evaluation.value = { done: reply.done, total: reply.total };
        return;
      case 'evaluated': {
        if (reply.job !== evaluateJob || pendingMeta === null) return;
        evaluation.value = null;
        evaluated.value = {
          urls: pendingMeta.urls,
          fromSitemap: pendingMeta.fromSitemap,
          tokens: reply.crawlers,
          names: reply.crawlers.map((t) => crawlers.find((c) => c.token === t)?.name ?? t),
          live: reply.live,
          draft: reply.draft,
          liveCutLine: reply.liveCutLine,
          draftCutLine: reply.draftCutLine,
          elapsedMs: reply.elapsedMs,
        };
        liveSitemaps.value = reply.liveSitemaps;
        if (selected.value !== null && selected.value >= reply.live.allowed.length) selected.value = null;
        return;
      }
      case 'linted':
        if (reply.job === lintJob) diagnostics.value = reply.diagnostics;
        else if (reply.job === liveLintJob) liveDiagnostics.value = reply.diagnostics;
        return;
      case 'urls-parsed':
        if (reply.job === parseJob) {
          setUrlSet(reply.urls, new Uint8Array(reply.urls.length), reply.label, reply.otherOrigin, reply.invalid);
          invalidCount.value = reply.invalidCount;
          listNotice.value = [pendingListNotice, reply.capNotice].filter((n) => n !== null).join(' ') || null;
        }
        return;
      case 'sitemap-progress':
        if (reply.job === sitemapJob) sitemapLoad.value = { kind: 'loading', ...reply.progress };
        return;
      case 'sitemap-outcome':
        if (reply.job === sitemapJob) outcomes.value = [...outcomes.value, reply.outcome];
        return;
      case 'sitemaps-loaded': {
        if (reply.job !== sitemapJob) return;
        sitemapLoad.value = { kind: 'done', cancelled: reply.cancelled, capNotice: reply.capNotice };
        offSite.value = reply.offSite;
        const o = origin.value ?? '';
        const own: string[] = [];
        const others: string[] = [];
        for (const entry of reply.urls) (parseUrl(entry.url)?.origin === o ? own : others).push(entry.url);
        const page = pageUrl.value;
        const set = page !== null && !own.includes(page) ? [page, ...own] : own;
        const flags = new Uint8Array(set.length);
        flags.fill(1, page !== null && set[0] === page && !own.includes(page) ? 1 : 0);
        setUrlSet(set, flags, `the site's sitemaps (${reply.outcomes.length} files)`, others, []);
        return;
      }
      case 'failed':
        if (reply.job === evaluateJob) evaluation.value = null;
        if (reply.job === sitemapJob) sitemapLoad.value = { kind: 'done', cancelled: false, capNotice: null };
        notice.value = `Something went wrong in the workbench's worker: ${reply.message}`;
        return;
    }
  }
  let liveLintJob = 0;
  /** What reading the file cut, said with the list's own notice when its reply comes. */
  let pendingListNotice: string | null = null;

  function useList(text: string, asCsv: boolean, label: string, cut: string | null): void {
    const o = origin.value;
    if (o === null) return;
    parseJob = ++job;
    pendingListNotice = cut;
    sourceLabel.value = `${label} (reading…)`;
    post({ type: 'parse-urls', job: parseJob, text, origin: o, asCsv, label });
  }

  function startSitemapLoad(): void {
    const o = origin.value;
    if (o === null) return;
    const listed = liveSitemaps.value.filter((s) => s.validity === 'absolute').map((s) => s.url);
    const start = listed.length > 0 ? listed : [`${o}/sitemap.xml`];
    sitemapJob = ++job;
    outcomes.value = [];
    offSite.value = [];
    sitemapLoad.value = { kind: 'loading', filesDone: 0, filesQueued: start.length, urls: 0 };
    post({
      type: 'load-sitemaps',
      job: sitemapJob,
      startUrls: start,
      siteOrigin: o,
      allowedOrigins: approvedOrigins.value,
    });
  }

  async function exportCsv(): Promise<void> {
    const e = evaluated.value;
    if (e === null || exportState.value.kind === 'running') return;
    const host = parseUrl(origin.value ?? '')?.host ?? 'site';
    const list = rows.value;
    exportState.value = { kind: 'running', done: 0, total: list.length };
    try {
      // Each part becomes a Blob at once: the page never holds the whole text (5.4 M rows at the
      // documented maximum), and it gets a turn between parts.
      const parts: Blob[] = [];
      const written = await writeCsvParts(
        list,
        e.urls,
        e.tokens,
        e.live,
        e.draft,
        (part) => parts.push(new Blob([part])),
        { pause: pageTurn, onProgress: (done, total) => (exportState.value = { kind: 'running', done, total }) },
      );
      deps.download(
        `robots-workbench-${host}.csv`,
        new Blob(parts, { type: 'text/csv;charset=utf-8' }),
        'text/csv;charset=utf-8',
      );
      exportState.value = { kind: 'done', rows: written };
    } catch (error) {
      exportState.value = { kind: 'idle' };
      notice.value = `The CSV export failed: ${error instanceof Error ? error.message : String(error)}. Filter the table to fewer rows (changed only, one crawler) and export again.`;
    }
  }

  function setUrlSet(
    list: readonly string[],
    flags: Uint8Array,
    label: string,
    others: readonly string[],
    bad: readonly { line: number; text: string }[],
  ): void {
    urls.value = list;
    fromSitemap.value = flags;
    sourceLabel.value = label;
    otherOrigin.value = others;
    invalid.value = bad;
    invalidCount.value = bad.length;
    listNotice.value = null;
    selected.value = null;
    requestEvaluate();
  }

  function saveSoon(): void {
    const o = origin.value;
    const b = book.value;
    if (o === null || b === null) return;
    deps.drafts.save(o, b).then(
      () => (savedNote.value = 'Saved.'),
      (error: unknown) => (savedNote.value = `Not saved: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  function updateBook(next: DraftBook, evaluateNow: boolean): void {
    book.value = next;
    savedNote.value = 'Saving…';
    clearTimeout(typingTimer);
    if (evaluateNow) {
      saveSoon();
      requestLint();
      requestEvaluate();
      return;
    }
    typingTimer = setTimeout(() => {
      saveSoon();
      requestLint();
      requestEvaluate();
    }, DEBOUNCE_MS);
  }

  function editCurrent(change: (draft: Draft) => Draft, evaluateNow: boolean): void {
    const b = book.value;
    if (b === null) return;
    updateBook({ ...b, drafts: b.drafts.map((d) => (d.id === b.currentId ? change(d) : d)) }, evaluateNow);
    // Changes made with evaluateNow come from outside the editor (revert, load, rename).
    if (evaluateNow) draftRevision.value++;
  }

  async function openOrigin(nextOrigin: string, nextUrl: string | null): Promise<void> {
    origin.value = nextOrigin;
    originInput.value = nextOrigin;
    pageUrl.value = nextUrl;
    deps.setAddress(nextOrigin, nextUrl, view.value);
    live.value = { kind: 'loading' };
    evaluated.value = null;
    outcomes.value = [];
    offSite.value = [];
    approvedOrigins.value = [];
    sitemapLoad.value = { kind: 'idle' };
    notice.value = null;
    try {
      const inspection = await deps.client.inspect({ target: { kind: 'url', url: nextUrl ?? `${nextOrigin}/` } });
      if (origin.value !== nextOrigin) return;
      live.value = liveFromInspection(inspection);
      liveRevision.value++;
    } catch (error) {
      live.value = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
      return;
    }
    const stored = readDraftBook(await deps.drafts.load(nextOrigin).catch(() => null));
    const now = deps.now();
    book.value = stored ?? {
      currentId: 'first',
      drafts: [{ id: 'first', name: 'Draft 1', text: liveText.value, updatedAt: now }],
    };
    savedNote.value = stored ? 'Restored from your last session.' : '';
    draftRevision.value++;
    liveLintJob = ++job;
    post({ type: 'lint', job: liveLintJob, text: liveText.value });
    requestLint();
    const start = nextUrl ?? `${nextOrigin}/`;
    listText.value = start;
    setUrlSet([start], new Uint8Array(1), nextUrl ? 'the page URL' : 'the home page', [], []);
  }

  /** Shows the draft editor or the history, and says so in the address. */
  function setView(next: WorkbenchView): void {
    view.value = next;
    const o = origin.value;
    if (o !== null) deps.setAddress(o, pageUrl.value, next);
  }

  deps.worker.listen(handleReply);

  return {
    crawlers,
    chosenCrawlers,
    origin,
    originInput,
    pageUrl,
    live,
    liveText,
    liveDiagnostics,
    book,
    draftText,
    savedNote,
    draftRevision,
    liveRevision,
    diagnostics,
    listText,
    urls,
    sourceLabel,
    otherOrigin,
    invalid,
    invalidCount,
    listNotice,
    offSite,
    approvedOrigins,
    exportState,
    sitemapLoad,
    outcomes,
    evaluation,
    evaluated,
    changes,
    sentence,
    rows,
    filter,
    order,
    selected,
    decidingLines,
    diff,
    findings,
    notice,
    view,
    urlSetComparison,

    /** Opens the origin from the address (or waits for the origin field). */
    async start(): Promise<void> {
      const fromParams = deps.params.origin ? originOfTyped(deps.params.origin) : null;
      const fromUrl = deps.params.url ? originOfTyped(deps.params.url) : null;
      const o = fromParams ?? fromUrl;
      if (o === null) return;
      const url = deps.params.url && fromUrl === o ? (parseUrl(deps.params.url)?.href ?? null) : null;
      await openOrigin(o, url);
    },
    /** Opens the origin typed in the origin field. */
    async submitOrigin(): Promise<void> {
      const o = originOfTyped(originInput.value);
      if (o === null) {
        notice.value = `"${originInput.value}" is not a web address: type a site such as https://example.com.`;
        return;
      }
      await openOrigin(o, null);
    },
    setDraftText(text: string): void {
      if (text === draftText.value) return;
      editCurrent((d) => ({ ...d, text, updatedAt: deps.now() }), false);
    },
    selectDraft(id: string): void {
      const b = book.value;
      if (b !== null) updateBook({ ...b, currentId: id }, true);
      draftRevision.value++;
    },
    renameDraft(name: string): void {
      editCurrent((d) => ({ ...d, name: name.trim() || d.name }), true);
    },
    duplicateDraft(): void {
      const b = book.value;
      if (b === null) return;
      const current = b.drafts.find((d) => d.id === b.currentId);
      if (!current) return;
      const copy: Draft = {
        ...current,
        id: newDraftId(deps.now()),
        name: `${current.name} (copy)`,
        updatedAt: deps.now(),
      };
      updateBook({ ...b, currentId: copy.id, drafts: [...b.drafts, copy] }, true);
      draftRevision.value++;
    },
    deleteDraft(): void {
      const b = book.value;
      if (b === null || b.drafts.length < 2) return;
      const drafts = b.drafts.filter((d) => d.id !== b.currentId);
      updateBook({ ...b, currentId: (drafts[0] as Draft).id, drafts }, true);
      draftRevision.value++;
    },
    revertDraft(): void {
      editCurrent((d) => ({ ...d, text: liveText.value, updatedAt: deps.now() }), true);
    },
    downloadDraft(): void {
      deps.download('robots.txt', draftText.value, 'text/plain;charset=utf-8');
    },
    loadDraftText(text: string): void {
      editCurrent((d) => ({ ...d, text, updatedAt: deps.now() }), true);
    },
    setListText(text: string): void {
      listText.value = text;
    },
    /** Uses the pasted list (or a file's text) as the URL set. */
    useList(text = listText.value, asCsv = false, label = 'a pasted list'): void {
      useList(text, asCsv, label, null);
    },
    /**
     * Uses a .txt/.csv file as the URL set: read up to MAX_URL_FILE_BYTES (a longer file's last,
     * cut line is dropped, and the list says so), then parsed like a pasted list.
     */
    async useFile(file: PickedFile): Promise<void> {
      const asCsv = /\.csv$/i.test(file.name);
      const label = `the file ${file.name}`;
      try {
        if (file.size <= MAX_URL_FILE_BYTES) {
          useList(await file.text(), asCsv, label, null);
          return;
        }
        const head = await file.slice(0, MAX_URL_FILE_BYTES).text();
        const end = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
        const cut = `The file is ${formatCount(file.size)} bytes: only its first ${formatCount(MAX_URL_FILE_BYTES)} bytes were read.`;
        useList(end < 0 ? '' : head.slice(0, end), asCsv, label, cut);
      } catch (error) {
        notice.value = `The file ${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}.`;
      }
    },
    loadSitemaps(): void {
      startSitemapLoad();
    },
    /**
     * Fetches the sitemaps of `offSiteOrigin`, which the last load listed as not followed, by loading
     * the set again with that origin allowed (never a private one for a public site: the loader refuses it).
     */
    fetchOffSite(offSiteOrigin: string): void {
      const group = offSite.value.find((g) => g.origin === offSiteOrigin);
      if (group?.fetchable !== true || approvedOrigins.value.includes(offSiteOrigin)) return;
      approvedOrigins.value = [...approvedOrigins.value, offSiteOrigin];
      startSitemapLoad();
    },
    cancelSitemaps(): void {
      post({ type: 'cancel', job: sitemapJob });
    },
    /** Evaluates only these crawlers (kept with the origin's drafts); the table, summary and CSV follow. */
    setCrawlers(tokens: readonly string[]): void {
      const b = book.value;
      if (b === null) return;
      filter.value = { ...filter.value, crawler: null };
      selected.value = null;
      updateBook({ ...b, crawlers: chooseTokens(tokens) }, true);
    },
    setFilter(next: RowFilter): void {
      filter.value = next;
    },
    setOrder(next: RowOrder): void {
      order.value = next;
    },
    select(cell: number): void {
      selected.value = cell;
    },
    /** Exports the table as filtered: a CSV Blob written in parts; a failure is told in words. */
    exportCsv,
    copyRow(cell: number): Promise<void> {
      const e = evaluated.value;
      if (e === null) return Promise.resolve();
      return deps.copy(describeRow(cell, e.urls, e.tokens, e.live, e.draft).map(quoteCsvField).join(','));
    },
    dismissNotice(): void {
      notice.value = null;
    },
    setView,
    /**
     * Compares two versions (`older`, `newer`) over the loaded URL set for every crawler, in slices
     * that give the page back between them; `key` names the pair. A newer call supersedes this one.
     */
    async compareOverUrlSet(key: string, older: RobotsSource, newer: RobotsSource): Promise<void> {
      const id = ++comparisonJob;
      const list = urls.value;
      const tokens = crawlers;
      const total = list.length * 2;
      const sides = [older, newer].map((source) => ({
        prepared: prepareRobots(source),
        columns: createSideColumns(list.length * tokens.length),
      }));
      let done = 0;
      for (const side of sides) {
        for (let from = 0; from < list.length; from += VERSION_SLICE) {
          if (id !== comparisonJob) return;
          evaluateRange(side.prepared, list, tokens, side.columns, from, from + VERSION_SLICE);
          done += Math.min(VERSION_SLICE, list.length - from);
          urlSetComparison.value = { key, kind: 'running', done, total };
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }
      if (id !== comparisonJob) return;
      const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
      urlSetComparison.value = {
        key,
        kind: 'ready',
        urlCount: list.length,
        changes: summarizeChanges(tokens, list.length, a.columns, b.columns),
      };
    },
    /**
     * Adds a draft (named `name`, holding `text`) to the drafts of `forOrigin`, makes it the current
     * one and shows the draft editor. The origin's drafts are read from storage when the page has not
     * loaded them (its live file still loading or failed).
     */
    async startDraft(forOrigin: string, name: string, text: string): Promise<void> {
      const now = deps.now();
      const draft: Draft = { id: newDraftId(now), name, text, updatedAt: now };
      if (origin.value === forOrigin && book.value !== null) {
        updateBook(addDraft(book.value, draft), true);
        draftRevision.value++;
      } else {
        const stored = readDraftBook(await deps.drafts.load(forOrigin).catch(() => null));
        const next = addDraft(stored, draft);
        await deps.drafts.save(forOrigin, next);
        if (origin.value === forOrigin) {
          book.value = next;
          draftRevision.value++;
        }
      }
      setView('draft');
    },
  };
}

export type WorkbenchState = ReturnType<typeof createWorkbenchState>;
