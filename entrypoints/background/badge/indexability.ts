/**
 * The badge with the page's indexability folded in: red when the crawler may not fetch the page
 * or may not index it, amber when it is canonicalised or robots.txt is unreachable, green when it
 * may fetch and index it. The one place where the two verdicts meet for the toolbar; badge.ts calls it.
 */
import type { Indexability } from '../../../lib/page-directives/verdict';
import type { PageVerdict } from '../../../lib/verdict/types';
import { BADGE_COLORS, type BadgeView } from './badge';

export const INDEXABILITY_BADGE_TEXT = {
  notIndexable: 'NOIX',
  canonicalised: 'CAN',
} as const;

/**
 * Returns the badge for the robots.txt view `view` combined with `indexability` (null: page
 * inspection is off, or the page was not read, or the robots.txt-only badge was chosen).
 */
export function combineBadge(view: BadgeView, verdict: PageVerdict, indexability: Indexability | null): BadgeView {
  if (view.kind === 'hidden' || indexability === null) return view;
  // Not fetchable (blocked or unreachable): the robots.txt view already says it, in red or amber.
  if (verdict.kind === 'not-applicable' || verdict.kind === 'unreachable' || !verdict.allowed) return view;
  const title = `${view.title} ${indexability.reason}`;
  switch (indexability.kind) {
    case 'blocked':
      return view;
    case 'status':
    case 'noindex':
      return { kind: 'shown', text: INDEXABILITY_BADGE_TEXT.notIndexable, color: BADGE_COLORS.blocked, title };
    case 'canonicalised':
      return { kind: 'shown', text: INDEXABILITY_BADGE_TEXT.canonicalised, color: BADGE_COLORS.unreachable, title };
    case 'indexable':
      // Fetchable and indexable: robots.txt's own view stays (green OK, or the grey dash when there is no file).
      return view;
  }
}
