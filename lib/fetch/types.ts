/**
 * The outcome of fetching one origin's robots.txt, as crawlers classify it.
 * Plain data: it is cached in storage and sent to the popup. Spec: docs/semantics/robots.md §7.
 */

import type { HeaderList } from './headers';

/** Where a page's robots.txt lives, or why robots.txt does not govern the page. */
export type RobotsLocation =
  | {
      readonly kind: 'governed';
      /** scheme://host[:port], punycode host, default port dropped. */
      readonly origin: string;
      /** `${origin}/robots.txt` */
      readonly robotsUrl: string;
    }
  | {
      readonly kind: 'not-applicable';
      readonly reason: NotApplicableReason;
      /** One sentence for the user, e.g. "robots.txt does not apply to browser pages (chrome:)." */
      readonly explanation: string;
    };

export type NotApplicableReason =
  | 'browser-page' // chrome:, about:, edge:, brave:, view-source:, devtools:, …
  | 'extension-page' // chrome-extension:, moz-extension:
  | 'local-file' // file:
  | 'inline-content' // data:, blob:, javascript:
  | 'store-page' // Chrome Web Store, addons.mozilla.org: extensions cannot run there
  | 'unsupported-scheme' // ftp:, ws:, …
  | 'invalid-url';

/** One redirect followed while fetching. */
export interface RedirectHop {
  readonly status: number;
  readonly from: string;
  readonly to: string;
  readonly crossOrigin: boolean;
}

/** What became of the body of a 2xx response: its bytes, as crawlers read them. */
export interface FetchedBody {
  /**
   * The bytes kept (at most 500 KiB), one JS character per byte (U+0000–U+00FF): JSON-safe, parsed
   * as bytes (docs/semantics/robots.md §5b), decoded only for display (bodyText). A BOM is kept.
   */
  readonly bytes: string;
  /** The Content-Length the server declared, or null (then a cut body's size is "more than 500 KiB"). */
  readonly contentLength: number | null;
  /** True when the body was longer than MAX_ROBOTS_BYTES and was cut there. */
  readonly truncated: boolean;
  /** The body started with the UTF-8 BOM EF BB BF. */
  readonly hasBom: boolean;
  /** UTF-8, invalid UTF-8 (a legacy encoding such as Latin-1), or UTF-16/UTF-32 (by BOM or NUL pattern). */
  readonly encoding: BodyEncoding;
  /** How a UTF-16/UTF-32 encoding was recognised, else null. */
  readonly encodingEvidence: EncodingEvidence;
  /** The Content-Type header as sent, or null. */
  readonly contentType: string | null;
  /** The body reads as an HTML page (a soft 404 or an app shell), whatever its Content-Type. */
  readonly looksLikeHtml: boolean;
}

/** The text encoding a body was written in, as far as its bytes tell. */
export type BodyEncoding = 'utf-8' | 'not-utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

/** How a wide encoding was recognised. */
export type EncodingEvidence = 'bom' | 'nul-pattern' | null;

/** How a crawler treats the file (docs/semantics/robots.md §7). Tagged by `kind`. */
export type FetchOutcome =
  /** 2xx: the rules in the body apply. */
  | { readonly kind: 'ok'; readonly status: number; readonly body: FetchedBody }
  /**
   * 4xx other than 429, or more than 5 redirects: no rules, everything allowed.
   * `unexpected-status`: a status that is neither 2xx, 4xx nor 5xx, e.g. a 3xx without Location.
   */
  | {
      readonly kind: 'unavailable';
      readonly cause: 'client-error' | 'too-many-redirects' | 'redirect-loop' | 'unexpected-status';
      /** The last HTTP status seen, or null. */
      readonly status: number | null;
    }
  /** 429, 5xx, timeout, DNS or connection failure: everything disallowed. */
  | {
      readonly kind: 'unreachable';
      readonly cause: 'rate-limited' | 'server-error' | 'timeout' | 'network-error';
      readonly status: number | null;
      /** What went wrong in words that do not depend on the browser (network-error.ts), or the timeout used. */
      readonly detail: string;
    };

/** One fetch of one origin's robots.txt: what the cache stores and the popup shows. */
export interface FetchRecord {
  readonly origin: string;
  readonly robotsUrl: string;
  /** The URL that finally answered (after redirects). */
  readonly finalUrl: string;
  readonly hops: readonly RedirectHop[];
  readonly outcome: FetchOutcome;
  /** Epoch ms when the fetch started. */
  readonly fetchedAt: number;
  /** Epoch ms after which the record must not be used (≤ 24 h, shorter by Cache-Control max-age). */
  readonly expiresAt: number;
  /** Milliseconds from request to the end of the body. */
  readonly durationMs: number;
  /**
   * The final response's headers (bounded: lib/fetch/headers.ts), recorded since the evidence
   * bundle needed them; absent on records made before, and when no response came.
   */
  readonly headers?: HeaderList;
}
