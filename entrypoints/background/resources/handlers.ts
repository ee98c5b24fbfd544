/** The page resources message: the subresources a tab's current document requested so far. */
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { exact, tabId } from '../../../lib/protocol/schemas';
import { checked } from '../payload';
import type { ResourceCollector } from './resources';

const getResourcesRequest = exact({ tabId }, '{ tabId }');

/** Returns the handler of `getResources`. */
export function createResourceHandlers(resources: ResourceCollector): Pick<MessageHandlers, 'getResources'> {
  return {
    async getResources(payload) {
      return { resources: await resources.get(checked('getResources', getResourcesRequest, payload).tabId) };
    },
  };
}
