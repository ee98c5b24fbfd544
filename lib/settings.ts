/**
 * The user's settings: defaults, validation of a change, and the migration of stored values from
 * each older version to the current one (v0 = stored before settings carried a version).
 */
import { DEFAULT_TIMEOUT_MS, SECOND } from './fetch/constants';
import { trimAscii } from './shared/ascii';

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
}

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
const MARK_KINDS = ['blocked', 'nofollow', 'ugc', 'sponsored'] as const;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Crawler selected on first run. */
export const DEFAULT_CRAWLER = 'Googlebot';
/** Shortest and longest fetch timeout the user may choose. */
export const MIN_TIMEOUT_MS = 1 * SECOND;
export const MAX_TIMEOUT_MS = 60 * SECOND;
export const MAX_CUSTOM_TOKENS = 50;
export const MAX_TOKEN_LENGTH = 100;
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
};

/** Every setting but the version: a stored value is read field by field over these. */
const SETTING_KEYS = (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).filter(
  (key): key is Exclude<keyof Settings, 'version'> => key !== 'version',
);

/** A checked change to the settings, or why it was refused. */
export type SettingsPatchResult =
  | { readonly kind: 'valid'; readonly patch: Partial<Omit<Settings, 'version'>> }
  | { readonly kind: 'invalid'; readonly message: string };

// Control characters cannot be part of a User-agent line.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Returns the token trimmed of ASCII whitespace, or why it cannot be a crawler token. */
function checkToken(
  value: unknown,
  what: string,
): { kind: 'valid'; token: string } | { kind: 'invalid'; message: string } {
  if (typeof value !== 'string') return { kind: 'invalid', message: `${what} must be text.` };
  const token = trimAscii(value);
  if (token === '') return { kind: 'invalid', message: `${what} must not be empty.` };
  if (token.length > MAX_TOKEN_LENGTH)
    return { kind: 'invalid', message: `${what} must be at most ${MAX_TOKEN_LENGTH} characters.` };
  if (CONTROL.test(token)) return { kind: 'invalid', message: `${what} must not contain control characters.` };
  return { kind: 'valid', token };
}

/**
 * Returns the checked change for a `setSettings` payload: known keys only, `crawler` a non-empty
 * token, `customTokens` up to MAX_CUSTOM_TOKENS distinct tokens (trimmed), `timeoutMs` a whole
 * number of ms between MIN_TIMEOUT_MS and MAX_TIMEOUT_MS, `badge` and `checkOtherHosts` booleans.
 */
export function parseSettingsPatch(payload: unknown): SettingsPatchResult {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { kind: 'invalid', message: 'Settings must be an object.' };
  }
  const patch: {
    crawler?: string;
    customTokens?: string[];
    timeoutMs?: number;
    badge?: boolean;
    historyMaxVersions?: number;
    historyMaxBytes?: number;
    watchCrawlers?: string[];
    watchIntervalMinutes?: number;
    checkOtherHosts?: boolean;
    pageInspection?: boolean;
    badgeRobotsOnly?: boolean;
    markColors?: MarkColors;
    fetchTdmrep?: boolean;
  } = {};
  for (const [key, value] of Object.entries(payload)) {
    switch (key) {
      case 'crawler': {
        const checked = checkToken(value, 'The crawler');
        if (checked.kind === 'invalid') return checked;
        patch.crawler = checked.token;
        break;
      }
      case 'customTokens': {
        if (!Array.isArray(value)) return { kind: 'invalid', message: 'Custom tokens must be a list.' };
        if (value.length > MAX_CUSTOM_TOKENS)
          return { kind: 'invalid', message: `At most ${MAX_CUSTOM_TOKENS} custom tokens.` };
        const tokens: string[] = [];
        for (const item of value) {
          const checked = checkToken(item, 'A custom token');
          if (checked.kind === 'invalid') return checked;
          if (!tokens.includes(checked.token)) tokens.push(checked.token);
        }
        patch.customTokens = tokens;
        break;
      }
      case 'timeoutMs':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS) {
          return {
            kind: 'invalid',
            message: `The timeout must be a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}.`,
          };
        }
        patch.timeoutMs = value;
        break;
      case 'badge':
        if (typeof value !== 'boolean') return { kind: 'invalid', message: 'The badge setting must be true or false.' };
        patch.badge = value;
        break;
      case 'historyMaxVersions':
        if (
          typeof value !== 'number' ||
          !Number.isInteger(value) ||
          value < MIN_HISTORY_VERSIONS ||
          value > MAX_HISTORY_VERSIONS
        ) {
          return {
            kind: 'invalid',
            message: `Versions kept per site must be a whole number from ${MIN_HISTORY_VERSIONS} to ${MAX_HISTORY_VERSIONS}.`,
          };
        }
        patch.historyMaxVersions = value;
        break;
      case 'historyMaxBytes':
        if (
          typeof value !== 'number' ||
          !Number.isInteger(value) ||
          value < MIN_HISTORY_BYTES ||
          value > MAX_HISTORY_BYTES
        ) {
          return {
            kind: 'invalid',
            message: 'The history budget must be a whole number of bytes from 1 MiB to 1 GiB.',
          };
        }
        patch.historyMaxBytes = value;
        break;
      case 'watchCrawlers': {
        if (!Array.isArray(value)) return { kind: 'invalid', message: 'Watched crawlers must be a list.' };
        if (value.length > MAX_WATCH_CRAWLERS)
          return { kind: 'invalid', message: `At most ${MAX_WATCH_CRAWLERS} watched crawlers.` };
        const tokens: string[] = [];
        for (const item of value) {
          const checked = checkToken(item, 'A watched crawler');
          if (checked.kind === 'invalid') return checked;
          if (!tokens.includes(checked.token)) tokens.push(checked.token);
        }
        patch.watchCrawlers = tokens;
        break;
      }
      case 'watchIntervalMinutes':
        if (
          typeof value !== 'number' ||
          !Number.isInteger(value) ||
          value < MIN_WATCH_INTERVAL_MINUTES ||
          value > MAX_WATCH_INTERVAL_MINUTES
        ) {
          return {
            kind: 'invalid',
            message: `Watched sites are checked every ${MIN_WATCH_INTERVAL_MINUTES} minutes to 7 days (a whole number of minutes).`,
          };
        }
        patch.watchIntervalMinutes = value;
        break;
      case 'fetchTdmrep':
        if (typeof value !== 'boolean')
          return { kind: 'invalid', message: 'The tdmrep.json setting must be true or false.' };
        patch.fetchTdmrep = value;
        break;
      case 'checkOtherHosts':
        if (typeof value !== 'boolean')
          return { kind: 'invalid', message: 'The setting for checking other hosts must be true or false.' };
        patch.checkOtherHosts = value;
        break;
      case 'pageInspection':
      case 'badgeRobotsOnly':
        if (typeof value !== 'boolean')
          return { kind: 'invalid', message: `The ${key} setting must be true or false.` };
        patch[key] = value;
        break;
      case 'markColors': {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          return { kind: 'invalid', message: 'Mark colours must be an object.' };
        const colors = value as Record<string, unknown>;
        const extra = Object.keys(colors).find((k) => !(MARK_KINDS as readonly string[]).includes(k));
        if (extra !== undefined) return { kind: 'invalid', message: `Unknown mark colour "${extra}".` };
        if (!MARK_KINDS.every((k) => typeof colors[k] === 'string' && HEX_COLOR.test(colors[k])))
          return { kind: 'invalid', message: 'Each mark colour must be #rrggbb (blocked, nofollow, ugc, sponsored).' };
        patch.markColors = {
          blocked: colors.blocked as string,
          nofollow: colors.nofollow as string,
          ugc: colors.ugc as string,
          sponsored: colors.sponsored as string,
        };
        break;
      }
      default:
        return { kind: 'invalid', message: `Unknown setting "${key}".` };
    }
  }
  return { kind: 'valid', patch };
}

/**
 * Returns `settings` with each valid field of `value` applied; invalid or unknown fields are
 * ignored, and so is each invalid item of a custom token list (the others are kept).
 */
function pickValidFields(settings: Settings, value: Record<string, unknown>): Settings {
  let result = settings;
  for (const key of SETTING_KEYS) {
    if (!(key in value)) continue;
    let field = value[key];
    if (key === 'customTokens' && Array.isArray(field)) {
      field = field.filter((item) => checkToken(item, 'A custom token').kind === 'valid').slice(0, MAX_CUSTOM_TOKENS);
    }
    const checked = parseSettingsPatch({ [key]: field });
    if (checked.kind === 'valid') result = { ...result, ...checked.patch };
  }
  return result;
}

/**
 * Returns v1 settings from a v0 value: settings stored before they carried a version, with the
 * same field names but nothing checked. Each valid field is kept; anything else gets its default.
 */
export function migrateSettingsV0ToV1(value: unknown): Settings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_SETTINGS;
  return pickValidFields(DEFAULT_SETTINGS, value as Record<string, unknown>);
}

/**
 * Returns current settings from whatever storage holds: null/undefined → defaults; no `version`
 * → v0, migrated; `version: 1` → checked field by field (a damaged field gets its default). A
 * version newer than this build knows is read as v1 fields, so a downgrade keeps what it can.
 */
export function migrateSettings(stored: unknown): Settings {
  if (stored === null || stored === undefined) return DEFAULT_SETTINGS;
  if (typeof stored !== 'object' || Array.isArray(stored)) return DEFAULT_SETTINGS;
  const version = (stored as { version?: unknown }).version;
  if (version === undefined) return migrateSettingsV0ToV1(stored);
  return pickValidFields(DEFAULT_SETTINGS, stored as Record<string, unknown>);
}

/** Returns `settings` with a checked change applied. */
export function applySettingsPatch(settings: Settings, patch: Partial<Omit<Settings, 'version'>>): Settings {
  return { ...settings, ...patch, version: 1 };
}

/**
 * Returns `settings` with `token` added to the custom tokens (first, an earlier copy moved, every
 * stored token kept up to MAX_CUSTOM_TOKENS, the oldest dropped beyond) and selected as the default
 * crawler, unless `options.select` is false (a popup adds a token for itself only).
 */
export function addCustomToken(
  settings: Settings,
  raw: unknown,
  options: { readonly select?: boolean } = {},
): { readonly kind: 'valid'; readonly settings: Settings } | { readonly kind: 'invalid'; readonly message: string } {
  const checked = checkToken(raw, 'The custom token');
  if (checked.kind === 'invalid') return checked;
  const customTokens = [checked.token, ...settings.customTokens.filter((t) => t !== checked.token)].slice(
    0,
    MAX_CUSTOM_TOKENS,
  );
  const patch = options.select === false ? { customTokens } : { crawler: checked.token, customTokens };
  return { kind: 'valid', settings: applySettingsPatch(settings, patch) };
}
