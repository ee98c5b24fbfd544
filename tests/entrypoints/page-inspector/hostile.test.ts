import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  directiveMetaNames,
  readDirectivesCounted,
  readPageUrl,
  restrictionOf,
} from '../../../entrypoints/page-inspector.content/collect';
import { createPageInspector, MAX_WAIT_MS, SETTLE_MS } from '../../../entrypoints/page-inspector.content/inspector';
import { createLinkMarker, MARK_ATTRIBUTE, STYLE_ID } from '../../../entrypoints/page-inspector.content/marks';
import { domSnapshot, MAX_PAGE_URL_CHARS } from '../../../lib/protocol/schemas';
import { describeNotChecked } from '../../../lib/protocol/tab-messages';
import { DEFAULT_MARK_COLORS } from '../../../lib/settings';
import { type DomSnapshot, isReadingOf, judgePageState, type PageState } from '../../../lib/verdict/page-state';
import type { JudgeUrlsResponse } from '../../../lib/verdict/url-judge';
import type { PageVerdict } from '../../../lib/verdict/types';

function setPage(head: string, body: string) {
  document.head.innerHTML = head;
  document.body.innerHTML = body;
}

const allowAll = vi.fn(async (urls: string[]): Promise<JudgeUrlsResponse> => ({
  results: urls.map((url) => ({
    kind: 'judged' as const,
    url,
    origin: new URL(url).origin,
    allowed: !url.includes('/blocked'),
    basis: 'rules' as const,
    group: null,
    line: 1,
    rule: 'Disallow: /blocked',
    explanation: 'robots.txt line 1: Disallow: /blocked',
  })),
  origins: 1,
  skippedOrigins: 0,
  maxOrigins: 10,
}));

/** Captures the text of every closed shadow root the marker makes (the legend lives there). */
function legendText(spy: { mock: { results: { value: unknown }[] } }): string {
  const root = spy.mock.results.at(-1)?.value as ShadowRoot | undefined;
  return root?.textContent ?? '';
}

describe('bounded page readings keep what decides', () => {
  afterEach(() => setPage('', ''));

  it('keeps a noindex that comes after 150 index metas, and counts what was left out', () => {
    setPage('<meta name="robots" content="index">'.repeat(150) + '<meta name="robots" content="noindex">', '');
    const { metas, cut } = readDirectivesCounted(document, directiveMetaNames());
    expect(metas).toHaveLength(100);
    expect(metas.some((m) => m.content === 'noindex')).toBe(true);
    expect(cut.metas).toBe(51);
  });

  it('keeps each name’s most restrictive meta, so a crawler’s own tag is never crowded out', () => {
    setPage(
      '<meta name="robots" content="nosnippet">'.repeat(120) + '<meta name="googlebot" content="noindex, nofollow">',
      '',
    );
    const { metas } = readDirectivesCounted(document, directiveMetaNames());
    expect(metas.filter((m) => m.name === 'googlebot')).toHaveLength(1);
    expect(metas).toHaveLength(100);
  });

  it.each([
    { content: 'noindex', rank: 3 },
    { content: 'googlebot: none', rank: 3 },
    { content: 'unavailable_after: 2020-01-01', rank: 2 },
    { content: 'max-snippet:0', rank: 1 },
    { content: 'index, follow', rank: 0 },
    { content: '', rank: 0 },
  ])('ranks “$content” as $rank', ({ content, rank }) => {
    expect(restrictionOf(content)).toBe(rank);
  });

  it('cuts an over-long value and counts it, keeping the element', () => {
    setPage(`<meta name="robots" content="noindex ${'x'.repeat(5000)}">`, '');
    const { metas, cut } = readDirectivesCounted(document, directiveMetaNames());
    expect(metas[0]?.content).toHaveLength(4096);
    expect(cut.chars).toBe(1);
  });

  it('says in the Indexability notes that the reading was cut, and still finds the noindex', () => {
    setPage('<meta name="robots" content="index">'.repeat(150) + '<meta name="robots" content="noindex">', '');
    const { metas, canonicals, cut } = readDirectivesCounted(document, directiveMetaNames());
    const dom: DomSnapshot = {
      url: 'https://example.com/',
      metas,
      canonicals,
      links: { total: 0, nofollow: 0, ugc: 0, sponsored: 0 },
      trigger: 'load',
      cut: { ...cut, urlChars: 0 },
    };
    const state: PageState = { enabled: true, tabUrl: dom.url, observed: null, dom, refetched: null };
    const allowed: PageVerdict = {
      kind: 'not-applicable',
      explanation: 'n/a',
    } as unknown as PageVerdict;
    const { results } = judgePageState(state, null, null, ['Googlebot'], () => allowed, 0);
    expect(results[0]?.kind).toBe('noindex');
    expect(results[0]?.notes.join(' ')).toMatch(/Read in part: 51 robots meta tags were left out/);
  });
});

describe('page URLs', () => {
  it('reads a 6,000-character URL whole, and the worker’s schema accepts the reading', () => {
    const url = `https://example.com/?q=${'a'.repeat(6000)}`;
    expect(readPageUrl(url)).toEqual({ url, cutChars: 0 });
    const reading = { url, metas: [], canonicals: [], links: { total: 0, nofollow: 0, ugc: 0, sponsored: 0 } };
    expect(v.safeParse(domSnapshot, { ...reading, trigger: 'load' }).success).toBe(true);
  });

  it('cuts a URL over 16,384 characters (fragment first), counts it, and still matches the tab', () => {
    const long = `https://example.com/?q=${'a'.repeat(20_000)}`;
    const read = readPageUrl(`${long}#frag`);
    expect(read.url).toHaveLength(MAX_PAGE_URL_CHARS);
    expect(read.cutChars).toBe(long.length - MAX_PAGE_URL_CHARS);
    const dom: DomSnapshot = {
      url: read.url,
      metas: [],
      canonicals: [],
      links: { total: 0, nofollow: 0, ugc: 0, sponsored: 0 },
      trigger: 'load',
      cut: { urlChars: read.cutChars, metas: 0, canonicals: 0, chars: 0 },
    };
    expect(v.safeParse(domSnapshot, dom).success).toBe(true);
    expect(isReadingOf(dom, long)).toBe(true);
    expect(isReadingOf(dom, 'https://example.com/other')).toBe(false);
    expect(readPageUrl(`https://example.com/#${'f'.repeat(20_000)}`)).toEqual({
      url: 'https://example.com/',
      cutChars: 0,
    });
  });
});

describe('re-reporting a busy head', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setPage('', '');
  });

  it('reports within the maximum wait while the head changes every 20 ms', async () => {
    setPage('<meta name="robots" content="index">', '');
    const posted: DomSnapshot[] = [];
    const inspector = createPageInspector({
      doc: document,
      win: window,
      extensionId: 'x',
      customTokens: [],
      post: (s) => posted.push(s),
      judgeUrls: allowAll,
      now: () => Date.now(),
    });
    inspector.start();
    const meta = document.querySelector('meta') as HTMLMetaElement;
    let n = 0;
    const busy = setInterval(() => meta.setAttribute('content', n++ % 2 === 0 ? 'noindex' : 'noindex, nofollow'), 20);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS + 100);
    expect(posted.length).toBeGreaterThanOrEqual(2);
    expect(posted.at(-1)?.metas[0]?.content).toMatch(/noindex/);
    // Still following while the page keeps going: a report at least every maximum wait.
    const before = posted.length;
    await vi.advanceTimersByTimeAsync(3 * MAX_WAIT_MS);
    expect(posted.length - before).toBeGreaterThanOrEqual(2);
    clearInterval(busy);
    inspector.stop();
    expect(SETTLE_MS).toBeLessThan(MAX_WAIT_MS);
  });
});

describe('Mark links on a hostile page', () => {
  afterEach(() => {
    setPage('', '');
    vi.restoreAllMocks();
  });
  const options = (judgeUrls = allowAll) => ({
    crawler: 'Googlebot',
    crawlerName: 'Googlebot',
    colors: DEFAULT_MARK_COLORS,
    judgeUrls,
    now: () => 0,
  });

  it('removes its mark from links the page cloned while marking was on', async () => {
    setPage('', '<div id="list"><a href="https://example.com/blocked/a" rel="ugc">a</a></div>');
    const marker = createLinkMarker(document);
    await marker.mark(options());
    const original = document.querySelector('a') as HTMLAnchorElement;
    expect(original.getAttribute(MARK_ATTRIBUTE)).toBe('ugc blocked');
    document.getElementById('list')?.append(original.cloneNode(true), original.cloneNode(true));
    marker.clear();
    expect(document.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).toHaveLength(0);
  });

  /** A document of its own: a marker's sweeper stays on its document for as long as the page lives. */
  function freshPage(body: string): Document {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = body;
    return doc;
  }
  const LIST = '<div id="list"><a href="https://example.com/blocked/a" rel="ugc">a</a></div>';
  // Mutation observers run after the task that inserted.
  const observed = () => new Promise((r) => setTimeout(r, 0));

  it('removes its mark from a clone the page kept aside and inserts after marking was turned off', async () => {
    const doc = freshPage(LIST);
    const marker = createLinkMarker(doc);
    await marker.mark(options());
    const original = doc.querySelector('a') as HTMLAnchorElement;
    const aside = original.cloneNode(true) as Element;
    const wrapped = doc.createElement('li');
    wrapped.append(original.cloneNode(true));
    expect(aside.getAttribute(MARK_ATTRIBUTE)).toBe('ugc blocked');
    marker.clear();
    doc.getElementById('list')?.append(aside, wrapped);
    await observed();
    expect(doc.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).toHaveLength(0);
    expect(aside.isConnected).toBe(true);
  });

  it('keeps the mark of a clone inserted while marks are on again', async () => {
    const doc = freshPage(LIST);
    const marker = createLinkMarker(doc);
    await marker.mark(options());
    marker.clear();
    await marker.mark(options());
    const original = doc.querySelector('a') as HTMLAnchorElement;
    doc.getElementById('list')?.append(original.cloneNode(true));
    await observed();
    expect(doc.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).toHaveLength(2);
    marker.clear();
    expect(doc.querySelectorAll(`[${MARK_ATTRIBUTE}]`)).toHaveLength(0);
  });

  it('never touches the page’s nodes before marks were ever on', async () => {
    const doc = freshPage('<div id="list"></div>');
    const marker = createLinkMarker(doc);
    marker.clear();
    const own = doc.createElement('a');
    own.setAttribute(MARK_ATTRIBUTE, 'the page’s own');
    doc.getElementById('list')?.append(own);
    await observed();
    expect(own.getAttribute(MARK_ATTRIBUTE)).toBe('the page’s own');
  });

  it('never overwrites or removes a page element that carries its style id', async () => {
    setPage(`<style id="${STYLE_ID}">.page{color:red}</style>`, '<a href="https://example.com/x">x</a>');
    const marker = createLinkMarker(document);
    await marker.mark(options());
    const pageStyle = document.head.querySelector(`style#${STYLE_ID}`);
    expect(pageStyle?.textContent).toBe('.page{color:red}');
    marker.clear();
    expect(document.head.querySelectorAll(`#${STYLE_ID}`)).toHaveLength(1);
    expect(document.getElementById(STYLE_ID)?.textContent).toBe('.page{color:red}');
  });

  it('says how many links were not checked and why when the request is refused, never “0 blocked”', async () => {
    setPage('', '<a href="https://example.com/a">a</a><a href="https://example.com/b">b</a>');
    const shadow = vi.spyOn(HTMLElement.prototype, 'attachShadow');
    const marker = createLinkMarker(document);
    const refused = vi.fn(async (): Promise<JudgeUrlsResponse> => {
      throw new Error('judgeUrls: a content script may ask only for links of its own page.');
    });
    const run = await marker.mark(options(refused));
    expect(run.counts.unchecked).toBe(2);
    expect(run.counts.notChecked).toMatchObject({ refused: 2 });
    const text = legendText(shadow);
    expect(text).toContain('not known (nothing was checked)');
    expect(text).toContain('2 links not checked — 2: the request was refused (judgeUrls: a content script');
    expect(text).not.toMatch(/Blocked for Googlebot: 0/);
  });

  it('counts over-long links instead of sending them, and words the origin cap', async () => {
    setPage(
      '',
      `<a href="https://example.com/${'x'.repeat(5000)}">long</a><a href="https://example.com/ok">ok</a><a href="https://other.example/z">z</a>`,
    );
    const capped = vi.fn(async (urls: string[]): Promise<JudgeUrlsResponse> => ({
      results: urls.map((url) =>
        url.includes('other')
          ? { kind: 'skipped' as const, url, explanation: 'not checked: at most 0 other sites' }
          : {
              kind: 'judged' as const,
              url,
              origin: 'https://example.com',
              allowed: true,
              basis: 'no-robots' as const,
              group: null,
              line: 0,
              rule: null,
              explanation: 'no robots.txt',
            },
      ),
      origins: 1,
      skippedOrigins: 1,
      maxOrigins: 0,
    }));
    const marker = createLinkMarker(document);
    const run = await marker.mark(options(capped));
    expect(capped.mock.calls[0]?.[0]).toHaveLength(2);
    expect(run.counts.notChecked).toMatchObject({ tooLong: 1, overOrigins: 1, refused: 0 });
    expect(describeNotChecked(run.counts.notChecked!, 1)).toBe(
      '2 links not checked — 1: address over 4,096 characters; 1 on 1 other sites: over the robots.txt fetch limit for one page.',
    );
  });
});
