/**
 * The user's settings: their shape, bounds and defaults. Their check and the migration of stored
 * values live in settings-schema.ts, apart, so the pages that only read a default load no checker.
 */
import { DEFAULT_TIMEOUT_MS, SECOND } from './fetch/constants';

export const SETTINGS_VERSION = 1;

/** Stored settings, versioned (see entrypoints/background for the migration path). */
export interface Settings {
  readonly version: 1;
  /** Token of the selected crawler (a preset's token or a custom token). */
  readonly crawler: string;
  /** Custom tokens the user added, most recent first. */
  readonly customTokens: readonly string[];
  /** Fetch timeout in milliseconds. */
  readonly timeoutMs: number;
  /** Show the verdict on the toolbar badge. */
  readonly badge: boolean;
  /** Versions of robots.txt kept per origin (history). */
  readonly historyMaxVersions: number;
  /** Bytes of robots.txt bodies kept over every origin's history. */
  readonly historyMaxBytes: number;
  /** Crawler tokens whose verdict changes a watched site's notification names. */
  readonly watchCrawlers: readonly string[];
  /** Minutes between checks of watched sites. */
  readonly watchIntervalMinutes: number;
  /**
   * Fetch the robots.txt of every other host a page loaded resources from as soon as the popup
   * opens; when false, only the page's own site is checked at once and the rest on a click.
   */
  readonly checkOtherHosts: boolean;
  /** Read the pages you visit (main-document headers, robots meta tags, canonicals, links); off = robots.txt only. */
  readonly pageInspection: boolean;
  /** The badge shows the robots.txt verdict only, not combined with the page's indexability. */
  readonly badgeRobotsOnly: boolean;
  /** Colours of the link marks on the page (`#rrggbb`). */
  readonly markColors: MarkColors;
  /** Read each page's origin's /.well-known/tdmrep.json for the Use verdict (docs/semantics/usage.md §3.10). */
  readonly fetchTdmrep: boolean;
  /** What a click on the toolbar button opens: the popup, or the side panel that follows the active tab. */
  readonly toolbarOpens: ToolbarOpens;
}

/** What a click on the toolbar button opens. */
export type ToolbarOpens = 'popup' | 'side-panel';

/** Colours of the link marks: links the crawler may not fetch, and each rel hint. */
export interface MarkColors {
  readonly blocked: string;
  readonly nofollow: string;
  readonly ugc: string;
  readonly sponsored: string;
}

export const DEFAULT_MARK_COLORS: MarkColors = {
  blocked: '#d93025',
  nofollow: '#1a73e8',
  ugc: '#9334e6',
  sponsored: '#e37400',
};

/** Crawler selected on first run. */
export const DEFAULT_CRAWLER = 'Googlebot';
/** Shortest and longest fetch timeout the user may choose. */
export const MIN_TIMEOUT_MS = 1 * SECOND;
export const MAX_TIMEOUT_MS = 60 * SECOND;
export const MAX_CUSTOM_TOKENS = 50;
/** Bounds of the history settings. */
export const MIN_HISTORY_VERSIONS = 1;
export const MAX_HISTORY_VERSIONS = 200;
export const MIN_HISTORY_BYTES = 1024 * 1024;
export const MAX_HISTORY_BYTES = 1024 * 1024 * 1024;
/** More than the catalogue's presets (37), so All in the options page is a valid choice. */
export const MAX_WATCH_CRAWLERS = 64;
export const MIN_WATCH_INTERVAL_MINUTES = 15;
export const MAX_WATCH_INTERVAL_MINUTES = 7 * 24 * 60;

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  crawler: DEFAULT_CRAWLER,
  customTokens: [],
  timeoutMs: DEFAULT_TIMEOUT_MS,
  badge: true,
  historyMaxVersions: 30,
  historyMaxBytes: 50 * 1024 * 1024,
  watchCrawlers: ['Googlebot', 'Bingbot'],
  watchIntervalMinutes: 6 * 60,
  checkOtherHosts: true,
  pageInspection: true,
  badgeRobotsOnly: false,
  markColors: DEFAULT_MARK_COLORS,
  fetchTdmrep: true,
  toolbarOpens: 'popup',
};

/** Returns `settings` with a checked change applied. */
export function applySettingsPatch(settings: Settings, patch: Partial<Omit<Settings, 'version'>>): Settings {
  return { ...settings, ...patch, version: 1 };
}
