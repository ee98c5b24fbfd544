import { describe, expect, it, vi } from 'vitest';
import { createPopupState } from '../../../entrypoints/popup/state';
import { ProtocolError } from '../../../lib/messages';
import * as engine from '../../../lib/robots';
import type { Diagnostic } from '../../../lib/robots/types';
import {
  BLOCKED_ROBOTS,
  createFakeClient,
  createFakePlatform,
  inspected,
  NOT_APPLICABLE,
  ORIGIN,
  okOutcome,
  SPECIFIC_ROBOTS,
  settingsWith,
  TAB_ID,
} from './fakes';

vi.mock('../../../lib/robots', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/robots')>();
  return { ...actual, parseRobotsTxt: vi.fn(actual.parseRobotsTxt) };
});

async function started(inspection = inspected(okOutcome(BLOCKED_ROBOTS)), settings = settingsWith()) {
  const client = createFakeClient(inspection, settings);
  const platform = createFakePlatform();
  const state = createPopupState(client, platform, () => Date.UTC(2025, 0, 2, 4, 0, 0));
  await state.start();
  return { client, platform, state };
}

describe('createPopupState', () => {
  it('is loading until the worker answers, then shows the verdict for the stored crawler', async () => {
    let answer: (value: ReturnType<typeof inspected>) => void = () => {};
    const client = createFakeClient(() => new Promise((resolve) => (answer = resolve)), settingsWith('GPTBot'));
    const state = createPopupState(client, createFakePlatform());
    const starting = state.start();
    expect(state.phase.value.kind).toBe('loading');
    expect(state.verdict.value).toBeNull();
    await vi.waitFor(() => expect(client.inspect).toHaveBeenCalled());
    expect(state.phase.value.kind).toBe('loading');
    answer(inspected(okOutcome(BLOCKED_ROBOTS)));
    await starting;
    expect(client.inspect).toHaveBeenCalledWith({ target: { kind: 'tab', tabId: TAB_ID } });
    expect(state.crawler.value.token).toBe('GPTBot');
    expect(state.verdict.value).toMatchObject({
      kind: 'rules',
      allowed: false,
      verdict: { rule: { rule: { line: 3, text: 'Disallow: /private/' } } },
    });
  });

  it('parses the body once per inspection, however often it evaluates', async () => {
    vi.mocked(engine.parseRobotsTxt).mockClear();
    const { state } = await started();
    void state.verdict.value;
    await state.selectCrawler('bingbot');
    void state.verdict.value;
    void state.matrix.value;
    expect(state.file.value?.lines).toHaveLength(9);
    state.setPathInput('/private/press-kit.html');
    void state.pathResult.value;
    state.setPathInput('/public/');
    void state.pathResult.value;
    expect(engine.parseRobotsTxt).toHaveBeenCalledTimes(1);
  });

  it('switches crawler, re-evaluates and saves the choice (the worker re-badges)', async () => {
    const { client, state } = await started(inspected(okOutcome(SPECIFIC_ROBOTS), '/drafts/page.html'));
    expect(state.verdict.value?.kind === 'rules' && state.verdict.value.allowed).toBe(true);
    await state.selectCrawler('ClaudeBot');
    expect(client.setSettings).toHaveBeenCalledWith({ crawler: 'ClaudeBot' });
    expect(state.verdict.value).toMatchObject({ allowed: false, verdict: { rule: { rule: { line: 2 } } } });
  });

  it('says when * is ignored and groups are merged', async () => {
    const { state } = await started(inspected(okOutcome(SPECIFIC_ROBOTS), '/tmp/x'));
    const v = state.verdict.value;
    expect(v?.kind).toBe('rules');
    if (v?.kind !== 'rules') return;
    expect(v.allowed).toBe(false);
    expect(v.verdict.selection).toMatchObject({ kind: 'specific', globalIgnored: true });
    expect(v.verdict.selection.kind === 'specific' && v.verdict.selection.groups).toHaveLength(2);
    expect(state.fileMarks.value).toEqual({
      decidingLine: 12,
      groupRanges: [
        [4, 6],
        [11, 12],
      ],
    });
  });

  it('applies a fallback token’s group', async () => {
    const { state } = await started(
      inspected(okOutcome(SPECIFIC_ROBOTS), '/search?q=x'),
      settingsWith('Googlebot-Image'),
    );
    expect(state.verdict.value).toMatchObject({
      kind: 'rules',
      allowed: false,
      token: 'Googlebot-Image',
      via: { kind: 'fallback', token: 'Googlebot', unnamed: ['Googlebot-Image'] },
    });
  });

  it('lets AdsBot-Google ignore an existing * group', async () => {
    const { state } = await started(
      inspected(okOutcome(SPECIFIC_ROBOTS), '/drafts/page.html'),
      settingsWith('AdsBot-Google'),
    );
    expect(state.verdict.value).toMatchObject({
      kind: 'rules',
      allowed: true,
      via: { kind: 'ignored-global' },
      verdict: { rule: null },
    });
  });

  it('knows whether the crawler honours Crawl-delay', async () => {
    const { state } = await started(inspected(okOutcome(BLOCKED_ROBOTS)), settingsWith('bingbot'));
    expect(state.verdict.value).toMatchObject({
      verdict: { crawlDelay: { seconds: 5, line: 5 } },
      crawlDelaySupport: { kind: 'honoured' },
    });
    await state.selectCrawler('Googlebot');
    expect(state.verdict.value).toMatchObject({ crawlDelaySupport: { kind: 'ignored' } });
  });

  /** Starts on BLOCKED_ROBOTS with the worker's first lint reply held back until `answer` is called. */
  async function startedWithLintHeld() {
    let answer = (_value: { diagnostics: Diagnostic[] }): void => {};
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)));
    const reply = new Promise<{ diagnostics: Diagnostic[] }>((resolve) => (answer = resolve));
    client.lint.mockImplementationOnce(() => reply);
    const state = createPopupState(client, createFakePlatform());
    await state.start();
    /** Resolves after the popup handled the reply: its reaction to the same promise was registered first. */
    const handled = async () => void (await reply);
    return { client, state, answer: (value: { diagnostics: Diagnostic[] }) => answer(value), handled };
  }

  const findingLines = (state: ReturnType<typeof createPopupState>) =>
    state.file.value?.lines.filter((l) => l.diagnostics.length > 0).map((l) => l.n);

  it('shows the file’s lines at once, and the worker’s lint findings on them when they arrive', async () => {
    const { client, state, answer } = await startedWithLintHeld();
    expect(client.lint).toHaveBeenCalledWith({ text: BLOCKED_ROBOTS });
    expect(state.file.value?.lines).toHaveLength(9);
    expect(findingLines(state)).toEqual([]);
    answer({ diagnostics: engine.lintRobotsTxt(BLOCKED_ROBOTS) });
    await vi.waitFor(() => expect(findingLines(state)).toContain(7));
  });

  it('keeps a refreshed file’s lint findings when the old file’s arrive late', async () => {
    const { client, state, answer, handled } = await startedWithLintHeld();
    client.inspect.mockResolvedValueOnce(inspected(okOutcome('User-agent: *\nDisalow: /x\n')));
    await state.refresh();
    await vi.waitFor(() => expect(findingLines(state)).toEqual([2]));
    const late = engine.lintRobotsTxt(BLOCKED_ROBOTS);
    // The late findings are on other lines: applied, they would change what is shown.
    expect(late.map((d) => d.line)).not.toContain(2);
    answer({ diagnostics: late });
    await handled();
    expect(state.file.value?.lines).toHaveLength(3);
    expect(findingLines(state)).toEqual([2]);
  });

  it('says so when the worker could not lint the file, and still shows it', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)));
    client.lint.mockRejectedValueOnce(new ProtocolError('The background worker failed on "lint": boom', 'internal'));
    const state = createPopupState(client, createFakePlatform());
    await state.start();
    await vi.waitFor(() =>
      expect(state.notice.value).toBe(
        'Could not check robots.txt for mistakes: The background worker failed on "lint": boom',
      ),
    );
    expect(state.file.value?.lines).toHaveLength(9);
  });

  it('flags a large file, so the popup paints its verdict before evaluating every crawler', async () => {
    const big = `User-agent: *\n${Array.from({ length: 5000 }, (_, i) => `Disallow: /archive/item-${i}/`).join('\n')}\n`;
    const { state } = await started();
    expect(state.largeFile.value).toBe(false);
    const large = await started(inspected(okOutcome(big)));
    expect(large.state.largeFile.value).toBe(true);
  });

  it('has one matrix row per preset', async () => {
    const { state } = await started(inspected(okOutcome(SPECIFIC_ROBOTS), '/public/page.html'));
    const rows = state.matrix.value;
    expect(rows.length).toBe(engine.CRAWLERS.length);
    expect(rows.find((r) => r.crawler.token === 'GPTBot')).toMatchObject({
      allowed: false,
      line: 9,
      summary: 'Disallow: /',
    });
    expect(rows.find((r) => r.crawler.token === 'Googlebot')).toMatchObject({ allowed: true, line: 0 });
  });

  it.each([
    {
      name: '404',
      outcome: { kind: 'unavailable', cause: 'client-error', status: 404 } as const,
      kind: 'no-robots',
      allowed: true,
    },
    {
      name: 'too many redirects',
      outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 } as const,
      kind: 'no-robots',
      allowed: true,
    },
    {
      name: '503',
      outcome: { kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' } as const,
      kind: 'unreachable',
      allowed: false,
    },
    {
      name: 'timeout',
      outcome: { kind: 'unreachable', cause: 'timeout', status: null, detail: '10 s' } as const,
      kind: 'unreachable',
      allowed: false,
    },
  ])('treats a $name as $kind for the page, every crawler and every path', async ({ outcome, kind, allowed }) => {
    const { state } = await started(inspected(outcome));
    expect(state.verdict.value).toMatchObject({ kind, allowed });
    expect(state.matrix.value.every((r) => r.allowed === allowed)).toBe(true);
    state.setPathInput('/anything');
    expect(state.pathResult.value).toMatchObject({ kind: 'evaluated', verdict: { kind, allowed } });
  });

  it('has no verdict, rows or path results on a page robots.txt does not govern', async () => {
    const { state } = await started(NOT_APPLICABLE);
    expect(state.verdict.value).toEqual({ kind: 'not-applicable', explanation: NOT_APPLICABLE.explanation });
    expect(state.matrix.value).toEqual([]);
    state.setPathInput('/x');
    expect(state.pathResult.value.kind).toBe('invalid');
  });

  it('tests a typed path, percent-encoded like a browser', async () => {
    const { state } = await started();
    state.setPathInput('/private/press-kit.html');
    expect(state.pathResult.value).toMatchObject({
      kind: 'evaluated',
      verdict: { allowed: true, verdict: { rule: { rule: { line: 4 } } } },
    });
    state.setPathInput('/private/café menu');
    expect(state.pathResult.value).toMatchObject({
      kind: 'evaluated',
      path: '/private/caf%C3%A9%20menu',
      verdict: { allowed: false },
    });
    state.setPathInput(`${ORIGIN}/public/x`);
    expect(state.pathResult.value).toMatchObject({ kind: 'evaluated', path: '/public/x', verdict: { allowed: true } });
    state.setPathInput('https://example.com/private/');
    expect(state.pathResult.value).toEqual({ kind: 'other-origin', origin: 'https://example.com' });
    state.setPathInput('javascript:alert(1)');
    expect(state.pathResult.value.kind).toBe('invalid');
  });

  it('adds a custom token, remembers it and flags one Google cannot match', async () => {
    const { client, state } = await started(
      inspected(okOutcome(BLOCKED_ROBOTS)),
      settingsWith('Googlebot', ['OldBot']),
    );
    await state.addCustomToken('MJ12bot');
    expect(client.setSettings).toHaveBeenCalledWith({ crawler: 'MJ12bot', customTokens: ['MJ12bot', 'OldBot'] });
    expect(state.crawler.value).toMatchObject({ token: 'MJ12bot', custom: true });
    expect(state.crawlerOptions.value.filter((o) => o.custom).map((o) => o.token)).toEqual(['MJ12bot', 'OldBot']);
    expect(state.tokenCheck.value.kind).toBe('unmatchable');
    expect(state.tokenCheck.value.kind !== 'valid' && state.tokenCheck.value.explanation).toContain(
      'MJ12bot contains a digit',
    );
  });

  it('keeps the verdict and says so when a setting cannot be saved', async () => {
    const { client, state } = await started();
    client.setSettings.mockRejectedValueOnce(new ProtocolError('storage is full', 'internal'));
    await state.selectCrawler('GPTBot');
    expect(state.crawler.value.token).toBe('GPTBot');
    expect(state.notice.value).toBe('Could not save the crawler choice: storage is full');
    expect(state.phase.value.kind).toBe('ready');
  });

  it('shows a worker error in words, and Retry recovers', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)));
    client.inspect.mockRejectedValueOnce(
      new ProtocolError('The background worker did not answer "inspect".', 'no-reply'),
    );
    const state = createPopupState(client, createFakePlatform());
    await state.start();
    expect(state.phase.value).toEqual({ kind: 'error', message: 'The background worker did not answer "inspect".' });
    await state.start();
    expect(state.phase.value.kind).toBe('ready');
  });

  it('shows an error when there is no tab to inspect', async () => {
    const platform = createFakePlatform({
      findTarget: async () => Promise.reject(new Error('There is no active tab to inspect in this window.')),
    });
    const state = createPopupState(createFakeClient(NOT_APPLICABLE), platform);
    await state.start();
    expect(state.phase.value).toEqual({ kind: 'error', message: 'There is no active tab to inspect in this window.' });
  });

  it('refreshes, bypassing the cache', async () => {
    const { client, state } = await started();
    client.inspect.mockResolvedValueOnce(inspected(okOutcome('User-agent: *\nDisallow: /\n')));
    const refreshing = state.refresh();
    expect(state.refreshing.value).toBe(true);
    await refreshing;
    expect(client.inspect).toHaveBeenLastCalledWith({ target: { kind: 'tab', tabId: TAB_ID }, refresh: true });
    expect(state.refreshing.value).toBe(false);
    expect(state.verdict.value).toMatchObject({
      allowed: false,
      verdict: { rule: { rule: { line: 2, text: 'Disallow: /' } } },
    });
  });

  it('builds a plain-text report for an audit ticket', async () => {
    const { state } = await started();
    expect(state.report()).toBe(
      [
        'Robotscope robots.txt report',
        `URL: ${ORIGIN}/private/page.html`,
        'Crawler: Googlebot',
        'Verdict: Blocked',
        'Rule: line 3: Disallow: /private/',
        'Group: User-agent: * (lines 2–5)',
        'Note: No group names Googlebot: the * group applies.',
        `robots.txt: ${ORIGIN}/robots.txt`,
        'Fetch: HTTP 200, 172 B, fetched 2025-01-02T03:04:05.000Z (2 min old when inspected)',
        'Report made: 2025-01-02T04:00:00.000Z',
      ].join('\n'),
    );
  });

  it('copies through the platform and pops out for this tab', async () => {
    const { platform, state } = await started();
    await state.copy('x');
    expect(platform.writeClipboard).toHaveBeenCalledWith('x');
    expect(state.canPopOut).toBe(true);
    await state.popOut();
    expect(platform.popOut).toHaveBeenCalledWith(TAB_ID);
  });

  it('does not offer to pop out when already opened for a tab', () => {
    const state = createPopupState(createFakeClient(NOT_APPLICABLE), createFakePlatform({ hasTabParam: true }));
    expect(state.canPopOut).toBe(false);
  });
});
