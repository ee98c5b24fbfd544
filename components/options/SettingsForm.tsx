import { useSignal } from '@preact/signals';
import type { Settings } from '../../lib/settings';
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../lib/settings';
import { CRAWLERS_AS_OF } from '../../lib/robots/crawlers';
import type { CrawlerChoice } from './model';

export interface SettingsFormProps {
  readonly settings: Settings;
  readonly presets: readonly CrawlerChoice[];
  readonly onChange: (patch: Partial<Omit<Settings, 'version'>>) => void;
}

const MS_PER_SECOND = 1000;

/** The crawler the badge judges for, the fetch timeout and the badge switch, each with its label. */
/** Returns a YYYY-MM-DD date as "25 November 2026". */
function formatAsOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function SettingsForm({ settings, presets, onChange }: SettingsFormProps) {
  const timeoutError = useSignal<string | null>(null);
  const isPreset = presets.some((p) => p.token === settings.crawler);
  const customs =
    settings.customTokens.includes(settings.crawler) || isPreset
      ? settings.customTokens
      : [settings.crawler, ...settings.customTokens];

  const handleTimeout = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const ms = Math.round(Number(input.value) * MS_PER_SECOND);
    if (input.value.trim() === '' || !Number.isFinite(ms) || ms < MIN_TIMEOUT_MS || ms > MAX_TIMEOUT_MS) {
      timeoutError.value = `Enter a number of seconds from ${MIN_TIMEOUT_MS / MS_PER_SECOND} to ${MAX_TIMEOUT_MS / MS_PER_SECOND}.`;
      return;
    }
    timeoutError.value = null;
    if (ms !== settings.timeoutMs) onChange({ timeoutMs: ms });
  };

  return (
    <form class="settings" onSubmit={(e) => e.preventDefault()}>
      <div class="field">
        <label for="crawler">Crawler for the toolbar badge</label>
        <select id="crawler" value={settings.crawler} onChange={(e) => onChange({ crawler: e.currentTarget.value })}>
          <optgroup label="Presets">
            {presets.map((p) => (
              <option key={p.token} value={p.token}>
                {p.label}
              </option>
            ))}
          </optgroup>
          {customs.length > 0 ? (
            <optgroup label="Custom tokens">
              {customs.map((token) => (
                <option key={token} value={token}>
                  {token}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        <p class="hint" data-testid="default-crawler-hint">
          The badge and every popup open on this crawler. Picking another crawler in a popup is for that popup only,
          unless you make it the default there.
        </p>
        <p class="hint" data-testid="crawlers-as-of">
          Crawler data as of {formatAsOf(CRAWLERS_AS_OF)}: each preset’s token, purpose, whether its operator says it
          honours robots.txt, and where it publishes its IP addresses.
        </p>
      </div>
      <div class="field">
        <label for="timeout">Fetch timeout (seconds)</label>
        <input
          id="timeout"
          type="number"
          min={MIN_TIMEOUT_MS / MS_PER_SECOND}
          max={MAX_TIMEOUT_MS / MS_PER_SECOND}
          step="0.5"
          value={settings.timeoutMs / MS_PER_SECOND}
          onChange={handleTimeout}
          aria-invalid={timeoutError.value !== null}
          aria-describedby="timeout-hint"
        />
        <p
          id="timeout-hint"
          class={timeoutError.value ? 'hint error' : 'hint'}
          role={timeoutError.value ? 'alert' : undefined}
        >
          {timeoutError.value ??
            'A robots.txt that takes longer counts as unreachable: crawlers then treat the whole site as disallowed.'}
        </p>
      </div>
      <div class="field checkbox">
        <input
          id="badge"
          type="checkbox"
          checked={settings.badge}
          onChange={(e) => onChange({ badge: e.currentTarget.checked })}
        />
        <label for="badge">Show the verdict on the toolbar badge</label>
      </div>
      <div class="field">
        <label for="toolbar-opens">Toolbar click opens</label>
        <select
          id="toolbar-opens"
          data-testid="setting-toolbar-opens"
          value={settings.toolbarOpens}
          aria-describedby="toolbar-opens-hint"
          onChange={(e) => onChange({ toolbarOpens: e.currentTarget.value === 'side-panel' ? 'side-panel' : 'popup' })}
        >
          <option value="popup">The popup</option>
          <option value="side-panel">The side panel</option>
        </select>
        <p id="toolbar-opens-hint" class="hint">
          The side panel stays open beside the page and follows the tab you are on, with a crawler of its own.
          Alt+Shift+R opens it too, unless you gave it another shortcut in the browser.
        </p>
      </div>
      <div class="field checkbox">
        <input
          id="check-other-hosts"
          type="checkbox"
          checked={settings.checkOtherHosts}
          onChange={(e) => onChange({ checkOtherHosts: e.currentTarget.checked })}
        />
        <label for="check-other-hosts">
          Page resources: check other sites’ robots.txt as soon as the popup opens (off: only on a click)
        </label>
      </div>
      <div class="field checkbox">
        <input
          id="fetch-tdmrep"
          type="checkbox"
          data-testid="setting-fetch-tdmrep"
          checked={settings.fetchTdmrep}
          onChange={(e) => onChange({ fetchTdmrep: e.currentTarget.checked })}
        />
        <label for="fetch-tdmrep">
          Use verdict: read each site’s /.well-known/tdmrep.json (TDMRep), once a day at most, without cookies
        </label>
      </div>
    </form>
  );
}
