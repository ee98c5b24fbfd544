/**
 * Every fetch outcome in either browser, against the demo origins: the badge (text, colour and
 * title), the worker's record, and the popup's words. Firefox names network errors NS_ERROR_*,
 * Chromium net::ERR_*: the words must be the same in both. Also a file over 500 KiB, an HTML page
 * and a BOM, read from the browser's own body stream. The timeout is set to 2 s so the stalled
 * server costs 2 s. Run by tests/e2e/outcomes.test.ts and tests/e2e-firefox/outcomes.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Inspection } from '../../lib/protocol/messages';
import { type BadgeState, type BrowserKind } from '../support/browser';
import { useBrowser, useDemo } from '../support/fixtures';
import type { PopupWords } from '../support/popup-page';
import { serve } from '../support/serve';
import { pollFor } from '../support/wait';
import { AMBER, GREEN, GREY, RED } from './colours';

// The badge title's first line, then (with no file to read) the fetch's own words.
const NO_FILE = 'Googlebot: Allowed — no robots.txt: every URL on the site may be crawled.';
const UNREACHABLE = 'Googlebot: Blocked — robots.txt unreachable: every URL on the site is blocked.';
const ALLOW_ALL = 'Crawlers treat this as no robots.txt: every URL on the site may be crawled.';
const DISALLOW_ALL =
  'Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.';
const BROWSER_ERROR_NAME = /NS_ERROR|NS_BINDING|net::|ERR_[A-Z]/;
// Google's first step, counted from the fetch, with its times (lib/verdict/outage.ts).
const OUTAGE =
  /^⚠ Google stops crawling the site until (.+) \(the first 12 hours, counted from this fetch at (.+)\); then it uses its last good copy of robots\.txt until (.+); after that, if the rest of the site is reachable, it crawls as if there were no robots\.txt\.$/;

/** Splits a badge title into its lines, checking the last is Google's first step of an outage. */
function withOutage(title: string): string {
  const lines = title.split('\n');
  expect(lines.at(-1)).toMatch(OUTAGE);
  return lines.slice(0, -1).join('\n');
}

export function describeOutcomes(kind: BrowserKind): void {
  describe(`fetch outcomes in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    beforeAll(async () => {
      await browser.call('setSettings', { timeoutMs: 2000 });
    });

    async function inspectTab(tabId: number): Promise<Extract<Inspection, { kind: 'inspected' }>> {
      const inspection = await browser.call('inspect', { target: { kind: 'tab', tabId } });
      if (inspection.kind !== 'inspected') throw new Error(`expected an inspection, got ${inspection.kind}`);
      return inspection;
    }

    /** Opens `url`, waits for its settled badge and returns it with the worker's inspection. */
    async function visit(url: string) {
      const { page, tabId } = await browser.openPage(url);
      const badge: BadgeState = await browser.waitForBadge(tabId);
      return { page, tabId, badge, inspection: await inspectTab(tabId) };
    }

    /**
     * The popup's words for a tab (popup.html?tab=<id>): the verdict card's word, detail and tone (its colour: the badge's
     * colour language, tone-unreachable amber, tone-no-file grey), the fetch status and outcome sentence.
     */
    async function popupWords(tabId: number): Promise<PopupWords> {
      const popup = await browser.openPopupForTab(tabId);
      const words = await popup.words();
      await popup.close();
      return words;
    }

    it('404: no robots.txt, everything allowed (grey dash)', async () => {
      const { page, tabId, badge, inspection } = await visit(`${demo.sites.missing.origin}/anything.html`);
      expect(inspection.record.outcome).toEqual({ kind: 'unavailable', cause: 'client-error', status: 404 });
      expect(badge).toEqual({
        text: '—',
        color: GREY,
        title: `${NO_FILE}\nNo robots.txt (HTTP 404). ${ALLOW_ALL}`,
      });
      expect(await popupWords(tabId)).toEqual({
        word: 'Allowed',
        detail: 'no robots.txt: every URL on the site may be crawled',
        tone: 'tone-no-file',
        status: 'HTTP 404 (unavailable)',
        outcome: `No robots.txt (HTTP 404). ${ALLOW_ALL}`,
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
      expect({ ...badge, title: withOutage(badge.title) }).toEqual({
        text: 'ERR',
        color: AMBER,
        title: `${UNREACHABLE}\nThe server failed to deliver robots.txt (HTTP 503). ${DISALLOW_ALL}`,
      });
      const popup = await browser.openPopupForTab(tabId);
      expect(await popup.words()).toEqual({
        word: 'Blocked',
        detail: 'robots.txt unreachable: every URL on the site is blocked',
        tone: 'tone-unreachable',
        status: 'HTTP 503 (unreachable)',
        outcome: `The server failed to deliver robots.txt (HTTP 503). ${DISALLOW_ALL}`,
      });
      // Issue 30: the headline and every row agree: Google's first step (crawling stopped) beside
      // Blocked, with its times; the Index row's reason in a few words, not the fetch sentence again.
      const warning = await popup.page.text('[data-testid=warning][data-condition=outage]');
      expect(`⚠ ${warning?.replace(/^⚠\s*/, '') ?? ''}`).toMatch(OUTAGE);
      const index = await pollFor('the Index row', 15_000, () => popup.byTestId('verdict-indexability'));
      expect(index).toContain('(unreachable: HTTP 503)');
      expect(index).not.toContain('Crawlers treat');
      const fetchSection = (await popup.page.text('#fetch')) ?? '';
      expect(fetchSection).not.toContain('for up to 30 days');
      await popup.close();
      await page.close();
    });

    it('a server that never answers: unreachable after the 2 s timeout', async () => {
      const { page, tabId } = await browser.openPage(`${demo.sites['ff-stall'].origin}/page.html`);
      // "…" while the fetch runs, then the verdict.
      const badge = await browser.waitForBadge(tabId, (b) => b.text === 'ERR', 15_000);
      expect({ ...badge, title: withOutage(badge.title) }).toEqual({
        text: 'ERR',
        color: AMBER,
        title: `${UNREACHABLE}\nrobots.txt did not arrive in time: No complete answer within 2 s. ${DISALLOW_ALL}`,
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

    it('a refused connection: unreachable, in the same words in every browser (no NS_ERROR_*, no net::ERR_*)', async () => {
      const closed = await serve(() => undefined);
      await closed.close();
      // The page cannot load either (the browser shows its error page); the worker still tries robots.txt.
      const { page, tabId } = await browser.openPage(`${closed.origin}/page`, { loads: false });
      const refused = 'robots.txt could not be fetched: the server refused the connection.';
      const refusedBadge = await browser.waitForBadge(tabId);
      expect({ ...refusedBadge, title: withOutage(refusedBadge.title) }).toEqual({
        text: 'ERR',
        color: AMBER,
        title: `${UNREACHABLE}\n${refused} ${DISALLOW_ALL}`,
      });
      const { record, description } = await inspectTab(tabId);
      expect(record.outcome).toEqual({
        kind: 'unreachable',
        cause: 'network-error',
        status: null,
        detail: 'the server refused the connection',
      });
      expect(JSON.stringify(description)).not.toMatch(BROWSER_ERROR_NAME);
      const words = await popupWords(tabId);
      expect(words).toEqual({
        word: 'Blocked',
        detail: 'robots.txt unreachable: every URL on the site is blocked',
        tone: 'tone-unreachable',
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
        title:
          'Googlebot: Blocked — by line 3 `Disallow: /private/`.\n' +
          `⚠ robots.txt redirected to another host (${moved}/final.txt): its rules apply to ${origin}.`,
      });
      expect(inspection.description.notes).toContain(
        `robots.txt redirected 2 times, to another origin (${moved}/final.txt). Its rules apply to ${origin}.`,
      );
      expect((await popupWords(tabId)).status).toBe('HTTP 200 (ok)');
      await page.close();
    });

    it('6 redirects: stopped at the sixth, unavailable (too many redirects), everything allowed', async () => {
      const origin = demo.sites['ff-six-hops'].origin;
      // Watch how the worker's own request ends (webRequest from an extension page sees it too).
      await browser.evaluateInExtension((ext) => {
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
      expect(record.hops.map((h) => h.status)).toEqual([302, 302, 302, 302, 302, 302]);
      expect(badge).toEqual({
        text: '—',
        color: GREY,
        title: `${NO_FILE}\nrobots.txt redirects more than 5 times. ${ALLOW_ALL}`,
      });
      const hopRequests = demo.requests['ff-six-hops'].filter((r) => /^\/hop\d+$/.test(r.url)).map((r) => r.url);
      if (browser.kind === 'firefox') {
        // The chain ends where the policy stopped it: the sixth redirect's target is cancelled before
        // it is requested, rather than Firefox running on to its own limit of 20 redirects.
        const end = await pollFor('the end of the redirected request', 10_000, () =>
          browser.evaluateInExtension(
            (_ext, o) =>
              (globalThis as { requestEnds?: { url: string; error: string }[] }).requestEnds?.find((e) =>
                e.url.startsWith(o),
              ),
            origin,
          ),
        );
        expect(end.url).toBe(`${origin}/hop6`);
        expect(hopRequests).toEqual([1, 2, 3, 4, 5].map((n) => `/hop${n}`));
      } else {
        // The fetch was aborted at the sixth redirect: Chromium did not run on to its own limit of 20.
        // webRequest tells the worker of each redirect after Chromium has followed it, so on a busy
        // machine a hop or two more may be requested before the abort lands (one CI run saw 7).
        expect(hopRequests.length).toBeGreaterThanOrEqual(5);
        expect(hopRequests.length).toBeLessThanOrEqual(9);
      }
      await page.close();
    });

    it('a file over 500 KiB: cut at 512,000 bytes, so a rule past the cut does not apply', async () => {
      const origin = demo.sites.large.origin;
      const beyond = await visit(`${origin}/beyond-the-cut/page.html`);
      expect(beyond.inspection.record.outcome).toMatchObject({ kind: 'ok', status: 200, body: { truncated: true } });
      // The demo file, read as Google reads it: its first 512,000 bytes. The cut falls just after the
      // `Disallow:` of a rule, so the last line read is an empty Disallow inside the * group (line 2 on).
      const read = (demo.sites.large.robots ?? '').slice(0, 512_000).split('\n');
      const last = read.length;
      expect(read[last - 1]).toBe('Disallow:');
      const cut =
        '⚠ robots.txt is more than 500 KiB, cut at 500 KiB: Google reads only the first 512,000 bytes and ignores the rest.';
      const empty = `line ${last} \`Disallow:\` is empty: it allows everything`;
      expect(beyond.badge).toEqual({
        text: 'OK',
        color: GREEN,
        title:
          `Googlebot: Allowed — ${empty}.\n` +
          `${cut} The deciding rule, ${empty}, is the last line read: the cut may have shortened it, so it may not be the rule the site wrote.`,
      });
      const early = await visit(`${origin}/blocked-early/page.html`);
      expect(early.badge).toEqual({
        text: 'NO',
        color: RED,
        title:
          'Googlebot: Blocked — by line 3 `Disallow: /blocked-early/`.\n' +
          `${cut} The cut falls inside the group that applies (lines 2–${last}): its rules after the cut are not read.`,
      });
      await beyond.page.close();
      await early.page.close();
    });

    it('an HTML page served as robots.txt, and a file starting with a BOM', async () => {
      const html = await visit(`${demo.sites.html.origin}/private/page.html`);
      expect(html.inspection.record.outcome).toMatchObject({ kind: 'ok', body: { looksLikeHtml: true } });
      expect(html.badge).toEqual({
        text: 'OK',
        color: GREEN,
        title:
          'Googlebot: Allowed — no group applies to this crawler.\n' +
          '⚠ robots.txt is an HTML page, not a robots.txt (a "soft 404" or an app shell): nothing in it parses as a rule, so no rule applies.\n' +
          '⚠ robots.txt is served as text/html (Content-Type: text/html; charset=utf-8); crawlers read it as plain text whatever its type, so whatever parses decides.',
      });
      const bom = await visit(`${demo.sites.bom.origin}/bom-protected/page.html`);
      expect(bom.inspection.record.outcome).toMatchObject({ kind: 'ok', body: { hasBom: true } });
      expect(bom.badge).toEqual({
        text: 'NO',
        color: RED,
        title: 'Googlebot: Blocked — by line 2 `Disallow: /bom-protected/`.',
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
        title: `${NO_FILE}\nrobots.txt redirects in a loop. ${ALLOW_ALL}`,
      });
      await page.close();
    });
  });
}
