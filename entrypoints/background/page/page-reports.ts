/**
 * The content script's reports, received on a short-lived runtime port named PAGE_PORT. A page is
 * hostile: a report is accepted only from this extension's content script in a tab's top frame
 * (sender tab id, frame 0, http(s) URL of the same origin), in the exact shape, with every size
 * bounded; anything else is dropped and the port closed.
 */
import * as v from 'valibot';
import type { DomSnapshot } from '../../../lib/verdict/page-state';
import { domSnapshot } from '../../../lib/protocol/schemas';
import { PAGE_PORT } from '../../../lib/protocol/tab-messages';
import { httpOriginOf } from '../../../lib/shared/url';

/** Returns the snapshot in `value` when it has exactly the expected shape and sizes, else null. */
export function parseDomSnapshot(value: unknown): DomSnapshot | null {
  const result = v.safeParse(domSnapshot, value);
  return result.success ? result.output : null;
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
  put: (tabId: number, dom: DomSnapshot, senderUrl: string) => Promise<void>,
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
      void put(tabId, dom, port.sender?.url ?? dom.url).finally(() => port.disconnect());
    });
  };
}
