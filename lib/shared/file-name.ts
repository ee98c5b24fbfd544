/**
 * Names of the files the extension saves (CSV exports, kept versions, evidence bundles): one
 * shape for all, made of characters every file system and mail client keeps.
 */

/** What a saved file's name is made of. */
export interface FileNameParts {
  /** The site's origin ("https://example.com:8080") or host; only its host and port are named. */
  readonly site: string;
  /** What the file is, named before the site: "evidence". Omitted for the site's own data. */
  readonly kind?: string;
  /** What of the site it holds, after the site: a draft's name ("Draft 2"), a version ("v3 200"). */
  readonly label?: string | null;
  /** Epoch ms of the day the file stands for, written as its UTC date (YYYY-MM-DD). */
  readonly date: number;
  /** The file's extension, without the dot: "csv". */
  readonly extension: string;
}

/** A label is cut at this many characters (a draft's name is the person's own text). */
const MAX_LABEL_CHARS = 40;

/** Returns `text` in lower case with every run of other characters than a–z, 0–9 and dots made one dash. */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** Returns the host (and port, after an underscore) of `site`, in safe characters: "127.0.0.1_4781". */
function siteOf(site: string): string {
  let host = site;
  try {
    host = new URL(site).host;
  } catch {
    // A bare host ("example.com") is its own name.
  }
  return host.toLowerCase().replace(/[^a-z0-9.-]/g, '_') || 'site';
}

/**
 * Returns the name of a file the extension saves: "robots-example.com-draft-2-2026-11-29.csv",
 * "robots-evidence-example.com-2026-11-29.zip". Only a–z, 0–9, dots, dashes and underscores appear.
 */
export function savedFileName(parts: FileNameParts): string {
  const label = slugOf(parts.label ?? '')
    .slice(0, MAX_LABEL_CHARS)
    .replace(/[-.]+$/, '');
  const kind = slugOf(parts.kind ?? '');
  const day = new Date(parts.date).toISOString().slice(0, 10);
  const words = ['robots', kind, siteOf(parts.site), label, day].filter((w) => w !== '');
  return `${words.join('-')}.${slugOf(parts.extension) || 'txt'}`;
}
