import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createPopupState } from '../../../entrypoints/popup/state';
import { ProtocolError } from '../../../lib/protocol/errors';
import { judgePage, readPageRobots } from '../../../lib/verdict/page-verdict';
import * as engine from '../../../lib/robots';
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
  return { ...actual, parseRobotsTxtByteString: vi.fn(actual.parseRobotsTxtByteString) };
});

/** The report's fixture: a served-as-HTML file with Crawl-delay, a losing rule and an AI group. */
const REPORT_ROBOTS =
  '# Fixture: the report\n' +
  'User-agent: *\n' +
  'Disallow: /private/\n' +
  'Allow: /\n' +
  'Disallow: /priv\n' +
  'Crawl-delay: 5\n' +
  '\n' +
  '# AI crawlers\n' +
  'User-agent: GPTBot\n' +
  'User-agent: ClaudeBot\n' +
  'Disallow: /\n';

async function started(inspection = inspected(okOutcome(BLOCKED_ROBOTS)), settings = settingsWith()) {
  const client = createFakeClient(inspection, settings);
  const platform = createFakePlatform();
  const state = createPopupState({ client, platform, now: () => Date.UTC(2025, 0, 2, 4, 0, 0) });
  await state.start();
  return { client, platform, state };
}

describe('createPopupState', () => {
  it('is loading until the worker answers, then shows the verdict for the stored crawler', async () => {
    let answer: (value: ReturnType<typeof inspected>) => void = () => {};
    const client = createFakeClient(() => new Promise((resolve) => (answer = resolve)), settingsWith('GPTBot'));
    const state = createPopupState({ client, platform: createFakePlatform() });
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
      kind: 'ok',
      allowed: false,
      verdict: { rule: { rule: { line: 3, kind: 'disallow', pattern: '/private/', written: null } } },
    });
  });

  it('parses the body once per inspection, however often it evaluates', async () => {
    vi.mocked(engine.parseRobotsTxtByteString).mockClear();
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
    expect(engine.parseRobotsTxtByteString).toHaveBeenCalledTimes(1);
  });

  it('asks the worker for the active tab while it looks up its own tab, and keeps that answer when it is this tab', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)), settingsWith());
    const state = createPopupState({ client, platform: createFakePlatform({ quickTarget: { kind: 'active' } }) });
    await state.start();
    expect(client.inspect.mock.calls).toEqual([[{ target: { kind: 'active' } }]]);
    expect(state.phase.value).toMatchObject({ kind: 'ready', inspection: { tabId: TAB_ID } });
  });

  it('inspects its own tab again when the active tab the worker saw was another (or the guess failed)', async () => {
    const mine = inspected(okOutcome(BLOCKED_ROBOTS));
    const other = { ...inspected(okOutcome(SPECIFIC_ROBOTS)), tabId: TAB_ID + 1 };
    for (const guess of [
      async () => other,
      async () => Promise.reject(new ProtocolError('no tab', 'invalid-request')),
    ]) {
      const client = createFakeClient(mine, settingsWith());
      client.inspect.mockImplementationOnce(guess).mockImplementationOnce(async () => mine);
      const state = createPopupState({ client, platform: createFakePlatform({ quickTarget: { kind: 'active' } }) });
      await state.start();
      expect(client.inspect.mock.calls).toEqual([
        [{ target: { kind: 'active' } }],
        [{ target: { kind: 'tab', tabId: TAB_ID } }],
      ]);
      expect(state.phase.value).toMatchObject({ kind: 'ready', inspection: mine });
    }
  });

  it('paints the worker’s verdict before the engine has loaded; everything that evaluates waits for it', async () => {
    const base = inspected(okOutcome(BLOCKED_ROBOTS));
    if (base.kind !== 'inspected') throw new Error('expected an inspection');
    const workerVerdict = judgePage(readPageRobots(base), base.pageUrl, 'Googlebot');
    let deliver: (engine: typeof import('../../../entrypoints/popup/engine')) => void = () => {};
    const loading = new Promise<typeof import('../../../entrypoints/popup/engine')>((r) => (deliver = r));
    const state = createPopupState({
      client: createFakeClient({ ...base, verdict: { crawler: 'Googlebot', verdict: workerVerdict } }, settingsWith()),
      platform: createFakePlatform(),
      loadEngine: () => loading,
    });
    const started = state.start();
    await vi.waitFor(() => expect(state.phase.value.kind).toBe('ready'));
    expect(state.verdict.value).toBe(workerVerdict);
    expect(state.engineLoaded.value).toBe(false);
    expect(state.matrix.value).toEqual([]);
    expect(state.file.value).toBeNull();
    expect(state.analysis.value).toBeNull();
    expect(state.report()).toBeNull();
    // Another crawler needs the engine: no verdict rather than a wrong one.
    await state.selectCrawler('GPTBot');
    expect(state.verdict.value).toBeNull();
    deliver(await import('../../../entrypoints/popup/engine'));
    await started;
    expect(state.engineLoaded.value).toBe(true);
    expect(state.verdict.value).toMatchObject({ kind: 'ok', allowed: false });
    expect(state.matrix.value.length).toBeGreaterThan(0);
    expect(state.file.value?.lines).toHaveLength(9);
    expect(state.report()).toContain('Blocked');
  });

  it('starts the engine, indexability and page resources only once the verdict is painted', async () => {
    const base = inspected(okOutcome(BLOCKED_ROBOTS));
    if (base.kind !== 'inspected') throw new Error('expected an inspection');
    const workerVerdict = judgePage(readPageRobots(base), base.pageUrl, 'Googlebot');
    const client = createFakeClient(
      { ...base, verdict: { crawler: 'Googlebot', verdict: workerVerdict } },
      settingsWith(),
    );
    let paint: () => void = () => {};
    const painted = new Promise<void>((r) => (paint = r));
    const loadEngine = vi.fn(async () => import('../../../entrypoints/popup/engine'));
    const state = createPopupState({
      client,
      platform: { ...createFakePlatform(), afterPaint: vi.fn(() => painted) },
      loadEngine,
    });
    const started = state.start();
    await vi.waitFor(() => expect(state.phase.value.kind).toBe('ready'));
    // Give anything started too early the chance to show.
    await new Promise((r) => setTimeout(r, 20));
    expect(state.verdict.value).toBe(workerVerdict);
    expect(loadEngine).not.toHaveBeenCalled();
    expect(client.getResources).not.toHaveBeenCalled();
    expect(client.pageIndexability).not.toHaveBeenCalled();
    paint();
    await started;
    expect(loadEngine).toHaveBeenCalledTimes(1);
    expect(state.engineLoaded.value).toBe(true);
    expect(client.getResources).toHaveBeenCalledWith({ tabId: TAB_ID });
  });

  it('keeps the verdict and says so in words when the engine cannot load', async () => {
    const base = inspected(okOutcome(BLOCKED_ROBOTS));
    if (base.kind !== 'inspected') throw new Error('expected an inspection');
    const workerVerdict = judgePage(readPageRobots(base), base.pageUrl, 'Googlebot');
    const state = createPopupState({
      client: createFakeClient({ ...base, verdict: { crawler: 'Googlebot', verdict: workerVerdict } }, settingsWith()),
      platform: createFakePlatform(),
      loadEngine: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    await state.start();
    expect(state.phase.value.kind).toBe('ready');
    expect(state.verdict.value).toBe(workerVerdict);
    expect(state.notice.value).toBe(
      'Could not load the part of the popup that reads robots.txt: TypeError: Failed to fetch dynamically imported module',
    );
  });

  it('paints the worker’s verdict for the stored crawler before parsing anything, and parses once for the rest', async () => {
    vi.mocked(engine.parseRobotsTxtByteString).mockClear();
    const base = inspected(okOutcome(BLOCKED_ROBOTS));
    if (base.kind !== 'inspected') throw new Error('expected an inspection');
    const workerVerdict = judgePage(readPageRobots(base), base.pageUrl, 'Googlebot');
    vi.mocked(engine.parseRobotsTxtByteString).mockClear();
    const { state } = await started({ ...base, verdict: { crawler: 'Googlebot', verdict: workerVerdict } });
    expect(state.verdict.value).toBe(workerVerdict);
    // What the first paint reads besides the verdict: the empty path tester, the file marks.
    expect(state.pathResult.value).toEqual({ kind: 'empty' });
    void state.fileMarks.value;
    expect(engine.parseRobotsTxtByteString).not.toHaveBeenCalled();
    void state.file.value;
    await state.selectCrawler('GPTBot');
    void state.verdict.value;
    expect(engine.parseRobotsTxtByteString).toHaveBeenCalledTimes(1);
    // The popup's own judgement of the same file and crawler is the worker's.
    await state.selectCrawler('Googlebot');
    expect(state.verdict.value).toEqual(judgePage(readPageRobots(base), base.pageUrl, 'Googlebot'));
  });

  it('switches crawler and re-evaluates; only Make default saves the choice (the worker re-badges)', async () => {
    const { client, state } = await started(inspected(okOutcome(SPECIFIC_ROBOTS), '/drafts/page.html'));
    expect(state.verdict.value?.kind === 'ok' && state.verdict.value.allowed).toBe(true);
    await state.selectCrawler('ClaudeBot');
    expect(client.setSettings).not.toHaveBeenCalled();
    expect(state.defaultCrawler.value.token).toBe('Googlebot');
    expect(await state.makeDefault()).toEqual({ kind: 'saved' });
    expect(client.setSettings).toHaveBeenCalledWith({ crawler: 'ClaudeBot' });
    expect(state.defaultCrawler.value.token).toBe('ClaudeBot');
    expect(state.verdict.value).toMatchObject({ allowed: false, verdict: { rule: { rule: { line: 2 } } } });
  });

  it('says when * is ignored and groups are merged', async () => {
    const { state } = await started(inspected(okOutcome(SPECIFIC_ROBOTS), '/tmp/x'));
    const v = state.verdict.value;
    expect(v?.kind).toBe('ok');
    if (v?.kind !== 'ok') return;
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
      kind: 'ok',
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
      kind: 'ok',
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

  const findingLines = (state: ReturnType<typeof createPopupState>) =>
    state.file.value?.lines.filter((l) => l.diagnostics.length > 0).map((l) => l.n);

  it('shows the file’s lines with the lint findings the worker sent with the inspection, and sends nothing back', async () => {
    const { client, state } = await started();
    expect(state.file.value?.lines).toHaveLength(9);
    expect(findingLines(state)).toContain(7);
    expect(Object.keys(client)).not.toContain('lint');
  });

  it('shows a refreshed file with its own findings', async () => {
    const { client, state } = await started();
    client.inspect.mockResolvedValueOnce(inspected(okOutcome('User-agent: *\nDisalow: /x\n')));
    await state.refresh();
    expect(state.file.value?.lines).toHaveLength(3);
    expect(findingLines(state)).toEqual([2]);
  });

  it('shows a Latin-1 file with U+FFFD and blocks /caf%E9 as its bytes say (bytes to words)', async () => {
    const bytes = 'User-agent: *\nDisallow: /caf\xe9\n';
    const { state } = await started(inspected(okOutcome('', { bytes, encoding: 'not-utf-8' }), '/caf%E9'));
    expect(state.verdict.value).toMatchObject({ kind: 'ok', allowed: false, verdict: { rule: { rule: { line: 2 } } } });
    expect(state.file.value?.lines[1]?.text).toBe('Disallow: /caf\uFFFD');
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
      kind: 'unavailable',
      allowed: true,
    },
    {
      name: 'too many redirects',
      outcome: { kind: 'unavailable', cause: 'too-many-redirects', status: 301 } as const,
      kind: 'unavailable',
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
    expect(state.verdict.value).toEqual({
      kind: 'not-applicable',
      explanation: NOT_APPLICABLE.explanation,
      conditions: [],
    });
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
    await state.addCustomToken(' MJ12bot\u00a0');
    // Only ASCII white space is trimmed (docs/semantics/robots.md §1): the no-break space stays part of the token.
    expect(client.addCustomToken).toHaveBeenLastCalledWith({ token: 'MJ12bot\u00a0', select: false });
    await state.addCustomToken('MJ12bot');
    // The worker adds it to the stored list: the popup sends the token alone, never a list of its own.
    expect(client.addCustomToken).toHaveBeenLastCalledWith({ token: 'MJ12bot', select: false });
    expect(client.setSettings).not.toHaveBeenCalledWith(expect.objectContaining({ customTokens: expect.anything() }));
    expect(state.crawler.value).toMatchObject({ token: 'MJ12bot', custom: true });
    expect(state.crawlerOptions.value.filter((o) => o.custom).map((o) => o.token)).toEqual([
      'MJ12bot',
      'MJ12bot\u00a0',
      'OldBot',
    ]);
    expect(state.tokenCheck.value.kind).toBe('unmatchable');
    expect(state.tokenCheck.value.kind !== 'valid' && state.tokenCheck.value.explanation).toContain(
      'MJ12bot contains a digit',
    );
    expect(state.verdict.value?.conditions.map((c) => c.kind)).toEqual(['unmatchable-token']);
  });

  it('shows the URL being fetched and the seconds elapsed while loading; Cancel stops the worker’s fetch and says so', async () => {
    let clock = Date.UTC(2025, 0, 2, 4, 0, 0);
    const client = createFakeClient(() => new Promise(() => undefined));
    const state = createPopupState({ client, platform: createFakePlatform(), now: () => clock });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      void state.start();
      await vi.waitFor(() => expect(client.inspect).toHaveBeenCalled());
      expect(state.phase.value).toMatchObject({ kind: 'loading', robotsUrl: `${ORIGIN}/robots.txt` });
      clock += 7_000;
      vi.advanceTimersByTime(1000);
      expect(state.elapsedSeconds.value).toBe(7);
      await state.cancel();
    } finally {
      vi.useRealTimers();
    }
    expect(client.cancelFetch).toHaveBeenCalledWith({ origin: ORIGIN });
    expect(state.phase.value).toEqual({
      kind: 'error',
      message: `Cancelled: Robotscope stopped fetching ${ORIGIN}/robots.txt after 7 s.`,
    });
  });

  it('Retry while loading stops the running fetch and fetches again, bypassing the cache', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)));
    client.inspect.mockImplementationOnce(() => new Promise(() => undefined));
    const state = createPopupState({ client, platform: createFakePlatform() });
    void state.start();
    await vi.waitFor(() => expect(client.inspect).toHaveBeenCalledOnce());
    await state.retry();
    expect(client.cancelFetch).toHaveBeenCalledWith({ origin: ORIGIN });
    expect(client.inspect).toHaveBeenLastCalledWith({ target: { kind: 'tab', tabId: TAB_ID }, refresh: true });
    expect(state.phase.value.kind).toBe('ready');
  });

  it('keeps the verdict and says so when a setting cannot be saved', async () => {
    const { client, state } = await started();
    client.setSettings.mockRejectedValueOnce(new ProtocolError('storage is full', 'internal'));
    await state.selectCrawler('GPTBot');
    expect(await state.makeDefault()).toEqual({ kind: 'failed' });
    expect(state.crawler.value.token).toBe('GPTBot');
    expect(state.notice.value).toBe('Could not save the crawler choice: storage is full');
    expect(state.phase.value.kind).toBe('ready');
  });

  it('shows a worker error in words, and Retry recovers', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)));
    client.inspect.mockRejectedValueOnce(
      new ProtocolError('The background worker did not answer "inspect".', 'no-reply'),
    );
    const state = createPopupState({ client, platform: createFakePlatform() });
    await state.start();
    expect(state.phase.value).toEqual({ kind: 'error', message: 'The background worker did not answer "inspect".' });
    await state.start();
    expect(state.phase.value.kind).toBe('ready');
  });

  it('shows an error when there is no tab to inspect', async () => {
    const platform = createFakePlatform({
      findTarget: async () => Promise.reject(new Error('There is no active tab to inspect in this window.')),
    });
    const state = createPopupState({ client: createFakeClient(NOT_APPLICABLE), platform });
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
      verdict: { rule: { rule: { line: 2, kind: 'disallow', pattern: '/', written: null } } },
    });
  });

  it('builds the report an auditor files: complete, plain, and equal to the reviewed text in report.expected.txt', async () => {
    // The expected text is checked in, written by hand and reviewed: it is not produced by buildReport.
    const expected = readFileSync(join(import.meta.dirname, 'report.expected.txt'), 'utf8').replace(/\n$/, '');
    const { state } = await started(
      inspected(okOutcome(REPORT_ROBOTS, { contentType: 'text/html; charset=utf-8' })),
      settingsWith('bingbot'),
    );
    expect(state.report()).toBe(expected);
    // Stable: the same inspection later gives the same text but for the time it was made.
    expect(state.report()).not.toMatch(/just now|old when inspected/);
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
    const state = createPopupState({
      client: createFakeClient(NOT_APPLICABLE),
      platform: createFakePlatform({ hasTabParam: true }),
    });
    expect(state.canPopOut).toBe(false);
  });
});
