/**
 * Setting the User-Agent of the extension's own requests to one host, for the probe only, and
 * never of a page's request: in Chrome a declarativeNetRequest session rule scoped to requests
 * the extension itself initiates (`initiatorDomains: [extension id]`), made outside any tab
 * (`tabIds: [-1]`) to the probed host (`requestDomains`); in Firefox MV2 a blocking
 * `webRequest.onBeforeSendHeaders` listener filtered to the host's URLs and `tabId: -1` that
 * also checks the request comes from the extension. Both are removed when the probe ends.
 */

/** The one session rule the probe uses; replaced for each agent, removed at the end. */
export const PROBE_RULE_ID = 4201;

/** Client hints that name the browser; a crawler sends none, so they are removed while probing. */
const CLIENT_HINTS = ['sec-ch-ua', 'sec-ch-ua-mobile', 'sec-ch-ua-platform'];

/** Makes the extension's own requests to one host carry a chosen User-Agent, until cleared. */
export interface UserAgentOverride {
  /** From now on, the extension's own requests to `host` (a hostname) carry `userAgent`. */
  set(host: string, userAgent: string): Promise<void>;
  /** Removes the override: every request carries the browser's own User-Agent again. */
  clear(): Promise<void>;
}

/** The part of chrome.declarativeNetRequest the override uses. */
export interface SessionRules {
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: unknown[] }): Promise<void>;
}

/** Returns the session rule that sets `userAgent` on the extension's own requests to `host`. */
export function probeRule(host: string, userAgent: string, extensionId: string) {
  return {
    id: PROBE_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders',
      requestHeaders: [
        { header: 'user-agent', operation: 'set', value: userAgent },
        ...CLIENT_HINTS.map((header) => ({ header, operation: 'remove' })),
      ],
    },
    condition: {
      initiatorDomains: [extensionId],
      tabIds: [-1],
      requestDomains: [host],
      resourceTypes: ['xmlhttprequest', 'other'],
    },
  };
}

/** Returns the Chrome override over declarativeNetRequest session rules. */
export function createSessionRuleOverride(rules: SessionRules, extensionId: string): UserAgentOverride {
  return {
    set: (host, userAgent) =>
      rules.updateSessionRules({ removeRuleIds: [PROBE_RULE_ID], addRules: [probeRule(host, userAgent, extensionId)] }),
    clear: () => rules.updateSessionRules({ removeRuleIds: [PROBE_RULE_ID] }),
  };
}

/** What onBeforeSendHeaders hands a listener (the parts read). */
export interface SendHeadersDetails {
  readonly url: string;
  readonly tabId: number;
  /** Firefox: the URL of what made the request (the background page, for the extension's own). */
  readonly originUrl?: string;
  readonly requestHeaders?: { name: string; value?: string }[];
}

type SendHeadersListener = (
  details: SendHeadersDetails,
) => { requestHeaders: SendHeadersDetails['requestHeaders'] } | undefined;

/** The part of Firefox's webRequest the override uses. */
export interface SendHeadersEvent {
  addListener(
    listener: SendHeadersListener,
    filter: { urls: string[]; tabId?: number },
    extraInfoSpec: ('blocking' | 'requestHeaders')[],
  ): void;
  removeListener(listener: SendHeadersListener): void;
}

/**
 * Returns the Firefox override: a blocking onBeforeSendHeaders listener on the host's http(s)
 * URLs, outside any tab, that rewrites User-Agent only for requests made by the extension itself
 * (`originUrl` under `extensionBase`).
 */
export function createSendHeadersOverride(event: SendHeadersEvent, extensionBase: string): UserAgentOverride {
  let current: SendHeadersListener | null = null;
  const remove = () => {
    if (current !== null) event.removeListener(current);
    current = null;
  };
  return {
    async set(host, userAgent) {
      remove();
      const listener: SendHeadersListener = (details) => {
        if (details.tabId !== -1 || !(details.originUrl ?? '').startsWith(extensionBase)) return undefined;
        const headers = (details.requestHeaders ?? []).filter((h) => h.name.toLowerCase() !== 'user-agent');
        headers.push({ name: 'User-Agent', value: userAgent });
        return { requestHeaders: headers };
      };
      current = listener;
      event.addListener(listener, { urls: [`http://${host}/*`, `https://${host}/*`], tabId: -1 }, [
        'blocking',
        'requestHeaders',
      ]);
    },
    async clear() {
      remove();
    },
  };
}
