import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeViolation, describeViolations, scanPage } from '../support/axe';
import { useChromium, useDemo } from '../support/fixtures';
import { waitForInspection } from '../support/popup-page';
import { until } from '../support/wait';

// Accessibility, measured: axe-core in real Chromium on the popup, the workbench and the
// options page, each in the light and the dark theme (the pages follow prefers-color-scheme), must
// find no violation of impact serious or critical. Then the keyboard basics axe cannot judge: a
// visible focus ring, the crawler picker announced as a combobox, result tables with header cells.

const SCHEMES = ['light', 'dark'] as const;

/** Scans `page` in both themes; returns every serious or critical violation, in words, per theme. */
async function scanBothThemes(page: Page, where: string): Promise<string[]> {
  const failures: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    // Let the theme's colours (and the editors' palette, which follows the media query) apply.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const violations: AxeViolation[] = await scanPage(page);
    if (violations.length > 0) failures.push(describeViolations(`${where}, ${colorScheme} theme`, violations));
  }
  await page.emulateMedia({ colorScheme: null });
  return failures;
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  const failures = await scanBothThemes(page, where);
  expect(failures.join('\n\n'), `axe found serious or critical violations on ${where}`).toBe('');
}

/** Focuses a mark at the top of `page` (Tab goes on from where the focus last was, even after a blur). */
async function focusTopOf(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.getElementById('a11y-sweep-start')?.remove();
    const start = document.createElement('span');
    start.id = 'a11y-sweep-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
}

/**
 * Presses Tab `stops` times from the top of `page` and returns each focused control that shows no
 * ring: no outline or box shadow on itself, nor on the element that draws its focus (a CodeMirror
 * editor for its content, the label of an invisible file input).
 */
async function controlsWithoutRing(page: Page, stops: number): Promise<string[]> {
  await focusTopOf(page);
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(async () => {
      const focused = document.activeElement as HTMLElement | null;
      if (focused === null || focused === document.body) return null;
      const editor = focused.classList.contains('cm-content') ? focused.closest('.cm-editor') : null;
      // CodeMirror marks its editor focused a moment after the focus moves.
      for (let wait = 0; editor !== null && !editor.classList.contains('cm-focused') && wait < 20; wait++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const drawer = editor ?? (focused.matches('.file-button input') ? focused.closest('label') : focused);
      const style = getComputedStyle(drawer as HTMLElement);
      const ringed = (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
      const name = `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ''} “${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}”`;
      return { name, ringed };
    });
    if (stop === null || seen.has(stop.name)) continue;
    seen.add(stop.name);
    if (!stop.ringed) missing.push(stop.name);
  }
  await page.evaluate(() => document.getElementById('a11y-sweep-start')?.remove());
  // A sweep that met almost nothing proves nothing.
  if (seen.size < 8) missing.push(`only ${seen.size} controls took the focus in ${stops} presses of Tab`);
  return missing;
}

/** Tabs from the top of `page` until `selector` has the focus (at most `limit` presses). */
async function tabTo(page: Page, selector: string, limit = 60): Promise<void> {
  await focusTopOf(page);
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate((s) => {
      if (!(document.activeElement?.matches(s) ?? false)) return false;
      document.getElementById('a11y-sweep-start')?.remove();
      return true;
    }, selector);
    if (reached) return;
  }
  throw new Error(`${selector} was not reached in ${limit} presses of Tab`);
}

describe('accessibility of the extension’s pages in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function popupFor(url: string): Promise<{ popup: Page; done: () => Promise<void> }> {
    const { page, tabId } = await harness.openPage(url);
    await page.waitForLoadState('load');
    const popup = await harness.openPopupForTab(tabId);
    await waitForInspection({ text: (s) => popup.locator(s).first().innerText() });
    return {
      popup,
      done: async () => {
        await popup.close();
        await page.close();
      },
    };
  }

  async function openWorkbench(origin: string): Promise<Page> {
    const wb = await harness.context.newPage();
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await wb.waitForSelector('[data-testid=draft-editor] .cm-content');
    await wb.waitForSelector('[data-testid=change-summary]');
    return wb;
  }

  it('finds nothing serious on the popup of a blocked page', async () => {
    const { popup, done } = await popupFor(`${demo.sites.blocked.origin}/private/page.html`);
    expect(await popup.locator('.verdict-word').innerText()).toMatch(/Blocked/);
    await expectAccessible(popup, 'the popup of a blocked page');
    await done();
  });

  it('finds nothing serious on the popup of an allowed page', async () => {
    const { popup, done } = await popupFor(`${demo.sites.allow.origin}/articles/hello.html`);
    expect(await popup.locator('.verdict-word').innerText()).toMatch(/Allowed/);
    await expectAccessible(popup, 'the popup of an allowed page');
    await done();
  });

  it('finds nothing serious on the popup of a noindex page', async () => {
    const { popup, done } = await popupFor(`${demo.sites['fs-cloudflare'].origin}/noindex-header`);
    await until('the X-Robots-Tag row', async () => popup.getByTestId('row-xrt').getAttribute('data-state'), /^bad$/);
    expect(await popup.locator('.verdict-word').innerText()).toBe('Not indexable');
    await expectAccessible(popup, 'the popup of a noindex page');
    await done();
  });

  it('finds nothing serious on the popup with the file view open, and its picker is a combobox', async () => {
    const { popup, done } = await popupFor(`${demo.sites.blocked.origin}/private/page.html`);
    await popup.click('.section-nav a[href="#file"]');
    await popup.waitForSelector('#file [data-testid=file-line]');
    await popup.click('#file [data-testid=file-divergences] > summary');
    await until('the other parsers’ reading', () => popup.getByTestId('file-divergences').innerText(), /\(\d+\)/);
    await popup.click('#file .file-summary button');
    await expectAccessible(popup, 'the popup with the file view open');

    // The picker, opened from the keyboard: a combobox that owns a listbox of options and points
    // at the active one.
    const picker = '[data-testid=crawler-select]';
    expect(await popup.getAttribute(picker, 'role')).toBe('combobox');
    expect(await popup.getAttribute(picker, 'aria-expanded')).toBe('false');
    await tabTo(popup, picker);
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('ArrowDown');
    const open = await popup.evaluate((s) => {
      const input = document.querySelector(s) as HTMLInputElement;
      const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
      const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
      return {
        expanded: input.getAttribute('aria-expanded'),
        list: list?.getAttribute('role') ?? null,
        listName: list ? document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent : null,
        activeRole: active?.getAttribute('role') ?? null,
        activeInList: active !== null && list !== null && list.contains(active),
        options: list?.querySelectorAll('[role=option]').length ?? 0,
        label: (input.labels?.[0]?.textContent ?? '').trim(),
      };
    }, picker);
    expect(open).toMatchObject({ expanded: 'true', list: 'listbox', activeRole: 'option', activeInList: true });
    expect(open.options).toBeGreaterThan(10);
    expect(open.label).toMatch(/^Crawler/);
    expect(open.listName).toMatch(/^Crawler/);
    await expectAccessible(popup, 'the popup with the crawler picker open');
    await popup.keyboard.press('Escape');
    expect(await popup.getAttribute(picker, 'aria-expanded')).toBe('false');

    // Focus is visible on every control reached from the keyboard, in both themes.
    for (const colorScheme of SCHEMES) {
      await popup.emulateMedia({ colorScheme });
      expect(await controlsWithoutRing(popup, 60), `controls without a focus ring, ${colorScheme} theme`).toEqual([]);
    }
    await done();
  });

  it('finds nothing serious on the workbench with a draft, results and the history, and its table has headers', async () => {
    const origin = demo.sites.blocked.origin;
    const wb = await openWorkbench(origin);
    await wb.click('[data-testid=draft-editor] .cm-content');
    await wb.keyboard.press('Control+End');
    await wb.keyboard.press('Enter');
    // Every token kind the highlighter colours, and a line the linter marks.
    for (const line of ['Disallow: /public/', 'Disallow: /files/*.pdf$', 'Noindex: /old/', 'Unknown-key: 1']) {
      await wb.keyboard.type(line);
      await wb.keyboard.press('Enter');
    }
    await wb.keyboard.type('# the end');
    await until('the diff', () => wb.getByTestId('diff-summary').innerText(), /\d+ lines? added/);
    await wb.waitForSelector('[data-testid=draft-editor] .cm-lint-marker');

    await wb.fill('[data-testid=url-list]', [`${origin}/public/page.html`, `${origin}/private/page.html`].join('\n'));
    await wb.click('[data-testid=use-list]');
    await until('the results', () => wb.getByTestId('row-count').innerText(), /^\d[\d,]* of [\d,]+ rows/);
    // A row is selected from the keyboard as by a click: its deciding line is marked in the editor.
    const row = '[data-testid=result-row][data-draft=blocked]';
    expect(
      await wb
        .locator(row)
        .first()
        .evaluate((r) => (r as HTMLElement).tabIndex),
    ).toBe(0);
    await wb.locator(row).first().focus();
    await wb.keyboard.press('Enter');
    await wb.waitForSelector(`${row}.selected`);
    await wb.waitForSelector('.cm-wb-deciding');
    // Changed lines, lint marks, the deciding line and the search panel are all painted now.
    await wb.click('[data-testid=draft-editor] .cm-content');
    await wb.keyboard.press('Control+f');
    await wb.waitForSelector('[data-testid=draft-editor] .cm-search');
    await wb.keyboard.type('Disallow');
    await expectAccessible(wb, 'the workbench with a draft and results');

    // The editors follow the page's theme live: CodeMirror's own light or dark rules switch too.
    const editorClasses = async (colorScheme: 'light' | 'dark') => {
      await wb.emulateMedia({ colorScheme });
      await wb.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      return wb.evaluate(() => {
        const editor = document.querySelector('[data-testid=draft-editor] .cm-editor') as HTMLElement;
        const body = getComputedStyle(document.body).backgroundColor;
        return { classes: editor.className, background: getComputedStyle(editor).backgroundColor, body };
      });
    };
    const light = await editorClasses('light');
    const dark = await editorClasses('dark');
    expect(dark.classes).not.toBe(light.classes);
    expect(dark.background).not.toBe(light.background);
    expect(light.background).toBe(light.body);
    expect(dark.background).toBe(dark.body);
    await wb.emulateMedia({ colorScheme: null });

    const table = await wb.evaluate(() => {
      const t = document.querySelector('.wb-table') as HTMLElement;
      const headers = [...t.querySelectorAll('[role=columnheader]')].map((h) => (h.textContent ?? '').trim());
      const firstRow = t.querySelector('[data-testid=result-row]');
      return {
        role: t.getAttribute('role'),
        headers,
        cells: firstRow?.querySelectorAll('[role=cell]').length ?? 0,
      };
    });
    expect(table.role).toBe('table');
    expect(table.headers.slice(0, 4)).toEqual(['URL', 'Crawler', 'Live', 'Draft']);
    expect(table.headers).toContain('Copy row');
    expect(table.headers.every((h) => h !== '')).toBe(true);
    expect(table.cells).toBe(table.headers.length);

    // Tab from Test this list reaches the hidden file input; its label shows the ring.
    await wb.focus('[data-testid=use-list]');
    await wb.keyboard.press('Tab');
    expect(await wb.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('url-file');
    const fileRing = await wb.evaluate(
      () => getComputedStyle(document.querySelector('.wb-urls .file-button') as HTMLElement).outlineStyle,
    );
    expect(fileRing).not.toBe('none');

    // The editor's focus is visible: CodeMirror draws its own ring on the focused editor.
    await wb.focus('[data-testid=draft-editor] .cm-content');
    await wb.waitForSelector('[data-testid=draft-editor] .cm-editor.cm-focused');
    const editorRing = await wb.evaluate(() => {
      const editor = document.querySelector('[data-testid=draft-editor] .cm-editor') as HTMLElement;
      const style = getComputedStyle(editor);
      return style.outlineStyle === 'none' ? '' : style.outlineStyle;
    });
    expect(editorRing).not.toBe('');

    await wb.keyboard.press('Escape');
    for (const colorScheme of SCHEMES) {
      await wb.emulateMedia({ colorScheme });
      expect(await controlsWithoutRing(wb, 80), `controls without a focus ring, ${colorScheme} theme`).toEqual([]);
    }
    await wb.emulateMedia({ colorScheme: null });

    await wb.click('[data-testid=view-history]');
    await wb.waitForSelector('[data-testid=view-history][aria-pressed=true]');
    await until('the history view', () => wb.locator('main').innerText(), /robots\.txt history/);
    // The workbench's own fetch of the live file is a version kept.
    await wb.waitForSelector('[data-testid=history-version]');
    await expectAccessible(wb, 'the workbench’s History view');
    const versionHeaders = await wb.evaluate(() =>
      [...document.querySelectorAll<HTMLTableCellElement>('table.versions thead th')].map((th) => th.scope),
    );
    expect(versionHeaders.length).toBeGreaterThan(3);
    expect(new Set(versionHeaders)).toEqual(new Set(['col']));
    await wb.close();
  });

  it('finds nothing serious on the workbench’s probe report', async () => {
    const origin = demo.sites.probe.origin;
    const query = new URLSearchParams({ origin, url: `${origin}/article`, probe: 'run' });
    const wb = await harness.context.newPage();
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?${query.toString()}`);
    await until('the probe summary', () => wb.getByTestId('probe-summary').innerText(), /\S/, 60_000);
    await expectAccessible(wb, 'the workbench’s probe report');
    await wb.close();
  });

  it('finds nothing serious on the options page, and its controls show focus', async () => {
    // Something in the cache, so the cache table has rows.
    const { done } = await popupFor(`${demo.sites.allow.origin}/`);
    await done();
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.waitForSelector('main.options');
    await until('the cache table', () => options.locator('main').innerText(), new RegExp(demo.sites.allow.origin));
    await expectAccessible(options, 'the options page');
    const rows = await options.evaluate(() =>
      [...document.querySelectorAll('table')].map((t) => t.querySelectorAll('th').length),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const headers of rows) expect(headers).toBeGreaterThan(0);
    for (const colorScheme of SCHEMES) {
      await options.emulateMedia({ colorScheme });
      expect(await controlsWithoutRing(options, 40), `controls without a focus ring, ${colorScheme} theme`).toEqual([]);
    }
    await options.close();
  });
});
