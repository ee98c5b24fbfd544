import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoSite } from '../support/demo-site';
import { type FirefoxHarness, launchFirefox } from '../support/firefox-harness';
import { waitForText as until } from '../support/harness';

// The Indexability section in real Firefox ESR: the content script's reading, webRequest's
// main-document headers (Firefox MV2) and the worker's verdict, shown in the popup.

const SECTION = '[data-testid="indexability"]';

describe('Indexability in Firefox', () => {
  let demo: RunningDemo;
  let harness: FirefoxHarness;

  beforeAll(async () => {
    demo = await startDemoSite();
    harness = await launchFirefox();
  });

  afterAll(async () => {
    await harness?.close();
    await demo?.close();
  });

  async function sectionFor(path: string): Promise<string> {
    const { page, tabId } = await harness.openPage(`${demo.sites['idx-pages'].origin}${path}`);
    const popup = await harness.openPopupForTab(tabId);
    try {
      return await until(
        'the Indexability section',
        () => popup.$eval(SECTION, (e) => (e as HTMLElement).innerText),
        /Indexable|Not indexable|Blocked|Canonicalised/,
      );
    } finally {
      await popup.close();
      await page.close();
    }
  }

  it('reads an X-Robots-Tag header meant for Googlebot', async () => {
    const text = await sectionFor('/header-googlebot-noindex');
    expect(text).toMatch(/Not indexable: noindex from X-Robots-Tag: googlebot: noindex/);
  });

  it('reads mixed-case meta tags from the rendered page', async () => {
    expect(await sectionFor('/mixed-case-meta')).toMatch(/Not indexable: noindex from <meta name="ROBOTS">/);
  });

  it('shows the redirect chain of the main document', async () => {
    expect(await sectionFor('/redirect-start')).toMatch(/Status 200, after 2 redirect\(s\)/);
  });
});
