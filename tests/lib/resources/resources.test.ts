import { describe, expect, it } from 'vitest';
import { describeRecord } from '../../../lib/fetch/describe';
import type { FetchOutcome, FetchRecord } from '../../../lib/fetch/types';
import type { PageRobots } from '../../../lib/verdict/types';
import { judgePage } from '../../../lib/verdict/page-verdict';
import { toUrlVerdict } from '../../../lib/verdict/url-judge';
import {
  addResource,
  addResources,
  classifyInitiatorType,
  classifyRequestType,
  countBlockedRenderCritical,
  createOriginScheduler,
  explainResourceVerdict,
  groupByOrigin,
  isCrawlerResource,
  isRenderCritical,
  isSameSite,
  isTabResources,
  judgeResources,
  readOriginRobots,
  type ResourceEntry,
  type ResourceType,
  startDocument,
  summarizeResources,
} from '../../../lib/resources';
import { fetchedBody } from '../fetch/fixtures';

function record(origin: string, outcome: FetchOutcome): FetchRecord {
  return {
    origin,
    robotsUrl: `${origin}/robots.txt`,
    finalUrl: `${origin}/robots.txt`,
    hops: [],
    outcome,
    fetchedAt: 0,
    expiresAt: 1,
    durationMs: 1,
  };
}

/** The record read as the popup reads it, with the worker's description. */
function read(r: FetchRecord): PageRobots {
  return readOriginRobots(r, describeRecord(r));
}

function file(origin: string, text: string): PageRobots {
  return read(record(origin, { kind: 'ok', status: 200, body: fetchedBody({ text }) }));
}

describe('classifyRequestType', () => {
  it.each<{ type: string; kind: ResourceType; source: string }>([
    { type: 'script', kind: 'script', source: 'webRequest ResourceType' },
    { type: 'stylesheet', kind: 'stylesheet', source: 'webRequest ResourceType' },
    { type: 'font', kind: 'font', source: 'webRequest ResourceType' },
    { type: 'image', kind: 'image', source: 'webRequest ResourceType' },
    { type: 'imageset', kind: 'image', source: 'Firefox webRequest ResourceType' },
    { type: 'media', kind: 'media', source: 'webRequest ResourceType' },
    { type: 'xmlhttprequest', kind: 'fetch', source: 'webRequest ResourceType (fetch and XHR alike)' },
    { type: 'sub_frame', kind: 'frame', source: 'webRequest ResourceType' },
    { type: 'ping', kind: 'other', source: 'webRequest ResourceType' },
    { type: 'something-new', kind: 'other', source: 'an unknown future type' },
    { type: 'constructor', kind: 'other', source: 'a name on Object.prototype is not a type' },
  ])('reads $type as $kind', ({ type, kind }) => {
    expect(classifyRequestType(type)).toBe(kind);
  });
});

describe('classifyInitiatorType', () => {
  it.each<{ initiator: string; url: string; kind: ResourceType; source: string }>([
    { initiator: 'script', url: 'https://a.test/app.js', kind: 'script', source: 'Resource Timing initiatorType' },
    { initiator: 'link', url: 'https://a.test/site.css', kind: 'stylesheet', source: 'Resource Timing' },
    { initiator: 'css', url: 'https://a.test/bg.png', kind: 'image', source: 'url() in a stylesheet' },
    { initiator: 'css', url: 'https://a.test/f/Inter.woff2', kind: 'font', source: '@font-face url()' },
    { initiator: 'img', url: 'https://a.test/a.png', kind: 'image', source: 'Resource Timing' },
    { initiator: 'fetch', url: 'https://a.test/api', kind: 'fetch', source: 'Resource Timing' },
    { initiator: 'xmlhttprequest', url: 'https://a.test/api', kind: 'fetch', source: 'Resource Timing' },
    { initiator: 'iframe', url: 'https://a.test/frame', kind: 'frame', source: 'Resource Timing' },
    { initiator: 'video', url: 'https://a.test/v.mp4', kind: 'media', source: 'Resource Timing' },
    { initiator: 'beacon', url: 'https://a.test/b', kind: 'other', source: 'Resource Timing' },
  ])('reads $initiator for $url as $kind', ({ initiator, url, kind }) => {
    expect(classifyInitiatorType(initiator, url)).toBe(kind);
  });
});

describe('isRenderCritical', () => {
  it('counts scripts, stylesheets, fonts and fetches as render-critical, and nothing else', () => {
    const critical = (['script', 'stylesheet', 'font', 'fetch', 'image', 'media', 'frame', 'other'] as const).filter(
      isRenderCritical,
    );
    expect(critical).toEqual(['script', 'stylesheet', 'font', 'fetch']);
  });
});

describe('isCrawlerResource', () => {
  it.each([
    { url: 'https://cdn.test/app.js', expected: true },
    { url: 'http://127.0.0.1:8080/x.css', expected: true },
    { url: 'HTTPS://CDN.TEST/A.JS', expected: true },
    { url: 'data:image/png;base64,AAAA', expected: false },
    { url: 'blob:https://a.test/1234', expected: false },
    { url: 'chrome-extension://abcdef/script.js', expected: false },
    { url: 'moz-extension://abcdef/script.js', expected: false },
    { url: 'chrome://favicon/x', expected: false },
    { url: 'about:blank', expected: false },
    { url: 'file:///etc/passwd', expected: false },
    { url: 'https://', expected: false },
    { url: 'not a url', expected: false },
  ])('says $expected for $url', ({ url, expected }) => {
    expect(isCrawlerResource(url)).toBe(expected);
  });
});

describe('the per-document list', () => {
  const PAGE = 'https://site.test/';

  it('keeps each URL once, in request order, leaving out data: and the document itself', () => {
    let list = startDocument(PAGE, 5);
    list = addResource(list, 'https://site.test/a.js', 'script');
    list = addResource(list, 'data:image/png;base64,AA', 'image');
    list = addResource(list, 'https://site.test/a.js', 'script');
    list = addResource(list, PAGE, 'other');
    list = addResource(list, 'https://cdn.test/s.css', 'stylesheet');
    expect(list.entries).toEqual([
      { url: 'https://site.test/a.js', type: 'script' },
      { url: 'https://cdn.test/s.css', type: 'stylesheet' },
    ]);
    expect(list.startedAt).toBe(5);
    expect(list.dropped).toBe(0);
  });

  it('sharpens an entry first seen as other when a later request names its kind', () => {
    let list = addResource(startDocument(PAGE, 0), 'https://site.test/f.woff2', 'other');
    list = addResource(list, 'https://site.test/f.woff2', 'font');
    list = addResource(list, 'https://site.test/f.woff2', 'image');
    expect(list.entries).toEqual([{ url: 'https://site.test/f.woff2', type: 'font' }]);
  });

  it('stops at the bound and counts what it left out', () => {
    const requests = Array.from({ length: 2005 }, (_, i) => ({
      url: `https://site.test/r${i}.png`,
      type: 'image' as const,
    }));
    const list = addResources(startDocument(PAGE, 0), requests);
    expect(list.entries).toHaveLength(2000);
    expect(list.dropped).toBe(5);
    expect(list.entries.at(-1)?.url).toBe('https://site.test/r1999.png');
  });

  it('returns the same list when nothing changes, so the worker writes nothing', () => {
    const list = addResource(startDocument(PAGE, 0), 'https://site.test/a.js', 'script');
    expect(addResources(list, [{ url: 'https://site.test/a.js', type: 'script' }])).toBe(list);
    expect(addResources(list, [{ url: 'blob:https://site.test/1', type: 'media' }])).toBe(list);
  });

  it('recognises a stored list and refuses damaged ones', () => {
    expect(isTabResources(addResource(startDocument(PAGE, 0), 'https://a.test/x', 'image'))).toBe(true);
    expect(isTabResources({ documentUrl: PAGE, startedAt: 0, dropped: 0, entries: [{ url: 1 }] })).toBe(false);
    expect(isTabResources(null)).toBe(false);
    expect(isTabResources('list')).toBe(false);
  });
});

describe('isSameSite', () => {
  it.each([
    { page: 'https://www.example.com/', resource: 'https://static.example.com/a.js', same: true },
    { page: 'https://www.example.com/', resource: 'https://example.com/a.js', same: true },
    { page: 'https://example.com/', resource: 'https://cdn.example.com:8443/a.js', same: true },
    { page: 'https://shop.example.com/', resource: 'https://shop.example.com/a.js', same: true },
    { page: 'https://shop.example.com/', resource: 'https://img.shop.example.com/a.png', same: true },
    { page: 'https://shop.example.com/', resource: 'https://example.com/a.js', same: false },
    { page: 'https://example.com/', resource: 'https://notexample.com/a.js', same: false },
    { page: 'https://example.com/', resource: 'https://cdn.jsdelivr.net/a.js', same: false },
    { page: 'http://127.0.0.1:4000/', resource: 'http://127.0.0.1:5000/a.js', same: true },
    { page: 'http://127.0.0.1:4000/', resource: 'http://localhost:4000/a.js', same: false },
    { page: 'http://localhost:4000/', resource: 'http://sub.localhost:4000/a.js', same: false },
  ])('says $same for $resource on $page', ({ page, resource, same }) => {
    expect(isSameSite(page, resource)).toBe(same);
  });
});

describe('judgeResources', () => {
  const SITE = 'https://site.test';
  const CDN = 'https://cdn.test';
  const DOWN = 'https://down.test';
  const GONE = 'https://gone.test';
  const entries: ResourceEntry[] = [
    { url: `${SITE}/js/app.js`, type: 'script' },
    { url: `${SITE}/css/site.css`, type: 'stylesheet' },
    { url: `${CDN}/static/lib.js`, type: 'script' },
    { url: `${CDN}/img/logo.png`, type: 'image' },
    { url: `${DOWN}/font.woff2`, type: 'font' },
    { url: `${GONE}/pixel.gif`, type: 'image' },
    { url: 'https://later.test/x.js', type: 'script' },
  ];
  const robots = new Map<string, PageRobots>([
    [SITE, file(SITE, 'User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /js/\n')],
    [CDN, file(CDN, 'User-agent: *\nDisallow: /static/\n')],
    [DOWN, read(record(DOWN, { kind: 'unreachable', cause: 'server-error', status: 503, detail: '' }))],
    [GONE, read(record(GONE, { kind: 'unavailable', cause: 'client-error', status: 404 }))],
  ]);

  it('judges each resource under its own origin and names the deciding line or the outcome', () => {
    const verdicts = judgeResources(entries, robots, 'Googlebot');
    const seen = verdicts.map((v) =>
      v.kind === 'judged' ? { url: v.url, allowed: v.allowed, ...explainResourceVerdict(v) } : { url: v.url },
    );
    expect(seen).toEqual([
      { url: `${SITE}/js/app.js`, allowed: false, line: 5, text: 'Disallow: /js/' },
      { url: `${SITE}/css/site.css`, allowed: true, line: 0, text: 'no rule matches: allowed' },
      { url: `${CDN}/static/lib.js`, allowed: false, line: 2, text: 'Disallow: /static/' },
      { url: `${CDN}/img/logo.png`, allowed: true, line: 0, text: 'no rule matches: allowed' },
      { url: `${DOWN}/font.woff2`, allowed: false, line: 0, text: 'robots.txt answered 503: everything disallowed' },
      { url: `${GONE}/pixel.gif`, allowed: true, line: 0, text: 'robots.txt answered 404: everything allowed' },
      { url: 'https://later.test/x.js' },
    ]);
    expect(verdicts.at(-1)?.kind).toBe('unchecked');
  });

  it('recomputes for another crawler from the same parsed files', () => {
    const google = judgeResources(entries, robots, 'Googlebot').filter((v) => v.kind === 'judged' && !v.allowed);
    const bing = judgeResources(entries, robots, 'bingbot').filter((v) => v.kind === 'judged' && !v.allowed);
    expect(google.map((v) => v.url)).toContain(`${SITE}/js/app.js`);
    expect(bing.map((v) => v.url)).not.toContain(`${SITE}/js/app.js`);
    expect(bing.map((v) => v.url)).toEqual([`${CDN}/static/lib.js`, `${DOWN}/font.woff2`]);
  });

  it('summarises with render-critical kinds counted first', () => {
    const summary = summarizeResources(judgeResources(entries, robots, 'Googlebot'), 'Googlebot');
    expect(summary.line).toBe('3 of 7 resources blocked for Googlebot so far (1 not checked yet): 2 scripts, 1 font');
    expect(summary.blockedRenderCritical).toBe(3);
    const done = summarizeResources(judgeResources(entries.slice(0, 6), robots, 'Googlebot'), 'Googlebot');
    expect(done.line).toBe('3 of 6 resources blocked for Googlebot: 2 scripts, 1 font');
  });

  it('counts blocked render-critical resources, leaving blocked images out', () => {
    const withImage = new Map(robots);
    withImage.set(CDN, file(CDN, 'User-agent: *\nDisallow: /\n'));
    const verdicts = judgeResources(entries, withImage, 'Googlebot');
    expect(verdicts.filter((v) => v.kind === 'judged' && !v.allowed)).toHaveLength(4);
    expect(countBlockedRenderCritical(verdicts)).toBe(3);
  });

  it('groups by origin the way robots.txt is scoped: scheme, host and port', () => {
    const groups = groupByOrigin([
      { url: 'https://a.test/1' },
      { url: 'http://a.test/2' },
      { url: 'https://a.test:443/3' },
      { url: 'https://a.test:8443/4' },
      { url: 'data:text/plain,x' },
    ]);
    expect([...groups].map(([origin, list]) => [origin, list.length])).toEqual([
      ['https://a.test', 2],
      ['http://a.test', 1],
      ['https://a.test:8443', 1],
    ]);
  });
});

describe('createOriginScheduler', () => {
  function deferred() {
    let resolve = (): void => undefined;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('runs at most the limit at once and starts the next as one ends', async () => {
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const started: string[] = [];
    const scheduler = createOriginScheduler(async (origin) => {
      started.push(origin);
      const gate = deferred();
      gates.set(origin, gate);
      await gate.promise;
      return origin.toUpperCase();
    }, 2);
    const results = ['a', 'b', 'c', 'd'].map((o) => scheduler.schedule(o));
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(scheduler.running).toBe(2);
    expect(scheduler.waiting).toBe(2);
    gates.get('b')?.resolve();
    await results[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a', 'b', 'c']);
    gates.get('a')?.resolve();
    gates.get('c')?.resolve();
    await new Promise((r) => setTimeout(r, 0));
    gates.get('d')?.resolve();
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C', 'D']);
    expect(scheduler.running).toBe(0);
  });

  it('shares one run between callers asking for the same origin at once', async () => {
    let runs = 0;
    const scheduler = createOriginScheduler(async (origin) => {
      runs++;
      await new Promise((r) => setTimeout(r, 1));
      return origin;
    });
    const [a, b] = await Promise.all([scheduler.schedule('x'), scheduler.schedule('x')]);
    expect([a, b, runs]).toEqual(['x', 'x', 1]);
    await scheduler.schedule('x');
    expect(runs).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const scheduler = createOriginScheduler(async (origin) => {
      if (origin === 'bad') throw new Error('boom');
      return origin;
    }, 1);
    await expect(scheduler.schedule('bad')).rejects.toThrow('boom');
    await expect(scheduler.schedule('good')).resolves.toBe('good');
  });
});

describe('toUrlVerdict: the one answer for a URL', () => {
  const SITE = 'https://site.test';
  const lookups = new Map([
    [
      SITE,
      {
        record: record(SITE, {
          kind: 'ok',
          status: 200,
          body: fetchedBody({
            text: 'User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /js/\n\nUser-agent: *\nAllow: /\n',
          }),
        }),
        source: 'cache' as const,
      },
    ],
  ]);

  it('answers each URL with its deciding line and group', () => {
    const { record: found } = lookups.get(SITE)!;
    const description = describeRecord(found);
    expect(description.summary).toBe('robots.txt found (HTTP 200).');
    const robots = readOriginRobots(found, description);
    const answer = (url: string) => toUrlVerdict(judgePage(robots, url, 'Googlebot'), url, SITE);
    expect([answer(`${SITE}/js/a.js`), answer(`${SITE}/img/b.png`)]).toEqual([
      {
        kind: 'judged',
        url: `${SITE}/js/a.js`,
        origin: SITE,
        allowed: false,
        basis: 'rules',
        line: 3,
        rule: 'Disallow: /js/',
        group: 'User-agent: Googlebot, bingbot (lines 1–3)',
        explanation: 'robots.txt line 3: Disallow: /js/',
      },
      {
        kind: 'judged',
        url: `${SITE}/img/b.png`,
        origin: SITE,
        allowed: true,
        basis: 'rules',
        line: 0,
        rule: null,
        group: 'User-agent: Googlebot, bingbot (lines 1–3)',
        explanation: 'no rule matches: allowed',
      },
    ]);
  });

  it('lists origins once, in first-seen order, as robots.txt scopes them', () => {
    const urls = ['https://a.test/1', 'https://A.TEST:443/2', 'http://a.test/3', 'data:,x'];
    expect([...groupByOrigin(urls.map((url) => ({ url }))).keys()]).toEqual(['https://a.test', 'http://a.test']);
  });
});
