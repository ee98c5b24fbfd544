/**
 * Sections of robots.txt that a CDN writes into the file on its way to the client, found by the
 * comment markers the vendor puts around them. Only markers we can document are known:
 *
 * - Cloudflare, "Managed robots.txt" (https://developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/):
 *   Cloudflare prepends its content to the origin's file between `# BEGIN Cloudflare Managed content`
 *   and `# END Cloudflare Managed Content` (the two markers differ in the case of "content" as
 *   documented; both are matched without regard to case or surrounding spaces).
 *
 * No other vendor's marker is listed: we know of no other documented one, and comment banners such
 * as `### BEGIN FILE ###` (ebay.com, oschina.net in the corpus) are the site's own, not a CDN's.
 */
import { trimAscii } from '../shared/ascii';
import { splitTextLines } from '../shared/lines';

export interface ManagedMarker {
  readonly vendor: string;
  /** Matches the whole begin-marker line (trimmed). */
  readonly begin: RegExp;
  /** Matches the whole end-marker line (trimmed). */
  readonly end: RegExp;
}

export const MANAGED_MARKERS: readonly ManagedMarker[] = [
  {
    vendor: 'Cloudflare',
    // ASCII whitespace only (docs/semantics/usage.md §3.6): `\s` would also accept NBSP and other Unicode spaces.
    begin: /^#[\t\n\v\f\r ]*BEGIN Cloudflare Managed content[\t\n\v\f\r ]*$/i,
    end: /^#[\t\n\v\f\r ]*END Cloudflare Managed content[\t\n\v\f\r ]*$/i,
  },
];

/** One CDN-managed section: its marker lines included, 1-based, inclusive. */
export interface ManagedBlock {
  readonly vendor: string;
  readonly firstLine: number;
  readonly lastLine: number;
  /** False when the end marker is missing: the block runs to the end of the file (a cut file, a broken edit). */
  readonly closed: boolean;
}

/** A marker line that opened or closed nothing (docs/semantics/usage.md §3.6, lint CF-01). */
export interface StrayMarker {
  readonly vendor: string;
  readonly line: number;
  /** `end-without-begin`: an END with no open block; `begin-inside-block`: a BEGIN while a block is open. */
  readonly kind: 'end-without-begin' | 'begin-inside-block';
}

/** The managed sections of a file and the marker lines that opened or closed nothing. */
export interface ManagedBlockScan {
  readonly blocks: readonly ManagedBlock[];
  readonly strayMarkers: readonly StrayMarker[];
}

/**
 * Returns the CDN-managed sections of a robots.txt body in file order, and the stray markers: a
 * BEGIN opens a block that runs to the next END (or to the end of the file); an END with no open
 * block and a BEGIN inside an open block are ignored; a BEGIN after an END opens another block.
 */
export function scanManagedBlocks(text: string): ManagedBlockScan {
  const lines = splitTextLines(text);
  const blocks: ManagedBlock[] = [];
  const strayMarkers: StrayMarker[] = [];
  let open: { marker: ManagedMarker; firstLine: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    // A BOM on the first line is not part of the marker.
    const line = trimAscii(i === 0 ? (lines[i] ?? '').replace(/^\uFEFF/, '') : (lines[i] ?? ''));
    if (!line.startsWith('#')) continue;
    if (open === null) {
      const marker = MANAGED_MARKERS.find((m) => m.begin.test(line));
      if (marker !== undefined) open = { marker, firstLine: i + 1 };
      else {
        const end = MANAGED_MARKERS.find((m) => m.end.test(line));
        if (end !== undefined) strayMarkers.push({ vendor: end.vendor, line: i + 1, kind: 'end-without-begin' });
      }
    } else if (open.marker.end.test(line)) {
      blocks.push({ vendor: open.marker.vendor, firstLine: open.firstLine, lastLine: i + 1, closed: true });
      open = null;
    } else if (open.marker.begin.test(line)) {
      strayMarkers.push({ vendor: open.marker.vendor, line: i + 1, kind: 'begin-inside-block' });
    }
  }
  if (open !== null) {
    blocks.push({ vendor: open.marker.vendor, firstLine: open.firstLine, lastLine: lines.length, closed: false });
  }
  return { blocks, strayMarkers };
}

/** Returns the CDN-managed sections of a robots.txt body, in file order (see scanManagedBlocks). */
export function findManagedBlocks(text: string): ManagedBlock[] {
  return scanManagedBlocks(text).blocks.slice();
}

/** Returns the line numbers inside managed blocks (markers included). */
export function managedLineSet(blocks: readonly ManagedBlock[]): Set<number> {
  const lines = new Set<number>();
  for (const block of blocks) for (let n = block.firstLine; n <= block.lastLine; n++) lines.add(n);
  return lines;
}

/** Returns the block containing `line`, or null. */
export function blockAt(blocks: readonly ManagedBlock[], line: number): ManagedBlock | null {
  return blocks.find((b) => line >= b.firstLine && line <= b.lastLine) ?? null;
}
