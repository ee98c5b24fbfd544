import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlerMatrix } from '../../../components/popup/CrawlerMatrix';
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
