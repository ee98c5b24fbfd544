/**
 * A concurrency-limited, per-origin scheduler: each origin's task runs once however many callers
 * ask for it at the same time, and at most `limit` tasks run at once (the rest wait in order).
 * Used to fetch many origins' robots.txt files without opening dozens of connections at once.
 */

/** How many robots.txt fetches run at once by default: a browser's connections per host, as a polite cap. */
export const DEFAULT_ORIGIN_CONCURRENCY = 6;

export interface OriginScheduler<T> {
  /** Returns the origin's result: a running or queued task for it is shared, else a new one is queued. */
  schedule(origin: string): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

/**
 * Returns a scheduler running `task(origin)` for each scheduled origin, at most `limit` (default
 * DEFAULT_ORIGIN_CONCURRENCY) at a time. A settled task is forgotten: scheduling its origin again
 * runs it again (the caller's cache answers repeats).
 */
export function createOriginScheduler<T>(
  task: (origin: string) => Promise<T>,
  limit: number = DEFAULT_ORIGIN_CONCURRENCY,
): OriginScheduler<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number ≥ 1, not ${limit}`);
  const pending = new Map<string, Promise<T>>();
  const queue: (() => void)[] = [];
  let running = 0;

  async function acquire(): Promise<void> {
    if (running < limit) {
      running++;
      return;
    }
    // The releasing task hands its slot over: `running` stays the same.
    await new Promise<void>((resolve) => queue.push(resolve));
  }

  function releaseTo(): void {
    const next = queue.shift();
    if (next) next();
    else running--;
  }

  return {
    schedule(origin) {
      const existing = pending.get(origin);
      if (existing) return existing;
      const run = (async () => {
        await acquire();
        try {
          return await task(origin);
        } finally {
          releaseTo();
          pending.delete(origin);
        }
      })();
      pending.set(origin, run);
      return run;
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
