/**
 * The popup's history features: the "changed since your last inspection" notice, the watch toggle,
 * the link to the history page, and what the file says beyond Allow/Disallow (CDN-managed lines,
 * Content-Signal lines). Made from the popup's own state; reads its inspection, never changes it.
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import { type CdnMerge, findCdnMerge } from '../../lib/directives/cdn-merge';
import type { ContentSignalLine } from '../../lib/directives/content-signals';
import type { ManagedBlock } from '../../lib/directives/managed-blocks';
import type { ChangedSinceReply } from '../../lib/history/api';
import type { ProtocolClient } from '../../lib/protocol/messages';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { PopupHistoryPlatform } from './platform';
import { describeError, type PopupState } from './state';

export interface PopupHistoryState {
  /** The inspected origin, or null when robots.txt does not apply. */
  readonly origin: ReadonlySignal<string | null>;
  /** What changed since the user's previous inspection of the origin, or null. */
  readonly changed: ReadonlySignal<ChangedSinceReply | null>;
  /** Whether the origin is watched (null until known). */
  readonly watched: ReadonlySignal<boolean | null>;
  readonly message: ReadonlySignal<string | null>;
  /** The confirmation of a watch just started, said in place; null otherwise. */
  readonly watchNote: ReadonlySignal<WatchNote | null>;
  readonly managedBlocks: ReadonlySignal<readonly ManagedBlock[]>;
  readonly cdnLines: ReadonlySignal<ReadonlySet<number>>;
  readonly contentSignals: ReadonlySignal<readonly ContentSignalLine[]>;
  /** The CDN whose `*` group merges with the site's own, for the verdict shown; or null. */
  readonly cdnMerge: ReadonlySignal<CdnMerge | null>;
  toggleWatch(): Promise<void>;
  openHistory(): Promise<void>;
  openOptions(): Promise<void>;
  /** Stops following the popup's state. */
  dispose(): void;
}

/** A watch just started: the site, how often it is checked, and whether a change will be notified. */
export interface WatchNote {
  readonly origin: string;
  readonly everyMinutes: number;
  readonly notifications: boolean;
}

export interface PopupHistoryDeps {
  readonly client: ProtocolClient;
  readonly platform: PopupHistoryPlatform;
  /** The popup's own state, whose inspection this reads. */
  readonly popup: PopupState;
}

/** Returns the popup's history state over the popup's state. */
export function createPopupHistoryState(deps: PopupHistoryDeps): PopupHistoryState {
  const { client, platform, popup } = deps;
  const changed = signal<ChangedSinceReply | null>(null);
  const watched = signal<boolean | null>(null);
  const message = signal<string | null>(null);
  const watchNote = signal<WatchNote | null>(null);
  const inspected = computed(() => {
    const phase = popup.phase.value;
    return phase.kind === 'ready' && phase.inspection.kind === 'inspected' ? phase.inspection : null;
  });
  const origin = computed(() => inspected.value?.record.origin ?? null);
  // Found by the worker with the lint, so the popup carries neither the scanners nor the body back.
  const managedBlocks = computed(() => inspected.value?.directives.managedBlocks ?? []);
  const cdnLines = computed(() => {
    const lines = new Set<number>();
    for (const b of managedBlocks.value) for (let n = b.firstLine; n <= b.lastLine; n++) lines.add(n);
    return lines;
  });
  const contentSignals = computed(() => inspected.value?.directives.contentSignals ?? []);
  const cdnMerge = computed(() => {
    const verdict = popup.verdict.value;
    if (verdict?.kind !== 'ok' || verdict.verdict.selection.kind === 'none') return null;
    return findCdnMerge(verdict.verdict.selection.groups, managedBlocks.value);
  });

  let asked = 0;
  const stop = effect(() => {
    // Each new phase is an inspection (a refresh too, even when it brings an equal record).
    const phase = popup.phase.value;
    if (phase.kind !== 'ready' || phase.inspection.kind !== 'inspected') return;
    const inspection = phase.inspection;
    const id = ++asked;
    const { origin: o } = inspection.record;
    const crawler = popup.crawler.peek().token;
    void Promise.all([
      client.historyChangedSince({ origin: o, pageUrl: inspection.pageUrl, crawler }),
      client.historyList({ origin: o }),
    ]).then(
      ([summary, listing]) => {
        if (id !== asked) return;
        // A refresh that brings nothing new keeps the notice it already shows.
        if (summary !== null || changed.peek()?.origin !== o) changed.value = summary;
        watched.value = listing.watched;
      },
      (error: unknown) => {
        if (id === asked) message.value = `Could not read this site's robots.txt history: ${describeError(error)}`;
      },
    );
  });

  return {
    origin,
    changed,
    watched,
    message,
    watchNote,
    managedBlocks,
    cdnLines,
    contentSignals,
    cdnMerge,
    async toggleWatch() {
      const o = origin.value;
      if (o === null) return;
      const on = watched.value !== true;
      // Watched at once, with no permission prompt (one can close the popup): the popup stays and says so.
      try {
        const sites = await client.setWatched({ origin: o, watched: on });
        watched.value = sites.some((s) => s.origin === o);
        message.value = null;
      } catch (error) {
        message.value = `Could not change the watch: ${describeError(error)}`;
        return;
      }
      if (!watched.value) {
        watchNote.value = null;
        return;
      }
      const [settings, notifications] = await Promise.all([
        client.getSettings({}).catch(() => null),
        platform.notificationsAllowed().catch(() => false),
      ]);
      watchNote.value = {
        origin: o,
        everyMinutes: settings?.watchIntervalMinutes ?? DEFAULT_SETTINGS.watchIntervalMinutes,
        notifications,
      };
    },
    async openOptions() {
      try {
        await platform.openOptions();
      } catch (error) {
        message.value = `Could not open the options: ${describeError(error)}`;
      }
    },
    async openHistory() {
      const inspection = inspected.value;
      if (inspection === null) return;
      try {
        await platform.openHistory(inspection.record.origin, inspection.pageUrl);
      } catch (error) {
        message.value = `Could not open the history: ${describeError(error)}`;
      }
    },
    dispose() {
      stop();
    },
  };
}
