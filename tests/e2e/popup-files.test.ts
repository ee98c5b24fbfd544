import { describe, expect, it } from 'vitest';
import { type SiteName } from '../support/demo-site';
import { type PopupHandle } from '../support/harness';
import { waitForInspection } from '../support/popup-page';
import { useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

// Files and fetch outcomes that stress the popup: 500 KiB, markup inside robots.txt, 404, 503,
// redirects, HTML, BOM, and a page robots.txt does not govern.

const VERDICT = '[data-testid="verdict"]';
const SETTLED = /Allowed|Blocked|does not apply/;

describe('the popup with hard files in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function clickOn(url: string): Promise<{ popup: PopupHandle; done: () => Promise<void> }> {
    const { page } = await harness.openPage(url);
    const popup = await harness.clickAction(page);
    return {
      popup,
      done: async () => {
        await popup.close();
        await page.close();
      },
    };
  }

  it('shows a 500 KiB file smoothly: only visible rows drawn, the deciding line drawn and in view, the cut marked', async () => {
    const robots = demo.sites.large.robots ?? '';
    const lines = robots.split('\n');
    const expected = lines.indexOf('Disallow: /archive/2000/item-12000/') + 1;
    expect(expected).toBeGreaterThan(12_000);
    const { popup, done } = await clickOn(`${demo.sites.large.origin}/archive/2000/item-12000/page.html`);
    expect(await waitForInspection(popup)).toContain(`Blocked`);
    expect(await popup.text('[data-testid="deciding-rule"]')).toContain(`Line ${expected}`);
    const view = await popup.evaluate(() => {
      const deciding = document.querySelector('[data-testid=file-line][data-deciding=true]') as HTMLElement;
      const scroller = deciding.closest('.file-scroller') as HTMLElement;
      const row = deciding.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      return {
        line: deciding.dataset.line,
        drawn: document.querySelectorAll('[data-testid=file-line]').length,
        inView: row.top >= box.top && row.bottom <= box.bottom,
        cut: document.querySelector('.file-row.cut') !== null || scroller.innerText.includes('Cut here'),
        body: document.body.innerText,
      };
    });
    expect(view.line).toBe(String(expected));
    expect(view.drawn).toBeLessThan(200);
    expect(view.inView).toBe(true);
    expect(view.body).toMatch(/cut at 500 KiB: Google reads only the first 512,000 bytes/);
    // The rule past the cut does not count.
    await popup.evaluate(() => {
      const input = document.querySelector('[data-testid=path-input]') as HTMLInputElement;
      input.value = '/beyond-the-cut/page.html';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await until('the path verdict', () => popup.text('[data-testid="path-verdict"]'), SETTLED)).toMatch(
      /Allowed/,
    );
    // Scrolling to the end draws the end, including the cut marker.
    const end = await popup.evaluate(async () => {
      const scroller = document.querySelector('.file-scroller') as HTMLElement;
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return {
        cut: scroller.innerText.includes('Cut here'),
        drawn: scroller.querySelectorAll('[data-testid=file-line]').length,
      };
    });
    expect(end.cut).toBe(true);
    expect(end.drawn).toBeLessThan(200);
    await done();
  });

  it('shows markup in robots.txt as text and runs none of it', async () => {
    const { popup, done } = await clickOn(`${demo.sites.xss.origin}/admin/page.html`);
    await waitForInspection(popup, /Blocked/);
    expect(await popup.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    expect(await popup.evaluate(() => document.body.innerText)).toContain('<img src=x onerror=alert(1)>');
    await done();

    // The same inspector opened as a page, so Playwright sees any dialog.
    const tab = await harness.openPage(`${demo.sites.xss.origin}/admin/page.html`);
    const page = await harness.openPopupForTab(tab.tabId);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.reload();
    await page.waitForSelector(`${VERDICT}:has-text("Blocked")`);
    await page.waitForSelector('[data-testid=file-line]');
    const seen = await page.evaluate(() => ({
      lines: [...document.querySelectorAll('[data-testid=file-line]')].map((e) => (e as HTMLElement).innerText),
      images: document.querySelectorAll('img').length,
      scripts: document.querySelectorAll('script:not([src])').length,
      jsLinks: [...document.querySelectorAll('a')].filter((a) => a.href.startsWith('javascript:')).length,
      sitemap: (document.querySelector('[data-testid=sitemap]') as HTMLElement).innerText,
    }));
    expect(seen.lines.join('\n')).toContain("# <script>alert('robots')</script>");
    expect(seen.lines.join('\n')).toContain('Disallow: /<img src=x onerror=alert(1)>');
    expect(seen).toMatchObject({ images: 0, scripts: 0, jsLinks: 0 });
    expect(seen.sitemap).toContain('javascript:alert(1)');
    // Rather than waiting a while for nothing: raise one dialog on purpose, queued after the file
    // was rendered, and wait for it; it must be the only one the listener saw.
    await page.evaluate(() => void setTimeout(() => alert('sentinel'), 0));
    await expect.poll(() => dialogs).toContain('sentinel');
    expect(dialogs).toEqual(['sentinel']);
    await page.close();
    await tab.page.close();
  });

  it('shows the worker’s lint findings under their lines', async () => {
    const { popup, done } = await clickOn(`${demo.sites.blocked.origin}/private/page.html`);
    await waitForInspection(popup, /Blocked/);
    const findings = await until(
      'the lint findings',
      () =>
        popup.evaluate(() =>
          [...document.querySelectorAll('.file-row.diagnostic .file-text')]
            .map((e) => (e as HTMLElement).innerText)
            .join('\n'),
        ),
      /Sitemap needs an absolute URL/,
    );
    expect(findings).toMatch(/^warning: Sitemap needs an absolute URL/m);
    expect(findings).toMatch(/^info: Google ignores Crawl-delay/m);
    expect(await popup.text('.file-summary')).toMatch(/lint findings?/);
    await done();
  });

  it.each<{ site: SiteName; path: string; verdict: RegExp; status: RegExp; more: RegExp }>([
    {
      site: 'missing',
      path: '/anything.html',
      verdict: /Allowed\s+no robots\.txt: every URL on the site may be crawled/,
      status: /404/,
      more: /No robots\.txt \(HTTP 404\)\. Crawlers treat this as no robots\.txt: every URL on the site may be crawled\./,
    },
    {
      site: 'unavailable',
      path: '/anything.html',
      verdict: /Blocked\s+robots\.txt unreachable: every URL on the site is blocked/,
      status: /503/,
      more: /the first 12 hours.*then it uses its last good copy of robots\.txt until/s,
    },
    {
      site: 'redirect',
      path: '/old/page.html',
      verdict: /Blocked/,
      status: /200/,
      more: /robots\.txt redirected once, to another origin .*\. Its rules apply to http.*301 .*\/robots\.txt → .*\/moved\/robots\.txt/s,
    },
    {
      site: 'html',
      path: '/private/page.html',
      verdict: /Allowed/,
      status: /200/,
      more: /robots\.txt is an HTML page, not a robots\.txt/,
    },
    {
      site: 'bom',
      path: '/bom-protected/page.html',
      verdict: /Blocked\s+by line 2 Disallow: \/bom-protected\//,
      status: /200/,
      more: /byte order mark/,
    },
  ])('explains the $site demo in words', async ({ site, path, verdict, status, more }) => {
    const { popup, done } = await clickOn(`${demo.sites[site].origin}${path}`);
    expect(await waitForInspection(popup)).toMatch(verdict);
    expect(await popup.text('[data-testid="fetch-status"]')).toMatch(status);
    // Issue 2: several warnings in the toolbar popup are one line until expanded in place.
    await popup.evaluate(() =>
      document.querySelector<HTMLElement>('[data-testid=warnings-toggle][aria-expanded=false]')?.click(),
    );
    expect(await popup.evaluate(() => document.body.innerText)).toMatch(more);
    await done();
  });

  it('says robots.txt does not apply on a browser page', async () => {
    const { page } = await harness.openPage('about:blank');
    const popup = await harness.clickAction(page);
    expect(await until('the verdict', () => popup.text(VERDICT), SETTLED)).toContain('robots.txt does not apply here');
    // Nothing but that: no section to read, no crawler to pick.
    expect(await popup.evaluate(() => document.querySelectorAll('[data-testid=matrix-row], #fetch, nav').length)).toBe(
      0,
    );
    await popup.close();
    await page.close();
  });
});
