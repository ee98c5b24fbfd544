/**
 * The page inspector: on http(s) pages, top frame only, reads the robots meta tags, canonicals
 * and link rel hints of the rendered DOM and reports them to the worker (a short-lived port),
 * again after single-page-app navigations (popstate, the Navigation API, head changes). Marks
 * links on request from the popup. When page inspection is off in the settings it does nothing:
 * no listener, no report, no trace; turned off later, it removes its marks and stops.
 */
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { storage } from 'wxt/utils/storage';
import { migrateSettings } from '../../lib/settings';
import { createProtocolClient, type Message } from '../../lib/protocol/messages';
import { PAGE_PORT } from '../../lib/protocol/tab-messages';
import { SETTINGS_KEY } from '../../lib/protocol/storage-keys';
import { createPageInspector } from './inspector';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  allFrames: false,
  async main(ctx) {
    const settings = migrateSettings(await storage.getItem(SETTINGS_KEY));
    if (!settings.pageInspection || ctx.isInvalid) return;
    const client = createProtocolClient((message: Message) => browser.runtime.sendMessage(message));
    const inspector = createPageInspector({
      doc: document,
      win: window,
      extensionId: browser.runtime.id,
      customTokens: settings.customTokens,
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
      const reply = inspector.handle(message, sender);
      if (reply === null) return false;
      reply.then(sendResponse, (error: unknown) => sendResponse({ error: String(error) }));
      return true;
    };
    browser.runtime.onMessage.addListener(onMessage);
    const unwatch = storage.watch(SETTINGS_KEY, (value) => {
      if (!migrateSettings(value).pageInspection) stop();
    });
    function stop() {
      inspector.stop();
      browser.runtime.onMessage.removeListener(onMessage);
      unwatch();
    }
    ctx.onInvalidated(stop);
    inspector.start();
  },
});
