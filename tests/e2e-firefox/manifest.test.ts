import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIREFOX_BUILD_DIR } from '../support/firefox-harness';
import { askedPermissions, browserTakeovers, type BuiltManifest } from '../support/manifest-checks';
import { useFirefox } from '../support/fixtures';

// The built add-on in real Firefox ESR: the manifest it runs and what it asks for. What it does
// with pages is tested in both browsers (tests/browser-scenarios/inspector.ts).

describe('the add-on in Firefox', () => {
  const harness = useFirefox();

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
      // Firefox MV2 lists host access among the permissions; webRequestBlocking also sets the
      // probe's User-Agent (README § Permissions), so the probe asks for nothing new here.
      permissions: ['<all_urls>', 'alarms', 'storage', 'tabs', 'webRequest', 'webRequestBlocking'],
      optional_permissions: ['notifications'],
      host_permissions: [],
    });
    // The sidebar needs no permission: it is declared, with its shortcut, and asks nothing at install.
    expect(built.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
    expect(built.commands).toEqual({
      _execute_sidebar_action: {
        suggested_key: { default: 'Alt+Shift+R' },
        description: 'Open the side panel that follows the active tab',
      },
    });
  });

  it('holds no innerHTML in any built script, so web-ext lint has no UNSAFE_VAR_ASSIGNMENT to warn of', () => {
    const scripts = readdirSync(FIREFOX_BUILD_DIR, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    expect(scripts.length).toBeGreaterThan(3);
    const holding = scripts.filter((f) => readFileSync(join(FIREFOX_BUILD_DIR, f), 'utf8').includes('innerHTML'));
    expect(holding).toEqual([]);
  });
});
