/**
 * All / None / Search / AI for a list of crawler checkboxes (the options page's crawlers named in
 * notifications, the workbench's crawlers probed): Search and AI by the catalogue's purposes
 * (lib/robots/crawlers.ts), so the buttons choose what the catalogue says, not what a name suggests.
 */
import { findCrawler } from '../lib/robots/crawlers';
import type { CrawlerPurpose } from '../lib/robots';

export type QuickPick = 'all' | 'none' | 'search' | 'ai';

const AI_PURPOSES: ReadonlySet<CrawlerPurpose> = new Set(['ai-training', 'ai-search']);

const PICKS: readonly (readonly [QuickPick, string, string])[] = [
  ['all', 'All', 'Choose every crawler'],
  ['none', 'None', 'Choose no crawler'],
  ['search', 'Search', 'Choose the search crawlers only'],
  ['ai', 'AI', 'Choose the AI crawlers only (training and AI search)'],
];

/**
 * Returns the tokens of `tokens` a pick chooses, in their order: every one, none, those the catalogue
 * lists for search, or those it lists for AI training or AI search (a token it does not list is neither).
 */
export function pickTokens(tokens: readonly string[], pick: QuickPick): string[] {
  if (pick === 'all') return [...tokens];
  if (pick === 'none') return [];
  return tokens.filter((token) => {
    const purpose = findCrawler(token)?.purpose;
    if (purpose === undefined) return false;
    return pick === 'search' ? purpose === 'search' : AI_PURPOSES.has(purpose);
  });
}

export interface CrawlerQuickPicksProps {
  /** Every token the list offers, in its order. */
  readonly tokens: readonly string[];
  readonly onPick: (tokens: string[]) => void;
  /** Names the list for screen readers, e.g. "crawlers named in notifications". */
  readonly list: string;
  readonly disabled?: boolean;
}

/** Four buttons that set a crawler list at once. */
export function CrawlerQuickPicks({ tokens, onPick, list, disabled = false }: CrawlerQuickPicksProps) {
  return (
    <div class="crawler-quick-picks" role="group" aria-label={`Quick choices for the ${list}`}>
      {PICKS.map(([pick, label, title]) => (
        <button
          key={pick}
          type="button"
          class="small"
          data-testid={`quick-pick-${pick}`}
          title={title}
          disabled={disabled}
          onClick={() => onPick(pickTokens(tokens, pick))}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
