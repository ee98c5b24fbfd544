/**
 * "Other crawler stacks" in either browser, in the real toolbar popup: nothing is read
 * before the section is opened; then each demo file splits the lenses on one cause
 * (docs/semantics/lens.md §8), for Googlebot, with the divergent line, the why and the fix in words. Run by
 * tests/e2e/ and tests/e2e-firefox/ (lens.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserKind, TabPage } from '../support/browser';
import { type SiteName } from '../support/demo-site';
import { useBrowser, useDemo } from '../support/fixtures';
import { type LensView, readLensView } from '../support/lens-view';
import type { PopupPage } from '../support/popup-page';
import { pollFor } from '../support/wait';

const differing = (view: LensView) =>
  Object.entries(view.rows)
    .filter(([, r]) => r.differs === 'true')
    .map(([id]) => id);

export function describeLens(kind: BrowserKind): void {
  describe(`the parser lenses in the popup, in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    async function openLens(
      site: SiteName,
      path: string,
    ): Promise<{ popup: PopupPage; page: TabPage; view: LensView }> {
      const { page } = await browser.openPage(`${demo.sites[site].origin}${path}`);
      const popup = await browser.clickAction(page);
      await popup.waitForInspection();
      // Nothing is read before the section is opened.
      expect(await popup.page.evaluate(() => document.querySelectorAll('[data-testid=lens-row]').length)).toBe(0);
      await pollFor('the lens section', 10_000, () =>
        popup.page.evaluate(() => {
          const summary = document.querySelector<HTMLElement>('[data-testid=lens] > summary');
          summary?.click();
          return summary ? true : null;
        }),
      );
      const view = await pollFor('the lens rows', 15_000, () => popup.page.evaluate(readLensView));
      return { popup, page, view };
    }

    async function close(popup: PopupPage, page: TabPage): Promise<void> {
      await popup.close();
      await page.close();
    }

    it('first match: Python before 3.13.14 and 3.14.5 blocks the carve-out Google allows, and the fix moves the Allow up', async () => {
      const { popup, page, view } = await openLens('lens-first-match', '/public/page.html');
      expect(Object.keys(view.rows)).toHaveLength(6);
      expect(view.rows['py-legacy']).toEqual({ allowed: 'false', differs: 'true' });
      expect(view.rows['rfc9309']).toEqual({ allowed: 'true', differs: 'false' });
      expect(differing(view)).toEqual(['py-legacy']);
      expect(view.divergences).toEqual(['3:py-legacy']);
      expect(view.text).toContain('first matching rule');
      // robots.txt text is shown as code, not between backticks.
      expect(view.text).toContain('Move Allow: /public/ above line 2');
      // The file view lists the same line.
      expect(view.fileDivergences).toBe(1);
      await close(popup, page);
    });

    it('a blank line between stacked agents: Python before 3.13.14 and 3.14.5 lets Googlebot through', async () => {
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

    it('a BOM file served as bytes: the copied fix is the same file without the mark, its * group header intact', async () => {
      const { popup, page, view } = await openLens('lens-bom', '/page.html');
      expect(view.rows['py-legacy']).toEqual({ allowed: 'true', differs: 'true' });
      expect(view.divergences).toContain('1:py-legacy,py-rfc,rfc9309');
      // The label and the sentence after it read as two sentences.
      expect(view.text).toContain('Suggested fix: Remove the byte-order mark.');
      expect(view.text).not.toMatch(/mark ?Put in place/);
      const button = '#why [data-testid=divergence][data-line="1"] [data-testid=copy-fixed-file]';
      await popup.page.waitFor(button);
      await popup.page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { copied: string[] }).copied = seen;
        navigator.clipboard.writeText = (text: string) => {
          seen.push(text);
          return Promise.resolve();
        };
      });
      await popup.page.bringToFront();
      await popup.page.click(button);
      const copied = await pollFor('the copied file', 5_000, () =>
        popup.page.evaluate(() => (window as unknown as { copied: string[] }).copied[0] ?? null),
      );
      // Re-read: every line whole, the `*` header first, no mark.
      expect(copied).toBe('User-agent: *\nDisallow: /\nAllow: /a%2Fb/\n');
      expect(copied.split('\n')[0]).toBe('User-agent: *');
      await close(popup, page);
    });

    it('a Cloudflare block on top: Python before 3.13.14 and 3.14.5 reads only the first `*` group', async () => {
      const { popup, page, view } = await openLens('lens-cloudflare', '/admin/page.html');
      expect(view.rows['py-legacy']).toEqual({ allowed: 'true', differs: 'true' });
      expect(view.rows['crawler-commons']).toEqual({ allowed: 'false', differs: 'false' });
      expect(view.divergences.some((d) => d.split(':')[1]?.split(',').includes('py-legacy'))).toBe(true);
      await close(popup, page);
    });
  });
}
