import type { CrawlDelaySupport } from '../../lib/robots';
import type { PageVerdict } from './model';

export interface CrawlDelayInfoProps {
  readonly verdict: PageVerdict;
  readonly crawlerName: string;
}

const VERBS: Record<CrawlDelaySupport['kind'], string> = {
  honoured: 'honours it',
  claimed: 'is said to honour it',
  ignored: 'ignores it',
  'not-supported': 'does not support it',
  'not-documented': 'may or may not honour it (not documented)',
  unknown: 'may or may not honour it (not known)',
  'not-applicable': 'does not crawl on a schedule, so it does not apply',
};

/** The Crawl-delay of the group that applied, and whether this crawler honours it. */
export function CrawlDelayInfo({ verdict, crawlerName }: CrawlDelayInfoProps) {
  if (verdict.kind !== 'rules') {
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
  const verb = VERBS[support.kind];
  return (
    <p class="crawl-delay" data-testid="crawl-delay">
      Crawl-delay: <strong>{value}</strong> <span class="line-no">(line {delay.line})</span>. {crawlerName} {verb}.{' '}
      <span class="muted">{support.note}</span>
    </p>
  );
}
