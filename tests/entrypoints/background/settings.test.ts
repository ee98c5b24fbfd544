import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OpenKeptDb } from '../../../entrypoints/background/kept-db';
import { createSettingsStore } from '../../../entrypoints/background/settings/storage';
import { DEFAULT_SETTINGS } from '../../../lib/settings';
import { migrateSettings, parseSettingsPatch } from '../../../lib/settings-schema';
import v0 from './fixtures/settings-v0.json';
import v1 from './fixtures/settings-v1.json';
import { DEFAULT_MARK_COLORS } from '../../../lib/settings';
import { createTestKeptDb } from './helpers';

describe('stored settings, by version (an older version kept them in storage.local)', () => {
  let kept: OpenKeptDb;
  beforeEach(() => {
    fakeBrowser.reset();
    kept = createTestKeptDb();
  });

  it('reads without writing back when the stored value is current, whatever the order of its keys', async () => {
    // A write-back of what was read would undo a change saved by another caller in between.
    const stored = Object.fromEntries(Object.entries({ ...DEFAULT_SETTINGS, crawler: 'GPTBot' }).reverse());
    await fakeBrowser.storage.local.set({ settings: stored, settings$: { v: 1 } });
    const store = createSettingsStore(kept);
    const read = store.get();
    // Another caller saves a change while the read is in flight.
    await store.set({ ...DEFAULT_SETTINGS, crawler: 'bingbot' });
    expect((await read).crawler).toBe('GPTBot');
    expect((await store.get()).crawler).toBe('bingbot');
  });

  it('gives the defaults on first run: Googlebot, no custom tokens, 10 s, badge on', async () => {
    const store = createSettingsStore(kept);
    expect(await store.get()).toEqual({
      version: 1,
      crawler: 'Googlebot',
      customTokens: [],
      timeoutMs: 10_000,
      badge: true,
      historyMaxVersions: 30,
      historyMaxBytes: 50 * 1024 * 1024,
      watchCrawlers: ['Googlebot', 'Bingbot'],
      watchIntervalMinutes: 360,
      checkOtherHosts: true,
      pageInspection: true,
      badgeRobotsOnly: false,
      markColors: DEFAULT_MARK_COLORS,
      fetchTdmrep: true,
      toolbarOpens: 'popup',
    });
  });

  it('migrates a v0 value (no version) to v1, keeping each valid field and writing it back', async () => {
    await fakeBrowser.storage.local.set({ settings: v0 });
    const store = createSettingsStore(kept);
    const settings = await store.get();
    // The timeout of 500 ms is below the minimum: it gets the default; 42 is not a token.
    expect(settings).toEqual({
      version: 1,
      crawler: 'Bingbot',
      customTokens: ['MyCrawler', 'SpacedBot'],
      timeoutMs: 10_000,
      badge: false,
      historyMaxVersions: 30,
      historyMaxBytes: 50 * 1024 * 1024,
      watchCrawlers: ['Googlebot', 'Bingbot'],
      watchIntervalMinutes: 360,
      checkOtherHosts: true,
      pageInspection: true,
      badgeRobotsOnly: false,
      markColors: DEFAULT_MARK_COLORS,
      fetchTdmrep: true,
      toolbarOpens: 'popup',
    });
    expect(await (await kept()).get('items', 'settings')).toEqual(settings);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('reads a v1 value as it is, settings it lacks (added later) at their defaults', async () => {
    await fakeBrowser.storage.local.set({ settings: v1, settings$: { v: 1 } });
    expect(await createSettingsStore(kept).get()).toEqual({ ...DEFAULT_SETTINGS, ...v1 });
  });

  it('repairs a damaged field of a v1 value with its default', async () => {
    await fakeBrowser.storage.local.set({ settings: { ...v1, timeoutMs: 'soon' }, settings$: { v: 1 } });
    expect((await createSettingsStore(kept).get()).timeoutMs).toBe(10_000);
  });

  it('keeps settings across a new store (a restarted worker)', async () => {
    await createSettingsStore(kept).set({ ...DEFAULT_SETTINGS, crawler: 'ClaudeBot' });
    expect((await createSettingsStore(kept).get()).crawler).toBe('ClaudeBot');
  });
});

describe('migrateSettings', () => {
  it.each([
    { name: 'nothing stored', stored: undefined, expected: DEFAULT_SETTINGS },
    { name: 'a string', stored: 'Googlebot', expected: DEFAULT_SETTINGS },
    { name: 'an array', stored: [], expected: DEFAULT_SETTINGS },
    { name: 'an empty v0 object', stored: {}, expected: DEFAULT_SETTINGS },
    {
      name: 'a v0 object with unknown keys',
      stored: { theme: 'dark', badge: false },
      expected: { ...DEFAULT_SETTINGS, badge: false },
    },
  ])('gives v1 settings from $name', ({ stored, expected }) => {
    expect(migrateSettings(stored)).toEqual(expected);
  });
});

describe('parseSettingsPatch', () => {
  it.each([
    { name: 'a crawler', payload: { crawler: ' GPTBot ' }, patch: { crawler: 'GPTBot' } },
    {
      name: 'custom tokens, deduplicated',
      payload: { customTokens: ['A', 'B', 'A'] },
      patch: { customTokens: ['A', 'B'] },
    },
    { name: 'the timeout', payload: { timeoutMs: 2000 }, patch: { timeoutMs: 2000 } },
    { name: 'the badge', payload: { badge: false }, patch: { badge: false } },
    { name: 'checking other hosts', payload: { checkOtherHosts: false }, patch: { checkOtherHosts: false } },
    { name: 'tdmrep.json off', payload: { fetchTdmrep: false }, patch: { fetchTdmrep: false } },
    {
      name: 'the side panel on a toolbar click',
      payload: { toolbarOpens: 'side-panel' },
      patch: { toolbarOpens: 'side-panel' },
    },
    { name: 'nothing', payload: {}, patch: {} },
    { name: 'versions per site', payload: { historyMaxVersions: 5 }, patch: { historyMaxVersions: 5 } },
    { name: 'a watch interval', payload: { watchIntervalMinutes: 60 }, patch: { watchIntervalMinutes: 60 } },
    { name: 'a history budget', payload: { historyMaxBytes: 2 ** 21 }, patch: { historyMaxBytes: 2 ** 21 } },
    {
      name: 'watched crawlers, deduplicated',
      payload: { watchCrawlers: ['GPTBot', ' GPTBot', 'my-bot'] },
      patch: { watchCrawlers: ['GPTBot', 'my-bot'] },
    },
  ])('accepts $name', ({ payload, patch }) => {
    expect(parseSettingsPatch(payload)).toEqual({ kind: 'valid', patch });
  });

  it.each([
    { name: 'an empty crawler', payload: { crawler: '  ' }, message: /must not be empty/ },
    { name: 'a crawler with a newline', payload: { crawler: 'a\nb' }, message: /control characters/ },
    { name: 'a timeout below 1 s', payload: { timeoutMs: 999 }, message: /1000 to 60000/ },
    { name: 'a fractional timeout', payload: { timeoutMs: 1500.5 }, message: /whole number/ },
    { name: 'a badge that is not a boolean', payload: { badge: 'yes' }, message: /true or false/ },
    { name: 'other hosts as a word', payload: { checkOtherHosts: 'no' }, message: /true or false/ },
    {
      name: 'tdmrep.json as a number',
      payload: { fetchTdmrep: 0 },
      message: /tdmrep\.json setting must be true or false/,
    },
    { name: 'tokens that are not a list', payload: { customTokens: 'A' }, message: /must be a list/ },
    { name: 'an unknown key', payload: { crawlr: 'X' }, message: /Unknown setting "crawlr"/ },
    { name: 'no versions kept', payload: { historyMaxVersions: 0 }, message: /from 1 to 200/ },
    { name: 'a budget under 1 MiB', payload: { historyMaxBytes: 1000 }, message: /1 MiB to 1 GiB/ },
    { name: 'watched crawlers not a list', payload: { watchCrawlers: 'GPTBot' }, message: /must be a list/ },
    { name: 'checks every 5 minutes', payload: { watchIntervalMinutes: 5 }, message: /every 15 minutes to 7 days/ },
    { name: 'the version', payload: { version: 2 }, message: /Unknown setting "version"/ },
    { name: 'null', payload: null, message: /must be an object/ },
  ])('refuses $name', ({ payload, message }) => {
    const result = parseSettingsPatch(payload);
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(result.message).toMatch(message);
  });
});
