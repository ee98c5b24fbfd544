/**
 * The page inspector: on http(s) pages, top frame only, reads the robots meta tags, canonicals
 * and link rel hints of the rendered DOM and reports them to the worker (a short-lived port),
 * again after single-page-app navigations (popstate, the Navigation API, head changes). Marks
 * links on request from the popup. When page inspection is off in the settings it does nothing:
 * no listener, no report, no trace; turned off later (the worker says so), it removes its marks and
 * stops. It asks the worker for its settings: they are kept in the extension's IndexedDB, which no
 * content script can open (entrypoints/background/kept-db.ts).
 */
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { createProtocolClient, type Message } from '../../lib/protocol/messages';
import { isInspectionOff, PAGE_PORT } from '../../lib/protocol/tab-messages';
import { createPageInspector } from './inspector';
import { errorWords } from '../../lib/shared/error-words';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  allFrames: false,
  async main(ctx) {
    const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
    // No answer (the worker failing to start): nothing runs, as when inspection is off.
    const settings = await client.pageSettings({}).catch(() => null);
    if (settings === null || !settings.pageInspection || ctx.isInvalid) return;
    const inspector = createPageInspector({
      doc: document,
      win: window,
      extensionId: browser.runtime.id,
      customTokens: [...settings.customTokens],
      post: (snapshot) => {
        const port = browser.runtime.connect({ name: PAGE_PORT });
        port.postMessage(snapshot);
      },
      // No pageUrl: the worker takes the page's address from the runtime (a long or since-changed
      // document.URL would only be refused).
      judgeUrls: (urls, crawler) => client.judgeUrls({ urls, crawler }),
    });
    // Answered through sendResponse (Chrome and Firefox both wait for it when the listener returns true).
    const onMessage = (
      message: unknown,
      sender: { id?: string; tab?: unknown },
      sendResponse: (r: unknown) => void,
    ) => {
      if (isInspectionOff(message, sender, browser.runtime.id)) {
        stop();
        return false;
      }
      const reply = inspector.handle(message, sender);
      if (reply === null) return false;
      reply.then(sendResponse, (error: unknown) => sendResponse({ error: errorWords(error) }));
      return true;
    };
    browser.runtime.onMessage.addListener(onMessage);
    function stop() {
      inspector.stop();
      browser.runtime.onMessage.removeListener(onMessage);
    }
    ctx.onInvalidated(stop);
    inspector.start();
  },
});
