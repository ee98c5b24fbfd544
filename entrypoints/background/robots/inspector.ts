/**
 * Inspecting a tab or a URL: where its robots.txt lives (or why none applies), the record from the
 * cache or the network, and what it means in words. The popup, the options page and the badge all
 * go through here.
 */
import type { CacheLookup, RobotsCache, RobotsTarget } from '../../../lib/cache';
import { describeRecord, type OutcomeDescription } from '../../../lib/fetch/describe';
import { locateRobotsTxt } from '../../../lib/fetch/location';
import { bodyText } from '../../../lib/fetch/body';
import type { FetchRecord } from '../../../lib/fetch/types';
import { InvalidRequestError } from '../../../lib/protocol/errors';
import { createLru } from '../../../lib/shared/lru';
import { findContentSignals } from '../../../lib/directives/content-signals';
import { findManagedBlocks } from '../../../lib/directives/managed-blocks';
import type { FileDirectives, Inspection, InspectionTarget } from '../../../lib/protocol/messages';
import { type Diagnostic, parseRobotsTxt } from '../../../lib/robots';
import { lintRobotsFile } from '../../../lib/usage';
import { describeUsageLines } from '../../../lib/directives/usage-lines';

export interface InspectorDeps {
  readonly cache: RobotsCache;
  /** Epoch ms. */
  readonly now: () => number;
  /** The tab's current URL, null when it has none yet; rejects or gives undefined when there is no such tab. */
  readonly getTab: (tabId: number) => Promise<{ readonly url?: string; readonly pendingUrl?: string } | undefined>;
  /** The active tab of the window last focused, undefined when there is none. */
  readonly getActiveTab: () => Promise<
    { readonly id?: number; readonly url?: string; readonly pendingUrl?: string } | undefined
  >;
}

export interface Inspector {
  /**
   * Returns the inspection of `pageUrl` (shown in tab `tabId`, or null). `lookup` finds the record
   * (default: the cache, at once; the worker's origin lookup queues it behind other origins').
   */
  inspectUrl(
    pageUrl: string,
    tabId: number | null,
    refresh: boolean,
    lookup?: (target: RobotsTarget) => Promise<CacheLookup>,
  ): Promise<Inspection>;
  /** Returns the inspection of a tab's current page or of a URL; rejects with InvalidRequestError for a tab that does not exist. */
  inspect(target: InspectionTarget, refresh: boolean): Promise<Inspection>;
}

/** Returns `description` with `note` added to its notes (unchanged without one). */
function withNote(description: OutcomeDescription, note: string | undefined): OutcomeDescription {
  return note === undefined ? description : { ...description, notes: [...description.notes, note] };
}

/** Files read (linted, directives found) kept in memory, by origin. */
const READ_FILES_KEPT = 16;

/** What the worker reads off a file once: lint findings and directives. */
interface FileReading {
  readonly diagnostics: readonly Diagnostic[];
  readonly directives: FileDirectives;
}

const NOTHING_READ: FileReading = { diagnostics: [], directives: { managedBlocks: [], contentSignals: [] } };

/** Returns the inspector. */
export function createInspector(deps: InspectorDeps): Inspector {
  /** By origin: the record last read and what was read (a record is never changed, only replaced). */
  const read = createLru<string, { readonly record: FetchRecord; readonly reading: FileReading }>(READ_FILES_KEPT);

  /** Returns the linter's findings and the directives of the record's body, reading each fetched file once. */
  function readOnce(record: FetchRecord): FileReading {
    if (record.outcome.kind !== 'ok') return NOTHING_READ;
    const kept = read.peek(record.origin);
    if (kept !== undefined && kept.record.fetchedAt === record.fetchedAt && kept.record.finalUrl === record.finalUrl)
      return kept.reading;
    const { body } = record.outcome;
    const text = bodyText(body);
    const wide = body.encoding !== 'utf-8' && body.encoding !== 'not-utf-8';
    // In UTF-16/UTF-32 every line holds NULs: the verdict's reading condition names the encoding
    // once, instead of one NUL finding per line.
    const robots = parseRobotsTxt(text);
    const diagnostics = lintRobotsFile(text, robots).filter((d) => !(wide && d.code === 'nul-character'));
    const contentSignals = findContentSignals(text, robots);
    const reading = {
      diagnostics,
      directives: {
        managedBlocks: findManagedBlocks(text),
        contentSignals,
        usageLines: describeUsageLines(text, contentSignals),
      },
    };
    read.set(record.origin, { record, reading });
    return reading;
  }

  async function inspectUrl(
    pageUrl: string,
    tabId: number | null,
    refresh: boolean,
    lookup: (target: RobotsTarget) => Promise<CacheLookup> = (target) => deps.cache.lookup(target, { refresh }),
  ): Promise<Inspection> {
    const location = locateRobotsTxt(pageUrl);
    if (location.kind === 'not-applicable') {
      return { kind: 'not-applicable', pageUrl, tabId, reason: location.reason, explanation: location.explanation };
    }
    const { record, source, notStored } = await lookup(location);
    const ageMs = Math.max(0, deps.now() - record.fetchedAt);
    return {
      kind: 'inspected',
      pageUrl,
      tabId,
      record,
      // A record storage refused is said where the popup says every note about the fetch.
      description: withNote(describeRecord(record), notStored),
      source,
      ...(notStored === undefined ? {} : { notStored }),
      ageMs,
      ...readOnce(record),
    };
  }

  return {
    inspectUrl,
    async inspect(target, refresh) {
      if (target.kind === 'url') return inspectUrl(target.url, null, refresh);
      let tab: Awaited<ReturnType<InspectorDeps['getTab']>>;
      let tabId: number;
      if (target.kind === 'active') {
        const active = await deps.getActiveTab();
        if (active?.id === undefined) throw new InvalidRequestError('There is no active tab to inspect.');
        tab = active;
        tabId = active.id;
      } else {
        tabId = target.tabId;
        try {
          tab = await deps.getTab(tabId);
        } catch (error) {
          throw new InvalidRequestError(`There is no tab ${tabId}.`, { cause: error });
        }
        if (tab === undefined) throw new InvalidRequestError(`There is no tab ${tabId}.`);
      }
      const url = tab.url || tab.pendingUrl;
      if (url === undefined || url === '') {
        return {
          kind: 'not-applicable',
          pageUrl: '',
          tabId,
          reason: 'invalid-url',
          explanation: 'This tab has no address yet, so no robots.txt applies to it.',
        };
      }
      return inspectUrl(url, tabId, refresh);
    },
  };
}
