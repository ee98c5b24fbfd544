/**
 * The options page's state: settings and the cache listing from the worker, as signals, and the
 * actions the page offers. Made by createOptionsState({ client }) and handed down through props.
 */
import { batch, type ReadonlySignal, signal } from '@preact/signals';
import type { CrawlerChoice } from '../../components/options/model';
import { checkToken, type TokenCheck } from '../../components/token-check';
import type { CacheEntrySummary, CacheStats } from '../../lib/cache';
import type { ProtocolClient } from '../../lib/protocol/messages';
import { CRAWLERS } from '../../lib/robots';
import { DEFAULT_CRAWLER, type Settings } from '../../lib/settings';
import { trimAscii } from '../../lib/shared/ascii';
import { errorWords } from '../../lib/shared/error-words';

export type OptionsPhase =
  { readonly kind: 'loading' } | { readonly kind: 'error'; readonly message: string } | { readonly kind: 'ready' };

export interface CacheListing {
  readonly entries: readonly CacheEntrySummary[];
  readonly stats: CacheStats;
}

export interface OptionsState {
  readonly phase: ReadonlySignal<OptionsPhase>;
  readonly settings: ReadonlySignal<Settings | null>;
  readonly cache: ReadonlySignal<CacheListing | null>;
  /** Origins being refreshed. */
  readonly busy: ReadonlySignal<ReadonlySet<string>>;
  /** A failed action, shown above the page without replacing it. */
  readonly notice: ReadonlySignal<string | null>;
  /** Epoch ms the ages are computed from. */
  readonly now: ReadonlySignal<number>;
  readonly presets: readonly CrawlerChoice[];
  /** Loads settings and the cache; also the Retry action. */
  start(): Promise<void>;
  /** Lists the cache again and moves `now` on. */
  reloadCache(): Promise<void>;
  refreshOrigin(origin: string): Promise<void>;
  clearOrigin(origin: string): Promise<void>;
  clearAll(): Promise<void>;
  updateSettings(patch: Partial<Omit<Settings, 'version'>>): Promise<void>;
  addCustomToken(token: string): Promise<void>;
  removeCustomToken(token: string): Promise<void>;
  checkToken(token: string): TokenCheck;
  dismissNotice(): void;
}

export interface OptionsDeps {
  readonly client: ProtocolClient;
  /** Epoch ms (default Date.now). */
  readonly now?: () => number;
}

/** Returns the options page's state over `deps.client`. */
export function createOptionsState(deps: OptionsDeps): OptionsState {
  const { client } = deps;
  const clock = deps.now ?? (() => Date.now());
  const phase = signal<OptionsPhase>({ kind: 'loading' });
  const settings = signal<Settings | null>(null);
  const cache = signal<CacheListing | null>(null);
  const busy = signal<ReadonlySet<string>>(new Set());
  const notice = signal<string | null>(null);
  const now = signal(clock());

  /** Runs an action; a failure becomes the notice instead of an unhandled rejection. */
  async function attempt(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      notice.value = `${what} failed: ${errorWords(error)}`;
    }
  }

  async function reloadCache(): Promise<void> {
    const listing = await client.listCache({});
    batch(() => {
      cache.value = listing;
      now.value = clock();
    });
  }

  async function updateSettings(patch: Partial<Omit<Settings, 'version'>>): Promise<void> {
    await attempt('Saving the settings', async () => {
      settings.value = await client.setSettings(patch);
    });
  }

  return {
    phase,
    settings,
    cache,
    busy,
    notice,
    now,
    presets: CRAWLERS.map((c) => ({ token: c.token, label: `${c.name} (${c.operator}, ${c.purposeLabel})` })),
    async start() {
      phase.value = { kind: 'loading' };
      try {
        const [loadedSettings, listing] = await Promise.all([client.getSettings({}), client.listCache({})]);
        batch(() => {
          settings.value = loadedSettings;
          cache.value = listing;
          now.value = clock();
          phase.value = { kind: 'ready' };
        });
      } catch (error) {
        phase.value = { kind: 'error', message: errorWords(error) };
      }
    },
    reloadCache: () => attempt('Listing the cache', reloadCache),
    async refreshOrigin(origin) {
      busy.value = new Set([...busy.value, origin]);
      await attempt(`Refreshing ${origin}`, async () => {
        await client.inspect({ target: { kind: 'url', url: `${origin}/` }, refresh: true });
        await reloadCache();
      });
      const rest = new Set(busy.value);
      rest.delete(origin);
      busy.value = rest;
    },
    clearOrigin: (origin) =>
      attempt(`Clearing ${origin}`, async () => {
        await client.clearCache({ origin });
        await reloadCache();
      }),
    clearAll: () =>
      attempt('Clearing the cache', async () => {
        await client.clearCache({});
        await reloadCache();
      }),
    updateSettings,
    async addCustomToken(token) {
      const trimmed = trimAscii(token);
      const current = settings.value;
      if (current === null || trimmed === '' || current.customTokens.includes(trimmed)) return;
      await updateSettings({ customTokens: [trimmed, ...current.customTokens] });
    },
    async removeCustomToken(token) {
      const current = settings.value;
      if (current === null) return;
      const customTokens = current.customTokens.filter((t) => t !== token);
      // A removed token that was selected hands the badge back to the default crawler.
      await updateSettings(current.crawler === token ? { customTokens, crawler: DEFAULT_CRAWLER } : { customTokens });
    },
    checkToken,
    dismissNotice: () => void (notice.value = null),
  };
}
