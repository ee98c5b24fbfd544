import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../entrypoints/popup/App';
import { createPopupState } from '../../../entrypoints/popup/state';
import type { Inspection } from '../../../lib/protocol/messages';
import type { PageState } from '../../../lib/verdict/page-state';
import { readPageUsage } from '../../../lib/usage/page-usage-reply';
import type { PageUsageReply } from '../../../lib/usage/tdmrep-fetch';
import { findWordFaults } from '../../support/words-check';
import {
  createFakeClient,
  createFakePlatform,
  inspected,
  observedPageState,
  ORIGIN,
  okOutcome,
  settingsWith,
} from './fakes';

// The popup's first screen: the combined headline, the Fetch / Index / Use rows,
// warnings never clipped, Fetch robots.txt again recomputing every section, and the crawler per popup.

afterEach(cleanup);

const PAGE = `${ORIGIN}/article.html`;

function pageState(headers: [string, string][], metas: { name: string; content: string }[] = []): PageState {
  return observedPageState(PAGE, { headers, metas });
}

function mount(
  inspection: Inspection | (() => Promise<Inspection>),
  page: PageState,
  crawler = 'Googlebot',
  hasTabParam = false,
) {
  const client = createFakeClient(inspection, settingsWith(crawler), page);
  const platform = createFakePlatform({
    hasTabParam,
    findTarget: async () => ({ tabId: 7, target: { kind: 'tab', tabId: 7 }, pageUrl: PAGE }),
  });
  const state = createPopupState({ client, platform });
  render(<App state={state} />);
  return { client, state, platform };
}

const useAnswers = (): Record<string, [string | undefined, string | null]> =>
  Object.fromEntries(
    screen
      .getAllByTestId('use-answer')
      .map((a): [string, [string | undefined, string | null]] => [
        a.dataset.purpose ?? '',
        [a.dataset.answer, a.textContent],
      ]),
  );

/** Fails on the faults a reader notices: the words checker's, "(s)", and a sentence said twice. */
function expectCleanWords(text: string) {
  expect(findWordFaults(text)).toEqual([]);
  expect(text).not.toContain('(s)');
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
  expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
}

// A file with Content-Signal lines (for `*` and for PerplexityBot's own group) and a Google-Extended group.
const SIGNALS_AND_EXTENDED = [
  'User-agent: *', // 1
  'Content-Signal: search=yes, ai-input=yes, ai-train=no', // 2
  'Allow: /', // 3
  '', // 4
  'User-agent: PerplexityBot', // 5
  'Content-Signal: search=yes, ai-input=no, ai-train=no', // 6
  'Allow: /', // 7
  '', // 8
  'User-agent: Google-Extended', // 9
  'Disallow: /', // 10
  '',
].join('\n');

/** Waits for the three Use answers; the first test of the file also waits for the Use verdict's code to load. */
const waitForUse = () =>
  vi.waitFor(() => expect(screen.getAllByTestId('use-answer')).toHaveLength(3), { timeout: 10_000 });

/** Expands the Use details and waits for them (their code loads with the sections below the verdict). */
async function expandUse() {
  fireEvent.click(screen.getByTestId('use-expand'));
  await vi.waitFor(() => screen.getByTestId('use-details'), { timeout: 10_000 });
}

/** Each purpose's operator hooks: `data-counted` and `data-counted-line`. */
const hooksOf = (): Record<string, [string | undefined, string | undefined]> =>
  Object.fromEntries(
    screen
      .getAllByTestId('use-answer')
      .map((a): [string, [string | undefined, string | undefined]] => [
        a.dataset.purpose ?? '',
        [a.dataset.counted, a.dataset.countedLine],
      ]),
  );

describe('the Use row’s two answers', () => {
  it('Googlebot: the site’s Content-Signal line is stated, the Google-Extended group is what Google counts', async () => {
    const { state } = mount(inspected(okOutcome(SIGNALS_AND_EXTENDED), '/article.html'), pageState([]), 'Googlebot');
    await waitForUse();
    expect(hooksOf()).toEqual({
      search: ['no-statement', ''],
      'ai-input': ['disallowed', '10'],
      'ai-train': ['disallowed', '10'],
    });
    const train = useAnswers()['ai-train']?.[1] ?? '';
    expect(train).toContain('Site states: disallowed — robots.txt line 2 (Content-Signal)');
    expect(train).toContain(
      'Google counts: disallowed — robots.txt line 10 (Google-Extended). Gemini only: Search and AI Overviews unaffected',
    );
    // AI input: the Google-Extended line decides both answers; it is named once, with its scope.
    const input = useAnswers()['ai-input']?.[1] ?? '';
    expect(input).toContain('Site states: disallowed — robots.txt line 10 (Google-Extended)');
    expect(input).toContain(
      'Google counts: disallowed — the same statement. Gemini only: Search and AI Overviews unaffected',
    );
    expect(useAnswers().search?.[1]).toContain('Google counts: nothing — it does not use Content-Signal');
    // The report copy says the same two answers.
    const report = state.report() ?? '';
    expect(report).toContain(
      '- AI training: site states: disallowed — robots.txt line 2 (Content-Signal); Google counts: disallowed — robots.txt line 10 (Google-Extended). Gemini only: Search and AI Overviews unaffected',
    );
    expect(report).toContain(
      '- Search: site states: allowed — robots.txt line 2 (Content-Signal); Google counts: nothing — it does not use Content-Signal',
    );
    expectCleanWords(report.slice(report.indexOf('Use (')));
    await expandUse();
    const details = screen.getByTestId('use-details').textContent ?? '';
    // The Google-Extended explanation, in words without backticks; no case id; each sentence once.
    expect(details).toContain('Google Search and AI Overviews are not affected; for those, use nosnippet');
    expect(details.match(/content-signal is among the tags Google does not use/g)).toHaveLength(1);
    expectCleanWords(screen.getByTestId('verdict-use').textContent ?? '');
  });

  it('PerplexityBot: its group’s Content-Signal line is stated; Perplexity counts nothing, having published nothing', async () => {
    mount(inspected(okOutcome(SIGNALS_AND_EXTENDED), '/article.html'), pageState([]), 'PerplexityBot');
    await waitForUse();
    expect(hooksOf()).toEqual({
      search: ['no-statement', ''],
      'ai-input': ['no-statement', ''],
      'ai-train': ['no-statement', ''],
    });
    for (const [answer, text] of Object.values(useAnswers())) {
      expect(answer).not.toBe('no-statement');
      expect(text).toContain('robots.txt line 6 (Content-Signal)');
      expect(text).toContain('Perplexity counts: nothing — it has published nothing on Content-Signal');
    }
    await expandUse();
    expect(screen.getByTestId('use-consumer').textContent).toMatch(
      /^Perplexity has published no statement that it reads any usage signal, as of \d{4}-\d\d-\d\d\.$/,
    );
    const statements = screen.getAllByTestId('usage-statement');
    expect(statements.map((s) => [s.textContent, s.dataset.operatorCounts])).toEqual([
      [
        'robots.txt line 6 (Content-Signal): Search allowed, AI input / grounding disallowed, AI training disallowed',
        'false',
      ],
    ]);
    expectCleanWords(screen.getByTestId('verdict-use').textContent ?? '');
  });
});

describe('control tokens and crawlers that index nothing', () => {
  it('heads Google-Extended “Opted out (token only)”, never Blocked, and says it indexes nothing', async () => {
    mount(inspected(okOutcome(SIGNALS_AND_EXTENDED), '/article.html'), pageState([]), 'Google-Extended');
    await vi.waitFor(() => expect(screen.getByTestId('verdict').textContent).toContain('Opted out (token only)'));
    const card = screen.getByRole('region', { name: 'Verdict' }).textContent ?? '';
    expect(card).not.toMatch(/Blocked|Allowed/);
    expect(screen.getByTestId('row-robots').textContent).toBe(
      'robots.txt Opted out (token only) — line 10 Disallow: /',
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId('verdict-indexability').textContent).toBe(
        'Indexes nothing: a token only, read by Google’s crawlers',
      ),
    );
    expect(screen.getByTestId('verdict-index').textContent).not.toMatch(/Blocked|indexed without its content/);
  });

  it('heads Applebot-Extended “Not opted out” when no group names it', async () => {
    mount(inspected(okOutcome(SIGNALS_AND_EXTENDED), '/article.html'), pageState([]), 'Applebot-Extended');
    await vi.waitFor(() => expect(screen.getByTestId('verdict').textContent).toContain('Not opted out'));
    expect(screen.getByRole('region', { name: 'Verdict' }).textContent).not.toMatch(/Blocked|Allowed/);
    expect(screen.getByTestId('row-robots').textContent).toBe('robots.txt Not opted out — line 3 Allow: /');
  });

  it.each([
    { crawler: 'GPTBot', sentence: false },
    { crawler: 'ClaudeBot', sentence: false },
    { crawler: 'Googlebot', sentence: true },
  ])('a blocked page for $crawler: the indexing sentence only for a crawler that indexes ($sentence)', async (c) => {
    mount(inspected(okOutcome('User-agent: *\nDisallow: /\n'), '/article.html'), pageState([]), c.crawler);
    await vi.waitFor(() =>
      expect(screen.getByTestId('verdict-indexability').textContent).toMatch(/^unknown: robots.txt blocks this page/),
    );
    const index = screen.getByTestId('verdict-index').textContent ?? '';
    expect(index).toContain('so its headers and meta tags are never seen');
    expect(index.includes('it can still be indexed without its content')).toBe(c.sentence);
  });
});

describe('the first screen', () => {
  it('never says a green Allowed on an allowed page with X-Robots-Tag: noindex; the rows say why', async () => {
    mount(inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'), pageState([['X-Robots-Tag', 'noindex']]));
    await vi.waitFor(() => expect(screen.getByTestId('row-xrt').dataset.state).toBe('bad'));
    const card = screen.getByRole('region', { name: 'Verdict' });
    expect(card.className).toContain('tone-blocked');
    expect(screen.getByTestId('verdict').textContent).toMatch(/^✕Not indexable/);
    expect(screen.getByTestId('row-robots').dataset.state).toBe('ok');
    expect(screen.getByTestId('row-robots').textContent).toContain('Allowed — line 2 Allow: /');
    expect(screen.getByTestId('row-xrt').textContent).toBe('X-Robots-Tag noindex');
    expect(screen.getByTestId('row-meta').dataset.state).toBe('none');
    expect(screen.getByTestId('row-canonical').dataset.state).toBe('none');
    expect(screen.getByTestId('verdict-index').textContent).toContain('Index disallowed: noindex');
  });

  it('waits in grey, not green, while the page is being read', async () => {
    const client = createFakeClient(inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'));
    client.pageIndexability.mockImplementation(() => new Promise(() => undefined));
    const state = createPopupState({ client, platform: createFakePlatform() });
    render(<App state={state} />);
    await vi.waitFor(() => expect(screen.getByTestId('verdict').textContent).toContain('Allowed'));
    expect(screen.getByRole('region', { name: 'Verdict' }).className).toContain('tone-pending');
    expect(screen.getByTestId('row-meta').textContent).toContain('reading the page…');
  });

  it('gives the three Use answers with their deciding sources: Cloudflare block, header, meta', async () => {
    const robots =
      '# BEGIN Cloudflare Managed content\n' +
      'User-agent: *\n' +
      'Content-Signal: search=yes, ai-train=no\n' +
      'Allow: /\n' +
      '# END Cloudflare Managed Content\n';
    mount(
      inspected(okOutcome(robots), '/article.html'),
      pageState([['Content-Usage', 'train-ai=n, search=y']], [{ name: 'robots', content: 'nosnippet' }]),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('use-answer')).toHaveLength(3));
    const answers = useAnswers();
    expect(answers['ai-train']?.[0]).toBe('disallowed');
    expect(answers['ai-train']?.[1]).toContain(
      'Site states: disallowed — robots.txt line 3 (Content-Signal, Cloudflare managed block)',
    );
    // Google reads neither Content-Signal nor Content-Usage: it counts nothing, and says why.
    expect(answers['ai-train']?.[1]).toContain(
      'Google counts: nothing — it does not use Content-Signal or the Content-Usage header',
    );
    expect(answers.search?.[0]).toBe('allowed');
    expect(answers['ai-input']?.[0]).toBe('disallowed');
    expect(answers['ai-input']?.[1]).toContain('Site states: disallowed — <meta name=robots> #1');
    expect(answers['ai-input']?.[1]).toContain(
      'Google counts: disallowed — the same statement. AI Overviews and AI Mode (direct input)',
    );
    const hooks = screen
      .getAllByTestId('use-answer')
      .map((a) => [a.dataset.purpose, a.dataset.counted, a.dataset.countedLine]);
    expect(hooks).toEqual([
      ['search', 'no-statement', ''],
      ['ai-input', 'disallowed', ''],
      ['ai-train', 'no-statement', ''],
    ]);
    // Expanded: every source once, split by whether Google counts it; Google's reading and its date.
    await expandUse();
    const statements = screen.getAllByTestId('usage-statement');
    const managed = statements.find((s) => s.textContent?.startsWith('robots.txt line 3'));
    expect(managed?.textContent).toBe(
      'robots.txt line 3 (Content-Signal, Cloudflare managed block): Search allowed, AI training disallowed',
    );
    expect(managed?.dataset.operatorCounts).toBe('false');
    expect(statements.find((s) => s.textContent?.startsWith('header Content-Usage'))?.textContent).toBe(
      'header Content-Usage: Search allowed, AI training disallowed',
    );
    expect(statements.every((s) => s.dataset.counted === 'true' || s.dataset.counted === 'false')).toBe(true);
    expect(screen.getByTestId('use-consumer').textContent).toMatch(
      /^Google states it reads noindex, .*, as of \d{4}-\d\d-\d\d\.$/,
    );
    expect(screen.getByTestId('use-uncounted').textContent).toMatch(
      /^Google does not use Content-Signal: content-signal is among the tags Google does not use \(\d{4}-\d\d-\d\d\)\./,
    );
    expectCleanWords(screen.getByTestId('verdict-use').textContent ?? '');
  });

  it('answers not applicable for every purpose on a crawl-blocked page, naming the line', async () => {
    mount(
      inspected(okOutcome('User-agent: *\nDisallow: /\nContent-Signal: ai-train=no\n'), '/article.html'),
      pageState([]),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('use-answer')).toHaveLength(3));
    for (const [answer, text] of Object.values(useAnswers())) {
      expect(answer).toBe('not-applicable');
      expect(text).toContain('crawl blocked by robots.txt line 2');
    }
    expect(screen.getByTestId('row-robots').dataset.state).toBe('bad');
  });

  it('shows one warning in full, and two as one line that expands in place', async () => {
    const huge = `User-agent: *\nDisallow: /private/\n${'# filler\n'.repeat(10)}`;
    const { state } = mount(
      inspected(okOutcome(huge, { contentType: 'text/html', truncated: true }), '/article.html'),
      pageState([]),
    );
    await vi.waitFor(() => expect(screen.getByTestId('verdict-warnings')).toBeTruthy());
    const warnings = screen.getByTestId('verdict-warnings');
    expect(within(warnings).getAllByTestId('warning').length).toBeGreaterThanOrEqual(2);
    const toggle = within(warnings).getByTestId('warnings-toggle');
    // The summary line says what each warning changes, in a few words.
    expect(toggle.textContent).toMatch(/⚠ \d warnings: .*served as text\/html/);
    expect(screen.getByTestId('verdict-warning').hidden).toBe(true);
    fireEvent.click(toggle);
    expect(screen.getByTestId('verdict-warning').hidden).toBe(false);
    expect(state.verdict.value?.conditions.length).toBeGreaterThanOrEqual(2);
  });
});

describe('Fetch robots.txt again', () => {
  it('recomputes the headline, Indexability, the matrix and the report from the new file', async () => {
    let body = 'User-agent: *\nAllow: /\n';
    const inspection = async () => inspected(okOutcome(body), '/article.html');
    const { state } = mount(inspection, pageState([]));
    await vi.waitFor(() =>
      expect(screen.getByTestId('indexability').textContent).toMatch(/^Can be indexed by Googlebot/),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('matrix-row').length).toBeGreaterThan(0));
    body = 'User-agent: *\nDisallow: /\n';
    await state.refresh();
    await vi.waitFor(() => expect(screen.getByTestId('indexability').textContent).toMatch(/^Blocked/));
    expect(screen.getByTestId('verdict').textContent).toContain('Blocked');
    expect(screen.getByTestId('row-robots').dataset.state).toBe('bad');
    const googlebot = screen.getAllByTestId('matrix-row').find((r) => r.dataset.crawler === 'Googlebot');
    expect(googlebot?.dataset.allowed).toBe('false');
    expect(googlebot?.dataset.indexable).toBe('false');
    await vi.waitFor(() =>
      expect(state.report()).toMatch(/AI training: not applicable — crawl blocked by robots.txt line 2/),
    );
    expect(state.report()).toMatch(/Verdict: Blocked/);
    expect(state.report()).not.toMatch(/Index(ability)?:? Indexable/);
  });
});

describe('the crawler per popup', () => {
  it('keeps the default when a crawler is picked, and asks before making an unmatchable token the default', async () => {
    const { client, state } = mount(inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'), pageState([]));
    await vi.waitFor(() => expect(screen.getByTestId('crawler-select')).toBeTruthy());
    await state.addCustomToken('MJ12bot');
    // The token is added for this popup only: the worker is asked not to make it the default.
    expect(client.addCustomToken).toHaveBeenLastCalledWith({ token: 'MJ12bot', select: false });
    expect(client.setSettings).not.toHaveBeenCalled();
    expect(state.defaultCrawler.value.token).toBe('Googlebot');
    await vi.waitFor(() => expect(screen.getByTestId('make-default')).toBeTruthy());
    expect(screen.getByRole('region', { name: 'Verdict' }).textContent).toContain('(this popup only)');
    fireEvent.click(screen.getByTestId('make-default'));
    await vi.waitFor(() => expect(screen.getByTestId('make-default-confirm').textContent).toContain('MJ12bot'));
    expect(client.setSettings).not.toHaveBeenCalledWith({ crawler: 'MJ12bot' });
    fireEvent.click(screen.getByTestId('make-default-anyway'));
    await vi.waitFor(() => expect(client.setSettings).toHaveBeenLastCalledWith({ crawler: 'MJ12bot' }));
    await vi.waitFor(() => expect(screen.getByTestId('default-crawler').textContent).toContain('is the default'));
  });

  it('moves focus to the picker on /, the key shown beside it', async () => {
    mount(inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'), pageState([]));
    const picker = await vi.waitFor(() => screen.getByTestId('crawler-select'));
    expect(screen.getByTestId('pick-crawler').textContent).toContain('/');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(picker);
  });
});

describe('the Use verdict’s tdmrep.json and page findings', () => {
  const withFile = (body: string) => ({
    origin: ORIGIN,
    url: `${ORIGIN}/.well-known/tdmrep.json`,
    fetch: { kind: 'file' as const, status: 200, body },
    fetchedAt: 0,
    source: 'network' as const,
  });

  it('answers first without the file, then names the tdmrep.json rule that reserves training', async () => {
    let answer: (value: PageUsageReply) => void = () => undefined;
    const { client } = mount(inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'), pageState([]));
    client.pageUsage.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    // The Use answers do not wait for the file.
    await vi.waitFor(() => expect(screen.getAllByTestId('use-answer')).toHaveLength(3));
    expect(useAnswers()['ai-train']?.[0]).toBe('no-statement');
    await expandUse();
    expect(screen.getByTestId('use-tdmrep').textContent).toBe('Checking /.well-known/tdmrep.json…');
    answer(
      readPageUsage(
        withFile('[{"location":"/images/","tdm-reservation":0},{"location":"/","tdm-reservation":1}]'),
        [],
        [],
      ),
    );
    await vi.waitFor(() => expect(useAnswers()['ai-train']?.[0]).toBe('disallowed'));
    expect(useAnswers()['ai-train']?.[1]).toContain('/.well-known/tdmrep.json rule 2');
    expect(screen.getByTestId('use-tdmrep').textContent).toBe('/.well-known/tdmrep.json was read (HTTP 200).');
    const statements = screen.getAllByTestId('usage-statement').map((s) => s.textContent ?? '');
    expect(statements.some((t) => t.includes('/.well-known/tdmrep.json rule 2'))).toBe(true);
    expect(client.pageUsage).toHaveBeenCalledTimes(1);
    expect(client.pageUsage).toHaveBeenCalledWith({ pageUrl: PAGE, headers: [], meta: [], refresh: false });
  });

  it('says in words why the file was ignored, and lists the page’s usage findings', async () => {
    const { client } = mount(
      inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'),
      pageState(
        [
          ['tdm-reservation', 'yes'],
          ['X-Content-Usage', 'train-ai=n'],
        ],
        [{ name: 'Content-Usage', content: 'train-ai=n' }],
      ),
    );
    client.pageUsage.mockImplementation(async ({ headers, meta }) =>
      readPageUsage(
        {
          origin: ORIGIN,
          url: `${ORIGIN}/.well-known/tdmrep.json`,
          fetch: { kind: 'unusable', status: 200, why: 'the address answers with an HTML page, not JSON' },
          fetchedAt: 0,
          source: 'network',
        },
        headers,
        meta,
      ),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('use-answer')).toHaveLength(3));
    await expandUse();
    await vi.waitFor(() =>
      expect(screen.getByTestId('use-tdmrep').textContent).toBe(
        '/.well-known/tdmrep.json is ignored: the address answers with an HTML page, not JSON.',
      ),
    );
    const findings = screen.getAllByTestId('use-page-finding');
    expect(findings.map((f) => f.dataset.code).sort()).toEqual(['CU-14', 'CU-15', 'TDM-01']);
    const misspelt = findings.find((f) => f.dataset.code === 'CU-15');
    expect(misspelt?.textContent).toBe('warning: Header “X-Content-Usage” is ignored. Did you mean “Content-Usage”?');
    expect(findings.every((f) => !f.textContent?.includes('`'))).toBe(true);
  });

  it('says so when nothing on the page needs fixing and the site has no tdmrep.json', async () => {
    mount(inspected(okOutcome('User-agent: *\nAllow: /\n'), '/article.html'), pageState([]));
    await vi.waitFor(() => expect(screen.getAllByTestId('use-answer')).toHaveLength(3));
    await expandUse();
    await vi.waitFor(() =>
      expect(screen.getByTestId('use-tdmrep').textContent).toBe(
        'This site has no /.well-known/tdmrep.json: the address answers 404, so TDMRep is not implemented there.',
      ),
    );
    expect(screen.getByTestId('use-page-clean')).toBeTruthy();
  });
});
