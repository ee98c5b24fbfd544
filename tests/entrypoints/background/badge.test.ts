import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BADGE_COLORS, describeBadge, withNotStored } from '../../../entrypoints/background/badge/badge';
import { describeOutcome } from '../../../lib/fetch/describe';
import {
  createProtocolClient,
  type Inspection,
  type Message,
  type ProtocolClient,
} from '../../../lib/protocol/messages';
import { judgePage } from '../../../lib/verdict/page-verdict';
import { type PageRobots, type UnavailableOutcome, type UnreachableOutcome } from '../../../lib/verdict/types';
import { parsedFile } from '../../components/popup/fixtures';
import { createTestWorker, type Route, readBadge, robots, status, type TestWorker, waitUntil } from './helpers';

const GREEN = [0x18, 0x80, 0x38, 255];
const RED = [0xd9, 0x30, 0x25, 255];
const AMBER = [0xe3, 0x74, 0x00, 255];
const GREY = [0x5f, 0x63, 0x68, 255];

const PAGE = 'https://site.test/private/x';

function parsed(text: string, contentType: string | null = null): PageRobots {
  return parsedFile(text, contentType);
}

/** What the worker's inspection says about an outcome without a file (its description's words). */
function fetched(outcome: UnavailableOutcome | UnreachableOutcome): PageRobots {
  const { summary, effect } = describeOutcome(outcome);
  const explanation = `${summary} ${effect}`;
  const origin = 'https://site.test';
  return outcome.kind === 'unavailable'
    ? { kind: 'unavailable', origin, outcome, explanation, conditions: [] }
    : { kind: 'unreachable', origin, outcome, explanation, conditions: [] };
}

describe('describeBadge', () => {
  it.each<{ name: string; page: PageRobots; crawler: string; text: string; color: string; title: string }>([
    {
      name: 'allowed by a rule',
      page: parsed('User-agent: *\nDisallow: /nothing\nAllow: /\n'),
      crawler: 'Googlebot',
      text: 'OK',
      color: BADGE_COLORS.allowed,
      title: 'Googlebot: Allowed — by line 3 `Allow: /`.',
    },
    {
      name: 'allowed by no rule',
      page: parsed('User-agent: *\nDisallow: /other\n'),
      crawler: 'GPTBot',
      text: 'OK',
      color: BADGE_COLORS.allowed,
      title: 'GPTBot: Allowed — no rule matches this URL.',
    },
    {
      name: 'allowed because robots.txt is HTML, saying so as a reading condition',
      page: parsed('<!doctype html>\n<html><title>Not found</title></html>\n', 'text/html'),
      crawler: 'Googlebot',
      text: 'OK',
      color: BADGE_COLORS.allowed,
      title:
        'Googlebot: Allowed — no group applies to this crawler.\n' +
        '⚠ robots.txt is an HTML page, not a robots.txt (a "soft 404" or an app shell): nothing in it parses as a rule, so no rule applies.\n' +
        '⚠ robots.txt is served as text/html (Content-Type: text/html); crawlers read it as plain text whatever its type, so whatever parses decides.',
    },
    {
      name: 'blocked',
      page: parsed('User-agent: *\nDisallow: /private\n'),
      crawler: 'Googlebot',
      text: 'NO',
      color: BADGE_COLORS.blocked,
      title: 'Googlebot: Blocked — by line 2 `Disallow: /private`.',
    },
    {
      name: 'no robots.txt',
      page: fetched({ kind: 'unavailable', cause: 'client-error', status: 404 }),
      crawler: 'Googlebot',
      text: '—',
      color: BADGE_COLORS['no-file'],
      title:
        'Googlebot: Allowed — no robots.txt: every URL on the site may be crawled.\nNo robots.txt (HTTP 404). Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
    },
    {
      name: 'a redirect loop, in its own words',
      page: fetched({ kind: 'unavailable', cause: 'redirect-loop', status: 301 }),
      crawler: 'Googlebot',
      text: '—',
      color: BADGE_COLORS['no-file'],
      title:
        'Googlebot: Allowed — no robots.txt: every URL on the site may be crawled.\nrobots.txt redirects in a loop. Crawlers treat this as no robots.txt: every URL on the site may be crawled.',
    },
    {
      name: 'unreachable',
      page: fetched({ kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' }),
      crawler: 'Googlebot',
      text: 'ERR',
      color: BADGE_COLORS.unreachable,
      title:
        'Googlebot: Blocked — robots.txt unreachable: every URL on the site is blocked.\nThe server failed to deliver robots.txt (HTTP 503). Crawlers treat the site as disallowed while robots.txt is unreachable: every URL on the site is blocked.',
    },
  ])('shows $name', ({ page, crawler, text, color, title }) => {
    expect(describeBadge(judgePage(page, PAGE, crawler), crawler)).toEqual({ kind: 'shown', text, color, title });
    expect(text.length).toBeLessThanOrEqual(4);
  });

  it('titles a real robots.txt served as text/html with the deciding rule and the text/html condition', () => {
    const view = describeBadge(
      judgePage(parsed('User-agent: *\nDisallow: /nothing\nAllow: /\n', 'text/html'), PAGE, 'Googlebot'),
      'Googlebot',
    );
    expect(view).toMatchObject({ kind: 'shown', text: 'OK' });
    expect(view.title).toContain('Allowed — by line 3 `Allow: /`');
    expect(view.title).toContain('served as text/html');
    expect(view.title).not.toMatch(/no rule applies/);
  });

  it('never says "no rule applies" when an HTML comment heads real rules', () => {
    const view = describeBadge(
      judgePage(parsed('<!-- generated by SEO plugin -->\nUser-agent: *\nDisallow: /nothing\n'), PAGE, 'Googlebot'),
      'Googlebot',
    );
    expect(view.title).toBe('Googlebot: Allowed — no rule matches this URL.');
  });

  it('hides the badge where robots.txt does not apply, explaining why in the tooltip', () => {
    const explanation = 'robots.txt does not apply to browser pages (chrome:).';
    expect(
      describeBadge(judgePage({ kind: 'not-applicable', explanation }, 'chrome://version/', 'Googlebot'), 'Googlebot'),
    ).toEqual({
      kind: 'hidden',
      title: explanation,
    });
  });
});

const SITE = 'https://site.test';
const FILE =
  'User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\nDisallow: /private\n';

describe('withNotStored', () => {
  const shown = { kind: 'shown', text: 'OK', color: BADGE_COLORS.allowed, title: 'Googlebot: Allowed.' } as const;
  const inspection = (notStored?: string) =>
    ({ kind: 'inspected', ...(notStored === undefined ? {} : { notStored }) }) as unknown as Inspection;

  it('adds why the file is served from memory as a last tooltip line', () => {
    expect(withNotStored(shown, inspection('The cache is full.'))).toEqual({
      ...shown,
      title: 'Googlebot: Allowed.\n⚠ Served from memory: The cache is full.',
    });
  });

  it('leaves a stored file’s badge and a hidden badge as they are', () => {
    expect(withNotStored(shown, inspection())).toBe(shown);
    const hidden = { kind: 'hidden', title: 'Not a web page.' } as const;
    expect(withNotStored(hidden, inspection('The cache is full.'))).toBe(hidden);
  });
});

describe('the badge of every tab', () => {
  let worker: TestWorker;
  let client: ProtocolClient;

  async function openTab(url: string, active = false): Promise<number> {
    const tab = await fakeBrowser.tabs.create({ url, active });
    return tab.id!;
  }
  /** Navigates like Chrome: tabs.onUpdated with the new URL. */
  async function navigate(tabId: number, url: string): Promise<void> {
    await fakeBrowser.tabs.update(tabId, { url });
  }
  async function badgeSettles(tabId: number, text: string): Promise<Awaited<ReturnType<typeof readBadge>>> {
    await waitUntil(async () => (await readBadge(tabId)).text === text);
    return readBadge(tabId);
  }

  beforeEach(() => {
    fakeBrowser.reset();
    worker = createTestWorker({
      [`${SITE}/robots.txt`]: robots(FILE),
      'https://gone.test/robots.txt': status(404),
      'https://down.test/robots.txt': status(503),
    });
    client = createProtocolClient((message: Message) => fakeBrowser.runtime.sendMessage(message));
  });

  it('shows the verdict after a navigation, with the deciding line in the tooltip', async () => {
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/report`);
    const badge = await badgeSettles(tabId, 'NO');
    expect(badge).toEqual({
      text: 'NO',
      color: RED,
      title: 'Googlebot: Blocked — by line 9 `Disallow: /private`.',
    });
  });

  it('follows a single-page app to an allowed path (history.pushState fires tabs.onUpdated with the URL)', async () => {
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/a`);
    await badgeSettles(tabId, 'NO');
    await navigate(tabId, `${SITE}/public/b`);
    expect(await badgeSettles(tabId, 'OK')).toMatchObject({
      color: GREEN,
      title: 'Googlebot: Allowed — by line 8 `Allow: /`.',
    });
    expect(worker.requested).toHaveLength(1);
  });

  it('shows a grey dash when there is no robots.txt and amber ERR when it is unreachable', async () => {
    const gone = await openTab('about:blank');
    const down = await openTab('about:blank');
    await navigate(gone, 'https://gone.test/x');
    await navigate(down, 'https://down.test/x');
    expect(await badgeSettles(gone, '—')).toMatchObject({
      color: GREY,
      title: expect.stringContaining('No robots.txt (HTTP 404)'),
    });
    expect(await badgeSettles(down, 'ERR')).toMatchObject({ color: AMBER, title: expect.stringContaining('HTTP 503') });
  });

  it('shows no badge on a browser page, and says why', async () => {
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/x`);
    await badgeSettles(tabId, 'NO');
    await navigate(tabId, 'chrome://extensions/');
    expect(await badgeSettles(tabId, '')).toMatchObject({
      title: 'robots.txt does not apply to browser pages (chrome:).',
    });
  });

  it('re-badges every tab when the crawler changes, applying its own group', async () => {
    const first = await openTab('about:blank');
    const second = await openTab('about:blank');
    await navigate(first, `${SITE}/public`);
    await navigate(second, `${SITE}/other`);
    await badgeSettles(first, 'OK');
    await badgeSettles(second, 'OK');
    await client.setSettings({ crawler: 'GPTBot' });
    expect(await badgeSettles(first, 'NO')).toMatchObject({
      title: 'GPTBot: Blocked — by line 5 `Disallow: /`.',
    });
    await badgeSettles(second, 'NO');
  });

  it("applies a preset's documented fallback: Googlebot-Image uses the Googlebot group", async () => {
    await client.setSettings({ crawler: 'Googlebot-Image' });
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/public`);
    expect(await badgeSettles(tabId, 'OK')).toMatchObject({
      title: 'Googlebot-Image: Allowed — by line 8 `Allow: /`.',
    });
  });

  it('judges a custom token by the * group when no group names it', async () => {
    await client.setSettings({ crawler: 'MyBot', customTokens: ['MyBot'] });
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/x`);
    expect(await badgeSettles(tabId, 'NO')).toMatchObject({
      title: 'MyBot: Blocked — by line 2 `Disallow: /private`.',
    });
  });

  it('clears every badge when the badge is switched off, and restores them when on', async () => {
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/x`);
    await badgeSettles(tabId, 'NO');
    await client.setSettings({ badge: false });
    expect(await badgeSettles(tabId, '')).toMatchObject({ title: 'Robotscope' });
    await client.setSettings({ badge: true });
    await badgeSettles(tabId, 'NO');
  });

  it('updates a tab when it is activated', async () => {
    const tabId = await openTab(`${SITE}/private/x`);
    expect((await readBadge(tabId)).text).toBe('');
    await fakeBrowser.tabs.update(tabId, { active: true });
    await badgeSettles(tabId, 'NO');
  });

  it('updates the tabs of an origin after a refresh that changed the file', async () => {
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/x`);
    await badgeSettles(tabId, 'NO');
    worker.routes.set(`${SITE}/robots.txt`, robots('User-agent: *\nAllow: /\n'));
    // Same millisecond as the first fetch: the new file must still be parsed.
    await client.inspect({ target: { kind: 'url', url: `${SITE}/` }, refresh: true });
    expect(await badgeSettles(tabId, 'OK')).toMatchObject({
      title: 'Googlebot: Allowed — by line 2 `Allow: /`.',
    });
  });

  it('fetches once for ten tabs of one site', async () => {
    worker.hold();
    const tabs = await Promise.all(Array.from({ length: 10 }, () => openTab('about:blank')));
    await Promise.all(tabs.map((tabId, i) => navigate(tabId, `${SITE}/page${i}`)));
    await waitUntil(() => worker.requested.length > 0);
    worker.release();
    for (const tabId of tabs) await badgeSettles(tabId, 'OK');
    expect(worker.requested).toEqual([`${SITE}/robots.txt`]);
  });

  it('shows "…" while a slow robots.txt is fetched', async () => {
    worker.hold();
    const tabId = await openTab('about:blank');
    await navigate(tabId, `${SITE}/private/x`);
    expect(await badgeSettles(tabId, '…')).toMatchObject({ color: GREY, title: 'Robotscope is fetching robots.txt…' });
    worker.release();
    await badgeSettles(tabId, 'NO');
  });

  it('keeps the verdict of the latest navigation when an earlier fetch answers last', async () => {
    let answerSlow: () => void = () => undefined;
    const slow: Route = () =>
      new Promise(
        (resolve) => (answerSlow = () => resolve(new Response('User-agent: *\nDisallow: /', { status: 200 }))),
      );
    worker.routes.set('https://slow.test/robots.txt', slow);
    const tabId = await openTab('about:blank');
    await navigate(tabId, 'https://slow.test/x');
    await waitUntil(() => worker.requested.includes('https://slow.test/robots.txt'));
    await navigate(tabId, `${SITE}/public`);
    await badgeSettles(tabId, 'OK');
    answerSlow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await readBadge(tabId)).text).toBe('OK');
  });

  it('badges every open tab when the browser starts', async () => {
    const tabId = await openTab(`${SITE}/private/x`);
    await fakeBrowser.runtime.onStartup.trigger();
    await badgeSettles(tabId, 'NO');
  });
});
