import { useSignal } from '@preact/signals';
import type { WatchedSite } from '../../lib/history/api';
import { MAX_WATCH_INTERVAL_MINUTES, MIN_WATCH_INTERVAL_MINUTES } from '../../lib/settings';
import type { CrawlerChoice } from './model';
import { formatAgo } from '../format';
import { originOfTyped } from '../../lib/shared/url';
import { CrawlerQuickPicks } from '../crawler-quick-picks';

export interface WatchedSitesProps {
  readonly sites: readonly WatchedSite[];
  readonly now: number;
  /** Tokens named in notifications. */
  readonly crawlers: readonly string[];
  readonly presets: readonly CrawlerChoice[];
  readonly checking: boolean;
  readonly onWatch: (origin: string) => void;
  readonly onUnwatch: (origin: string) => void;
  readonly onCheckNow: () => void;
  readonly onCrawlers: (tokens: string[]) => void;
  /** Minutes between checks. */
  readonly intervalMinutes: number;
  readonly onInterval: (minutes: number) => void;
  readonly historyHref: (origin: string) => string;
  /** Whether notifications are allowed (null until known, or when the page cannot tell). */
  readonly notifications?: boolean | null;
  /** Asks for the notifications permission (inside the click). */
  readonly onEnableNotifications?: () => void;
}

/** Watched sites with their last check, a field to watch one more, and the crawlers notifications name. */
export function WatchedSites(props: WatchedSitesProps) {
  const input = useSignal('');
  const error = useSignal<string | null>(null);
  const add = () => {
    const origin = originOfTyped(input.value);
    if (origin === null) {
      error.value = 'Enter a site such as https://example.com.';
      return;
    }
    error.value = null;
    input.value = '';
    props.onWatch(origin);
  };
  const saveInterval = (input: HTMLInputElement) => {
    const minutes = Math.round(Number(input.value) * 60);
    if (
      input.value.trim() === '' ||
      !Number.isFinite(minutes) ||
      minutes < MIN_WATCH_INTERVAL_MINUTES ||
      minutes > MAX_WATCH_INTERVAL_MINUTES
    ) {
      error.value = 'Enter a number of hours from 0.25 to 168.';
      return;
    }
    error.value = null;
    if (minutes !== props.intervalMinutes) props.onInterval(minutes);
  };
  const toggleCrawler = (token: string, on: boolean) =>
    props.onCrawlers(on ? [...props.crawlers, token] : props.crawlers.filter((t) => t !== token));
  return (
    <div class="watched" data-testid="watched-sites">
      {props.sites.length === 0 ? (
        <p class="empty">No site is watched. Watch one from the popup or here.</p>
      ) : (
        <div class="table-scroll">
          <table class="cache-table">
            <thead>
              <tr>
                <th scope="col">Site</th>
                <th scope="col">Last check</th>
                <th scope="col">Result</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.sites.map((site) => (
                <tr key={site.origin} data-testid="watched-site" data-origin={site.origin}>
                  <td class="origin">
                    <a href={props.historyHref(site.origin)} target="_blank" rel="noreferrer">
                      {site.origin}
                    </a>
                  </td>
                  <td data-testid="watched-last-check">
                    {site.lastCheckAt === null ? 'not yet' : formatAgo(Math.max(0, props.now - site.lastCheckAt))}
                  </td>
                  <td data-testid="watched-result">{site.lastResult ?? 'Waiting for the first check.'}</td>
                  <td class="actions">
                    <button type="button" onClick={() => props.onUnwatch(site.origin)}>
                      Stop watching
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        class="add-token"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label for="watch-origin">Watch a site</label>
        <div class="row">
          <input
            id="watch-origin"
            type="text"
            placeholder="https://example.com"
            value={input.value}
            onInput={(e) => (input.value = e.currentTarget.value)}
          />
          <button type="submit">Watch</button>
          <button type="button" onClick={props.onCheckNow} disabled={props.checking || props.sites.length === 0}>
            {props.checking ? 'Checking…' : 'Check now'}
          </button>
        </div>
        <label for="watch-interval">Check every (hours)</label>
        <div class="row">
          <input
            id="watch-interval"
            type="number"
            min={MIN_WATCH_INTERVAL_MINUTES / 60}
            max={MAX_WATCH_INTERVAL_MINUTES / 60}
            step="0.25"
            value={props.intervalMinutes / 60}
            onChange={(e) => saveInterval(e.currentTarget)}
          />
        </div>
        <p class={error.value ? 'hint error' : 'hint'} role={error.value ? 'alert' : undefined}>
          {error.value ?? 'Watched sites are fetched again on this schedule, without cookies.'}
        </p>
      </form>
      <p class="watch-notifications" data-testid="watch-notifications">
        {props.notifications === true ? (
          'Notifications are on: a change to a watched site’s robots.txt or its status shows as a notification.'
        ) : props.notifications === false ? (
          <>
            Notifications are off: changes show here and in the popup.{' '}
            {props.onEnableNotifications ? (
              <button type="button" data-testid="enable-notifications" onClick={props.onEnableNotifications}>
                Turn on notifications
              </button>
            ) : null}
          </>
        ) : null}
      </p>
      <fieldset class="watch-crawlers">
        <legend>Crawlers named in notifications</legend>
        <CrawlerQuickPicks
          tokens={props.presets.map((p) => p.token)}
          onPick={props.onCrawlers}
          list="crawlers named in notifications"
        />
        {props.presets.map((p) => (
          <label key={p.token} class="field checkbox">
            <input
              type="checkbox"
              data-testid="watch-crawler"
              value={p.token}
              checked={props.crawlers.includes(p.token)}
              onChange={(e) => toggleCrawler(p.token, e.currentTarget.checked)}
            />
            {p.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
