/**
 * Reads one sitemap body chunk by chunk (sitemaps.org protocol; RSS 2.0 and Atom 1.0 feeds used as
 * sitemaps; Google's image and hreflang extensions) with a streaming XML parser: no regex over XML,
 * no DOM, so a 50 MB file costs one chunk of memory at a time. Hostile input never throws.
 */

import { SaxesParser, type SaxesTagNS } from 'saxes';
import { isAsciiSpace, trimAscii } from '../shared/ascii';
import { errorWords } from '../shared/error-words';

/** The protocol's limit on URLs in one file (sitemaps.org). */
export const MAX_URLS_PER_FILE = 50_000;

/** The protocol's limit on one file's uncompressed size: 50 MB (52,428,800 bytes, sitemaps.org). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/** The whole set stops growing at this many distinct URLs (one file's reading keeps no more either). */
export const MAX_SET_URLS = 200_000;

/**
 * The whole set's URLs hold at most this many characters (32 Mi, about 160 per URL at 200,000), so
 * long URLs cannot fill the worker's memory; one file's reading keeps no more either.
 */
export const MAX_SET_URL_CHARS = 32 * 1024 * 1024;

/** A URL longer than this is left out and counted (sitemaps.org: URLs must be under 2,048 characters). */
export const MAX_URL_CHARS = 2_048;

/** A text sitemap's line is held up to this many characters; a longer line is skipped and counted. */
export const MAX_LINE_CHARS = 8_192;

/**
 * One piece of XML (a text run, a tag with its attributes, a comment, a CDATA section, a doctype)
 * may be at most this long; reading stops past it, since the parser holds the piece until it ends.
 */
export const MAX_XML_TOKEN_CHARS = 64 * 1024;

/** At most this many elements may be open at once; a sitemap needs 4 (urlset, url, image:image, image:loc). */
export const MAX_XML_DEPTH = 32;

/** The parser is fed this many characters at a time, and Cancel is checked between them. */
export const PARSE_SLICE_CHARS = 16 * 1024;

/** After about this many characters, reading yields a turn so a Cancel message is heard. */
export const YIELD_EVERY_CHARS = 256 * 1024;

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** How a URL came to be listed. */
export type EntryKind = 'page' | 'alternate' | 'image' | 'feed-item';

/** What a sitemap body turned out to be. */
export type BodyFormat = 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text';

/** The reading of one body. */
export type BodyReading =
  | {
      readonly kind: 'read';
      readonly format: BodyFormat;
      /** Page, alternate, image and feed URLs in document order (duplicates kept; the set dedupes). */
      readonly urls: readonly { readonly url: string; readonly kind: EntryKind }[];
      /** Child sitemaps (a sitemap index). */
      readonly sitemaps: readonly string[];
      /** `<loc>` URLs counted (pages and child sitemaps): the figure the 50,000 limit is about. */
      readonly locCount: number;
      /** Bytes read after decompression. */
      readonly bytes: number;
      /** The body went over MAX_SITEMAP_BYTES and reading stopped there. */
      readonly tooLarge: boolean;
      /** Lines of a text sitemap that are not absolute http(s) URLs. */
      readonly ignoredLines: number;
      /** URLs over MAX_URL_CHARS and text lines over MAX_LINE_CHARS, left out. */
      readonly tooLong: number;
      /** URLs read but not kept: past MAX_SET_URLS or MAX_SET_URL_CHARS in this one file. */
      readonly notKept: number;
      /** Child sitemaps past MAX_URLS_PER_FILE in one index, not kept. */
      readonly sitemapsNotKept: number;
      /** The most characters held at once for an unfinished line or XML piece (bounded by the caps). */
      readonly peakHeldChars: number;
    }
  | { readonly kind: 'html'; readonly bytes: number }
  | { readonly kind: 'not-sitemap'; readonly root: string; readonly bytes: number }
  | {
      readonly kind: 'malformed';
      readonly line: number;
      readonly column: number;
      readonly reason: string;
      readonly bytes: number;
    }
  /** Reading stopped at a cap no sitemap comes near: nesting over MAX_XML_DEPTH, or one XML piece over MAX_XML_TOKEN_CHARS. */
  | { readonly kind: 'too-complex'; readonly limit: 'depth' | 'token'; readonly line: number; readonly bytes: number }
  | { readonly kind: 'cancelled'; readonly bytes: number }
  | { readonly kind: 'empty'; readonly bytes: number };

/** Options of readSitemapBody. */
export interface ReadOptions {
  /** Stop reading past this many uncompressed bytes (default MAX_SITEMAP_BYTES). */
  readonly maxBytes?: number;
  /** Checked between chunks and between parser slices; aborted ends the reading as `cancelled`. */
  readonly signal?: AbortSignal;
  /** Called between chunks and parser slices; return true to stop (a cancelled load). */
  readonly isCancelled?: () => boolean;
  /** Gives other work a turn (in a worker: a macrotask, so a Cancel message is heard); default setTimeout 0. */
  readonly pause?: () => Promise<void>;
}

/** Returns true when `text` is an absolute http(s) URL. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  return URL.canParse(text);
}

/**
 * Returns what one sitemap body holds, reading `chunks` (uncompressed bytes) one at a time: a
 * urlset, a sitemap index, a feed or a text sitemap; or that it is HTML, another XML document,
 * malformed (with the line and column), past a cap (`too-complex`), cancelled, or empty. A UTF-8
 * BOM is skipped. Memory stays bounded whatever the input: at most `maxBytes` are read, an
 * unfinished line or XML piece is held only up to its cap, and the URLs kept are capped.
 */
export async function readSitemapBody(
  chunks: AsyncIterable<Uint8Array>,
  options: ReadOptions = {},
): Promise<BodyReading> {
  const maxBytes = options.maxBytes ?? MAX_SITEMAP_BYTES;
  const isCancelled = () => options.signal?.aborted === true || options.isCancelled?.() === true;
  const pause = options.pause ?? pauseTurn;
  const decoder = new TextDecoder('utf-8');
  let reader: ChunkReader | null = null;
  let bytes = 0;
  let tooLarge = false;
  let head = '';
  let sinceYield = 0;
  /** Feeds `text` to the reader in slices; returns true when reading should stop. */
  const feed = async (into: ChunkReader, text: string): Promise<boolean> => {
    for (let i = 0; i < text.length; i += PARSE_SLICE_CHARS) {
      into.write(text.slice(i, i + PARSE_SLICE_CHARS));
      if (into.isDone()) return true;
      sinceYield += PARSE_SLICE_CHARS;
      if (sinceYield >= YIELD_EVERY_CHARS) {
        sinceYield = 0;
        await pause();
      }
      if (isCancelled()) return true;
    }
    return false;
  };
  for await (const chunk of chunks) {
    if (isCancelled()) break;
    let part = chunk;
    if (bytes + part.byteLength > maxBytes) {
      part = part.subarray(0, maxBytes - bytes);
      tooLarge = true;
    }
    bytes += part.byteLength;
    let text = decoder.decode(part, { stream: true });
    if (reader === null) {
      // Only the new text is looked at while nothing but blanks came: a body of blanks is not rescanned.
      const seen = skipBlanks(text) < text.length;
      head += text;
      if (!seen && !tooLarge) continue;
      const start = sniffStart(head);
      if (start.length === 0 && !tooLarge) continue;
      if (start.length < HTML_SNIFF_CHARS && !tooLarge && !start.includes('>')) continue;
      if (looksLikeHtml(start)) return { kind: 'html', bytes };
      reader = start.startsWith('<') ? createXmlReader() : createTextReader();
      text = head;
      head = '';
    }
    if ((await feed(reader, text)) || tooLarge) break;
  }
  if (isCancelled()) return { kind: 'cancelled', bytes };
  if (reader === null) {
    const start = sniffStart(head);
    if (looksLikeHtml(start)) return { kind: 'html', bytes };
    if (start.length === 0) return { kind: 'empty', bytes };
    reader = createTextReader();
    await feed(reader, head);
  }
  if (!tooLarge && !reader.isDone()) await feed(reader, decoder.decode());
  if (isCancelled()) return { kind: 'cancelled', bytes };
  return reader.finish(bytes, tooLarge);
}

/** Returns the index of the first character of `text` that is neither a BOM nor ASCII whitespace. */
function skipBlanks(text: string): number {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 0xfeff || isAsciiSpace(text.charCodeAt(i)))) i++;
  return i;
}

/** Returns the start of a body's content, blanks and BOM skipped: enough to tell XML, HTML and text apart. */
function sniffStart(head: string): string {
  const from = skipBlanks(head);
  return head.slice(from, from + 256);
}

function pauseTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Characters awaited before deciding between XML, HTML and text. */
const HTML_SNIFF_CHARS = 16;

/**
 * Returns true when a body starts like an HTML page (`<!doctype html`, `<html`, `<head`, `<body`),
 * case-insensitively as HTML allows: XML parsers reject a lower-case doctype outright.
 */
function looksLikeHtml(start: string): boolean {
  const head = start.slice(0, HTML_SNIFF_CHARS).toLowerCase();
  return ['<!doctype html', '<html', '<head', '<body'].some((prefix) => head.startsWith(prefix));
}

interface ChunkReader {
  write(text: string): void;
  /** True once nothing more needs reading (an error, HTML or a cap). */
  isDone(): boolean;
  finish(bytes: number, tooLarge: boolean): BodyReading;
}

/** The URLs one reading keeps: at most MAX_SET_URLS of at most MAX_URL_CHARS, MAX_SET_URL_CHARS in all. */
function createUrlKeeper() {
  const urls: { url: string; kind: EntryKind }[] = [];
  let chars = 0;
  let tooLong = 0;
  let notKept = 0;
  return {
    urls,
    /** Keeps `url` when it fits; returns false when it is too long to be a URL at all. */
    keep(url: string, kind: EntryKind): boolean {
      if (url.length > MAX_URL_CHARS) {
        tooLong++;
        return false;
      }
      if (urls.length >= MAX_SET_URLS || chars + url.length > MAX_SET_URL_CHARS) notKept++;
      else {
        urls.push({ url, kind });
        chars += url.length;
      }
      return true;
    },
    countTooLong(): void {
      tooLong++;
    },
    counts: () => ({ tooLong, notKept }),
  };
}

function createTextReader(): ChunkReader {
  const kept = createUrlKeeper();
  let ignoredLines = 0;
  let found = 0;
  let line = '';
  let overlong = false;
  let first = true;
  let peak = 0;
  const append = (part: string) => {
    if (overlong) return;
    // A line past the cap is dropped at once, never joined: a one-line 50 MB body holds 8 KiB at most.
    if (line.length + part.length > MAX_LINE_CHARS) {
      overlong = true;
      line = '';
      return;
    }
    line += part;
    peak = Math.max(peak, line.length);
  };
  const endLine = () => {
    if (overlong) kept.countTooLong();
    else takeLine(line);
    overlong = false;
    line = '';
  };
  const takeLine = (raw: string) => {
    const text = trimAscii(first ? raw.replace(/^\uFEFF/, '') : raw);
    first = false;
    if (text.length === 0) return;
    if (!isHttpUrl(text)) ignoredLines++;
    else if (kept.keep(text, 'page')) found++;
  };
  const newline = /[\r\n]/g;
  return {
    write(text) {
      let from = 0;
      newline.lastIndex = 0;
      for (let match = newline.exec(text); match !== null; match = newline.exec(text)) {
        append(text.slice(from, match.index));
        endLine();
        from = match.index + 1;
      }
      append(text.slice(from));
    },
    isDone: () => false,
    finish(bytes, tooLarge) {
      // A cut body's last line may be a URL cut in half: drop it.
      if (!tooLarge) endLine();
      return {
        kind: 'read',
        format: 'text',
        urls: kept.urls,
        sitemaps: [],
        sitemapsNotKept: 0,
        locCount: found,
        bytes,
        tooLarge,
        ignoredLines,
        ...kept.counts(),
        peakHeldChars: peak,
      };
    },
  };
}

/** Thrown from a parser handler to stop saxes mid-slice when a cap is reached. */
const STOP = new Error('stopped at a cap');

function createXmlReader(): ChunkReader {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const kept = createUrlKeeper();
  const sitemaps: string[] = [];
  const stack: string[] = [];
  let root: string | null = null;
  let html = false;
  let error: { line: number; column: number; reason: string } | null = null;
  let stopped: { limit: 'depth' | 'token'; line: number } | null = null;
  let text: string[] | null = null;
  let textChars = 0;
  let textOverlong = false;
  let locCount = 0;
  let sitemapsNotKept = 0;
  /** Where the parser was at its last event: what lies after it, the parser still holds. */
  let lastEventAt = 0;
  let peak = 0;
  const mark = () => {
    lastEventAt = parser.position;
  };

  parser.on('error', (err) => {
    if (error === null) error = { line: parser.line, column: parser.column, reason: stripPosition(err.message) };
  });
  parser.on('doctype', (doctype) => {
    mark();
    if (/^\s*html\b/i.test(doctype)) html = true;
  });
  parser.on('xmldecl', mark);
  parser.on('comment', mark);
  parser.on('processinginstruction', mark);
  parser.on('opentagstart', () => {
    // saxes resolves an element's namespace by walking the open elements: deep nesting costs depth² time.
    if (stack.length >= MAX_XML_DEPTH) {
      stopped = { limit: 'depth', line: parser.line };
      throw STOP;
    }
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    mark();
    const local = tag.local.toLowerCase();
    if (root === null) {
      root = tag.local;
      if (local === 'html') html = true;
    }
    const parent = stack[stack.length - 1];
    if (local === 'loc' || (local === 'link' && (parent === 'item' || root === 'rss'))) {
      text = [];
      textChars = 0;
      textOverlong = false;
    }
    if (local === 'link' && tag.uri === XHTML_NS) {
      const href = attribute(tag, 'href');
      if (href !== null && isHttpUrl(href)) kept.keep(href, 'alternate');
    } else if (local === 'link' && root?.toLowerCase() === 'feed' && parent === 'entry') {
      const href = attribute(tag, 'href');
      const rel = attribute(tag, 'rel');
      if (href !== null && (rel === null || rel === 'alternate') && isHttpUrl(href)) kept.keep(href, 'feed-item');
    }
    stack.push(local);
  });
  const collect = (t: string) => {
    mark();
    if (text === null || textOverlong) return;
    // Entities and CDATA sections can make one <loc> out of many pieces: cap their sum.
    if (textChars + t.length > MAX_URL_CHARS) {
      textOverlong = true;
      text = [];
      return;
    }
    text.push(t);
    textChars += t.length;
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', (tag) => {
    mark();
    const local = stack.pop();
    const parent = stack[stack.length - 1];
    if (text !== null && (local === 'loc' || local === 'link')) {
      const overlong = textOverlong;
      const value = trimAscii(text.join(''));
      text = null;
      if (overlong) {
        kept.countTooLong();
        if (parent === 'url' || parent === 'sitemap') locCount++;
        return;
      }
      if (!isHttpUrl(value)) return;
      if (local === 'link') {
        if (parent === 'item') kept.keep(value, 'feed-item');
      } else if (parent === 'sitemap') {
        if (value.length > MAX_URL_CHARS) kept.countTooLong();
        else if (sitemaps.length < MAX_URLS_PER_FILE) sitemaps.push(value);
        else sitemapsNotKept++;
        locCount++;
      } else if (parent === 'url') {
        kept.keep(value, 'page');
        locCount++;
      } else if (parent === 'image' && tag.uri === IMAGE_NS) {
        kept.keep(value, 'image');
      }
    }
  });

  const isDone = () => error !== null || html || stopped !== null;
  return {
    write(chunk) {
      if (isDone()) return;
      try {
        parser.write(chunk);
      } catch (err) {
        // saxes reports through the error handler; a throw here is a cap (STOP) or a state we did not foresee.
        if (err !== STOP) error ??= { line: parser.line, column: parser.column, reason: errorWords(err) };
      }
      const held = parser.position - lastEventAt;
      peak = Math.max(peak, held);
      if (stopped === null && held > MAX_XML_TOKEN_CHARS) stopped = { limit: 'token', line: parser.line };
    },
    isDone,
    finish(bytes, tooLarge) {
      if (html) return { kind: 'html', bytes };
      if (stopped !== null) {
        const s: { limit: 'depth' | 'token'; line: number } = stopped;
        return { kind: 'too-complex', limit: s.limit, line: s.line, bytes };
      }
      if (!tooLarge && error === null) {
        try {
          parser.close();
        } catch (err) {
          error ??= { line: parser.line, column: parser.column, reason: errorWords(err) };
        }
      }
      if (error !== null) {
        const e: { line: number; column: number; reason: string } = error;
        return { kind: 'malformed', line: e.line, column: e.column, reason: e.reason, bytes };
      }
      const rootName = root ?? '';
      const format = FORMATS.get(rootName.toLowerCase());
      if (format === undefined) return { kind: 'not-sitemap', root: rootName, bytes };
      return {
        kind: 'read',
        format,
        urls: kept.urls,
        sitemaps,
        sitemapsNotKept,
        locCount,
        bytes,
        tooLarge,
        ignoredLines: 0,
        ...kept.counts(),
        peakHeldChars: peak,
      };
    },
  };
}

const FORMATS = new Map<string, BodyFormat>([
  ['urlset', 'urlset'],
  ['sitemapindex', 'sitemapindex'],
  ['rss', 'rss'],
  ['feed', 'atom'],
]);

function attribute(tag: SaxesTagNS, name: string): string | null {
  for (const attr of Object.values(tag.attributes)) {
    if (attr.local === name && attr.prefix === '') return trimAscii(attr.value);
  }
  return null;
}

/** saxes prefixes messages with "line:column: "; the outcome says the line itself. */
function stripPosition(message: string): string {
  return message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').replace(/\.+$/, '');
}
