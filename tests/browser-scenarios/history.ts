/**
 * robots.txt history in either browser: a demo file that changes between fetches and once answers
 * 503, refetched from the popup (the changed-since notice each time), the history view in the
 * workbench page (every version, the line diff, the verdicts it changed, a draft started from a
 * version), a watched site re-checked when its alarm fires (the options page shows the result),
 * and Cloudflare's managed block marked in the file view. Run by tests/e2e/ and
 * tests/e2e-firefox/ (history.test.ts).
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BrowserKind, TabPage, TestPage } from '../support/browser';
import { storedDraftsIn } from '../support/drafts';
import { keptItemIn } from '../support/kept-database';
import { useBrowser, useDemo } from '../support/fixtures';
import { pollFor, until } from '../support/wait';
import { proseOf } from '../support/words-check';

/** How many elements match `selector`. */
const countOf = (page: TestPage, selector: string) =>
  page.evaluate((s) => document.querySelectorAll(s).length, selector);

/** Clicks the `input[name=<name>]` of the `index`-th kept version's row (0: the newest). */
const pickVersion = (page: TabPage, index: number, name: 'from' | 'to') =>
  page.evaluate(
    ({ i, n }) => {
      const row = document.querySelectorAll('[data-testid=history-version]')[i];
      const input = row?.querySelector<HTMLInputElement>(`input[name=${n}]`);
      if (input === null || input === undefined) throw new Error(`no ${n} choice in version row ${i}`);
      input.click();
    },
    { i: index, n: name },
  );

export function describeHistory(kind: BrowserKind): void {
  describe(`robots.txt history in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    /** Makes the demo origin's robots.txt answer version `v` from now on. */
    async function serve(origin: string, v: number): Promise<void> {
      const response = await fetch(`${origin}/history/serve?v=${v}`);
      expect(response.status).toBe(200);
    }

    /** Fetch robots.txt again in the popup, until the button says it is done (it is disabled while the fetch runs). */
    async function refetch(popup: TestPage): Promise<void> {
      await popup.click('[data-testid=refresh]');
      await popup.waitFor('[data-testid=refresh]', /Fetch robots.txt again/);
    }

    it('notices each change on refetch, then the history view shows every version and the diff', async () => {
      const origin = demo.sites['history-changing'].origin;
      await serve(origin, 1);
      const { page, tabId } = await browser.openPage(`${origin}/private/page.html`);
      const popup = await browser.openPopupForTab(tabId);
      expect(await popup.waitForInspection()).toMatch(/Allowed/);
      // The first inspection of this origin: nothing to compare with.
      expect(await countOf(popup.page, '[data-testid=changed-since]')).toBe(0);

      await serve(origin, 3);
      await refetch(popup.page);
      expect(await popup.page.waitFor('[data-testid=changed-since]', /changed/)).toMatch(
        /robots\.txt changed (just now|\d+ s ago): 1 line added · Googlebot's verdict for this page went from Allowed to Blocked/,
      );
      // What Googlebot may still use: the version before the change, for up to 24 hours from now.
      expect(await popup.byTestId('crawler-now')).toMatch(
        /^What crawlers are using now: Googlebot may still be using version #1 until .+ at the latest \(Google caches robots\.txt for up to 24 hours\); from then on it uses version #2\./,
      );

      await serve(origin, 2);
      await refetch(popup.page);
      expect(await popup.page.waitFor('[data-testid=changed-since]', /503/)).toMatch(/it answered 503 \(was 200\)/);
      // Issue 30: the note and the headline agree: in the first 12 hours Google stops crawling (Blocked),
      // then it uses version #2, each step with its time.
      expect(await popup.byTestId('crawler-now')).toMatch(
        /robots\.txt is unreachable \(version #3\)\. Google stops crawling the site until .+ \(the first 12 hours, counted from the first failed fetch seen \(version #3\) at .+\); then it uses its last good copy of robots\.txt \(most likely version #2, last fetched .+\) until .+;/,
      );
      expect(await popup.verdict()).toMatch(/^\W*Blocked/);

      await serve(origin, 3);
      await refetch(popup.page);
      expect(await popup.page.waitFor('[data-testid=changed-since]', /answered 200/)).toMatch(
        /it answered 200 \(was 503\)/,
      );

      // "See the history" opens the workbench's history view of this origin in a new tab.
      await popup.page.evaluate(() => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid=changed-since] a')].find(
          (a) => a.textContent?.trim() === 'See the history',
        );
        if (link === undefined) throw new Error('no See the history link in the notice');
        link.click();
      });
      const opened = await pollFor('the history tab', 15_000, async () => {
        const urls = await browser.evaluateInExtension(async (ext) =>
          (await ext.tabs.query({})).map((t) => t.url ?? '').filter((u) => u.includes('/workbench.html?')),
        );
        return urls.length === 1 ? urls[0] : null;
      });
      const target = new URL(opened);
      expect(`${target.protocol}//${target.host}${target.pathname}`).toBe(`${browser.extensionOrigin}/workbench.html`);
      expect(target.searchParams.get('origin')).toBe(origin);
      expect(target.searchParams.get('view')).toBe('history');
      // The test reads the view in a tab of its own, the same address.
      await browser.evaluateInExtension(async (ext) => {
        const tabs = await ext.tabs.query({});
        await ext.tabs.remove(tabs.filter((t) => (t.url ?? '').includes('/workbench.html?')).map((t) => t.id ?? -1));
      });
      await popup.close();

      const history = await browser.openExtensionPage(`workbench.html${target.search}`);
      await history.waitFor('[data-testid=history-version]', /#4/);
      expect(
        await history.evaluate(() =>
          [...document.querySelectorAll('[data-testid=history-version]')].map((e) => e.getAttribute('data-status')),
        ),
      ).toEqual(['200', '503', '200', '200']);
      // Compare the first version with the newest: the added Disallow line, and the verdicts it changed.
      await pickVersion(history, 3, 'from');
      const diff = await history.waitFor('[data-testid=history-diff]', /Disallow: \/private\//);
      expect(diff).toMatch(/1 added, 0 removed/);
      expect(diff).toContain('Disallow: /tmp/');
      // Grouped as the workbench groups: the crawlers that read the * group share one line.
      const verdicts = await history.text('[data-testid=history-verdicts]');
      expect(verdicts).toMatch(
        /^\d+ crawlers \(all Google .+\): Allowed → Blocked \(line 4: Disallow: \/private\/\)$/m,
      );
      expect(
        await history.evaluate(() =>
          [...document.querySelectorAll('[data-testid=history-verdict-change]')].some((e) =>
            (e.getAttribute('data-crawlers') ?? '').split(' ').includes('Googlebot'),
          ),
        ),
      ).toBe(true);
      // The evidence bundle of these versions: its README says no word wrong.
      await history.evaluate(() => {
        const caught = window as unknown as { saved?: string };
        HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
          caught.saved = this.href;
        };
      });
      await history.click('[data-testid=download-evidence]');
      await history.waitFor('.notice[role=status]', /Evidence bundle downloaded/);
      const zip = await history.evaluate(async () => {
        const href = (window as unknown as { saved: string }).saved;
        return [...new Uint8Array(await (await fetch(href)).arrayBuffer())];
      });
      const readme = strFromU8(unzipSync(new Uint8Array(zip))['README.txt'] ?? new Uint8Array());
      expect(readme).toMatch(/\w/);
      browser.scanText('the evidence README', proseOf(readme));
      // Comparing the 503 with the version before it: every line gone, every crawler blocked.
      await pickVersion(history, 1, 'to');
      await pickVersion(history, 2, 'from');
      expect(await history.waitFor('[data-testid=history-diff]', /removed/)).toMatch(/0 added, 4 removed/);

      // A draft from the first version joins the origin's drafts (in the workbench's IndexedDB) and
      // the page switches to the editor, showing it.
      await history.evaluate(() => {
        const rows = document.querySelectorAll('[data-testid=history-version]');
        const start = [...(rows[3]?.querySelectorAll('button') ?? [])].find(
          (b) => b.textContent?.trim() === 'Start a draft',
        );
        if (start === undefined) throw new Error('no Start a draft button in the first version');
        start.click();
      });
      await history.waitFor(
        '[data-testid=draft-editor] .cm-content',
        /# Demo: version 1\.\s+User-agent: \*\s+Disallow: \/tmp\//,
      );
      expect(new URL(history.url()).searchParams.get('view')).toBeNull();
      expect(await history.text('[data-testid=draft-select] option:checked')).toMatch(
        /^From version of .+ \(HTTP 200\)$/,
      );
      const book = (await pollFor('the stored draft', 5_000, () => storedDraftsIn(browser, origin))) as {
        currentId: string;
        drafts: { id: string; text: string }[];
      };
      expect(book.drafts.find((d) => d.id === book.currentId)?.text).toBe(
        '# Demo: version 1.\nUser-agent: *\nDisallow: /tmp/\n',
      );
      // Not in storage.local, under the old key or the new one.
      expect(
        await browser.evaluateInExtension(
          async (ext, keys) => Object.keys(await ext.storage.local.get(keys)),
          [`workbench-drafts:${origin}`, `drafts:${origin}`],
        ),
      ).toEqual([]);
      await history.close();
      await page.close();
    }, 120_000);

    it('re-checks a watched site when its alarm fires, and the options page shows the result', async () => {
      const origin = demo.sites['history-watched'].origin;
      await serve(origin, 1);
      const { page, tabId } = await browser.openPage(`${origin}/`);
      const popup = await browser.openPopupForTab(tabId);
      await popup.waitForInspection();
      await popup.page.click('[data-testid=watch]');
      const watched = async () => JSON.stringify(await keptItemIn(browser, 'watchedSites'));
      await until('the watch to be stored', watched, new RegExp(origin.replace(/[.:/]/g, '\\$&')));
      expect(
        await browser.evaluateInExtension(async (ext) => (await ext.alarms.get('robotscope-watch'))?.periodInMinutes),
      ).toBe(360);
      await popup.close();

      await serve(origin, 3);
      const fetches = () => demo.requests['history-watched'].filter((r) => r.url === '/robots.txt').length;
      const before = fetches();
      // Fire the watch alarm now (an unpacked extension's alarm may be due at once).
      await browser.evaluateInExtension(async (ext) => {
        await ext.alarms.create('robotscope-watch', { when: Date.now() + 50 });
      });
      const options = await browser.openExtensionPage('options.html');
      const result = await until(
        'the watched site to be re-checked',
        async () => {
          await options.reload();
          return options.text('[data-testid=watched-result]');
        },
        /Changed/,
        20_000,
      );
      expect(result).toBe('Changed: 1 line added.');
      expect(await options.text('[data-testid=watched-last-check]')).toMatch(/just now|\d+ s ago/);
      expect(fetches()).toBe(before + 1);
      // The watched request carried no cookie.
      expect(demo.requests['history-watched'].at(-1)?.headers.cookie).toBeUndefined();
      await options.close();
      await page.close();
    });

    it("marks Cloudflare's managed lines, names it where the * groups merge, and explains the content signals", async () => {
      const { page, tabId } = await browser.openPage(`${demo.sites['history-cdn'].origin}/private/page.html`);
      const popup = await browser.openPopupForTab(tabId);
      expect(await popup.waitForInspection()).toMatch(/Blocked/);
      // The file view draws the rows around the deciding line: from the top, lines 1–10 are drawn.
      await popup.page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('.file-scroller');
        if (scroller === null) throw new Error('no file view');
        scroller.scrollTop = 0;
        scroller.dispatchEvent(new Event('scroll'));
      });
      await popup.page.waitFor('[data-testid=file-line][data-line="1"]');
      expect(
        await popup.page.evaluate(() =>
          [...document.querySelectorAll('[data-testid=file-line][data-cdn=true]')].map((e) =>
            e.getAttribute('data-line'),
          ),
        ),
      ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      expect(await countOf(popup.page, '[data-testid=file-line]:not([data-cdn])')).toBeGreaterThan(0);
      expect(await popup.byTestId('cdn-merge')).toMatch(/lines 3–5 were added by Cloudflare \(your CDN\)/);
      const signals = await popup.page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid=content-signal]')].map((e) => e.innerText),
      );
      expect(signals).toHaveLength(3);
      expect(signals[0]).toMatch(/Line 4, Content-Signal for User-agent: \* \(added by Cloudflare\)/);
      expect(signals[2]).toMatch(/Malformed/);
      await popup.close();
      await page.close();
    });
  });
}
