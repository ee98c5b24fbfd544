import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../entrypoints/popup/App';
import { createPopupState } from '../../../entrypoints/popup/state';
import { BLOCKED_ROBOTS, createFakeClient, createFakePlatform, inspected, okOutcome } from '../popup/fakes';

afterEach(cleanup);

describe('the popup’s Open in side panel button', () => {
  it('opens the panel from the click, and says so when the browser refuses', async () => {
    const openSidePanel = vi.fn(async () => {});
    const platform = { ...createFakePlatform(), openSidePanel };
    render(
      <App state={createPopupState({ client: createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS))), platform })} />,
    );
    const button = await screen.findByRole('button', { name: 'Open in side panel' });
    fireEvent.click(button);
    // Called within the click itself: the browser opens a panel only inside a user action.
    expect(openSidePanel).toHaveBeenCalledTimes(1);
    openSidePanel.mockRejectedValueOnce(
      new Error('sidePanel.open() may only be called in response to a user gesture.'),
    );
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not open the side panel: sidePanel.open() may only be called in response to a user gesture.',
    );
  });

  it('is not offered where there is no panel to open', async () => {
    render(
      <App
        state={createPopupState({
          client: createFakeClient(inspected(okOutcome(BLOCKED_ROBOTS))),
          platform: createFakePlatform(),
        })}
      />,
    );
    await screen.findByRole('button', { name: 'Copy report' });
    expect(screen.queryByRole('button', { name: 'Open in side panel' })).toBeNull();
  });
});
