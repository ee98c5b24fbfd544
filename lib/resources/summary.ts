/**
 * The one-line summary of a page's resources for a crawler ("5 of 8 resources blocked for
 * Googlebot: 2 scripts, 2 stylesheets, 1 image"), render-critical kinds counted first, and the
 * count of blocked render-critical resources the all-crawlers view shows.
 */
import { isRenderCritical, RESOURCE_TYPES, type ResourceType } from './classify';
import type { ResourceVerdict } from './judge';

const NOUNS: Readonly<Record<ResourceType, readonly [one: string, many: string]>> = {
  script: ['script', 'scripts'],
  stylesheet: ['stylesheet', 'stylesheets'],
  font: ['font', 'fonts'],
  fetch: ['fetch request', 'fetch requests'],
  image: ['image', 'images'],
  media: ['media file', 'media files'],
  frame: ['frame', 'frames'],
  other: ['other resource', 'other resources'],
};

/** Returns "1 script", "2 stylesheets", … */
export function countNoun(count: number, type: ResourceType): string {
  const [one, many] = NOUNS[type];
  return `${count} ${count === 1 ? one : many}`;
}

export interface ResourceSummary {
  readonly total: number;
  readonly blocked: number;
  /** Resources whose origin's robots.txt is not known yet. */
  readonly unchecked: number;
  /** Blocked resources of each kind, render-critical kinds first, kinds with none left out. */
  readonly blockedByType: readonly { readonly type: ResourceType; readonly count: number }[];
  readonly blockedRenderCritical: number;
  /** The line the popup shows first. */
  readonly line: string;
}

/** Returns the summary of `verdicts` for the crawler named `crawlerName`. */
export function summarizeResources(verdicts: readonly ResourceVerdict[], crawlerName: string): ResourceSummary {
  const counts = new Map<ResourceType, number>();
  let blocked = 0;
  let unchecked = 0;
  let blockedRenderCritical = 0;
  for (const v of verdicts) {
    if (v.kind === 'unchecked') unchecked++;
    else if (!v.allowed) {
      blocked++;
      if (isRenderCritical(v.type)) blockedRenderCritical++;
      counts.set(v.type, (counts.get(v.type) ?? 0) + 1);
    }
  }
  const blockedByType = RESOURCE_TYPES.filter((t) => counts.has(t)).map((type) => ({
    type,
    count: counts.get(type) ?? 0,
  }));
  const total = verdicts.length;
  const noun = total === 1 ? 'resource' : 'resources';
  const pending = unchecked === 0 ? '' : ` so far (${unchecked} not checked yet)`;
  const detail =
    blockedByType.length === 0 ? '' : `: ${blockedByType.map((c) => countNoun(c.count, c.type)).join(', ')}`;
  const line = `${blocked} of ${total} ${noun} blocked for ${crawlerName}${pending}${detail}`;
  return { total, blocked, unchecked, blockedByType, blockedRenderCritical, line };
}

/** Returns how many render-critical resources (isRenderCritical) are blocked among `verdicts`. */
export function countBlockedRenderCritical(verdicts: readonly ResourceVerdict[]): number {
  let count = 0;
  for (const v of verdicts) if (v.kind === 'judged' && !v.allowed && isRenderCritical(v.type)) count++;
  return count;
}
