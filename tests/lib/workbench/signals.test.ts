/**
 * The workbench's second pass (lib/workbench/signals.ts, signals-summary.ts): Use answers per URL ×
 * crawler × purpose from the robots.txt body alone, checked against resolveUsage itself; lens
 * disagreements with Google, checked against readAs; and what the summaries, filter and CSV say.
 */

import { describe, expect, it } from 'vitest';
import { LENS_PROFILES, type LensProfileId, readAs } from '../../../lib/lens';
import { resolveUsage } from '../../../lib/usage';
import {
  createSideColumns,
  createWorkbenchSession,
  describeLensChange,
  describeSignalFields,
  describeUseChange,
  evaluateRange,
  keepDisagreeingRows,
  listCrawlers,
  nameCrawlers,
  prepareLens,
  prepareRobots,
  prepareUse,
  type RobotsSource,
  SIGNAL_PURPOSES,
  signalCsvHeader,
  summarizeLensChanges,
  summarizeUseChanges,
  USE_ALLOWED,
  USE_DISALLOWED,
  USE_NO_STATEMENT,
  USE_NOT_APPLICABLE,
  type WorkerReply,
} from '../../../lib/workbench';

const ORIGIN = 'https://shop.example';
const CRAWLERS = listCrawlers();
const NAMES = CRAWLERS.map((c) => c.name);
const bit = (profile: LensProfileId) => 1 << LENS_PROFILES.indexOf(profile);
const file = (...lines: string[]): RobotsSource => ({ kind: 'file', text: lines.join('\n') + '\n' });

function useOf(source: RobotsSource, urls: readonly string[]): Uint8Array {
  const pass = prepareUse(prepareRobots(source), CRAWLERS);
  const columns = new Uint8Array(urls.length * CRAWLERS.length * 3);
  // Two ranges, so the per-range state is exercised too.
  pass.evaluateRange(urls, columns, 0, 1);
  pass.evaluateRange(urls, columns, 1, urls.length);
  return columns;
}

function lensOf(source: RobotsSource, urls: readonly string[]): Uint8Array {
  const columns = new Uint8Array(urls.length * CRAWLERS.length);
  prepareLens(prepareRobots(source), CRAWLERS).evaluateRange(urls, columns, 0, urls.length);
  return columns;
}

const CODE: Record<string, number> = {
  allowed: USE_ALLOWED,
  disallowed: USE_DISALLOWED,
  'no-statement': USE_NO_STATEMENT,
  'not-applicable': USE_NOT_APPLICABLE,
};

describe('Use answers over a URL set agree with resolveUsage (robots.txt only)', () => {
  const FILES: { source: string; text: string }[] = [
    {
      source: 'usage.md §4.4: Content-Usage by longest path, in * and in a named group (CU-12)',
      text: [
        'User-agent: *',
        'Content-Usage: train-ai=n',
        'Content-Usage: /blog/ train-ai=y, search=n',
        'Disallow: /private',
        '',
        'User-agent: GPTBot',
        'Content-Usage: /docs/ train-ai=n',
        'Allow: /',
      ].join('\n'),
    },
    {
      source: 'usage.md §3.5, §3.8: Content-Signal, Google-Extended and Applebot-Extended groups',
      text: [
        'User-agent: *',
        'Content-Signal: search=yes, ai-input=no, ai-train=no',
        'Allow: /',
        '',
        'User-agent: Google-Extended',
        'Disallow: /news/',
        '',
        'User-agent: Applebot-Extended',
        'Allow: /',
      ].join('\n'),
    },
    {
      source: 'usage.md §3.7, §3.8: a * Disallow inherited by the control tokens, and the training-policy token',
      text: [
        'User-agent: Googlebot',
        'Allow: /',
        '',
        'User-agent: *',
        'Disallow: /x/',
        '',
        'User-agent: __usage_ai-training',
        'Disallow: /docs/',
      ].join('\n'),
    },
  ];
  const URLS = ['/', '/blog/a', '/blog/', '/docs/guide', '/private/x', '/news/1', '/x/y', '/about?x=1'].map(
    (p) => ORIGIN + p,
  );

  it.each(FILES)('$source', ({ text }) => {
    const columns = useOf({ kind: 'file', text }, URLS);
    URLS.forEach((url, u) => {
      CRAWLERS.forEach((crawler, c) => {
        SIGNAL_PURPOSES.forEach((purpose, p) => {
          const expected = resolveUsage({
            robots: text,
            robotsStatus: 200,
            url,
            crawler: crawler.token,
            purpose,
            headers: null,
            meta: [],
          }).kind;
          expect([url, crawler.token, purpose, columns[(u * CRAWLERS.length + c) * 3 + p]]).toEqual([
            url,
            crawler.token,
            purpose,
            CODE[expected],
          ]);
        });
      });
    });
  });

  it('an unreachable live file (HTTP 503) leaves every answer not applicable', () => {
    const columns = useOf({ kind: 'block-all', reason: 'HTTP 503', status: 503 }, URLS);
    expect(columns.every((v) => v === USE_NOT_APPLICABLE)).toBe(true);
  });

  it('a missing file (HTTP 404) states nothing for any crawler', () => {
    const columns = useOf({ kind: 'allow-all', reason: 'HTTP 404', status: 404 }, URLS);
    expect(columns.every((v) => v === USE_NO_STATEMENT)).toBe(true);
  });
});

describe('the Use pass groups as the verdict summary groups', () => {
  const urls = Array.from({ length: 3 }, (_, i) => `${ORIGIN}/shop/item-${i}`);
  const groupsFor = (live: RobotsSource, draft: RobotsSource) =>
    summarizeUseChanges(CRAWLERS.length, urls.length, useOf(live, urls), useOf(draft, urls));

  it('says URLs blocked before and now open have no statement, once for the three purposes, not "no longer stated"', () => {
    const groups = groupsFor(file('User-agent: *', 'Disallow: /shop/'), file('User-agent: *', 'Disallow: /cart/'));
    const star = groups.find((g) => g.members.some((c) => CRAWLERS[c]!.token === 'GPTBot'))!;
    expect(star.parts).toEqual([
      { purposes: ['search', 'ai-input', 'ai-train'], wasBlocked: true, to: USE_NO_STATEMENT, count: 3 },
    ]);
    const words = describeUseChange(star, CRAWLERS);
    expect(words).toMatch(
      /: Search, AI input \/ grounding and AI training have no statement on 3 URLs the draft unblocks\.$/,
    );
    expect(words).not.toMatch(/no longer stated/);
    // One count, said once: not one sentence per purpose.
    expect(words.match(/3 URLs/g)).toHaveLength(1);
  });

  it('puts crawlers that change alike on every URL in one group, and the others apart', () => {
    const groups = groupsFor(
      file('User-agent: *', 'Allow: /'),
      file('User-agent: *', 'Allow: /', 'Content-Usage: train-ai=n', '', 'User-agent: GPTBot', 'Disallow: /shop/'),
    );
    const tokensOf = (g: (typeof groups)[number]) => g.members.map((c) => CRAWLERS[c]!.token);
    const gpt = groups.find((g) => tokensOf(g).includes('GPTBot'))!;
    const claude = groups.find((g) => tokensOf(g).includes('ClaudeBot'))!;
    expect(gpt).not.toBe(claude);
    expect(tokensOf(gpt)).toEqual(['GPTBot']);
    expect(gpt.parts).toEqual([
      { purposes: ['search', 'ai-input', 'ai-train'], wasBlocked: false, to: USE_NOT_APPLICABLE, count: 3 },
    ]);
    expect(describeUseChange(gpt, CRAWLERS)).toBe(
      'Use for GPTBot: Search, AI input / grounding and AI training no longer apply to 3 URLs: the draft blocks them.',
    );
    expect(claude.parts).toEqual([{ purposes: ['ai-train'], wasBlocked: false, to: USE_DISALLOWED, count: 3 }]);
    // Every crawler of a group changes exactly alike: no crawler is in two groups.
    const all = groups.flatMap((g) => g.members);
    expect(new Set(all).size).toBe(all.length);
  });

  it('changes nothing when the draft is the live file', () => {
    const same = file('User-agent: *', 'Disallow: /shop/', 'Content-Usage: train-ai=n');
    expect(groupsFor(same, same)).toEqual([]);
  });
});

describe('adding "Content-Usage: /blog/ train-ai=n" (the issue\'s example)', () => {
  const live = file('User-agent: *', 'Disallow: /cart');
  const draft = file('User-agent: *', 'Disallow: /cart', 'Content-Usage: /blog/ train-ai=n');
  const urls = ['/blog/one', '/blog/two', '/about', '/cart/x'].map((p) => ORIGIN + p);
  const liveUse = useOf(live, urls);
  const draftUse = useOf(draft, urls);
  const at = (u: number, token: string, purpose: (typeof SIGNAL_PURPOSES)[number]) =>
    (u * CRAWLERS.length + CRAWLERS.findIndex((c) => c.token === token)) * 3 + SIGNAL_PURPOSES.indexOf(purpose);

  it.each([
    ['/blog/one', 0, 'GPTBot', 'ai-train', USE_NO_STATEMENT, USE_DISALLOWED],
    ['/blog/two', 1, 'ClaudeBot', 'ai-train', USE_NO_STATEMENT, USE_DISALLOWED],
    ['/blog/one', 0, 'GPTBot', 'search', USE_NO_STATEMENT, USE_NO_STATEMENT],
    ['/blog/one', 0, 'GPTBot', 'ai-input', USE_NO_STATEMENT, USE_NO_STATEMENT],
    ['/about', 2, 'GPTBot', 'ai-train', USE_NO_STATEMENT, USE_NO_STATEMENT],
    ['/cart/x', 3, 'GPTBot', 'ai-train', USE_NOT_APPLICABLE, USE_NOT_APPLICABLE],
  ] as const)('%s for %s, %s: live %i, draft %i', (_path, u, token, purpose, before, after) => {
    expect(liveUse[at(u, token, purpose)]).toBe(before);
    expect(draftUse[at(u, token, purpose)]).toBe(after);
  });

  it('summarises one change: AI training becomes disallowed for the 2 blog URLs, for the crawlers that read the * group', () => {
    const groups = summarizeUseChanges(CRAWLERS.length, urls.length, liveUse, draftUse);
    expect(groups.map((g) => g.parts)).toEqual([
      [{ purposes: ['ai-train'], wasBlocked: false, to: USE_DISALLOWED, count: 2 }],
    ]);
    const tokens = (groups[0]?.members ?? []).map((c) => CRAWLERS[c]!.token);
    expect(tokens).toContain('GPTBot');
    expect(tokens).toContain('ClaudeBot');
    // A token row selects no group for usage lines (docs/semantics/usage.md §4.3): the Google-Extended row is unchanged.
    expect(tokens).not.toContain('Google-Extended');
    expect(describeUseChange(groups[0]!, CRAWLERS)).toMatch(
      new RegExp(`^Use for ${tokens.length} crawlers \\(.+\\): AI training becomes disallowed for 2 URLs\\.$`),
    );
  });

  it('writes the answers per purpose in the CSV fields, live then draft', () => {
    const signals = { use: { live: liveUse, draft: draftUse }, lens: null };
    expect(signalCsvHeader(signals)).toEqual([
      'live_use_search',
      'draft_use_search',
      'live_use_ai_input',
      'draft_use_ai_input',
      'live_use_ai_train',
      'draft_use_ai_train',
    ]);
    const cell = CRAWLERS.findIndex((c) => c.token === 'GPTBot');
    expect(describeSignalFields(cell, signals)).toEqual([
      'no statement',
      'no statement',
      'no statement',
      'no statement',
      'no statement',
      'disallowed',
    ]);
  });
});

describe('nameCrawlers', () => {
  it.each([
    [[], 'no crawler'],
    [['GPTBot'], 'GPTBot'],
    [['GPTBot', 'ClaudeBot'], 'GPTBot and ClaudeBot'],
    [['A', 'B', 'C', 'D'], 'A, B, C and D'],
    [['A', 'B', 'C', 'D', 'E'], 'A, B, C and 2 more'],
  ])('names %j as "%s"', (names, words) => {
    expect(nameCrawlers(names)).toBe(words);
  });
});

describe('parser lenses against Google over a URL set', () => {
  // py-legacy takes the first matching rule (docs/semantics/lens.md §2.8): Allow: /shop decides before the longer Disallow.
  const live = file('User-agent: *', 'Allow: /shop', 'Disallow: /shop/cart');
  const draft = file('User-agent: *', 'Disallow: /shop/cart', 'Allow: /shop');
  const urls = ['/shop/cart/1', '/shop/shoes', '/'].map((p) => ORIGIN + p);
  const liveLens = lensOf(live, urls);
  const draftLens = lensOf(draft, urls);

  const ADS = CRAWLERS.findIndex((c) => c.token === 'AdsBot-Google');
  const OTHERS = bit('py-rfc') | bit('protego') | bit('robots-parser') | bit('crawler-commons') | bit('rfc9309');

  it('marks py-legacy alone on the URL where first match and longest match part, for every crawler but AdsBot-Google', () => {
    for (let c = 0; c < CRAWLERS.length; c++) {
      // AdsBot-Google ignores the * group (lib/crawlers/records.ts), so Google allows it; the other five stacks read * for it.
      expect(liveLens[c]).toBe(c === ADS ? OTHERS : bit('py-legacy'));
      expect(liveLens[CRAWLERS.length + c]).toBe(0);
      expect(liveLens[2 * CRAWLERS.length + c]).toBe(0);
    }
  });

  it("agrees with readAs for each lens and crawler, against the table's own Google verdicts", () => {
    const text = live.kind === 'file' ? live.text : '';
    const google = createSideColumns(urls.length * CRAWLERS.length);
    evaluateRange(prepareRobots(live), urls, CRAWLERS, google, 0, urls.length);
    urls.forEach((url, u) => {
      CRAWLERS.forEach((crawler, c) => {
        const cell = u * CRAWLERS.length + c;
        for (const profile of LENS_PROFILES) {
          const lens = readAs(profile, { robots: text, robotsStatus: 200, url, userAgent: crawler.token });
          expect(((liveLens[cell] as number) & bit(profile)) !== 0).toBe(lens.allowed !== (google.allowed[cell] === 1));
        }
      });
    });
  });

  it('the reordered draft removes the divergence: fixed for 1 URL (py-legacy) for every crawler but AdsBot-Google, for which it appears', () => {
    // Disallow first: py-legacy now disallows AdsBot-Google too, where Google's AdsBot ignores *.
    expect([...draftLens].every((m, cell) => m === (cell === ADS ? OTHERS | bit('py-legacy') : 0))).toBe(true);
    const summary = summarizeLensChanges(NAMES, urls.length, liveLens, draftLens);
    const others = NAMES.filter((_, c) => c !== ADS);
    expect(summary).toEqual({
      lines: [
        { kind: 'fixes', count: 1, profiles: ['py-legacy'], crawlers: others },
        { kind: 'introduces', count: 1, profiles: ['py-legacy'], crawlers: [NAMES[ADS]] },
      ],
      divergentLive: 1,
      divergentDraft: 1,
    });
    expect(describeLensChange(summary.lines[0]!)).toBe(
      `The draft fixes the divergence for 1 URL (Python before 3.13.14 and 3.14.5) for ${others.slice(0, 3).join(', ')} and ${others.length - 3} more.`,
    );
    expect(describeLensChange(summary.lines[1]!)).toBe(
      `The draft introduces a divergence for 1 URL (Python before 3.13.14 and 3.14.5) for ${NAMES[ADS]}.`,
    );
  });

  it('the reverse edit introduces what the draft fixed', () => {
    const summary = summarizeLensChanges(NAMES, urls.length, draftLens, liveLens);
    expect(summary.lines.map((l) => [l.kind, l.count, l.profiles, l.crawlers.length])).toEqual([
      ['fixes', 1, ['py-legacy'], 1],
      ['introduces', 1, ['py-legacy'], CRAWLERS.length - 1],
    ]);
  });

  it('filters rows where parsers disagree on the live side, the draft side or either', () => {
    const rows = Uint32Array.from({ length: urls.length * CRAWLERS.length }, (_, i) => i);
    const lens = { live: liveLens, draft: draftLens };
    const all = Array.from({ length: CRAWLERS.length }, (_, c) => c);
    expect([...keepDisagreeingRows(rows, lens, 'live')]).toEqual(all);
    expect([...keepDisagreeingRows(rows, lens, 'draft')]).toEqual([ADS]);
    expect([...keepDisagreeingRows(rows, lens, 'either')]).toEqual(all);
    expect(keepDisagreeingRows(rows, lens, 'off')).toBe(rows);
    expect(keepDisagreeingRows(rows, null, 'live')).toBe(rows);
  });

  it('writes the differing lenses in the CSV, empty where all agree', () => {
    const signals = { use: null, lens: { live: liveLens, draft: draftLens } };
    expect(signalCsvHeader(signals)).toEqual(['live_parsers_differing', 'draft_parsers_differing']);
    expect(describeSignalFields(0, signals)).toEqual(['Python before 3.13.14 and 3.14.5', '']);
    expect(describeSignalFields(CRAWLERS.length, signals)).toEqual(['', '']);
  });

  it('a live 403 means "disallow everything" to both Python lenses, and "allow everything" to Google', () => {
    const lens = lensOf({ kind: 'allow-all', reason: 'HTTP 403', status: 403 }, urls);
    expect(lens.every((m) => m === (bit('py-legacy') | bit('py-rfc')))).toBe(true);
  });

  it('reads the live file from its fetched bytes, as each stack decodes them', () => {
    // Not UTF-8: py-legacy's strict decoding fails and it disallows everything (docs/semantics/lens.md §2.2).
    const bytes = 'User-agent: *\nDisallow: /caf\xe9\n';
    const lens = lensOf(
      { kind: 'file', text: 'User-agent: *\nDisallow: /caf\uFFFD\n', fetched: { bytes, truncated: false } },
      urls,
    );
    expect(((lens[CRAWLERS.length] as number) & bit('py-legacy')) !== 0).toBe(true);
  });
});

describe('the worker session runs the second pass only when asked', () => {
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
  const tokens = ['GPTBot', 'ClaudeBot'];
  const urls = Array.from({ length: 120 }, (_, i) => `${ORIGIN}/${i % 3 === 0 ? 'blog' : 'shop'}/${i}`);
  const live = file('User-agent: *', 'Allow: /');
  const draft = file('User-agent: *', 'Allow: /', 'Content-Usage: /blog/ train-ai=n');

  it('a plain evaluation posts no signal reply', async () => {
    const { session, replies } = createSession();
    await session.handle({ type: 'set-urls', urls });
    await session.handle({ type: 'evaluate', job: 1, live, draft, crawlers: tokens });
    expect(replies.some((r) => r.type === 'signals-evaluated' || r.type === 'signals-progress')).toBe(false);
  });

  it("answers a Use request with both sides' columns, the same as the pure pass", async () => {
    const { session, replies } = createSession();
    await session.handle({ type: 'set-urls', urls });
    await session.handle({ type: 'signals', job: 2, part: 'use', live, draft, crawlers: tokens });
    const done = replies.find((r) => r.type === 'signals-evaluated');
    expect(done?.type === 'signals-evaluated' && done.part).toBe('use');
    if (done?.type !== 'signals-evaluated') return;
    expect(done.urlCount).toBe(urls.length);
    expect(done.crawlers).toEqual(tokens);
    const presets = tokens.map((t) => CRAWLERS.find((c) => c.token === t)!);
    const expected = new Uint8Array(urls.length * 2 * 3);
    prepareUse(prepareRobots(draft), presets).evaluateRange(urls, expected, 0, urls.length);
    expect([...done.draft]).toEqual([...expected]);
    // ai-train of GPTBot on /blog/0 becomes disallowed; on /shop/1 it stays unstated.
    expect([done.live[2], done.draft[2]]).toEqual([USE_NO_STATEMENT, USE_DISALLOWED]);
    expect([done.live[6 + 2], done.draft[6 + 2]]).toEqual([USE_NO_STATEMENT, USE_NO_STATEMENT]);
    expect(replies.filter((r) => r.type === 'signals-progress').length).toBeGreaterThan(0);
  });

  it('a newer lens request supersedes an older one: only the newer answers', async () => {
    const { session, replies } = createSession();
    await session.handle({ type: 'set-urls', urls });
    const first = session.handle({ type: 'signals', job: 3, part: 'lens', live, draft, crawlers: tokens });
    const second = session.handle({ type: 'signals', job: 4, part: 'lens', live, draft, crawlers: tokens });
    await Promise.all([first, second]);
    const jobs = replies.filter((r) => r.type === 'signals-evaluated').map((r) => r.job);
    expect(jobs).toEqual([4]);
  });
});
