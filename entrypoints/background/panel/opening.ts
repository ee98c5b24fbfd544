/**
 * How the side panel opens besides the popup's button: the keyboard shortcut, and the toolbar
 * button when the user's setting "Toolbar click opens" is the side panel. Chrome has
 * sidePanel.setPanelBehavior for the button and sidePanel.open for the shortcut; Firefox opens
 * its sidebar on the shortcut by itself (`_execute_sidebar_action`), and for the button the popup
 * is taken off the action so that a click reaches onClicked, which opens the sidebar.
 * Both browsers open a panel only in answer to the user: nothing is awaited before `open`.
 */
import type { ToolbarOpens } from '../../../lib/settings';

/** The manifest command that opens the side panel in Chrome (Firefox uses `_execute_sidebar_action`). */
export const OPEN_PANEL_COMMAND = 'open-side-panel';

/** The browser APIs this file uses (each absent where the browser has none). */
export interface PanelBrowser {
  readonly sidePanel?: {
    setPanelBehavior(behavior: { openPanelOnActionClick: boolean }): Promise<void>;
    open(options: { windowId: number }): Promise<void>;
  };
  readonly sidebarAction?: { open(): Promise<void> };
  /** Firefox MV2's toolbar button. */
  readonly browserAction?: {
    setPopup(details: { popup: string }): Promise<void>;
    readonly onClicked: { addListener(cb: () => void): void };
  };
  readonly commands?: {
    readonly onCommand: { addListener(cb: (command: string, tab?: { windowId?: number }) => void): void };
  };
}

export interface PanelOpening {
  /** Listens for the shortcut and (Firefox) the toolbar click; once, at the worker's start. */
  register(): void;
  /** Makes the toolbar button open what `opens` says. */
  apply(opens: ToolbarOpens): Promise<void>;
}

/** Logs a panel that would not open: the click or key press has no page to say it on. */
function logFailure(error: unknown): void {
  console.error('Robotscope: could not open the side panel', error);
}

/** Returns the side panel's opening for `browser`; `popup` is the action's popup page (restored when the setting is the popup). */
export function createPanelOpening(browser: PanelBrowser, popup: string): PanelOpening {
  return {
    register() {
      browser.commands?.onCommand.addListener((command, tab) => {
        if (command !== OPEN_PANEL_COMMAND || tab?.windowId === undefined) return;
        browser.sidePanel?.open({ windowId: tab.windowId }).catch(logFailure);
      });
      // Firefox: with the popup taken off, a click on the button comes here.
      if (browser.sidebarAction !== undefined)
        browser.browserAction?.onClicked.addListener(() => void browser.sidebarAction?.open().catch(logFailure));
    },
    async apply(opens) {
      const panel = opens === 'side-panel';
      if (browser.sidePanel !== undefined) await browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: panel });
      else if (browser.sidebarAction !== undefined)
        await browser.browserAction?.setPopup({ popup: panel ? '' : popup });
    },
  };
}
