import { CRAWL_DELAY_VERBS } from './format';
import type { PageVerdict } from './model';

export interface CrawlDelayInfoProps {
  readonly verdict: PageVerdict;
  readonly crawlerName: string;
}

/** The Crawl-delay of the group that applied, and whether this crawler honours it. */
export function CrawlDelayInfo({ verdict, crawlerName }: CrawlDelayInfoProps) {
  if (verdict.kind !== 'ok') {
    return (
      <p class="crawl-delay muted" data-testid="crawl-delay">
        Crawl-delay: none (no rules apply).
      </p>
    );
  }
  const delay = verdict.verdict.crawlDelay;
  const support = verdict.crawlDelaySupport;
  if (delay === null) {
    return (
      <p class="crawl-delay" data-testid="crawl-delay">
        Crawl-delay: none in this group. <span class="muted">{support.note}</span>
      </p>
    );
  }
  const value = delay.seconds === null ? `“${delay.raw}” (not a number)` : `${delay.seconds} s`;
  const verb = CRAWL_DELAY_VERBS[support.kind];
  return (
    <p class="crawl-delay" data-testid="crawl-delay">
      Crawl-delay: <strong>{value}</strong> <span class="line-no">(line {delay.line})</span>. {crawlerName} {verb}.{' '}
      <span class="muted">{support.note}</span>
    </p>
  );
}
