import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type SiteName } from '../support/demo-site';
import type { PopupHandle } from '../support/harness';
import { waitForInspection } from '../support/popup-page';
import { useChromium, useDemo } from '../support/fixtures';
import { pollFor } from '../support/wait';
import { type LensView, readLensView } from '../support/lens-view';

// "Other crawler stacks" (issue 23) in real Chromium: the lenses load only when the section is
// opened, and each demo file splits them on one cause (PARSER-LENS.md §8), for Googlebot.

describe('the parser lenses in the popup, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function openLens(site: SiteName, path: string): Promise<{ popup: PopupHandle; page: Page; view: LensView }> {
    const { page } = await harness.openPage(`${demo.sites[site].origin}${path}`);
    const popup = await harness.clickAction(page);
    await waitForInspection(popup);
    const before = await popup.evaluate(() => document.querySelectorAll('[data-testid=lens-row]').length);
    // Nothing is read before the section is opened.
    expect(before).toBe(0);
    await pollFor('the lens section', 10_000, () =>
      popup.evaluate(() => {
        const summary = document.querySelector<HTMLElement>('[data-testid=lens] > summary');
        summary?.click();
        return summary ? true : null;
      }),
    );
    const view = await pollFor('the lens rows', 15_000, () => popup.evaluate(readLensView));
    return { popup, page, view };
  }

  async function close(popup: PopupHandle, page: Page): Promise<void> {
    await popup.close();
    await page.close();
  }

  const differing = (view: LensView) =>
    Object.entries(view.rows)
      .filter(([, r]) => r.differs === 'true')
      .map(([id]) => id);

  it('first match: Python ≤ 3.12 blocks the carve-out Google allows, and the fix moves the Allow up', async () => {
    const { popup, page, view } = await openLens('lens-first-match', '/public/page.html');
    expect(Object.keys(view.rows)).toHaveLength(6);
    expect(view.rows['py-legacy']).toEqual({ allowed: 'false', differs: 'true' });
    expect(differing(view)).toEqual(['py-legacy']);
    expect(view.divergences).toEqual(['3:py-legacy']);
    expect(view.text).toContain('first matching rule');
    expect(view.text).toContain('Move `Allow: /public/` above line 2');
    // The file view lists the same line.
    expect(view.fileDivergences).toBe(1);
    await close(popup, page);
  });

  it('a blank line between stacked agents: Python ≤ 3.12 lets Googlebot through', async () => {
    const { popup, page, view } = await openLens('lens-blank-line', '/private/page.html');
    expect(view.rows['py-legacy']).toEqual({ allowed: 'true', differs: 'true' });
    expect(differing(view)).toEqual(['py-legacy']);
    expect(view.divergences).toEqual(['2:py-legacy']);
    expect(view.text).toContain('Remove the blank line 2');
    await close(popup, page);
  });

  it('User-agent: bot: the Python stacks and Scrapy apply it to Googlebot, Google does not', async () => {
    const { popup, page, view } = await openLens('lens-bot', '/page.html');
    expect(differing(view)).toEqual(['py-legacy', 'py-rfc', 'protego']);
    expect(view.rows['robots-parser']).toEqual({ allowed: 'true', differs: 'false' });
    expect(view.divergences).toEqual(['1:py-legacy,py-rfc,protego']);
    await close(popup, page);
  });

  it('a Cloudflare block on top: Python ≤ 3.12 reads only the first `*` group', async () => {
    const { popup, page, view } = await openLens('lens-cloudflare', '/admin/page.html');
    expect(view.rows['py-legacy']).toEqual({ allowed: 'true', differs: 'true' });
    expect(view.rows['crawler-commons']).toEqual({ allowed: 'false', differs: 'false' });
    expect(view.divergences.some((d) => d.split(':')[1]?.split(',').includes('py-legacy'))).toBe(true);
    await close(popup, page);
  });
});
