import { describe, expect, it } from 'vitest';
import { until } from '../support/wait';
import { useDemo, useFirefox } from '../support/fixtures';

// The Indexability section in real Firefox ESR: the content script's reading, webRequest's
// main-document headers (Firefox MV2) and the worker's verdict, shown in the popup.

const SECTION = '[data-testid="indexability"]';

describe('Indexability in Firefox', () => {
  const demo = useDemo();
  const harness = useFirefox();

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
