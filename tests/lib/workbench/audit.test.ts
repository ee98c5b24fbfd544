import { describe, expect, it } from 'vitest';
import type { CrawlerPreset } from '../../../lib/robots';
import { groupCrawlersByOutcome } from '../../../lib/shared/crawler-grouping';
import {
  buildCsv,
  createSideColumns,
  createWorkbenchSession,
  CSV_COLUMNS,
  csvHeader,
  describeCrawlerSet,
  evaluateRange,
  findBlockedSitemapUrls,
  groupChanges,
  groupSitemapFailures,
  joinWords,
  listCrawlers,
  MAX_RULE_TEXT,
  nameCrawlerSet,
  prepareRobots,
  ruleTextAt,
  selectUrlRows,
  splitLines,
  summarizeChanges,
  summarizeUrl,
  type WorkerReply,
} from '../../../lib/workbench';

// Issue 20, "the workbench reads like an audit": outcomes grouped by crawler set and named by
// family, one row per URL, CSV columns a spreadsheet can use, progress in URLs.

const ORIGIN = 'https://a.test';
const crawlers = listCrawlers();
const byToken = (...tokens: string[]) =>
  tokens.map((t) => {
    const c = crawlers.find((p) => p.token === t);
    if (c === undefined) throw new Error(`no preset ${t}`);
    return c;
  });
const family = (operator: string, purpose?: string) =>
  crawlers.filter((c) => c.operator === operator && (purpose === undefined || c.purpose === purpose));

describe('joinWords', () => {
  it.each([
    { items: [], text: '' },
    { items: ['A'], text: 'A' },
    { items: ['A', 'B'], text: 'A and B' },
    { items: ['A', 'B', 'C'], text: 'A, B and C' },
  ])('joins $items as "$text"', ({ items, text }) => {
    expect(joinWords(items)).toBe(text);
  });
});

describe('nameCrawlerSet', () => {
  const googleSearch = family('Google', 'search');

  it.each([
    { name: 'an empty set', set: [], short: 'no crawler' },
    { name: 'one crawler, by its name', set: byToken('bingbot'), short: 'Bingbot' },
    { name: 'a complete family', set: googleSearch, short: 'all Google search crawlers' },
    {
      name: 'a complete family and a crawler, in preset order',
      set: [...byToken('bingbot'), ...googleSearch],
      short: 'all Google search crawlers and Bingbot',
    },
    { name: 'a complete operator', set: family('Google'), short: 'all Google crawlers' },
    { name: 'a complete operator of two families', set: family('Apple'), short: 'all Apple crawlers' },
    {
      name: 'a family missing one crawler, by name and cut',
      set: googleSearch.filter((c) => c.token !== 'Storebot-Google'),
      short: 'Googlebot, Googlebot-Image, Googlebot-Video and 2 more',
    },
    {
      name: 'four parts whose last is one crawler: no "and 1 more"',
      set: byToken('Googlebot', 'GPTBot', 'ClaudeBot', 'CCBot'),
      short: 'Googlebot, GPTBot, ClaudeBot and CCBot',
    },
    {
      name: 'a cut family counted by its crawlers',
      set: [...byToken('Googlebot', 'GPTBot', 'ClaudeBot'), ...family('Meta')],
      short: 'Googlebot, GPTBot, ClaudeBot and 3 more',
    },
    { name: 'a crawler listed twice, once', set: byToken('GPTBot', 'GPTBot'), short: 'GPTBot' },
  ])('names $name', ({ set, short }) => {
    expect(nameCrawlerSet(set).short).toBe(short);
  });

  it('names every complete family of two or more presets "all <operator> <purpose> crawlers", from the data', () => {
    const families = new Map<string, CrawlerPreset[]>();
    for (const c of crawlers)
      families.set(`${c.operator}|${c.purpose}`, [...(families.get(`${c.operator}|${c.purpose}`) ?? []), c]);
    let checked = 0;
    for (const members of families.values()) {
      const operator = members[0]!.operator;
      // A family that is its whole operator is named by the operator instead.
      if (members.length < 2 || family(operator).length === members.length) continue;
      expect(nameCrawlerSet(members).short).toMatch(new RegExp(`^all ${operator} \\S+`));
      expect(nameCrawlerSet(members.slice(1)).short).not.toContain('all ');
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });

  it('says "all N crawlers tested" for the whole tested set, and keeps every part in the full name', () => {
    const tested = byToken('Googlebot', 'GPTBot', 'ClaudeBot');
    expect(nameCrawlerSet(tested, { tested }).short).toBe('all 3 crawlers tested');
    expect(nameCrawlerSet(tested.slice(0, 2), { tested }).short).toBe('Googlebot and GPTBot');
    const many = byToken('Googlebot', 'GPTBot', 'ClaudeBot', 'CCBot', 'Bytespider');
    expect(nameCrawlerSet(many)).toEqual({
      short: 'Googlebot, GPTBot, ClaudeBot and 2 more',
      full: 'Googlebot, GPTBot, ClaudeBot, CCBot and Bytespider',
      count: 5,
    });
    expect(nameCrawlerSet(many, { maxParts: 4 }).short).toBe('Googlebot, GPTBot, ClaudeBot, CCBot and Bytespider');
  });

  it('makes families of the presets it is given', () => {
    const presets = byToken('GPTBot', 'OAI-SearchBot');
    const alike = presets.map((c) => ({ ...c, purpose: 'ai-search' as const }));
    expect(nameCrawlerSet(alike, { presets: alike }).short).toBe('all OpenAI crawlers');
    expect(nameCrawlerSet(presets.slice(0, 1), { presets }).short).toBe('GPTBot');
  });

  it.each([
    { set: byToken('GPTBot'), phrase: 'GPTBot' },
    { set: family('Google', 'search'), phrase: '6 crawlers (all Google search crawlers)' },
    { set: crawlers, phrase: `all ${crawlers.length} crawlers tested`, tested: crawlers },
  ])('describes whom a change is for: $phrase', ({ set, phrase, tested }) => {
    expect(describeCrawlerSet(set, { tested })).toBe(phrase);
  });

  it('never says "1 crawlers" and writes counts with thousands separators', () => {
    const set = crawlers.slice(0, 5);
    expect(describeCrawlerSet(set)).toMatch(/^5 crawlers \(/);
    expect(nameCrawlerSet(crawlers).short).not.toMatch(/\b1 more crawlers\b/);
  });
});

describe('groupCrawlersByOutcome', () => {
  it('groups crawlers whose columns are identical, and only those, even when their counts agree', () => {
    // Crawler 0 and 2 block URL 1; crawler 1 blocks URL 2: the same count, a different outcome.
    const codes = [
      [0, 1, 0],
      [0, 0, 1],
      [0, 1, 0],
      [0, 0, 0],
    ];
    expect(groupCrawlersByOutcome([0, 1, 2, 3], 3, (c, u) => codes[c]![u]!)).toEqual([[0, 2], [1], [3]]);
  });
});

describe('groupChanges over every preset', () => {
  const urls = ['/', '/articles/1', '/private/2'].map((p) => ORIGIN + p);
  const side = (text: string) => {
    const columns = createSideColumns(urls.length * crawlers.length);
    evaluateRange(prepareRobots({ kind: 'file', text }), urls, crawlers, columns, 0, urls.length);
    return columns;
  };
  const live = side('User-agent: *\nDisallow: /private/\n');
  const draft = side('User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /articles/\n');
  const groups = groupChanges(summarizeChanges(crawlers, urls.length, live, draft), urls.length, live, draft);

  it('puts Googlebot and the crawlers that read its group in one group, the rest in another', () => {
    const readsGooglebot = crawlers
      .map((c, i) => (c.token === 'Googlebot' || c.fallbacks.includes('Googlebot') ? i : -1))
      .filter((i) => i >= 0);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({ members: readsGooglebot, blockedNow: 1, unblockedNow: 1 });
    expect(groups[1]!.blockedNow + groups[1]!.unblockedNow).toBe(0);
    expect(groups[0]!.members.length + groups[1]!.members.length).toBe(crawlers.length);
  });

  it('gives each group the range of what its members block today', () => {
    expect(groups[0]!.blockedLive).toEqual({ min: 1, max: 1 });
    // AdsBot-Google ignores `*`: blocked nowhere, unlike the others of the unchanged group.
    expect(groups[1]!.blockedLive).toEqual({ min: 0, max: 1 });
  });
});

describe('the table with one row per URL', () => {
  const tokens = 3;
  // URL 0: nothing changes; URL 1: crawler 0 blocked by the draft; URL 2: crawler 2 unblocked.
  const live = { allowed: Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 1, 0]), line: new Uint32Array(9) };
  const draft = { allowed: Uint8Array.from([1, 1, 0, 0, 1, 1, 1, 1, 1]), line: new Uint32Array(9) };
  const all = { changedOnly: false, blockedOnly: false, crawler: null };

  it.each([
    { name: 'every URL', filter: all, order: { by: 'url', descending: false }, rows: [0, 1, 2] },
    {
      name: 'changed URLs only',
      filter: { ...all, changedOnly: true },
      order: { by: 'url', descending: false },
      rows: [1, 2],
    },
    { name: 'changed first', filter: all, order: { by: 'change', descending: false }, rows: [1, 2, 0] },
    { name: 'reversed', filter: all, order: { by: 'url', descending: true }, rows: [2, 1, 0] },
    {
      name: "one crawler's changes",
      filter: { ...all, changedOnly: true, crawler: 2 },
      order: { by: 'url', descending: false },
      rows: [2],
    },
    {
      name: 'blocked only',
      filter: { ...all, blockedOnly: true },
      order: { by: 'url', descending: false },
      rows: [0, 1, 2],
    },
    {
      name: 'blocked only for crawler 1',
      filter: { ...all, blockedOnly: true, crawler: 1 },
      order: { by: 'url', descending: false },
      rows: [],
    },
  ] as const)('selects $name', ({ filter, order, rows }) => {
    expect(Array.from(selectUrlRows(3, tokens, live, draft, filter, order))).toEqual(rows);
  });

  it('says for which crawlers each URL changes', () => {
    expect(summarizeUrl(1, tokens, live, draft)).toEqual({
      blockedNow: [0],
      unblockedNow: [],
      blockedBoth: [],
      allowedBoth: [1, 2],
    });
    expect(summarizeUrl(0, tokens, live, draft)).toEqual({
      blockedNow: [],
      unblockedNow: [],
      blockedBoth: [2],
      allowedBoth: [0, 1],
    });
    expect(summarizeUrl(2, tokens, live, draft, 2)).toMatchObject({ unblockedNow: [2], allowedBoth: [] });
  });
});

describe('the CSV columns', () => {
  const liveText = 'User-agent: *\r\nDisallow: /a,"b"\r\n';
  const draftText = `User-agent: *\nAllow: /\nDisallow: /${'x'.repeat(MAX_RULE_TEXT + 10)}\n`;
  const live = { allowed: Uint8Array.from([0, 1]), line: Uint32Array.from([2, 0]) };
  const draft = { allowed: Uint8Array.from([1, 0]), line: Uint32Array.from([2, 3]) };
  const table = {
    urls: [`${ORIGIN}/a,"b"`],
    names: ['Bingbot', 'GPTBot'],
    live,
    draft,
    liveLines: splitLines(liveText),
    draftLines: splitLines(draftText),
  };

  it('is one table: the header is its column names, in order', () => {
    expect(csvHeader()).toBe(CSV_COLUMNS.map((c) => c.header).join(','));
    expect(csvHeader()).toBe('url,crawler,live,live_line,live_rule,draft,draft_line,draft_rule,change');
  });

  it('writes crawler names, an empty cell for no rule, the deciding rule beside its line, quoted as RFC 4180 wants', () => {
    const lines = buildCsv([0, 1], table).split('\r\n');
    // A UTF-8 byte-order mark first, for spreadsheets on Windows.
    expect(lines[0]).toBe(`\uFEFF${csvHeader()}`);
    expect(lines[1]).toBe(`"${ORIGIN}/a,""b""",Bingbot,blocked,2,"Disallow: /a,""b""",allowed,2,Allow: /,unblocked`);
    expect(lines[2]).toBe(
      `"${ORIGIN}/a,""b""",GPTBot,allowed,,,blocked,3,Disallow: /${'x'.repeat(MAX_RULE_TEXT - 'Disallow: /'.length)}…,blocked`,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it.each([
    { lines: ['User-agent: *', '  Disallow: /x  '], line: 2, text: 'Disallow: /x' },
    { lines: ['User-agent: *'], line: 0, text: '' },
    { lines: ['User-agent: *'], line: 9, text: '' },
  ])('reads rule $line of the file as "$text"', ({ lines, line, text }) => {
    expect(ruleTextAt(lines, line)).toBe(text);
  });

  it.each([
    { text: '', lines: [] },
    { text: 'a\r\nb\rc\nd', lines: ['a', 'b', 'c', 'd'] },
    { text: 'a\n', lines: ['a', ''] },
  ])('splits $text into lines as robots.txt ends them', ({ text, lines }) => {
    expect(splitLines(text)).toEqual(lines);
  });
});

describe('the sitemap findings, grouped', () => {
  it('names one finding per crawler set that is forbidden the same sitemap URLs', () => {
    const urls = [ORIGIN + '/ok', ORIGIN + '/articles/1', ORIGIN + '/private/x'];
    const live = createSideColumns(urls.length * crawlers.length);
    const text = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /articles/\n';
    evaluateRange(prepareRobots({ kind: 'file', text }), urls, crawlers, live, 0, urls.length);
    const findings = findBlockedSitemapUrls(urls, new Uint8Array([1, 1, 1]), crawlers, live);
    const googlebotGroup = crawlers
      .filter((c) => c.purpose === 'search' && (c.token === 'Googlebot' || c.fallbacks.includes('Googlebot')))
      .map((c) => c.token);
    expect(findings.map((f) => f.crawlers)).toEqual([
      googlebotGroup,
      crawlers.filter((c) => c.purpose === 'search' && !googlebotGroup.includes(c.token)).map((c) => c.token),
    ]);
    expect(findings[0]!.examples).toEqual([ORIGIN + '/articles/1']);
    expect(findings[1]!.examples).toEqual([ORIGIN + '/private/x']);
    expect(findings[0]!.message).toMatch(/^You list in your sitemaps 1 URL that robots\.txt forbids Googlebot, /);
  });

  it('tells a failure once, with every sitemap it applies to', () => {
    const fail = (url: string, depth: number, message = '404 Not Found: no sitemap at this address.') => ({
      url,
      depth,
      status: 'failed' as const,
      message,
      added: 0,
    });
    const outcomes = [
      fail(`${ORIGIN}/a.xml`, 0),
      { url: `${ORIGIN}/ok.xml`, depth: 0, status: 'ok' as const, message: 'Fetched OK.', added: 3 },
      fail(`${ORIGIN}/b.xml`, 1),
      fail(`${ORIGIN}/a.xml`, 1),
      fail(`${ORIGIN}/c.xml`, 1, 'Timed out.'),
    ];
    expect(groupSitemapFailures(outcomes)).toEqual([
      { message: '404 Not Found: no sitemap at this address.', urls: [`${ORIGIN}/a.xml`, `${ORIGIN}/b.xml`] },
      { message: 'Timed out.', urls: [`${ORIGIN}/c.xml`] },
    ]);
    expect(groupSitemapFailures(outcomes, 0)).toEqual([
      { message: '404 Not Found: no sitemap at this address.', urls: [`${ORIGIN}/a.xml`] },
    ]);
  });
});

describe('evaluation progress', () => {
  it('counts URLs that have both verdicts, from 0 to the set size, never URL × side', async () => {
    const replies: WorkerReply[] = [];
    let clock = 0;
    const session = createWorkbenchSession({
      post: (reply) => replies.push(reply),
      fetch: () => Promise.reject(new Error('no network in this test')),
      // Each slice "takes" 100 ms: the step shrinks to its floor, so there are many progress replies.
      now: () => (clock += 50),
      yieldTurn: () => Promise.resolve(),
    });
    const urls = Array.from({ length: 500 }, (_, i) => `${ORIGIN}/${i}`);
    await session.handle({ type: 'set-urls', urls });
    const live = { kind: 'file', text: 'User-agent: *\nDisallow: /1\n' } as const;
    await session.handle({ type: 'evaluate', job: 1, live, draft: live, crawlers: ['Googlebot'] });
    const progress = replies.flatMap((r) => (r.type === 'progress' ? [r] : []));
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((p) => p.total === 500)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(progress.at(-1)!.done).toBe(500);
    // The live columns are whole when the draft's are: a second draft reuses them.
    await session.handle({
      type: 'evaluate',
      job: 2,
      live,
      draft: { kind: 'allow-all', reason: 'test' },
      crawlers: ['Googlebot'],
    });
    const second = replies.filter((r) => r.type === 'evaluated').at(-1);
    expect(second).toMatchObject({ job: 2, liveReused: true });
    if (second?.type === 'evaluated') expect(second.live.allowed[1]).toBe(0);
  });

  it('leaves whole, right live verdicts when an evaluation is superseded halfway through its live side', async () => {
    const replies: WorkerReply[] = [];
    const turns: (() => void)[] = [];
    const session = createWorkbenchSession({
      post: (reply) => replies.push(reply),
      fetch: () => Promise.reject(new Error('no network in this test')),
      now: () => 0,
      yieldTurn: () => new Promise<void>((resolve) => turns.push(resolve)),
    });
    await session.handle({ type: 'set-urls', urls: Array.from({ length: 1000 }, (_, i) => `${ORIGIN}/${i}`) });
    const live = { kind: 'file', text: 'User-agent: *\nDisallow: /9\n' } as const;
    const older = session.handle({ type: 'evaluate', job: 1, live, draft: live, crawlers: ['Googlebot'] });
    const newer = session.handle({ type: 'evaluate', job: 2, live, draft: live, crawlers: ['Googlebot'] });
    const drain = async () => {
      while (turns.length > 0) {
        turns.shift()!();
        await Promise.resolve();
        await Promise.resolve();
      }
    };
    while (replies.every((r) => r.type !== 'evaluated')) await drain();
    await Promise.all([older, newer]);
    const evaluated = replies.filter((r) => r.type === 'evaluated');
    expect(evaluated.map((r) => r.job)).toEqual([2]);
    const result = evaluated[0];
    if (result?.type !== 'evaluated') throw new Error('no evaluation');
    // Every live verdict is there: /9, /90…/99, /900…/999 blocked (111 URLs), whoever filled them.
    expect(result.live.allowed.reduce((n, a) => n + (a === 0 ? 1 : 0), 0)).toBe(111);
  });
});
