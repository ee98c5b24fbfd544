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
import type { ChangeSummary, HistoryListing, HistoryUsageReply, VersionMeta, WatchedSite } from '../history/api';
import type { TabResources } from '../resources/ledger';
import type { Diagnostic } from '../robots/types';
import type { CanonicalElement } from '../page-directives/canonical';
import type { DomSnapshot, HeadersSource, PageState, RefetchResult } from '../verdict/page-state';
import type { Indexability, MetaElement } from '../page-directives/verdict';
import type { Settings } from '../settings';
import { ProtocolError } from './errors';
import type { JudgeUrlsRequest, JudgeUrlsResponse, OriginOutcome } from '../verdict/url-judge';

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
      /** now − record.fetchedAt, in ms, when the reply was made. */
      readonly ageMs: number;
      /** The linter's findings on the file (SEMANTICS §6), linted once by the worker; empty without a 2xx body. */
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

/** Request and response types of every message. */
export interface ProtocolMap {
  /** The inspection of a tab or URL; `refresh` bypasses the cache. */
  inspect: { request: { target: InspectionTarget; refresh?: boolean }; response: Inspection };
  getSettings: { request: Record<string, never>; response: Settings };
  /** Changes some settings; replies with all of them. */
  setSettings: { request: Partial<Omit<Settings, 'version'>>; response: Settings };
  listCache: { request: Record<string, never>; response: { entries: CacheEntrySummary[]; stats: CacheStats } };
  /** Clears one origin, or every origin when `origin` is absent. */
  clearCache: { request: { origin?: string }; response: { cleared: number } };
  /** What the worker keeps about a tab's page: its main-document response and the content script's DOM reading. */
  pageState: { request: { tabId: number }; response: PageState };
  /**
   * The tab's page judged for each of `crawlers` (robots.txt verdict from the cache, page data kept
   * per tab): `dom` is a fresher reading from the tab's content script, `served` the served HTML's
   * directives after a re-fetch. Results are in `crawlers` order; empty when the page was not read.
   */
  pageIndexability: {
    request: {
      tabId: number;
      crawlers: string[];
      dom: DomSnapshot | null;
      served: { metas: MetaElement[]; canonicals: CanonicalElement[] } | null;
    };
    response: { state: PageState; headers: HeadersSource | null; results: Indexability[]; reports: string[][] };
  };
  /** Requests the tab's page again without cookies (headers unknown, or to compare with the served HTML). */
  refetchPage: { request: { tabId: number }; response: { result: RefetchResult; html: string | null } };
  /** Judges many URLs for one crawler across origins through the robots.txt cache (at most 6 fetches at a time): one UrlVerdict per URL. */
  judgeUrls: { request: JudgeUrlsRequest; response: JudgeUrlsResponse };
  /**
   * Stops the running fetch of `origin`'s robots.txt (the user's Cancel): every inspection waiting
   * for it fails with "cancelled", nothing is cached. `cancelled` is false when none was running.
   */
  cancelFetch: { request: { origin: string }; response: { cancelled: boolean } };
  /**
   * Adds a custom token to the stored list (most recent first, the stored ones kept, at most
   * MAX_CUSTOM_TOKENS) and selects it; replies with all the settings.
   */
  addCustomToken: { request: { token: string }; response: Settings };
  /**
   * What changed in the origin's robots.txt since the user's previous inspection (null: nothing, or
   * no previous inspection), with `crawler`'s verdict for `pageUrl`; notes this inspection.
   */
  historyChangedSince: {
    request: { origin: string; pageUrl: string; crawler: string };
    response: ChangeSummary | null;
  };
  /** The origin's kept versions, newest first, and whether it is watched. */
  historyList: { request: { origin: string }; response: HistoryListing };
  /** One kept version with its body, or null when it is no longer kept. */
  historyVersion: { request: { origin: string; seq: number }; response: { meta: VersionMeta; body: string } | null };
  /** What history keeps over every origin, and its limits. */
  historyUsage: { request: Record<string, never>; response: HistoryUsageReply };
  /** Removes one origin's history, or every origin's. */
  clearHistory: { request: { origin?: string }; response: { cleared: number } };
  /** Starts or stops watching an origin; replies with every watched site. */
  setWatched: { request: { origin: string; watched: boolean }; response: WatchedSite[] };
  listWatched: { request: Record<string, never>; response: WatchedSite[] };
  /** Checks every watched site now (what the alarm does). */
  checkWatched: { request: Record<string, never>; response: WatchedSite[] };
  /** The subresources the tab's current document requested so far (null before its first one). */
  getResources: { request: { tabId: number }; response: { resources: TabResources | null } };
  /**
   * Each origin's robots.txt record, looked up through the worker's cache and fetch policy (at most
   * 6 fetches at a time across every caller): for the popup, which judges page resources itself.
   */
  originRecords: { request: { origins: string[] }; response: { origins: OriginOutcome[] } };
}

export type MessageType = keyof ProtocolMap;

export interface Message<T extends MessageType = MessageType> {
  readonly type: T;
  readonly payload: ProtocolMap[T]['request'];
}

/** The reply envelope: a value, or an error the UI shows in words. */
export type Reply<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly error: { readonly message: string; readonly code: 'invalid-request' | 'internal' | 'cancelled' };
    };

/** A typed client; the UI gets one of these, tests pass a fake. */
export type ProtocolClient = {
  [T in MessageType]: (payload: ProtocolMap[T]['request']) => Promise<ProtocolMap[T]['response']>;
};

/**
 * What the worker answers each message with: the payload arrives unchecked (the handler checks it
 * and throws InvalidRequestError for a wrong shape).
 */
export type MessageHandlers = {
  readonly [T in MessageType]: (payload: unknown) => Promise<ProtocolMap[T]['response']>;
};

/** Every message type once: the compiler refuses a type missing here or one the protocol lacks. */
const MESSAGE_TYPE_SET: { readonly [T in MessageType]: true } = {
  inspect: true,
  getSettings: true,
  setSettings: true,
  listCache: true,
  clearCache: true,
  pageState: true,
  pageIndexability: true,
  refetchPage: true,
  judgeUrls: true,
  cancelFetch: true,
  addCustomToken: true,
  historyChangedSince: true,
  historyList: true,
  historyVersion: true,
  historyUsage: true,
  clearHistory: true,
  setWatched: true,
  listWatched: true,
  checkWatched: true,
  getResources: true,
  originRecords: true,
};

/** The protocol's message types, derived from ProtocolMap through MESSAGE_TYPE_SET. */
export const MESSAGE_TYPES = Object.keys(MESSAGE_TYPE_SET) as readonly MessageType[];

/** Returns true when `value` has the shape of a protocol message (its payload is checked by the handler). */
export function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const { type, payload } = value as { type?: unknown; payload?: unknown };
  return (
    typeof type === 'string' &&
    (MESSAGE_TYPES as readonly string[]).includes(type) &&
    typeof payload === 'object' &&
    payload !== null
  );
}

/**
 * Returns a typed client that sends each call through `send` (the extension runtime's sendMessage)
 * and unwraps the reply envelope, throwing a ProtocolError for an error reply or a missing one.
 */
export function createProtocolClient(send: (message: Message) => Promise<unknown>): ProtocolClient {
  const call =
    <T extends MessageType>(type: T) =>
    async (payload: ProtocolMap[T]['request']): Promise<ProtocolMap[T]['response']> => {
      const reply = (await send({ type, payload })) as Reply<ProtocolMap[T]['response']> | undefined;
      if (reply === undefined || reply === null || typeof reply !== 'object' || !('ok' in reply)) {
        throw new ProtocolError(`The background worker did not answer "${type}".`, 'no-reply');
      }
      if (!reply.ok) throw new ProtocolError(reply.error.message, reply.error.code);
      return reply.value;
    };
  return {
    inspect: call('inspect'),
    getSettings: call('getSettings'),
    setSettings: call('setSettings'),
    listCache: call('listCache'),
    clearCache: call('clearCache'),
    pageState: call('pageState'),
    pageIndexability: call('pageIndexability'),
    refetchPage: call('refetchPage'),
    judgeUrls: call('judgeUrls'),
    cancelFetch: call('cancelFetch'),
    addCustomToken: call('addCustomToken'),
    historyChangedSince: call('historyChangedSince'),
    historyList: call('historyList'),
    historyVersion: call('historyVersion'),
    historyUsage: call('historyUsage'),
    clearHistory: call('clearHistory'),
    setWatched: call('setWatched'),
    listWatched: call('listWatched'),
    checkWatched: call('checkWatched'),
    getResources: call('getResources'),
    originRecords: call('originRecords'),
  };
}
