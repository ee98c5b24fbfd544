/**
 * The worker's side of the second pass (signals.ts): the Use answers or the lens disagreements of
 * live and draft over the session's URL set, in time-sliced chunks with progress, only when the page
 * asks. The plain evaluation never runs this.
 */

import type { CrawlerPreset } from '../robots';
import { prepareRobots, type RobotsSource } from './engine';
import { type PreparedLens, type PreparedUse, prepareLens, prepareUse } from './signals';

/** Which part of the second pass: the Use answers (cheap) or the parser lenses (six parsers per URL). */
export type SignalPart = 'use' | 'lens';

/** The page's request for one part over the session's URL set. */
export interface SignalsRequest {
  readonly type: 'signals';
  readonly job: number;
  readonly part: SignalPart;
  readonly live: RobotsSource;
  readonly draft: RobotsSource;
  /** Crawler tokens, in table order (presets only). */
  readonly crawlers: readonly string[];
}

/** The worker's replies for a part: progress, then the columns of both sides. */
export type SignalsReply =
  | {
      readonly type: 'signals-progress';
      readonly job: number;
      readonly part: SignalPart;
      readonly done: number;
      readonly total: number;
    }
  | {
      readonly type: 'signals-evaluated';
      readonly job: number;
      readonly part: SignalPart;
      readonly crawlers: readonly string[];
      readonly urlCount: number;
      /** Use: 3 cells per URL × crawler (UseColumns); lens: 1 (LensColumns). */
      readonly live: Uint8Array;
      readonly draft: Uint8Array;
      readonly elapsedMs: number;
    };

/** What the pass needs from the session. */
export interface SignalsRunDeps {
  readonly post: (reply: SignalsReply, transfer?: ArrayBufferLike[]) => void;
  readonly now: () => number;
  readonly yieldTurn: () => Promise<void>;
  /** True once a newer request of the same part (or a cancel) makes this one stale. */
  readonly isStale: () => boolean;
  readonly sliceMs: number;
}

/** Returns a side's pass for the part. */
function prepareSide(
  part: SignalPart,
  source: RobotsSource,
  crawlers: readonly CrawlerPreset[],
): PreparedUse | PreparedLens {
  const prepared = prepareRobots(source);
  return part === 'use' ? prepareUse(prepared, crawlers) : prepareLens(prepared, crawlers);
}

/**
 * Runs one part over `urls` for live and draft, posting progress between slices, and posts the
 * columns at the end (their buffers transferred); returns early, posting nothing more, when stale.
 */
export async function runSignals(
  request: SignalsRequest,
  urls: readonly string[],
  crawlers: readonly CrawlerPreset[],
  deps: SignalsRunDeps,
): Promise<void> {
  const started = deps.now();
  const width = request.part === 'use' ? 3 : 1;
  const total = urls.length * 2;
  const out: Uint8Array[] = [];
  let offset = 0;
  for (const source of [request.live, request.draft]) {
    const side = prepareSide(request.part, source, crawlers);
    const columns = new Uint8Array(urls.length * crawlers.length * width);
    let done = 0;
    let step = 16;
    while (done < urls.length) {
      const sliceStart = deps.now();
      done = side.evaluateRange(urls, columns, done, done + step);
      const took = deps.now() - sliceStart;
      // Aim each slice at sliceMs: grow the step while slices are short, shrink it when long.
      step = Math.max(1, Math.round(step * Math.min(4, deps.sliceMs / Math.max(1, took))));
      deps.post({ type: 'signals-progress', job: request.job, part: request.part, done: offset + done, total });
      await deps.yieldTurn();
      if (deps.isStale()) return;
    }
    out.push(columns);
    offset += urls.length;
  }
  const [live, draft] = out as [Uint8Array, Uint8Array];
  deps.post(
    {
      type: 'signals-evaluated',
      job: request.job,
      part: request.part,
      crawlers: crawlers.map((c) => c.token),
      urlCount: urls.length,
      live,
      draft,
      elapsedMs: deps.now() - started,
    },
    [live.buffer, draft.buffer],
  );
}
