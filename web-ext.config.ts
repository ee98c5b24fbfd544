import { defineWebExtConfig } from 'wxt';
import { chromiumDevArgs, findChromium } from './tests/support/chromium';

// `npm run dev` (tests/support/dev.ts) starts the demo site, then `wxt`, which opens Chromium with
// the extension loaded and the demo's index page. Headless when there is no display.
const chromium = findChromium();

export default defineWebExtConfig({
  ...(chromium ? { binaries: { chrome: chromium } } : {}),
  chromiumArgs: chromiumDevArgs({ headless: !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY }),
  startUrls: [process.env.ROBOTSCOPE_START_URL ?? 'http://127.0.0.1:4780/'],
});
