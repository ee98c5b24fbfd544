import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrawlerMatrix } from '../../../components/popup/CrawlerMatrix';
import { evaluateMatrix, readPageRobots } from '../../../entrypoints/popup/engine';
import { CRAWLER_PARSERS } from '../../../lib/lens/crawler-parsers';
import { LENS_PROFILES } from '../../../lib/lens';
import { inspected, okOutcome } from './fakes';

// The all-crawlers matrix marks a crawler whose operator is reported to run another parser stack
// (docs/semantics/lens.md §6.1: CCBot, "a Nutch-based crawler", confidence L), worded with its uncertainty
// and date; no other crawler is marked, because the spec names no other (§9).

afterEach(cleanup);

function matrixOf(robots: string) {
  const inspection = inspected(okOutcome(robots), '/page.html');
  return evaluateMatrix(readPageRobots(inspection), inspection.pageUrl);
}

describe('the matrix’s parser marks', () => {
  it('marks CCBot alone, with crawler-commons, its uncertainty and its date', () => {
    const rows = matrixOf('User-agent: *\nDisallow: /private/\n');
    const marked = rows.filter((r) => r.parser !== undefined);
    expect(marked.map((r) => r.crawler.token)).toEqual(['CCBot']);
    expect(marked[0]?.parser).toEqual({
      profile: 'crawler-commons',
      text: 'Reported, not verified, to run a Nutch-based crawler, whose robots.txt parser is crawler-commons (as of 2026-08-21): it may read this file differently from Google; see Other crawler stacks.',
    });
    render(<CrawlerMatrix rows={rows} selected="Googlebot" onSelect={vi.fn()} />);
    const marks = screen.getAllByTestId('matrix-parser');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.closest('[data-testid=matrix-row]')?.getAttribute('data-crawler')).toBe('CCBot');
    expect(marks[0]?.dataset.profile).toBe('crawler-commons');
  });

  it('names only lenses that exist, each claim with its source and date', () => {
    for (const p of CRAWLER_PARSERS) {
      expect(LENS_PROFILES).toContain(p.profile);
      expect(p.source).toMatch(/docs\/semantics\/lens\.md §/);
      expect(p.asOf).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
  });
});
