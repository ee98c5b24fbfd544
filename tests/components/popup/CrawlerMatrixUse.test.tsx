import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlerMatrix } from '../../../components/popup/CrawlerMatrix';
import type { MatrixRow } from '../../../components/popup/model';
import { GOOGLEBOT } from './fixtures';

afterEach(cleanup);

const crawler = (token: string, purpose: MatrixRow['crawler']['purpose']) => ({
  ...GOOGLEBOT,
  token,
  name: token,
  purpose,
});
const answers = (train: 'allowed' | 'disallowed' | 'no-statement' | 'not-applicable') =>
  ({ search: 'no-statement', 'ai-input': 'no-statement', 'ai-train': train }) as const;

const ROWS: MatrixRow[] = [
  {
    crawler: GOOGLEBOT,
    allowed: true,
    line: 0,
    summary: 'no rule matches this URL',
    indexable: true,
    indexability: 'Indexable',
    use: answers('no-statement'),
  },
  {
    crawler: crawler('bingbot', 'search'),
    allowed: true,
    line: 0,
    summary: 'no rule matches this URL',
    indexable: true,
    indexability: 'Indexable',
    use: answers('no-statement'),
  },
  {
    crawler: crawler('Google-Extended', 'ai-training'),
    tokenOnly: true,
    allowed: true,
    line: 0,
    summary: 'no rule matches this URL',
    indexable: true,
    indexability: 'Indexable',
    use: answers('disallowed'),
  },
  {
    crawler: crawler('GPTBot', 'ai-training'),
    allowed: false,
    line: 5,
    summary: 'Disallow: /',
    indexable: false,
    indexability: 'Blocked',
    use: answers('not-applicable'),
  },
];

/** Returns the named fields of `row`. */
function pick<K extends keyof MatrixRow>(row: MatrixRow, keys: readonly K[]): Pick<MatrixRow, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<MatrixRow, K>;
}

/** Renders ROWS with two blocked render-critical resources for every crawler. */
function renderMatrix() {
  render(
    <CrawlerMatrix
      rows={ROWS}
      selected="Googlebot"
      onSelect={vi.fn()}
      renderCriticalBlocked={new Map(ROWS.map((r) => [r.crawler.token, 2]))}
    />,
  );
}

describe('CrawlerMatrix with Use answers', () => {
  it('groups identical outcomes, collapses the all-allowed group, and tags each row with its training answer', () => {
    renderMatrix();
    const groups = screen.getAllByTestId('matrix-group');
    expect(groups.map((g) => g.dataset.collapsed)).toEqual(['true', 'false', 'false']);
    expect(groups[0]?.textContent).toContain(
      '2 crawlers: allowed, no rule matches this URL · Indexable. Googlebot, bingbot. Show each',
    );
    const train = Object.fromEntries(
      screen.getAllByTestId('matrix-row').map((r) => [r.dataset.crawler, r.dataset.useTrain]),
    );
    expect(train).toEqual({
      Googlebot: 'no-statement',
      bingbot: 'no-statement',
      'Google-Extended': 'disallowed',
      GPTBot: 'not-applicable',
    });
    fireEvent.click(screen.getByTestId('matrix-group-expand'));
    expect(screen.getAllByTestId('matrix-group')[0]?.dataset.collapsed).toBe('false');
  });

  it('gives a control token no resource count and AI crawlers no search-index wording', () => {
    renderMatrix();
    const row = (token: string) =>
      screen.getAllByTestId('matrix-row').find((r) => r.dataset.crawler === token) as HTMLElement;
    expect(row('Google-Extended').querySelector('[data-testid=matrix-resources]')).toBeNull();
    expect(row('Google-Extended').textContent).not.toContain('Indexable');
    expect(row('Googlebot').textContent).toContain('Indexable');
    expect(row('GPTBot').textContent).not.toMatch(/Indexable|Blocked\s*Blocked/);
  });

  it('does not give a group of search and AI crawlers the search crawlers’ index word', () => {
    const [googlebot, bing, , gptbot] = ROWS as [MatrixRow, MatrixRow, MatrixRow, MatrixRow];
    // GPTBot allowed like Googlebot: one outcome, but GPTBot builds no search index.
    const open = { ...gptbot, ...pick(googlebot, ['allowed', 'line', 'summary', 'indexable', 'indexability', 'use']) };
    const blockedBing = {
      ...bing,
      allowed: false,
      line: 5,
      summary: 'Disallow: /',
      indexable: false,
      indexability: 'Blocked',
    };
    render(<CrawlerMatrix rows={[googlebot, open, blockedBing]} selected="Googlebot" onSelect={vi.fn()} />);
    const head = screen.getAllByTestId('matrix-group')[0]?.querySelector('.matrix-group-head')?.textContent ?? '';
    expect(head).toMatch(/^✓ 2 crawlers: allowed, no rule matches this URL\. Googlebot, GPTBot\./);
    expect(head).not.toContain('Indexable');
    // A blocked search crawler says Blocked once (its verdict), not again as its index word.
    const bingRow = screen.getAllByTestId('matrix-row').find((r) => r.dataset.crawler === 'bingbot') as HTMLElement;
    expect(bingRow.textContent?.match(/Blocked/g)).toHaveLength(1);
    expect(bingRow.querySelector('.matrix-indexable')).toBeNull();
  });

  it('switches the Use column’s purpose', () => {
    render(<CrawlerMatrix rows={ROWS} selected="Googlebot" onSelect={vi.fn()} />);
    expect(screen.getAllByTestId('matrix-use')[0]?.textContent).toBe('AI training: no statement');
    fireEvent.click(
      screen.getAllByTestId('matrix-use-purpose').find((b) => b.dataset.purpose === 'search') as HTMLElement,
    );
    expect(screen.getAllByTestId('matrix-use')[0]?.textContent).toBe('Search: no statement');
  });
});
