/**
 * The history and watch messages: each payload checked by its schema, then handed to the history
 * service.
 */
import * as v from 'valibot';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { crawlerToken, emptyPayload, exact, httpOrigin, text } from '../../../lib/protocol/schemas';
import { checked } from '../payload';
import type { HistoryService } from './history';

export type HistoryMessageType =
  | 'historyChangedSince'
  | 'historyList'
  | 'historyVersion'
  | 'historyUsage'
  | 'clearHistory'
  | 'setWatched'
  | 'listWatched'
  | 'checkWatched';

const changedSinceRequest = exact(
  { origin: httpOrigin, pageUrl: text('pageUrl'), crawler: crawlerToken },
  '{ origin, pageUrl, crawler }',
);
const originRequest = exact({ origin: httpOrigin }, '{ origin }');
const versionRequest = exact(
  {
    origin: httpOrigin,
    seq: v.pipe(
      v.number('seq must be a whole number ≥ 1'),
      v.integer('seq must be a whole number ≥ 1'),
      v.minValue(1, 'seq must be a whole number ≥ 1'),
    ),
  },
  '{ origin, seq }',
);
const clearRequest = exact({ origin: v.optional(httpOrigin) }, '{ origin? }');
const watchRequest = exact(
  { origin: httpOrigin, watched: v.boolean('watched must be true or false') },
  '{ origin, watched }',
);

/** Returns the handlers of the history and watch messages. */
export function createHistoryHandlers(history: HistoryService): Pick<MessageHandlers, HistoryMessageType> {
  return {
    async historyChangedSince(payload) {
      const { origin, pageUrl, crawler } = checked('historyChangedSince', changedSinceRequest, payload);
      return history.changedSince(origin, pageUrl, crawler);
    },
    async historyList(payload) {
      return history.list(checked('historyList', originRequest, payload).origin);
    },
    async historyVersion(payload) {
      const { origin, seq } = checked('historyVersion', versionRequest, payload);
      return history.version(origin, seq);
    },
    async historyUsage(payload) {
      checked('historyUsage', emptyPayload, payload);
      return history.usage();
    },
    async clearHistory(payload) {
      return { cleared: await history.clear(checked('clearHistory', clearRequest, payload).origin) };
    },
    async setWatched(payload) {
      const { origin, watched } = checked('setWatched', watchRequest, payload);
      return history.setWatched(origin, watched);
    },
    async listWatched(payload) {
      checked('listWatched', emptyPayload, payload);
      return history.listWatched();
    },
    async checkWatched(payload) {
      checked('checkWatched', emptyPayload, payload);
      return history.checkWatched();
    },
  };
}
