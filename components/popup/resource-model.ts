/**
 * View-model of the "Page resources" section: what entrypoints/popup/resources-state.ts
 * computes and components/popup/Resources*.tsx render.
 */
import type { ResourceType } from '../../lib/resources/classify';

/** One resource as listed: blocked, allowed, or waiting for its origin's robots.txt. */
export interface ResourceRow {
  /** The URL as the page requested it. */
  readonly url: string;
  readonly type: ResourceType;
  /** Path and query, as matched against robots.txt. */
  readonly path: string;
  /** null until the origin's robots.txt is known. */
  readonly blocked: boolean | null;
  /** "line 2: Disallow: /static/", the outcome in words, or why it is not known yet. */
  readonly reason: string;
}

/** One origin's resources and its robots.txt status. */
export interface ResourceOriginView {
  readonly origin: string;
  /** "robots.txt answered 200: its rules apply", "checking…", "not checked: another site". */
  readonly status: string;
  readonly rows: readonly ResourceRow[];
}

export interface ResourcesView {
  /** Nothing to show yet: the worker's list has not arrived. */
  readonly loading: boolean;
  /** The summary line, or why there is none (no resources, an error). */
  readonly summary: string;
  /** "checking 4 of 12 hosts" while origins are fetched, else null. */
  readonly progress: string | null;
  /** Hosts of other sites left for a click (automatic checking is off), 0 when none. */
  readonly waitingHosts: number;
  /** Blocked resources grouped by origin. */
  readonly blocked: readonly ResourceOriginView[];
  /** Allowed resources grouped by origin. */
  readonly allowed: readonly ResourceOriginView[];
  /** Resources whose origin is not known yet, grouped by origin. */
  readonly unchecked: readonly ResourceOriginView[];
  /** Sentences the user must see: the list was cut, it belongs to an earlier page. */
  readonly notes: readonly string[];
}
