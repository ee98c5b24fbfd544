/**
 * `npm run screenshots`: the README's pictures, taken from the built extension in Chromium against
 * the demo site (docs/popup.png, docs/popup-picker.png, docs/workbench.png). Run after `wxt build`
 * (the npm script builds first). Each PNG is checked against MAX_PNG_BYTES so the repository stays small.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startDemoSite } from './demo-site';
import { launchExtension, REPO_ROOT } from './harness';
import { waitForInspection } from './popup-page';
import { until } from './wait';

const DOCS = join(REPO_ROOT, 'docs');
/** A README picture larger than this is refused: take a smaller view rather than commit a heavy file. */
const MAX_PNG_BYTES = 150 * 1024;

async function main(): Promise<void> {
  mkdirSync(DOCS, { recursive: true });
  const demo = await startDemoSite();
  const harness = await launchExtension();
  const written: string[] = [];
  try {
    // The real toolbar popup on a page robots.txt blocks: verdict, deciding line, every section below.
    const { page } = await harness.openPage(`${demo.sites.blocked.origin}/private/page.html`);
    const popup = await harness.clickAction(page);
    await waitForInspection(popup, /Blocked/);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await popup.screenshot(join(DOCS, 'popup.png'));
    written.push('popup.png');
    await popup.close();
    await page.close();

    // The crawler picker, searching for "gpt".
    const { tabId } = await harness.openPage(`${demo.sites.specific.origin}/public/page.html`);
    const picker = await harness.openPopupForTab(tabId);
    await picker.setViewportSize({ width: 460, height: 600 });
    await picker.waitForSelector('[data-testid="verdict"]:has-text("Allowed")');
    const combobox = picker.getByRole('combobox', { name: 'Crawler' });
    await combobox.focus();
    await picker.keyboard.type('gpt');
    await picker.getByRole('option').first().waitFor();
    await picker.screenshot({ path: join(DOCS, 'popup-picker.png') });
    written.push('popup-picker.png');
    await picker.close();

    // The workbench: a draft giving Googlebot its own group.
    const origin = demo.sites['wb-sitemaps'].origin;
    const wb = await harness.context.newPage();
    await wb.setViewportSize({ width: 1200, height: 900 });
    await wb.goto(`chrome-extension://${harness.extensionId}/workbench.html?origin=${encodeURIComponent(origin)}`);
    await wb.waitForSelector('[data-testid=change-summary]');
    await wb.click('[data-testid=load-sitemaps]');
    await until('the sitemaps', async () => String(await wb.locator('[data-testid=sitemap-outcome]').count()), /^4$/);
    await wb.click('[data-testid=draft-editor] .cm-content');
    await wb.keyboard.press('Control+End');
    await wb.keyboard.press('Enter');
    for (const line of ['User-agent: Googlebot', 'Disallow: /articles/']) {
      await wb.keyboard.type(line);
      await wb.keyboard.press('Enter');
    }
    await until('the change sentence', () => wb.locator('[data-testid=change-sentence]').innerText(), /blocks/);
    // The draft beside the live file, and the line diff (the result table below is too dense for a small PNG).
    await wb.evaluate(() => {
      const top = document.querySelector('[data-testid=draft-editor]')?.getBoundingClientRect().top ?? 0;
      window.scrollTo(0, window.scrollY + top - 60);
    });
    await wb.screenshot({ path: join(DOCS, 'workbench.png') });
    written.push('workbench.png');
    await wb.close();
  } finally {
    await harness.close();
    await demo.close();
  }
  for (const name of written) {
    const bytes = statSync(join(DOCS, name)).size;
    console.log(`docs/${name}: ${Math.round(bytes / 1024)} KB`);
    if (bytes > MAX_PNG_BYTES)
      throw new Error(`docs/${name} is ${bytes} bytes, over ${MAX_PNG_BYTES}: take a smaller view`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
