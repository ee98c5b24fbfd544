import type { CrawlerChange } from '../../lib/workbench';
import { formatNumber } from './format';

export interface ChangeSummaryProps {
  readonly sentence: string;
  readonly changes: readonly CrawlerChange[];
  readonly urlCount: number;
  /** Shows only this crawler's rows in the table. */
  readonly onPickCrawler: (index: number) => void;
}

/** The change summary: one sentence, then one line per crawler (changed crawlers first). */
export function ChangeSummary({ sentence, changes, urlCount, onPickCrawler }: ChangeSummaryProps) {
  const order = changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => b.change.blockedNow + b.change.unblockedNow - (a.change.blockedNow + a.change.unblockedNow));
  return (
    <div class="wb-summary">
      <p class="wb-sentence" data-testid="change-sentence">
        {sentence}
      </p>
      <ul class="wb-crawlers">
        {order.map(({ change, index }) => (
          <li
            key={change.token}
            data-testid="change-summary"
            data-crawler={change.token}
            data-blocked-now={change.blockedNow}
            data-unblocked-now={change.unblockedNow}
            class={change.blockedNow + change.unblockedNow > 0 ? 'changed' : ''}
          >
            <button type="button" class="link" onClick={() => onPickCrawler(index)} title="Show this crawler's rows">
              {change.name}
            </button>{' '}
            {change.blockedNow > 0 ? <span class="blocked">blocks {formatNumber(change.blockedNow)}</span> : null}
            {change.blockedNow > 0 && change.unblockedNow > 0 ? ', ' : null}
            {change.unblockedNow > 0 ? <span class="allowed">unblocks {formatNumber(change.unblockedNow)}</span> : null}
            {change.blockedNow + change.unblockedNow === 0 ? <span class="muted">no change</span> : null}
            <span class="muted">
              {' '}
              · blocked today {formatNumber(change.blockedLive)} of {formatNumber(urlCount)}, with the draft{' '}
              {formatNumber(change.blockedDraft)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
