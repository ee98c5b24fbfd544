/**
 * The worker's side of the protocol (lib/protocol/messages.ts): who sent a message, whether that
 * sender may send it (PROTOCOL's scope for it), and the handler's answer in a Reply. Bad input →
 * `invalid-request`, a sender out of scope → `forbidden`, a thrown bug → `internal`; the listener
 * never leaves a caller waiting.
 */
import { FetchCancelledError } from '../../lib/fetch/policy';
import { ForbiddenError, InvalidRequestError } from '../../lib/protocol/errors';
import { isAllowedSender, isMessage, type MessageHandlers, type Reply, type Sender } from '../../lib/protocol/messages';
import { errorWords } from '../../lib/shared/error-words';

/** What the runtime says about who sent a message (runtime.MessageSender, as far as it is read here). */
export interface RuntimeSender {
  readonly id?: string;
  readonly url?: string;
  readonly tab?: { readonly id?: number; readonly url?: string };
  readonly frameId?: number;
}

/**
 * Returns who sent a message, from what the runtime says (never from the message): one of the
 * extension's own pages (its URL is under `extensionBase`, whether or not it sits in a tab), or the
 * content script of a tab's top frame (with that tab's id and the frame's URL); null for anything
 * else (another extension, a subframe). A sender with neither a tab nor a URL is the extension's own
 * context: the runtime names every page and content script by one or the other.
 */
export function identifySender(sender: RuntimeSender, extensionId: string, extensionBase: string): Sender | null {
  if (sender.id !== undefined && sender.id !== extensionId) return null;
  if (sender.url !== undefined && sender.url.startsWith(extensionBase)) return { kind: 'extension-page' };
  if (sender.tab !== undefined) {
    const tabId = sender.tab.id;
    const url = sender.url ?? sender.tab.url;
    if (tabId === undefined || tabId < 0 || url === undefined) return null;
    if (sender.frameId !== undefined && sender.frameId !== 0) return null;
    return { kind: 'content-script', tabId, url };
  }
  return sender.url === undefined ? { kind: 'extension-page' } : null;
}

/** Returns a function that answers any message from `sender` with a Reply; it never rejects. */
export function createMessageHandler(
  handlers: MessageHandlers,
): (message: unknown, sender: Sender | null) => Promise<Reply<unknown>> {
  return async (message, sender) => {
    if (!isMessage(message)) {
      return {
        ok: false,
        error: {
          code: 'invalid-request',
          message: 'Not a Robotscope message: expected { type, payload } with a known type.',
        },
      };
    }
    if (sender === null || !isAllowedSender(message.type, sender)) {
      return {
        ok: false,
        error: {
          code: 'forbidden',
          message: `"${message.type}" is answered only to the extension's own pages${sender === null ? '' : ', not to a page’s content script'}.`,
        },
      };
    }
    try {
      const value = await handlers[message.type](message.payload, sender);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof InvalidRequestError)
        return { ok: false, error: { code: 'invalid-request', message: error.message } };
      if (error instanceof ForbiddenError) return { ok: false, error: { code: 'forbidden', message: error.message } };
      if (error instanceof FetchCancelledError)
        return { ok: false, error: { code: 'cancelled', message: `Cancelled: ${error.message}` } };
      const text = errorWords(error);
      console.error(`Robotscope: "${message.type}" failed`, error);
      return {
        ok: false,
        error: { code: 'internal', message: `The background worker failed on "${message.type}": ${text}` },
      };
    }
  };
}

/**
 * Returns a runtime.onMessage listener that identifies the sender and answers through
 * `sendResponse` (Chrome and Firefox both wait for it).
 */
export function createMessageListener(
  handle: (message: unknown, sender: Sender | null) => Promise<Reply<unknown>>,
  identify: (sender: RuntimeSender) => Sender | null,
): (message: unknown, sender: RuntimeSender, sendResponse: (reply: unknown) => void) => true {
  return (message, sender, sendResponse) => {
    void handle(message, identify(sender ?? {})).then(sendResponse);
    return true;
  };
}
