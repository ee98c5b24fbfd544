/**
 * The first screen's headline: the combined answer to "may this crawler fetch and index this page"
 *, in the badge's colour language: never a green "Allowed" on a page that is not
 * indexable. robots.txt's own verdict keeps its line below (the Fetch group).
 */
import type { Indexability } from '../../lib/page-directives/verdict';
import { findCrawler } from '../../lib/robots/crawlers';
import { reasonWithoutWord } from '../../lib/verdict/index-words';
import { describeVerdict, verdictTone } from './format';
import type { PageVerdict } from './model';

type HeadlineTone = ReturnType<typeof verdictTone> | 'warning' | 'pending';

export interface Headline {
  readonly tone: HeadlineTone;
  readonly icon: string;
  readonly word: string;
  readonly detail: string;
}

/** Returns true for a control token (Google-Extended, Applebot-Extended): nothing fetches under its name. */
export function isTokenOnly(token: string): boolean {
  return findCrawler(token)?.fetches === false;
}

/**
 * Returns a control token's answer: its rules opt the page out of what the token controls, or not.
 * It is never "Blocked" or "Allowed": the token fetches nothing (lib/crawlers/records.ts, control tokens).
 */
export function tokenWord(allowed: boolean): string {
  return allowed ? 'Not opted out' : 'Opted out (token only)';
}

const ICONS: Readonly<Record<HeadlineTone, string>> = {
  allowed: '✓',
  blocked: '✕',
  unreachable: '⊘',
  'no-file': '✓',
  none: '–',
  warning: '⚠',
  pending: '…',
};

/**
 * Returns the headline for the robots.txt verdict and the page's indexability: `indexability` null
 * when it is not known, `pending` while the page is being read (the headline then waits in grey
 * rather than say a green Allowed it may take back). A control token (`tokenOnly`) is opted out or
 * not; it indexes nothing, so the page's indexability does not enter its headline.
 */
export function buildHeadline(
  verdict: PageVerdict,
  indexability: Indexability | null | undefined,
  pending: boolean,
  tokenOnly = false,
): Headline {
  const tone = verdictTone(verdict);
  const { word, detail } = describeVerdict(verdict);
  const robots: Headline = { tone, icon: ICONS[tone], word, detail };
  if (verdict.kind === 'not-applicable') return robots;
  if (tokenOnly) return { ...robots, word: tokenWord(verdict.allowed) };
  if (!verdict.allowed) return robots;
  // Only a green answer waits: grey (no robots.txt) promises nothing the page could take back.
  if (indexability === null || indexability === undefined)
    return pending && tone === 'allowed'
      ? { ...robots, tone: 'pending', icon: ICONS.pending, detail: `${detail} · reading the page…` }
      : robots;
  if (indexability.kind === 'indexable' || indexability.kind === 'blocked') return robots;
  // Fetchable, but not indexed as this URL: the page's answer leads, robots.txt's follows.
  const combined = indexability.kind === 'canonicalised' ? 'warning' : 'blocked';
  return {
    tone: combined,
    icon: ICONS[combined],
    word: indexability.word,
    detail: `${reasonWithoutWord(indexability)} Allowed to fetch.`,
  };
}
