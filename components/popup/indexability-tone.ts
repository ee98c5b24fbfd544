/**
 * The verdict card's colour with the page's indexability folded in (the badge does the same in
 * entrypoints/background/badge-indexability.ts): red = blocked or not indexable, amber =
 * canonicalised or robots.txt unreachable, green = fetchable and indexable.
 */
import type { Indexability } from '../../lib/page-directives/verdict';
import type { PageVerdict } from './model';

export type CombinedTone = 'allowed' | 'blocked' | 'warning' | 'none';

/** Returns the card's tone for the robots.txt verdict and the page's indexability (null: not read). */
export function combinedTone(verdict: PageVerdict, indexability: Indexability | null | undefined): CombinedTone {
  if (verdict.kind === 'not-applicable') return 'none';
  if (verdict.kind === 'unreachable') return 'warning';
  if (!verdict.allowed) return 'blocked';
  if (indexability === null || indexability === undefined) return 'allowed';
  switch (indexability.kind) {
    case 'indexable':
      return 'allowed';
    case 'canonicalised':
      return 'warning';
    default:
      return 'blocked';
  }
}
