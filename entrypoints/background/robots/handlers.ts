/**
 * The robots.txt messages: inspect a tab or URL (with the selected crawler's verdict, so the popup
 * paints at once), list and clear the cache, cancel a running fetch.
 */
import * as v from 'valibot';
import type { RobotsCache } from '../../../lib/cache';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { emptyPayload, exact, tabId, text } from '../../../lib/protocol/schemas';
import type { BadgeService } from '../badge/badge';
import { checked } from '../payload';
import { StorageFailedError } from '../../../lib/protocol/errors';
import type { SettingsStore } from '../settings/storage';
import type { Inspector } from './inspector';
import type { PageJudge } from './judge';

export type RobotsMessageType = 'inspect' | 'listCache' | 'clearCache' | 'cancelFetch';

export interface RobotsHandlerDeps {
  readonly inspector: Inspector;
  readonly cache: RobotsCache;
  readonly settings: SettingsStore;
  readonly badges: BadgeService;
  /** Judges a page as the badge does (the parse of each file kept). */
  readonly judge: PageJudge;
  /** Aborts the running fetch of `origin`; false when none was running. */
  readonly cancelFetch: (origin: string) => boolean;
  /** Other per-origin files cleared with the robots.txt cache (tdmrep.json); the count is robots.txt's. */
  readonly alsoCleared?: readonly RobotsCache[];
}

const TARGET_SHAPE = '{ kind: "tab", tabId }, { kind: "url", url } or { kind: "active" }';

const inspectRequest = exact(
  {
    target: v.variant(
      'kind',
      [
        exact({ kind: v.literal('tab'), tabId }, TARGET_SHAPE),
        exact({ kind: v.literal('url'), url: text('url') }, TARGET_SHAPE),
        exact({ kind: v.literal('active') }, TARGET_SHAPE),
      ],
      `target must be ${TARGET_SHAPE}`,
    ),
    refresh: v.optional(v.boolean('refresh must be true or false')),
  },
  '{ target, refresh? }',
);

const clearCacheRequest = exact({ origin: v.optional(text('origin')) }, '{ origin? }');
const cancelFetchRequest = exact({ origin: text('origin') }, '{ origin }');

/** Returns the handlers of the robots.txt messages. */
export function createRobotsHandlers(deps: RobotsHandlerDeps): Pick<MessageHandlers, RobotsMessageType> {
  return {
    async inspect(payload) {
      const { target, refresh = false } = checked('inspect', inspectRequest, payload);
      // The stored crawler is read while the inspection runs: both are on the popup's first paint.
      const [inspection, { crawler }] = await Promise.all([
        deps.inspector.inspect(target, refresh),
        deps.settings.get(),
      ]);
      // A refreshed file may change the verdict of every tab on the origin.
      if (refresh && inspection.kind === 'inspected') void deps.badges.updateOrigin(inspection.record.origin);
      if (inspection.kind !== 'inspected') return inspection;
      // The selected crawler's verdict, from the parse the badge keeps: the popup paints it at once.
      return { ...inspection, verdict: { crawler, verdict: deps.judge.judge(inspection, crawler) } };
    },

    async listCache(payload) {
      checked('listCache', emptyPayload, payload);
      return deps.cache.list();
    },

    async clearCache(payload) {
      const { origin } = checked('clearCache', clearCacheRequest, payload);
      try {
        const cleared = await deps.cache.clear(origin);
        for (const other of deps.alsoCleared ?? []) await other.clear(origin);
        return { cleared };
      } catch (error) {
        throw new StorageFailedError('The robots.txt cache could not be cleared', { cause: error });
      }
    },

    async cancelFetch(payload) {
      const { origin } = checked('cancelFetch', cancelFetchRequest, payload);
      return { cancelled: deps.cancelFetch(origin) };
    },
  };
}
