/**
 * Inspecting a tab or a URL: where its robots.txt lives (or why none applies), the record from the
 * cache or the network, and what it means in words. The popup, the options page and the badge all
 * go through here.
 */
import type { RobotsCache } from '../../lib/cache';
import { describeRecord } from '../../lib/fetch/describe';
import { locateRobotsTxt } from '../../lib/fetch/location';
import type { Inspection, InspectionTarget } from '../../lib/messages';

/** A request the worker cannot serve because of what it asked for (answered as `invalid-request`). */
export class InvalidRequestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidRequestError';
  }
}

export interface InspectorDeps {
  readonly cache: RobotsCache;
  /** Epoch ms. */
  readonly now: () => number;
  /** The tab's current URL, null when it has none yet; rejects or gives undefined when there is no such tab. */
  readonly getTab: (tabId: number) => Promise<{ readonly url?: string; readonly pendingUrl?: string } | undefined>;
}

export interface Inspector {
  /** Returns the inspection of `pageUrl` (shown in tab `tabId`, or null). */
  inspectUrl(pageUrl: string, tabId: number | null, refresh: boolean): Promise<Inspection>;
  /** Returns the inspection of a tab's current page or of a URL; rejects with InvalidRequestError for a tab that does not exist. */
  inspect(target: InspectionTarget, refresh: boolean): Promise<Inspection>;
}

/** Returns the inspector. */
export function createInspector(deps: InspectorDeps): Inspector {
  async function inspectUrl(pageUrl: string, tabId: number | null, refresh: boolean): Promise<Inspection> {
    const location = locateRobotsTxt(pageUrl);
    if (location.kind === 'not-applicable') {
      return { kind: 'not-applicable', pageUrl, tabId, reason: location.reason, explanation: location.explanation };
    }
    const { record, source } = await deps.cache.lookup(location, { refresh });
    const ageMs = Math.max(0, deps.now() - record.fetchedAt);
    return { kind: 'inspected', pageUrl, tabId, record, description: describeRecord(record), source, ageMs };
  }

  return {
    inspectUrl,
    async inspect(target, refresh) {
      if (target.kind === 'url') return inspectUrl(target.url, null, refresh);
      let tab: Awaited<ReturnType<InspectorDeps['getTab']>>;
      try {
        tab = await deps.getTab(target.tabId);
      } catch (error) {
        throw new InvalidRequestError(`There is no tab ${target.tabId}.`, { cause: error });
      }
      if (tab === undefined) throw new InvalidRequestError(`There is no tab ${target.tabId}.`);
      const url = tab.url || tab.pendingUrl;
      if (url === undefined || url === '') {
        return {
          kind: 'not-applicable',
          pageUrl: '',
          tabId: target.tabId,
          reason: 'invalid-url',
          explanation: 'This tab has no address yet, so no robots.txt applies to it.',
        };
      }
      return inspectUrl(url, target.tabId, refresh);
    },
  };
}
