/**
 * The URL-judging service's request and reply (the `judgeUrls` message): many URLs, one crawler,
 * one verdict or outcome per URL, across origins (entrypoints/background/url-judge.ts answers it).
 */

export interface JudgeUrlsRequest {
  readonly urls: readonly string[];
  /** A preset's token or a custom token. */
  readonly crawler: string;
  /** The page the URLs come from: its origin does not count against `maxOrigins`. */
  readonly pageUrl?: string;
  /** Other origins consulted at most (default 10, at most 50). */
  readonly maxOrigins?: number;
}

/** One URL's answer. */
export type UrlVerdict =
  | {
      readonly kind: 'judged';
      readonly url: string;
      readonly allowed: boolean;
      /** How robots.txt decided: its rules, no file (everything allowed), or unreachable (everything blocked). */
      readonly basis: 'rules' | 'no-robots' | 'unreachable';
      /** The deciding line (0 when none) and its text. */
      readonly line: number;
      readonly rule: string | null;
      readonly explanation: string;
    }
  | { readonly kind: 'not-applicable'; readonly url: string; readonly explanation: string }
  | { readonly kind: 'skipped'; readonly url: string; readonly explanation: string }
  | { readonly kind: 'failed'; readonly url: string; readonly explanation: string };

export interface JudgeUrlsResponse {
  readonly results: UrlVerdict[];
  /** Origins consulted (cache or network). */
  readonly origins: number;
  /** Origins not consulted because of the cap. */
  readonly skippedOrigins: number;
  readonly maxOrigins: number;
}
