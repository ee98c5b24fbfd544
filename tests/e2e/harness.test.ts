import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROME_BUILD_DIR } from '../support/harness';
import { replaceStarted, useChromium, useDemo } from '../support/fixtures';

// The foundation: the built extension loads in real Chromium, and the worker survives being
// stopped. The toolbar click is tested in both browsers (tests/browser-scenarios/inspector.ts).
describe('the built extension in Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  it('loads the manifest the build produced', async () => {
    const manifest = JSON.parse(readFileSync(join(CHROME_BUILD_DIR, 'manifest.json'), 'utf8')) as { name: string };
    const worker = await harness.serviceWorker();
    const loaded = await worker.evaluate(() => chrome.runtime.getManifest().name);
    expect(loaded).toBe(manifest.name);
    expect(loaded).toMatch(/Robotscope/);
  });

  it('finds the tab id of a demo page', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites.blocked.origin}/private/page.html`);
    const worker = await harness.serviceWorker();
    const url = await worker.evaluate(async (id) => (await chrome.tabs.get(id)).url, tabId);
    expect(url).toBe(`${demo.sites.blocked.origin}/private/page.html`);
    await page.close();
  });

  it('starts the service worker again after it is stopped, with its memory gone', async () => {
    const before = await harness.serviceWorker();
    await before.evaluate(() => void ((globalThis as { harnessMarker?: number }).harnessMarker = 42));
    await harness.stopServiceWorker();
    const worker = await harness.serviceWorker();
    expect(await worker.evaluate(() => chrome.runtime.id)).toBe(harness.extensionId);
    expect(await worker.evaluate(() => (globalThis as { harnessMarker?: number }).harnessMarker ?? null)).toBeNull();
  });

  it('keeps the profile across a browser restart', async () => {
    const worker = await harness.serviceWorker();
    await worker.evaluate(() => chrome.storage.local.set({ harnessProbe: 'kept' }));
    replaceStarted(harness, await harness.restartBrowser());
    const restarted = await harness.serviceWorker();
    const stored = await restarted.evaluate(async () => (await chrome.storage.local.get('harnessProbe')).harnessProbe);
    expect(stored).toBe('kept');
    await restarted.evaluate(() => chrome.storage.local.remove('harnessProbe'));
  });
});
