import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangedSince, HistoryActions } from '../../../components/popup/ChangedSince';
import { CdnMergeNote, ContentSignals, ManagedBlocksNote } from '../../../components/popup/ContentSignals';
import { FileView } from '../../../components/popup/FileView';
import { splitBodyLines } from '../../../lib/fetch/body';
import { findContentSignals } from '../../../lib/directives/content-signals';
import { findManagedBlocks, managedLineSet } from '../../../lib/directives/managed-blocks';
import { DAY } from '../../../lib/fetch/constants';
import type { ChangedSinceReply } from '../../../lib/history/api';

afterEach(cleanup);

const NOW = Date.UTC(2026, 0, 10);
const SUMMARY: ChangedSinceReply = {
  origin: 'https://example.com',
  changedAt: NOW - 3 * DAY,
  from: { seq: 1, status: '200' },
  to: { seq: 2, status: '200' },
  lines: { added: 2, removed: 1 },
  verdicts: [
    {
      token: 'Googlebot',
      name: 'Googlebot',
      before: { allowed: true, basis: 'rules', line: null, rule: null },
      after: { allowed: false, basis: 'rules', line: 3, rule: 'Disallow: /private/' },
    },
  ],
  url: 'https://example.com/private/page.html',
  crawlerNow: '',
};

const MANAGED =
  '# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n# END Cloudflare Managed Content\nUser-agent: *\nContent-Usage: train-ai=n\nContent-Signal: ai-train\nDisallow: /x\n';

describe('ChangedSince', () => {
  it('says when and what changed, and the verdict change, linking to the history', () => {
    const open = vi.fn();
    render(<ChangedSince summary={SUMMARY} now={NOW} onOpenHistory={open} />);
    expect(screen.getByTestId('changed-since').textContent).toBe(
      "robots.txt changed 3 days ago: 2 lines added, 1 removed · Googlebot's verdict for this page went from Allowed to Blocked See the history",
    );
    fireEvent.click(screen.getByText('See the history'));
    expect(open).toHaveBeenCalledOnce();
  });

  it('names a status change instead of line counts', () => {
    render(
      <ChangedSince
        summary={{ ...SUMMARY, to: { seq: 2, status: '503' }, lines: null, verdicts: [] }}
        now={SUMMARY.changedAt}
        onOpenHistory={() => {}}
      />,
    );
    expect(screen.getByTestId('changed-since').textContent).toContain(
      'robots.txt changed just now: it answered 503 (was 200)',
    );
  });
});

describe('ChangedSince: what crawlers are using now', () => {
  const crawlerNow = 'Googlebot may still be using version #1 until 11 January 2026, 09:00 at the latest.';

  it('adds what crawlers are using now, as the worker worded it, to the notice', () => {
    render(<ChangedSince summary={{ ...SUMMARY, crawlerNow }} now={NOW} onOpenHistory={() => {}} />);
    expect(screen.getByTestId('crawler-now').textContent).toBe(`What crawlers are using now: ${crawlerNow}`);
    expect(screen.getByTestId('changed-since').contains(screen.getByTestId('crawler-now'))).toBe(true);
  });

  it('says nothing about crawlers when the worker had nothing to say', () => {
    render(<ChangedSince summary={SUMMARY} now={NOW} onOpenHistory={() => {}} />);
    expect(screen.queryByTestId('crawler-now')).toBeNull();
  });
});

describe('HistoryActions', () => {
  it('refetches, toggles the watch and opens the history through its callbacks', () => {
    const calls = { refresh: vi.fn(), watch: vi.fn(), open: vi.fn() };
    render(
      <HistoryActions
        refreshing={false}
        watched={false}
        onRefresh={calls.refresh}
        onToggleWatch={calls.watch}
        onOpenHistory={calls.open}
      />,
    );
    fireEvent.click(screen.getByTestId('refresh'));
    fireEvent.click(screen.getByTestId('watch'));
    fireEvent.click(screen.getByTestId('open-history'));
    expect([calls.refresh, calls.watch, calls.open].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('disables refetch while refreshing and the watch until it is known', () => {
    render(
      <HistoryActions
        refreshing
        watched={null}
        onRefresh={() => {}}
        onToggleWatch={() => {}}
        onOpenHistory={() => {}}
      />,
    );
    expect(screen.getByTestId<HTMLButtonElement>('refresh').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('watch').disabled).toBe(true);
  });
});

describe('CDN lines and content signals', () => {
  const blocks = findManagedBlocks(MANAGED);

  it('marks the CDN-managed lines of the file view, and only those', () => {
    const file = {
      lines: splitBodyLines(MANAGED).map((t, i) => ({ n: i + 1, text: t, diagnostics: [] })),
      truncated: false,
      size: `${MANAGED.length} B`,
    };
    render(<FileView file={file} marks={{ decidingLine: 0, groupRanges: [] }} cdnLines={managedLineSet(blocks)} />);
    const cdn = [...document.querySelectorAll('[data-testid=file-line][data-cdn=true]')].map((e) =>
      e.getAttribute('data-line'),
    );
    expect(cdn).toEqual(['1', '2', '3', '4', '5']);
    render(<ManagedBlocksNote blocks={blocks} />);
    expect(screen.getByTestId('cdn-block').textContent).toContain('Lines 1–5 were added by Cloudflare');
  });

  it('explains each signal line, names the CDN for its own, flags the malformed one and says matching is unaffected', () => {
    render(<ContentSignals lines={findContentSignals(MANAGED)} blocks={blocks} />);
    const items = screen.getAllByTestId('content-signal');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Line 3, Content-Signal for User-agent: * (added by Cloudflare):');
    expect(items[0]?.textContent).toContain('not allowed: training or fine-tuning AI models');
    expect(items[1]?.textContent).toContain('Content-Usage for User-agent: *');
    expect(items[2]?.getAttribute('data-malformed')).toBe('true');
    expect(items[2]?.textContent).toContain('Malformed: "ai-train" is not key=value.');
    expect(document.body.textContent).toContain('do not change which URLs may be fetched');
    expect(document.body.textContent).toContain('no crawler operator documents honouring them');
  });

  it('names the CDN where its group and the site own merge', () => {
    render(<CdnMergeNote merge={{ vendor: 'Cloudflare', cdnGroups: [[2, 4]], ownGroups: [[6, 9]] }} />);
    expect(screen.getByTestId('cdn-merge').textContent).toContain('lines 2–4 were added by Cloudflare (your CDN)');
  });
});
