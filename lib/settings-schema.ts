/**
 * The settings' check (valibot): a change asked for by the options page or the popup, refused in
 * words; the migration of stored values from each older version to the current one (v0 = stored
 * before settings carried a version); a custom token added under the one crawler-token rule.
 */
import * as v from 'valibot';
import { readCrawlerToken, tokenRequirement } from './shared/crawler-token';
import {
  applySettingsPatch,
  DEFAULT_SETTINGS,
  MAX_CUSTOM_TOKENS,
  MAX_HISTORY_BYTES,
  MAX_HISTORY_VERSIONS,
  MAX_TIMEOUT_MS,
  MAX_WATCH_CRAWLERS,
  MAX_WATCH_INTERVAL_MINUTES,
  MIN_HISTORY_BYTES,
  MIN_HISTORY_VERSIONS,
  MIN_TIMEOUT_MS,
  MIN_WATCH_INTERVAL_MINUTES,
  type Settings,
} from './settings';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Every setting but the version: a stored value is read field by field over these. */
type SettingKey = Exclude<keyof Settings, 'version'>;
const SETTING_KEYS = (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).filter(
  (key): key is SettingKey => key !== 'version',
);

/** A checked change to the settings, or why it was refused. */
export type SettingsPatchResult =
  | { readonly kind: 'valid'; readonly patch: Partial<Omit<Settings, 'version'>> }
  | { readonly kind: 'invalid'; readonly message: string };

/** A crawler token (lib/shared/crawler-token.ts), trimmed; refused as "`what` must …". */
function tokenSchema(what: string) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const reading = readCrawlerToken(dataset.value);
      if (reading.kind === 'valid') return reading.token;
      addIssue({ message: `${what} ${tokenRequirement(reading.problem)}.` });
      return NEVER;
    }),
  );
}

/** A list of at most `max` crawler tokens, each trimmed, a repeated one kept once. */
function tokenListSchema(list: string, max: number, listed: string, item: string) {
  return v.pipe(
    v.array(tokenSchema(item), `${list} must be a list.`),
    v.maxLength(max, `At most ${max} ${listed}.`),
    v.transform((tokens) => [...new Set(tokens)]),
  );
}

/** A whole number from `min` to `max`; anything else is refused with `message`. */
function wholeNumberSchema(min: number, max: number, message: string) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
}

/** A switch; anything but true or false is refused as "The `what` setting must be true or false." */
function switchSchema(what: string) {
  return v.boolean(`${what} must be true or false.`);
}

/** Anything but an array: valibot's objects take arrays, and a list of settings is no settings. */
function notAList(message: string) {
  return v.custom<unknown>((value) => !Array.isArray(value), message);
}

/** Returns each setting's check by key, and the check of a change; built on first use, not at import. */
function createSettingsSchemas() {
  const markColorMessage = 'Each mark colour must be #rrggbb (blocked, nofollow, ugc, sponsored).';
  const markColor = v.pipe(v.string(markColorMessage), v.regex(HEX_COLOR, markColorMessage));

  const fields = {
    crawler: tokenSchema('The crawler'),
    customTokens: tokenListSchema('Custom tokens', MAX_CUSTOM_TOKENS, 'custom tokens', 'A custom token'),
    timeoutMs: wholeNumberSchema(
      MIN_TIMEOUT_MS,
      MAX_TIMEOUT_MS,
      `The timeout must be a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}.`,
    ),
    badge: switchSchema('The badge setting'),
    historyMaxVersions: wholeNumberSchema(
      MIN_HISTORY_VERSIONS,
      MAX_HISTORY_VERSIONS,
      `Versions kept per site must be a whole number from ${MIN_HISTORY_VERSIONS} to ${MAX_HISTORY_VERSIONS}.`,
    ),
    historyMaxBytes: wholeNumberSchema(
      MIN_HISTORY_BYTES,
      MAX_HISTORY_BYTES,
      'The history budget must be a whole number of bytes from 1 MiB to 1 GiB.',
    ),
    watchCrawlers: tokenListSchema('Watched crawlers', MAX_WATCH_CRAWLERS, 'watched crawlers', 'A watched crawler'),
    watchIntervalMinutes: wholeNumberSchema(
      MIN_WATCH_INTERVAL_MINUTES,
      MAX_WATCH_INTERVAL_MINUTES,
      `Watched sites are checked every ${MIN_WATCH_INTERVAL_MINUTES} minutes to 7 days (a whole number of minutes).`,
    ),
    checkOtherHosts: switchSchema('The setting for checking other hosts'),
    pageInspection: switchSchema('The page inspection setting'),
    badgeRobotsOnly: switchSchema('The setting for a robots.txt-only badge'),
    markColors: v.pipe(
      notAList('Mark colours must be an object.'),
      v.strictObject({ blocked: markColor, nofollow: markColor, ugc: markColor, sponsored: markColor }, (issue) => {
        if (issue.expected === 'never') return `Unknown mark colour ${issue.received}.`;
        return issue.expected === 'Object' ? 'Mark colours must be an object.' : markColorMessage;
      }),
    ),
    fetchTdmrep: switchSchema('The tdmrep.json setting'),
    toolbarOpens: v.picklist(['popup', 'side-panel'], 'The toolbar button opens the popup or the side panel.'),
  } satisfies { readonly [K in SettingKey]: v.GenericSchema<unknown, Settings[K]> };

  // A change: known keys only, each present one checked (an absent one stays as it is).
  const patch = v.pipe(
    notAList('Settings must be an object.'),
    v.strictObject(
      Object.fromEntries(SETTING_KEYS.map((key) => [key, v.exactOptional(fields[key])])) as {
        readonly [K in SettingKey]: v.ExactOptionalSchema<(typeof fields)[K], undefined>;
      },
      (issue) => (issue.expected === 'never' ? `Unknown setting ${issue.received}.` : 'Settings must be an object.'),
    ),
  );
  return { fields, patch };
}

let schemas: ReturnType<typeof createSettingsSchemas> | undefined;
const settingsSchemas = () => (schemas ??= createSettingsSchemas());

/**
 * Returns the checked change for a `setSettings` payload: known keys only (an unknown one refused
 * by name), `crawler` a crawler token, the token lists up to MAX_CUSTOM_TOKENS and
 * MAX_WATCH_CRAWLERS distinct tokens (trimmed), the numbers whole and within their bounds, the
 * switches true or false, the mark colours `#rrggbb`; the first problem said in words.
 */
export function parseSettingsPatch(payload: unknown): SettingsPatchResult {
  const result = v.safeParse(settingsSchemas().patch, payload, { abortEarly: true });
  if (!result.success) return { kind: 'invalid', message: result.issues[0].message };
  return { kind: 'valid', patch: result.output };
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
      field = field.filter((item) => readCrawlerToken(item).kind === 'valid').slice(0, MAX_CUSTOM_TOKENS);
    }
    const checked = v.safeParse(settingsSchemas().fields[key], field);
    if (checked.success) result = { ...result, [key]: checked.output };
  }
  return result;
}

/**
 * Returns v1 settings from a v0 value: settings stored before they carried a version, with the
 * same field names but nothing checked. Each valid field is kept; anything else gets its default.
 */
function migrateSettingsV0ToV1(value: unknown): Settings {
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
  const checked = readCrawlerToken(raw);
  if (checked.kind === 'invalid')
    return { kind: 'invalid', message: `The custom token ${tokenRequirement(checked.problem)}.` };
  const customTokens = [checked.token, ...settings.customTokens.filter((t) => t !== checked.token)].slice(
    0,
    MAX_CUSTOM_TOKENS,
  );
  const patch = options.select === false ? { customTokens } : { crawler: checked.token, customTokens };
  return { kind: 'valid', settings: applySettingsPatch(settings, patch) };
}
