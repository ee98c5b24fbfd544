import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlerMatrix } from '../../../components/popup/CrawlerMatrix';
import { summarizeMatrix } from '../../../components/popup/crawler-order';
import type { MatrixRow } from '../../../components/popup/model';
import { GOOGLEBOT } from './fixtures';

afterEach(cleanup);

const GPTBOT = {
  ...GOOGLEBOT,
  token: 'GPTBot',
  name: 'GPTBot',
  operator: 'OpenAI',
  purpose: 'ai-training' as const,
  purposeLabel: 'AI training',
};
const ROWS: MatrixRow[] = [
  { crawler: GOOGLEBOT, allowed: true, line: 0, summary: 'no matching rule' },
  { crawler: GPTBOT, allowed: false, line: 12, summary: 'Disallow: /' },
];

describe('CrawlerMatrix', () => {
  it('has one row per crawler with its token, verdict and deciding line', () => {
    render(<CrawlerMatrix rows={ROWS} selected="Googlebot" onSelect={vi.fn()} />);
    const rows = screen.getAllByTestId('matrix-row');
    expect(rows.map((r) => [r.dataset.crawler, r.dataset.allowed])).toEqual([
      ['Googlebot', 'true'],
      ['GPTBot', 'false'],
    ]);
    expect(rows[0]?.textContent).toContain('Allowed');
    expect(rows[1]?.textContent).toMatch(/Blocked.*GPTBot.*Line 12.*Disallow: \//);
    expect(rows[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 allowed, 1 blocked. Pick a row to select that crawler.')).toBeTruthy();
  });

  it('adds each crawler’s count of blocked render-critical page resources once known', () => {
    const counts = new Map([
      ['Googlebot', 3],
      ['GPTBot', 1],
    ]);
    render(<CrawlerMatrix rows={ROWS} selected="Googlebot" onSelect={vi.fn()} renderCriticalBlocked={counts} />);
    expect(screen.getAllByTestId('matrix-resources').map((n) => n.textContent)).toEqual([
      '3 render-critical resources blocked',
      '1 render-critical resource blocked',
    ]);
    cleanup();
    render(<CrawlerMatrix rows={ROWS} selected="Googlebot" onSelect={vi.fn()} renderCriticalBlocked={null} />);
    expect(screen.queryByTestId('matrix-resources')).toBeNull();
  });

  it('selects the crawler of a picked row', () => {
    const onSelect = vi.fn();
    render(<CrawlerMatrix rows={ROWS} selected="Googlebot" onSelect={onSelect} />);
    fireEvent.click(screen.getAllByTestId('matrix-row')[1] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith('GPTBot');
  });
});

const OAI = { ...GPTBOT, token: 'OAI-SearchBot', name: 'OAI-SearchBot', purpose: 'ai-search' as const };
const BING = { ...GOOGLEBOT, token: 'bingbot', name: 'Bingbot' };

describe('CrawlerMatrix, grouped and collapsed', () => {
  it('groups identical outcomes in the picker’s order: search first, then AI training, then AI search', () => {
    const rows: MatrixRow[] = [
      { crawler: GPTBOT, allowed: false, line: 12, summary: 'Disallow: /' },
      { crawler: GOOGLEBOT, allowed: true, line: 0, summary: 'no rule matches this URL' },
      { crawler: OAI, allowed: true, line: 0, summary: 'no rule matches this URL' },
      { crawler: BING, allowed: true, line: 0, summary: 'no rule matches this URL' },
    ];
    render(<CrawlerMatrix rows={rows} selected="Googlebot" onSelect={vi.fn()} />);
    // Issue 4: the allowed rows form one group (first, as Googlebot leads it), GPTBot its own.
    expect(screen.getAllByTestId('matrix-row').map((r) => r.dataset.crawler)).toEqual([
      'Googlebot',
      'bingbot',
      'OAI-SearchBot',
      'GPTBot',
    ]);
  });

  it('says once when every crawler gets the same outcome, the rows behind a button', () => {
    const same = (crawler: MatrixRow['crawler']): MatrixRow => ({
      crawler,
      allowed: false,
      line: 0,
      summary: 'robots.txt unreachable',
    });
    const onSelect = vi.fn();
    render(<CrawlerMatrix rows={[GOOGLEBOT, GPTBOT, OAI].map(same)} selected="Googlebot" onSelect={onSelect} />);
    expect(screen.getByTestId('matrix-same').textContent).toContain('All 3 crawlers: blocked, robots.txt unreachable.');
    expect(screen.queryAllByTestId('matrix-row')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show each crawler' }));
    expect(screen.getAllByTestId('matrix-row')).toHaveLength(3);
    fireEvent.click(screen.getAllByTestId('matrix-row')[1] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith('GPTBot');
  });

  it('says the verdict word once when the shared outcome already says it', () => {
    const rows = [GOOGLEBOT, GPTBOT].map((crawler) => ({
      crawler,
      allowed: false,
      line: 0,
      summary: 'robots.txt unreachable: everything blocked',
    }));
    render(<CrawlerMatrix rows={rows} selected="Googlebot" onSelect={vi.fn()} />);
    expect(screen.getByTestId('matrix-same').textContent).toContain(
      'All 2 crawlers: robots.txt unreachable: everything blocked.',
    );
  });

  it('does not collapse rows that differ', () => {
    render(<CrawlerMatrix rows={ROWS} selected="Googlebot" onSelect={vi.fn()} />);
    expect(screen.queryByTestId('matrix-same')).toBeNull();
  });
});

describe('summarizeMatrix', () => {
  const row = (crawler: MatrixRow['crawler'], allowed: boolean): MatrixRow => ({
    crawler,
    allowed,
    line: allowed ? 0 : 3,
    summary: allowed ? 'no rule matches this URL' : 'Disallow: /',
  });
  it.each<{ name: string; rows: MatrixRow[]; says: string | null }>([
    {
      name: 'some AI crawlers blocked, search allowed',
      rows: [row(GOOGLEBOT, true), row(BING, true), row(GPTBOT, false), row(OAI, true)],
      says: 'AI crawlers: 1 of 2 blocked · search: all allowed',
    },
    {
      name: 'everything blocked',
      rows: [row(GOOGLEBOT, false), row(BING, false), row(GPTBOT, false), row(OAI, false)],
      says: 'AI crawlers: all 2 blocked · search: all 2 blocked',
    },
    { name: 'no rows', rows: [], says: null },
  ])('says $name', ({ rows, says }) => {
    expect(summarizeMatrix(rows)).toBe(says);
  });
});
