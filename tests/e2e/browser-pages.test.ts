import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROME_BUILD_DIR } from '../support/harness';
import { askedPermissions, browserTakeovers, type BuiltManifest } from '../support/manifest-checks';
import { useChromium } from '../support/fixtures';

// Installing Robotscope must leave the browser's own pages alone: an entrypoint named `history`
// once made the built manifest replace Chrome's History page (Ctrl+H opened Robotscope).
describe('the browser as a person lives with it, in Chromium', () => {
  const harness = useChromium();
  const manifest = (): BuiltManifest =>
    JSON.parse(readFileSync(join(CHROME_BUILD_DIR, 'manifest.json'), 'utf8')) as BuiltManifest;

  it('the built manifest overrides no browser page and asks for the documented permissions only', () => {
    expect(browserTakeovers(manifest())).toEqual([]);
    expect(askedPermissions(manifest())).toEqual({
      // declarativeNetRequestWithHostAccess: the probe's User-Agent on the extension's own requests
      // (README § Permissions); it adds no install warning beyond the host access already asked.
      // sidePanel: the side panel that follows the active tab; Chrome shows no warning for it.
      permissions: ['alarms', 'declarativeNetRequestWithHostAccess', 'sidePanel', 'storage', 'tabs', 'webRequest'],
      optional_permissions: ['notifications'],
      host_permissions: ['<all_urls>'],
    });
    expect(manifest().side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(manifest().commands).toEqual({
      'open-side-panel': {
        suggested_key: { default: 'Alt+Shift+R' },
        description: 'Open the side panel that follows the active tab',
      },
    });
  });

  it('the check itself sees an override when a manifest has one', () => {
    expect(browserTakeovers({ chrome_url_overrides: { history: 'history.html' } })).toEqual([
      'chrome_url_overrides.history',
    ]);
    expect(browserTakeovers({ chrome_settings_overrides: { homepage: 'x' } })).toEqual([
      'chrome_settings_overrides.homepage',
    ]);
  });

  it("chrome://history stays Chrome's History page with the extension installed", async () => {
    const page = await harness.context.newPage();
    await page.goto('chrome://history/');
    await page.waitForFunction(() => document.querySelector('history-app') !== null, null, { timeout: 15_000 });
    expect(page.url()).toBe('chrome://history/');
    expect(await page.evaluate(() => location.protocol)).toBe('chrome:');
    expect(await page.title()).not.toMatch(/robots|Robotscope/i);
    await page.close();
  });

  it("chrome://bookmarks stays Chrome's Bookmarks page", async () => {
    const page = await harness.context.newPage();
    await page.goto('chrome://bookmarks/');
    await page.waitForFunction(() => document.querySelector('bookmarks-app') !== null, null, { timeout: 15_000 });
    expect(page.url()).toBe('chrome://bookmarks/');
    await page.close();
  });

  it('the old history.html address is an ordinary extension page that forwards to the workbench', async () => {
    const page = await harness.context.newPage();
    await page.goto(
      `chrome-extension://${harness.extensionId}/history.html?origin=${encodeURIComponent('https://a.test')}`,
    );
    await page.waitForURL(/workbench\.html/, { timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.pathname).toBe('/workbench.html');
    expect(url.searchParams.get('view')).toBe('history');
    expect(url.searchParams.get('origin')).toBe('https://a.test');
    await page.close();
  });
});
