import { useSignal } from '@preact/signals';
import type { HistoryUsageReply } from '../../lib/history/api';
import {
  MAX_HISTORY_BYTES,
  MAX_HISTORY_VERSIONS,
  MIN_HISTORY_BYTES,
  MIN_HISTORY_VERSIONS,
  type Settings,
} from '../../lib/settings';
import { formatBytes } from '../format';

export interface HistorySettingsProps {
  readonly usage: HistoryUsageReply;
  readonly onChange: (patch: Pick<Partial<Settings>, 'historyMaxVersions' | 'historyMaxBytes'>) => void;
  readonly onClear: () => void;
}

const MIB = 1024 * 1024;

/** What history keeps (origins, versions, bytes of the budget), its two bounds, and Clear. */
export function HistorySettings({ usage, onChange, onClear }: HistorySettingsProps) {
  const error = useSignal<string | null>(null);
  const setVersions = (input: HTMLInputElement) => {
    const n = Number(input.value);
    if (!Number.isInteger(n) || n < MIN_HISTORY_VERSIONS || n > MAX_HISTORY_VERSIONS) {
      error.value = `Enter a whole number of versions from ${MIN_HISTORY_VERSIONS} to ${MAX_HISTORY_VERSIONS}.`;
      return;
    }
    error.value = null;
    if (n !== usage.maxVersions) onChange({ historyMaxVersions: n });
  };
  const setBudget = (input: HTMLInputElement) => {
    const bytes = Math.round(Number(input.value) * MIB);
    if (!Number.isFinite(bytes) || bytes < MIN_HISTORY_BYTES || bytes > MAX_HISTORY_BYTES) {
      error.value = `Enter a budget from ${MIN_HISTORY_BYTES / MIB} to ${MAX_HISTORY_BYTES / MIB} MiB.`;
      return;
    }
    error.value = null;
    if (bytes !== usage.maxBytes) onChange({ historyMaxBytes: bytes });
  };
  return (
    <div class="history-settings" data-testid="history-settings">
      <dl class="figures">
        <div>
          <dt>Sites</dt>
          <dd data-testid="history-origins">{usage.origins}</dd>
        </div>
        <div>
          <dt>Versions</dt>
          <dd data-testid="history-versions">{usage.versions}</dd>
        </div>
        <div>
          <dt>Storage</dt>
          <dd data-testid="history-bytes">
            {formatBytes(usage.bytes)} of {formatBytes(usage.maxBytes)}
          </dd>
        </div>
      </dl>
      <form class="settings" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="history-max-versions">Versions kept per site</label>
          <input
            id="history-max-versions"
            type="number"
            min={MIN_HISTORY_VERSIONS}
            max={MAX_HISTORY_VERSIONS}
            step="1"
            value={usage.maxVersions}
            onChange={(e) => setVersions(e.currentTarget)}
          />
        </div>
        <div class="field">
          <label for="history-max-bytes">Storage for all versions (MiB)</label>
          <input
            id="history-max-bytes"
            type="number"
            min={MIN_HISTORY_BYTES / MIB}
            max={MAX_HISTORY_BYTES / MIB}
            step="1"
            value={Math.round(usage.maxBytes / MIB)}
            onChange={(e) => setBudget(e.currentTarget)}
          />
          <p class={error.value ? 'hint error' : 'hint'} role={error.value ? 'alert' : undefined}>
            {error.value ??
              'Over the budget, the sites seen least recently lose their history first. A lower bound applies at once.'}
          </p>
        </div>
      </form>
      <button type="button" onClick={onClear} disabled={usage.origins === 0}>
        Clear all history
      </button>
    </div>
  );
}
