/**
 * Named limits and time units of the fetch policy and the cache.
 * Spec: docs/semantics/robots.md §7 (RFC 9309 §2.3.1.2–§2.5, Google's crawler documentation).
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const KIB = 1024;
export const MIB = 1024 * KIB;

/** Google reads the first 500 KiB of a robots.txt and ignores the rest (docs/semantics/robots.md §7). */
export const MAX_ROBOTS_BYTES = 512_000;

/** Redirects followed before the file counts as unavailable (RFC 9309 §2.3.1.2: at least five). */
export const MAX_REDIRECTS = 5;

/** Default time allowed for the whole fetch, headers and body. */
export const DEFAULT_TIMEOUT_MS = 10 * SECOND;

/** A cached robots.txt is never used longer than this (RFC 9309 §2.4). */
export const MAX_CACHE_AGE_MS = 24 * HOUR;

/**
 * An unreachable result (429, 5xx, timeout, network error) is kept this long only: long enough
 * that ten tabs of a failing site cause one request, short enough that a fixed server is seen soon.
 */
export const UNREACHABLE_CACHE_AGE_MS = 5 * MINUTE;
