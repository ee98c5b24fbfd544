import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryView, type HistoryViewProps, visibleDiffRows } from '../../../components/history/HistoryView';
import type { VersionMeta } from '../../../lib/history/api';
import { diffVersions } from '../../../lib/shared/version-diff';
import { prepareVersion, verdictChanges } from '../../../lib/history/verdicts';

afterEach(cleanup);

const V1: VersionMeta = { seq: 1, firstSeen: 1000, lastSeen: 2000, status: '200', outcome: 'ok', size: 30, hash: 'a' };
const V2: VersionMeta = {
  seq: 2,
  firstSeen: 3000,
  lastSeen: 3000,
  status: '503',
  outcome: 'unreachable',
  size: 0,
  hash: 'b',
};
const V3: VersionMeta = { seq: 3, firstSeen: 4000, lastSeen: 5000, status: '200', outcome: 'ok', size: 45, hash: 'c' };
const OLD = 'User-agent: *\nDisallow: /tmp/\n';
const NEW = 'User-agent: *\nDisallow: /tmp/\nDisallow: /private/\n';
const URL_ = 'https://example.com/private/page.html';

function props(over: Partial<HistoryViewProps> = {}): HistoryViewProps {
  return {
    origin: 'https://example.com',
    pageUrl: URL_,
    versions: [V3, V2, V1],
    selection: { from: 1, to: 3 },
    comparison: {
      kind: 'ready',
      from: V1,
      to: V3,
      diff: diffVersions(OLD, NEW),
      verdicts: verdictChanges(prepareVersion({ outcome: 'ok' }, OLD), prepareVersion({ outcome: 'ok' }, NEW), URL_, [
        'Googlebot',
        'GPTBot',
      ]),
      crawlers: 2,
    },
    message: null,
    onSelect: vi.fn(),
    onDownload: vi.fn(),
    onDraft: vi.fn(),
    formatTime: (ms) => `t${ms}`,
    ...over,
  };
}

describe('HistoryView', () => {
  it('lists the versions newest first with their status, and a 503 says what it means', () => {
    render(<HistoryView {...props()} />);
    const rows = screen.getAllByTestId('history-version');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['200', '503', '200']);
    expect(rows[1]?.textContent).toContain('HTTP 503: unreachable, everything blocked');
    expect(rows[2]?.textContent).toContain('t1000');
  });

  it('shows the diff with the added line and the verdict changes for the page', () => {
    render(<HistoryView {...props()} />);
    const diff = screen.getByTestId('history-diff');
    expect(diff.textContent).toContain('1 added, 0 removed');
    expect(diff.textContent).toContain('+added: Disallow: /private/');
    expect(screen.getAllByTestId('history-verdict-change').map((li) => li.textContent)).toEqual([
      // Grouped as the workbench groups: both changed alike, by the same line.
      '2 crawlers (Googlebot and GPTBot): Allowed → Blocked (line 3: Disallow: /private/)',
    ]);
  });

  it('hands picks, downloads and drafts to its callbacks; a 503 cannot start a draft', () => {
    const p = props();
    render(<HistoryView {...p} />);
    const rows = screen.getAllByTestId('history-version');
    fireEvent.click(rows[1]!.querySelector('input[name=from]')!);
    expect(p.onSelect).toHaveBeenCalledWith('from', 2);
    fireEvent.click(screen.getAllByText('Download')[0]!);
    expect(p.onDownload).toHaveBeenCalledWith(3);
    const drafts = screen.getAllByText<HTMLButtonElement>('Start a draft');
    expect(drafts.map((b) => b.disabled)).toEqual([false, true, false]);
    fireEvent.click(drafts[2]!);
    expect(p.onDraft).toHaveBeenCalledWith(1);
  });

  it('says so when nothing is kept, and when two versions are too different to diff', () => {
    render(<HistoryView {...props({ versions: [], comparison: { kind: 'none' } })} />);
    expect(document.body.textContent).toContain('No version is kept for this site yet.');
    cleanup();
    const ready = props().comparison;
    if (ready.kind !== 'ready') throw new Error('expected a ready comparison');
    render(
      <HistoryView
        {...props({ comparison: { ...ready, diff: { kind: 'too-different', oldLines: 9, newLines: 8 } } })}
      />,
    );
    expect(screen.getByTestId('history-diff').textContent).toContain('too many lines');
  });

  it('shows changes with three lines of context and counts the rest', () => {
    const old = Array.from({ length: 20 }, (_, i) => `L${i}`).join('\n');
    const diff = diffVersions(old, old.replace('L10', 'X10'));
    if (diff.kind !== 'lines') throw new Error('expected a line diff');
    const rows = visibleDiffRows(diff.lines);
    expect(rows.map((r) => (r.kind === 'gap' ? `gap ${r.count}` : `${r.kind} ${r.text}`))).toEqual([
      'gap 7',
      'same L7',
      'same L8',
      'same L9',
      'removed L10',
      'added X10',
      'same L11',
      'same L12',
      'same L13',
      'gap 6',
    ]);
  });
});
