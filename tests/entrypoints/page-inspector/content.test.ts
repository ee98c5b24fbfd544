import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countLinks, directiveMetaNames, readDirectives } from '../../../entrypoints/page-inspector.content/collect';
import { createPageInspector, SETTLE_MS } from '../../../entrypoints/page-inspector.content/inspector';
import { HOST_TAG, MARK_ATTRIBUTE, STYLE_ID } from '../../../entrypoints/page-inspector.content/marks';
import { parseTabMessage, type TabReply } from '../../../lib/protocol/tab-messages';
import type { DomSnapshot } from '../../../lib/verdict/page-state';
import { DEFAULT_MARK_COLORS } from '../../../lib/settings';
import type { JudgeUrlsResponse } from '../../../lib/verdict/url-judge';

const EXT = 'robotscope-id';
const FROM_POPUP = { id: EXT };

function setPage(head: string, body: string) {
  document.head.innerHTML = head;
  document.body.innerHTML = body;
}

function judgeBlocking(prefix: string) {
  return vi.fn(async (urls: string[]): Promise<JudgeUrlsResponse> => ({
    results: urls.map((url) => ({
      kind: 'judged' as const,
      url,
      origin: new URL(url).origin,
      allowed: !url.includes(prefix),
      basis: 'rules' as const,
      group: 'User-agent: * (lines 1–2)',
      line: 2,
      rule: `Disallow: ${prefix}`,
      explanation: `robots.txt line 2: Disallow: ${prefix}`,
    })),
    origins: 1,
    skippedOrigins: 0,
    maxOrigins: 10,
  }));
}

describe('reading the DOM', () => {
  afterEach(() => setPage('', ''));

  it('reads robots and crawler meta tags in head and body, and ignores other names', () => {
    setPage(
      '<meta name="ROBOTS" content="NoIndex"><meta name="description" content="x"><link rel="Canonical" href="/main">',
      '<meta name="googlebot" content="nosnippet"><link rel="canonical" href="/body" hreflang="fr">',
    );
    const { metas, canonicals } = readDirectives(document, directiveMetaNames());
    expect(metas).toEqual([
      { name: 'ROBOTS', content: 'NoIndex', inHead: true },
      { name: 'googlebot', content: 'nosnippet', inHead: false },
    ]);
    expect(canonicals).toEqual([
      { href: '/main', inHead: true, qualifiers: [] },
      { href: '/body', inHead: false, qualifiers: ['hreflang'] },
    ]);
  });

  it('reads a custom token meta name when the user added that token', () => {
    setPage('<meta name="mybot" content="noindex">', '');
    expect(readDirectives(document, directiveMetaNames()).metas).toEqual([]);
    expect(readDirectives(document, directiveMetaNames(['MyBot'])).metas).toHaveLength(1);
  });

  it('counts links and their rel hints (space- or comma-separated)', () => {
    setPage('', '<a href="/a" rel="nofollow ugc">a</a><a href="/b" rel="sponsored,nofollow">b</a><a>no href</a>');
    expect(countLinks(document)).toEqual({ total: 2, nofollow: 2, ugc: 1, sponsored: 1 });
  });
});

describe('the page inspector', () => {
  let posted: DomSnapshot[];
  let inspector: ReturnType<typeof createPageInspector>;

  beforeEach(() => {
    vi.useFakeTimers();
    posted = [];
    setPage('<meta name="robots" content="index">', '<a href="/blocked/x">x</a><a href="/open" rel="ugc">y</a>');
    history.replaceState({}, '', '/start');
    inspector = createPageInspector({
      doc: document,
      win: window,
      extensionId: EXT,
      customTokens: [],
      post: (s) => posted.push(s),
      judgeUrls: judgeBlocking('/blocked/'),
    });
    inspector.start();
  });

  afterEach(() => {
    inspector.stop();
    vi.useRealTimers();
  });

  it('reports the page once on load', () => {
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ trigger: 'load', metas: [{ name: 'robots', content: 'index', inHead: true }] });
  });

  it('reports again after a single-page-app navigation (pushState, then popstate)', async () => {
    history.pushState({}, '', '/next');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 10);
    expect(posted).toHaveLength(2);
    expect(posted[1]?.trigger).toBe('navigation');
    expect(posted[1]?.url).toMatch(/\/next$/);
  });

  it('reports again when a framework rewrites the robots tag in head', async () => {
    document.querySelector('meta[name=robots]')?.setAttribute('content', 'noindex');
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 10);
    expect(posted.at(-1)?.metas[0]?.content).toBe('noindex');
  });

  it('answers only this extension’s pages, and only known messages', async () => {
    expect(inspector.handle({ type: 'robotscope:read' }, { id: 'someone-else' })).toBeNull();
    expect(inspector.handle({ type: 'robotscope:read' }, { id: EXT, tab: { id: 1 } })).toBeNull();
    expect(inspector.handle({ type: 'robotscope:read', extra: 1 }, FROM_POPUP)).toBeNull();
    const reply = await inspector.handle({ type: 'robotscope:read' }, FROM_POPUP);
    expect(reply?.snapshot.trigger).toBe('request');
  });

  it('marks blocked and rel-hinted links, shows a legend in a shadow root, and leaves no trace when turned off', async () => {
    vi.useRealTimers();
    const reply = (await inspector.handle(
      { type: 'robotscope:mark', crawler: 'Googlebot', crawlerName: 'Googlebot', colors: DEFAULT_MARK_COLORS },
      FROM_POPUP,
    )) as TabReply;
    const [blocked, ugc] = Array.from(document.querySelectorAll('a'));
    expect(blocked?.getAttribute(MARK_ATTRIBUTE)).toBe('blocked');
    expect(ugc?.getAttribute(MARK_ATTRIBUTE)).toBe('ugc');
    expect(reply.marks).toMatchObject({ links: 2, blocked: 1, ugc: 1, nofollow: 0, sponsored: 0 });
    expect(document.getElementById(STYLE_ID)?.textContent).toContain(DEFAULT_MARK_COLORS.blocked);
    expect(document.querySelector(HOST_TAG)).not.toBeNull();
    await inspector.handle({ type: 'robotscope:unmark' }, FROM_POPUP);
    expect(document.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.getElementById(STYLE_ID)).toBeNull();
    expect(document.querySelector(HOST_TAG)).toBeNull();
  });

  it('removes its marks when stopped (inspection turned off)', async () => {
    vi.useRealTimers();
    await inspector.handle(
      { type: 'robotscope:mark', crawler: 'Googlebot', crawlerName: 'Googlebot', colors: DEFAULT_MARK_COLORS },
      FROM_POPUP,
    );
    inspector.stop();
    expect(document.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.querySelector(HOST_TAG)).toBeNull();
    expect(inspector.handle({ type: 'robotscope:read' }, FROM_POPUP)).toBeNull();
  });
});

describe('messages to the content script', () => {
  it.each([
    {
      name: 'a colour that is not #rrggbb',
      value: {
        type: 'robotscope:mark',
        crawler: 'G',
        crawlerName: 'G',
        colors: { ...DEFAULT_MARK_COLORS, ugc: 'red;x:y' },
      },
    },
    { name: 'an unknown type', value: { type: 'robotscope:eval' } },
    {
      name: 'an empty crawler',
      value: { type: 'robotscope:mark', crawler: '', crawlerName: 'G', colors: DEFAULT_MARK_COLORS },
    },
    {
      name: 'a crawler with a line break',
      value: { type: 'robotscope:mark', crawler: 'G\nX', crawlerName: 'G', colors: DEFAULT_MARK_COLORS },
    },
    {
      name: 'a mark without its colours',
      value: { type: 'robotscope:mark', crawler: 'G', crawlerName: 'G' },
    },
    {
      name: 'a fifth colour',
      value: {
        type: 'robotscope:mark',
        crawler: 'G',
        crawlerName: 'G',
        colors: { ...DEFAULT_MARK_COLORS, follow: '#000000' },
      },
    },
    { name: 'a read message with a field more', value: { type: 'robotscope:read', tabId: 3 } },
    { name: 'a list', value: [{ type: 'robotscope:read' }] },
  ])('refuses $name', ({ value }) => expect(parseTabMessage(value)).toBeNull());

  it('takes each message in its exact shape, the crawler token trimmed', () => {
    expect(parseTabMessage({ type: 'robotscope:read' })).toEqual({ type: 'robotscope:read' });
    expect(parseTabMessage({ type: 'robotscope:unmark' })).toEqual({ type: 'robotscope:unmark' });
    const mark = {
      type: 'robotscope:mark',
      crawler: ' Googlebot ',
      crawlerName: 'Googlebot',
      colors: DEFAULT_MARK_COLORS,
    };
    expect(parseTabMessage(mark)).toEqual({ ...mark, crawler: 'Googlebot' });
  });
});
