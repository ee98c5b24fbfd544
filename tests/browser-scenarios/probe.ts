/**
 * The probe in either browser, against the demo origin that answers by User-Agent
 * (tests/support/demo/probe.ts): each crawler's row and finding, the summary lines, a request the
 * user makes while the probe runs keeping the browser's own User-Agent, and the override gone once
 * the probe ends (Chrome: no session rule left; both: the extension's next request carries the
 * browser's User-Agent); the evidence bundle after a probe, with the robots.txt a crawler was
 * served apart from the browser's. Run by tests/e2e/probe.test.ts and tests/e2e-firefox/probe.test.ts.
 */
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BrowserHarness, BrowserKind, TestPage } from '../support/browser';
import { PROBE_GOOGLEBOT_ROBOTS, PROBE_OWN_ROBOTS } from '../support/demo/probe';
import { useBrowser, useDemo } from '../support/fixtures';
import { pollFor, until } from '../support/wait';

const AGENTS = ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot', 'PerplexityBot', 'CCBot'];
const BOT = /Googlebot|bingbot|GPTBot|ClaudeBot|PerplexityBot|CCBot/;

/** Each probe row's data attributes, by agent. */
const rowsOf = (page: TestPage) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid=probe-row]')].map((row) => [
        row.getAttribute('data-agent') ?? '',
        {
          robotsStatus: row.getAttribute('data-robots-status'),
          pageStatus: row.getAttribute('data-page-status'),
          edge: row.getAttribute('data-edge'),
          robotsDiffers: row.getAttribute('data-robots-differs'),
          text: (row as HTMLElement).innerText,
        },
      ]),
    ),
  );

/** The User-Agent the extension's own background sends now (a fetch from the worker or background page). */
async function extensionUserAgent(browser: BrowserHarness, url: string): Promise<string> {
  const html = await browser.evaluateInExtension(async (ext, target) => {
    const api = ext as unknown as { runtime: { getBackgroundPage?: () => Promise<{ fetch: typeof fetch }> } };
    const scope = api.runtime.getBackgroundPage === undefined ? globalThis : await api.runtime.getBackgroundPage();
    return (await scope.fetch(target, { cache: 'no-store', credentials: 'omit' })).text();
  }, url);
  return /<p id="seen-ua">([^<]*)<\/p>/.exec(html)?.[1] ?? html;
}

/** Downloads the history page's evidence bundle once its notice matches `done`: its file name and unzipped files. */
async function downloadEvidence(
  history: TestPage,
  done: RegExp,
): Promise<{ name: string; files: Record<string, Uint8Array> }> {
  // The page saves through a link's click: catch the Blob it links to.
  await history.evaluate(() => {
    const caught = window as unknown as { saved?: { name: string; href: string } };
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      caught.saved = { name: this.download, href: this.href };
    };
  });
  await history.click('[data-testid=download-evidence]');
  await history.waitFor('.notice[role=status]', done);
  const saved = await history.evaluate(async () => {
    const { saved } = window as unknown as { saved: { name: string; href: string } };
    const bytes = new Uint8Array(await (await fetch(saved.href)).arrayBuffer());
    return { name: saved.name, bytes: [...bytes] };
  });
  return { name: saved.name, files: unzipSync(new Uint8Array(saved.bytes)) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The manifest of an evidence bundle, as far as these tests read it. */
interface Manifest {
  files: { path: string; sha256: string; bytes: number }[];
  received: { path: string; sha256: string; bytes: number; servedTo: { agent: string; as: string }[] }[];
}

/** Checks every file the manifest lists is there with its SHA-256, and nothing else is; returns the manifest. */
async function expectHashesHold(files: Record<string, Uint8Array>): Promise<Manifest> {
  const manifest = JSON.parse(strFromU8(files['manifest.json'] as Uint8Array)) as Manifest;
  for (const entry of [...manifest.files, ...manifest.received]) {
    expect(sha256(files[entry.path] as Uint8Array), entry.path).toBe(entry.sha256);
    expect(files[entry.path]?.byteLength, entry.path).toBe(entry.bytes);
  }
  expect(Object.keys(files).sort()).toEqual([...manifest.files.map((f) => f.path), 'manifest.json'].sort());
  return manifest;
}

export function describeProbe(kind: BrowserKind): void {
  describe(`the probe in ${kind}`, () => {
    const demo = useDemo();
    const browser = useBrowser(kind);

    it('names each crawler’s answer, side by side with the browser’s, and sums it up in one line each', async () => {
      const origin = demo.sites.probe.origin;
      const pageUrl = `${origin}/article`;
      const { page: userPage, tabId } = await browser.openPage(`${origin}/seen-ua`);
      const ownUserAgent = (await userPage.text('#seen-ua')) ?? '';
      expect(ownUserAgent).not.toMatch(BOT);
      // The popup's Probe opens the workbench on this page and probes at once; opening the popup fetches nothing as a crawler.
      const popup = await browser.openPopupForTab(tabId);
      await popup.verdict();
      const href = await popup.page.evaluate(
        () => document.querySelector<HTMLAnchorElement>('[data-testid=probe]')?.getAttribute('href') ?? null,
      );
      expect(href).toBe(
        `/workbench.html?${new URLSearchParams({ origin, url: `${origin}/seen-ua`, probe: 'run' }).toString()}`,
      );
      expect(demo.requests.probe.filter((r) => BOT.test(String(r.headers['user-agent'])))).toEqual([]);
      await popup.close();
      await userPage.close();

      const workbench = await browser.openExtensionPage(
        `workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(pageUrl)}&probe=open`,
      );
      await workbench.waitFor('[data-testid=probe]', /Probe as/);
      // The default set and the selected crawler (Googlebot by default); CCBot added by the user.
      const chosen = () =>
        workbench.evaluate(() =>
          [...document.querySelectorAll<HTMLInputElement>('[data-testid=probe-agent]')]
            .filter((box) => box.checked)
            .map((box) => box.value),
        );
      expect(await chosen()).toEqual(['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot', 'PerplexityBot']);
      await workbench.click('[data-testid=probe-agent][value=CCBot]');
      expect((await chosen()).sort()).toEqual([...AGENTS].sort());

      const before = demo.requests.probe.length;
      await workbench.click('[data-testid=probe]');
      // While the probe runs (a crawler's request for the page is under way), the user opens a page
      // of the same site: its request keeps the browser's own User-Agent.
      await pollFor('a crawler’s request for the page', 15_000, async () =>
        demo.requests.probe.slice(before).some((r) => r.url === '/article' && BOT.test(String(r.headers['user-agent'])))
          ? true
          : null,
      );
      const during = await browser.openPage(`${origin}/seen-ua`);
      expect(await during.page.text('#seen-ua')).toBe(ownUserAgent);
      await during.page.close();
      // The probe was still running then (one crawler's page takes PROBE_DELAY_MS, six of them more).
      expect(await workbench.text('[data-testid=probe-summary]')).toBeNull();

      await until('the summary', () => workbench.text('[data-testid=probe-summary]'), /CCBot/, 60_000);
      const summary = (await workbench.text('[data-testid=probe-summary]')) ?? '';
      expect(summary).toContain('GPTBot: robots.txt allows, the edge answers 403');
      expect(summary).toContain(
        'PerplexityBot: robots.txt allows (Cloudflare managed block prepended to your rules), the edge answers 403 with a challenge',
      );
      expect(summary).toContain('CCBot: robots.txt allows, the edge asks for payment (402, pay-per-crawl)');
      expect(summary).toContain('ClaudeBot: robots.txt allows, the page redirects (301) to its canonical');
      expect(summary).toContain('Googlebot: robots.txt allows, the page answers 200');
      expect(summary).toContain(
        'Bingbot: robots.txt allows (Cloudflare managed block replaced your file), the page answers 200; X-Robots-Tag differs',
      );

      const rows = await rowsOf(workbench);
      expect(Object.keys(rows)).toEqual(['browser', ...AGENTS]);
      const attributes = Object.fromEntries(
        Object.entries(rows).map(([agent, { text: _text, ...rest }]) => [agent, rest]),
      );
      expect(attributes).toEqual({
        browser: { robotsStatus: '200', pageStatus: '200', edge: 'none', robotsDiffers: 'false' },
        Googlebot: { robotsStatus: '200', pageStatus: '200', edge: 'none', robotsDiffers: 'false' },
        bingbot: { robotsStatus: '200', pageStatus: '200', edge: 'none', robotsDiffers: 'true' },
        GPTBot: { robotsStatus: '200', pageStatus: '403', edge: 'blocked', robotsDiffers: 'false' },
        ClaudeBot: { robotsStatus: '200', pageStatus: '200', edge: 'redirect-canonical', robotsDiffers: 'false' },
        PerplexityBot: { robotsStatus: '200', pageStatus: '403', edge: 'challenge', robotsDiffers: 'true' },
        CCBot: { robotsStatus: '200', pageStatus: '402', edge: 'payment-required', robotsDiffers: 'false' },
      });
      expect(rows.PerplexityBot?.text).toContain('Cloudflare managed block prepended to your rules for PerplexityBot');
      expect(rows.PerplexityBot?.text).toContain('cf-mitigated: challenge');
      expect(rows.bingbot?.text).toContain('the Cloudflare managed block replaced your file for Bingbot');
      expect(rows.bingbot?.text).toContain('X-Robots-Tag: “noindex” for Bingbot, none for the browser.');
      expect(rows.CCBot?.text).toContain('crawler-price: USD 0.01');
      expect(rows.ClaudeBot?.text).toMatch(
        /redirected \(301\) to the page's canonical, http:\/\/127\.0\.0\.1:\d+\/article-canonical/,
      );
      expect(await workbench.text('[data-testid=probe-limits]')).toMatch(
        /from your IP address, without the crawler's signature/,
      );

      // Each crawler's requests carried its own User-Agent; nothing left the page's own origin.
      const probed = demo.requests.probe.slice(before).filter((r) => r.url === '/article' || r.url === '/robots.txt');
      for (const token of AGENTS)
        expect(probed.filter((r) => String(r.headers['user-agent']).includes(`${token}/`)).map((r) => r.url)).toEqual([
          '/robots.txt',
          '/article',
        ]);

      // The override is gone: the extension's own next request carries the browser's User-Agent.
      expect(await extensionUserAgent(browser, `${origin}/seen-ua`)).not.toMatch(BOT);
      if (kind === 'chromium') {
        const rules = await browser.evaluateInExtension((ext) =>
          (
            ext as unknown as { declarativeNetRequest: { getSessionRules(): Promise<unknown[]> } }
          ).declarativeNetRequest.getSessionRules(),
        );
        expect(rules).toEqual([]);
      }
      await workbench.close();
    }, 120_000);

    it('downloads the history’s evidence bundle, with the probe, and every hash in it checks out', async () => {
      const origin = demo.sites.probe.origin;
      const history = await browser.openExtensionPage(
        `workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(`${origin}/article`)}&view=history`,
      );
      await history.waitFor('[data-testid=history-version]', /#1/);
      expect(await history.text('[data-testid=crawler-view]')).toMatch(
        /What crawlers are using now: Version #1 is the only one kept, first seen less than 24 hours ago/,
      );
      const { name, files } = await downloadEvidence(
        history,
        /Evidence bundle downloaded: 1 version, \d+ files, with the latest probe/,
      );
      expect(name).toMatch(/^robots-evidence-127\.0\.0\.1_\d+-\d{4}-\d{2}-\d{2}\.zip$/);
      await expectHashesHold(files);
      expect(strFromU8(files['versions/0001/body.bin'] as Uint8Array)).toBe(demo.sites.probe.robots);
      // Kept since headers are recorded: the response's own headers are in the bundle.
      const response = JSON.parse(strFromU8(files['versions/0001/response.json'] as Uint8Array)) as {
        headers: [string, string][];
      };
      expect(response.headers).toContainEqual(['content-type', 'text/plain; charset=utf-8']);
      const probe = JSON.parse(strFromU8(files['probe.json'] as Uint8Array)) as { rows: { agent: string }[] };
      expect(probe.rows.map((r) => r.agent)).toEqual(['browser', ...AGENTS]);
      await history.close();
    }, 60_000);

    it('keeps in the evidence the robots.txt Googlebot was served, its hash, and Googlebot’s Use answers from it', async () => {
      const origin = demo.sites.probeGooglebotFile.origin;
      const pageUrl = `${origin}/article`;
      // The browser's visit keeps version #1 of the site's own file.
      const { page: userPage, tabId } = await browser.openPage(pageUrl);
      const popup = await browser.openPopupForTab(tabId);
      await popup.verdict();
      await popup.close();
      await userPage.close();

      const workbench = await browser.openExtensionPage(
        `workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(pageUrl)}&probe=run`,
      );
      await until('the summary', () => workbench.text('[data-testid=probe-summary]'), /Googlebot/, 60_000);
      expect((await rowsOf(workbench)).Googlebot?.robotsDiffers).toBe('true');
      await workbench.close();

      const history = await browser.openExtensionPage(
        `workbench.html?origin=${encodeURIComponent(origin)}&url=${encodeURIComponent(pageUrl)}&view=history`,
      );
      await history.waitFor('[data-testid=history-version]', /#1/);
      const { files } = await downloadEvidence(history, /Evidence bundle downloaded: .*, with the latest probe/);
      await history.close();
      const manifest = await expectHashesHold(files);
      const read = <T>(path: string) => JSON.parse(strFromU8(files[path] as Uint8Array)) as T;

      // The Googlebot body is held, bytes as served, under the hash of those bytes; the browser's is another file.
      const google = manifest.received.find((e) =>
        e.servedTo.some((s) => s.agent === 'Googlebot' && s.as === 'robots.txt'),
      );
      const own = manifest.received.find((e) => e.servedTo.some((s) => s.agent === 'browser' && s.as === 'robots.txt'));
      expect(google).toBeDefined();
      expect(strFromU8(files[google?.path ?? ''] as Uint8Array)).toBe(PROBE_GOOGLEBOT_ROBOTS);
      expect(google?.sha256).toBe(sha256(new TextEncoder().encode(PROBE_GOOGLEBOT_ROBOTS)));
      expect(strFromU8(files[own?.path ?? ''] as Uint8Array)).toBe(PROBE_OWN_ROBOTS);
      expect(google?.servedTo.filter((s) => s.as === 'robots.txt').map((s) => s.agent)).toEqual(['Googlebot']);

      // Googlebot's Use answers read its own file: its Content-Usage line 3, named with the file.
      type Answers = Record<string, { kind: string; line?: { file: string; line: number } }>;
      const usage = read<{ crawlers: { crawler: string; file: string; answers: Answers }[] }>('probe/usage.json');
      const googleUsage = usage.crawlers.find((c) => c.crawler === 'Googlebot');
      expect(googleUsage?.file).toBe(google?.path);
      expect(googleUsage?.answers['ai-train']).toMatchObject({
        kind: 'disallowed',
        line: { file: google?.path, line: 3 },
      });
      // The kept version's answers for Googlebot say they read the browser's file and where Googlebot's is.
      const version = read<{ groups: { crawler: string; file: string; servedOther?: string }[] }>(
        'versions/0001/usage.json',
      );
      const versionGoogle = version.groups.find((g) => g.crawler === 'Googlebot');
      expect(versionGoogle?.file).toBe('versions/0001/body.bin');
      expect(versionGoogle?.servedOther).toContain(google?.path);
      expect(strFromU8(files['README.txt'] as Uint8Array)).toContain(
        `Googlebot was served a robots.txt other than your browser’s, ${google?.path}.`,
      );
    }, 120_000);
  });
}
