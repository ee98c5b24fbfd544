import { describe, expect, it } from 'vitest';
import {
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
} from '../../lib/settings';
import { addCustomToken, migrateSettings, parseSettingsPatch } from '../../lib/settings-schema';

// The settings' one check serves the options page's changes (parseSettingsPatch: the first problem
// in words) and what storage gives back (migrateSettings: a bad field gets its default).

type Field = Exclude<keyof Settings, 'version'>;
const FIELDS = Object.keys(DEFAULT_SETTINGS).filter((key): key is Field => key !== 'version');

const INVALID: readonly { readonly field: Field; readonly value: unknown; readonly words: RegExp }[] = [
  { field: 'crawler', value: 42, words: /^The crawler must be text\.$/ },
  { field: 'crawler', value: ' \t', words: /^The crawler must not be empty\.$/ },
  { field: 'crawler', value: 'x'.repeat(101), words: /^The crawler must be at most 100 characters\.$/ },
  { field: 'crawler', value: 'a\u0000b', words: /^The crawler must not contain control characters\.$/ },
  { field: 'customTokens', value: 'MyBot', words: /^Custom tokens must be a list\.$/ },
  { field: 'customTokens', value: ['ok', ''], words: /^A custom token must not be empty\.$/ },
  {
    field: 'customTokens',
    value: Array.from({ length: MAX_CUSTOM_TOKENS + 1 }, (_, i) => `bot-${i}`),
    words: /^At most 50 custom tokens\.$/,
  },
  { field: 'timeoutMs', value: MIN_TIMEOUT_MS - 1, words: /whole number of milliseconds from 1000 to 60000\.$/ },
  { field: 'timeoutMs', value: MAX_TIMEOUT_MS + 1, words: /from 1000 to 60000\.$/ },
  { field: 'timeoutMs', value: '5000', words: /from 1000 to 60000\.$/ },
  { field: 'badge', value: 1, words: /^The badge setting must be true or false\.$/ },
  { field: 'historyMaxVersions', value: MAX_HISTORY_VERSIONS + 1, words: /from 1 to 200\.$/ },
  { field: 'historyMaxVersions', value: 2.5, words: /^Versions kept per site must be a whole number/ },
  { field: 'historyMaxBytes', value: MIN_HISTORY_BYTES - 1, words: /from 1 MiB to 1 GiB\.$/ },
  { field: 'historyMaxBytes', value: MAX_HISTORY_BYTES + 1, words: /from 1 MiB to 1 GiB\.$/ },
  { field: 'watchCrawlers', value: { 0: 'GPTBot' }, words: /^Watched crawlers must be a list\.$/ },
  { field: 'watchCrawlers', value: ['GPTBot', 7], words: /^A watched crawler must be text\.$/ },
  {
    field: 'watchCrawlers',
    value: Array.from({ length: MAX_WATCH_CRAWLERS + 1 }, (_, i) => `bot-${i}`),
    words: /^At most 64 watched crawlers\.$/,
  },
  { field: 'watchIntervalMinutes', value: MAX_WATCH_INTERVAL_MINUTES + 1, words: /every 15 minutes to 7 days/ },
  { field: 'watchIntervalMinutes', value: Number.NaN, words: /every 15 minutes to 7 days/ },
  { field: 'checkOtherHosts', value: null, words: /^The setting for checking other hosts must be true or false\.$/ },
  { field: 'pageInspection', value: 'off', words: /^The page inspection setting must be true or false\.$/ },
  { field: 'badgeRobotsOnly', value: 0, words: /^The setting for a robots\.txt-only badge must be true or false\.$/ },
  { field: 'markColors', value: '#ff0000', words: /^Mark colours must be an object\.$/ },
  { field: 'markColors', value: [], words: /^Mark colours must be an object\.$/ },
  {
    field: 'markColors',
    value: { blocked: '#000000', nofollow: '#000000', ugc: '#000000' },
    words: /^Each mark colour must be #rrggbb/,
  },
  {
    field: 'markColors',
    value: { ...DEFAULT_SETTINGS.markColors, ugc: 'red' },
    words: /^Each mark colour must be #rrggbb/,
  },
  {
    field: 'markColors',
    value: { ...DEFAULT_SETTINGS.markColors, visited: '#000000' },
    words: /^Unknown mark colour "visited"\.$/,
  },
  { field: 'fetchTdmrep', value: 'yes', words: /^The tdmrep\.json setting must be true or false\.$/ },
  { field: 'toolbarOpens', value: 'sidebar', words: /^The toolbar button opens the popup or the side panel\.$/ },
];

const VALID: readonly { readonly name: string; readonly settings: Settings }[] = [
  { name: 'the defaults', settings: DEFAULT_SETTINGS },
  {
    name: 'every field at its lowest',
    settings: {
      version: 1,
      crawler: 'a',
      customTokens: [],
      timeoutMs: MIN_TIMEOUT_MS,
      badge: false,
      historyMaxVersions: MIN_HISTORY_VERSIONS,
      historyMaxBytes: MIN_HISTORY_BYTES,
      watchCrawlers: [],
      watchIntervalMinutes: MIN_WATCH_INTERVAL_MINUTES,
      checkOtherHosts: false,
      pageInspection: false,
      badgeRobotsOnly: true,
      markColors: { blocked: '#000000', nofollow: '#FFFFFF', ugc: '#abcdef', sponsored: '#123456' },
      fetchTdmrep: false,
      toolbarOpens: 'popup',
    },
  },
  {
    name: 'every field at its highest',
    settings: {
      version: 1,
      crawler: 'x'.repeat(100),
      customTokens: Array.from({ length: MAX_CUSTOM_TOKENS }, (_, i) => `custom-${i}`),
      timeoutMs: MAX_TIMEOUT_MS,
      badge: true,
      historyMaxVersions: MAX_HISTORY_VERSIONS,
      historyMaxBytes: MAX_HISTORY_BYTES,
      watchCrawlers: Array.from({ length: MAX_WATCH_CRAWLERS }, (_, i) => `watched-${i}`),
      watchIntervalMinutes: MAX_WATCH_INTERVAL_MINUTES,
      checkOtherHosts: true,
      pageInspection: true,
      badgeRobotsOnly: false,
      markColors: DEFAULT_SETTINGS.markColors,
      fetchTdmrep: true,
      toolbarOpens: 'side-panel',
    },
  },
  {
    name: 'tokens the grammar cannot match but a user may keep',
    settings: { ...DEFAULT_SETTINGS, crawler: 'MJ12bot', customTokens: ['MJ12bot', 'Foo Bar'], watchCrawlers: ['*'] },
  },
];

describe('the settings check', () => {
  it('has a refusal for every setting', () => {
    expect(new Set(INVALID.map((c) => c.field))).toEqual(new Set(FIELDS));
  });

  it.each(INVALID)('refuses $field = $value in words', ({ field, value, words }) => {
    const result = parseSettingsPatch({ [field]: value });
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.message).toMatch(words);
    // A sentence for a person: no setting's internal name, no raw value dump.
    for (const name of FIELDS) if (/[A-Z]/.test(name)) expect(result.message).not.toContain(name);
    expect(result.message).not.toMatch(/\[object|undefined|Invalid (type|key)/);
  });

  // A stored custom token list keeps its valid tokens (tested below); every other field is all or nothing.
  const WHOLE = INVALID.filter((c) => c.field !== 'customTokens' || !Array.isArray(c.value));

  it.each(WHOLE)('gives $field its default when storage holds $value', ({ field, value }) => {
    const read = migrateSettings({ ...DEFAULT_SETTINGS, crawler: 'GPTBot', [field]: value });
    expect(read[field]).toEqual(field === 'crawler' ? DEFAULT_SETTINGS.crawler : DEFAULT_SETTINGS[field]);
    if (field !== 'crawler') expect(read.crawler).toBe('GPTBot');
  });

  it.each(VALID)('round-trips $name, as a change and as stored', ({ settings }) => {
    const { version: _version, ...fields } = settings;
    expect(parseSettingsPatch(fields)).toEqual({ kind: 'valid', patch: fields });
    expect(migrateSettings(settings)).toEqual(settings);
    expect(migrateSettings(fields)).toEqual(settings);
  });

  it('refuses a list where the settings should be', () => {
    expect(parseSettingsPatch([])).toEqual({ kind: 'invalid', message: 'Settings must be an object.' });
    expect(migrateSettings([{ crawler: 'GPTBot' }])).toEqual(DEFAULT_SETTINGS);
  });

  it('drops unknown keys from stored settings, and refuses them by name in a change', () => {
    const read = migrateSettings({ ...DEFAULT_SETTINGS, theme: 'dark', __proto__: { crawler: 'X' } });
    expect(read).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(read)).not.toContain('theme');
    expect(parseSettingsPatch({ badge: true, theme: 'dark' })).toEqual({
      kind: 'invalid',
      message: 'Unknown setting "theme".',
    });
  });

  it('keeps the valid custom tokens of a stored list that holds bad ones', () => {
    const read = migrateSettings({ ...DEFAULT_SETTINGS, customTokens: ['Keep', 3, '', 'a\nb', ' Also '] });
    expect(read.customTokens).toEqual(['Keep', 'Also']);
    const many = Array.from({ length: MAX_CUSTOM_TOKENS + 5 }, (_, i) => `bot-${i}`);
    expect(migrateSettings({ ...DEFAULT_SETTINGS, customTokens: many }).customTokens).toEqual(
      many.slice(0, MAX_CUSTOM_TOKENS),
    );
  });

  it('refuses a change that names a setting with nothing in it, rather than clearing it', () => {
    expect(parseSettingsPatch({ crawler: undefined })).toEqual({
      kind: 'invalid',
      message: 'The crawler must be text.',
    });
  });

  it('adds a custom token in the same rule, or says why not', () => {
    expect(addCustomToken(DEFAULT_SETTINGS, '  MyBot ')).toMatchObject({
      kind: 'valid',
      settings: { crawler: 'MyBot', customTokens: ['MyBot'] },
    });
    expect(addCustomToken(DEFAULT_SETTINGS, 'x'.repeat(101))).toEqual({
      kind: 'invalid',
      message: 'The custom token must be at most 100 characters.',
    });
  });
});
