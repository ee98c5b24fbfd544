/** The tdmrep.json message: the page's origin's TDMRep file, from the worker's cache or fetched once. */
import * as v from 'valibot';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { exact, text } from '../../../lib/protocol/schemas';
import { checked } from '../payload';
import type { TdmrepService } from './tdmrep';

const tdmrepRequest = exact(
  { pageUrl: text('pageUrl'), refresh: v.optional(v.boolean('refresh must be true or false')) },
  '{ pageUrl, refresh? }',
);

/** Returns the handler of `tdmrep`. */
export function createTdmrepHandlers(service: TdmrepService): Pick<MessageHandlers, 'tdmrep'> {
  return {
    async tdmrep(payload) {
      const { pageUrl, refresh } = checked('tdmrep', tdmrepRequest, payload);
      return service.forPage(pageUrl, { refresh: refresh === true });
    },
  };
}
