import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultFilters } from '../../../components/workbench/ResultFilters';
import { ResultTable } from '../../../components/workbench/ResultTable';
import { SignalsPanel } from '../../../components/workbench/SignalsPanel';
import { SignalsRowDetail } from '../../../components/workbench/SignalsRowDetail';
import { LENS_PROFILES } from '../../../lib/lens';
import {
  createSideColumns,
  describeUseChange,
  listCrawlers,
  USE_DISALLOWED,
  USE_NO_STATEMENT,
} from '../../../lib/workbench';

afterEach(cleanup);

const CRAWLERS = listCrawlers();
const indexOf = (token: string) => CRAWLERS.findIndex((c) => c.token === token);
const [GPT, CLAUDE, GOOGLE] = [indexOf('GPTBot'), indexOf('ClaudeBot'), indexOf('Googlebot')];

const bit = (p: (typeof LENS_PROFILES)[number]) => 1 << LENS_PROFILES.indexOf(p);

describe('SignalsPanel', () => {
  it('offers each part, says the Use answers come from robots.txt only, and computes nothing by itself', () => {
    const onShow = vi.fn();
    render(
      <SignalsPanel
        usePhase={{ kind: 'off' }}
        lensPhase={{ kind: 'off' }}
        useLines={[]}
        crawlers={CRAWLERS}
        lensSummary={null}
        onShow={onShow}
        onStop={vi.fn()}
      />,
    );
    expect(screen.getByTestId('use-note').textContent).toBe(
      'From robots.txt only; page headers and meta are not read for a URL set.',
    );
    expect(onShow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('show-use'));
    fireEvent.click(screen.getByTestId('show-lens'));
    expect(onShow.mock.calls).toEqual([['use'], ['lens']]);
  });

  it('shows progress while running (with Stop), then the changes in words', () => {
    const onStop = vi.fn();
    const { rerender } = render(
      <SignalsPanel
        usePhase={{ kind: 'running', done: 1200, total: 4000 }}
        lensPhase={{ kind: 'off' }}
        useLines={[]}
        crawlers={CRAWLERS}
        lensSummary={null}
        onShow={vi.fn()}
        onStop={onStop}
      />,
    );
    expect(screen.getByTestId('use-status').textContent).toBe('Use answers read: 1,200 of 4,000 URL evaluations… Stop');
    fireEvent.click(screen.getByTestId('use-status-stop'));
    expect(onStop).toHaveBeenCalledWith('use');
    rerender(
      <SignalsPanel
        usePhase={{ kind: 'ready', elapsedMs: 12 }}
        lensPhase={{ kind: 'ready', elapsedMs: 40 }}
        useLines={[
          {
            members: [GPT, CLAUDE],
            parts: [{ purposes: ['ai-train'], wasBlocked: false, to: USE_DISALLOWED, count: 1204 }],
          },
          {
            members: [GOOGLE],
            parts: [{ purposes: ['search', 'ai-input', 'ai-train'], wasBlocked: true, to: USE_NO_STATEMENT, count: 1 }],
          },
        ]}
        crawlers={CRAWLERS}
        lensSummary={{
          lines: [{ kind: 'fixes', count: 12, profiles: ['py-legacy', 'protego'], crawlers: ['GPTBot'] }],
          divergentLive: 14,
          divergentDraft: 2,
        }}
        onShow={vi.fn()}
        onStop={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('show-use')).toBeNull();
    // Grouped as the verdict summary groups: one line per group, each count said once.
    expect(screen.getAllByTestId('use-change').map((li) => li.textContent)).toEqual([
      'Use for 2 crawlers (GPTBot and ClaudeBot): AI training becomes disallowed for 1,204 URLs.',
      'Use for Googlebot: Search, AI input / grounding and AI training have no statement on 1 URL the draft unblocks.',
    ]);
    // The same words as the library's sentence (describeUseChange).
    const groups = [
      {
        members: [GPT, CLAUDE],
        parts: [{ purposes: ['ai-train' as const], wasBlocked: false, to: USE_DISALLOWED, count: 1204 }],
      },
    ] as const;
    expect(screen.getAllByTestId('use-change')[0]?.textContent).toBe(describeUseChange(groups[0], CRAWLERS));
    expect(screen.getAllByTestId('use-change-part').map((p) => [p.dataset.purposes, p.dataset.count])).toEqual([
      ['ai-train', '1204'],
      ['search ai-input ai-train', '1'],
    ]);
    expect(screen.getByTestId('lens-change').textContent).toBe(
      'The draft fixes the divergence for 12 URLs (Python before 3.13.14 and 3.14.5, Scrapy (Protego)) for GPTBot.',
    );
    expect(screen.getByTestId('lens-counts').textContent).toBe(
      'Parsers disagree with Google on 14 URLs with the live file and on 2 with the draft.',
    );
  });

  it('says when the draft changes nothing', () => {
    render(
      <SignalsPanel
        usePhase={{ kind: 'ready', elapsedMs: 1 }}
        lensPhase={{ kind: 'ready', elapsedMs: 1 }}
        useLines={[]}
        crawlers={CRAWLERS}
        lensSummary={{ lines: [], divergentLive: 0, divergentDraft: 0 }}
        onShow={vi.fn()}
        onStop={vi.fn()}
      />,
    );
    expect(screen.getByTestId('use-none').textContent).toBe('The draft changes no Use answer.');
    expect(screen.getByTestId('lens-none')).toBeTruthy();
  });
});

describe('the parsers-disagree filter, row mark and row detail', () => {
  it('ResultFilters offers the filter only when asked to, and reports the side picked', () => {
    const onDisagree = vi.fn();
    const props = {
      filter: { changedOnly: false, blockedOnly: false, crawler: null },
      order: { by: 'url' as const, descending: false },
      crawlerNames: ['GPTBot'],
      shown: 1,
      total: 1,
      onFilter: vi.fn(),
      onOrder: vi.fn(),
      onExport: vi.fn(),
    };
    const { rerender } = render(<ResultFilters {...props} />);
    expect(screen.queryByTestId('filter-parsers')).toBeNull();
    rerender(<ResultFilters {...props} disagree="off" onDisagree={onDisagree} />);
    fireEvent.change(screen.getByTestId('filter-parsers'), { target: { value: 'either' } });
    expect(onDisagree).toHaveBeenCalledWith('either');
  });

  it('ResultTable marks a row where a parser differs and names the parsers per side', () => {
    const live = createSideColumns(2);
    const draft = createSideColumns(2);
    const lens = { live: Uint8Array.of(bit('py-legacy'), 0), draft: Uint8Array.of(0, 0) };
    render(
      <ResultTable
        rows={Uint32Array.of(0, 1)}
        urls={['https://e.com/a', 'https://e.com/b']}
        tokens={['GPTBot']}
        live={live}
        draft={draft}
        selected={null}
        onSelect={vi.fn()}
        onCopyRow={vi.fn()}
        signals={{ use: null, lens }}
      />,
    );
    const rows = screen.getAllByTestId('result-row');
    expect(rows.map((r) => [r.dataset.parsersLive, r.dataset.parsersDraft])).toEqual([
      ['Python before 3.13.14 and 3.14.5', ''],
      ['', ''],
    ]);
    expect(rows[0]?.textContent).toContain('parsers differ');
    expect(rows[1]?.textContent).not.toContain('parsers differ');
  });

  it('SignalsRowDetail lists the Use answers live and draft, and the differing parsers', () => {
    const use = {
      live: Uint8Array.of(USE_NO_STATEMENT, USE_NO_STATEMENT, USE_NO_STATEMENT),
      draft: Uint8Array.of(USE_NO_STATEMENT, USE_NO_STATEMENT, USE_DISALLOWED),
    };
    const lens = { live: Uint8Array.of(bit('py-legacy') | bit('rfc9309')), draft: Uint8Array.of(0) };
    render(<SignalsRowDetail cell={0} url="https://e.com/blog/a" crawlerName="GPTBot" signals={{ use, lens }} />);
    const rows = screen.getAllByTestId('signals-row-use');
    expect(rows.map((r) => [r.dataset.purpose, r.className, r.textContent])).toEqual([
      ['search', '', 'Searchno statementno statement'],
      ['ai-input', '', 'AI input / groundingno statementno statement'],
      ['ai-train', 'changed', 'AI trainingno statementdisallowed'],
    ]);
    expect(screen.getByTestId('signals-row-lens').textContent).toBe(
      'Parsers that differ from Google: live file Python before 3.13.14 and 3.14.5; RFC 9309 strict; draft none.',
    );
  });
});
