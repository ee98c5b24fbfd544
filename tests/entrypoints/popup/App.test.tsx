import { computed, signal } from '@preact/signals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../entrypoints/popup/App';
import { createPopupState, type PopupState } from '../../../entrypoints/popup/state';
import { ProtocolError } from '../../../lib/protocol/errors';
import {
  BLOCKED_ROBOTS,
  createFakeClient,
  createFakePlatform,
  inspected,
  NOT_APPLICABLE,
  okOutcome,
  SPECIFIC_ROBOTS,
  settingsWith,
} from './fakes';

afterEach(cleanup);

function mount(inspection = inspected(okOutcome(BLOCKED_ROBOTS)), settings = settingsWith()) {
  const client = createFakeClient(inspection, settings);
  const platform = createFakePlatform();
  const state = createPopupState({ client, platform });
  render(<App state={state} />);
  return { client, platform, state };
}

/**
 * Waits for the verdict, then for the sections below it (their code loads by a dynamic import and
 * they mount in the frame after the verdict painted), and returns the verdict.
 */
async function shown(): Promise<HTMLElement> {
  const verdict = await screen.findByTestId('verdict');
  await vi.waitFor(() => expect(document.getElementById('fetch')).not.toBeNull());
  return verdict;
}

describe('App', () => {
  it('shows a loading state, never a blank popup, then the verdict', async () => {
    mount();
    expect(screen.getByTestId('loading').textContent).toContain('Fetching robots.txt');
    expect((await shown()).textContent).toContain('Blocked');
    expect(screen.getByTestId('deciding-rule').textContent).toMatch(/Line 3.*Disallow: \/private\//);
    expect(screen.getByTestId('matched-group').textContent).toContain('User-agent: *');
    expect(screen.getByTestId('crawl-delay').textContent).toMatch(/5 s.*Googlebot ignores it/);
    expect(screen.getAllByTestId('sitemap')).toHaveLength(2);
    expect(screen.getByTestId('fetch-status').textContent).toContain('HTTP 200');
    // Rows for every crawler and the file view follow the first paint of the verdict.
    expect(await screen.findAllByTestId('matrix-row')).not.toHaveLength(0);
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid=file-line][data-deciding=true]')?.getAttribute('data-line')).toBe(
        '3',
      ),
    );
  });

  it('with a large file, paints the verdict first, then the file with its deciding line, every crawler and the lint', async () => {
    const big = `User-agent: *\n${Array.from({ length: 5000 }, (_, i) => `Disallow: /archive/item-${i}/`).join('\n')}\n`;
    mount(inspected(okOutcome(big), '/archive/item-4000/x'));
    expect((await shown()).textContent).toContain('line 4002 Disallow: /archive/item-4000/');
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid=file-line][data-deciding=true]')?.getAttribute('data-line')).toBe(
        '4002',
      ),
    );
    expect(await screen.findAllByTestId('matrix-row')).not.toHaveLength(0);
  });

  it('keeps every section in the DOM, stacked, with an in-page nav', async () => {
    mount();
    await shown();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#indexability', '#why', '#resources', '#all', '#path', '#file', '#fetch']);
    for (const id of ['indexability', 'why', 'resources', 'all', 'path', 'file', 'fetch']) {
      const section = document.getElementById(id);
      expect(section, id).not.toBeNull();
      expect(section?.hidden).toBe(false);
    }
  });

  it('marks when the verdict was first rendered', async () => {
    mount();
    await shown();
    await vi.waitFor(() => expect(document.querySelector('.app')?.getAttribute('data-ready-ms')).toMatch(/^\d+$/));
  });

  it('switches crawler from the select for this popup only; Make default saves it', async () => {
    const { client } = mount(inspected(okOutcome(SPECIFIC_ROBOTS), '/drafts/page.html'));
    expect((await shown()).textContent).toContain('Allowed');
    const select = screen.getByTestId<HTMLSelectElement>('crawler-select');
    select.value = 'ClaudeBot';
    fireEvent.change(select);
    expect(screen.getByTestId('verdict').textContent).toContain('Blocked');
    expect(screen.getByTestId('verdict').textContent).toContain('line 2 Disallow: /drafts/');
    // Issue 6: picking is this popup's; the badge's crawler changes only on "Make default".
    expect(client.setSettings).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('make-default'));
    await vi.waitFor(() => expect(client.setSettings).toHaveBeenCalledWith({ crawler: 'ClaudeBot' }));
  });

  it('explains that AdsBot-Google ignores the * group the file has', async () => {
    mount(inspected(okOutcome(SPECIFIC_ROBOTS), '/drafts/page.html'), settingsWith('AdsBot-Google'));
    expect((await shown()).textContent).toContain('Allowed');
    const group = screen.getByTestId('matched-group').textContent;
    expect(group).toContain(
      'AdsBot-Google ignores the * group: only a group naming it applies, and none does — so it may fetch everything.',
    );
    expect(group).not.toContain('there is no * group');
  });

  it('selects a crawler by picking its matrix row', async () => {
    mount(inspected(okOutcome(SPECIFIC_ROBOTS), '/public/page.html'));
    await shown();
    await screen.findAllByTestId('matrix-row');
    const row = document.querySelector('[data-testid=matrix-row][data-crawler=GPTBot]') as HTMLElement;
    expect(row.dataset.allowed).toBe('false');
    fireEvent.click(row);
    expect(screen.getByTestId<HTMLSelectElement>('crawler-select').value).toBe('GPTBot');
    expect(screen.getByTestId('verdict').textContent).toContain('Blocked');
  });

  it('updates the path verdict as you type', async () => {
    mount();
    await shown();
    const input = screen.getByTestId('path-input');
    fireEvent.input(input, { target: { value: '/private/' } });
    expect(screen.getByTestId('path-verdict').textContent).toContain('Blocked: line 3 Disallow: /private/');
    fireEvent.input(input, { target: { value: '/private/press-kit.html' } });
    expect(screen.getByTestId('path-verdict').textContent).toContain('Allowed: line 4 Allow: /private/press-kit.html');
  });

  it('adds a custom token and explains that Google cannot match it', async () => {
    const { client } = mount();
    await shown();
    const picker = screen.getByTestId('crawler-select');
    fireEvent.input(picker, { target: { value: 'MJ12bot' } });
    const advice = document.getElementById(picker.getAttribute('aria-describedby') ?? '');
    expect(advice?.textContent).toContain('MJ12bot contains a digit');
    fireEvent.click(screen.getByTestId('custom-token'));
    expect(client.addCustomToken).toHaveBeenCalledWith({ token: 'MJ12bot', select: false });
    const card = screen.getByRole('region', { name: 'Verdict' });
    // Explained in the verdict card, naming how a file line with this name is read.
    await vi.waitFor(() =>
      expect(within(card).getByTestId('verdict-warning').textContent).toContain(
        'MJ12bot cannot be matched: Google keeps only the leading letters',
      ),
    );
    expect(within(card).getByTestId('verdict-warning').textContent).toContain('read as MJ');
  });

  it('copies the report', async () => {
    const { platform } = mount();
    await shown();
    fireEvent.click(screen.getByTestId('copy-report'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(platform.writeClipboard.mock.calls[0]?.[0]).toMatch(
      /^Robotscope robots.txt report\nURL: .*\/private\/page.html\nCrawler: Googlebot\nVerdict: Blocked — by line 3 `Disallow: \/private\/`\n/,
    );
  });

  it('says robots.txt does not apply on a browser page, why, and nothing else', async () => {
    mount(NOT_APPLICABLE);
    const card = await screen.findByTestId('not-applicable');
    expect(card.textContent).toContain('robots.txt does not apply here');
    // Once the popup has settled (its code split loaded, its worker answered), still nothing but the card.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.app')?.textContent).toBe(card.textContent);
    expect(screen.queryAllByTestId('matrix-row')).toHaveLength(0);
    expect(document.getElementById('fetch')).toBeNull();
  });

  it('shows a worker error with Retry', async () => {
    const client = createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS)));
    client.inspect.mockRejectedValueOnce(
      new ProtocolError('The background worker did not answer "inspect".', 'no-reply'),
    );
    render(<App state={createPopupState({ client, platform: createFakePlatform() })} />);
    expect((await screen.findByRole('alert')).textContent).toContain('did not answer "inspect"');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await shown()).textContent).toContain('Blocked');
  });

  it('shows a bug thrown while rendering as an error card with Retry', async () => {
    const state = createPopupState({
      client: createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS))),
      platform: createFakePlatform(),
    });
    const broken = signal(true);
    const buggy: PopupState = {
      ...state,
      verdict: computed(() => {
        if (broken.value) throw new TypeError('cannot read properties of undefined');
        return state.verdict.value;
      }),
    };
    render(<App state={buggy} />);
    expect((await screen.findByRole('alert')).textContent).toContain('TypeError: cannot read properties of undefined');
    broken.value = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await shown()).textContent).toContain('Blocked');
  });

  it('says in one line near the top how AI and search crawlers fare', async () => {
    mount(inspected(okOutcome(SPECIFIC_ROBOTS), '/public/page.html'));
    await shown();
    // SPECIFIC_ROBOTS blocks only GPTBot for /public/.
    expect((await screen.findByTestId('crawler-summary')).textContent).toMatch(
      /^AI crawlers: 1 of \d+ blocked · search: all allowed$/,
    );
  });

  it('marks the tested path’s deciding line in the file, apart from the page’s, and shows its group', async () => {
    mount();
    await shown();
    fireEvent.input(screen.getByTestId('path-input'), { target: { value: '/private/press-kit.html' } });
    expect(screen.getByTestId('path-group').textContent).toBe('Group: User-agent: * (lines 2–5)');
    const tested = document.querySelectorAll<HTMLElement>('[data-testid=file-line][data-tested=true]');
    expect([...tested].map((e) => e.dataset.line)).toEqual(['4']);
    expect(tested[0]?.dataset.deciding).toBe('false');
    expect(document.querySelector<HTMLElement>('[data-testid=file-line][data-deciding=true]')?.dataset.line).toBe('3');
    expect(screen.getByTestId('show-in-file').textContent).toBe('Show line 4 in the file');
    fireEvent.click(screen.getByTestId('show-in-file'));
    expect(screen.getByTestId('show-tested-line').textContent).toBe('Show tested line 4');
  });

  it('on a 503 says why once: no group section repeating the fetch sentence, one line for all crawlers', async () => {
    mount(inspected({ kind: 'unreachable', cause: 'server-error', status: 503, detail: 'HTTP 503' }, '/anything.html'));
    expect((await shown()).textContent).toContain('Blocked');
    const why = document.getElementById('why') as HTMLElement;
    const sentence = screen.getByTestId('deciding-rule').textContent?.replace(/^No rule decided: /, '') ?? '';
    expect(sentence.length).toBeGreaterThan(20);
    expect(why.textContent?.split(sentence).length).toBe(2);
    expect(screen.queryByTestId('matched-group')).toBeNull();
    expect((await screen.findByTestId('matrix-same')).textContent).toMatch(/^✕ All \d+ crawlers: .*blocked/);
    expect(screen.queryAllByTestId('matrix-row')).toHaveLength(0);
  });
});
