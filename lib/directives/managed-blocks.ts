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
    begin: /^#\s*BEGIN Cloudflare Managed content\s*$/i,
    end: /^#\s*END Cloudflare Managed content\s*$/i,
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

/** Returns the CDN-managed sections of a robots.txt body, in file order. */
export function findManagedBlocks(text: string): ManagedBlock[] {
  const lines = splitTextLines(text);
  const blocks: ManagedBlock[] = [];
  let open: { marker: ManagedMarker; firstLine: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    // A BOM on the first line is not part of the marker.
    const line = (lines[i] ?? '').replace(/^\uFEFF/, '').trim();
    if (!line.startsWith('#')) continue;
    if (open === null) {
      const marker = MANAGED_MARKERS.find((m) => m.begin.test(line));
      if (marker !== undefined) open = { marker, firstLine: i + 1 };
    } else if (open.marker.end.test(line)) {
      blocks.push({ vendor: open.marker.vendor, firstLine: open.firstLine, lastLine: i + 1, closed: true });
      open = null;
    }
  }
  if (open !== null) {
    blocks.push({ vendor: open.marker.vendor, firstLine: open.firstLine, lastLine: lines.length, closed: false });
  }
  return blocks;
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
