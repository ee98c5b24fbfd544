import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inspection } from '../../lib/messages';
import { type RunningDemo, startDemoSite } from '../support/demo-site';
import { type BadgeState, type FirefoxHarness, launchFirefox, pollFor } from '../support/firefox-harness';
import { waitForText as until } from '../support/harness';
import { serve } from '../support/serve';

// Every fetch outcome in real Firefox, against the demo origins: the badge (text, colour, title
// through browserAction), the worker's record, and the popup's words. Firefox names network
// errors NS_ERROR_*, Chromium net::ERR_*: the words must be the same in both (the Chromium suite
// checks the same sentences). Also a file over 500 KiB, an HTML page and a BOM, read from
// Firefox's own body stream. The timeout is set to 2 s so the stalled server costs 2 s.

const GREEN = [0x18, 0x80, 0x38, 255];
const RED = [0xd9, 0x30, 0x25, 255];
const AMBER = [0xe3, 0x74, 0x00, 255];
const GREY = [0x5f, 0x63, 0x68, 255];

const ALLOW_ALL = 'Crawlers treat this as no robots.txt: every URL on the site may be crawled.';
const DISALLOW_ALL = 'Crawlers treat every URL on the site as disallowed while robots.txt is unreachable.';
const BROWSER_ERROR_NAME = /NS_ERROR|NS_BINDING|net::|ERR_[A-Z]/;

describe('fetch outcomes in Firefox', () => {
  let demo: RunningDemo;
  let harness: FirefoxHarness;

  beforeAll(async () => {
    demo = await startDemoSite();
    harness = await launchFirefox();
    await harness.call('setSettings', { timeoutMs: 2000 });
  });

  afterAll(async () => {
    await harness?.close();
    await demo?.close();
  });

  async function inspectTab(tabId: number): Promise<Extract<Inspection, { kind: 'inspected' }>> {
    const inspection = await harness.call('inspect', { target: { kind: 'tab', tabId } });
    if (inspection.kind !== 'inspected') throw new Error(`expected an inspection, got ${inspection.kind}`);
    return inspection;
  }

  /** Opens `url`, waits for its settled badge and returns it with the worker's inspection. */
  async function visit(url: string) {
    const { page, tabId } = await harness.openPage(url);
    const badge: BadgeState = await harness.waitForBadge(tabId);
    return { page, tabId, badge, inspection: await inspectTab(tabId) };
  }

  /** The popup's fetch status and outcome sentence for a tab (popup.html?tab=<id>). */
  async function popupFetchWords(tabId: number): Promise<{ status: string; outcome: string }> {
    const popup = await harness.openPopupForTab(tabId);
    const read = (selector: string) =>
      popup.evaluate((s) => document.querySelector<HTMLElement>(s)?.innerText ?? null, selector);
    const outcome = await until('the fetch outcome', () => read('[data-testid="fetch-outcome"]'), /\S/);
    const status = (await read('[data-testid="fetch-status"]')) ?? '';
    await popup.close();
    return { status, outcome };
  }

  it('404: no robots.txt, everything allowed (grey dash)', async () => {
    const { page, badge, inspection } = await visit(`${demo.sites.missing.origin}/anything.html`);
    expect(inspection.record.outcome).toEqual({ kind: 'unavailable', cause: 'client-error', status: 404 });
    expect(badge).toEqual({
      text: '—',
      color: GREY,
      title: `Googlebot may fetch this page: No robots.txt (HTTP 404). ${ALLOW_ALL}`,
    });
    await page.close();
  });

  it('503: unreachable, everything disallowed (amber ERR)', async () => {
    const { page, tabId, badge, inspection } = await visit(`${demo.sites.unavailable.origin}/anything.html`);
    expect(inspection.record.outcome).toEqual({
      kind: 'unreachable',
      cause: 'server-error',
      status: 503,
      detail: 'HTTP 503',
    });
    expect(badge).toEqual({
      text: 'ERR',
      color: AMBER,
      title: `Googlebot may not fetch this page: The server failed to deliver robots.txt (HTTP 503). ${DISALLOW_ALL}`,
    });
    expect(await popupFetchWords(tabId)).toEqual({
      status: 'HTTP 503 (unreachable)',
      outcome: `The server failed to deliver robots.txt (HTTP 503). ${DISALLOW_ALL}`,
    });
    await page.close();
  });

  it('a server that never answers: unreachable after the 2 s timeout', async () => {
    const { page, tabId } = await harness.openPage(`${demo.sites['ff-stall'].origin}/page.html`);
    // "…" while the fetch runs, then the verdict.
    const badge = await harness.waitForBadge(tabId, (b) => b.text === 'ERR', 15_000);
    expect(badge).toEqual({
      text: 'ERR',
      color: AMBER,
      title: `Googlebot may not fetch this page: robots.txt did not arrive in time: No complete answer within 2 s. ${DISALLOW_ALL}`,
    });
    const { record } = await inspectTab(tabId);
    expect(record.outcome).toEqual({
      kind: 'unreachable',
      cause: 'timeout',
      status: null,
      detail: 'No complete answer within 2 s',
    });
    expect(demo.requests['ff-stall'].filter((r) => r.url === '/robots.txt')).toHaveLength(1);
    await page.close();
  });

  it('a refused connection: unreachable, in the same words as in Chromium (no NS_ERROR_*)', async () => {
    const closed = await serve(() => undefined);
    await closed.close();
    const url = `${closed.origin}/page`;
    const page = await harness.browser.newPage();
    // The page cannot load either (Firefox shows its error page); the worker still tries robots.txt.
    await page.goto(url).catch(() => undefined);
    const tabId = await harness.tabIdOfUrl(url);
    const refused = 'robots.txt could not be fetched: the server refused the connection.';
    expect(await harness.waitForBadge(tabId)).toEqual({
      text: 'ERR',
      color: AMBER,
      title: `Googlebot may not fetch this page: ${refused} ${DISALLOW_ALL}`,
    });
    const { record, description } = await inspectTab(tabId);
    expect(record.outcome).toEqual({
      kind: 'unreachable',
      cause: 'network-error',
      status: null,
      detail: 'the server refused the connection',
    });
    expect(JSON.stringify(description)).not.toMatch(BROWSER_ERROR_NAME);
    const words = await popupFetchWords(tabId);
    expect(words).toEqual({
      status: 'network error: the server refused the connection (unreachable)',
      outcome: `${refused} ${DISALLOW_ALL}`,
    });
    await page.close();
  });

  it('2 redirects to another origin: both hops recorded, the file found governs the first origin', async () => {
    const origin = demo.sites['ff-two-hops'].origin;
    const moved = demo.sites['ff-moved'].origin;
    const { page, tabId, badge, inspection } = await visit(`${origin}/private/page.html`);
    const { record } = inspection;
    expect(record.hops).toEqual([
      { status: 301, from: `${origin}/robots.txt`, to: `${moved}/moved`, crossOrigin: true },
      { status: 302, from: `${moved}/moved`, to: `${moved}/final.txt`, crossOrigin: false },
    ]);
    expect(record).toMatchObject({ origin, finalUrl: `${moved}/final.txt`, outcome: { kind: 'ok', status: 200 } });
    expect(badge).toEqual({
      text: 'NO',
      color: RED,
      title: 'Googlebot may not fetch this page (robots.txt line 3: Disallow: /private/).',
    });
    expect(inspection.description.notes).toContain(
      `robots.txt redirected 2 times, to another origin (${moved}/final.txt). Its rules apply to ${origin}.`,
    );
    expect((await popupFetchWords(tabId)).status).toBe('HTTP 200 (ok)');
    await page.close();
  });

  it('6 redirects: stopped at the sixth, unavailable (too many redirects), everything allowed', async () => {
    const origin = demo.sites['ff-six-hops'].origin;
    // Watch how the worker's own request ends (webRequest from an extension page sees it too).
    await harness.evaluate((ext) => {
      const seen: { url: string; error: string }[] = [];
      (globalThis as { requestEnds?: typeof seen }).requestEnds = seen;
      ext.webRequest.onErrorOccurred.addListener((d) => void seen.push({ url: d.url, error: d.error }), {
        urls: ['http://127.0.0.1/*'],
        tabId: -1,
      });
    });
    const { page, badge, inspection } = await visit(`${origin}/page.html`);
    const { record } = inspection;
    expect(record.outcome).toEqual({ kind: 'unavailable', cause: 'too-many-redirects', status: 302 });
    expect(record.hops.map((h) => h.to)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${origin}/hop${n}`));
    expect(badge).toEqual({
      text: '—',
      color: GREY,
      title: `Googlebot may fetch this page: robots.txt redirects more than 5 times. ${ALLOW_ALL}`,
    });
    // The chain ends where the policy stopped it: the sixth redirect's target is cancelled before
    // it is requested, rather than Firefox running on to its own limit of 20 redirects.
    const end = await pollFor('the end of the redirected request', 10_000, () =>
      harness.evaluate(
        (_ext, o) =>
          (globalThis as { requestEnds?: { url: string; error: string }[] }).requestEnds?.find((e) =>
            e.url.startsWith(o),
          ),
        origin,
      ),
    );
    expect(end.url).toBe(`${origin}/hop6`);
    expect(demo.requests['ff-six-hops'].filter((r) => /^\/hop\d+$/.test(r.url)).map((r) => r.url)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/hop${n}`),
    );
    await page.close();
  });

  it('a file over 500 KiB: cut at 512,000 bytes, so a rule past the cut does not apply', async () => {
    const origin = demo.sites.large.origin;
    const beyond = await visit(`${origin}/beyond-the-cut/page.html`);
    expect(beyond.inspection.record.outcome).toMatchObject({ kind: 'ok', status: 200, body: { truncated: true } });
    // (Which rule the badge names depends on where the cut falls: the last line is cut short.)
    expect(beyond.badge).toMatchObject({ text: 'OK', color: GREEN });
    expect(beyond.badge.title).toMatch(/^Googlebot may fetch this page /);
    const early = await visit(`${origin}/blocked-early/page.html`);
    expect(early.badge).toEqual({
      text: 'NO',
      color: RED,
      title: 'Googlebot may not fetch this page (robots.txt line 3: Disallow: /blocked-early/).',
    });
    await beyond.page.close();
    await early.page.close();
  });

  it('an HTML page served as robots.txt, and a file starting with a BOM', async () => {
    const html = await visit(`${demo.sites.html.origin}/private/page.html`);
    expect(html.inspection.record.outcome).toMatchObject({ kind: 'ok', body: { looksLikeHtml: true } });
    expect(html.badge.title).toBe('Googlebot may fetch this page: robots.txt is an HTML page, so no rule applies.');
    const bom = await visit(`${demo.sites.bom.origin}/bom-protected/page.html`);
    expect(bom.inspection.record.outcome).toMatchObject({ kind: 'ok', body: { hasBom: true } });
    expect(bom.badge).toEqual({
      text: 'NO',
      color: RED,
      title: 'Googlebot may not fetch this page (robots.txt line 2: Disallow: /bom-protected/).',
    });
    await html.page.close();
    await bom.page.close();
  });

  it('a redirect loop: unavailable (redirect loop), everything allowed', async () => {
    const origin = demo.sites['ff-loop'].origin;
    const { page, badge, inspection } = await visit(`${origin}/page.html`);
    expect(inspection.record.outcome).toEqual({ kind: 'unavailable', cause: 'redirect-loop', status: 302 });
    expect(inspection.record.hops.map((h) => h.to)).toEqual([`${origin}/a`, `${origin}/robots.txt`]);
    expect(badge).toEqual({
      text: '—',
      color: GREY,
      title: `Googlebot may fetch this page: robots.txt redirects in a loop. ${ALLOW_ALL}`,
    });
    await page.close();
  });
});
