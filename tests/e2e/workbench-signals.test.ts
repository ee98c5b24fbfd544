import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromium, useDemo } from '../support/fixtures';
import { until } from '../support/wait';

// Issues 22 and 23 in the workbench, in real Chromium: the live file of the demo site
// "lens-first-match" (User-agent: * / Disallow: / / Allow: /public/) is read differently by Python's
// first-match parser on /public/ URLs. Nothing of the second pass runs until asked; then a draft
// adding a Content-Usage line for /public/ shows as "AI training becomes disallowed" for the two
// /public/ URLs, the "parsers disagree" filter shows exactly the divergent URLs, and the CSV has the
// Use and parser columns.

const PATHS = ['/public/a', '/public/b', '/private/x', '/about'];

describe('the workbench Use answers and parser lenses, in real Chromium', () => {
  const demo = useDemo();
  const harness = useChromium();

  async function rowData(wb: Page): Promise<Record<string, string>[]> {
    return wb
      .locator('[data-testid=result-row]')
      .evaluateAll((els) => els.map((e) => ({ ...(e as HTMLElement).dataset }) as Record<string, string>));
  }

  it('a draft adding Content-Usage is summarised per purpose; the filter shows the divergent URLs; the CSV has the columns', async () => {
    const origin = demo.sites['lens-first-match'].origin;
    const wb = await harness.context.newPage();
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await wb.waitForSelector('[data-testid=draft-editor] .cm-content');
    await wb.fill('[data-testid=url-list]', PATHS.map((p) => origin + p).join('\n'));
    await wb.click('[data-testid=use-list]');
    await until('the URL set', () => wb.locator('[data-testid=url-count]').innerText(), /^4 URLs/);
    await until('an evaluated table', () => wb.locator('[data-testid=row-count]').innerText(), /of 148 rows/);

    // Nothing of the second pass ran: both parts wait to be asked.
    expect(await wb.locator('[data-testid=show-use]').count()).toBe(1);
    expect(await wb.locator('[data-testid=show-lens]').count()).toBe(1);
    expect(await wb.locator('[data-testid=use-note]').innerText()).toBe(
      'From robots.txt only; page headers and meta are not read for a URL set.',
    );

    await wb.click('[data-testid=show-use]');
    await until('the Use answers', () => wb.locator('[data-testid=signals-use]').innerText(), /no Use answer/);

    await wb.click('[data-testid=draft-editor] .cm-content');
    await wb.keyboard.press('Control+End');
    await wb.keyboard.press('Enter');
    await wb.keyboard.type('Content-Usage: /public/ train-ai=n');
    await until('the Use change', () => wb.locator('[data-testid=signals-use]').innerText(), /AI training becomes/);
    const changes = await wb
      .locator('[data-testid=use-change]')
      .evaluateAll((els) => els.map((e) => ({ ...(e as HTMLElement).dataset, text: e.textContent ?? '' })));
    // One group (the crawlers that read the * group), its crawlers named as the verdict summary names them.
    expect(changes).toHaveLength(1);
    expect(await wb.locator('[data-testid=use-change]').getAttribute('data-crawlers')).toMatch(/^Googlebot .*GPTBot/);
    expect(changes[0]?.text).toMatch(/^Use for \d+ crawlers \(.+\): AI training becomes disallowed for 2 URLs\.$/);
    const parts = await wb
      .locator('[data-testid=use-change-part]')
      .evaluateAll((els) => els.map((e) => ({ ...(e as HTMLElement).dataset })));
    expect(parts).toEqual([
      { testid: 'use-change-part', purposes: 'ai-train', to: '2', wasBlocked: 'false', count: '2' },
    ]);

    // Changed only is on by itself once the draft differs, and a Content-Usage line changes no
    // verdict: the divergent rows are unchanged ones, so the person turns it off.
    expect(await wb.locator('[data-testid=filter-changed]').isChecked()).toBe(true);
    await wb.uncheck('[data-testid=filter-changed]');
    // The filter asks for the parsers itself; with GPTBot's rows, the divergent URLs are the /public/ ones.
    await wb.selectOption('[data-testid=filter-parsers]', 'live');
    await until('the parsers compared', () => wb.locator('[data-testid=lens-status]').innerText(), /compared in/);
    const gptbot = await wb
      .locator('[data-testid=filter-crawler] option', { hasText: /^GPTBot$/ })
      .getAttribute('value');
    await wb.selectOption('[data-testid=filter-crawler]', gptbot ?? '');
    await until('the filtered rows', () => wb.locator('[data-testid=row-count]').innerText(), /^2 of/);
    const rows = await rowData(wb);
    expect(rows.map((r) => [r.url, r.crawler, r.live, r.parsersLive])).toEqual([
      [`${origin}/public/a`, 'GPTBot', 'allowed', 'Python before 3.13.14 and 3.14.5'],
      [`${origin}/public/b`, 'GPTBot', 'allowed', 'Python before 3.13.14 and 3.14.5'],
    ]);
    expect(await wb.locator('[data-testid=lens-counts]').innerText()).toMatch(
      /Parsers disagree with Google on \d+ URLs/,
    );

    // The selected row shows its Use answers, live and draft.
    await wb.locator('[data-testid=result-row]').first().click();
    await until(
      'the row detail',
      () => wb.locator('[data-testid=signals-row-use][data-purpose=ai-train]').innerText(),
      /no statement\s+disallowed/,
    );

    const download = wb.waitForEvent('download');
    await wb.click('[data-testid=export-csv]');
    const lines = readFileSync(await (await download).path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFurl,crawler,live,live_line,live_rule,draft,draft_line,draft_rule,change,' +
        'live_use_search,draft_use_search,live_use_ai_input,draft_use_ai_input,live_use_ai_train,draft_use_ai_train,' +
        'live_parsers_differing,draft_parsers_differing',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${origin}/public/a,GPTBot,allowed,3,Allow: /public/,allowed,3,Allow: /public/,same,` +
        'no statement,no statement,no statement,no statement,no statement,disallowed,Python before 3.13.14 and 3.14.5,Python before 3.13.14 and 3.14.5',
    );
    await wb.close();
  });
});
