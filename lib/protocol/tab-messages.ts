/**
 * The content script's side of the protocol: the port its page readings travel on (PAGE_PORT), and
 * the messages from the popup to the content script of a tab (tabs.sendMessage, frame 0) with the
 * reply. The content script accepts them only from this extension's own pages (no sender tab),
 * in the exact shape.
 */
import * as v from 'valibot';
import type { DomSnapshot } from '../verdict/page-state';
import type { MarkColors } from '../settings';
import { MAX_JUDGED_URL_CHARS, MAX_JUDGED_URLS } from '../verdict/url-judge';
import { crawlerToken } from './schemas';

/** Longest crawler name a mark message carries (the name shown in the marks' titles). */
const MAX_CRAWLER_NAME_CHARS = 100;

/** The name of the port a content script reports its page reading on. */
export const PAGE_PORT = 'robotscope-page';

/** The worker tells each tab's content script that page inspection was turned off: it stops, leaving no trace. */
export const INSPECTION_OFF = 'robotscope:inspection-off';

const inspectionOff = v.object({ type: v.literal(INSPECTION_OFF) });

/** Returns true for the worker's INSPECTION_OFF message (from this extension, not from a tab). */
export function isInspectionOff(
  message: unknown,
  sender: { id?: string; tab?: unknown },
  extensionId: string,
): boolean {
  return sender.id === extensionId && sender.tab === undefined && v.is(inspectionOff, message);
}

/** What Mark links counted on the page. */
export interface MarkCounts {
  readonly links: number;
  readonly blocked: number;
  readonly nofollow: number;
  readonly ugc: number;
  readonly sponsored: number;
  /** Links on sites whose robots.txt was not fetched (over the cap), or not judged. */
  readonly unchecked: number;
  readonly skippedOrigins: number;
  /** Why links were not checked, by reason (absent from counts made before any answer). */
  readonly notChecked?: NotChecked;
}

/** Links Mark links did not check, by reason; `refusal` is the worker's or the runtime's words when the request failed. */
export interface NotChecked {
  /** Links whose URL is over 4,096 characters (never sent). */
  readonly tooLong: number;
  /** Links past the request's 10,000 URLs (never sent). */
  readonly overRequest: number;
  /** Links on other sites past the robots.txt fetch limit for one page. */
  readonly overOrigins: number;
  /** Links whose site's robots.txt could not be read. */
  readonly failed: number;
  /** Links not checked because the request itself was refused or failed. */
  readonly refused: number;
  readonly refusal: string | null;
}

/** Returns Mark links' sentence on the links it did not check and why, or null when it checked every one. */
export function describeNotChecked(n: NotChecked, skippedOrigins: number): string | null {
  const parts: string[] = [];
  const count = (x: number) => x.toLocaleString('en-US');
  if (n.refused > 0) parts.push(`${count(n.refused)}: the request was refused (${n.refusal ?? 'no reason given'})`);
  if (n.tooLong > 0) parts.push(`${count(n.tooLong)}: address over ${count(MAX_JUDGED_URL_CHARS)} characters`);
  if (n.overRequest > 0)
    parts.push(`${count(n.overRequest)}: past the ${count(MAX_JUDGED_URLS)} links one check takes`);
  if (n.overOrigins > 0)
    parts.push(
      `${count(n.overOrigins)} on ${count(skippedOrigins)} other sites: over the robots.txt fetch limit for one page`,
    );
  if (n.failed > 0) parts.push(`${count(n.failed)}: their site's robots.txt could not be read`);
  const total = n.refused + n.tooLong + n.overRequest + n.overOrigins + n.failed;
  return total === 0 ? null : `${count(total)} links not checked — ${parts.join('; ')}.`;
}

/** One marking: its counts and what it took. */
export interface MarkRun {
  /** ms spent marking in the page (collecting, rel hints, applying verdicts), without the worker's wait. */
  readonly domMs: number;
  /** ms from start to every mark applied, the worker's judging included. */
  readonly totalMs: number;
  readonly counts: MarkCounts;
}

export type TabMessage =
  | { readonly type: 'robotscope:read' }
  | {
      readonly type: 'robotscope:mark';
      readonly crawler: string;
      readonly crawlerName: string;
      readonly colors: MarkColors;
    }
  | { readonly type: 'robotscope:unmark' };

export interface TabReply {
  readonly snapshot: DomSnapshot;
  /** The marks shown now, or null when links are not marked. */
  readonly marks: MarkCounts | null;
  /** The marking just done (for robotscope:mark). */
  readonly run: MarkRun | null;
}

const markColor = v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i));

/** The messages a content script accepts, each in its exact shape (an unknown field refuses it). */
const tabMessage = v.variant('type', [
  v.strictObject({ type: v.literal('robotscope:read') }),
  v.strictObject({ type: v.literal('robotscope:unmark') }),
  v.strictObject({
    type: v.literal('robotscope:mark'),
    crawler: crawlerToken,
    crawlerName: v.pipe(v.string(), v.maxLength(MAX_CRAWLER_NAME_CHARS)),
    colors: v.strictObject({ blocked: markColor, nofollow: markColor, ugc: markColor, sponsored: markColor }),
  }),
]);

/** Returns the message when it has exactly one of the expected shapes, else null. */
export function parseTabMessage(value: unknown): TabMessage | null {
  const result = v.safeParse(tabMessage, value, { abortEarly: true });
  return result.success ? result.output : null;
}
