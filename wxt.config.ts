import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// See README.md § Permissions for why each one is asked for.
export default defineConfig({
  vite: () => ({
    plugins: [preact()],
  }),
  manifest: ({ browser }) => ({
    name: 'Robotscope — robots.txt inspector',
    short_name: 'Robotscope',
    description:
      'See whether Googlebot, Bingbot, GPTBot or any crawler may fetch this page, and which robots.txt line decided it.',
    permissions: ['storage', 'tabs', 'webRequest'],
    host_permissions: ['<all_urls>'],
    action: {
      default_title: 'Robotscope: inspect robots.txt',
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
