import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryActions } from '../../../components/popup/ChangedSince';
import { formatEvery } from '../../../components/format';
import { findWordFaults } from '../../support/words-check';

afterEach(cleanup);

const noop = () => undefined;

describe('Watch this site, confirmed in place', () => {
  it('says the site and how often it is checked, and offers the options page for notifications', () => {
    const onOpenOptions = vi.fn();
    render(
      <HistoryActions
        refreshing={false}
        watched={true}
        watchNote={{ origin: 'https://example.com', everyMinutes: 360, notifications: false }}
        onRefresh={noop}
        onToggleWatch={noop}
        onOpenHistory={noop}
        onOpenOptions={onOpenOptions}
      />,
    );
    const note = screen.getByTestId('watch-note');
    expect(note.textContent).toMatch(/^Watching example\.com: checked every 6 hours\. Notifications are off/);
    expect(note.getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByTestId('watch-options'));
    expect(onOpenOptions).toHaveBeenCalledOnce();
    expect(findWordFaults(note.textContent ?? '')).toEqual([]);
  });

  it('says a change will be notified when notifications are on, and nothing once unwatched', () => {
    const props = {
      refreshing: false,
      watchNote: { origin: 'http://127.0.0.1:4780', everyMinutes: 90, notifications: true },
      onRefresh: noop,
      onToggleWatch: noop,
      onOpenHistory: noop,
    };
    const { rerender } = render(<HistoryActions {...props} watched={true} />);
    expect(screen.getByTestId('watch-note').textContent).toBe(
      'Watching 127.0.0.1:4780: checked every 1 h 30 min. A change will show as a notification.',
    );
    expect(screen.queryByTestId('watch-options')).toBeNull();
    rerender(<HistoryActions {...props} watched={false} />);
    expect(screen.queryByTestId('watch-note')).toBeNull();
  });

  it.each([
    [15, '15 minutes'],
    [60, '1 hour'],
    [360, '6 hours'],
    [90, '1 h 30 min'],
    [24 * 60, '1 day'],
    [7 * 24 * 60, '7 days'],
  ])('an interval of %d minutes is “%s”', (minutes, words) => {
    expect(formatEvery(minutes)).toBe(words);
  });
});
