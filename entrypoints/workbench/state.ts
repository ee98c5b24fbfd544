/**
 * The workbench page's state, made of its parts: the live file (live-file.ts), the origin's drafts
 * (drafts-state.ts), the URL set (url-set.ts), the results (results.ts) and their Use and lens pass
 * (signals-state.ts), all talking to the page's Web Worker through numbered jobs (jobs.ts). This
 * module owns what the page as a whole has: the open origin, the view and the notice; it hands out
 * read-only signals and actions only.
 */

import { type ReadonlySignal, signal } from '@preact/signals';
import type { ProtocolClient } from '../../lib/protocol/messages';
import type { CrawlerPreset } from '../../lib/robots';
import { listCrawlers, parseUrl } from '../../lib/workbench';
import { originOfTyped } from '../../lib/shared/url';
import { createDrafts, type DraftsState } from './drafts-state';
import type { DraftStore } from './drafts';
import { createWorkerJobs, type WorkerPort } from './jobs';
import { createLiveFile, type LiveFileState } from './live-file';
import { createResults, type ResultsState } from './results';
import { createSignals, type SignalsState } from './signals-state';
import { createUrlSet, type UrlSetState } from './url-set';

export { DEBOUNCE_MS, STORAGE_FULL } from './drafts-state';
export type { WorkerPort } from './jobs';
export type { LiveState } from './live-file';
export type { Evaluated, ExportState, UrlSetComparison } from './results';
export type { PickedFile } from './url-set';

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

/** The workbench page's state: its parts' signals and actions, and the page's own. */
export interface WorkbenchState extends LiveFileState, DraftsState, UrlSetState, ResultsState, SignalsState {
  /** Every crawler preset, in preset order. */
  readonly crawlers: readonly CrawlerPreset[];
  /** The origin open, or null until one is typed or named in the address. */
  readonly origin: ReadonlySignal<string | null>;
  readonly originInput: ReadonlySignal<string>;
  /** The page the workbench was opened for, or null (its home page). */
  readonly pageUrl: ReadonlySignal<string | null>;
  readonly view: ReadonlySignal<WorkbenchView>;
  /** A failure told in words above the page (a bad origin, the worker, a file, the export). */
  readonly notice: ReadonlySignal<string | null>;
  /** Opens the origin from the address (or waits for the origin field). */
  start(): Promise<void>;
  setOriginInput(text: string): void;
  /** Opens the origin typed in the origin field. */
  submitOrigin(): Promise<void>;
  /** Evaluates only these crawlers (kept with the origin's drafts); the table, summary and CSV follow. */
  setCrawlers(tokens: readonly string[]): void;
  dismissNotice(): void;
  /** Shows the draft editor or the history, and says so in the address. */
  setView(next: WorkbenchView): void;
  /**
   * Adds a draft (named `name`, holding `text`) to the drafts of `forOrigin`, makes it the current
   * one and shows the draft editor. The origin's drafts are read from storage when the page has not
   * loaded them (its live file still loading or failed); drafts that cannot be read are not saved over.
   */
  startDraft(forOrigin: string, name: string, text: string): Promise<void>;
}

/** Returns the workbench state and its actions. */
export function createWorkbenchState(deps: WorkbenchDeps): WorkbenchState {
  const crawlers = listCrawlers();
  const origin = signal<string | null>(null);
  const originInput = signal(deps.params.origin ?? '');
  const pageUrl = signal<string | null>(null);
  const notice = signal<string | null>(null);
  const view = signal<WorkbenchView>(readView(deps.params.view));
  const notify = (message: string) => (notice.value = message);

  const jobs = createWorkerJobs(deps.worker);
  const live = createLiveFile({ client: deps.client, jobs, origin });
  // The parts call each other only through these callbacks, made before the parts they reach.
  const evaluate = () => results.evaluate();
  const drafts = createDrafts({
    store: deps.drafts,
    jobs,
    crawlers,
    origin,
    liveText: live.state.liveText,
    onEdited: evaluate,
    download: deps.download,
    now: deps.now,
  });
  const urlSet = createUrlSet({
    jobs,
    origin,
    pageUrl,
    liveSitemaps: live.sitemaps,
    onChanged: () => {
      results.clearSelection();
      evaluate();
    },
    notify,
  });
  const results = createResults({
    jobs,
    crawlers,
    origin,
    live: live.state.live,
    liveText: live.state.liveText,
    liveSitemaps: live.sitemaps,
    draftText: drafts.state.draftText,
    chosenCrawlers: drafts.state.chosenCrawlers,
    urls: urlSet.state.urls,
    fromSitemap: urlSet.fromSitemap,
    outcomes: urlSet.state.outcomes,
    onLiveSitemaps: live.noteSitemaps,
    notify,
    download: deps.download,
    copy: deps.copy,
    refineRows: (rows) => signals.refineRows(rows),
    csvExtra: () => signals.csvExtra(),
    draftName: () => {
      const book = drafts.state.book.value;
      return book?.drafts.find((d) => d.id === book.currentId)?.name ?? null;
    },
    now: deps.now,
  });
  const signals = createSignals({ jobs, evaluated: results.state.evaluated });
  jobs.listen((reply) => {
    if (reply.type === 'failed') notify(`Something went wrong in the workbench's worker: ${reply.message}`);
  });

  async function openOrigin(nextOrigin: string, nextUrl: string | null): Promise<void> {
    origin.value = nextOrigin;
    originInput.value = nextOrigin;
    pageUrl.value = nextUrl;
    deps.setAddress(nextOrigin, nextUrl, view.value);
    results.reset();
    urlSet.reset();
    notice.value = null;
    if (!(await live.load(nextOrigin, nextUrl))) return;
    await drafts.open(nextOrigin);
    live.lint();
    drafts.lint();
    urlSet.startWith(nextUrl ?? `${nextOrigin}/`, nextUrl ? 'the page URL' : 'the home page');
  }

  function setView(next: WorkbenchView): void {
    view.value = next;
    const o = origin.value;
    if (o !== null) deps.setAddress(o, pageUrl.value, next);
  }

  return {
    ...live.state,
    ...drafts.state,
    ...urlSet.state,
    ...results.state,
    ...signals.state,
    crawlers,
    origin,
    originInput,
    pageUrl,
    view,
    notice,
    async start() {
      const fromParams = deps.params.origin ? originOfTyped(deps.params.origin) : null;
      const fromUrl = deps.params.url ? originOfTyped(deps.params.url) : null;
      const o = fromParams ?? fromUrl;
      if (o === null) return;
      const url = deps.params.url && fromUrl === o ? (parseUrl(deps.params.url)?.href ?? null) : null;
      await openOrigin(o, url);
    },
    setOriginInput(text) {
      originInput.value = text;
    },
    async submitOrigin() {
      const o = originOfTyped(originInput.value);
      if (o === null) {
        notice.value = `"${originInput.value}" is not a web address: type a site such as https://example.com.`;
        return;
      }
      await openOrigin(o, null);
    },
    setCrawlers(tokens) {
      if (drafts.state.book.value === null) return;
      results.clearCrawlerFilter();
      drafts.setCrawlers(tokens);
    },
    dismissNotice() {
      notice.value = null;
    },
    setView,
    async startDraft(forOrigin, name, text) {
      await drafts.addDraft(forOrigin, name, text);
      setView('draft');
    },
  };
}
