import { useEffect, useErrorBoundary } from 'preact/hooks';
import { CacheFigures } from '../../components/options/CacheFigures';
import { CacheTable } from '../../components/options/CacheTable';
import { CustomTokens } from '../../components/options/CustomTokens';
import { HistorySettings } from '../../components/options/HistorySettings';
import { WatchedSites } from '../../components/options/WatchedSites';
import { historyPageHref } from '../../lib/history/links';
import { PageInspectionSettings } from '../../components/options/PageInspectionSettings';
import { SettingsForm } from '../../components/options/SettingsForm';
import { WorkbenchLink } from '../../components/options/WorkbenchLink';
import { SECOND } from '../../lib/fetch/constants';
import type { OptionsHistoryState } from './history-state';
import { errorWords } from '../../lib/shared/error-words';
import type { OptionsState } from './state';

/** How often ages move on while the page is open. */
const AGE_TICK_MS = 30 * SECOND;

/** The options page: settings, custom tokens and the robots.txt cache. A bug shows as an error, never a blank page. */
export function App({ state, history }: { state: OptionsState; history?: OptionsHistoryState }) {
  // Preact types the caught value as `any`: it is whatever was thrown.
  const [error, resetError] = useErrorBoundary() as [unknown, () => void];
  useEffect(() => void state.start(), [state]);
  useEffect(() => void history?.load(), [history]);
  useEffect(() => {
    const timer = setInterval(() => {
      void state.reloadCache();
      void history?.load();
    }, AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [state, history]);

  if (error) {
    return (
      <ErrorPanel
        message={errorWords(error)}
        onRetry={() => {
          resetError();
          void state.start();
        }}
      />
    );
  }
  const phase = state.phase.value;
  if (phase.kind === 'loading')
    return (
      <p class="status" role="status">
        Loading settings…
      </p>
    );
  if (phase.kind === 'error') return <ErrorPanel message={phase.message} onRetry={() => void state.start()} />;
  const settings = state.settings.value;
  const cache = state.cache.value;
  if (settings === null || cache === null) return null;
  return (
    <main class="options">
      <h1>Robotscope settings</h1>
      {state.notice.value ? (
        <div class="notice" role="alert">
          <span>{state.notice.value}</span>
          <button type="button" onClick={state.dismissNotice}>
            Dismiss
          </button>
        </div>
      ) : null}
      <section aria-labelledby="settings-title">
        <h2 id="settings-title">Crawler, timeout and badge</h2>
        <SettingsForm
          settings={settings}
          presets={state.presets}
          onChange={(patch) => void state.updateSettings(patch)}
        />
      </section>
      <section aria-labelledby="page-title">
        <h2 id="page-title">Page inspection</h2>
        <PageInspectionSettings settings={settings} onChange={(patch) => void state.updateSettings(patch)} />
      </section>
      <section aria-labelledby="tokens-title">
        <h2 id="tokens-title">Custom tokens</h2>
        <CustomTokens
          tokens={settings.customTokens}
          selected={settings.crawler}
          checkToken={state.checkToken}
          onAdd={(t) => void state.addCustomToken(t)}
          onRemove={(t) => void state.removeCustomToken(t)}
        />
      </section>
      <section aria-labelledby="workbench-title">
        <h2 id="workbench-title">Test a robots.txt change</h2>
        <WorkbenchLink origins={cache.entries.map((e) => e.origin)} />
      </section>
      <section aria-labelledby="cache-title">
        <div class="section-head">
          <h2 id="cache-title">Cached robots.txt files</h2>
          <button type="button" onClick={() => void state.clearAll()} disabled={cache.entries.length === 0}>
            Clear all
          </button>
        </div>
        <p class="hint">
          Each file is kept at most 24 hours (less when the server's Cache-Control says so), like a crawler's copy.
          Fetch robots.txt again gets the current one now.
        </p>
        <CacheFigures stats={cache.stats} />
        <CacheTable
          entries={cache.entries}
          now={state.now.value}
          busy={state.busy.value}
          onRefresh={(o) => void state.refreshOrigin(o)}
          onClear={(o) => void state.clearOrigin(o)}
        />
      </section>
      {history ? <HistorySections state={state} history={history} /> : null}
    </main>
  );
}

function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div class="error-panel" role="alert">
      <p>Robotscope could not load its settings: {message}</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** robots.txt history (usage and bounds) and watched sites. */
function HistorySections({ state, history }: { state: OptionsState; history: OptionsHistoryState }) {
  const usage = history.usage.value;
  const settings = state.settings.value;
  return (
    <>
      {history.notice.value ? (
        <div class="notice" role="alert">
          <span>{history.notice.value}</span>
        </div>
      ) : null}
      <section aria-labelledby="history-title">
        <h2 id="history-title">robots.txt history</h2>
        <p class="hint">
          Every robots.txt Robotscope fetches is kept as a version when it differs from the last one kept for that site
          (its content or its status), so you can see what changed and when.
        </p>
        {usage ? (
          <HistorySettings
            usage={usage}
            onChange={(patch) => void state.updateSettings(patch).then(() => history.afterSettings())}
            onClear={() => void history.clearHistory()}
          />
        ) : null}
      </section>
      <section aria-labelledby="watched-title">
        <h2 id="watched-title">Watched sites</h2>
        <WatchedSites
          sites={history.watched.value}
          now={state.now.value}
          crawlers={settings?.watchCrawlers ?? []}
          presets={state.presets}
          checking={history.checking.value}
          onWatch={(o) => void history.watch(o)}
          onUnwatch={(o) => void history.unwatch(o)}
          onCheckNow={() => void history.checkNow()}
          onCrawlers={(tokens) => void state.updateSettings({ watchCrawlers: tokens })}
          intervalMinutes={settings?.watchIntervalMinutes ?? 360}
          onInterval={(minutes) => void state.updateSettings({ watchIntervalMinutes: minutes })}
          historyHref={historyPageHref}
          notifications={history.notifications.value}
          onEnableNotifications={() => void history.enableNotifications()}
        />
      </section>
    </>
  );
}
