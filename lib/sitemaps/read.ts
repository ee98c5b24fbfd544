/**
 * Reads one sitemap body chunk by chunk (sitemaps.org protocol; RSS 2.0 and Atom 1.0 feeds used as
 * sitemaps; Google's image and hreflang extensions) with a streaming XML parser: no regex over XML,
 * no DOM, so a 50 MB file costs one chunk of memory at a time. Hostile input never throws.
 */

import { SaxesParser, type SaxesTagNS } from 'saxes';

/** The protocol's limit on URLs in one file (sitemaps.org). */
export const MAX_URLS_PER_FILE = 50_000;

/** The protocol's limit on one file's uncompressed size: 50 MB (52,428,800 bytes, sitemaps.org). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

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
  | { readonly kind: 'empty'; readonly bytes: number };

/** Options of readSitemapBody. */
export interface ReadOptions {
  /** Stop reading past this many uncompressed bytes (default MAX_SITEMAP_BYTES). */
  readonly maxBytes?: number;
  /** Called between chunks; return true to stop (a cancelled load). */
  readonly isCancelled?: () => boolean;
}

/** Returns true when `text` is an absolute http(s) URL. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  return URL.canParse(text);
}

/** Trims ASCII whitespace only (SEMANTICS.md §1: JavaScript's trim() also strips Unicode spaces). */
export function trimAscii(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiSpace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/**
 * Returns what one sitemap body holds, reading `chunks` (uncompressed bytes) one at a time: a
 * urlset, a sitemap index, a feed or a text sitemap; or that it is HTML, another XML document,
 * malformed (with the line and column), or empty. A UTF-8 BOM is skipped.
 */
export async function readSitemapBody(
  chunks: AsyncIterable<Uint8Array>,
  options: ReadOptions = {},
): Promise<BodyReading> {
  const maxBytes = options.maxBytes ?? MAX_SITEMAP_BYTES;
  const decoder = new TextDecoder('utf-8');
  let reader: ChunkReader | null = null;
  let bytes = 0;
  let tooLarge = false;
  let pending = '';
  for await (const chunk of chunks) {
    if (options.isCancelled?.() === true) break;
    let part = chunk;
    if (bytes + part.byteLength > maxBytes) {
      part = part.subarray(0, maxBytes - bytes);
      tooLarge = true;
    }
    bytes += part.byteLength;
    const text = decoder.decode(part, { stream: true });
    if (reader === null) {
      pending += text;
      const start = trimAscii(pending.replace(/^\uFEFF/, ''));
      if (start.length === 0 && !tooLarge) continue;
      if (start.length < HTML_SNIFF_CHARS && !tooLarge && !start.includes('>')) continue;
      if (looksLikeHtml(start)) return { kind: 'html', bytes };
      reader = start.startsWith('<') ? createXmlReader() : createTextReader();
      reader.write(pending);
      pending = '';
    } else {
      reader.write(text);
    }
    if (reader.isDone() || tooLarge) break;
  }
  if (reader === null) {
    if (looksLikeHtml(trimAscii(pending.replace(/^\uFEFF/, '')))) return { kind: 'html', bytes };
    if (trimAscii(pending.replace(/^\uFEFF/, '')).length === 0) return { kind: 'empty', bytes };
    reader = createTextReader();
    reader.write(pending);
  }
  if (!tooLarge) reader.write(decoder.decode());
  return reader.finish(bytes, tooLarge);
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
  /** True once nothing more needs reading (an error or HTML). */
  isDone(): boolean;
  finish(bytes: number, tooLarge: boolean): BodyReading;
}

function createTextReader(): ChunkReader {
  const urls: { url: string; kind: EntryKind }[] = [];
  let ignoredLines = 0;
  let rest = '';
  let first = true;
  const takeLine = (raw: string) => {
    const line = trimAscii(first ? raw.replace(/^\uFEFF/, '') : raw);
    first = false;
    if (line.length === 0) return;
    if (isHttpUrl(line)) urls.push({ url: line, kind: 'page' });
    else ignoredLines++;
  };
  return {
    write(text) {
      const lines = (rest + text).split(/\r\n|\r|\n/);
      rest = lines.pop() ?? '';
      for (const line of lines) takeLine(line);
    },
    isDone: () => false,
    finish(bytes, tooLarge) {
      // A cut body's last line may be a URL cut in half: drop it.
      if (!tooLarge) takeLine(rest);
      return { kind: 'read', format: 'text', urls, sitemaps: [], locCount: urls.length, bytes, tooLarge, ignoredLines };
    },
  };
}

function createXmlReader(): ChunkReader {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const urls: { url: string; kind: EntryKind }[] = [];
  const sitemaps: string[] = [];
  const stack: string[] = [];
  let root: string | null = null;
  let html = false;
  let error: { line: number; column: number; reason: string } | null = null;
  let text: string[] | null = null;
  let locCount = 0;

  parser.on('error', (err) => {
    if (error === null) error = { line: parser.line, column: parser.column, reason: stripPosition(err.message) };
  });
  parser.on('doctype', (doctype) => {
    if (/^\s*html\b/i.test(doctype)) html = true;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const local = tag.local.toLowerCase();
    if (root === null) {
      root = tag.local;
      if (local === 'html') html = true;
    }
    const parent = stack[stack.length - 1];
    if (local === 'loc' || (local === 'link' && (parent === 'item' || root === 'rss'))) text = [];
    if (local === 'link' && tag.uri === XHTML_NS) {
      const href = attribute(tag, 'href');
      if (href !== null && isHttpUrl(href)) urls.push({ url: href, kind: 'alternate' });
    } else if (local === 'link' && root?.toLowerCase() === 'feed' && parent === 'entry') {
      const href = attribute(tag, 'href');
      const rel = attribute(tag, 'rel');
      if (href !== null && (rel === null || rel === 'alternate') && isHttpUrl(href))
        urls.push({ url: href, kind: 'feed-item' });
    }
    stack.push(local);
  });
  const collect = (t: string) => {
    if (text !== null) text.push(t);
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', (tag) => {
    const local = stack.pop();
    const parent = stack[stack.length - 1];
    if (text !== null && (local === 'loc' || local === 'link')) {
      const value = trimAscii(text.join(''));
      text = null;
      if (!isHttpUrl(value)) return;
      if (local === 'link') {
        if (parent === 'item') urls.push({ url: value, kind: 'feed-item' });
      } else if (parent === 'sitemap') {
        sitemaps.push(value);
        locCount++;
      } else if (parent === 'url') {
        urls.push({ url: value, kind: 'page' });
        locCount++;
      } else if (parent === 'image' && tag.uri === IMAGE_NS) {
        urls.push({ url: value, kind: 'image' });
      }
    }
  });

  return {
    write(chunk) {
      if (error !== null || html) return;
      try {
        parser.write(chunk);
      } catch (err) {
        // saxes reports through the error handler; a throw here is a parser state we did not foresee.
        error ??= { line: parser.line, column: parser.column, reason: String(err) };
      }
    },
    isDone: () => error !== null || html,
    finish(bytes, tooLarge) {
      if (html) return { kind: 'html', bytes };
      if (!tooLarge && error === null) {
        try {
          parser.close();
        } catch (err) {
          error ??= { line: parser.line, column: parser.column, reason: String(err) };
        }
      }
      if (error !== null) {
        const e: { line: number; column: number; reason: string } = error;
        return { kind: 'malformed', line: e.line, column: e.column, reason: e.reason, bytes };
      }
      const rootName = root ?? '';
      const format = FORMATS.get(rootName.toLowerCase());
      if (format === undefined) return { kind: 'not-sitemap', root: rootName, bytes };
      return { kind: 'read', format, urls, sitemaps, locCount, bytes, tooLarge, ignoredLines: 0 };
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
