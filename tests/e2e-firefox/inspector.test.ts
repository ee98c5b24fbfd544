import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoSite } from '../support/demo-site';
import {
  FIREFOX_BUILD_DIR,
  type FirefoxHarness,
  type FirefoxPopupHandle,
  launchFirefox,
  pollFor,
} from '../support/firefox-harness';
import { waitForText as until } from '../support/harness';
import { askedPermissions, browserTakeovers, type BuiltManifest } from '../support/manifest-checks';

// The built add-on in real Firefox ESR: the badge and the popup on a blocked and an allowed page,
// the real toolbar popup, a crawler switch the badge follows, the pop-out window and Copy report,
// a browser page, and the options page.

const GREEN = [0x18, 0x80, 0x38, 255];
const RED = [0xd9, 0x30, 0x25, 255];

const VERDICT = '[data-testid="verdict"]';
const SETTLED = /Allowed|Blocked|does not apply/;

/** Chooses `token` in the popup's crawler picker, as a user does. */
const selectCrawler = async (popup: FirefoxPopupHandle, token: string) => {
  // The picker is among the sections that mount in the frame after the verdict.
  await popup.waitFor('[data-testid=crawler-select]');
  await popup.evaluate((view, t) => {
    const select = view.document.querySelector('[data-testid=crawler-select]') as HTMLSelectElement;
    select.value = t;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, token);
};

/** Clicks "Make default" (beside the picker) for the crawler the popup shows. */
const makeDefault = async (popup: FirefoxPopupHandle) => {
  await popup.waitFor('[data-testid=make-default]');
  await popup.evaluate((view) => (view.document.querySelector('[data-testid=make-default]') as HTMLElement).click());
};

describe('the add-on in Firefox', () => {
  let demo: RunningDemo;
  let harness: FirefoxHarness;

  beforeAll(async () => {
    demo = await startDemoSite();
    harness = await launchFirefox();
  });

  afterAll(async () => {
    await harness?.close();
    await demo?.close();
  });

  it('runs the manifest the build produced, at the pinned moz-extension:// address', async () => {
    const built = JSON.parse(readFileSync(join(FIREFOX_BUILD_DIR, 'manifest.json'), 'utf8')) as { name: string };
    const loaded = await harness.evaluate((ext) => ({
      name: ext.runtime.getManifest().name,
      version: ext.runtime.getManifest().manifest_version,
      base: ext.runtime.getURL('/'),
      id: ext.runtime.id,
    }));
    expect(loaded).toEqual({
      name: built.name,
      version: 2,
      base: `${harness.extensionOrigin}/`,
      id: harness.extensionId,
    });
  });

  it('the built manifest overrides no browser page and asks for the documented permissions only', () => {
    const built = JSON.parse(readFileSync(join(FIREFOX_BUILD_DIR, 'manifest.json'), 'utf8')) as BuiltManifest;
    expect(browserTakeovers(built)).toEqual([]);
    expect(askedPermissions(built)).toEqual({
      // Firefox MV2 lists host access among the permissions.
      permissions: ['<all_urls>', 'alarms', 'storage', 'tabs', 'webRequest', 'webRequestBlocking'],
      optional_permissions: ['notifications'],
      host_permissions: [],
    });
  });

  it('blocked page: red NO badge naming the line, and the popup says Blocked by that rule', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites.blocked.origin}/private/page.html`);
    expect(await harness.waitForBadge(tabId)).toEqual({
      text: 'NO',
      color: RED,
      title: 'Googlebot: Blocked — by line 3 `Disallow: /private/`.',
    });
    const popup = await harness.openPopupForTab(tabId);
    const verdict = await until(
      'the verdict',
      () => popup.$eval(VERDICT, (e) => (e as HTMLElement).innerText),
      SETTLED,
    );
    // The sections below the verdict load by a dynamic import and mount in the frame after it.
    await popup.waitForSelector('#fetch');
    expect(verdict).toMatch(/Blocked\s+by line 3 `Disallow: \/private\/`/);
    expect(await popup.$eval('[data-testid="deciding-rule"]', (e) => (e as HTMLElement).innerText)).toMatch(
      /Line 3\s+Disallow: \/private\//,
    );
    expect(await popup.$eval('[data-testid="fetch-status"]', (e) => (e as HTMLElement).innerText)).toContain(
      'HTTP 200',
    );
    await popup.close();
    await page.close();
  });

  it('allowed page: green OK badge naming the Allow line that reopens it, and the popup agrees', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites.blocked.origin}/private/press-kit.html`);
    expect(await harness.waitForBadge(tabId)).toEqual({
      text: 'OK',
      color: GREEN,
      title: 'Googlebot: Allowed — by line 4 `Allow: /private/press-kit.html`.',
    });
    const popup = await harness.openPopupForTab(tabId);
    const verdict = await until(
      'the verdict',
      () => popup.$eval(VERDICT, (e) => (e as HTMLElement).innerText),
      SETTLED,
    );
    // The sections below the verdict load by a dynamic import and mount in the frame after it.
    await popup.waitForSelector('#fetch');
    expect(verdict).toMatch(/Allowed\s+by line 4 `Allow: \/private\/press-kit\.html`/);
    expect(await popup.$eval('[data-testid="deciding-rule"]', (e) => (e as HTMLElement).innerText)).toMatch(
      /Line 4\s+Allow: \/private\/press-kit\.html/,
    );
    await popup.close();
    await page.close();
  });

  it('opens the real toolbar popup for the active tab, which inspects that tab', async () => {
    const { page } = await harness.openPage(`${demo.sites.blocked.origin}/private/page.html`);
    const popup = await harness.clickAction(page);
    expect(await popup.evaluate((view) => view.location.pathname)).toBe('/popup.html');
    expect(await until('the verdict', () => popup.text(VERDICT), SETTLED)).toMatch(
      /Blocked\s+by line 3 `Disallow: \/private\/`/,
    );
    await popup.waitFor('#fetch');
    expect(await popup.text('[data-testid="matched-group"]')).toContain('User-agent: *');
    expect(await popup.text('[data-testid="fetch-outcome"]')).toContain('robots.txt found (HTTP 200).');
    await popup.close();
    await page.close();
  });

  it('switches crawler in the toolbar popup: the verdict changes, and the badge follows Make default', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites.specific.origin}/public/page.html`);
    expect(await harness.waitForBadge(tabId)).toMatchObject({ text: 'OK', color: GREEN });
    const popup = await harness.clickAction(page);
    await until('the verdict', () => popup.text(VERDICT), SETTLED);
    await selectCrawler(popup, 'GPTBot');
    expect(await until('GPTBot’s verdict', () => popup.text(VERDICT), /Blocked/)).toContain('line 13 `Disallow: /`');
    // Issue 6: a crawler picked in a popup is that popup's; Make default makes it the badge's.
    await makeDefault(popup);
    expect(await harness.waitForBadge(tabId, (b) => b.text === 'NO')).toEqual({
      text: 'NO',
      color: RED,
      title: 'GPTBot: Blocked — by line 13 `Disallow: /`.',
    });
    expect(await harness.call('getSettings', {})).toMatchObject({ crawler: 'GPTBot' });
    await selectCrawler(popup, 'Googlebot');
    expect(await until('Googlebot’s verdict', () => popup.text(VERDICT), /Allowed/)).toContain('no rule matches');
    await makeDefault(popup);
    expect(await harness.waitForBadge(tabId, (b) => b.text === 'OK')).toEqual({
      text: 'OK',
      color: GREEN,
      title: 'Googlebot: Allowed — no rule matches this URL.',
    });
    await popup.close();
    await page.close();
  });

  it('pops out into a window of its own for the same tab, and copies the report', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites.blocked.origin}/private/page.html`);
    const popup = await harness.clickAction(page);
    await until('the verdict', () => popup.text(VERDICT), /Blocked/);
    await popup.evaluate((view) =>
      [...view.document.querySelectorAll('button')].find((b) => b.textContent === 'Pop out')?.click(),
    );
    const popOutUrl = `${harness.extensionOrigin}/popup.html?tab=${tabId}`;
    const window = await pollFor('the pop-out window', 10_000, () =>
      harness.evaluate(async (ext, url) => {
        const windows = await ext.windows.getAll({ populate: true });
        const found = windows.find((w) => w.tabs?.some((t) => t.url === url));
        return found === undefined ? null : { type: found.type, tabs: found.tabs?.length };
      }, popOutUrl),
    );
    expect(window).toEqual({ type: 'popup', tabs: 1 });
    await popup.close();

    // Copy report with a real click (a user gesture), recording what reaches the clipboard API.
    const view = await harness.openPopupForTab(tabId);
    await until('the verdict', () => view.$eval(VERDICT, (e) => (e as HTMLElement).innerText), /Blocked/);
    // Copy report is enabled once the report can be made (the engine has loaded).
    await view.waitForSelector('[data-testid="copy-report"]:not([disabled])');
    await view.evaluate(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      const seen: string[] = [];
      (window as unknown as { copied: string[] }).copied = seen;
      navigator.clipboard.writeText = (text: string) => {
        seen.push(text);
        return write(text);
      };
    });
    await view.bringToFront();
    await view.click('[data-testid="copy-report"]');
    await until(
      'the copy to be confirmed',
      () =>
        view.evaluate(
          () => document.querySelector<HTMLElement>('[data-testid="copy-report"]')?.parentElement?.innerText ?? null,
        ),
      /Copied/,
    );
    const copied = await view.evaluate(() => (window as unknown as { copied: string[] }).copied.join('\n'));
    expect(copied).toContain(`URL: ${demo.sites.blocked.origin}/private/page.html`);
    expect(copied).toContain('Verdict: Blocked — by line 3 `Disallow: /private/`');
    expect(copied).toMatch(/Group: lines \d+–\d+, User-agent: \*/);
    expect(copied).toContain('Fetch: HTTP 200');
    await view.close();
    await page.close();
  });

  it('shows no badge on a browser page, and says why', async () => {
    const page = await harness.browser.newPage();
    // about: pages send no load event over BiDi either.
    await page.goto('about:robots', { waitUntil: [] });
    const tabId = await harness.tabIdOfUrl('about:robots');
    const badge = await harness.waitForBadge(tabId, (b) => b.title.startsWith('robots.txt') && b.text === '');
    expect(badge.title).toBe('robots.txt does not apply to browser pages (about:).');
    await page.close();
  });

  it('options page: the crawler, the timeout and the badge switch are saved and applied; the cache is listed', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites.specific.origin}/search?q=robots`);
    expect(await harness.waitForBadge(tabId)).toMatchObject({ text: 'NO' });
    const options = await harness.openOptions();

    await options.select('#crawler', 'DuckDuckBot');
    // DuckDuckBot has no group of its own: the * group applies, which does not block /search.
    // The worker sets the text last, so a new text means the whole badge is new.
    expect(await harness.waitForBadge(tabId, (b) => b.text === 'OK')).toEqual({
      text: 'OK',
      color: GREEN,
      title: 'DuckDuckBot: Allowed — no rule matches this URL.',
    });

    await options.$eval('#timeout', (e) => ((e as HTMLInputElement).value = ''));
    await options.type('#timeout', '2.5');
    await options.keyboard.press('Tab');
    await until('the saved timeout', async () => String((await harness.call('getSettings', {})).timeoutMs), /^2500$/);

    await options.click('#badge');
    // Off: no text, and the tooltip goes back to the manifest's title.
    expect(await harness.waitForBadge(tabId, (b) => b.text === '')).toMatchObject({ text: '', title: 'Robotscope' });
    expect(await harness.call('getSettings', {})).toMatchObject({
      crawler: 'DuckDuckBot',
      timeoutMs: 2500,
      badge: false,
    });
    await options.click('#badge');
    await harness.waitForBadge(tabId, (b) => b.text === 'OK');

    const origin = demo.sites.specific.origin;
    const row = await until(
      'the cache row',
      () =>
        options.evaluate(
          (o) => document.querySelector<HTMLElement>(`tr[data-origin="${o}"]`)?.innerText ?? null,
          origin,
        ),
      /HTTP 200/,
    );
    expect(row).toMatch(/rules apply/);
    await options.click(`button[aria-label="Clear ${origin}"]`);
    await until(
      'the row to go',
      async () =>
        String(await options.evaluate((o) => document.querySelector(`tr[data-origin="${o}"]`) === null, origin)),
      /^true$/,
    );
    expect((await harness.call('listCache', {})).entries.some((e) => e.origin === origin)).toBe(false);

    await options.select('#crawler', 'Googlebot');
    await harness.call('setSettings', { timeoutMs: 10_000 });
    await options.close();
    await page.close();
  });
});
