/**
 * The content script's reports, received on a short-lived runtime port named PAGE_PORT. A page is
 * hostile: a report is accepted only from this extension's content script in a tab's top frame
 * (sender tab id, frame 0, http(s) URL of the same origin), in the exact shape, with every size
 * bounded; anything else is dropped and the port closed.
 */
import type { CanonicalElement } from '../../lib/page-directives/canonical';
import type { DomSnapshot } from '../../lib/verdict/page-state';
import type { MetaElement } from '../../lib/page-directives/verdict';
import { PAGE_PORT } from '../../lib/protocol/tab-messages';
import { httpOriginOf } from '../../lib/shared/url';

export const MAX_REPORTED_ELEMENTS = 100;
export const MAX_REPORTED_CHARS = 4096;
const TRIGGERS = new Set(['load', 'navigation', 'mutation', 'request']);
const QUALIFIERS = new Set(['hreflang', 'lang', 'media', 'type']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function exactKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => own.includes(k));
}
const shortString = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_REPORTED_CHARS;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10_000_000;

export function parseMeta(v: unknown): MetaElement | null {
  if (!isRecord(v) || !exactKeys(v, ['name', 'content', 'inHead'])) return null;
  if (!shortString(v.name) || !shortString(v.content) || typeof v.inHead !== 'boolean') return null;
  return { name: v.name, content: v.content, inHead: v.inHead };
}
export function parseCanonical(v: unknown): CanonicalElement | null {
  if (!isRecord(v) || !exactKeys(v, ['href', 'inHead', 'qualifiers'])) return null;
  if (!shortString(v.href) || typeof v.inHead !== 'boolean' || !Array.isArray(v.qualifiers)) return null;
  if (v.qualifiers.length > QUALIFIERS.size || !v.qualifiers.every((q) => typeof q === 'string' && QUALIFIERS.has(q)))
    return null;
  return { href: v.href, inHead: v.inHead, qualifiers: v.qualifiers as string[] };
}

/** Returns the snapshot in `value` when it has exactly the expected shape and sizes, else null. */
export function parseDomSnapshot(value: unknown): DomSnapshot | null {
  if (!isRecord(value) || !exactKeys(value, ['url', 'metas', 'canonicals', 'links', 'trigger'])) return null;
  const { url, metas, canonicals, links, trigger } = value;
  if (!shortString(url) || !/^https?:\/\//i.test(url)) return null;
  if (typeof trigger !== 'string' || !TRIGGERS.has(trigger)) return null;
  if (!Array.isArray(metas) || metas.length > MAX_REPORTED_ELEMENTS) return null;
  if (!Array.isArray(canonicals) || canonicals.length > MAX_REPORTED_ELEMENTS) return null;
  if (!isRecord(links) || !exactKeys(links, ['total', 'nofollow', 'ugc', 'sponsored'])) return null;
  if (![links.total, links.nofollow, links.ugc, links.sponsored].every(count)) return null;
  const parsedMetas = metas.map(parseMeta);
  const parsedCanonicals = canonicals.map(parseCanonical);
  if (parsedMetas.includes(null) || parsedCanonicals.includes(null)) return null;
  return {
    url,
    metas: parsedMetas as MetaElement[],
    canonicals: parsedCanonicals as CanonicalElement[],
    links: {
      total: links.total as number,
      nofollow: links.nofollow as number,
      ugc: links.ugc as number,
      sponsored: links.sponsored as number,
    },
    trigger: trigger as DomSnapshot['trigger'],
  };
}

/** What the runtime says about who opened a port or sent a message. */
export interface Sender {
  readonly id?: string;
  readonly tab?: { readonly id?: number };
  readonly frameId?: number;
  readonly url?: string;
}

/** Returns the tab id the report may be kept for: this extension's script, a tab's top frame, same origin. */
export function acceptedTab(sender: Sender | undefined, extensionId: string, reportUrl: string): number | null {
  if (sender === undefined || sender.id !== extensionId) return null;
  const tabId = sender.tab?.id;
  if (typeof tabId !== 'number' || !Number.isInteger(tabId) || tabId < 0) return null;
  if (sender.frameId !== 0) return null;
  if (typeof sender.url !== 'string' || !/^https?:\/\//i.test(sender.url)) return null;
  const origin = httpOriginOf(reportUrl);
  return origin !== null && origin === httpOriginOf(sender.url) ? tabId : null;
}

/** The port as this file uses it (a runtime.Port fits). */
export interface ReportPort {
  readonly name: string;
  readonly sender?: Sender;
  readonly onMessage: { addListener(cb: (message: unknown) => void): void };
  disconnect(): void;
}

/** Returns the runtime.onConnect listener that keeps valid reports through `put`. */
export function createReportListener(
  extensionId: string,
  put: (tabId: number, dom: DomSnapshot) => Promise<void>,
): (port: ReportPort) => void {
  return (port) => {
    if (port.name !== PAGE_PORT) return;
    port.onMessage.addListener((message) => {
      const dom = parseDomSnapshot(message);
      const tabId = dom === null ? null : acceptedTab(port.sender, extensionId, dom.url);
      if (dom === null || tabId === null) {
        port.disconnect();
        return;
      }
      void put(tabId, dom).finally(() => port.disconnect());
    });
  };
}
