/**
 * The workbench page's jobs: the link to its worker and the job numbers of each kind of work. Every
 * request carries a number; a reply is used only while its number is the newest of its kind, so a
 * slow reply to an older draft, list or sitemap load never overwrites a newer one.
 */
import type { SignalPart, WorkerReply, WorkerRequest } from '../../lib/workbench';

/** The page's link to its worker. */
export interface WorkerPort {
  post(request: WorkerRequest): void;
  listen(onReply: (reply: WorkerReply) => void): void;
}

/**
 * The kinds of job: the evaluation, the draft's and the live file's lint, a URL list's parse, a
 * sitemap load, the Use and lens passes (all in the worker), and a comparison of two history
 * versions (on the page).
 */
export type JobKind = 'evaluate' | 'lint' | 'live-lint' | 'parse' | 'sitemaps' | 'compare' | SignalPart;

/** The worker link and the newest job number of each kind. */
export interface WorkerJobs {
  /** Returns a new job number for `kind`; replies to the older jobs of that kind are stale from now on. */
  begin(kind: JobKind): number;
  /** Returns true when `job` is the newest job of `kind`. */
  isCurrent(kind: JobKind, job: number): boolean;
  /** Returns the newest job number of `kind` (0 before the first). */
  current(kind: JobKind): number;
  post(request: WorkerRequest): void;
  /** Adds a reader of the worker's replies; every reader sees every reply, in the order they were added. */
  listen(onReply: (reply: WorkerReply) => void): void;
}

/** Returns the jobs over `port`; job numbers are unique across kinds (both lints answer `linted`). */
export function createWorkerJobs(port: WorkerPort): WorkerJobs {
  let last = 0;
  const newest = new Map<JobKind, number>();
  const readers: ((reply: WorkerReply) => void)[] = [];
  port.listen((reply) => {
    for (const read of readers) read(reply);
  });
  return {
    begin(kind) {
      newest.set(kind, ++last);
      return last;
    },
    isCurrent: (kind, job) => newest.get(kind) === job,
    current: (kind) => newest.get(kind) ?? 0,
    post: (request) => port.post(request),
    listen: (onReply) => void readers.push(onReply),
  };
}
