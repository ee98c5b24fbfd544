/**
 * The worker's side of the history and watch messages (lib/protocol/messages.ts): each payload checked,
 * then handed to the history service.
 */
import type { MessageHandlers } from '../../lib/protocol/messages';
import type { HistoryService } from './history';
import { InvalidRequestError } from '../../lib/protocol/errors';

export type HistoryMessageType =
  | 'historyChangedSince'
  | 'historyList'
  | 'historyVersion'
  | 'historyUsage'
  | 'clearHistory'
  | 'setWatched'
  | 'listWatched'
  | 'checkWatched';

function fields(type: string, payload: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new InvalidRequestError(`${type} takes an object.`);
  }
  const unknown = Object.keys(payload).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new InvalidRequestError(`${type}: unknown field "${unknown}".`);
  return payload as Record<string, unknown>;
}

/** Returns `value` as an origin (scheme://host[:port]), or throws an invalid-request error. */
export function checkOrigin(type: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new InvalidRequestError(`${type}: origin must be a string.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidRequestError(`${type}: "${value}" is not an origin.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value) {
    throw new InvalidRequestError(`${type}: "${value}" is not an http(s) origin such as https://example.com.`);
  }
  return value;
}

function checkString(type: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new InvalidRequestError(`${type}: ${name} must be a non-empty string.`);
  return value;
}

/** Returns the handlers of the history and watch messages. */
export function createHistoryHandlers(history: HistoryService): Pick<MessageHandlers, HistoryMessageType> {
  return {
    async historyChangedSince(payload) {
      const p = fields('historyChangedSince', payload, ['origin', 'pageUrl', 'crawler']);
      return history.changedSince(
        checkOrigin('historyChangedSince', p.origin),
        checkString('historyChangedSince', 'pageUrl', p.pageUrl),
        checkString('historyChangedSince', 'crawler', p.crawler),
      );
    },
    async historyList(payload) {
      const p = fields('historyList', payload, ['origin']);
      return history.list(checkOrigin('historyList', p.origin));
    },
    async historyVersion(payload) {
      const p = fields('historyVersion', payload, ['origin', 'seq']);
      if (typeof p.seq !== 'number' || !Number.isInteger(p.seq) || p.seq < 1) {
        throw new InvalidRequestError('historyVersion: seq must be a whole number ≥ 1.');
      }
      return history.version(checkOrigin('historyVersion', p.origin), p.seq);
    },
    async historyUsage(payload) {
      fields('historyUsage', payload, []);
      return history.usage();
    },
    async clearHistory(payload) {
      const p = fields('clearHistory', payload, ['origin']);
      return {
        cleared: await history.clear(p.origin === undefined ? undefined : checkOrigin('clearHistory', p.origin)),
      };
    },
    async setWatched(payload) {
      const p = fields('setWatched', payload, ['origin', 'watched']);
      if (typeof p.watched !== 'boolean') throw new InvalidRequestError('setWatched: watched must be true or false.');
      return history.setWatched(checkOrigin('setWatched', p.origin), p.watched);
    },
    async listWatched(payload) {
      fields('listWatched', payload, []);
      return history.listWatched();
    },
    async checkWatched(payload) {
      fields('checkWatched', payload, []);
      return history.checkWatched();
    },
  };
}
