/**
 * The worker's history and watched sites: every fetch of an origin's robots.txt is recorded
 * (`recordFetch`, called where the cache fetches), the popup asks what changed since the user's
 * previous inspection, and watched origins are fetched again on an alarm (default every 6 hours),
 * with a notification naming the verdict changes when the user allowed notifications.
 */
import type { FetchRecord } from '../../../lib/fetch/types';
import { type ChangeSummary, summarizeChange } from '../../../lib/history/notice';
import { describeFileChange, describeVerdictChanges } from '../../../lib/history/words';
import { statusLabelOf } from '../../../lib/fetch/status-label';
import { readRecordBytes } from '../../../lib/history/record';
import type { ChangedSinceReply, HistoryListing, HistoryUsageReply, WatchedSite } from '../../../lib/history/api';
import { describeCrawlerView, readCrawlerView } from '../../../lib/history/crawler-view';
import type { HistoryStore } from '../../../lib/history/store';
import { type HistoryLimits, newestVersion, type VersionMeta } from '../../../lib/history/versions';
import type { Settings } from '../../../lib/settings';
import { errorWords } from '../../../lib/shared/error-words';

/** The alarm that re-checks watched sites. */
export const WATCH_ALARM = 'robotscope-watch';

/** A history read or write that has not answered by then fails in words (an IndexedDB open can hang). */
export const HISTORY_TIMEOUT_MS = 5000;

/** Returns `work`, or rejects in words when it has not settled within `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`History is not available: the browser's database did not answer ${what} within ${ms / 1000} s.`),
        ),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface WatchStore {
  get(): Promise<WatchedSite[]>;
  set(sites: readonly WatchedSite[]): Promise<void>;
}

export interface HistoryDeps {
  readonly store: HistoryStore;
  readonly watches: WatchStore;
  readonly getSettings: () => Promise<Settings>;
  readonly now: () => number;
  /** Fetches the origin's robots.txt again now (the cache's refresh, so the fetch is recorded). */
  readonly refetch: (origin: string) => Promise<FetchRecord>;
  /** Shows a notification if the user allowed them; resolves false when not allowed. */
  readonly notify: (id: string, title: string, message: string) => Promise<boolean>;
  /** Creates (period given; recreated when its period differs) or clears (null) the watch alarm. */
  readonly setAlarm: (periodMinutes: number | null) => Promise<void>;
  /** Default HISTORY_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** Formats an epoch ms as a date and time for the user; default the browser's locale. */
  readonly formatTime?: (ms: number) => string;
}

export interface HistoryService {
  /**
   * Records one fetch; never throws and gives up after HISTORY_TIMEOUT_MS (history must not break
   * fetching). Callers need not wait: reads of the origin wait for its writes. The same record
   * twice is written once.
   */
  recordFetch(record: FetchRecord): Promise<void>;
  /**
   * What changed since the user's previous inspection of the origin (and notes this inspection), with
   * which version Googlebot may still be using; or null.
   */
  changedSince(origin: string, pageUrl: string, crawler: string): Promise<ChangedSinceReply | null>;
  list(origin: string): Promise<HistoryListing>;
  version(origin: string, seq: number): Promise<{ meta: VersionMeta; body: string } | null>;
  usage(): Promise<HistoryUsageReply>;
  /** Applies the history limits of the current settings to what is kept. */
  enforceLimits(): Promise<void>;
  clear(origin?: string): Promise<number>;
  setWatched(origin: string, watched: boolean): Promise<WatchedSite[]>;
  listWatched(): Promise<WatchedSite[]>;
  /** Fetches every watched origin again, notes the result, notifies on a change. Returns the sites after. */
  checkWatched(): Promise<WatchedSite[]>;
  /** Makes sure the alarm exists while a site is watched, at the period of the settings (start-up, a changed interval). */
  ensureAlarm(): Promise<void>;
}

/** Returns the id of the notification about `origin`'s version `seq`. */
export function watchNotificationId(origin: string, seq: number): string {
  return `${WATCH_ALARM}:${origin}:${seq}`;
}

/** Returns the origin a watch notification is about, or null for another notification. */
export function originOfWatchNotification(id: string): string | null {
  const match = /^robotscope-watch:(https?:\/\/.+):\d+$/.exec(id);
  return match?.[1] ?? null;
}

function limitsOf(settings: Settings): HistoryLimits {
  return { maxVersionsPerOrigin: settings.historyMaxVersions, maxBytes: settings.historyMaxBytes };
}

/** Returns the history service. */
export function createHistoryService(deps: HistoryDeps): HistoryService {
  const timeoutMs = deps.timeoutMs ?? HISTORY_TIMEOUT_MS;
  const formatTime = deps.formatTime ?? ((ms: number) => new Date(ms).toLocaleString());
  /** The store with every call bounded in time. */
  const store: HistoryStore = {
    record: (o, l) => withTimeout(deps.store.record(o, l), timeoutMs, 'a write'),
    getHistory: (o) => withTimeout(deps.store.getHistory(o), timeoutMs, 'a read'),
    getBody: (o, seq) => withTimeout(deps.store.getBody(o, seq), timeoutMs, 'a read'),
    markInspected: (o) => withTimeout(deps.store.markInspected(o), timeoutMs, 'a write'),
    enforce: (l) => withTimeout(deps.store.enforce(l), timeoutMs, 'a write'),
    usage: () => withTimeout(deps.store.usage(), timeoutMs, 'a read'),
    clear: (o) => withTimeout(deps.store.clear(o), timeoutMs, 'a write'),
  };
  /** Each origin's last write, by origin; reads of an origin wait for it (never longer than the timeout). */
  const writes = new Map<string, { readonly key: string; readonly done: Promise<void> }>();
  const settled = async (origin: string) => {
    await writes.get(origin)?.done;
  };
  /** Watch list updates are read-modify-write: one at a time. */
  let watchQueue: Promise<unknown> = Promise.resolve();
  function updateWatches<T>(task: (sites: WatchedSite[]) => Promise<{ sites: WatchedSite[]; value: T }>): Promise<T> {
    const run = watchQueue.then(async () => {
      const { sites, value } = await task(await deps.watches.get());
      await deps.watches.set(sites);
      return value;
    });
    watchQueue = run.catch(() => undefined);
    return run;
  }

  async function withBody(origin: string, meta: VersionMeta | undefined) {
    if (meta === undefined) return null;
    const body = await store.getBody(origin, meta.seq);
    return body === null ? null : { meta, body };
  }

  async function summarize(
    origin: string,
    fromSeq: number,
    toSeq: number,
    url: string,
    tokens: readonly string[],
  ): Promise<ChangeSummary | null> {
    await settled(origin);
    const history = await store.getHistory(origin);
    if (history === null) return null;
    const older = await withBody(
      origin,
      history.versions.find((v) => v.seq === fromSeq),
    );
    const newer = await withBody(
      origin,
      history.versions.find((v) => v.seq === toSeq),
    );
    if (older === null || newer === null) return null;
    return summarizeChange(origin, older, newer, url, tokens);
  }

  async function checkOne(site: WatchedSite, settings: Settings): Promise<WatchedSite> {
    const before = newestVersion(await store.getHistory(site.origin));
    const now = deps.now();
    let record: FetchRecord;
    try {
      record = await deps.refetch(site.origin);
    } catch (error) {
      const text = errorWords(error);
      return { ...site, lastCheckAt: now, lastResult: `The check failed: ${text}`, lastStatus: null };
    }
    const status = statusLabelOf(record);
    const after = newestVersion(await store.getHistory(site.origin));
    if (before === null || after === null || after.seq === before.seq) {
      return {
        ...site,
        lastCheckAt: now,
        lastStatus: status,
        lastResult: before === null ? `First check: answered ${status}.` : `Unchanged: answered ${status}.`,
      };
    }
    const summary = await summarize(site.origin, before.seq, after.seq, `${site.origin}/`, settings.watchCrawlers);
    const change = summary === null ? 'it changed' : describeFileChange(summary);
    const verdicts = summary === null ? [] : describeVerdictChanges(summary, 'the home page');
    const lastResult = `Changed: ${change}${verdicts.length > 0 ? `; ${verdicts.join('; ')}` : ''}.`;
    await deps
      .notify(
        watchNotificationId(site.origin, after.seq),
        `robots.txt changed on ${site.origin}`,
        `${change[0]?.toUpperCase() ?? ''}${change.slice(1)}.${verdicts.length > 0 ? ` ${verdicts.join('. ')}.` : ''}`,
      )
      .catch(() => false);
    return { ...site, lastCheckAt: now, lastStatus: status, lastResult };
  }

  return {
    recordFetch(record) {
      const key = `${record.fetchedAt} ${record.finalUrl}`;
      const running = writes.get(record.origin);
      if (running?.key === key) return running.done;
      const done = (async () => {
        await running?.done;
        try {
          const settings = await deps.getSettings();
          await store.record(
            {
              origin: record.origin,
              at: record.fetchedAt,
              status: statusLabelOf(record),
              outcome: record.outcome.kind,
              body: readRecordBytes(record),
              ...(record.headers === undefined ? {} : { headers: record.headers }),
            },
            limitsOf(settings),
          );
        } catch (error) {
          console.error('Robotscope: could not record a robots.txt version', error);
        }
      })();
      const entry = { key, done };
      writes.set(record.origin, entry);
      void done.then(() => {
        if (writes.get(record.origin) === entry) writes.delete(record.origin);
      });
      return done;
    },

    async changedSince(origin, pageUrl, crawler) {
      await settled(origin);
      const { before, now } = await store.markInspected(origin);
      if (before === null || now === null || before === now) return null;
      const summary = await summarize(origin, before, now, pageUrl, [crawler]);
      if (summary === null) return null;
      const versions = (await store.getHistory(origin))?.versions ?? [];
      return { ...summary, crawlerNow: describeCrawlerView(readCrawlerView(versions, deps.now()), formatTime) };
    },

    async list(origin) {
      await settled(origin);
      const [history, sites] = await Promise.all([store.getHistory(origin), deps.watches.get()]);
      return {
        origin,
        versions: [...(history?.versions ?? [])].reverse(),
        watched: sites.some((s) => s.origin === origin),
      };
    },

    async version(origin, seq) {
      const history = await store.getHistory(origin);
      return withBody(
        origin,
        history?.versions.find((v) => v.seq === seq),
      );
    },

    async usage() {
      const [usage, settings] = await Promise.all([store.usage(), deps.getSettings()]);
      return { ...usage, maxVersions: settings.historyMaxVersions, maxBytes: settings.historyMaxBytes };
    },

    async enforceLimits() {
      await store.enforce(limitsOf(await deps.getSettings()));
    },

    clear: (origin) => store.clear(origin),

    async setWatched(origin, watched) {
      const sites = await updateWatches(async (current) => {
        const others = current.filter((s) => s.origin !== origin);
        const existing = current.find((s) => s.origin === origin);
        const next = watched
          ? [
              ...others,
              existing ?? { origin, since: deps.now(), lastCheckAt: null, lastResult: null, lastStatus: null },
            ]
          : others;
        return { sites: next, value: next };
      });
      await deps.setAlarm(sites.length > 0 ? (await deps.getSettings()).watchIntervalMinutes : null);
      return sites;
    },

    listWatched: () => deps.watches.get(),

    async checkWatched() {
      const settings = await deps.getSettings();
      const sites = await deps.watches.get();
      const results = new Map<string, WatchedSite>();
      // One origin at a time: a watch list is small, and the checks share the worker with the badge.
      for (const site of sites) results.set(site.origin, await checkOne(site, settings));
      // Sites added or removed during the check keep the user's change.
      return updateWatches(async (current) => {
        const next = current.map((s) => {
          const checked = results.get(s.origin);
          return checked === undefined ? s : { ...s, ...checked, since: s.since };
        });
        return { sites: next, value: next };
      });
    },

    async ensureAlarm() {
      const [sites, settings] = await Promise.all([deps.watches.get(), deps.getSettings()]);
      await deps.setAlarm(sites.length > 0 ? settings.watchIntervalMinutes : null);
    },
  };
}
