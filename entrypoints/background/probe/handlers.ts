/**
 * The probe's messages: `probe` (fetch the page and its robots.txt as the browser and as each
 * crawler, on the user's request) and `lastProbe` (the latest report of an origin, for the
 * evidence bundle).
 */
import * as v from 'valibot';
import type { MessageHandlers } from '../../../lib/protocol/messages';
import { crawlerToken, exact, httpOrigin, text } from '../../../lib/protocol/schemas';
import { checked } from '../payload';
import { MAX_PROBE_AGENTS, type Prober } from './prober';

const probeRequest = exact(
  {
    pageUrl: text('pageUrl'),
    agents: v.pipe(
      v.array(crawlerToken, 'agents must be a list of crawler tokens'),
      v.maxLength(MAX_PROBE_AGENTS, `agents must be a list of at most ${MAX_PROBE_AGENTS} crawler tokens`),
    ),
  },
  '{ pageUrl, agents }',
);

const lastProbeRequest = exact({ origin: httpOrigin }, '{ origin }');

/** Returns the handlers of the probe's messages. */
export function createProbeHandlers(prober: Prober): Pick<MessageHandlers, 'probe' | 'lastProbe'> {
  return {
    async probe(payload) {
      const request = checked('probe', probeRequest, payload);
      return prober.probe(request.pageUrl, request.agents);
    },
    async lastProbe(payload) {
      return prober.lastReport(checked('lastProbe', lastProbeRequest, payload).origin);
    },
  };
}
