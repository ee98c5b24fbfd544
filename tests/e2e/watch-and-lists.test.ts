import { describe, expect, it } from 'vitest';
import { CRAWLERS } from '../../lib/robots/crawlers';
import { CRAWLER_USER_AGENTS } from '../../lib/probe/user-agents';
import { useChromium, useDemo } from '../support/fixtures';
import { pollFor, until } from '../support/wait';
import { readKeptItem } from '../support/kept-database';

// Issue 20 in real Chromium: "Watch this site" in the real toolbar popup watches at once and says so
// in place, with the popup still open (no permission prompt that could close it); the options page
// turns notifications on and sets its crawler lists with All / None / Search / AI (by the catalogue's
// purposes), as does the workbench's probe; an origin in the options page's tables is never broken
// mid-host.

const SEARCH = CRAWLERS.filter((c) => c.purpose === 'search').map((c) => c.token);
const AI = CRAWLERS.filter((c) => c.purpose === 'ai-training' || c.purpose === 'ai-search').map((c) => c.token);

describe('watching and crawler lists, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  const storedWatches = async (): Promise<string> => {
    const worker = await harness.serviceWorker();
    return JSON.stringify(await worker.evaluate(readKeptItem, 'watchedSites'));
  };

  it('Watch this site in the toolbar popup: the popup stays open, confirms in place, and the watch is stored', async () => {
    const origin = demo.sites['history-watched'].origin;
    const { page } = await harness.openPage(`${origin}/`);
    const popup = await harness.clickAction(page);
    await popup.waitFor('[data-testid=watch]:not([disabled])');
    await popup.click('[data-testid=watch]');
    const note = await until('the confirmation', () => popup.text('[data-testid=watch-note]'), /Watching/);
    expect(note).toMatch(
      new RegExp(
        `^Watching ${new URL(origin).host.replace(/\./g, '\\.')}: checked every 6 hours\\. Notifications are off`,
      ),
    );
    // Still the same open popup: its target is there and it answers.
    const session = await harness.context.browser()?.newBrowserCDPSession();
    const { targetInfos } = (await session?.send('Target.getTargets')) ?? { targetInfos: [] };
    expect(targetInfos.some((t) => t.targetId === popup.targetId)).toBe(true);
    expect(
      await popup.evaluate(() => (document.querySelector('[data-testid=watch]') as HTMLInputElement).checked),
    ).toBe(true);
    await until('the watch to be stored', storedWatches, new RegExp(origin.replace(/[.:/]/g, '\\$&')));
    // No notifications permission was asked for, so none was granted behind the user's back.
    const worker = await harness.serviceWorker();
    expect(await worker.evaluate(() => chrome.permissions.contains({ permissions: ['notifications'] }))).toBe(false);
    await popup.close();
    await page.close();
  });

  it('the options page: notifications offered by their own button, the notification crawlers set by All / None / Search / AI', async () => {
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.getByTestId('watched-sites').waitFor();
    expect(
      await until('the notifications line', () => options.getByTestId('watch-notifications').innerText(), /off/),
    ).toMatch(/Notifications are off/);
    expect(await options.getByTestId('enable-notifications').count()).toBe(1);
    const checked = () =>
      options
        .getByTestId('watch-crawler')
        .evaluateAll((boxes) =>
          boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => (b as HTMLInputElement).value),
        );
    const stored = async () => {
      const worker = await harness.serviceWorker();
      const settings = (await worker.evaluate(readKeptItem, 'settings')) as { watchCrawlers?: string[] } | undefined;
      return settings?.watchCrawlers ?? null;
    };
    const group = options.getByTestId('watched-sites').locator('.watch-crawlers');
    for (const [pick, expected] of [
      ['search', SEARCH],
      ['none', []],
      ['ai', AI],
      ['all', CRAWLERS.map((c) => c.token)],
    ] as const) {
      await group.getByTestId(`quick-pick-${pick}`).click();
      await pollFor(`the ${pick} choice`, 5_000, async () =>
        JSON.stringify(await checked()) === JSON.stringify(expected) ? true : null,
      );
      await pollFor(`the ${pick} choice to be saved`, 5_000, async () =>
        JSON.stringify(await stored()) === JSON.stringify(expected) ? true : null,
      );
    }
    await options.close();
  });

  it('an origin in the options page’s tables stays whole on a narrow page: the table scrolls instead', async () => {
    const long = 'https://a-very-long-subdomain-name-for-testing.robotscope-demo-example.test';
    const options = await harness.context.newPage();
    await options.setViewportSize({ width: 420, height: 800 });
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.locator('#watch-origin').fill(long);
    await options.locator('#watch-origin').press('Enter');
    const cell = options.locator(`[data-testid=watched-site][data-origin="${long}"] td.origin a`);
    await cell.waitFor();
    const shape = await cell.evaluate((a) => {
      const scroller = a.closest('.table-scroll') as HTMLElement;
      return {
        lines: a.getClientRects().length,
        text: (a as HTMLElement).innerText,
        scrolls: scroller.scrollWidth > scroller.clientWidth,
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    expect(shape).toEqual({ lines: 1, text: long, scrolls: true, pageScrolls: false });
    await options.close();
  });

  it('the workbench’s probe list is set by All / None / Search / AI', async () => {
    const origin = demo.sites.allow.origin;
    const wb = await harness.context.newPage();
    await wb.goto(
      `chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(`${origin}/`)}&probe=open`,
    );
    const agents = wb.getByTestId('probe-agent');
    await agents.first().waitFor({ timeout: 15_000 });
    const checked = () =>
      agents.evaluateAll((boxes) =>
        boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => (b as HTMLInputElement).value),
      );
    const tokens = CRAWLER_USER_AGENTS.map((e) => e.token);
    const purposeOf = (token: string) => CRAWLERS.find((c) => c.token.toLowerCase() === token.toLowerCase())?.purpose;
    // The probe reads the settings as it opens (adding the selected crawler): a choice made before
    // that lands is made again, as a person would.
    const choose = async (pick: string, expected: readonly string[]) =>
      pollFor(`the ${pick} choice`, 5_000, async () => {
        await wb.locator('.probe-agents').getByTestId(`quick-pick-${pick}`).click();
        return JSON.stringify(await checked()) === JSON.stringify(expected) ? true : null;
      });
    await choose(
      'search',
      tokens.filter((t) => purposeOf(t) === 'search'),
    );
    await choose(
      'ai',
      tokens.filter((t) => purposeOf(t) === 'ai-training' || purposeOf(t) === 'ai-search'),
    );
    await choose('none', []);
    expect(await wb.getByTestId('probe').isDisabled()).toBe(true);
    await choose('all', tokens);
    expect(await wb.getByTestId('probe').innerText()).toBe(`Probe as ${tokens.length} crawlers`);
    await wb.close();
  });
});
