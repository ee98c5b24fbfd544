/**
 * A URL list as a person gives it: pasted text or a .txt/.csv file, one URL or path per line
 * (the first field of a CSV row). Paths resolve against the origin; URLs of another origin are
 * set aside, since their own robots.txt applies (RFC 9309 §2.3: one file per scheme, host, port).
 * A list is capped like a sitemap set: at most MAX_LIST_URLS URLs, and a file is read up to
 * MAX_URL_FILE_BYTES; what was cut is said in words.
 */

import { MAX_SET_URLS, MAX_SITEMAP_BYTES } from '../sitemaps/read';
import { countOf, formatNumber } from '../shared/plural';

/** A list keeps at most this many URLs (of this site and of others, each): the sitemap set's cap. */
export const MAX_LIST_URLS = MAX_SET_URLS;

/** A URL file is read up to this many bytes (50 MiB, as a sitemap file); the rest is left out. */
export const MAX_URL_FILE_BYTES = MAX_SITEMAP_BYTES;

/** Lines that are neither a URL nor a path are kept as examples up to this many (all are counted). */
export const MAX_INVALID_EXAMPLES = 100;

/** The list, split into URLs of this origin, other origins' URLs and lines that are neither. */
export interface ParsedUrlList {
  readonly urls: readonly string[];
  readonly otherOrigin: readonly string[];
  /** The first MAX_INVALID_EXAMPLES lines that are neither a URL nor a path. */
  readonly invalid: readonly { readonly line: number; readonly text: string }[];
  /** How many lines are neither a URL nor a path. */
  readonly invalidCount: number;
  /** Set when the list went past MAX_LIST_URLS: a sentence saying what was left out. */
  readonly capNotice: string | null;
}

/** Returns `text` parsed as a URL (against `base`), or null (URL.parse is not in Node 20). */
export function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/** Returns the first field of a CSV line (RFC 4180 quoting undone). */
export function firstCsvField(line: string): string {
  if (!line.startsWith('"')) {
    const comma = line.indexOf(',');
    return comma < 0 ? line : line.slice(0, comma);
  }
  let out = '';
  for (let i = 1; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') {
      if (line[i + 1] === '"') {
        out += '"';
        i++;
      } else {
        return out;
      }
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * Returns the URLs of `text` (one per line; `asCsv` takes each row's first field) for `origin`:
 * paths resolved against it, duplicates dropped, a CSV header row that is not a URL ignored. At most
 * `maxUrls` (default MAX_LIST_URLS) are kept; reading stops there and `capNotice` says so.
 */
export function parseUrlList(text: string, origin: string, asCsv = false, maxUrls = MAX_LIST_URLS): ParsedUrlList {
  const urls: string[] = [];
  const otherOrigin: string[] = [];
  const invalid: { line: number; text: string }[] = [];
  let invalidCount = 0;
  let capNotice: string | null = null;
  const seen = new Set<string>();
  const body = text.replace(/^\uFEFF/, '');
  const lineEnd = /\r\n|\r|\n/g;
  let from = 0;
  for (let index = 0; from <= body.length; index++) {
    const match = lineEnd.exec(body);
    const raw = body.slice(from, match === null ? body.length : match.index);
    const next = match === null ? body.length + 1 : match.index + match[0].length;
    const line = (asCsv ? firstCsvField(raw) : raw).replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');
    if (line.length > 0) {
      let url: URL | null = null;
      if (/^https?:\/\//i.test(line)) url = parseUrl(line);
      else if (line.startsWith('/')) url = parseUrl(line, origin);
      if (url === null) {
        if (!(asCsv && index === 0)) {
          invalidCount++;
          if (invalid.length < MAX_INVALID_EXAMPLES) invalid.push({ line: index + 1, text: line });
        }
      } else if (!seen.has(url.href)) {
        const list = url.origin === origin ? urls : otherOrigin;
        if (list.length >= maxUrls) {
          const rest = countLines(body, from);
          capNotice = `The list is capped at ${formatNumber(maxUrls)} URLs: line ${formatNumber(index + 1)} and the ${countOf(rest - 1, 'line')} after it were left out.`;
          break;
        }
        seen.add(url.href);
        list.push(url.href);
      }
    }
    from = next;
  }
  return { urls, otherOrigin, invalid, invalidCount, capNotice };
}

/** Returns how many lines `text` has from `from` on (a last line without an end counts). */
function countLines(text: string, from: number): number {
  let lines = 1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) lines++;
  }
  return text.length > from && /[\r\n]$/.test(text) ? lines - 1 : lines;
}
