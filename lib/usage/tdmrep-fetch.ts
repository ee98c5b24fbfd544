/**
 * What an origin's `/.well-known/tdmrep.json` fetch came to (docs/semantics/usage.md §3.10): the worker fetches
 * it with robots.txt's policy (no cookies, a timeout, at most 5 redirects) but keeps at most
 * MAX_TDMREP_BYTES, and the popup reads the answer through readTdmFile. Pure: a FetchRecord in,
 * plain data out, said in words where nothing usable came back.
 */
import { bodyText } from '../fetch/body';
import { KIB } from '../fetch/constants';
import type { FetchRecord } from '../fetch/types';

/** The path of the TDMRep file on every origin. */
export const TDMREP_PATH = '/.well-known/tdmrep.json';

/** Bytes of tdmrep.json read at most: a larger file is not read (its rules would be cut off). */
export const MAX_TDMREP_BYTES = 64 * KIB;

/** What the fetch of one origin's tdmrep.json came to. */
export type TdmrepFetch =
  /** A 2xx body that may hold rules (readTdmFile says whether it does). */
  | { readonly kind: 'file'; readonly status: number; readonly body: string }
  /** A 4xx (404 most often), too many redirects or a loop: the origin does not implement TDMRep. */
  | { readonly kind: 'absent'; readonly status: number | null; readonly why: string }
  /** A 2xx that cannot hold rules: an HTML page, a body over the size cap, bytes that are not UTF-8. */
  | { readonly kind: 'unusable'; readonly status: number; readonly why: string }
  /** 429, 5xx, a timeout or a network failure: nothing is known (retried after a few minutes). */
  | { readonly kind: 'unreachable'; readonly status: number | null; readonly why: string }
  /** Not fetched: the user turned tdmrep.json off in the options (setting `fetchTdmrep`). */
  | { readonly kind: 'off' };

/** The worker's answer about one origin's tdmrep.json. */
export interface TdmrepReply {
  readonly origin: string;
  /** The file's URL: `${origin}/.well-known/tdmrep.json`. */
  readonly url: string;
  readonly fetch: TdmrepFetch;
  /** Epoch ms of the fetch. */
  readonly fetchedAt: number;
  /** Where the answer came from: the cache, the network, or nowhere (the setting is off). */
  readonly source: 'cache' | 'network' | 'off';
}

/** Returns what a tdmrep.json fetch record means for TDMRep. Never throws. */
export function classifyTdmrepRecord(record: FetchRecord): TdmrepFetch {
  const { outcome } = record;
  switch (outcome.kind) {
    case 'ok': {
      const { body } = outcome;
      if (body.truncated)
        return {
          kind: 'unusable',
          status: outcome.status,
          why: `the file is larger than ${MAX_TDMREP_BYTES / KIB} KiB, so it was not read`,
        };
      if (body.looksLikeHtml)
        return { kind: 'unusable', status: outcome.status, why: 'the address answers with an HTML page, not JSON' };
      if (body.encoding !== 'utf-8')
        return { kind: 'unusable', status: outcome.status, why: 'the file is not UTF-8 text, as JSON must be' };
      return { kind: 'file', status: outcome.status, body: bodyText(body) };
    }
    case 'unavailable':
      switch (outcome.cause) {
        case 'client-error':
          return { kind: 'absent', status: outcome.status, why: `the address answers ${outcome.status ?? 'an error'}` };
        case 'too-many-redirects':
          return { kind: 'absent', status: outcome.status, why: 'the address redirects more than 5 times' };
        case 'redirect-loop':
          return { kind: 'absent', status: outcome.status, why: 'the address redirects in a loop' };
        case 'unexpected-status':
          return { kind: 'absent', status: outcome.status, why: `the address answers ${outcome.status ?? 'nothing'}` };
      }
      break;
    case 'unreachable':
      return {
        kind: 'unreachable',
        status: outcome.status,
        why:
          outcome.cause === 'rate-limited'
            ? 'the server answers 429 Too Many Requests'
            : outcome.cause === 'server-error'
              ? `the server answers ${outcome.status ?? 'an error'}`
              : outcome.detail,
      };
  }
  return { kind: 'unreachable', status: null, why: 'no answer' };
}

/** Returns the readTdmFile input of a fetch: the body for a file, null when there is nothing to read. */
export function tdmrepInput(fetch: TdmrepFetch): string | null {
  return fetch.kind === 'file' ? fetch.body : null;
}

/** Returns what became of the origin's tdmrep.json, in a sentence (null: no file applies to the page). */
export function describeTdmrepReply(reply: TdmrepReply | null): string {
  if (reply === null) return 'No /.well-known/tdmrep.json applies to this page.';
  const f = reply.fetch;
  switch (f.kind) {
    case 'file':
      return `/.well-known/tdmrep.json was read (HTTP ${f.status}).`;
    case 'absent':
      return `This site has no /.well-known/tdmrep.json: ${f.why}, so TDMRep is not implemented there.`;
    case 'unusable':
      return `/.well-known/tdmrep.json is ignored: ${f.why}.`;
    case 'unreachable':
      return `/.well-known/tdmrep.json could not be read (${f.why}); it is asked again in a few minutes.`;
    case 'off':
      return '/.well-known/tdmrep.json is not read: turned off in the options, so a TDMRep reservation there is not counted.';
  }
}

/** One finding on the page's usage signals, in words (code spans written as quotations). */
export interface PageUsageFinding {
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: string;
  readonly text: string;
}

/** The worker's answer about a page's own usage signals: its origin's tdmrep.json and the page's findings. */
export interface PageUsageReply {
  readonly tdmrep: TdmrepReply | null;
  /** What became of tdmrep.json, in a sentence. */
  readonly tdmrepWords: string;
  /** Lint findings on the page's usage headers, metas and tdmrep.json (docs/semantics/usage.md §7). */
  readonly findings: readonly PageUsageFinding[];
}

/** Returns a lint message in the UI's words: code spans become quotations. */
export function inWords(message: string): string {
  return message.replace(/`([^`]*)`/g, '“$1”');
}
