import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, scanPage } from '../support/axe';
import { useChromium } from '../support/fixtures';
import { REPO_ROOT } from '../support/harness';
import { serve, type Served } from '../support/serve';

// The side panel opened as a page (sidepanel.html?window=<id>, the test contract) in a window of
// its own, following the active tab of the browser window the test drives. What a test cannot
// drive: Chrome's own side panel frame (sidePanel.open needs a real user gesture, and the
// shortcut a real key press to the browser); the popup's button and the option are checked up
// to the browser call (tests/entrypoints/sidepanel, tests/entrypoints/background/panel-opening.test.ts).

const VERDICT = '[data-testid="verdict"]';
/** Screenshots go to test-results/ (ignored by git); UPDATE_SCREENSHOTS=1 writes them to docs/ for the README. */
const SHOTS = join(REPO_ROOT, process.env.UPDATE_SCREENSHOTS === '1' ? 'docs' : 'test-results');
/** GPTBot is kept out of everything; every crawler out of /closed/. */
let robots = 'User-agent: *\nDisallow: /closed/\n\nUser-agent: GPTBot\nDisallow: /\n';

const PAGE = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

describe('the side panel in real Chromium', () => {
  const harness = useChromium();
  let site: Served;
  let panel: Page;

  beforeAll(async () => {
    site = await serve((req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(robots);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE(req.url ?? '/'));
    });
  });
  afterAll(async () => site.close());

  /** Opens the panel as a page in a window of its own, following the window of tab `tabId`. */
  async function openPanel(tabId: number): Promise<void> {
    const sw = await harness.serviceWorker();
    const windowId = await sw.evaluate(async (id) => (await chrome.tabs.get(id)).windowId, tabId);
    const opened = harness.context.waitForEvent('page');
    await sw.evaluate(
      (url) => chrome.windows.create({ url, type: 'popup', width: 420, height: 700 }),
      `chrome-extension://${harness.extensionId}/sidepanel.html?window=${windowId}`,
    );
    panel = await opened;
    await panel.waitForLoadState();
  }

  /** Waits until the panel's verdict matches `words`; returns its text. */
  async function panelVerdict(words: RegExp): Promise<string> {
    await panel.waitForFunction(
      ([selector, source]) =>
        new RegExp(source as string).test(document.querySelector(selector as string)?.textContent ?? ''),
      [VERDICT, words.source],
      { timeout: 15_000 },
    );
    return (await panel.textContent(VERDICT)) ?? '';
  }

  it('follows a tab switch, a navigation, a single-page-app navigation and a refetch, keeping its crawler', async () => {
    const { page: first, tabId: firstTab } = await harness.openPage(`${site.origin}/open/a.html`);
    const sw = await harness.serviceWorker();
    await openPanel(firstTab);
    expect(await panelVerdict(/Allowed/)).toMatch(/Allowed/);

    // The crawler picked in the panel.
    await panel.click('[data-testid="crawler-select"]');
    await panel.fill('[data-testid="crawler-select"]', 'GPTBot');
    await panel.press('[data-testid="crawler-select"]', 'Enter');
    await panelVerdict(/Blocked/);
    expect(await panel.textContent('.verdict-card')).toContain('GPTBot (this panel only)');

    // Another tab made active: the panel shows its page, GPTBot still.
    const { page: second, tabId: secondTab } = await harness.openPage(`${site.origin}/closed/b.html`);
    await sw.evaluate((id) => chrome.tabs.update(id, { active: true }), secondTab);
    await panel.waitForFunction(() => document.body.innerText.includes('/closed/b.html'), null, { timeout: 15_000 });
    await panelVerdict(/Blocked/);
    await expect.poll(() => panel.inputValue('[data-testid="crawler-select"]'), { timeout: 15_000 }).toMatch(/GPTBot/);

    // A navigation in the active tab.
    await second.goto(`${site.origin}/open/c.html`);
    await panel.waitForFunction(() => document.body.innerText.includes('/open/c.html'), null, { timeout: 15_000 });
    // A single-page app's history.pushState.
    await second.evaluate(() => history.pushState({}, '', '/open/spa-view'));
    await panel.waitForFunction(() => document.body.innerText.includes('/open/spa-view'), null, { timeout: 15_000 });
    await panelVerdict(/Blocked/);

    // The site lets GPTBot in; the panel's refetch shows the new file's answer for GPTBot.
    robots = 'User-agent: *\nDisallow: /closed/\n';
    await panel.getByRole('button', { name: 'Fetch robots.txt again' }).first().click();
    expect(await panelVerdict(/Allowed/)).toMatch(/Allowed/);
    await expect.poll(() => panel.inputValue('[data-testid="crawler-select"]'), { timeout: 15_000 }).toMatch(/GPTBot/);

    // The badge keeps the default crawler: nothing was saved.
    expect((await harness.badge(secondTab)).title).toContain('Googlebot');
    await first.close();
    await second.close();
  });

  it.each([
    { width: 320, theme: 'light' as const },
    { width: 320, theme: 'dark' as const },
    { width: 600, theme: 'light' as const },
    { width: 600, theme: 'dark' as const },
  ])(
    'fits $width px in the $theme theme without sideways scroll, axe finding nothing serious',
    async ({ width, theme }) => {
      const { page, tabId } = await harness.openPage(`${site.origin}/open/layout.html`);
      // Run alone, this test opens the panel itself.
      if ((panel as Page | undefined) === undefined) await openPanel(tabId);
      await (await harness.serviceWorker()).evaluate((id) => chrome.tabs.update(id, { active: true }), tabId);
      await panel.setViewportSize({ width, height: 700 });
      await panel.emulateMedia({ colorScheme: theme });
      await panel.waitForFunction(() => document.body.innerText.includes('/open/layout.html'), null, {
        timeout: 15_000,
      });
      await panelVerdict(/Allowed|Blocked/);
      await panel.waitForSelector('#fetch', { timeout: 15_000 });
      const overflow = await panel.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (width === 320 && theme === 'light') {
        mkdirSync(SHOTS, { recursive: true });
        await panel.screenshot({ path: join(SHOTS, 'sidepanel.png') });
      }
      const violations = await scanPage(panel);
      expect(violations, describeViolations(`the side panel at ${width} px, ${theme}`, violations)).toEqual([]);
      await page.close();
    },
  );
});
