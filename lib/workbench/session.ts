/**
 * What the workbench's Web Worker does, free of the worker itself so Node tests drive it: hold the
 * URL set, evaluate live and draft over it in time-sliced chunks (the live columns kept until the
 * live file, the URLs or the crawlers change), lint drafts and load sitemaps. Messages in, messages out.
 */

import type { CrawlerPreset, Diagnostic, Sitemap } from '../robots';
import {
  loadSitemaps,
  type OffSiteGroup,
  type SitemapFetch,
  type SitemapOutcome,
  type SitemapProgress,
  type SitemapUrl,
} from '../sitemaps';
import {
  lintDraft,
  listCrawlers,
  listSitemapLines,
  type PreparedRobots,
  prepareRobots,
  type RobotsSource,
} from './engine';
import { createSideColumns, evaluateRange, type SideColumns } from './results';
import { runSignals, type SignalPart, type SignalsReply, type SignalsRequest } from './signals-session';
import { type ParsedUrlList, parseUrlList } from './url-list';
import { errorWords } from '../shared/error-words';

/** Requests from the page. `job` ties replies to a request; a newer evaluate supersedes an older one. */
export type WorkerRequest =
  | { readonly type: 'set-urls'; readonly urls: readonly string[] }
  | {
      readonly type: 'evaluate';
      readonly job: number;
      readonly live: RobotsSource;
      readonly draft: RobotsSource;
      /** Crawler tokens, in table order (presets only). */
      readonly crawlers: readonly string[];
    }
  | { readonly type: 'lint'; readonly job: number; readonly text: string }
  /** A pasted list or a file's text, parsed here: 50,000 lines take longer than a page may block. */
  | {
      readonly type: 'parse-urls';
      readonly job: number;
      readonly text: string;
      readonly origin: string;
      readonly asCsv: boolean;
      readonly label: string;
    }
  | {
      readonly type: 'load-sitemaps';
      readonly job: number;
      readonly startUrls: readonly string[];
      /** The site's origin: only its sitemaps are followed. */
      readonly siteOrigin: string;
      /** Other origins the person clicked Fetch for. */
      readonly allowedOrigins: readonly string[];
    }
  | { readonly type: 'cancel'; readonly job: number }
  /** The second pass (Use answers or parser lenses), only when the page asks; a newer one of its part supersedes it. */
  | SignalsRequest;

/** Replies to the page. */
export type WorkerReply =
  /** Evaluation progress: `done` of `total` URLs have both their live and draft verdicts. */
  | { readonly type: 'progress'; readonly job: number; readonly done: number; readonly total: number }
  | {
      readonly type: 'evaluated';
      readonly job: number;
      readonly crawlers: readonly string[];
      readonly urlCount: number;
      readonly live: SideColumns;
      readonly draft: SideColumns;
      readonly liveCutLine: number | null;
      readonly draftCutLine: number | null;
      /** Wall time of the evaluation, ms (the live side is free when reused). */
      readonly elapsedMs: number;
      readonly liveReused: boolean;
      /** The live file's Sitemap lines (where the sitemaps are, and what the findings check). */
      readonly liveSitemaps: readonly Sitemap[];
    }
  | { readonly type: 'linted'; readonly job: number; readonly diagnostics: readonly Diagnostic[] }
  | ({ readonly type: 'urls-parsed'; readonly job: number; readonly label: string } & ParsedUrlList)
  | { readonly type: 'sitemap-progress'; readonly job: number; readonly progress: SitemapProgress }
  | { readonly type: 'sitemap-outcome'; readonly job: number; readonly outcome: SitemapOutcome }
  | {
      readonly type: 'sitemaps-loaded';
      readonly job: number;
      readonly urls: readonly SitemapUrl[];
      readonly outcomes: readonly SitemapOutcome[];
      readonly capNotice: string | null;
      readonly offSite: readonly OffSiteGroup[];
      readonly cancelled: boolean;
    }
  | { readonly type: 'failed'; readonly job: number; readonly message: string }
  | SignalsReply;

export interface SessionDeps {
  readonly post: (reply: WorkerReply, transfer?: ArrayBufferLike[]) => void;
  readonly fetch: SitemapFetch;
  readonly now: () => number;
  /** Lets queued messages run (a macrotask turn in the worker). */
  readonly yieldTurn: () => Promise<void>;
}

/** Each evaluation slice runs at most about this long before yielding (no task near 100 ms). */
export const SLICE_MS = 30;

/** Returns a session handling the worker's requests. */
export function createWorkbenchSession(deps: SessionDeps): { handle(request: WorkerRequest): Promise<void> } {
  let urls: readonly string[] = [];
  let latestEvaluate = 0;
  const latestSignals: Record<SignalPart, number> = { use: 0, lens: 0 };
  const cancelled = new Set<number>();
  const controllers = new Map<number, AbortController>();
  /**
   * The live side's columns, kept until the live file, the URLs or the crawlers change; `upTo` URLs
   * of them are filled, so an evaluation superseded by the next keystroke still keeps its live work.
   */
  let liveCache: {
    key: string;
    prepared: PreparedRobots;
    columns: SideColumns;
    upTo: number;
    sitemaps: readonly Sitemap[];
  } | null = null;

  const presets = (tokens: readonly string[]): CrawlerPreset[] => {
    const all = listCrawlers();
    return tokens.map((token) => all.find((c) => c.token === token)).filter((c): c is CrawlerPreset => c !== undefined);
  };

  async function evaluate(request: Extract<WorkerRequest, { type: 'evaluate' }>): Promise<void> {
    latestEvaluate = request.job;
    const job = request.job;
    const started = deps.now();
    // The set as it is now: a set-urls taken while this job waits for its turn does not reach it.
    const list = urls;
    const crawlers = presets(request.crawlers);
    const tokens = crawlers.map((c) => c.token);
    const liveKey = JSON.stringify([request.live, tokens, list.length, list[0] ?? '', list[list.length - 1] ?? '']);
    if (liveCache?.key !== liveKey) {
      const prepared = prepareRobots(request.live);
      const columns = createSideColumns(list.length * crawlers.length);
      liveCache = { key: liveKey, prepared, columns, upTo: 0, sitemaps: listSitemapLines(prepared) };
    }
    const liveSide = liveCache;
    const liveReused = liveSide.upTo >= list.length;
    const draft = prepareRobots(request.draft);
    const columns = createSideColumns(list.length * crawlers.length);
    // Both sides of a URL in the same slice: progress counts URLs that have both verdicts.
    let done = 0;
    let step = 64;
    while (done < list.length) {
      const sliceStarted = deps.now();
      const end = Math.min(list.length, done + step);
      if (liveSide.upTo < end) {
        liveSide.upTo = evaluateRange(liveSide.prepared, list, crawlers, liveSide.columns, liveSide.upTo, end);
      }
      done = evaluateRange(draft, list, crawlers, columns, done, end);
      const took = deps.now() - sliceStarted;
      // Aim each slice at SLICE_MS: grow the step while slices are short, shrink it when long.
      step = Math.max(16, Math.round(step * Math.min(4, SLICE_MS / Math.max(1, took))));
      deps.post({ type: 'progress', job, done, total: list.length });
      await deps.yieldTurn();
      if (job !== latestEvaluate || cancelled.has(job)) return;
    }
    const live = { allowed: liveSide.columns.allowed.slice(), line: liveSide.columns.line.slice() };
    deps.post(
      {
        type: 'evaluated',
        job,
        crawlers: tokens,
        urlCount: list.length,
        live,
        draft: columns,
        liveCutLine: liveSide.prepared.cutLine,
        draftCutLine: draft.cutLine,
        elapsedMs: deps.now() - started,
        liveReused,
        liveSitemaps: liveSide.sitemaps,
      },
      [live.allowed.buffer, live.line.buffer, columns.allowed.buffer, columns.line.buffer],
    );
  }

  async function load(request: Extract<WorkerRequest, { type: 'load-sitemaps' }>): Promise<void> {
    const controller = new AbortController();
    controllers.set(request.job, controller);
    try {
      const set = await loadSitemaps(request.startUrls, {
        fetch: deps.fetch,
        siteOrigin: request.siteOrigin,
        allowedOrigins: request.allowedOrigins,
        signal: controller.signal,
        pause: deps.yieldTurn,
        onProgress: (progress) => deps.post({ type: 'sitemap-progress', job: request.job, progress }),
        onOutcome: (outcome) => deps.post({ type: 'sitemap-outcome', job: request.job, outcome }),
      });
      deps.post({ type: 'sitemaps-loaded', job: request.job, ...set });
    } finally {
      controllers.delete(request.job);
    }
  }

  return {
    async handle(request) {
      const job = 'job' in request ? request.job : 0;
      try {
        switch (request.type) {
          case 'set-urls':
            urls = request.urls;
            liveCache = null;
            return;
          case 'evaluate':
            return await evaluate(request);
          case 'lint':
            deps.post({ type: 'linted', job, diagnostics: lintDraft(request.text) });
            return;
          case 'parse-urls':
            deps.post({
              type: 'urls-parsed',
              job,
              label: request.label,
              ...parseUrlList(request.text, request.origin, request.asCsv),
            });
            return;
          case 'load-sitemaps':
            return await load(request);
          case 'signals': {
            latestSignals[request.part] = request.job;
            const stale = () => latestSignals[request.part] !== request.job || cancelled.has(request.job);
            const runDeps = {
              post: deps.post,
              now: deps.now,
              yieldTurn: deps.yieldTurn,
              isStale: stale,
              sliceMs: SLICE_MS,
            };
            return await runSignals(request, urls, presets(request.crawlers), runDeps);
          }
          case 'cancel':
            cancelled.add(request.job);
            controllers.get(request.job)?.abort();
            return;
        }
      } catch (error) {
        deps.post({ type: 'failed', job, message: errorWords(error) });
      }
    },
  };
}
