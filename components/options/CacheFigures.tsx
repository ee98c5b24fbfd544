import type { CacheStats } from '../../lib/cache';
import { formatBytes } from '../format';
import { formatHitRate, formatSuccessRate } from './format';

/** The cache's figures: entries and bytes against their bounds, hit rate, fetch success rate. */
export function CacheFigures({ stats }: { stats: CacheStats }) {
  return (
    <dl class="figures" data-testid="cache-figures">
      <div>
        <dt>Origins</dt>
        <dd data-testid="figure-entries">
          {stats.entries} of {stats.maxEntries}
        </dd>
      </div>
      <div>
        <dt>Storage</dt>
        <dd data-testid="figure-bytes">
          {formatBytes(stats.bytes)} of {formatBytes(stats.maxBytes)}
        </dd>
      </div>
      <div>
        <dt>Served from cache</dt>
        <dd data-testid="figure-hit-rate" title={`${stats.hits} hits, ${stats.misses} misses`}>
          {formatHitRate(stats)}
        </dd>
      </div>
      <div>
        <dt>Fetches answered</dt>
        <dd
          data-testid="figure-success-rate"
          title={`${stats.fetchSuccesses} of ${stats.fetches} fetches got an answer from the server`}
        >
          {formatSuccessRate(stats)}
        </dd>
      </div>
    </dl>
  );
}
