import { describe, expect, it, vi } from 'vitest';
import {
  createPanelOpening,
  OPEN_PANEL_COMMAND,
  type PanelBrowser,
} from '../../../entrypoints/background/panel/opening';

/** An event whose listeners the test calls. */
function fakeEvent<T extends (...args: never[]) => void>() {
  const listeners: T[] = [];
  return {
    addListener: (cb: T) => void listeners.push(cb),
    fire: (...args: Parameters<T>) => listeners.forEach((cb) => cb(...args)),
  };
}

function chromeLike() {
  const onCommand = fakeEvent<(command: string, tab?: { windowId?: number }) => void>();
  const sidePanel = { setPanelBehavior: vi.fn(async () => {}), open: vi.fn(async () => {}) };
  const browser: PanelBrowser = { sidePanel, commands: { onCommand } };
  return { browser, sidePanel, onCommand };
}

function firefoxLike() {
  const onClicked = fakeEvent<() => void>();
  const sidebarAction = { open: vi.fn(async () => {}) };
  const browserAction = { setPopup: vi.fn(async (_: { popup: string }) => {}), onClicked };
  const browser: PanelBrowser = { sidebarAction, browserAction };
  return { browser, sidebarAction, browserAction, onClicked };
}

describe('opening the side panel from the worker', () => {
  it('Chrome: the shortcut opens the panel in the window it was pressed in; other commands do nothing', () => {
    const chrome = chromeLike();
    createPanelOpening(chrome.browser, 'popup.html').register();
    chrome.onCommand.fire('something-else', { windowId: 3 });
    expect(chrome.sidePanel.open).not.toHaveBeenCalled();
    chrome.onCommand.fire(OPEN_PANEL_COMMAND, { windowId: 3 });
    expect(chrome.sidePanel.open).toHaveBeenCalledWith({ windowId: 3 });
  });

  it('Chrome: the setting turns the toolbar button’s panel behaviour on and off', async () => {
    const chrome = chromeLike();
    const opening = createPanelOpening(chrome.browser, 'popup.html');
    await opening.apply('side-panel');
    expect(chrome.sidePanel.setPanelBehavior).toHaveBeenLastCalledWith({ openPanelOnActionClick: true });
    await opening.apply('popup');
    expect(chrome.sidePanel.setPanelBehavior).toHaveBeenLastCalledWith({ openPanelOnActionClick: false });
  });

  it('Firefox: set to the side panel, the button has no popup and its click opens the sidebar; set back, the popup returns', async () => {
    const firefox = firefoxLike();
    const opening = createPanelOpening(firefox.browser, 'popup.html');
    opening.register();
    await opening.apply('side-panel');
    expect(firefox.browserAction.setPopup).toHaveBeenLastCalledWith({ popup: '' });
    firefox.onClicked.fire();
    expect(firefox.sidebarAction.open).toHaveBeenCalledTimes(1);
    await opening.apply('popup');
    expect(firefox.browserAction.setPopup).toHaveBeenLastCalledWith({ popup: 'popup.html' });
  });
});
