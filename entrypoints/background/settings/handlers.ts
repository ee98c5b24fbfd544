/**
 * The settings messages: read them, change some (each change applied where it matters: badges,
 * history bounds, the watch alarm, page data), add a custom crawler token.
 */
import * as v from 'valibot';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { InvalidRequestError } from '../../../lib/protocol/errors';
import { emptyPayload, exact } from '../../../lib/protocol/schemas';
import { applySettingsPatch, type Settings } from '../../../lib/settings';
import { addCustomToken, parseSettingsPatch } from '../../../lib/settings-schema';
import type { BadgeService } from '../badge/badge';
import type { HistoryService } from '../history/history';
import { checked } from '../payload';
import type { SettingsStore } from './storage';

export type SettingsMessageType = 'getSettings' | 'pageSettings' | 'setSettings' | 'addCustomToken';

export interface SettingsHandlerDeps {
  readonly settings: SettingsStore;
  readonly badges: BadgeService;
  readonly history: HistoryService;
  /** Called after a settings change (page inspection turned off forgets every tab). */
  readonly onSettingsChanged?: (before: Settings, after: Settings) => Promise<void>;
}

const addCustomTokenRequest = exact(
  { token: v.unknown(), select: v.optional(v.boolean('select must be true or false')) },
  '{ token, select? }',
);

/** Returns true when a change of settings changes what a badge shows. */
function changesBadges(before: Settings, after: Settings): boolean {
  return (
    before.crawler !== after.crawler ||
    before.badge !== after.badge ||
    before.pageInspection !== after.pageInspection ||
    before.badgeRobotsOnly !== after.badgeRobotsOnly
  );
}

/** Returns the handlers of the settings messages. */
export function createSettingsHandlers(deps: SettingsHandlerDeps): Pick<MessageHandlers, SettingsMessageType> {
  return {
    async getSettings(payload) {
      checked('getSettings', emptyPayload, payload);
      return deps.settings.get();
    },

    async pageSettings(payload) {
      checked('pageSettings', emptyPayload, payload);
      const { pageInspection, customTokens } = await deps.settings.get();
      return { pageInspection, customTokens };
    },

    async setSettings(payload): Promise<Settings> {
      // The settings' own check (lib/settings-schema.ts): it also reads values stored by older versions.
      const patch = parseSettingsPatch(payload);
      if (patch.kind === 'invalid') throw new InvalidRequestError(patch.message);
      const before = await deps.settings.get();
      const after = applySettingsPatch(before, patch.patch);
      await deps.settings.set(after);
      if (before.historyMaxVersions !== after.historyMaxVersions || before.historyMaxBytes !== after.historyMaxBytes)
        await deps.history.enforceLimits();
      if (before.watchIntervalMinutes !== after.watchIntervalMinutes) await deps.history.ensureAlarm();
      await deps.onSettingsChanged?.(before, after);
      // Once, after every other effect of the change (page data forgotten first, when inspection went off).
      if (changesBadges(before, after)) void deps.badges.updateAll();
      return after;
    },

    async addCustomToken(payload): Promise<Settings> {
      const { token, select } = checked('addCustomToken', addCustomTokenRequest, payload);
      const before = await deps.settings.get();
      const merged = addCustomToken(before, token, { select });
      if (merged.kind === 'invalid') throw new InvalidRequestError(merged.message);
      await deps.settings.set(merged.settings);
      if (before.crawler !== merged.settings.crawler) void deps.badges.updateAll();
      return merged.settings;
    },
  };
}
