import { storedDrafts } from '../support/drafts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { replaceStarted, useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

// History in real Chromium: a demo robots.txt that changes between fetches and once answers 503,
// refetched from the popup (the notice), the history page (versions, the diff, verdict changes),
// a watched site re-checked by a fired alarm, and Cloudflare's managed block in the file view.

const VERDICT = '[data-testid="verdict"]';
/** Waits for the sections below the verdict: they load by a dynamic import and mount in the frame after it. */
const sections = (popup: Page) => popup.locator('#fetch').waitFor();

describe('robots.txt history in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  /** Makes the demo origin's robots.txt answer version `v` from now on. */
  async function serve(origin: string, v: number): Promise<void> {
    const response = await fetch(`${origin}/history/serve?v=${v}`);
    expect(response.status).toBe(200);
  }

  const text = (page: Page, selector: string) => () =>
    page
      .locator(selector)
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => null);

  async function refetch(popup: Page): Promise<void> {
    await popup.getByTestId('refresh').click();
    // The button is disabled while the fetch runs.
    await until('the refetch to end', text(popup, '[data-testid=refresh]'), /Refetch now/);
  }

  it('notices each change on refetch, then the history page shows every version and the diff', async () => {
    const origin = demo.sites['history-changing'].origin;
    await serve(origin, 1);
    const { tabId } = await harness.openPage(`${origin}/private/page.html`);
    const popup = await harness.openPopupForTab(tabId);
    expect(await until('the verdict', text(popup, VERDICT), /Allowed|Blocked/)).toMatch(/Allowed/);
    await sections(popup);
    // The first inspection of this origin: nothing to compare with.
    expect(await popup.getByTestId('changed-since').count()).toBe(0);

    await serve(origin, 3);
    await refetch(popup);
    expect(await until('the notice', text(popup, '[data-testid=changed-since]'), /changed/)).toMatch(
      /robots\.txt changed (just now|\d+ s ago): 1 line added · Googlebot's verdict for this page went from Allowed to Blocked/,
    );
    // What Googlebot may still use: the version before the change, for up to 24 hours from now.
    expect(await text(popup, '[data-testid=crawler-now]')()).toMatch(
      /^What crawlers are using now: Googlebot may still be using version #1 until .+ at the latest \(Google caches robots\.txt for up to 24 hours\); from then on it uses version #2\./,
    );

    await serve(origin, 2);
    await refetch(popup);
    expect(await until('the 503 notice', text(popup, '[data-testid=changed-since]'), /503/)).toMatch(
      /it answered 503 \(was 200\)/,
    );
    expect(await text(popup, '[data-testid=crawler-now]')()).toMatch(
      /robots\.txt is unreachable \(version #3\): Googlebot keeps using the last copy it read, most likely version #2, for up to 30 days/,
    );

    await serve(origin, 3);
    await refetch(popup);
    expect(await until('the back-up notice', text(popup, '[data-testid=changed-since]'), /answered 200/)).toMatch(
      /it answered 200 \(was 503\)/,
    );

    const opened = harness.context.waitForEvent('page');
    await popup.getByTestId('changed-since').getByText('See the history').click();
    const history = await opened;
    await history.waitForLoadState();
    expect(new URL(history.url()).searchParams.get('origin')).toBe(origin);
    expect(new URL(history.url()).searchParams.get('view')).toBe('history');
    await until('the versions', text(history, '[data-testid=history-version]'), /#4/);
    const rows = history.getByTestId('history-version');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
      '200',
      '503',
      '200',
      '200',
    ]);
    // Compare the first version with the newest: the added Disallow line, and the verdicts it changed.
    await rows.nth(3).locator('input[name=from]').check();
    const diff = await until('the diff', text(history, '[data-testid=history-diff]'), /Disallow: \/private\//);
    expect(diff).toMatch(/1 added, 0 removed/);
    expect(diff).toContain('Disallow: /tmp/');
    const verdicts = await history.getByTestId('history-verdicts').innerText();
    expect(verdicts).toContain('Googlebot: Allowed → Blocked (line 4: Disallow: /private/)');
    // Comparing the 503 with the version before it: every line gone, every crawler blocked.
    await rows.nth(1).locator('input[name=to]').check();
    await rows.nth(2).locator('input[name=from]').check();
    expect(await until('the 503 diff', text(history, '[data-testid=history-diff]'), /removed/)).toMatch(
      /0 added, 4 removed/,
    );
    // The history lives in the workbench page: a draft from the first version joins the origin's
    // drafts and the page switches to the editor, showing it.
    expect(new URL(history.url()).pathname).toBe('/workbench.html');
    await rows.nth(3).getByText('Start a draft').click();
    await until(
      'the draft in the editor',
      () => history.locator('[data-testid=draft-editor] .cm-content').innerText(),
      /# Demo: version 1\.\s+User-agent: \*\s+Disallow: \/tmp\//,
    );
    expect(new URL(history.url()).searchParams.get('view')).toBeNull();
    expect(await history.locator('[data-testid=draft-select] option:checked').innerText()).toMatch(
      /^From version of .+ \(HTTP 200\)$/,
    );
    const worker = await harness.serviceWorker();
    // Drafts live in the workbench's IndexedDB, not storage.local.
    const book = (await storedDrafts(worker, origin)) as { currentId: string; drafts: { id: string; text: string }[] };
    expect(
      await worker.evaluate(async (key) => (await chrome.storage.local.get(key))[key], `workbench-drafts:${origin}`),
    ).toBe(undefined);
    expect(book.drafts.find((d) => d.id === book.currentId)?.text).toBe(
      '# Demo: version 1.\nUser-agent: *\nDisallow: /tmp/\n',
    );
    expect(await worker.evaluate(async (key) => (await chrome.storage.local.get(key))[key], `drafts:${origin}`)).toBe(
      undefined,
    );
    await history.close();
    await popup.close();
  });

  it('keeps the history across a browser restart', async () => {
    const origin = demo.sites['history-changing'].origin;
    replaceStarted(harness, await harness.restartBrowser());
    const page = await harness.context.newPage();
    await page.goto(
      `chrome-extension://${harness.extensionId}/history.html?origin=${encodeURIComponent(origin)}&view=history`,
    );
    // history.html (links made before the history moved) forwards to the workbench's history view.
    await until('the versions', text(page, '[data-testid=history-version]'), /#4/);
    expect(new URL(page.url()).pathname).toBe('/workbench.html');
    expect(new URL(page.url()).searchParams.get('view')).toBe('history');
    expect(await page.getByTestId('history-version').count()).toBe(4);
    await page.close();
  });

  it('re-checks a watched site when its alarm fires, and the options page shows the result', async () => {
    const origin = demo.sites['history-watched'].origin;
    await serve(origin, 1);
    const { tabId } = await harness.openPage(`${origin}/`);
    const popup = await harness.openPopupForTab(tabId);
    await until('the verdict', text(popup, VERDICT), /Allowed|Blocked/);
    await sections(popup);
    await popup.getByTestId('watch').check();
    const worker = await harness.serviceWorker();
    const watched = async () =>
      JSON.stringify(await worker.evaluate(async () => (await chrome.storage.local.get('watchedSites')).watchedSites));
    await until('the watch to be stored', watched, new RegExp(origin.replace(/[.:/]/g, '\\$&')));
    expect(await worker.evaluate(async () => (await chrome.alarms.get('robotscope-watch'))?.periodInMinutes)).toBe(360);
    await popup.close();

    await serve(origin, 3);
    const before = demo.requests['history-watched'].filter((r) => r.url === '/robots.txt').length;
    // Fire the watch alarm now (an unpacked extension's alarm may be due at once).
    await worker.evaluate(() => chrome.alarms.create('robotscope-watch', { when: Date.now() + 50 }));
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    const result = await until(
      'the watched site to be re-checked',
      async () => {
        await options.reload();
        return text(options, '[data-testid=watched-result]')();
      },
      /Changed/,
      20_000,
    );
    expect(result).toBe('Changed: 1 line added.');
    expect(await options.getByTestId('watched-last-check').innerText()).toMatch(/just now|\d+ s ago/);
    expect(demo.requests['history-watched'].filter((r) => r.url === '/robots.txt').length).toBe(before + 1);
    // The watched request carried no cookie.
    expect(demo.requests['history-watched'].at(-1)?.headers.cookie).toBeUndefined();
    await options.close();
  });

  it("marks Cloudflare's managed lines, names it where the * groups merge, and explains the content signals", async () => {
    const { tabId } = await harness.openPage(`${demo.sites['history-cdn'].origin}/private/page.html`);
    const popup = await harness.openPopupForTab(tabId);
    expect(await until('the verdict', text(popup, VERDICT), /Allowed|Blocked/)).toMatch(/Blocked/);
    await sections(popup);
    const cdnLines = await popup
      .locator('[data-testid=file-line][data-cdn=true]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-line')));
    expect(cdnLines).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await popup.locator('[data-testid=file-line]:not([data-cdn])').count()).toBeGreaterThan(0);
    expect(await popup.getByTestId('cdn-merge').innerText()).toMatch(/lines 3–5 were added by Cloudflare \(your CDN\)/);
    const signals = await popup.getByTestId('content-signal').allInnerTexts();
    expect(signals).toHaveLength(3);
    expect(signals[0]).toMatch(/Line 4, Content-Signal for User-agent: \* \(added by Cloudflare\)/);
    expect(signals[2]).toMatch(/Malformed/);
    await popup.close();
  });
});
