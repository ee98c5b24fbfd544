import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workbenchArticlePath } from '../support/demo/workbench';
import { useChromium, useDemo } from '../support/fixtures';
import { REPO_ROOT } from '../support/harness';
import { until } from '../support/wait';

// Issue 20, "the workbench reads like an audit", in real Chromium: a file of URLs is said by name
// and cannot be replaced silently; a draft that changes Google's search crawlers and Applebot alike
// is summed up once for the group, named by family; the table shows changed rows only once the
// draft differs, one row per URL on request; the CSV writes names, empty no-rule cells and the
// deciding rules; the page never overflows sideways or jumps at 1,280 and 1,400 px.

/** Articles 1…1,000 of the demo (every tenth under /private/, blocked today), and one very long URL. */
const ARTICLES = 1000;
const LONG_PATH = `/articles/${'long-segment-'.repeat(150)}end`;
const PATHS = [...Array.from({ length: ARTICLES }, (_, i) => workbenchArticlePath(i + 1)), LONG_PATH];
const PRIVATE = PATHS.filter((p) => p.startsWith('/private/')).length;
const OPEN = PATHS.length - PRIVATE;
/** Every crawler that reads the Googlebot group (its own token or its first fallback) or Storebot-Google's. */
const GROUP = [
  'Googlebot',
  'Googlebot-Image',
  'Googlebot-Video',
  'Googlebot-News',
  'Google-InspectionTool',
  'Storebot-Google',
  'Applebot',
];

const count = (n: number) => n.toLocaleString('en-US');

/** The horizontal overflow of the page, the editors' widths and whether the draft editor scrolls sideways. */
const measureLayout = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const width = (id: string) => document.querySelector(`[data-testid=${id}]`)!.getBoundingClientRect().width;
    const scroller = document.querySelector<HTMLElement>('[data-testid=draft-editor] .cm-scroller')!;
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      draft: width('draft-editor'),
      live: width('live-editor'),
      editorScrolls: scroller.scrollWidth > scroller.clientWidth,
    };
  });

describe('the workbench as an audit, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  it('says what a file holds, groups what a draft changes by crawler set, keeps its layout and exports the CSV', async () => {
    const origin = demo.sites['wb-sitemaps'].origin;
    const wb = await harness.context.newPage();
    await wb.setViewportSize({ width: 1280, height: 900 });
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await wb.waitForSelector('[data-testid=change-sentence]');
    await until('the first URL count', () => wb.locator('[data-testid=url-count]').innerText(), /^1 URL$/);

    // A file of URLs: the box says what is loaded, and typing a list must say it replaces them.
    await wb.locator('[data-testid=url-file]').setInputFiles({
      name: 'urls.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(PATHS.map((p) => origin + p).join('\n')),
    });
    await until(
      'the loaded file',
      () => wb.locator('[data-testid=url-loaded]').innerText(),
      new RegExp(`^${count(PATHS.length)} URLs from urls\\.txt`),
    );
    expect(await wb.locator('[data-testid=url-list]').count()).toBe(0);
    expect(await wb.locator('[data-testid=use-list]').count()).toBe(0);
    await wb.click('[data-testid=type-list]');
    expect(await wb.locator('[data-testid=use-list]').innerText()).toBe(
      `Replace the ${count(PATHS.length)} URLs with this list`,
    );
    await wb.click('[data-testid=keep-loaded]');
    expect(await wb.locator('[data-testid=url-list]').count()).toBe(0);
    await until(
      'the evaluated file',
      () => wb.locator('[data-testid=row-count]').innerText(),
      new RegExp(`of ${count(PATHS.length * 37)} rows`),
    );
    // No draft change yet: every row is shown.
    expect(await wb.locator('[data-testid=filter-changed]').isChecked()).toBe(false);

    // A draft with one group for Googlebot and Storebot-Google (and a long comment line).
    const live = await wb.locator('[data-testid=live-editor] .cm-content').innerText();
    const draft = `${live.trimEnd()}\n\n# ${'a long comment that does not wrap '.repeat(40)}\nUser-agent: Googlebot\nUser-agent: Storebot-Google\nDisallow: /articles/\n`;
    await wb.locator('[data-testid=draft-file]').setInputFiles({
      name: 'robots.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(draft),
    });
    const whom = `${GROUP.length} crawlers (all Google search crawlers and Applebot)`;
    const sentence = await until(
      'the grouped sentence',
      () => wb.locator('[data-testid=change-sentence]').innerText(),
      /blocks/,
    );
    expect(sentence).toBe(
      `This draft blocks ${count(OPEN)} URLs for ${whom} that are allowed today, and unblocks ${count(PRIVATE)} URLs for the same ${GROUP.length} crawlers.`,
    );
    const groups = await wb
      .locator('[data-testid=change-group]')
      .evaluateAll((els) =>
        els.map((e) => ({ crawlers: (e as HTMLElement).dataset.crawlers, text: (e as HTMLElement).innerText })),
      );
    expect(groups).toHaveLength(2);
    expect(groups[0]?.crawlers?.split(' ').sort()).toEqual([...GROUP].sort());
    expect(groups[0]?.text).toMatch(
      new RegExp(`^Blocks ${count(OPEN)} URLs and unblocks ${count(PRIVATE)} URLs for ${GROUP.length} crawlers`),
    );
    expect(groups[1]?.text).toMatch(new RegExp(`^No change for ${37 - GROUP.length} crawlers \\(`));
    // Each crawler is still there, with its counts, inside its group.
    expect(await wb.locator('[data-testid=change-summary]').count()).toBe(37);

    // Changed only is the default once the draft differs: only the group's cells.
    await until(
      'the changed rows',
      () => wb.locator('[data-testid=row-count]').innerText(),
      new RegExp(`^${count(PATHS.length * GROUP.length)} of ${count(PATHS.length * 37)} rows`),
    );
    expect(await wb.locator('[data-testid=filter-changed]').isChecked()).toBe(true);
    const rows = await wb
      .locator('[data-testid=result-row]')
      .evaluateAll((els) => els.map((e) => ({ ...(e as HTMLElement).dataset })));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(GROUP).toContain(row.crawler);
      expect(row.live).not.toBe(row.draft);
    }

    // The layout at both widths: no sideways overflow, two equal editors that scroll sideways inside.
    for (const width of [1280, 1400]) {
      await wb.setViewportSize({ width, height: 900 });
      const layout = await measureLayout(wb);
      expect(layout.scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(layout.clientWidth);
      expect(Math.abs(layout.draft - layout.live), `editor widths at ${width} px`).toBeLessThanOrEqual(1);
      expect(layout.draft).toBeGreaterThan(300);
      expect(layout.editorScrolls).toBe(true);
    }

    // The page never jumps: not when the editor scrolls, not when a row's deciding line is shown.
    await wb.locator('[data-testid=draft-editor]').scrollIntoViewIfNeeded();
    const box = (await wb.locator('[data-testid=draft-editor]').boundingBox())!;
    const pageTop = await wb.evaluate(() => window.scrollY);
    await wb.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await wb.mouse.wheel(600, 0);
    await wb.mouse.wheel(0, 5000);
    await wb.waitForTimeout(300);
    expect(await wb.evaluate(() => window.scrollY)).toBe(pageTop);
    expect(
      await wb.evaluate(() => document.querySelector('[data-testid=draft-editor] .cm-scroller')!.scrollLeft),
    ).toBeGreaterThan(0);
    await wb.locator('[data-testid=result-viewport]').scrollIntoViewIfNeeded();
    const tableTop = await wb.evaluate(() => window.scrollY);
    await wb.locator('[data-testid=result-row][data-crawler=Googlebot]').first().click();
    await wb.waitForSelector('[data-testid=draft-editor] .cm-wb-deciding');
    await wb.waitForTimeout(300);
    expect(await wb.evaluate(() => window.scrollY)).toBe(tableTop);
    expect(await wb.locator('[data-testid=draft-editor] .cm-wb-deciding').innerText()).toBe('Disallow: /articles/');

    // One row per URL, with the crawlers whose verdict changed.
    await wb.selectOption('[data-testid=row-view]', 'url');
    await until(
      'the per-URL rows',
      () => wb.locator('[data-testid=row-count]').innerText(),
      new RegExp(`^${count(PATHS.length)} of ${count(PATHS.length)} URLs`),
    );
    const first = wb.locator('[data-testid=result-url-row]').first();
    expect(await first.getAttribute('data-url')).toBe(`${origin}/articles/1`);
    expect(await first.innerText()).toContain('Now blocked for all Google search crawlers and Applebot');
    const layout = await measureLayout(wb);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await wb.screenshot({ path: join(REPO_ROOT, 'test-results', 'workbench-audit.png'), fullPage: true });

    // The CSV: the changed cells, crawler names, an empty cell for no rule and the deciding rules.
    const download = wb.waitForEvent('download');
    await wb.click('[data-testid=export-csv]');
    const lines = readFileSync(await (await download).path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFurl,crawler,live,live_line,live_rule,draft,draft_line,draft_rule,change');
    expect(lines).toHaveLength(PATHS.length * GROUP.length + 2);
    const draftLines = draft.split('\n');
    const articlesLine = draftLines.indexOf('Disallow: /articles/') + 1;
    expect(articlesLine).toBeGreaterThan(8);
    expect(lines).toContain(
      `${origin}/articles/1,Storebot-Google,allowed,,,blocked,${articlesLine},Disallow: /articles/,blocked`,
    );
    expect(lines).toContain(`${origin}/private/article-10,Applebot,blocked,3,Disallow: /private/,allowed,,,unblocked`);
    expect(lines.filter((l) => l.includes(',Bingbot,'))).toEqual([]);
    await wb.close();
  });

  it('counts progress in URLs while a large file is evaluated', async () => {
    const origin = demo.sites['wb-sitemaps'].origin;
    const wb = await harness.context.newPage();
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await wb.waitForSelector('[data-testid=change-sentence]');
    // Every progress text the page shows while it runs.
    await wb.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector<HTMLElement>('[data-testid=progress]')?.innerText ?? '';
        if (text.startsWith('Evaluating')) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const urls = Array.from({ length: 30_000 }, (_, i) => `${origin}/articles/${i}`);
    await wb.locator('[data-testid=url-file]').setInputFiles({
      name: 'many.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(urls.join('\n')),
    });
    await until(
      'the evaluation',
      () => wb.locator('[data-testid=eval-time]').innerText(),
      /^30,000 URLs × 37 crawlers/,
      60_000,
    );
    const seen = await wb.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(text).toMatch(/^Evaluating: [\d,]+ of 30,000 URLs$/);
    expect(await wb.locator('[data-testid=url-loaded]').innerText()).toMatch(/^30,000 URLs from many\.txt/);
    await wb.close();
  }, 120_000);
});
