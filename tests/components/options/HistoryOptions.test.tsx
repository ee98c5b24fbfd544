import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistorySettings } from '../../../components/options/HistorySettings';
import { WatchedSites, type WatchedSitesProps } from '../../../components/options/WatchedSites';
import { createOptionsHistoryState } from '../../../entrypoints/options/history-state';
import { createFakeHistoryClient } from '../../entrypoints/popup/fakes';

afterEach(cleanup);

const MIB = 1024 * 1024;
const USAGE = { origins: 3, versions: 7, bytes: 2 * MIB, maxVersions: 30, maxBytes: 50 * MIB };

describe('HistorySettings', () => {
  it('shows what is kept against the budget, and saves valid bounds only', () => {
    const onChange = vi.fn();
    render(<HistorySettings usage={USAGE} onChange={onChange} onClear={() => {}} />);
    expect(screen.getByTestId('history-versions').textContent).toBe('7');
    expect(screen.getByTestId('history-bytes').textContent).toBe('2.0 MiB of 50.0 MiB');
    const versions = screen.getByLabelText('Versions kept per site');
    fireEvent.change(versions, { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toMatch(/from 1 to 200/);
    fireEvent.change(versions, { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Storage for all versions (MiB)'), { target: { value: '8' } });
    expect(onChange.mock.calls).toEqual([[{ historyMaxVersions: 10 }], [{ historyMaxBytes: 8 * MIB }]]);
  });
});

describe('WatchedSites', () => {
  function props(over: Partial<WatchedSitesProps> = {}): WatchedSitesProps {
    return {
      sites: [
        {
          origin: 'https://a.test',
          since: 0,
          lastCheckAt: 1000,
          lastResult: 'Unchanged: answered 200.',
          lastStatus: '200',
        },
        { origin: 'https://b.test', since: 0, lastCheckAt: null, lastResult: null, lastStatus: null },
      ],
      now: 1000 + 5 * 60_000,
      crawlers: ['Googlebot'],
      presets: [
        { token: 'Googlebot', label: 'Googlebot' },
        { token: 'GPTBot', label: 'GPTBot' },
      ],
      checking: false,
      onWatch: vi.fn(),
      onUnwatch: vi.fn(),
      onCheckNow: vi.fn(),
      onCrawlers: vi.fn(),
      intervalMinutes: 360,
      onInterval: vi.fn(),
      historyHref: (o) => `/history.html?origin=${o}`,
      ...over,
    };
  }

  it('lists each site with its last check and result, and its history link', () => {
    render(<WatchedSites {...props()} />);
    expect(screen.getAllByTestId('watched-last-check').map((e) => e.textContent)).toEqual(['5 min ago', 'not yet']);
    expect(screen.getAllByTestId('watched-result').map((e) => e.textContent)).toEqual([
      'Unchanged: answered 200.',
      'Waiting for the first check.',
    ]);
    expect(screen.getByText('https://a.test').getAttribute('href')).toBe('/history.html?origin=https://a.test');
  });

  it('watches a typed site, refuses what is not one, and changes the crawlers named', () => {
    const p = props();
    render(<WatchedSites {...p} />);
    const field = screen.getByLabelText('Watch a site');
    fireEvent.input(field, { target: { value: 'mailto:x' } });
    fireEvent.click(screen.getByText('Watch'));
    expect(screen.getByRole('alert').textContent).toMatch(/Enter a site/);
    fireEvent.input(field, { target: { value: 'c.test/robots.txt' } });
    fireEvent.click(screen.getByText('Watch'));
    expect(p.onWatch).toHaveBeenCalledWith('https://c.test');
    fireEvent.click(screen.getByLabelText('GPTBot'));
    expect(p.onCrawlers).toHaveBeenCalledWith(['Googlebot', 'GPTBot']);
    const interval = screen.getByLabelText('Check every (hours)');
    fireEvent.change(interval, { target: { value: '0.1' } });
    expect(screen.getByRole('alert').textContent).toMatch(/from 0.25 to 168/);
    fireEvent.change(interval, { target: { value: '1.5' } });
    expect(p.onInterval).toHaveBeenCalledWith(90);
  });
});

describe('the options page history state', () => {
  it('asks for notifications on the first watch only, and says when they are refused', async () => {
    const client = createFakeHistoryClient();
    const requestNotifications = vi.fn(async () => false);
    const state = createOptionsHistoryState({
      client,
      platform: {
        requestNotifications,
        notificationsAllowed: vi.fn(async () => false),
      },
    });
    await state.load();
    await state.watch('https://a.test');
    expect(requestNotifications).toHaveBeenCalledOnce();
    expect(state.notice.value).toMatch(/Notifications were not allowed/);
    await state.watch('https://b.test');
    expect(requestNotifications).toHaveBeenCalledOnce();
    expect(state.watched.value.map((s) => s.origin)).toEqual(['https://a.test', 'https://b.test']);
    await state.unwatch('https://a.test');
    expect(state.watched.value.map((s) => s.origin)).toEqual(['https://b.test']);
  });

  it('turns notifications on from their own button, and knows when they already are', async () => {
    const requestNotifications = vi.fn(async () => true);
    const state = createOptionsHistoryState({
      client: createFakeHistoryClient(),
      platform: {
        requestNotifications,
        notificationsAllowed: vi.fn(async () => false),
      },
    });
    await state.load();
    expect(state.notifications.value).toBe(false);
    await state.enableNotifications();
    expect(requestNotifications).toHaveBeenCalledOnce();
    expect(state.notifications.value).toBe(true);
    // Already allowed: a first watch asks nothing more.
    await state.watch('https://a.test');
    expect(requestNotifications).toHaveBeenCalledOnce();
    expect(state.notice.value).toBeNull();
  });
});
