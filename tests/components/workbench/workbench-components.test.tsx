import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeSummary } from '../../../components/workbench/ChangeSummary';
import { ResultTable, ROW_HEIGHT } from '../../../components/workbench/ResultTable';
import { UrlSetPanel } from '../../../components/workbench/UrlSetPanel';
import { createSideColumns, listCrawlers } from '../../../lib/workbench';

afterEach(cleanup);

describe('ChangeSummary', () => {
  it('gives one element per crawler with its counts as integers, inside its group, changed groups first', () => {
    const onPick = vi.fn();
    const presets = listCrawlers().filter((c) => c.token === 'Googlebot' || c.token === 'GPTBot');
    render(
      <ChangeSummary
        sentence="This draft unblocks 3 for GPTBot."
        urlCount={10}
        onPickCrawler={onPick}
        crawlers={presets}
        groups={[
          {
            members: [1],
            blockedNow: 1204,
            unblockedNow: 3,
            blockedLive: { min: 5, max: 5 },
            blockedDraft: { min: 1206, max: 1206 },
          },
          {
            members: [0],
            blockedNow: 0,
            unblockedNow: 0,
            blockedLive: { min: 1, max: 1 },
            blockedDraft: { min: 1, max: 1 },
          },
        ]}
        changes={[
          { token: 'Googlebot', name: 'Googlebot', blockedNow: 0, unblockedNow: 0, blockedLive: 1, blockedDraft: 1 },
          { token: 'GPTBot', name: 'GPTBot', blockedNow: 1204, unblockedNow: 3, blockedLive: 5, blockedDraft: 1206 },
        ]}
      />,
    );
    const items = screen.getAllByTestId('change-summary');
    expect(items.map((e) => [e.dataset.crawler, e.dataset.blockedNow, e.dataset.unblockedNow])).toEqual([
      ['GPTBot', '1204', '3'],
      ['Googlebot', '0', '0'],
    ]);
    expect(screen.getAllByTestId('change-group')[0]?.textContent).toContain(
      'Blocks 1,204 URLs and unblocks 3 URLs for GPTBot',
    );
    fireEvent.click(screen.getByText('GPTBot'));
    expect(onPick).toHaveBeenCalledWith(1);
  });
});

describe('ResultTable', () => {
  const tokens = ['Googlebot', 'GPTBot'];
  const urlCount = 200_000;
  const live = createSideColumns(urlCount * 2);
  const draft = createSideColumns(urlCount * 2);
  live.allowed.fill(1);
  draft.allowed.fill(1);
  draft.allowed[3] = 0;
  draft.line[3] = 7;
  const urls = Array.from({ length: urlCount }, (_, i) => `https://a.test/${i}`);
  const rows = Uint32Array.from({ length: urlCount * 2 }, (_, i) => i);

  it('draws only the rows in view of 400,000, with their verdicts as data attributes', () => {
    render(
      <ResultTable
        rows={rows}
        urls={urls}
        tokens={tokens}
        live={live}
        draft={draft}
        selected={null}
        onSelect={vi.fn()}
        onCopyRow={vi.fn()}
      />,
    );
    const drawn = screen.getAllByTestId('result-row');
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[3]?.dataset).toMatchObject({
      url: 'https://a.test/1',
      crawler: 'GPTBot',
      live: 'allowed',
      draft: 'blocked',
    });
    expect(drawn[3]?.textContent).toContain('line 7');
  });

  it('draws the rows under the scroll position, even past the browser height cap', () => {
    render(
      <ResultTable
        rows={rows}
        urls={urls}
        tokens={tokens}
        live={live}
        draft={draft}
        selected={null}
        onSelect={vi.fn()}
        onCopyRow={vi.fn()}
      />,
    );
    const viewport = screen.getByTestId('result-viewport');
    // 400,000 rows × 28 px is over the cap: the bottom of the scroll range is the last row.
    viewport.scrollTop = 8_000_000 - 480;
    fireEvent.scroll(viewport);
    const last = screen.getAllByTestId('result-row').at(-1);
    expect(last?.dataset.url).toBe(`https://a.test/${urlCount - 1}`);
    viewport.scrollTop = 100 * ROW_HEIGHT;
    fireEvent.scroll(viewport);
    const urlsShown = screen.getAllByTestId('result-row').map((r) => r.dataset.url);
    expect(urlsShown.some((u) => u === 'https://a.test/150000')).toBe(false);
  });

  it('selects a row on click and copies it from its button', () => {
    const onSelect = vi.fn();
    const onCopy = vi.fn();
    render(
      <ResultTable
        rows={rows.subarray(0, 4)}
        urls={urls}
        tokens={tokens}
        live={live}
        draft={draft}
        selected={null}
        onSelect={onSelect}
        onCopyRow={onCopy}
      />,
    );
    fireEvent.click(screen.getAllByTestId('result-row')[2] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getAllByText('Copy')[3] as HTMLElement);
    expect(onCopy).toHaveBeenCalledWith(3);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('UrlSetPanel', () => {
  it('shows the URL count, a progress bar with counts, Cancel, and each sitemap outcome in words', () => {
    const onCancel = vi.fn();
    render(
      <UrlSetPanel
        listText=""
        urlCount={5500}
        sourceLabel="the site's sitemaps"
        otherOrigin={['https://cdn.test/x']}
        invalid={[]}
        sitemapLoad={{ kind: 'loading', filesDone: 2, filesQueued: 2, urls: 3000 }}
        outcomes={[
          {
            url: 'https://a.test/s.xml',
            depth: 0,
            status: 'failed',
            message: '404 Not Found: no sitemap at this address.',
            added: 0,
          },
        ]}
        evaluation={null}
        onListText={vi.fn()}
        onUseList={vi.fn()}
        onFile={vi.fn()}
        onLoadSitemaps={vi.fn()}
        onCancelSitemaps={onCancel}
      />,
    );
    expect(screen.getByTestId('url-count').textContent).toBe('5,500 URLs');
    expect(screen.getByTestId('progress').textContent).toContain('2 of 4 files, 3,000 URLs so far');
    expect(screen.getByTestId('sitemap-outcome').textContent).toContain('404 Not Found');
    expect(screen.getByTestId('other-origin').textContent).toContain('another site: its own robots.txt applies');
    expect(screen.getByTestId<HTMLButtonElement>('load-sitemaps').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('cancel-sitemaps'));
    expect(onCancel).toHaveBeenCalled();
  });
});
