/**
 * Per-tab, per-document bookkeeping of the subresources a page requested: a new document starts a
 * new list, each URL is kept once (its first kind, sharpened when a later request names a more
 * specific one), and the list stops at MAX_RESOURCES_PER_TAB, counting what it left out. Plain
 * data, so the worker keeps it in storage.session and the popup reads it as is.
 */
import { isCrawlerResource, type ResourceType } from './classify';

/** The most subresources kept for one document; later ones are counted in `dropped`. */
export const MAX_RESOURCES_PER_TAB = 2000;

export interface ResourceEntry {
  /** The URL as the page requested it. */
  readonly url: string;
  readonly type: ResourceType;
}

/** The subresources of the document shown in one tab. */
export interface TabResources {
  /** The document's URL (its main-frame request, or the tab's URL when the list began later). */
  readonly documentUrl: string;
  /** Epoch ms when the document's list began. */
  readonly startedAt: number;
  readonly entries: readonly ResourceEntry[];
  /** http(s) requests for new URLs left out because the list was full (so the list is cut). */
  readonly dropped: number;
}

/** Returns an empty list for a new document at `documentUrl`. */
export function startDocument(documentUrl: string, now: number): TabResources {
  return { documentUrl, startedAt: now, entries: [], dropped: 0 };
}

/**
 * Returns the list with `url` added as `type`, or the same list when nothing changes: URLs a
 * crawler does not fetch (isCrawlerResource) and URLs already listed are not added again (an
 * `other` entry takes a later, more specific kind); past `max` (default MAX_RESOURCES_PER_TAB) the
 * URL is only counted in `dropped`.
 */
export function addResource(
  list: TabResources,
  url: string,
  type: ResourceType,
  max: number = MAX_RESOURCES_PER_TAB,
): TabResources {
  return addResources(list, [{ url, type }], max);
}

/** Returns true when `value` has the shape of a stored TabResources (storage is not trusted blindly). */
export function isTabResources(value: unknown): value is TabResources {
  if (typeof value !== 'object' || value === null) return false;
  const list = value as Partial<TabResources>;
  return (
    typeof list.documentUrl === 'string' &&
    typeof list.startedAt === 'number' &&
    typeof list.dropped === 'number' &&
    Array.isArray(list.entries) &&
    list.entries.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as ResourceEntry).url === 'string' &&
        typeof (entry as ResourceEntry).type === 'string',
    )
  );
}

/** Returns the list with each of `requests` added in order, as addResource does, in one pass. */
export function addResources(
  list: TabResources,
  requests: readonly ResourceEntry[],
  max: number = MAX_RESOURCES_PER_TAB,
): TabResources {
  if (requests.length === 0) return list;
  const entries = list.entries.slice();
  const indexOf = new Map(entries.map((entry, i) => [entry.url, i]));
  let dropped = list.dropped;
  let changed = false;
  for (const { url, type } of requests) {
    if (!isCrawlerResource(url) || url === list.documentUrl) continue;
    const index = indexOf.get(url);
    if (index !== undefined) {
      if (entries[index]?.type === 'other' && type !== 'other') {
        entries[index] = { url, type };
        changed = true;
      }
      continue;
    }
    changed = true;
    if (entries.length >= max) {
      dropped++;
      // Counted once: a URL left out stays out.
      indexOf.set(url, -1);
      continue;
    }
    indexOf.set(url, entries.length);
    entries.push({ url, type });
  }
  return changed ? { ...list, entries, dropped } : list;
}
