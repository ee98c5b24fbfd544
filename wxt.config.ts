import preact from '@preact/preset-vite';
import { defineConfig, type EntrypointGroup } from 'wxt';
import { noInnerHtml } from './build/no-inner-html';
import { OPEN_PANEL_COMMAND } from './entrypoints/background/panel/opening';

/**
 * Returns the groups with the popup built on its own step. Built with the options page, the two
 * share a chunk; on its own the popup is one file, which gzips smaller than two (its JS budget is
 * 30 KB gzipped: tests/e2e/popup-size.test.ts) and costs one request.
 */
function buildPopupAlone(groups: EntrypointGroup[]): void {
  for (const group of groups) {
    if (!Array.isArray(group) || group.length < 2) continue;
    const index = group.findIndex((entry) => entry.type === 'popup');
    if (index < 0) continue;
    groups.push(group.splice(index, 1));
    return;
  }
}

// See README.md § Permissions for why each one is asked for.
export default defineConfig({
  // Every name is imported where it is used: no global `browser`, `storage` or helpers.
  imports: false,
  hooks: {
    'entrypoints:grouped': (_wxt, groups) => buildPopupAlone(groups),
  },
  vite: () => ({
    // No innerHTML in the output: addons.mozilla.org's linter flags Preact's raw-HTML branch.
    plugins: [preact(), noInnerHtml()],
    build: {
      // Chrome and Firefox (115+) preload modules themselves: the polyfill would only add weight.
      modulePreload: { polyfill: false },
    },
  }),
  manifest: ({ browser }) => ({
    name: 'Robotscope — robots.txt inspector',
    short_name: 'Robotscope',
    description:
      'See whether Googlebot, Bingbot, GPTBot or any crawler may fetch this page, and which robots.txt line decided it.',
    // webRequestBlocking (Firefox MV2 only): cancel the rest of a redirect chain the fetch policy
    // stopped, and set the probe's User-Agent on the extension's own requests.
    // declarativeNetRequestWithHostAccess (Chrome only): the probe's User-Agent, by a session rule
    // scoped to the extension's own requests; no install warning beyond host access.
    permissions: [
      'storage',
      'tabs',
      'webRequest',
      'alarms',
      ...(browser === 'firefox' ? ['webRequestBlocking'] : ['declarativeNetRequestWithHostAccess']),
    ],
    // Asked for when the user watches a first site, never at install.
    optional_permissions: ['notifications'],
    host_permissions: ['<all_urls>'],
    action: {
      default_title: 'Robotscope: inspect robots.txt',
    },
    // The side panel's shortcut. Firefox opens its sidebar on `_execute_sidebar_action` itself;
    // Chrome's worker opens the panel on the command (entrypoints/background/panel/opening.ts).
    commands: {
      [browser === 'firefox' ? '_execute_sidebar_action' : OPEN_PANEL_COMMAND]: {
        suggested_key: { default: 'Alt+Shift+R' },
        description: 'Open the side panel that follows the active tab',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'robotscope@robotscope.dev',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
