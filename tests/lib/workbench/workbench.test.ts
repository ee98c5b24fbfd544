import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildCsv,
  checkSitemapLines,
  createCrawlerDecider,
  createWorkbenchSession,
  createSideColumns,
  cutAtGoogleLimit,
  decide,
  describeChangeGroups,
  diffDraft,
  evaluateRange,
  groupChanges,
  findBlockedSitemapUrls,
  listCrawlers,
  parseUrlList,
  prepareRobots,
  quoteCsvField,
  selectRows,
  summarizeChanges,
  type WorkerReply,
} from '../../../lib/workbench';

const CORPUS = process.env.ROBOTS_CORPUS ?? resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus');
const ORIGIN = 'https://a.test';
const crawlers = listCrawlers();
const tokenIndex = (token: string) => crawlers.findIndex((c) => c.token === token);

function table(liveText: string, draftText: string, urls: string[]) {
  const live = createSideColumns(urls.length * crawlers.length);
  const draft = createSideColumns(urls.length * crawlers.length);
  evaluateRange(prepareRobots({ kind: 'file', text: liveText }), urls, crawlers, live, 0, urls.length);
  evaluateRange(prepareRobots({ kind: 'file', text: draftText }), urls, crawlers, draft, 0, urls.length);
  return { live, draft };
}

describe('the crawler deciders', () => {
  const files = existsSync(CORPUS)
    ? readdirSync(CORPUS)
        .filter((f) => f.endsWith('.txt'))
        .slice(0, 60)
    : [];
  const paths = [
    '/',
    '/search?q=1',
    '/admin/',
    '/wp-admin/admin-ajax.php',
    '/index.html',
    '/a/b/c.pdf',
    '/api/x',
    '/tag/x/feed/',
  ];

  it('reach the same verdict and line as evaluating each crawler in full, on corpus files', () => {
    if (files.length === 0) {
      console.warn(`corpus not found at ${CORPUS}: the corpus comparison did not run`);
      return;
    }
    let compared = 0;
    for (const file of files) {
      const prepared = prepareRobots({ kind: 'file', text: readFileSync(join(CORPUS, file), 'utf8') });
      for (const crawler of crawlers) {
        const fast = createCrawlerDecider(prepared, crawler);
        for (const path of paths) {
          expect(fast(ORIGIN + path), `${file} ${crawler.token} ${path}`).toEqual(
            decide(prepared, ORIGIN + path, crawler),
          );
          compared++;
        }
      }
    }
    expect(compared).toBe(files.length * crawlers.length * paths.length);
  });

  it('reads the live file from its fetched bytes, as Google does: a Latin-1 `/caf\\xe9` blocks `/caf%E9`', () => {
    const googlebot = crawlers[tokenIndex('Googlebot')]!;
    const bytes = 'User-agent: *\nDisallow: /caf\xe9\n';
    // What the fetch keeps (one character per byte) and its decoding (U+FFFD for the invalid byte).
    const live = prepareRobots({
      kind: 'file',
      text: 'User-agent: *\nDisallow: /caf\uFFFD\n',
      fetched: { bytes, truncated: false },
    });
    expect(decide(live, `${ORIGIN}/caf%E9`, googlebot)).toEqual({ allowed: false, line: 2 });
    expect(decide(live, `${ORIGIN}/caf%EF%BF%BD`, googlebot)).toEqual({ allowed: true, line: 0 });
    // A draft is text, saved as UTF-8: the same characters read as the replacement character.
    const draft = prepareRobots({ kind: 'file', text: 'User-agent: *\nDisallow: /caf\uFFFD\n' });
    expect(decide(draft, `${ORIGIN}/caf%EF%BF%BD`, googlebot)).toEqual({ allowed: false, line: 2 });
    // A fetched file cut at 500 KiB says so, at its last line.
    const cut = prepareRobots({
      kind: 'file',
      text: 'User-agent: *\nDisallow: /a\nDisallow: /b',
      fetched: { bytes: 'User-agent: *\nDisallow: /a\nDisallow: /b', truncated: true },
    });
    expect([cut.isCut, cut.cutLine]).toEqual([true, 3]);
  });

  it('allow everything when the live file is missing and block everything when unreachable', () => {
    const missing = prepareRobots({ kind: 'allow-all', reason: '404' });
    const down = prepareRobots({ kind: 'block-all', reason: '503' });
    expect(createCrawlerDecider(missing, crawlers[0]!)(ORIGIN + '/x')).toEqual({ allowed: true, line: 0 });
    expect(createCrawlerDecider(down, crawlers[0]!)(ORIGIN + '/x')).toEqual({ allowed: false, line: 0 });
  });
});

describe('the change summary', () => {
  const urls = ['/', '/private/a', '/private/b', '/public'].map((p) => ORIGIN + p);
  const live = 'User-agent: *\nDisallow: /public\n\nUser-agent: GPTBot\nDisallow: /\n';
  const draftText = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /private/\n';
  const { live: l, draft: d } = table(live, draftText, urls);
  const changes = summarizeChanges(crawlers, urls.length, l, d);
  const googlebot = changes[tokenIndex('Googlebot')]!;
  const gptbot = changes[tokenIndex('GPTBot')]!;

  it('counts URLs the draft blocks and unblocks per crawler', () => {
    expect(googlebot).toMatchObject({ blockedNow: 2, unblockedNow: 1, blockedLive: 1, blockedDraft: 2 });
    expect(gptbot).toMatchObject({ blockedNow: 0, unblockedNow: 2, blockedLive: 4, blockedDraft: 2 });
  });

  it('says it in one sentence, crawlers that change alike named once', () => {
    const chosen = ['Googlebot', 'Googlebot-Image', 'GPTBot', 'AdsBot-Google'].map((t) => crawlers[tokenIndex(t)]!);
    const side = (text: string) => {
      const columns = createSideColumns(urls.length * chosen.length);
      evaluateRange(prepareRobots({ kind: 'file', text }), urls, chosen, columns, 0, urls.length);
      return columns;
    };
    const [a, b] = [side(live), side(draftText)];
    const groups = groupChanges(summarizeChanges(chosen, urls.length, a, b), urls.length, a, b);
    expect(describeChangeGroups(groups, chosen)).toBe(
      'This draft blocks 2 URLs for 2 crawlers (Googlebot and Googlebot-Image) that are allowed today, and unblocks 1 URL for the same 2 crawlers and 2 for GPTBot.',
    );
    const same = groupChanges(summarizeChanges(chosen, urls.length, a, a), urls.length, a, a);
    expect(describeChangeGroups(same, chosen)).toBe('This draft changes no verdict.');
  });

  it('filters changed rows for one crawler and puts changed rows first', () => {
    const g = tokenIndex('Googlebot');
    const rows = selectRows(
      urls.length,
      crawlers.length,
      l,
      d,
      { changedOnly: true, blockedOnly: false, crawler: g },
      { by: 'url', descending: false },
    );
    expect(Array.from(rows).map((i) => urls[Math.floor(i / crawlers.length)])).toEqual([
      ORIGIN + '/private/a',
      ORIGIN + '/private/b',
      ORIGIN + '/public',
    ]);
    const ordered = selectRows(
      urls.length,
      crawlers.length,
      l,
      d,
      { changedOnly: false, blockedOnly: false, crawler: g },
      { by: 'change', descending: false },
    );
    expect(Array.from(ordered).map((i) => urls[Math.floor(i / crawlers.length)])).toEqual([
      ORIGIN + '/private/a',
      ORIGIN + '/private/b',
      ORIGIN + '/public',
      ORIGIN + '/',
    ]);
  });

  it('exports the filtered rows as RFC 4180 CSV with a header row and CRLF', () => {
    const g = tokenIndex('Googlebot');
    const rows = selectRows(
      urls.length,
      crawlers.length,
      l,
      d,
      { changedOnly: true, blockedOnly: false, crawler: g },
      { by: 'url', descending: false },
    );
    const csv = buildCsv(rows, {
      urls,
      names: crawlers.map((c) => c.name),
      live: l,
      draft: d,
      liveLines: live.split('\n'),
      draftLines: draftText.split('\n'),
    });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFurl,crawler,live,live_line,live_rule,draft,draft_line,draft_rule,change',
      `${ORIGIN}/private/a,Googlebot,allowed,,,blocked,2,Disallow: /private/,blocked`,
      `${ORIGIN}/private/b,Googlebot,allowed,,,blocked,2,Disallow: /private/,blocked`,
      `${ORIGIN}/public,Googlebot,blocked,2,Disallow: /public,allowed,,,unblocked`,
      '',
    ]);
  });
});

describe('quoteCsvField', () => {
  it.each([
    { field: 'plain', quoted: 'plain', source: 'RFC 4180 §2.5' },
    { field: 'a,b', quoted: '"a,b"', source: 'RFC 4180 §2.6' },
    { field: 'say "hi"', quoted: '"say ""hi"""', source: 'RFC 4180 §2.7' },
    { field: 'two\nlines', quoted: '"two\nlines"', source: 'RFC 4180 §2.6' },
  ])('quotes $field as $quoted ($source)', ({ field, quoted }) => {
    expect(quoteCsvField(field)).toBe(quoted);
  });
});

describe('parseUrlList', () => {
  it('resolves paths, keeps this origin, sets other origins aside and names bad lines', () => {
    const list = parseUrlList('/a\n  https://a.test/b  \nhttps://other.test/c\nnot a url\n\n/a\n', ORIGIN);
    expect(list).toEqual({
      urls: [ORIGIN + '/a', ORIGIN + '/b'],
      otherOrigin: ['https://other.test/c'],
      invalid: [{ line: 4, text: 'not a url' }],
      invalidCount: 1,
      capNotice: null,
    });
  });

  it('takes the first field of each CSV row and skips a header', () => {
    const list = parseUrlList('url,title\r\n"https://a.test/x,y",X\r\n/z,Z\r\n', ORIGIN, true);
    expect(list.urls).toEqual([ORIGIN + '/x,y', ORIGIN + '/z']);
    expect(list.invalid).toEqual([]);
  });
});

describe('the audit findings', () => {
  it('name relative, malformed and other-host Sitemap lines and failed sitemaps', () => {
    const prepared = prepareRobots({
      kind: 'file',
      text: `Sitemap: /sitemap.xml\nSitemap: https://cdn.test/s.xml\nSitemap: ${ORIGIN}/ok.xml\n`,
    });
    const findings = checkSitemapLines(prepared.robots!.sitemaps, ORIGIN, [
      {
        url: `${ORIGIN}/ok.xml`,
        depth: 0,
        status: 'failed',
        message: '404 Not Found: no sitemap at this address.',
        added: 0,
      },
    ]);
    expect(findings.map((f) => f.code)).toEqual(['sitemap-relative', 'sitemap-other-host', 'sitemap-failed']);
    expect(findings[0]!.message).toContain('Line 1: Sitemap: /sitemap.xml is relative');
  });

  it('say which sitemap URLs robots.txt forbids to a search crawler', () => {
    const urls = [ORIGIN + '/ok', ORIGIN + '/private/x'];
    const { live } = table('User-agent: *\nDisallow: /private/\n', '', urls);
    const findings = findBlockedSitemapUrls(urls, new Uint8Array([1, 1]), crawlers, live);
    // Every search crawler reads `*`: one finding names them all, by family.
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      code: 'sitemap-url-blocked',
      message: expect.stringMatching(
        /^You list in your sitemaps 1 URL that robots\.txt forbids all Google search crawlers, Bingbot, Applebot and \d+ more to crawl\.$/,
      ),
      examples: [ORIGIN + '/private/x'],
    });
    expect(findings[0]!.crawlers).toEqual(crawlers.filter((c) => c.purpose === 'search').map((c) => c.token));
  });
});

describe('cutAtGoogleLimit', () => {
  it('keeps 512,000 bytes and says on which line the cut falls', () => {
    const line = 'Disallow: /' + 'x'.repeat(88) + '\n';
    const text = 'User-agent: *\n' + line.repeat(6000);
    const cut = cutAtGoogleLimit(text);
    expect(cut.isCut).toBe(true);
    expect(new TextEncoder().encode(cut.text).length).toBe(512_000);
    expect(cut.cutLine).toBe(1 + Math.floor((512_000 - 14) / 100) + 1);
    expect(cutAtGoogleLimit('User-agent: *\n')).toEqual({ text: 'User-agent: *\n', isCut: false, cutLine: null });
  });
});

describe('the worker session', () => {
  function createSession() {
    const replies: WorkerReply[] = [];
    const session = createWorkbenchSession({
      post: (reply) => replies.push(reply),
      fetch: () => Promise.reject(new Error('no network in this test')),
      now: () => performance.now(),
      yieldTurn: () => new Promise((r) => setTimeout(r, 0)),
    });
    return { session, replies };
  }
  const tokens = crawlers.map((c) => c.token);

  it('evaluates live and draft with progress, then reuses the live side for the next draft', async () => {
    const { session, replies } = createSession();
    const urls = Array.from({ length: 300 }, (_, i) => `${ORIGIN}/${i % 2 === 0 ? 'private' : 'public'}/${i}`);
    await session.handle({ type: 'set-urls', urls });
    const live = { kind: 'file', text: 'User-agent: *\nAllow: /\n' } as const;
    await session.handle({
      type: 'evaluate',
      job: 1,
      live,
      draft: { kind: 'file', text: 'User-agent: *\nDisallow: /private/\n' },
      crawlers: tokens,
    });
    const first = replies.find((r) => r.type === 'evaluated');
    expect(first).toMatchObject({ job: 1, urlCount: 300, liveReused: false });
    // Progress counts URLs that have both verdicts, not URL × side.
    const progress = replies.filter((r) => r.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ done: 300, total: 300 });
    expect(progress.every((r) => r.type === 'progress' && r.total === 300 && r.done <= 300)).toBe(true);
    if (first?.type !== 'evaluated') return;
    const summary = summarizeChanges(crawlers, 300, first.live, first.draft);
    expect(summary[tokenIndex('Googlebot')]).toMatchObject({ blockedNow: 150, unblockedNow: 0 });
    await session.handle({ type: 'evaluate', job: 2, live, draft: live, crawlers: tokens });
    expect(replies.filter((r) => r.type === 'evaluated').at(-1)).toMatchObject({ job: 2, liveReused: true });
  });

  it('evaluates only the chosen crawlers, and the live side again when the choice changes', async () => {
    const { session, replies } = createSession();
    const urls = [`${ORIGIN}/a`, `${ORIGIN}/b`, `${ORIGIN}/c`];
    await session.handle({ type: 'set-urls', urls });
    const live = { kind: 'file', text: 'User-agent: GPTBot\nDisallow: /\n' } as const;
    const draft = { kind: 'file', text: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /b\n' } as const;
    await session.handle({ type: 'evaluate', job: 1, live, draft, crawlers: ['Googlebot', 'GPTBot'] });
    const first = replies.find((r) => r.type === 'evaluated');
    if (first?.type !== 'evaluated') throw new Error('no evaluation');
    expect(first.crawlers).toEqual(['Googlebot', 'GPTBot']);
    // Two crawlers × three URLs per side, not the whole preset list.
    expect(first.live.allowed.length).toBe(6);
    expect(first.draft.allowed.length).toBe(6);
    expect(replies.filter((r) => r.type === 'progress').at(-1)).toMatchObject({ done: 3, total: 3 });
    const chosen = ['Googlebot', 'GPTBot'].map((t) => crawlers[tokenIndex(t)]!);
    const summary = summarizeChanges(chosen, urls.length, first.live, first.draft);
    expect(summary.map((c) => [c.token, c.blockedNow, c.blockedLive])).toEqual([
      ['Googlebot', 1, 0],
      ['GPTBot', 0, 3],
    ]);
    await session.handle({ type: 'evaluate', job: 2, live, draft, crawlers: ['GPTBot'] });
    const second = replies.filter((r) => r.type === 'evaluated').at(-1);
    expect(second).toMatchObject({ job: 2, crawlers: ['GPTBot'], liveReused: false });
    if (second?.type === 'evaluated') expect(Array.from(second.live.allowed)).toEqual([0, 0, 0]);
  });

  it('drops an evaluation that a newer one supersedes', async () => {
    const { session, replies } = createSession();
    await session.handle({ type: 'set-urls', urls: Array.from({ length: 2000 }, (_, i) => `${ORIGIN}/${i}`) });
    const live = { kind: 'file', text: 'User-agent: *\nDisallow: /1\n' } as const;
    const older = session.handle({ type: 'evaluate', job: 1, live, draft: live, crawlers: tokens });
    const newer = session.handle({
      type: 'evaluate',
      job: 2,
      live: { kind: 'allow-all', reason: '404' },
      draft: live,
      crawlers: tokens,
    });
    await Promise.all([older, newer]);
    expect(replies.filter((r) => r.type === 'evaluated').map((r) => r.job)).toEqual([2]);
  });

  it('says in words when a sitemap cannot be fetched', async () => {
    const { session, replies } = createSession();
    await session.handle({
      type: 'load-sitemaps',
      job: 3,
      startUrls: [`${ORIGIN}/sitemap.xml`],
      siteOrigin: ORIGIN,
      allowedOrigins: [],
    });
    expect(replies.find((r) => r.type === 'sitemap-outcome')).toMatchObject({
      outcome: { status: 'failed', message: 'Could not be fetched: no network in this test.' },
    });
  });
});

describe('diffDraft', () => {
  it('marks added lines in the draft and removed lines in the live file', () => {
    const diff = diffDraft(
      'User-agent: *\nDisallow: /a\nAllow: /b\n',
      'User-agent: *\nDisallow: /c\nAllow: /b\nSitemap: /s\n',
    );
    expect(diff).toMatchObject({ kind: 'diff', draftChanged: [2, 4], liveChanged: [2], added: 2, removed: 1 });
    if (diff.kind === 'diff')
      expect(diff.parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same', 'added']);
  });
});
