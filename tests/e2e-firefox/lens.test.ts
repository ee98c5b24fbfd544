import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { type SiteName } from '../support/demo-site';
import { useDemo, useFirefox } from '../support/fixtures';
import { pollFor, until } from '../support/wait';
import { type LensView, readLensView } from '../support/lens-view';

// "Other crawler stacks" (issue 23) in real Firefox ESR: opened after the verdict, the lenses load
// and split on the demo files' causes, for Googlebot.

const textOf = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector<HTMLElement>(s)?.innerText ?? null, selector);

describe('the parser lenses in the popup, in real Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

  async function openLens(site: SiteName, path: string): Promise<{ popup: Page; view: LensView }> {
    const { tabId } = await harness.openPage(`${demo.sites[site].origin}${path}`);
    const popup = await harness.openPopupForTab(tabId);
    await until('the verdict', () => textOf(popup, '[data-testid="verdict"]'), /Allowed|Blocked/);
    await popup.waitForSelector('[data-testid=lens] > summary');
    expect(await popup.$$eval('[data-testid=lens-row]', (rows) => rows.length)).toBe(0);
    await popup.click('[data-testid=lens] > summary');
    const view = await pollFor('the lens rows', 15_000, () => popup.evaluate(readLensView));
    return { popup, view };
  }

  it('first match: Python ≤ 3.12 blocks the carve-out Google allows', async () => {
    const { popup, view } = await openLens('lens-first-match', '/public/page.html');
    expect(Object.keys(view.rows)).toHaveLength(6);
    expect(view.rows['py-legacy']).toEqual({ allowed: 'false', differs: 'true' });
    expect(view.rows['rfc9309']).toEqual({ allowed: 'true', differs: 'false' });
    expect(view.divergences).toEqual(['3:py-legacy']);
    await popup.close();
  }, 60_000);

  it('User-agent: bot: the Python stacks and Scrapy apply it to Googlebot', async () => {
    const { popup, view } = await openLens('lens-bot', '/page.html');
    expect(
      Object.entries(view.rows)
        .filter(([, r]) => r.differs === 'true')
        .map(([id]) => id),
    ).toEqual(['py-legacy', 'py-rfc', 'protego']);
    expect(view.divergences).toEqual(['1:py-legacy,py-rfc,protego']);
    await popup.close();
  }, 60_000);
});
