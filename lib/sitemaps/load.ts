/**
 * Loads a site's sitemaps: the Sitemap lines of its robots.txt (else /sitemap.xml), following
 * sitemap indexes to a bounded depth and count, only on the site's own origin (sitemaps.org:
 * an index lists sitemaps of its own site), `.gz` files through DecompressionStream('gzip'), each
 * file within a time bound, and says in words what became of each file. `fetch` is a parameter.
 */

import {
  type BodyReading,
  type EntryKind,
  MAX_SET_URL_CHARS,
  MAX_SET_URLS,
  MAX_SITEMAP_BYTES,
  MAX_URL_CHARS,
  MAX_URLS_PER_FILE,
  MAX_XML_DEPTH,
  MAX_XML_TOKEN_CHARS,
  readSitemapBody,
} from './read';
import { decideSitemapFollow, type OffSiteReason } from './site';
import { httpOriginOf } from '../shared/url';
import { countOf, formatNumber } from '../shared/plural';
import { errorWords } from '../shared/error-words';

/** Sitemap indexes are followed this deep (the protocol allows one level; sites nest more). */
export const MAX_INDEX_DEPTH = 3;

/** At most this many sitemap files are fetched for one site. */
export const MAX_SITEMAP_FILES = 500;

/** One sitemap file (its fetch and its reading) is stopped after this long: 60 seconds. */
export const SITEMAP_FILE_TIMEOUT_MS = 60 * 1000;

/** At most this many addresses are kept as examples of each origin not followed. */
export const MAX_OFF_SITE_EXAMPLES = 20;

/** At most this many origins not followed are listed; sitemaps on further ones are only counted. */
export const MAX_OFF_SITE_ORIGINS = 100;

/** Sitemaps listed on another origin, not followed: one group per origin. */
export interface OffSiteGroup {
  /** The origin, e.g. `https://cdn.example.net` or `http://127.0.0.1:4781`. */
  readonly origin: string;
  readonly reason: OffSiteReason;
  /** True when a click may fetch them (another origin); false for a private address or a non-http one. */
  readonly fetchable: boolean;
  /** How many addresses of this origin were listed. */
  readonly count: number;
  /** Up to MAX_OFF_SITE_EXAMPLES of them. */
  readonly examples: readonly string[];
}

/** The fetch the loader needs: a subset of the platform's. */
export type SitemapFetch = (
  url: string,
  init: { signal?: AbortSignal; credentials: 'omit'; redirect: 'follow' },
) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
}>;

/** What became of one sitemap file. */
export interface SitemapOutcome {
  readonly url: string;
  /** Index depth: 0 for a file robots.txt lists (or /sitemap.xml). */
  readonly depth: number;
  /** `ok` when URLs were read from it (even with a warning); `failed` otherwise. */
  readonly status: 'ok' | 'warning' | 'failed';
  /** One or two sentences, e.g. "Fetched OK: 2,000 URLs." or "404 Not Found: no sitemap at this address." */
  readonly message: string;
  /** URLs this file added to the set (after removing duplicates). */
  readonly added: number;
}

/** Progress while loading. */
export interface SitemapProgress {
  readonly filesDone: number;
  readonly filesQueued: number;
  readonly urls: number;
}

export interface LoadSitemapsOptions {
  readonly fetch: SitemapFetch;
  /** The site's origin: only its sitemaps are followed. Default: the origin of the first start URL. */
  readonly siteOrigin?: string;
  /** Other origins the person chose to fetch (a Fetch click); never a private one for a public site. */
  readonly allowedOrigins?: readonly string[];
  readonly signal?: AbortSignal;
  /** Gives other work a turn while a file is parsed (see readSitemapBody); default setTimeout 0. */
  readonly pause?: () => Promise<void>;
  /** Default SITEMAP_FILE_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  readonly onProgress?: (progress: SitemapProgress) => void;
  readonly onOutcome?: (outcome: SitemapOutcome) => void;
  /** Default MAX_SET_URLS. */
  readonly maxUrls?: number;
  /** Default MAX_INDEX_DEPTH. */
  readonly maxDepth?: number;
  /** Default MAX_SITEMAP_FILES. */
  readonly maxFiles?: number;
  /** Default MAX_SITEMAP_BYTES (uncompressed, per file). */
  readonly maxBytes?: number;
}

/** A URL of the set, with the kind it was first listed as and the sitemap that listed it. */
export interface SitemapUrl {
  readonly url: string;
  readonly kind: EntryKind;
}

/** The loaded set. */
export interface SitemapSet {
  readonly urls: readonly SitemapUrl[];
  readonly outcomes: readonly SitemapOutcome[];
  /** Set when the whole set hit `maxUrls`, or files were left unread: a sentence saying so. */
  readonly capNotice: string | null;
  /** Sitemaps on other origins, not followed, by origin in the order first seen. */
  readonly offSite: readonly OffSiteGroup[];
  readonly cancelled: boolean;
}

/**
 * Returns every URL the sitemaps at `startUrls` list (deduplicated, in order, at most `maxUrls`),
 * each file's outcome in words, the sitemaps on other origins that were not followed, and a notice
 * when a cap was hit. Only sitemaps on `siteOrigin` (and `allowedOrigins`) are fetched. Never throws
 * on what a server sends; a cancelled signal ends the load with what was read so far.
 */
export async function loadSitemaps(startUrls: readonly string[], options: LoadSitemapsOptions): Promise<SitemapSet> {
  const maxUrls = options.maxUrls ?? MAX_SET_URLS;
  const maxDepth = options.maxDepth ?? MAX_INDEX_DEPTH;
  const maxFiles = options.maxFiles ?? MAX_SITEMAP_FILES;
  const siteOrigin = options.siteOrigin ?? httpOriginOf(startUrls[0] ?? '') ?? 'null';
  const allowed = options.allowedOrigins ?? [];
  const seenUrls = new Set<string>();
  const urls: SitemapUrl[] = [];
  let urlChars = 0;
  const outcomes: SitemapOutcome[] = [];
  const queue: { url: string; depth: number }[] = [];
  const queued = new Set<string>();
  const offSite = new Map<
    string,
    { origin: string; reason: OffSiteReason; fetchable: boolean; count: number; examples: string[] }
  >();
  const notices: string[] = [];
  let capped = false;
  let skippedFiles = 0;
  let offSiteUnlisted = 0;
  /**
   * Queues `url` when it is on the site (or counts it as left unread once MAX_SITEMAP_FILES are
   * queued, so the queue stays bounded); lists it as not followed otherwise. Returns true unless it
   * was not followed.
   */
  const enqueue = (url: string, depth: number): boolean => {
    if (queued.has(url)) return true;
    const decision = decideSitemapFollow(url, siteOrigin, allowed);
    if (decision.kind === 'follow') {
      if (outcomes.length + queue.length >= maxFiles) {
        skippedFiles++;
        return true;
      }
      queued.add(url);
      queue.push({ url, depth });
      return true;
    }
    let group = offSite.get(decision.origin);
    if (group === undefined && offSite.size >= MAX_OFF_SITE_ORIGINS) {
      offSiteUnlisted++;
      return false;
    }
    queued.add(url);
    if (group === undefined) {
      group = {
        origin: decision.origin,
        reason: decision.reason,
        fetchable: decision.kind === 'ask',
        count: 0,
        examples: [],
      };
      offSite.set(decision.origin, group);
    }
    group.count++;
    if (group.examples.length < MAX_OFF_SITE_EXAMPLES) group.examples.push(url);
    return false;
  };
  for (const url of startUrls) enqueue(url, 0);
  const report = (outcome: SitemapOutcome) => {
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  };
  const isCancelled = () => options.signal?.aborted === true;

  while (queue.length > 0 && !isCancelled()) {
    const next = queue.shift();
    if (next === undefined) break;
    if (outcomes.length >= maxFiles) {
      skippedFiles += queue.length + 1;
      break;
    }

    options.onProgress?.({ filesDone: outcomes.length, filesQueued: queue.length + 1, urls: urls.length });
    const result = await fetchAndRead(next.url, siteOrigin, options);
    if (isCancelled()) break;
    if (result.kind === 'failed') {
      report({ url: next.url, depth: next.depth, status: 'failed', message: result.message, added: 0 });
      continue;
    }
    const reading = result.reading;
    if (reading.kind !== 'read') {
      report({
        url: next.url,
        depth: next.depth,
        status: 'failed',
        message: describeReading(reading, result.note),
        added: 0,
      });
      continue;
    }
    let added = 0;
    let dropped = 0;
    for (const entry of reading.urls) {
      if (seenUrls.has(entry.url)) continue;
      if (urls.length >= maxUrls || urlChars + entry.url.length > MAX_SET_URL_CHARS) {
        dropped++;
        capped = true;
        continue;
      }
      seenUrls.add(entry.url);
      urls.push(entry);
      urlChars += entry.url.length;
      added++;
    }
    dropped += reading.notKept;
    if (reading.notKept > 0) capped = true;
    let childrenSkipped = 0;
    let childrenOffSite = 0;
    for (const child of reading.sitemaps) {
      if (queued.has(child)) continue;
      if (next.depth + 1 > maxDepth) {
        childrenSkipped++;
        continue;
      }
      if (!enqueue(child, next.depth + 1)) childrenOffSite++;
    }
    const warnings: string[] = [];
    if (result.note !== null) warnings.push(result.note);
    if (reading.locCount > MAX_URLS_PER_FILE) {
      warnings.push(
        `It lists ${formatNumber(reading.locCount)} URLs, over the protocol's limit of ${formatNumber(MAX_URLS_PER_FILE)} per file: search engines may reject it.`,
      );
    }
    if (reading.tooLarge) {
      warnings.push(
        `It is over ${formatNumber(options.maxBytes ?? MAX_SITEMAP_BYTES)} bytes uncompressed (the protocol's limit is 50 MB): only the first part was read.`,
      );
    }
    if (reading.ignoredLines > 0)
      warnings.push(
        `${countOf(reading.ignoredLines, 'line')} ${reading.ignoredLines === 1 ? 'is' : 'are'} not an absolute http(s) URL and ${reading.ignoredLines === 1 ? 'was' : 'were'} ignored.`,
      );
    if (reading.tooLong > 0)
      warnings.push(
        `${countOf(reading.tooLong, 'URL or line', 'URLs or lines')} ${reading.tooLong === 1 ? 'is' : 'are'} longer than ${formatNumber(MAX_URL_CHARS)} characters (the protocol's limit) and ${reading.tooLong === 1 ? 'was' : 'were'} left out.`,
      );
    if (childrenSkipped > 0)
      warnings.push(
        `${countOf(childrenSkipped, 'nested sitemap')} ${childrenSkipped === 1 ? 'is' : 'are'} deeper than ${maxDepth} index levels and ${childrenSkipped === 1 ? 'was' : 'were'} not followed.`,
      );
    if (reading.sitemapsNotKept > 0)
      warnings.push(
        `It lists more than ${formatNumber(MAX_URLS_PER_FILE)} sitemaps (the protocol's limit): ${formatNumber(reading.sitemapsNotKept)} were not read.`,
      );
    if (childrenOffSite > 0)
      warnings.push(
        `${formatNumber(childrenOffSite)} of its sitemaps ${childrenOffSite === 1 ? 'is' : 'are'} on another site and ${childrenOffSite === 1 ? 'was' : 'were'} not followed (listed below).`,
      );
    if (dropped > 0)
      warnings.push(
        `${formatNumber(dropped)} of its URLs ${dropped === 1 ? 'was' : 'were'} left out: the set is capped at ${formatNumber(maxUrls)} URLs.`,
      );
    report({
      url: next.url,
      depth: next.depth,
      status: warnings.length > 0 ? 'warning' : 'ok',
      message: [describeRead(reading, added), ...warnings].join(' '),
      added,
    });
  }
  if (capped) notices.push(`The set is capped at ${formatNumber(maxUrls)} URLs: further URLs were left out.`);
  if (offSiteUnlisted > 0)
    notices.push(
      `${formatNumber(offSiteUnlisted)} more sitemaps on other sites were not followed (only ${formatNumber(MAX_OFF_SITE_ORIGINS)} other sites are listed).`,
    );
  if (skippedFiles > 0)
    notices.push(
      `At most ${formatNumber(maxFiles)} sitemap files are read: ${formatNumber(skippedFiles)} were left unread.`,
    );
  options.onProgress?.({ filesDone: outcomes.length, filesQueued: 0, urls: urls.length });
  return {
    urls,
    outcomes,
    capNotice: notices.length > 0 ? notices.join(' ') : null,
    offSite: [...offSite.values()],
    cancelled: isCancelled(),
  };
}

function describeRead(reading: Extract<BodyReading, { kind: 'read' }>, added: number): string {
  const what = {
    urlset: 'a sitemap',
    sitemapindex: 'a sitemap index',
    rss: 'an RSS feed',
    atom: 'an Atom feed',
    text: 'a text sitemap',
  }[reading.format];
  if (reading.format === 'sitemapindex') {
    return `Fetched OK: ${what} listing ${countOf(reading.sitemaps.length, 'sitemap')}.`;
  }
  const extra = reading.urls.length - added;
  return (
    `Fetched OK: ${what} with ${countOf(reading.urls.length, 'URL')}` +
    (extra > 0 ? ` (${formatNumber(extra)} already listed).` : '.')
  );
}

function describeReading(reading: Exclude<BodyReading, { kind: 'read' }>, note: string | null): string {
  const prefix = note === null ? '' : `${note} `;
  switch (reading.kind) {
    case 'html':
      return `${prefix}HTML instead of XML: the server answered with a web page, not a sitemap.`;
    case 'not-sitemap':
      return `${prefix}Not a sitemap: an XML document whose root element is <${reading.root}>, not <urlset> or <sitemapindex>.`;
    case 'malformed':
      return `${prefix}Malformed XML at line ${reading.line}, column ${reading.column + 1}: ${reading.reason}.`;
    case 'too-complex':
      return reading.limit === 'depth'
        ? `${prefix}Not read: more than ${MAX_XML_DEPTH} elements are nested at line ${formatNumber(reading.line)} (a sitemap needs 4), so reading stopped there.`
        : `${prefix}Not read: one piece of XML at line ${formatNumber(reading.line)} runs past ${formatNumber(MAX_XML_TOKEN_CHARS)} characters, so reading stopped there.`;
    case 'cancelled':
      return 'Cancelled.';
    case 'empty':
      return `${prefix}Empty: the file has no content.`;
  }
}

type FetchResult =
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'read'; readonly reading: BodyReading; readonly note: string | null };

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Fetches and reads one file. It gets its own signal, aborted by the load's signal or after the
 * time bound, so Cancel and the bound stop the fetch, the stream and the parsing alike.
 */
async function fetchAndRead(url: string, siteOrigin: string, options: LoadSitemapsOptions): Promise<FetchResult> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);
  if (options.signal?.aborted === true) controller.abort();
  let timedOut = false;
  const timeoutMs = options.timeoutMs ?? SITEMAP_FILE_TIMEOUT_MS;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const result = await fetchAndReadWithin(url, siteOrigin, options, controller.signal);
    if (timedOut)
      return { kind: 'failed', message: `Stopped after ${formatNumber(timeoutMs / 1000)} s: the file took too long.` };
    return result;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

async function fetchAndReadWithin(
  url: string,
  siteOrigin: string,
  options: LoadSitemapsOptions,
  signal: AbortSignal,
): Promise<FetchResult> {
  const isCancelled = () => signal.aborted;
  let response: Awaited<ReturnType<SitemapFetch>>;
  try {
    response = await options.fetch(url, { signal, credentials: 'omit', redirect: 'follow' });
  } catch (error) {
    if (isCancelled()) return { kind: 'failed', message: 'Cancelled.' };
    return {
      kind: 'failed',
      message: `Could not be fetched: ${errorWords(error)}.`,
    };
  }
  // A redirect is followed by the platform before we see it; what it led to is read only on the site.
  const finalUrl = response.url || url;
  const landed = decideSitemapFollow(finalUrl, siteOrigin, options.allowedOrigins ?? []);
  if (landed.kind !== 'follow') {
    await response.body?.cancel().catch(() => undefined);
    return {
      kind: 'failed',
      message: `Redirected to ${landed.origin}, another site: not read (sitemaps are read only on the site's own origin).`,
    };
  }
  if (!response.ok) {
    const reason = response.statusText ? `${response.status} ${response.statusText}` : `HTTP ${response.status}`;
    const tail =
      response.status === 404 || response.status === 410
        ? 'no sitemap at this address.'
        : 'the server did not send the sitemap.';
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'failed', message: `${reason}: ${tail}` };
  }
  if (response.body === null) return { kind: 'read', reading: { kind: 'empty', bytes: 0 }, note: null };
  const raw = response.body.getReader();
  let first: Uint8Array | null = null;
  try {
    for (;;) {
      const step = await raw.read();
      if (step.done) break;
      if (step.value.byteLength > 0) {
        first = step.value;
        break;
      }
    }
  } catch (error) {
    if (isCancelled()) return { kind: 'failed', message: 'Cancelled.' };
    return { kind: 'failed', message: `The connection broke while reading: ${errorWords(error)}.` };
  }
  const isGzip = first !== null && first.byteLength >= 2 && first[0] === GZIP_MAGIC[0] && first[1] === GZIP_MAGIC[1];
  const namedGz = /\.gz$/i.test(new URL(finalUrl).pathname);
  let note: string | null = null;
  if (namedGz && !isGzip)
    note = 'Not gzip: the name ends in .gz but the bytes are not gzip-compressed (read as plain text).';
  const replay = replayStream(first, raw);
  const stream = isGzip ? replay.pipeThrough(createGunzip()) : replay;
  try {
    const reading = await readSitemapBody(iterate(stream, signal), {
      maxBytes: options.maxBytes ?? MAX_SITEMAP_BYTES,
      signal,
      pause: options.pause,
    });
    return { kind: 'read', reading, note };
  } catch (error) {
    if (isCancelled()) return { kind: 'failed', message: 'Cancelled.' };
    if (isGzip)
      return { kind: 'failed', message: `Broken gzip: the file could not be decompressed (${errorWords(error)}).` };
    return { kind: 'failed', message: `The connection broke while reading: ${errorWords(error)}.` };
  }
}

/** DecompressionStream('gzip') typed as a bytes-to-bytes transform (DOM and Node type it differently). */
function createGunzip(): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> } {
  const gunzip: unknown = new DecompressionStream('gzip');
  return gunzip as { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
}

/** A stream of `first` then the rest of `reader`. */
function replayStream(
  first: Uint8Array | null,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  let sentFirst = first === null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst && first !== null) {
        sentFirst = true;
        controller.enqueue(first);
        return;
      }
      const step = await reader.read();
      if (step.done) controller.close();
      else controller.enqueue(step.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The chunks of `stream`; an abort of `signal` cancels it at once, even while a read waits. */
async function* iterate(stream: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', cancel);
  try {
    for (;;) {
      if (signal.aborted) return;
      const step = await reader.read();
      if (step.done) return;
      yield step.value;
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    await reader.cancel().catch(() => undefined);
  }
}
