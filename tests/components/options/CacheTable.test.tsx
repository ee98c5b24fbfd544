import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, formatDuration } from '../../../components/format';
import { CacheFigures } from '../../../components/options/CacheFigures';
import { CacheTable } from '../../../components/options/CacheTable';
import { formatOutcome } from '../../../components/options/format';
import type { CacheEntrySummary, CacheStats } from '../../../lib/cache';
import { HOUR, MINUTE } from '../../../lib/fetch/constants';

afterEach(cleanup);

const NOW = Date.UTC(2025, 0, 2);
const entry = (over: Partial<CacheEntrySummary>): CacheEntrySummary => ({
  origin: 'https://a.test',
  outcomeKind: 'ok',
  status: 200,
  fetchedAt: NOW - 5 * MINUTE,
  expiresAt: NOW + 23 * HOUR,
  bytes: 2048,
  hits: 3,
  ...over,
});

function setup(entries: CacheEntrySummary[], busy: ReadonlySet<string> = new Set()) {
  const onRefresh = vi.fn();
  const onClear = vi.fn();
  render(<CacheTable entries={entries} now={NOW} busy={busy} onRefresh={onRefresh} onClear={onClear} />);
  return { onRefresh, onClear };
}

describe('CacheTable', () => {
  it('lists each origin with outcome, effect, age, size and times served from cache', () => {
    setup([
      entry({}),
      entry({ origin: 'https://gone.test', outcomeKind: 'unavailable', status: 404, hits: 1, bytes: 300 }),
      entry({
        origin: 'https://down.test',
        outcomeKind: 'unreachable',
        status: null,
        hits: 0,
        fetchedAt: NOW - 2 * HOUR,
        expiresAt: NOW - HOUR,
      }),
    ]);
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toMatch(/https:\/\/a\.test.*robots\.txt \(HTTP 200\).*rules apply.*5 min.*2\.0 KiB.*3 times/);
    expect(rows[1]).toMatch(/https:\/\/gone\.test.*No robots\.txt \(HTTP 404\).*all allowed.*300 B.*1 time/);
    expect(rows[2]).toMatch(
      /https:\/\/down\.test.*Unreachable \(no answer\).*all disallowed.*2 h \(expired\).*0 times/,
    );
  });

  it('refreshes and clears one origin through labelled buttons', () => {
    const { onRefresh, onClear } = setup([entry({}), entry({ origin: 'https://b.test' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Fetch robots.txt again for https://b.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear https://a.test' }));
    expect(onRefresh).toHaveBeenCalledWith('https://b.test');
    expect(onClear).toHaveBeenCalledWith('https://a.test');
  });

  it('disables the buttons of an origin being refreshed and says so', () => {
    setup([entry({})], new Set(['https://a.test']));
    const row = screen.getByRole('row', { name: /a\.test/ });
    expect(within(row).getByRole('button', { name: 'Fetch robots.txt again for https://a.test' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(row.textContent).toContain('Fetching robots.txt…');
  });

  it('says when nothing is cached', () => {
    setup([]);
    expect(screen.getByTestId('cache-empty').textContent).toMatch(/Nothing cached yet/);
  });

  it('shows an origin as text, never as markup', () => {
    setup([entry({ origin: 'https://x.test<img src=x onerror=alert(1)>' })]);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('rowheader').textContent).toBe('https://x.test<img src=x onerror=alert(1)>');
  });
});

describe('CacheFigures', () => {
  const stats = (over: Partial<CacheStats>): CacheStats => ({
    entries: 2,
    bytes: 3 * 1024,
    maxEntries: 200,
    maxBytes: 4 * 1024 * 1024,
    hits: 3,
    misses: 1,
    fetches: 4,
    fetchSuccesses: 3,
    ...over,
  });

  it('shows entries and bytes against their bounds, hit rate and fetch success rate', () => {
    render(<CacheFigures stats={stats({})} />);
    expect(screen.getByTestId('figure-entries').textContent).toBe('2 of 200');
    expect(screen.getByTestId('figure-bytes').textContent).toBe('3.0 KiB of 4.0 MiB');
    expect(screen.getByTestId('figure-hit-rate').textContent).toBe('75 %');
    expect(screen.getByTestId('figure-success-rate').textContent).toBe('75 %');
  });

  it('shows a dash for rates with nothing counted', () => {
    render(<CacheFigures stats={stats({ hits: 0, misses: 0, fetches: 0, fetchSuccesses: 0 })} />);
    expect(screen.getByTestId('figure-hit-rate').textContent).toBe('—');
    expect(screen.getByTestId('figure-success-rate').textContent).toBe('—');
  });
});

describe('format', () => {
  it.each([
    [0, 'just now'],
    [45_000, '45 s'],
    [5 * MINUTE, '5 min'],
    [3 * HOUR + 10 * MINUTE, '3 h 10 min'],
    [2 * HOUR, '2 h'],
    [26 * HOUR, '1 day'],
    [72 * HOUR, '3 days'],
  ])('formats an age of %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [512, '512 B'],
    [2048, '2.0 KiB'],
    [512_000, '500.0 KiB'],
    [3 * 1024 * 1024, '3.0 MiB'],
  ])('formats %i bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('names a redirect failure without a status (an entry indexed before causes were kept)', () => {
    expect(formatOutcome({ outcomeKind: 'unavailable', status: null })).toBe('No robots.txt (redirects)');
  });

  it.each([
    {
      entry: { outcomeKind: 'unavailable', status: 301, cause: 'redirect-loop' },
      text: 'No robots.txt (redirect loop)',
    },
    {
      entry: { outcomeKind: 'unavailable', status: 302, cause: 'too-many-redirects' },
      text: 'No robots.txt (too many redirects)',
    },
    { entry: { outcomeKind: 'unavailable', status: 404, cause: 'client-error' }, text: 'No robots.txt (HTTP 404)' },
    { entry: { outcomeKind: 'unreachable', status: null, cause: 'timeout' }, text: 'Unreachable (timed out)' },
    {
      entry: { outcomeKind: 'unreachable', status: null, cause: 'network-error' },
      text: 'Unreachable (network error)',
    },
    { entry: { outcomeKind: 'unreachable', status: 503, cause: 'server-error' }, text: 'Unreachable (HTTP 503)' },
    { entry: { outcomeKind: 'ok', status: 200, cause: null }, text: 'robots.txt (HTTP 200)' },
  ] as const)('says $text, telling a redirect loop from too many redirects', ({ entry, text }) => {
    expect(formatOutcome(entry)).toBe(text);
  });
});
