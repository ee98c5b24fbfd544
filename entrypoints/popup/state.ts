/**
 * The popup's state: signals and actions, made by createPopupState(client, platform) and handed
 * down through props. The robots.txt body is parsed once per inspection; switching crawler or
 * typing a path only re-evaluates. The worker lints the file, so the linter is not in the popup.
 */
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import type {
  CrawlerOption,
  FileMarks,
  FileText,
  MatrixRow,
  PageVerdict,
  PathResult,
  TokenCheck,
} from '../../components/popup/model';
import { checkToken } from '../../components/token-check';
import { type Inspection, type InspectionTarget, type ProtocolClient, ProtocolError } from '../../lib/messages';
import { judgePage, readPageRobots } from '../../lib/page-verdict';
import type { Diagnostic } from '../../lib/robots/types';
import type { Settings } from '../../lib/settings';
import {
  buildFileText,
  evaluateMatrix,
  evaluatePath,
  type FileAnalysis,
  fileMarksFor,
  isLargeFile,
  optionForToken,
  presetOptions,
} from './analysis';
import { createIndexabilityState, type IndexabilityState } from './indexability-state';
import type { PopupPlatform } from './platform';
import { buildReport } from './report';

/** Where the popup is: waiting for the worker, failed, or showing an inspection. */
export type Phase =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly inspection: Inspection; readonly analysis: FileAnalysis };

/** The crawler selected when the worker's settings have not arrived yet. */
const DEFAULT_CRAWLER = 'Googlebot';
/** Custom tokens remembered, most recent first. */
const MAX_CUSTOM_TOKENS = 10;

export interface PopupState {
  readonly phase: ReadonlySignal<Phase>;
  readonly crawler: ReadonlySignal<CrawlerOption>;
  readonly crawlerOptions: ReadonlySignal<readonly CrawlerOption[]>;
  readonly tokenCheck: ReadonlySignal<TokenCheck>;
  /** The verdict for the page and crawler, or null until an inspection is ready. */
  readonly verdict: ReadonlySignal<PageVerdict | null>;
  readonly matrix: ReadonlySignal<readonly MatrixRow[]>;
  /**
   * The file's lines, or null when there is no file; each line gets its lint findings once the
   * worker has sent them. Computed when first read.
   */
  readonly file: ReadonlySignal<FileText | null>;
  /** A file so large the popup paints the verdict before evaluating every crawler. */
  readonly largeFile: ReadonlySignal<boolean>;
  readonly fileMarks: ReadonlySignal<FileMarks>;
  readonly pathInput: ReadonlySignal<string>;
  readonly pathResult: ReadonlySignal<PathResult>;
  readonly refreshing: ReadonlySignal<boolean>;
  /** A failure that does not replace the inspection (a setting not saved, a refresh failed). */
  readonly notice: ReadonlySignal<string | null>;
  /** The page's indexability (meta robots, X-Robots-Tag, canonical, status) and the link marks. */
  readonly indexability: IndexabilityState;
  /** False when the popup was opened for a given tab (it is already popped out). */
  readonly canPopOut: boolean;
  /** Loads settings and the inspection; also the Retry action. */
  start(): Promise<void>;
  /** Fetches robots.txt again, bypassing the cache. */
  refresh(): Promise<void>;
  selectCrawler(token: string): Promise<void>;
  addCustomToken(token: string): Promise<void>;
  checkToken(token: string): TokenCheck;
  setPathInput(value: string): void;
  copy(text: string): Promise<void>;
  report(): string;
  popOut(): Promise<void>;
}

/** Returns a message for the user from anything thrown. */
export function describeError(error: unknown): string {
  if (error instanceof ProtocolError) return error.message;
  if (error instanceof Error) return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`;
  return String(error);
}

/** Returns the popup's state and actions, talking to the worker through `client`. */
export function createPopupState(
  client: ProtocolClient,
  platform: PopupPlatform,
  now: () => number = Date.now,
): PopupState {
  const phase = signal<Phase>({ kind: 'loading' });
  const settings = signal<Settings | null>(null);
  const selectedToken = signal(DEFAULT_CRAWLER);
  const pathInput = signal('');
  const refreshing = signal(false);
  const notice = signal<string | null>(null);
  /** The worker's lint findings, and the analysis they are for (a refresh makes them stale). */
  const findings = signal<{ readonly analysis: FileAnalysis; readonly diagnostics: readonly Diagnostic[] } | null>(
    null,
  );
  let target: InspectionTarget | null = null;
  let tabId: number | null = null;
  let loadId = 0;

  const presets = presetOptions();
  const crawler = computed(() => optionForToken(selectedToken.value));
  const crawlerOptions = computed(() => {
    const customs = settings.value?.customTokens ?? [];
    const tokens = new Set(presets.map((p) => p.token));
    const extra = [...customs, selectedToken.value].filter((t, i, all) => !tokens.has(t) && all.indexOf(t) === i);
    return [...presets, ...extra.map(optionForToken)];
  });
  const tokenCheck = computed(() => checkToken(selectedToken.value));
  const ready = computed(() => (phase.value.kind === 'ready' ? phase.value : null));
  const verdict = computed(() => {
    const r = ready.value;
    return r ? judgePage(r.analysis, r.inspection.pageUrl, selectedToken.value) : null;
  });
  const indexability = createIndexabilityState({
    client,
    platform: platform.page ?? null,
    crawler,
    tokens: computed(() => crawlerOptions.value.map((o) => o.token)),
    colors: computed(() => settings.value?.markColors),
    now,
  });
  const matrix = computed(() => {
    const r = ready.value;
    if (!r) return [];
    return indexability.withIndexable(evaluateMatrix(r.analysis, r.inspection.pageUrl));
  });
  const file = computed(() => {
    const analysis = ready.value?.analysis;
    if (analysis?.kind !== 'parsed') return null;
    const found = findings.value;
    return buildFileText(analysis, found?.analysis === analysis ? found.diagnostics : []);
  });
  const largeFile = computed(() => (ready.value ? isLargeFile(ready.value.analysis) : false));
  const fileMarks = computed(() =>
    verdict.value ? fileMarksFor(verdict.value) : { decidingLine: 0, groupRanges: [] },
  );
  const pathResult = computed((): PathResult => {
    const r = ready.value;
    return r ? evaluatePath(r.analysis, pathInput.value, selectedToken.value) : { kind: 'empty' };
  });

  async function inspect(refresh: boolean): Promise<Extract<Phase, { kind: 'ready' }>> {
    if (target === null) {
      const found = await platform.findTarget();
      target = found.target;
      tabId = found.tabId;
    }
    const inspection = await client.inspect({ target, ...(refresh ? { refresh: true } : {}) });
    // The one parse of this inspection's body; every evaluation after this reuses it.
    return { kind: 'ready', inspection, analysis: readPageRobots(inspection) };
  }

  /** Asks the worker to lint the file of `analysis`; a failure becomes the notice. */
  async function lint(analysis: FileAnalysis): Promise<void> {
    if (analysis.kind !== 'parsed') return;
    try {
      const { diagnostics } = await client.lint({ text: analysis.body.text });
      // A refresh may have brought another file meanwhile: its own findings must not be replaced.
      if (ready.value?.analysis === analysis) findings.value = { analysis, diagnostics };
    } catch (error) {
      if (ready.value?.analysis === analysis)
        notice.value = `Could not check robots.txt for mistakes: ${describeError(error)}`;
    }
  }

  async function start(): Promise<void> {
    const id = ++loadId;
    batch(() => {
      phase.value = { kind: 'loading' };
      notice.value = null;
    });
    try {
      // Settings and the inspection are independent: ask for both at once.
      const [loaded, inspected] = await Promise.all([client.getSettings({}), inspect(false)]);
      if (id !== loadId) return;
      batch(() => {
        settings.value = loaded;
        selectedToken.value = loaded.crawler;
        phase.value = inspected;
      });
      void lint(inspected.analysis);
      void indexability.start(inspected.inspection.kind === 'inspected' ? tabId : null);
    } catch (error) {
      if (id === loadId) phase.value = { kind: 'error', message: describeError(error) };
    }
  }

  async function refresh(): Promise<void> {
    refreshing.value = true;
    notice.value = null;
    try {
      const inspected = await inspect(true);
      phase.value = inspected;
      void lint(inspected.analysis);
    } catch (error) {
      if (phase.value.kind === 'ready') notice.value = `Refresh failed: ${describeError(error)}`;
      else phase.value = { kind: 'error', message: describeError(error) };
    } finally {
      refreshing.value = false;
    }
  }

  async function save(change: Partial<Omit<Settings, 'version'>>): Promise<void> {
    try {
      settings.value = await client.setSettings(change);
      notice.value = null;
    } catch (error) {
      notice.value = `Could not save the crawler choice: ${describeError(error)}`;
    }
  }

  async function selectCrawler(token: string): Promise<void> {
    selectedToken.value = token;
    await save({ crawler: token });
  }

  async function addCustomToken(raw: string): Promise<void> {
    const token = raw.trim();
    if (token.length === 0) return;
    const previous = settings.value?.customTokens ?? [];
    const customTokens = [token, ...previous.filter((t) => t !== token)].slice(0, MAX_CUSTOM_TOKENS);
    selectedToken.value = token;
    await save({ crawler: token, customTokens });
  }

  function report(): string {
    const r = ready.value;
    const v = verdict.value;
    if (!r || !v) return '';
    return buildReport(r.inspection, crawler.value, v, new Date(now()), indexability.reportLines());
  }

  return {
    phase,
    crawler,
    crawlerOptions,
    tokenCheck,
    verdict,
    matrix,
    file,
    largeFile,
    fileMarks,
    pathInput,
    pathResult,
    refreshing,
    notice,
    indexability,
    canPopOut: !platform.hasTabParam,
    start,
    refresh,
    selectCrawler,
    addCustomToken,
    checkToken,
    setPathInput: (value) => void (pathInput.value = value),
    copy: (text) => platform.writeClipboard(text),
    report,
    async popOut() {
      if (tabId === null) return;
      try {
        await platform.popOut(tabId);
      } catch (error) {
        notice.value = `Could not open a window: ${describeError(error)}`;
      }
    },
  };
}
