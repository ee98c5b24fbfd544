/**
 * The worker's side of the protocol (lib/protocol/messages.ts): one handler per message, each checking its
 * payload. Every message gets a Reply: bad input → `invalid-request`, a thrown bug → `internal`.
 */
import type { RobotsCache } from '../../lib/cache';
import { FetchCancelledError } from '../../lib/fetch/policy';
import { type InspectionTarget, isMessage, type MessageHandlers, type Reply } from '../../lib/protocol/messages';
import { addCustomToken, applySettingsPatch, parseSettingsPatch, type Settings } from '../../lib/settings';
import type { BadgeService } from './badge';
import type { PageJudge } from './judge';
import type { HistoryService } from './history';
import { createHistoryHandlers } from './history-messages';
import { type Inspector } from './inspector';
import { InvalidRequestError } from '../../lib/protocol/errors';
import { parseGetResourcesRequest } from './resources';
import { parseJudgeUrlsRequest, parseOriginRecordsRequest, type UrlJudge } from './url-judge';
import type { ResourceCollector } from './resources';
import type { SettingsStore } from './storage';

export interface HandlerDeps {
  readonly inspector: Inspector;
  readonly cache: RobotsCache;
  readonly settings: SettingsStore;
  readonly badges: BadgeService;
  /** The page inspection's handlers (page-service.ts). */
  readonly page: Pick<MessageHandlers, 'pageState' | 'pageIndexability' | 'refetchPage'>;
  /** Called after a settings change (page inspection turned off forgets every tab). */
  readonly onSettingsChanged?: (before: Settings, after: Settings) => Promise<void>;
  /** Judges a page as the badge does (the parse of each file kept). */
  readonly judge: PageJudge;
  /** Aborts the running fetch of `origin`; false when none was running. */
  readonly cancelFetch: (origin: string) => boolean;
  readonly history: HistoryService;
  readonly resources: ResourceCollector;
  readonly urlJudge: UrlJudge;
}

/** Returns `parse()`'s value; a message it throws becomes an InvalidRequestError. */
function checked<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new InvalidRequestError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKeys(payload: Record<string, unknown>, allowed: readonly string[], message: string): void {
  const unknown = Object.keys(payload).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new InvalidRequestError(`${message}: unknown field "${unknown}".`);
}

/** Returns the checked `inspect` payload. */
export function parseInspectRequest(payload: unknown): { target: InspectionTarget; refresh: boolean } {
  if (!isRecord(payload)) throw new InvalidRequestError('inspect needs { target, refresh? }.');
  checkKeys(payload, ['target', 'refresh'], 'inspect');
  const { target, refresh } = payload;
  if (refresh !== undefined && typeof refresh !== 'boolean')
    throw new InvalidRequestError('inspect: refresh must be true or false.');
  if (!isRecord(target))
    throw new InvalidRequestError(
      'inspect: target must be { kind: "tab", tabId }, { kind: "url", url } or { kind: "active" }.',
    );
  if (target.kind === 'tab') {
    checkKeys(target, ['kind', 'tabId'], 'inspect target');
    if (typeof target.tabId !== 'number' || !Number.isInteger(target.tabId) || target.tabId < 0) {
      throw new InvalidRequestError('inspect: tabId must be a tab id (a whole number ≥ 0).');
    }
    return { target: { kind: 'tab', tabId: target.tabId }, refresh: refresh === true };
  }
  if (target.kind === 'url') {
    checkKeys(target, ['kind', 'url'], 'inspect target');
    if (typeof target.url !== 'string' || target.url === '')
      throw new InvalidRequestError('inspect: url must be a non-empty string.');
    return { target: { kind: 'url', url: target.url }, refresh: refresh === true };
  }
  if (target.kind === 'active') {
    checkKeys(target, ['kind'], 'inspect target');
    return { target: { kind: 'active' }, refresh: refresh === true };
  }
  throw new InvalidRequestError('inspect: target.kind must be "tab", "url" or "active".');
}

function parseEmptyRequest(type: string, payload: unknown): void {
  if (!isRecord(payload)) throw new InvalidRequestError(`${type} takes an empty object.`);
  checkKeys(payload, [], type);
}

/** Returns the message handlers. */
export function createMessageHandlers(deps: HandlerDeps): MessageHandlers {
  return {
    ...createHistoryHandlers(deps.history),
    async inspect(payload) {
      const { target, refresh } = parseInspectRequest(payload);
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

    async getSettings(payload) {
      parseEmptyRequest('getSettings', payload);
      return deps.settings.get();
    },

    async setSettings(payload): Promise<Settings> {
      const checked = parseSettingsPatch(payload);
      if (checked.kind === 'invalid') throw new InvalidRequestError(checked.message);
      const before = await deps.settings.get();
      const after = applySettingsPatch(before, checked.patch);
      await deps.settings.set(after);
      if (before.crawler !== after.crawler || before.badge !== after.badge) void deps.badges.updateAll();
      if (before.historyMaxVersions !== after.historyMaxVersions || before.historyMaxBytes !== after.historyMaxBytes)
        await deps.history.enforceLimits();
      if (before.watchIntervalMinutes !== after.watchIntervalMinutes) await deps.history.ensureAlarm();
      await deps.onSettingsChanged?.(before, after);
      if (
        before.crawler !== after.crawler ||
        before.badge !== after.badge ||
        before.pageInspection !== after.pageInspection ||
        before.badgeRobotsOnly !== after.badgeRobotsOnly
      )
        void deps.badges.updateAll();
      return after;
    },

    async listCache(payload) {
      parseEmptyRequest('listCache', payload);
      return deps.cache.list();
    },

    async clearCache(payload) {
      if (!isRecord(payload)) throw new InvalidRequestError('clearCache takes { origin? }.');
      checkKeys(payload, ['origin'], 'clearCache');
      const { origin } = payload;
      if (origin !== undefined && (typeof origin !== 'string' || origin === '')) {
        throw new InvalidRequestError('clearCache: origin must be a non-empty string.');
      }
      return { cleared: await deps.cache.clear(origin) };
    },

    async cancelFetch(payload) {
      if (!isRecord(payload)) throw new InvalidRequestError('cancelFetch takes { origin }.');
      checkKeys(payload, ['origin'], 'cancelFetch');
      const { origin } = payload;
      if (typeof origin !== 'string' || origin === '')
        throw new InvalidRequestError('cancelFetch: origin must be a non-empty string.');
      return { cancelled: deps.cancelFetch(origin) };
    },

    async addCustomToken(payload): Promise<Settings> {
      if (!isRecord(payload)) throw new InvalidRequestError('addCustomToken takes { token }.');
      checkKeys(payload, ['token'], 'addCustomToken');
      const before = await deps.settings.get();
      const merged = addCustomToken(before, payload.token);
      if (merged.kind === 'invalid') throw new InvalidRequestError(merged.message);
      await deps.settings.set(merged.settings);
      if (before.crawler !== merged.settings.crawler) void deps.badges.updateAll();
      return merged.settings;
    },

    async getResources(payload) {
      const tabId = parseGetResourcesRequest(payload, (m) => new InvalidRequestError(m));
      return { resources: await deps.resources.get(tabId) };
    },

    async judgeUrls(payload) {
      return deps.urlJudge.judgeUrls(checked(() => parseJudgeUrlsRequest(payload)));
    },

    async originRecords(payload) {
      return deps.urlJudge.originRecords(checked(() => parseOriginRecordsRequest(payload)));
    },
    ...deps.page,
  };
}

/** Returns a function that answers any message with a Reply; it never rejects. */
export function createMessageHandler(handlers: MessageHandlers): (message: unknown) => Promise<Reply<unknown>> {
  return async (message) => {
    if (!isMessage(message)) {
      return {
        ok: false,
        error: {
          code: 'invalid-request',
          message: 'Not a Robotscope message: expected { type, payload } with a known type.',
        },
      };
    }
    try {
      const value = await handlers[message.type](message.payload);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof InvalidRequestError)
        return { ok: false, error: { code: 'invalid-request', message: error.message } };
      if (error instanceof FetchCancelledError)
        return { ok: false, error: { code: 'cancelled', message: `Cancelled: ${error.message}` } };
      const text = error instanceof Error ? error.message : String(error);
      console.error(`Robotscope: "${message.type}" failed`, error);
      return {
        ok: false,
        error: { code: 'internal', message: `The background worker failed on "${message.type}": ${text}` },
      };
    }
  };
}

/** Returns a runtime.onMessage listener that answers through `sendResponse` (Chrome and Firefox both wait for it). */
export function createMessageListener(
  handle: (message: unknown) => Promise<Reply<unknown>>,
): (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => true {
  return (message, _sender, sendResponse) => {
    void handle(message).then(sendResponse);
    return true;
  };
}
