/**
 * The options page's history and watched sites: usage and bounds, the watch list with its last
 * checks, and the actions. Notifications are turned on here (the popup never asks: a permission
 * prompt can close it): by their own button, or on the first watch made here (through
 * `requestNotifications`, called while the user's click is still being handled).
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { HistoryUsageReply, WatchedSite } from '../../lib/history/api';
import type { ProtocolClient } from '../../lib/protocol/messages';
import { errorWords } from '../../lib/shared/error-words';

export interface OptionsHistoryState {
  readonly usage: ReadonlySignal<HistoryUsageReply | null>;
  readonly watched: ReadonlySignal<readonly WatchedSite[]>;
  readonly checking: ReadonlySignal<boolean>;
  readonly notice: ReadonlySignal<string | null>;
  /** Whether notifications are allowed (null until known). */
  readonly notifications: ReadonlySignal<boolean | null>;
  load(): Promise<void>;
  /** Asks for the notifications permission; must run inside the user's click. */
  enableNotifications(): Promise<void>;
  watch(origin: string): Promise<void>;
  unwatch(origin: string): Promise<void>;
  checkNow(): Promise<void>;
  clearHistory(): Promise<void>;
  /** Reloads usage after a change of bounds (the settings are saved by the page's own state). */
  afterSettings(): Promise<void>;
}

export interface OptionsHistoryPlatform {
  /** Asks for the notifications permission; resolves with whether it was granted. Must run inside a click. */
  requestNotifications(): Promise<boolean>;
  /** Resolves with whether notifications are allowed, without asking. */
  notificationsAllowed(): Promise<boolean>;
}

export interface OptionsHistoryDeps {
  readonly client: Pick<
    ProtocolClient,
    'historyUsage' | 'listWatched' | 'setWatched' | 'checkWatched' | 'clearHistory'
  >;
  readonly platform: OptionsHistoryPlatform;
}

/** Returns the options page's history state over `deps.client`. */
export function createOptionsHistoryState(deps: OptionsHistoryDeps): OptionsHistoryState {
  const { client, platform } = deps;
  const usage = signal<HistoryUsageReply | null>(null);
  const watched = signal<readonly WatchedSite[]>([]);
  const checking = signal(false);
  const notice = signal<string | null>(null);
  const notifications = signal<boolean | null>(null);

  async function attempt(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      notice.value = `${what} failed: ${errorWords(error)}`;
    }
  }

  async function load(): Promise<void> {
    void platform.notificationsAllowed().then(
      (allowed) => (notifications.value = allowed),
      () => (notifications.value = false),
    );
    await attempt('Loading history', async () => {
      const [u, w] = await Promise.all([client.historyUsage({}), client.listWatched({})]);
      usage.value = u;
      watched.value = w;
    });
  }

  return {
    usage,
    watched,
    checking,
    notice,
    notifications,
    load,
    async enableNotifications() {
      const allowed = await platform.requestNotifications().catch(() => false);
      notifications.value = allowed;
      notice.value = allowed ? null : 'Notifications were not allowed: changes show here and in the popup only.';
    },
    async watch(origin) {
      // Asked before anything is awaited, so the browser still sees the user's click.
      const asked =
        watched.value.length === 0 && notifications.value !== true
          ? platform.requestNotifications().catch(() => false)
          : null;
      await attempt(`Watching ${origin}`, async () => {
        watched.value = await client.setWatched({ origin, watched: true });
      });
      if (asked === null) return;
      notifications.value = await asked;
      if (!notifications.value) {
        notice.value = `${origin} is watched. Notifications were not allowed: changes show here and in the popup only.`;
      }
    },
    unwatch: (origin) =>
      attempt(`Unwatching ${origin}`, async () => {
        watched.value = await client.setWatched({ origin, watched: false });
      }),
    async checkNow() {
      checking.value = true;
      await attempt('Checking watched sites', async () => {
        watched.value = await client.checkWatched({});
        usage.value = await client.historyUsage({});
      });
      checking.value = false;
    },
    clearHistory: () =>
      attempt('Clearing history', async () => {
        await client.clearHistory({});
        usage.value = await client.historyUsage({});
      }),
    afterSettings: () =>
      attempt('Loading history', async () => {
        usage.value = await client.historyUsage({});
      }),
  };
}
