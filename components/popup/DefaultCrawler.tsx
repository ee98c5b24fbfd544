import { useSignal } from '@preact/signals';
import type { CrawlerOption, MakeDefaultAnswer } from './model';

export interface DefaultCrawlerProps {
  readonly crawler: CrawlerOption;
  readonly defaultCrawler: CrawlerOption;
  /** Saves the crawler as the default; `confirmed` after the user confirmed an unmatchable token. */
  readonly onMakeDefault: (confirmed: boolean) => Promise<MakeDefaultAnswer>;
  /** What the inspector is called in "This popup only". */
  readonly hostName?: string;
}

/**
 * Says whether this popup's crawler is the default (the badge's on every tab), and offers to make
 * it so: picking a crawler in a popup is for this popup only. A token Google can never match asks
 * for a confirmation first.
 */
export function DefaultCrawler({ crawler, defaultCrawler, onMakeDefault, hostName = 'popup' }: DefaultCrawlerProps) {
  const confirm = useSignal<{ readonly token: string; readonly explanation: string } | null>(null);
  if (crawler.token === defaultCrawler.token) {
    return (
      <p class="muted default-crawler" data-testid="default-crawler">
        {crawler.name} is the default: the badge shows it on every tab.
      </p>
    );
  }
  const asking = confirm.value?.token === crawler.token ? confirm.value : null;
  const make = async (confirmed: boolean) => {
    const answer = await onMakeDefault(confirmed);
    confirm.value = answer.kind === 'confirm' ? { token: crawler.token, explanation: answer.explanation } : null;
  };
  return (
    <div class="default-crawler" data-testid="default-crawler">
      <p>
        This {hostName} only: the badge shows {defaultCrawler.name} on every tab.{' '}
        {asking === null ? (
          <button type="button" class="small" data-testid="make-default" onClick={() => void make(false)}>
            Make {crawler.name} the default
          </button>
        ) : null}
      </p>
      {asking !== null ? (
        <p class="warning" role="alert" data-testid="make-default-confirm">
          <span aria-hidden="true">⚠ </span>
          {asking.explanation} As the default, no robots.txt group would ever name it.{' '}
          <button type="button" class="small" data-testid="make-default-anyway" onClick={() => void make(true)}>
            Make it the default anyway
          </button>{' '}
          <button type="button" class="small" onClick={() => (confirm.value = null)}>
            Cancel
          </button>
        </p>
      ) : null}
    </div>
  );
}
