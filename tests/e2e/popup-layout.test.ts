import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_RULE_PATH, longPath, UI_SITEMAP_COUNT } from '../support/demo/trust-ui';
import { type PopupHandle, REPO_ROOT } from '../support/harness';
import { waitForInspection } from '../support/popup-page';
import { useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

/** Screenshots go to test-results/ (ignored by git); UPDATE_SCREENSHOTS=1 writes them to docs/ for the README. */
const SHOTS = join(REPO_ROOT, process.env.UPDATE_SCREENSHOTS === '1' ? 'docs' : 'test-results');

// The popup's first screen at its real toolbar size: a short Sitemaps list, a pinned
// header that stays small, the path tester's line in the file, all crawlers on a 503, and the
// searchable crawler picker.

const VERDICT = '[data-testid="verdict"]';

/** Runs `body` in the popup with `arg` bound (PopupHandle.evaluate takes no arguments). */
function run<T>(popup: PopupHandle, arg: unknown, body: string): Promise<T> {
  return popup.evaluate(new Function(`const arg = ${JSON.stringify(arg)};\n${body}`) as () => T);
}

const typePath = (popup: PopupHandle, path: string) =>
  run<void>(
    popup,
    path,
    `const i = document.querySelector('[data-testid=path-input]'); i.focus(); i.value = arg; i.dispatchEvent(new Event('input', { bubbles: true }));`,
  );

describe('the popup’s layout in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function clickOn(url: string): Promise<{ popup: PopupHandle; done: () => Promise<void> }> {
    const { page } = await harness.openPage(url);
    const popup = await harness.clickAction(page);
    await waitForInspection(popup);
    return {
      popup,
      done: async () => {
        await popup.close();
        await page.close();
      },
    };
  }

  it('draws the first 10 of 1,037 sitemaps, says the total, and all on demand', async () => {
    const { popup, done } = await clickOn(`${demo.sites['ui-sitemaps'].origin}/private/page.html`);
    const before = await popup.evaluate(() => ({
      drawn: document.querySelectorAll('[data-testid=sitemap]').length,
      file: (document.getElementById('file') as HTMLElement).innerText,
      listHeight: (document.querySelector('.sitemap-list') as HTMLElement).getBoundingClientRect().height,
    }));
    expect(before.drawn).toBe(10);
    expect(before.file).toContain(`${UI_SITEMAP_COUNT.toLocaleString('en-US')} sitemaps`);
    expect(before.listHeight).toBeLessThan(400);
    const after = await popup.evaluate(async () => {
      const button = [...document.querySelectorAll('#file button')].find((b) => b.textContent?.startsWith('Show all'));
      (button as HTMLButtonElement).click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const items = document.querySelectorAll<HTMLElement>('[data-testid=sitemap]');
      return { drawn: items.length, last: items[items.length - 1]?.innerText ?? '' };
    });
    expect(after).toEqual({ drawn: UI_SITEMAP_COUNT, last: expect.stringContaining('part-1037.xml') });
    await done();
  });

  it('keeps the pinned header within 160 px at 460 × 600 with a 474-character URL, the URL whole on demand', async () => {
    const origin = demo.sites['ui-long-url'].origin;
    const url = `${origin}${longPath(origin)}`;
    expect(url).toHaveLength(474);
    const { popup, done } = await clickOn(url);
    const measure = () =>
      popup.evaluate(() => {
        const top = document.querySelector('header.top') as HTMLElement;
        return {
          header: Math.round(top.getBoundingClientRect().height),
          width: document.documentElement.clientWidth,
          sticky: getComputedStyle(top).position,
          urlText: (top.querySelector('.verdict-for') as HTMLElement).textContent ?? '',
        };
      });
    const clamped = await measure();
    console.info(`pinned header with a 474-character URL: ${clamped.header} px at ${clamped.width} px wide`);
    expect(clamped.width).toBeGreaterThanOrEqual(440);
    expect(clamped.sticky).toBe('sticky');
    expect(clamped.header).toBeLessThanOrEqual(160);
    expect(clamped.urlText).toContain(url);
    await popup.evaluate(() => (document.querySelector('[data-testid=toggle-url]') as HTMLElement).click());
    const open = await measure();
    expect(open.header).toBeGreaterThan(clamped.header);
    expect(
      await popup.evaluate(() => document.querySelector('[data-testid=toggle-url]')?.getAttribute('aria-expanded')),
    ).toBe('true');
    await done();
  });

  it.each([
    { site: 'large', path: '/archive/2000/item-12000/page.html' },
    { site: 'html', path: '/private/page.html' },
    { site: 'unavailable', path: '/anything.html' },
    { site: 'blocked', path: '/private/page.html' },
  ] as const)('keeps the pinned header within 160 px on the $site demo', async ({ site, path }) => {
    const { popup, done } = await clickOn(`${demo.sites[site].origin}${path}`);
    const header = await popup.evaluate(() =>
      Math.round((document.querySelector('header.top') as HTMLElement).getBoundingClientRect().height),
    );
    console.info(`pinned header on the ${site} demo: ${header} px`);
    expect(header).toBeLessThanOrEqual(160);
    // Expand is offered only when the header clips something. Sections that load after the verdict
    // (indexability, history) may change what clips: read both once the popup has settled.
    const readClip = () =>
      popup.evaluate(() => ({
        clipped: [...document.querySelectorAll('header.top .verdict-card, header.top .verdict-for')].some(
          (e) => e.scrollHeight > e.clientHeight + 1,
        ),
        offered: document.querySelector('[data-testid=toggle-url]') !== null,
      }));
    let clip = await readClip();
    for (const deadline = Date.now() + 5_000; clip.offered !== clip.clipped && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      clip = await readClip();
    }
    expect(clip.offered).toBe(clip.clipped);
    await done();
  });

  it('names the tested path’s group and marks its line in the file, apart from the page’s', async () => {
    const { popup, done } = await clickOn(`${demo.sites['ui-path-tester'].origin}${LONG_RULE_PATH}page.html`);
    expect(await popup.text(VERDICT)).toMatch(/Blocked\s+by line 8 Disallow: \/drafts\//);
    await typePath(popup, '/secret/x');
    expect(await until('the path verdict', () => popup.text('[data-testid="path-verdict"]'), /Blocked/)).toContain(
      'line 10 Disallow: /secret/',
    );
    expect(await popup.text('[data-testid="path-group"]')).toBe(
      'Group: User-agent: Googlebot, User-agent: bingbot (lines 6–10)',
    );
    const marks = await popup.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid=file-line]')]
        .filter((l) => l.dataset.deciding === 'true' || l.dataset.tested === 'true')
        .map((l) => ({
          line: l.dataset.line,
          deciding: l.dataset.deciding,
          tested: l.dataset.tested ?? null,
          outline: getComputedStyle(l).outlineStyle,
          background: getComputedStyle(l).backgroundColor,
        })),
    );
    expect(marks.map(({ line, deciding, tested }) => ({ line, deciding, tested }))).toEqual([
      { line: '8', deciding: 'true', tested: null },
      { line: '10', deciding: 'false', tested: 'true' },
    ]);
    // Distinct to the eye: the tested line has its own outline, the deciding line its own background.
    expect(marks[1]?.outline).toBe('dashed');
    expect(marks[1]?.background).not.toBe(marks[0]?.background);
    // The all-crawlers matrix wraps a long rule rather than cutting it at 460 px.
    const rules = await popup.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid=matrix-row][data-allowed=false] .matrix-rule')].map(
        (r) => ({ text: r.innerText, cut: r.scrollWidth > r.clientWidth + 1, lines: Math.round(r.offsetHeight / 16) }),
      ),
    );
    const long = rules.filter((r) => r.text.includes(LONG_RULE_PATH));
    expect(long.length).toBeGreaterThan(5);
    expect(long.filter((r) => r.cut)).toEqual([]);
    expect(Math.max(...long.map((r) => r.lines))).toBeGreaterThan(1);
    await done();
  });

  it('scrolls a 500 KiB file to the tested line on demand, still drawing only the visible rows', async () => {
    const robots = demo.sites.large.robots ?? '';
    const lines = robots.split('\n');
    const pageLine = lines.indexOf('Disallow: /archive/2000/item-12000/') + 1;
    const testedLine = lines.indexOf('Disallow: /archive/2003/item-3/') + 1;
    expect(pageLine - testedLine).toBeGreaterThan(10_000);
    const { popup, done } = await clickOn(`${demo.sites.large.origin}/archive/2000/item-12000/page.html`);
    await typePath(popup, '/archive/2003/item-3/x');
    await until('the path verdict', () => popup.text('[data-testid="path-verdict"]'), /Blocked/);
    await popup.evaluate(() => (document.querySelector('[data-testid=show-in-file]') as HTMLElement).click());
    const view = await until(
      'the tested line in view',
      () =>
        popup.evaluate(() => {
          const tested = document.querySelector<HTMLElement>('[data-testid=file-line][data-tested=true]');
          const scroller = document.querySelector('.file-scroller') as HTMLElement;
          if (!tested) return null;
          const row = tested.getBoundingClientRect();
          const box = scroller.getBoundingClientRect();
          const inView = row.top >= box.top && row.bottom <= box.bottom && box.top >= 0 && box.top < innerHeight;
          return JSON.stringify({
            line: tested.dataset.line,
            inView,
            drawn: scroller.querySelectorAll('[data-testid=file-line]').length,
          });
        }),
      /"inView":true/,
    );
    const parsed = JSON.parse(view) as { line: string; drawn: number };
    expect(parsed.line).toBe(String(testedLine));
    expect(parsed.drawn).toBeLessThan(200);
    await done();
  });

  it('on a 503 says once, for all crawlers, that they are blocked, and Why says it once', async () => {
    const { popup, done } = await clickOn(`${demo.sites.unavailable.origin}/anything.html`);
    const same = await until('the collapsed matrix', () => popup.text('[data-testid="matrix-same"]'), /crawlers/);
    expect(same).toMatch(/All \d+ crawlers: .*blocked/);
    expect(same.match(/blocked/g)).toHaveLength(1);
    expect(await popup.evaluate(() => document.querySelectorAll('[data-testid=matrix-row]').length)).toBe(0);
    const why = await popup.evaluate(() => {
      const text = (document.getElementById('why') as HTMLElement).innerText;
      const sentences = text.split(/(?<=\.)\s+/).filter((s) => s.length > 30);
      return { repeated: sentences.filter((s, i) => sentences.indexOf(s) !== i), text };
    });
    expect(why.repeated, why.text).toEqual([]);
    // Expanded, the rows follow the picker's order.
    const orders = await popup.evaluate(async () => {
      (document.querySelector('[data-testid=matrix-expand]') as HTMLElement).click();
      const input = document.querySelector('[data-testid=crawler-select]') as HTMLInputElement;
      input.focus();
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid=matrix-row]')].map(
        (r) => r.dataset.crawler,
      );
      const options = [...document.querySelectorAll<HTMLElement>('[role=option][data-token]')].map(
        (o) => o.dataset.token,
      );
      return { rows, options };
    });
    expect(orders.rows.length).toBeGreaterThanOrEqual(20);
    expect(orders.options.slice(0, orders.rows.length)).toEqual(orders.rows);
    await done();
  });

  it('finds crawlers by typing in the picker and picks one from the keyboard', async () => {
    const { page: site, tabId } = await harness.openPage(`${demo.sites.specific.origin}/public/page.html`);
    const page = await harness.openPopupForTab(tabId);
    await page.setViewportSize({ width: 460, height: 600 });
    await page.waitForSelector(`${VERDICT}:has-text("Allowed")`);
    const summary = await page.getByTestId('crawler-summary').innerText();
    expect(summary).toMatch(/^AI crawlers: \d+ of \d+ blocked · search: all allowed$/);
    // The summary is on the first screen.
    expect((await page.getByTestId('crawler-summary').boundingBox())?.y ?? 999).toBeLessThan(600);
    const picker = page.getByRole('combobox', { name: 'Crawler' });
    await picker.focus();
    await page.keyboard.type('gpt');
    const options = page.getByRole('option');
    // Best match first: GPTBot starts with it, ChatGPT-User contains it, then OpenAI's others.
    expect(await options.allInnerTexts()).toEqual([
      expect.stringContaining('GPTBot'),
      expect.stringContaining('ChatGPT-User'),
      expect.stringContaining('OAI-SearchBot'),
      expect.stringContaining('OAI-AdsBot'),
      'Add “gpt” as a custom token',
    ]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'popup-picker.png') });
    // The open list fits 400 px, in dark mode too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 400, height: 600 });
    const fit = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      list: document.querySelector('[role=listbox]')?.getBoundingClientRect().right ?? Infinity,
    }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.list).toBeLessThanOrEqual(fit.client);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 460, height: 600 });
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${VERDICT}:has-text("Blocked")`);
    expect(await page.getByTestId('verdict').innerText()).toContain('Disallow: /');
    expect(await picker.inputValue()).toBe('GPTBot');
    // Escape closes without picking.
    await picker.focus();
    await page.keyboard.type('claude');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('listbox').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(await picker.inputValue()).toBe('GPTBot');
    // A token that is no preset, with the token check's advice.
    await picker.focus();
    await page.keyboard.type('MJ12bot');
    expect(await page.getByTestId('custom-token').innerText()).toBe('Add “MJ12bot” as a custom token');
    expect(await page.locator('.combo-check').innerText()).toContain('MJ12bot');
    await page.keyboard.press('Escape');
    // Filling the field with a token and pressing Enter selects that crawler (what tests elsewhere do).
    await picker.fill('googlebot');
    await picker.press('Enter');
    await page.waitForSelector(`${VERDICT}:has-text("Allowed")`);
    expect(await picker.inputValue()).toBe('Googlebot');
    const ring = await picker.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(ring).not.toBe('none');
    await page.close();
    await site.close();
  });
});
