import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Three kinds of test (see README.md § Tests):
// - unit/lib: lib/ in plain Node, proving it needs no browser;
// - unit/dom: entrypoints and components in happy-dom with WXT's fake browser;
// - e2e: the built extension in real Chromium against servers on 127.0.0.1;
// - e2e-firefox: the built add-on in real Firefox (puppeteer-core over WebDriver BiDi), one
//   Firefox per test file.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'lib',
          include: ['tests/lib/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [WxtVitest(), preact()],
        test: {
          name: 'dom',
          include: ['tests/{entrypoints,components}/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-firefox',
          include: ['tests/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
