/**
 * The one typed protocol between the popup/options pages and the background worker.
 * Every request is `{ type, payload }`; every reply is a `Reply` envelope, so a bug in the worker
 * reaches the UI as an error value, never as a silent hang.
 */

import type { CacheEntrySummary, CacheStats } from '../cache';
import type { OutcomeDescription } from '../fetch/describe';
import type { FetchRecord, NotApplicableReason } from '../fetch/types';
import type { PageVerdict } from '../verdict/types';
import type { ContentSignalLine } from '../directives/content-signals';
import type { ManagedBlock } from '../directives/managed-blocks';
import type { UsageLineMeaning } from '../directives/usage-lines';
import type { ChangedSinceReply, HistoryListing, HistoryUsageReply, VersionMeta, WatchedSite } from '../history/api';
import type { TabResources } from '../resources/ledger';
import type { Diagnostic } from '../robots/types';
import type { CanonicalElement } from '../page-directives/canonical';
import type { DomSnapshot, HeadersSource, PageState, RefetchResult } from '../verdict/page-state';
import type { Indexability, MetaElement } from '../page-directives/verdict';
import type { Settings } from '../settings';
import { ProtocolError } from './errors';
import type { JudgeUrlsRequest, JudgeUrlsResponse, OriginOutcome } from '../verdict/url-judge';
import type { ProbeReport } from '../probe/types';
import type { PageUsageReply } from '../usage/tdmrep-fetch';
import type { HeaderPair, MetaTag } from '../usage/types';

/**
 * The page to inspect: a tab (its current URL), an explicit URL, or the active tab of the window
 * last focused (`active`: what the toolbar popup asks while it still looks up its own tab; the
 * inspection's `tabId` says which tab that was).
 */
export type InspectionTarget =
  | { readonly kind: 'tab'; readonly tabId: number }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'active' };

/** What a robots.txt body says beyond its rules: CDN-managed blocks, Content-Signal / Content-Usage lines. */
export interface FileDirectives {
  readonly managedBlocks: readonly ManagedBlock[];
  readonly contentSignals: readonly ContentSignalLine[];
  /** What each usage line (Content-Usage, Content-Signal, License, LLM-Policy) means, in words; absent on older replies. */
  readonly usageLines?: readonly UsageLineMeaning[];
}

/** What the worker knows about a page's robots.txt. */
export type Inspection =
  | {
      readonly kind: 'not-applicable';
      readonly pageUrl: string;
      readonly tabId: number | null;
      readonly reason: NotApplicableReason;
      readonly explanation: string;
    }
  | {
      readonly kind: 'inspected';
      readonly pageUrl: string;
      readonly tabId: number | null;
      readonly record: FetchRecord;
      /**
       * What the user is told about the record (describeRecord's sentences), made by the worker so
       * the popup, the options page and the badge say the same words without each carrying them.
       */
      readonly description: OutcomeDescription;
      /** `cache` when served from the cache, `network` when fetched for this request. */
      readonly source: 'cache' | 'network';
      /** Why the record is served from memory, not kept in the cache (storage full), in words; absent when stored. */
      readonly notStored?: string;
      /** now − record.fetchedAt, in ms, when the reply was made. */
      readonly ageMs: number;
      /** The linter's findings on the file (docs/semantics/robots.md §6), linted once by the worker; empty without a 2xx body. */
      readonly diagnostics: readonly Diagnostic[];
      /**
       * The file's CDN-managed blocks and Content-Signal / Content-Usage lines, found once by the
       * worker with the lint (so the popup carries neither the scanners nor the body back); empty
       * without a 2xx body.
       */
      readonly directives: FileDirectives;
      /**
       * The page's verdict for the selected crawler, judged by the worker (which parsed the file for
       * the badge already), so the popup paints its card before it parses anything. Absent when the
       * inspection was made for something other than the popup (the badge, a test).
       */
      readonly verdict?: { readonly crawler: string; readonly verdict: PageVerdict };
    };

/**
 * Who may send a message: only the extension's own pages (popup, options, workbench), or also a
 * content script, for its own tab only (what Mark links needs for the page it runs in).
 */
/** What a content script is told of the settings. */
export interface PageSettings {
  readonly pageInspection: boolean;
  readonly customTokens: readonly string[];
}

export type SenderScope = 'extension-pages' | 'extension-pages-and-own-tab';

/** One message of the protocol: who may send it, and (for the compiler only) its request and response. */
export interface MessageSpec<Request, Response> {
  readonly senders: SenderScope;
  /** Never set: carries the types. */
  readonly types?: { readonly request: Request; readonly response: Response };
}

function message<Request, Response>(senders: SenderScope): MessageSpec<Request, Response> {
  return { senders };
}

/**
 * Every message once: its request and response types (phantom, for the compiler) and who may send
 * it. Adding a message is one entry here and one handler in its feature folder of the worker.
 */
export const PROTOCOL = {
  /** The inspection of a tab or URL; `refresh` bypasses the cache. */
  inspect: message<{ target: InspectionTarget; refresh?: boolean }, Inspection>('extension-pages'),
  getSettings: message<Record<string, never>, Settings>('extension-pages'),
  /**
   * The two settings the content script needs (page inspection on or off, custom tokens): it asks the
   * worker, since the settings are kept where no content script can read them (the extension's IndexedDB).
   */
  pageSettings: message<Record<string, never>, PageSettings>('extension-pages-and-own-tab'),
  /** Changes some settings; replies with all of them. */
  setSettings: message<Partial<Omit<Settings, 'version'>>, Settings>('extension-pages'),
  listCache: message<Record<string, never>, { entries: CacheEntrySummary[]; stats: CacheStats }>('extension-pages'),
  /** Clears one origin, or every origin when `origin` is absent. */
  clearCache: message<{ origin?: string }, { cleared: number }>('extension-pages'),
  /** What the worker keeps about a tab's page: its main-document response and the content script's DOM reading. */
  pageState: message<{ tabId: number }, PageState>('extension-pages'),
  /**
   * The tab's page judged for each of `crawlers` (robots.txt verdict from the cache, page data kept
   * per tab): `dom` is a fresher reading from the tab's content script, `served` the served HTML's
   * directives after a re-fetch. Results are in `crawlers` order; empty when the page was not read.
   */
  pageIndexability: message<
    {
      tabId: number;
      crawlers: string[];
      dom: DomSnapshot | null;
      served: { metas: MetaElement[]; canonicals: CanonicalElement[] } | null;
    },
    { state: PageState; headers: HeadersSource | null; results: Indexability[]; reports: string[][] }
  >('extension-pages'),
  /** Requests the tab's page again without cookies (headers unknown, or to compare with the served HTML). */
  refetchPage: message<{ tabId: number }, { result: RefetchResult; html: string | null }>('extension-pages'),
  /** Judges many URLs for one crawler across origins through the robots.txt cache (at most 6 fetches at a time): one UrlVerdict per URL. */
  judgeUrls: message<JudgeUrlsRequest, JudgeUrlsResponse>('extension-pages-and-own-tab'),
  /**
   * Stops the running fetch of `origin`'s robots.txt (the user's Cancel): every inspection waiting
   * for it fails with "cancelled", nothing is cached. `cancelled` is false when none was running.
   */
  cancelFetch: message<{ origin: string }, { cancelled: boolean }>('extension-pages'),
  /**
   * Adds a custom token to the stored list (most recent first, the stored ones kept, at most
   * MAX_CUSTOM_TOKENS) and makes it the default crawler unless `select` is false; replies with all
   * the settings.
   */
  addCustomToken: message<{ token: string; select?: boolean }, Settings>('extension-pages'),
  /**
   * What changed in the origin's robots.txt since the user's previous inspection (null: nothing, or
   * no previous inspection), with `crawler`'s verdict for `pageUrl`; notes this inspection.
   */
  historyChangedSince: message<{ origin: string; pageUrl: string; crawler: string }, ChangedSinceReply | null>(
    'extension-pages',
  ),
  /** The origin's kept versions, newest first, and whether it is watched. */
  historyList: message<{ origin: string }, HistoryListing>('extension-pages'),
  /** One kept version with its body, or null when it is no longer kept. */
  historyVersion: message<{ origin: string; seq: number }, { meta: VersionMeta; body: string } | null>(
    'extension-pages',
  ),
  /** What history keeps over every origin, and its limits. */
  historyUsage: message<Record<string, never>, HistoryUsageReply>('extension-pages'),
  /** Removes one origin's history, or every origin's. */
  clearHistory: message<{ origin?: string }, { cleared: number }>('extension-pages'),
  /** Starts or stops watching an origin; replies with every watched site. */
  setWatched: message<{ origin: string; watched: boolean }, WatchedSite[]>('extension-pages'),
  listWatched: message<Record<string, never>, WatchedSite[]>('extension-pages'),
  /** Checks every watched site now (what the alarm does). */
  checkWatched: message<Record<string, never>, WatchedSite[]>('extension-pages'),
  /** The subresources the tab's current document requested so far (null before its first one). */
  getResources: message<{ tabId: number }, { resources: TabResources | null }>('extension-pages'),
  /**
   * Each origin's robots.txt record, looked up through the worker's cache and fetch policy (at most
   * 6 fetches at a time across every caller): for the popup, which judges page resources itself.
   */
  originRecords: message<{ origins: string[] }, { origins: OriginOutcome[] }>('extension-pages'),
  /**
   * Fetches the page and its origin's robots.txt as the browser, then as each of `agents` (crawler
   * tokens with a known User-Agent string), without cookies; only on the user's request.
   */
  probe: message<{ pageUrl: string; agents: string[] }, ProbeReport>('extension-pages'),
  /** The latest probe report of `origin` while the worker runs, or null. */
  lastProbe: message<{ origin: string }, ProbeReport | null>('extension-pages'),
  /**
   * The page's own usage signals (docs/semantics/usage.md §3.10, §7): its origin's `/.well-known/tdmrep.json`,
   * fetched without cookies and cached per origin (≤ 24 h; failures 5 minutes; null for a page that
   * is not http(s)), and the lint of the page's usage headers (`null`: not observed), metas and
   * that file, in words. `refresh` skips the file's cache.
   */
  pageUsage: message<
    { pageUrl: string; headers: readonly HeaderPair[] | null; meta: readonly MetaTag[]; refresh?: boolean },
    PageUsageReply
  >('extension-pages'),
} as const;

/** Request and response types of every message, read off PROTOCOL. */
export type ProtocolMap = {
  readonly [T in keyof typeof PROTOCOL]: (typeof PROTOCOL)[T] extends MessageSpec<infer Q, infer R>
    ? { request: Q; response: R }
    : never;
};

export type MessageType = keyof ProtocolMap;

/** A message as sent: `{ type, payload }`. */
export type Message<T extends MessageType = MessageType> = {
  readonly [K in T]: { readonly type: K; readonly payload: ProtocolMap[K]['request'] };
}[T];

/** Why the worker refused a request, as the reply says. */
export type ErrorCode = 'invalid-request' | 'forbidden' | 'internal' | 'cancelled';

/** The reply envelope: a value, or an error the UI shows in words. */
export type Reply<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: { readonly message: string; readonly code: ErrorCode } };

/** A typed client; the UI gets one of these, tests pass a fake. */
export type ProtocolClient = {
  [T in MessageType]: (payload: ProtocolMap[T]['request']) => Promise<ProtocolMap[T]['response']>;
};

/**
 * Who sent a message, as the worker established it from the runtime (never from the message):
 * one of the extension's own pages, or the content script of a tab (its top frame's URL).
 */
export type Sender =
  | { readonly kind: 'extension-page' }
  | { readonly kind: 'content-script'; readonly tabId: number; readonly url: string };

/**
 * What the worker answers each message with: the payload arrives unchecked (the handler checks it
 * and throws InvalidRequestError for a wrong shape), the sender as the runtime named it (the
 * router has already refused a sender the message's scope does not allow).
 */
export type MessageHandlers = {
  readonly [T in MessageType]: (payload: unknown, sender: Sender) => Promise<ProtocolMap[T]['response']>;
};

/** The protocol's message types, in PROTOCOL's order. */
export const MESSAGE_TYPES = Object.keys(PROTOCOL) as readonly MessageType[];

/** Returns true when `value` has the shape of a protocol message (its payload is checked by the handler). */
export function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const { type, payload } = value as { type?: unknown; payload?: unknown };
  return typeof type === 'string' && Object.hasOwn(PROTOCOL, type) && typeof payload === 'object' && payload !== null;
}

/** Returns true when `sender` may send a message of `type` (PROTOCOL's scope for it). */
export function isAllowedSender(type: MessageType, sender: Sender): boolean {
  return sender.kind === 'extension-page' || PROTOCOL[type].senders === 'extension-pages-and-own-tab';
}

/**
 * Returns a typed client that sends each call through `send` (the extension runtime's sendMessage)
 * and unwraps the reply envelope, throwing a ProtocolError for an error reply or a missing one.
 * Derived from PROTOCOL: every message has its method.
 */
export function createProtocolClient(send: (message: Message) => Promise<unknown>): ProtocolClient {
  const call = (type: MessageType) => async (payload: unknown) => {
    const reply = (await send({ type, payload } as Message)) as Reply<unknown> | undefined;
    if (reply === undefined || reply === null || typeof reply !== 'object' || !('ok' in reply)) {
      throw new ProtocolError(`The background worker did not answer "${type}".`, 'no-reply');
    }
    if (!reply.ok) throw new ProtocolError(reply.error.message, reply.error.code);
    return reply.value;
  };
  return Object.fromEntries(MESSAGE_TYPES.map((type) => [type, call(type)])) as unknown as ProtocolClient;
}
