/**
 * A URL list as a person gives it: pasted text or a .txt/.csv file, one URL or path per line
 * (the first field of a CSV row). Paths resolve against the origin; URLs of another origin are
 * set aside, since their own robots.txt applies (RFC 9309 §2.3: one file per scheme, host, port).
 */

/** The list, split into URLs of this origin, other origins' URLs and lines that are neither. */
export interface ParsedUrlList {
  readonly urls: readonly string[];
  readonly otherOrigin: readonly string[];
  readonly invalid: readonly { readonly line: number; readonly text: string }[];
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
 * paths resolved against it, duplicates dropped, a CSV header row that is not a URL ignored.
 */
export function parseUrlList(text: string, origin: string, asCsv = false): ParsedUrlList {
  const urls: string[] = [];
  const otherOrigin: string[] = [];
  const invalid: { line: number; text: string }[] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = (asCsv ? firstCsvField(raw) : raw).replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');
    if (line.length === 0) return;
    let url: URL | null = null;
    if (/^https?:\/\//i.test(line)) url = parseUrl(line);
    else if (line.startsWith('/')) url = parseUrl(line, origin);
    if (url === null) {
      if (!(asCsv && index === 0)) invalid.push({ line: index + 1, text: line });
      return;
    }
    const href = url.href;
    if (seen.has(href)) return;
    seen.add(href);
    (url.origin === origin ? urls : otherOrigin).push(href);
  });
  return { urls, otherOrigin, invalid };
}
