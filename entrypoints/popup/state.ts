/**
 * The popup's state: signals and actions, made by createPopupState({ client, platform }) and handed
 * down through props. The robots.txt body is parsed once per inspection; switching crawler or
 * typing a path only re-evaluates. The worker lints the file and sends the findings with the
 * inspection, so the linter is not in the popup.
 *
 * The first verdict needs no engine: the worker sends its verdict for the stored crawler with the
 * inspection. The engine (./engine.ts) loads by a dynamic import while the worker answers, and
 * everything that parses or evaluates (another crawler, the matrix, the path tester, the file
 * view, the report) waits for it: until then those signals are empty.
 *
 * Every state module of the extension's pages has this shape: one factory, create<Name>State(deps),
 * taking one deps object (<Name>Deps: the protocol client, the platform's functions, the signals of
 * the state it is made from, and for tests the clock and the dynamic imports) and returning
 * <Name>State, read-only signals and actions. Nothing lives at module level (no signal, no
 * counter); types a view renders and the state makes live in the components' model modules
 * (components/…/model.ts), never in a view. A part that a page's state is made of (the workbench's
 * live file, drafts, URL set, results, signals) is create<Name>(deps: <Name>Deps) returning
 * { state: <Name>State, …hooks only the page's state calls } (entrypoints/workbench/state.ts).
 */
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import type {
  CrawlerOption,
  FileMarks,
  FileText,
  MakeDefaultAnswer,
  MatrixRow,
  PageVerdict,
  PathResult,
  TokenCheck,
} from '../../components/popup/model';
import { checkToken } from '../../components/token-check';
import { type Inspection, type InspectionTarget, type ProtocolClient } from '../../lib/protocol/messages';
import { ProtocolError } from '../../lib/protocol/errors';
import { locateRobotsTxt } from '../../lib/fetch/location';
import type { PageRobots } from '../../lib/verdict/types';
import { DEFAULT_CRAWLER, type Settings } from '../../lib/settings';
import { optionForToken, presetOptions } from './crawler-options';
import { createIndexabilityState, type IndexabilityState } from './indexability-state';
import type { PopupPlatform } from './platform';
import { createResourcesState, type ResourcesState } from './resources-state';
import { createUsageState, type UsageModule, type UsageState } from './usage-state';
import { trimAscii } from '../../lib/shared/ascii';
import { errorWords } from '../../lib/shared/error-words';

/** Where the popup is: waiting for the worker, failed, or showing an inspection. */
export type Phase =
  /** Waiting for the worker; `robotsUrl` (null until the tab's address is known) is being fetched since `startedAt`. */
  | { readonly kind: 'loading'; readonly robotsUrl: string | null; readonly startedAt: number }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly inspection: Inspection };

/** The popup's engine part, loaded after the popup's own code (see ./engine.ts). */
export type PopupEngine = typeof import('./engine');

/** Returns the engine part; a dynamic import, so the bundler splits it off the first verdict's path. */
const importEngine = (): Promise<PopupEngine> => import('./engine');

/** Returns the Use verdict's part; a dynamic import, loaded once the first verdict has painted. */
const importUsage = (): Promise<UsageModule> => import('./usage-engine');

/** How often the loading card's elapsed seconds are redrawn. */
const TICK_MS = 1000;

export interface PopupState {
  readonly phase: ReadonlySignal<Phase>;
  /** The crawler this popup shows: the default when it opens, then whatever is picked in it. */
  readonly crawler: ReadonlySignal<CrawlerOption>;
  /** The stored crawler: the badge's on every tab, and the one each popup opens with. */
  readonly defaultCrawler: ReadonlySignal<CrawlerOption>;
  readonly crawlerOptions: ReadonlySignal<readonly CrawlerOption[]>;
  readonly tokenCheck: ReadonlySignal<TokenCheck>;
  /**
   * The verdict for the page and crawler, or null until an inspection is ready (and, for a crawler
   * the worker did not judge, until the engine has loaded).
   */
  readonly verdict: ReadonlySignal<PageVerdict | null>;
  /** The body's one parse for this inspection, made when first read once the engine has loaded; null before. */
  readonly analysis: ReadonlySignal<PageRobots | null>;
  /** False until the engine part has loaded (the matrix, the file view and the path tester wait for it). */
  readonly engineLoaded: ReadonlySignal<boolean>;
  readonly matrix: ReadonlySignal<readonly MatrixRow[]>;
  /**
   * The file's lines, or null when there is no file; each line gets its lint findings once the
   * worker has sent them. Computed when first read.
   */
  readonly file: ReadonlySignal<FileText | null>;
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
  /** What this inspector is called on screen: a crawler picked in it is for "this popup only" or "this panel only". */
  readonly hostName: 'popup' | 'panel';
  /** The "Page resources" section. */
  readonly resources: ResourcesState;
  /** The Use verdict: search, AI input and AI training for the crawler and every preset. */
  readonly usage: UsageState;
  /** Loads settings and the inspection; also the Retry action. */
  start(): Promise<void>;
  /** Starts loading unless a load has already begun (the popup asks before its first render). */
  ensureStarted(): void;
  /** Fetches robots.txt again, bypassing the cache. */
  refresh(): Promise<void>;
  /** While loading: seconds since the fetch started (redrawn each second). */
  readonly elapsedSeconds: ReadonlySignal<number>;
  /** Stops the running fetch in the worker (the user's Cancel) and says so. */
  cancel(): Promise<void>;
  /** Stops the running fetch and fetches again, bypassing the cache. */
  retry(): Promise<void>;
  /** Shows `token` in this popup; the default (the badge's crawler) stays. */
  selectCrawler(token: string): Promise<void>;
  /**
   * Saves this popup's crawler as the default. A token Google can never match is saved only with
   * `confirmed`; without it the result asks for a confirmation.
   */
  makeDefault(confirmed?: boolean): Promise<MakeDefaultAnswer>;
  addCustomToken(token: string): Promise<void>;
  checkToken(token: string): TokenCheck;
  setPathInput(value: string): void;
  copy(text: string): Promise<void>;
  /** The plain-text report, or null until the engine has loaded. */
  report(): string | null;
  popOut(): Promise<void>;
  /**
   * Opens the side panel of this tab's window, at once (the browser allows it only inside the
   * click); null where the platform has none.
   */
  readonly openSidePanel: (() => void) | null;
}

/** Returns a message for the user from anything thrown. */
export function describeError(error: unknown): string {
  // The worker's words come as they are; a bug in the popup itself says its kind (TypeError: …).
  return errorWords(error, { named: !(error instanceof ProtocolError) });
}

/** What the popup's state reads: the worker, the browser, and (for tests) the clock and its dynamic imports. */
export interface PopupStateDeps {
  readonly client: ProtocolClient;
  readonly platform: PopupPlatform;
  /** Epoch ms (default Date.now). */
  readonly now?: () => number;
  /** The engine's dynamic import. */
  readonly loadEngine?: () => Promise<PopupEngine>;
  /** The Use verdict's dynamic import. */
  readonly loadUsage?: () => Promise<UsageModule>;
}

/** Returns the popup's state and actions, talking to the worker through `deps.client`. */
export function createPopupState(deps: PopupStateDeps): PopupState {
  const { client, platform, now = Date.now, loadEngine = importEngine, loadUsage = importUsage } = deps;
  const phase = signal<Phase>({ kind: 'loading', robotsUrl: null, startedAt: now() });
  const settings = signal<Settings | null>(null);
  const selectedToken = signal(DEFAULT_CRAWLER);
  const pathInput = signal('');
  const refreshing = signal(false);
  const notice = signal<string | null>(null);
  /** Redrawn each second while loading. */
  const clock = signal(now());
  let target: InspectionTarget | null = null;
  let tabId: number | null = null;
  /** The page's robots.txt, known once the tab's address is. */
  let robots: { readonly origin: string; readonly robotsUrl: string } | null = null;
  let loadId = 0;
  let ticker: ReturnType<typeof setInterval> | null = null;
  const engine = signal<PopupEngine | null>(null);
  /** Asked for at once, so it loads while the worker answers; awaited by `load` after the verdict is set. */
  let engineLoading: Promise<PopupEngine> | null = null;
  function requireEngine(): Promise<PopupEngine> {
    engineLoading ??= loadEngine().then(
      (loaded) => (engine.value = loaded),
      (error: unknown) => {
        // A failed import may succeed on Retry.
        engineLoading = null;
        throw error;
      },
    );
    return engineLoading;
  }

  const presets = presetOptions();
  const crawler = computed(() => optionForToken(selectedToken.value));
  const defaultCrawler = computed(() => optionForToken(settings.value?.crawler ?? DEFAULT_CRAWLER));
  const crawlerOptions = computed(() => {
    const customs = settings.value?.customTokens ?? [];
    const tokens = new Set(presets.map((p) => p.token));
    const extra = [...customs, selectedToken.value].filter((t, i, all) => !tokens.has(t) && all.indexOf(t) === i);
    return [...presets, ...extra.map(optionForToken)];
  });
  const tokenCheck = computed(() => checkToken(selectedToken.value));
  const ready = computed(() => (phase.value.kind === 'ready' ? phase.value : null));
  // The one parse of the inspection's body: a computed reruns only for a new inspection.
  const analysis = computed(() => {
    const r = ready.value;
    const e = engine.value;
    return r && e ? e.readPageRobots(r.inspection) : null;
  });
  const verdict = computed(() => {
    const r = ready.value;
    if (!r) return null;
    // The worker judged the stored crawler already: no parse is needed to paint its verdict.
    const judged = r.inspection.kind === 'inspected' ? r.inspection.verdict : undefined;
    if (judged !== undefined && judged.crawler === selectedToken.value) return judged.verdict;
    const a = analysis.value;
    return a && engine.value ? engine.value.judgePage(a, r.inspection.pageUrl, selectedToken.value) : null;
  });
  const indexability = createIndexabilityState({
    client,
    platform: platform.page ?? null,
    crawler,
    tokens: computed(() => crawlerOptions.value.map((o) => o.token)),
    colors: computed(() => settings.value?.markColors),
    now,
  });
  const usage = createUsageState({
    inspection: computed(() => ready.value?.inspection ?? null),
    analysis,
    page: indexability.usagePage,
    crawler,
    importModule: loadUsage,
    now,
    fetchPageUsage: (pageUrl, { headers, meta }, refresh) => client.pageUsage({ pageUrl, headers, meta, refresh }),
  });
  const matrix = computed(() => {
    const r = ready.value;
    const a = analysis.value;
    if (!r || !a || !engine.value) return [];
    const rows = indexability.withIndexable(engine.value.evaluateMatrix(a, r.inspection.pageUrl));
    const use = usage.byCrawler.value;
    return use === null ? rows : rows.map((row) => ({ ...row, use: use.get(row.crawler.token) }));
  });
  const file = computed(() => {
    const r = ready.value;
    const a = analysis.value;
    if (a?.kind !== 'ok' || r?.inspection.kind !== 'inspected' || !engine.value) return null;
    return engine.value.buildFileText(a, r.inspection.diagnostics, r.inspection.directives.usageLines);
  });
  const fileMarks = computed(() =>
    verdict.value && engine.value ? engine.value.fileMarksFor(verdict.value) : { decidingLine: 0, groupRanges: [] },
  );
  const resources = createResourcesState({
    client,
    crawler,
    checkOtherHosts: computed(() => settings.value?.checkOtherHosts ?? null),
    watch: platform.watchResources,
    loadEngine: requireEngine,
  });
  const pathResult = computed((): PathResult => {
    // An empty input needs no parse: reading `analysis` would parse the file before the verdict paints.
    if (!ready.value || pathInput.value.trim() === '') return { kind: 'empty' };
    const a = analysis.value;
    if (!a || !engine.value) return { kind: 'empty' };
    return engine.value.evaluatePath(a, pathInput.value, selectedToken.value);
  });
  const elapsedSeconds = computed(() => {
    const p = phase.value;
    return p.kind === 'loading' ? Math.max(0, Math.floor((clock.value - p.startedAt) / 1000)) : 0;
  });

  /** Redraws the elapsed seconds while loading, and stops once loading ends. */
  function tick(): void {
    if (ticker !== null) return;
    ticker = setInterval(() => {
      if (phase.value.kind !== 'loading') {
        if (ticker !== null) clearInterval(ticker);
        ticker = null;
        return;
      }
      clock.value = now();
    }, TICK_MS);
  }

  /** Shows the loading card for the page's robots.txt (once its address is known). */
  function showLoading(): void {
    const startedAt = now();
    clock.value = startedAt;
    phase.value = { kind: 'loading', robotsUrl: robots?.robotsUrl ?? null, startedAt };
    tick();
  }

  async function inspect(refresh: boolean, id: number): Promise<Extract<Phase, { kind: 'ready' }>> {
    const flags = refresh ? { refresh: true } : {};
    if (target === null) {
      // The worker starts on the quick target while the popup looks up its own tab: one round
      // trip less before the verdict. The inspection's tabId says whether the guess was this tab.
      const quick = platform.quickTarget;
      const guessed = quick === undefined ? null : client.inspect({ target: quick, ...flags });
      // A wrong or failed guess is replaced below; its rejection is not left unhandled.
      guessed?.catch(() => undefined);
      const found = await platform.findTarget();
      target = found.target;
      tabId = found.tabId;
      const location = found.pageUrl === null ? null : locateRobotsTxt(found.pageUrl);
      robots = location?.kind === 'governed' ? location : null;
      const p = phase.value;
      if (id === loadId && p.kind === 'loading' && robots !== null) phase.value = { ...p, robotsUrl: robots.robotsUrl };
      const early = guessed === null ? null : await guessed.catch(() => null);
      if (early !== null && early.tabId !== null && early.tabId === found.tabId)
        return { kind: 'ready', inspection: early };
    }
    const inspection = await client.inspect({ target, ...flags });
    return { kind: 'ready', inspection };
  }

  async function load(refresh: boolean): Promise<void> {
    const id = ++loadId;
    batch(() => {
      showLoading();
      notice.value = null;
    });
    try {
      const [loaded, inspected] = await Promise.all([client.getSettings({}), inspect(refresh, id)]);
      if (id !== loadId) return;
      batch(() => {
        settings.value = loaded;
        selectedToken.value = platform.crawlerChoice?.get() ?? loaded.crawler;
        phase.value = inspected;
      });
      // Nothing else is started until the verdict is painted: the engine's code, compiled while
      // the worker answered, held the answer back; a crawler the worker did not judge paints
      // "Evaluating…" first.
      await platform.afterPaint?.();
      if (id !== loadId) return;
      // The page's verdict is on screen; its indexability and resources follow on their own.
      void indexability.start(inspected.inspection.kind === 'inspected' ? tabId : null);
      if (tabId !== null && inspected.inspection.kind === 'inspected')
        void resources.start(tabId, inspected.inspection.pageUrl);
      // The rest of the popup needs the engine. Without it the verdict stays.
      await requireEngine().catch((error: unknown) => {
        if (id === loadId)
          notice.value = `Could not load the part of the popup that reads robots.txt: ${describeError(error)}`;
      });
      // The Use verdict reads the parse too: it follows the engine, never ahead of the verdict.
      if (id === loadId) await usage.load();
    } catch (error) {
      if (id === loadId) phase.value = { kind: 'error', message: describeError(error) };
    }
  }

  const start = (): Promise<void> => load(false);

  /** Asks the worker to stop fetching; returns what it said. */
  async function stopFetch(): Promise<string> {
    if (robots === null) return 'There was no fetch to stop.';
    try {
      const { cancelled } = await client.cancelFetch({ origin: robots.origin });
      return cancelled
        ? `Cancelled: Robotscope stopped fetching ${robots.robotsUrl}.`
        : `Nothing to cancel: the fetch of ${robots.robotsUrl} had already ended.`;
    } catch (error) {
      return `Could not cancel the fetch: ${describeError(error)}`;
    }
  }

  async function cancel(): Promise<void> {
    const p = phase.value;
    if (p.kind !== 'loading') return;
    const seconds = elapsedSeconds.value;
    // The inspection still pending is of no use now.
    const id = ++loadId;
    const said = await stopFetch();
    if (id !== loadId) return;
    phase.value = {
      kind: 'error',
      message: said.startsWith('Cancelled') ? `${said.slice(0, -1)} after ${seconds} s.` : said,
    };
  }

  async function retry(): Promise<void> {
    if (phase.value.kind === 'loading') await stopFetch();
    await load(true);
  }

  async function refresh(): Promise<void> {
    refreshing.value = true;
    notice.value = null;
    const id = loadId;
    try {
      const inspected = await inspect(true, id);
      phase.value = inspected;
      // Every section reads the new file: the worker judged the page's indexability, and the popup
      // the page's resources, against the one it had before (never two answers at once).
      if (inspected.inspection.kind === 'inspected') {
        void indexability.rejudge();
        if (tabId !== null) void resources.start(tabId, inspected.inspection.pageUrl);
      }
    } catch (error) {
      if (phase.value.kind === 'ready') notice.value = `Fetching robots.txt again failed: ${describeError(error)}`;
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

  function selectCrawler(token: string): Promise<void> {
    // This popup only: the badge of every tab keeps the default until "Make default".
    selectedToken.value = token;
    platform.crawlerChoice?.set(token);
    return Promise.resolve();
  }

  async function makeDefault(confirmed = false): Promise<MakeDefaultAnswer> {
    const token = selectedToken.value;
    const check = tokenCheck.value;
    if (check.kind === 'unmatchable' && !confirmed) return { kind: 'confirm', explanation: check.explanation };
    await save({ crawler: token });
    return notice.value === null ? { kind: 'saved' } : { kind: 'failed' };
  }

  async function addCustomToken(raw: string): Promise<void> {
    const token = trimAscii(raw);
    if (token.length === 0) return;
    selectedToken.value = token;
    platform.crawlerChoice?.set(token);
    // The worker adds it to the stored list, keeping every stored token (lib/settings' limit), and
    // leaves the default crawler as it is: a token picked here is this popup's only.
    try {
      settings.value = await client.addCustomToken({ token, select: false });
      notice.value = null;
    } catch (error) {
      notice.value = `Could not save the custom token: ${describeError(error)}`;
    }
  }

  function report(): string | null {
    const r = ready.value;
    const v = verdict.value;
    const a = analysis.value;
    const e = engine.value;
    if (!r || !v || !a || !e) return null;
    return e.buildReport(
      r.inspection,
      a,
      crawler.value,
      v,
      new Date(now()),
      resources.reportLines(),
      indexability.reportLines(),
      usage.reportLines(),
    );
  }

  return {
    phase,
    crawler,
    defaultCrawler,
    crawlerOptions,
    tokenCheck,
    verdict,
    analysis,
    engineLoaded: computed(() => engine.value !== null),
    matrix,
    file,
    fileMarks,
    pathInput,
    pathResult,
    refreshing,
    notice,
    indexability,
    canPopOut: !platform.hasTabParam,
    hostName: platform.hostName ?? 'popup',
    resources,
    usage,
    start,
    ensureStarted: () => void (loadId === 0 ? start() : undefined),
    refresh,
    elapsedSeconds,
    cancel,
    retry,
    selectCrawler,
    makeDefault,
    addCustomToken,
    checkToken,
    setPathInput: (value) => void (pathInput.value = value),
    copy: (text) => platform.writeClipboard(text),
    report,
    openSidePanel: platform.openSidePanel
      ? () =>
          void platform.openSidePanel?.().catch((error: unknown) => {
            notice.value = `Could not open the side panel: ${describeError(error)}`;
          })
      : null,
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
