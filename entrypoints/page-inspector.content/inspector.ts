/**
 * The content script's logic over a document and window (index.ts wires the browser): read the
 * page, report it when its URL or its directives change, answer the popup, mark links.
 */
import type { DomSnapshot } from '../../lib/verdict/page-state';
import type { JudgeUrlsResponse } from '../../lib/verdict/url-judge';
import { countLinks, directiveMetaNames, readDirectivesCounted, readPageUrl } from './collect';
import { createLinkMarker } from './marks';
import { parseTabMessage, type TabReply } from '../../lib/protocol/tab-messages';

/** Head changes are gathered this long before the page is read again (frameworks change several tags at once). */
export const SETTLE_MS = 250;
/**
 * However busy the page's head is, it is read again at most this long after the first change not
 * yet reported (a debounce with a maximum wait: a head that changes every 20 ms would never settle).
 */
export const MAX_WAIT_MS = 1000;

export interface PageInspectorDeps {
  readonly doc: Document;
  readonly win: Window;
  readonly extensionId: string;
  readonly customTokens: readonly string[];
  /** Sends a snapshot to the worker. */
  readonly post: (snapshot: DomSnapshot) => void;
  readonly judgeUrls: (urls: string[], crawler: string, pageUrl: string) => Promise<JudgeUrlsResponse>;
  readonly now?: () => number;
}

/** Returns the page inspector. */
export function createPageInspector(deps: PageInspectorDeps) {
  const { doc, win } = deps;
  const names = directiveMetaNames(deps.customTokens);
  const marker = createLinkMarker(doc);
  const now = deps.now ?? (() => performance.now());
  let lastKey = '';
  let lastUrl = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the first change not yet reported came (null: none waiting). */
  let waitingSince: number | null = null;
  let observer: MutationObserver | null = null;
  let stopped = false;

  function read(trigger: DomSnapshot['trigger']): DomSnapshot {
    const { metas, canonicals, cut } = readDirectivesCounted(doc, names);
    const page = readPageUrl(doc.URL);
    const counted = { ...cut, urlChars: page.cutChars };
    const whole = counted.urlChars + counted.metas + counted.canonicals + counted.chars === 0;
    return { url: page.url, metas, canonicals, links: countLinks(doc), trigger, ...(whole ? {} : { cut: counted }) };
  }

  /** Reports the page when its URL or its directives changed since the last report (or always, `force`). */
  function report(trigger: DomSnapshot['trigger'], force = false): DomSnapshot {
    const snapshot = read(trigger);
    const key = JSON.stringify([snapshot.url, snapshot.metas, snapshot.canonicals]);
    if (force || key !== lastKey) {
      lastKey = key;
      try {
        deps.post(snapshot);
      } catch {
        // The extension was reloaded or updated: this script is orphaned and has no one to tell.
      }
    }
    lastUrl = snapshot.url;
    return snapshot;
  }

  function later(trigger: DomSnapshot['trigger']) {
    if (stopped) return;
    if (timer !== null) clearTimeout(timer);
    const at = now();
    waitingSince ??= at;
    const delay = Math.max(0, Math.min(SETTLE_MS, waitingSince + MAX_WAIT_MS - at));
    timer = setTimeout(() => {
      timer = null;
      waitingSince = null;
      if (!stopped) report(readPageUrl(doc.URL).url !== lastUrl ? 'navigation' : trigger);
    }, delay);
  }

  const onNavigate = () => later('navigation');
  const navigation = (win as Window & { navigation?: EventTarget }).navigation;

  return {
    start() {
      report('load', true);
      win.addEventListener('popstate', onNavigate);
      // Chrome's Navigation API sees history.pushState from the page's own world too.
      navigation?.addEventListener('currententrychange', onNavigate);
      observer = new MutationObserver(() => later(readPageUrl(doc.URL).url !== lastUrl ? 'navigation' : 'mutation'));
      observer.observe(doc.head ?? doc.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['content', 'name', 'href', 'rel'],
      });
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      observer?.disconnect();
      win.removeEventListener('popstate', onNavigate);
      navigation?.removeEventListener('currententrychange', onNavigate);
      marker.clear();
    },
    /**
     * Answers a popup message: returns a promise of the reply, or null when the message is not one
     * (another sender, another shape) so the runtime sees no answer.
     */
    handle(message: unknown, sender: { id?: string; tab?: unknown }): Promise<TabReply> | null {
      if (stopped || sender.id !== deps.extensionId || sender.tab !== undefined) return null;
      const parsed = parseTabMessage(message);
      if (parsed === null) return null;
      switch (parsed.type) {
        case 'robotscope:read':
          return Promise.resolve({ snapshot: report('request', true), marks: marker.counts(), run: null });
        case 'robotscope:unmark':
          marker.clear();
          return Promise.resolve({ snapshot: read('request'), marks: null, run: null });
        case 'robotscope:mark':
          return marker
            .mark({
              crawler: parsed.crawler,
              crawlerName: parsed.crawlerName,
              colors: parsed.colors,
              judgeUrls: deps.judgeUrls,
              now,
            })
            .then((run) => ({ snapshot: read('request'), marks: marker.counts(), run }));
      }
    },
    marker,
  };
}
