import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoSite } from '../support/demo-site';
import { type ExtensionHarness, launchExtension } from '../support/harness';
import { until } from '../support/wait';

// The popup's first screen in real Chromium: the combined headline, the Fetch /
// Index / Use rows through their hooks, "Fetch robots.txt again" recomputing every section, the header's share
// of the popup, the pop-out's two columns and the picker's shortcut. The Use answers' deciding
// sources are a shared scenario of both browsers: tests/browser-scenarios/use-verdict.ts.

interface UseAnswer {
  readonly answer: string | null;
  readonly text: string;
}

describe('the popup’s first screen in real Chromium', () => {
  let demo: RunningDemo;
  let harness: ExtensionHarness;

  beforeAll(async () => {
    demo = await startDemoSite();
    harness = await launchExtension();
    // Pages opened before the worker listens have no recorded headers.
    await harness.serviceWorker();
  });

  afterAll(async () => {
    await harness?.close();
    await demo?.close();
  });

  /** Opens `url`, then the pop-out popup for its tab, and waits for the Use answers. */
  async function inspect(url: string): Promise<{ popup: Page; page: Page; tabId: number }> {
    const { page, tabId } = await harness.openPage(url);
    await page.waitForLoadState('load');
    const popup = await harness.openPopupForTab(tabId);
    await popup.getByTestId('use-answer').first().waitFor({ timeout: 15_000 });
    return { popup, page, tabId };
  }

  async function useAnswers(popup: Page): Promise<Record<string, UseAnswer>> {
    return Object.fromEntries(
      await popup.$$eval('[data-testid=verdict-use] [data-testid=use-answer]', (els) =>
        els.map((e): [string, { answer: string | null; text: string }] => [
          e.getAttribute('data-purpose') ?? '',
          { answer: e.getAttribute('data-answer'), text: (e as HTMLElement).innerText },
        ]),
      ),
    );
  }

  const rowState = (popup: Page, id: string) => popup.getByTestId(`row-${id}`).getAttribute('data-state');

  async function done(...pages: Page[]): Promise<void> {
    for (const p of pages) await p.close();
  }

  it('never shows a green Allowed on an allowed page with X-Robots-Tag: noindex', async () => {
    const { popup, page, tabId } = await inspect(`${demo.sites['fs-cloudflare'].origin}/noindex-header`);
    await until('the X-Robots-Tag row', async () => rowState(popup, 'xrt'), /^bad$/);
    const headline = await popup.evaluate(() => {
      const card = document.querySelector('.verdict-card') as HTMLElement;
      const word = card.querySelector('.verdict-word') as HTMLElement;
      return { className: card.className, word: word.innerText, color: getComputedStyle(word).color };
    });
    expect(headline.word).toBe('Not indexable');
    expect(headline.className).toContain('tone-blocked');
    expect(headline.className).not.toContain('tone-allowed');
    expect(await rowState(popup, 'robots')).toBe('ok');
    expect(await popup.getByTestId('row-xrt').innerText()).toContain('noindex');
    expect(await popup.getByTestId('verdict-index').innerText()).toMatch(/^Index disallowed: noindex/);
    // The badge says the same.
    expect((await harness.badge(tabId)).text).toBe('NOIX');
    await done(popup, page);
  });

  it('recomputes every section after Fetch robots.txt again: headline, rows, Use, Indexability, matrix, resources, report, badge', async () => {
    const origin = demo.sites['fs-changing'].origin;
    await fetch(`${origin}/first-screen/open`);
    const { popup, page, tabId } = await inspect(`${origin}/page`);
    await until('Can be indexed', () => popup.getByTestId('indexability').innerText(), /^Can be indexed/);
    await until('the resources', () => popup.locator('#resources').innerText(), /\b0 of \d+ resources? blocked/);
    await fetch(`${origin}/first-screen/block`);
    await popup.getByTestId('refresh').click();
    await until('the verdict', () => popup.getByTestId('verdict').innerText(), /Blocked/);
    await until('the Indexability section', () => popup.getByTestId('indexability').innerText(), /^Blocked/);
    expect(await rowState(popup, 'robots')).toBe('bad');
    await until(
      'the Use answers',
      async () => (await useAnswers(popup))['ai-train']?.answer ?? null,
      /^not-applicable$/,
    );
    const googlebot = await popup.$eval('[data-testid=matrix-row][data-crawler=Googlebot]', (e) => ({
      allowed: e.getAttribute('data-allowed'),
      indexable: e.getAttribute('data-indexable'),
    }));
    expect(googlebot).toEqual({ allowed: 'false', indexable: 'false' });
    await until(
      'the resources',
      () => popup.locator('#resources').innerText(),
      /[1-9]\d* of \d+ resources? blocked for Googlebot: .*1 script/,
    );
    // The report, as copied.
    await popup.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void (document.body.dataset.copied = text) },
      });
    });
    await popup.getByTestId('copy-report').click();
    const report = await until(
      'the report',
      async () => popup.evaluate(() => document.body.dataset.copied ?? null),
      /Verdict/,
    );
    expect(report).toMatch(/Verdict: Blocked/);
    expect(report).toMatch(/AI training: not applicable — crawl blocked by robots.txt line 2/);
    expect(report).not.toMatch(/Index(ability)?:? Indexable/);
    await until('the badge', async () => (await harness.badge(tabId)).text, /^NO$/);
    await fetch(`${origin}/first-screen/open`);
    await done(popup, page);
  });

  it('keeps the pinned header within a quarter of the toolbar popup; / moves focus to the picker', async () => {
    const { page } = await harness.openPage(`${demo.sites['fs-cloudflare'].origin}/noindex-header`);
    await page.waitForLoadState('load');
    const popup = await harness.clickAction(page);
    await popup.waitFor('[data-testid=use-answer]', undefined, 15_000);
    const measured = await popup.evaluate(() => ({
      header: (document.querySelector('header.top') as HTMLElement).getBoundingClientRect().height,
      height: window.innerHeight,
      width: document.documentElement.clientWidth,
    }));
    console.info(`pinned header ${Math.round(measured.header)} px of a ${measured.width} × ${measured.height} popup`);
    expect(measured.header).toBeLessThanOrEqual(measured.height / 4);
    const focused = await popup.evaluate(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      return document.activeElement?.getAttribute('data-testid') ?? null;
    });
    expect(focused).toBe('crawler-select');
    expect(await popup.text('[data-testid=pick-crawler]')).toContain('/');
    await popup.close();
    await page.close();
  });

  it('picks OAI-SearchBot for “oai-search” and Enter typed into the picker, the first match shown', async () => {
    const { popup, page } = await inspect(`${demo.sites['fs-usage'].origin}/other`);
    const picker = popup.getByTestId('crawler-select');
    await picker.click();
    await picker.pressSequentially('oai-search');
    const first = await popup.locator('[role=listbox] [role=option]').first().getAttribute('data-token');
    expect(first).toBe('OAI-SearchBot');
    await picker.press('Enter');
    await until(
      'the verdict for OAI-SearchBot',
      () => popup.locator('.verdict-for').innerText(),
      /for OAI-SearchBot\b/,
    );
    expect(await picker.inputValue()).toBe('OAI-SearchBot');
    await done(popup, page);
  });

  it('uses the width at 800 px: two columns, and the picker shortcut by a real key press', async () => {
    const { popup, page } = await inspect(`${demo.sites['fs-usage'].origin}/other`);
    await popup.setViewportSize({ width: 800, height: 600 });
    await popup.locator('#all').waitFor();
    const lefts = await popup.evaluate(() =>
      [...document.querySelectorAll('main > section, main > .section')].map((s) =>
        Math.round(s.getBoundingClientRect().left),
      ),
    );
    expect(new Set(lefts).size).toBeGreaterThanOrEqual(2);
    expect(Math.max(...lefts)).toBeGreaterThan(350);
    await popup.locator('body').click({ position: { x: 5, y: 5 } });
    await popup.keyboard.press('/');
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('crawler-select');
    await done(popup, page);
  });
});
