/**
 * When the groups a verdict merged come both from a CDN-managed block and from the site's own
 * lines, the CDN to name: e.g. Cloudflare's `User-agent: *` block merged with the site's own `*` group.
 */
import { blockAt, type ManagedBlock } from '../usage/managed-blocks';

export interface CdnMerge {
  readonly vendor: string;
  /** The merged groups' line ranges that the CDN added. */
  readonly cdnGroups: readonly (readonly [first: number, last: number])[];
  /** The merged groups' line ranges that are the site's own. */
  readonly ownGroups: readonly (readonly [first: number, last: number])[];
}

/** Returns the CDN merge for the groups a verdict merged, or null when they do not mix CDN and own lines. */
export function findCdnMerge(
  groups: readonly { readonly firstLine: number; readonly lastLine: number }[],
  blocks: readonly ManagedBlock[],
): CdnMerge | null {
  if (groups.length < 2 || blocks.length === 0) return null;
  const cdn: [number, number][] = [];
  const own: [number, number][] = [];
  let vendor: string | null = null;
  for (const g of groups) {
    const block = blockAt(blocks, g.firstLine);
    if (block === null) own.push([g.firstLine, g.lastLine]);
    else {
      vendor ??= block.vendor;
      cdn.push([g.firstLine, g.lastLine]);
    }
  }
  return vendor !== null && own.length > 0 ? { vendor, cdnGroups: cdn, ownGroups: own } : null;
}
