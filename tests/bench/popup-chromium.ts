/**
 * `npm run bench:popup`: click to verdict in real Chromium, robots.txt cached. Builds nothing: run
 * `npx wxt build` first. For a typical file (the demo's `specific` origin) and for the demo's
 * 500 KiB file (`large`), clicks the toolbar icon once to fill the cache, then five times more and
 * prints each popup's `data-ready-ms` (popup navigation start → first verdict painted) and the
 * median. A measurement, not a test: the figures depend on the machine and its load.
 */

import { loadavg } from 'node:os';
import { startDemoSite } from '../support/demo-site';
import { launchExtension } from '../support/harness';
import { waitForInspection } from '../support/popup-page';
import { waitForText } from '../support/wait';

const RUNS = 5;
const SETTLED = /Allowed|Blocked|does not apply/;

const CASES = [
  { name: 'typical file (demo `specific`, cached)', site: 'specific', path: '/search?q=robots', targetMs: 50 },
  { name: '500 KiB file (demo `large`, cached)', site: 'large', path: '/archive/2007/item-7/', targetMs: 100 },
] as const;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const demo = await startDemoSite();
const harness = await launchExtension();
const lines: string[] = [];
try {
  for (const c of CASES) {
    const { page } = await harness.openPage(`${demo.sites[c.site].origin}${c.path}`);
    const first = await harness.clickAction(page);
    await waitForInspection(first, SETTLED, 60_000);
    await first.close();
    const readyMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const popup = await harness.clickAction(page);
      await waitForInspection(popup, SETTLED, 60_000);
      const fetchText = (await popup.text('#fetch')) ?? '';
      if (!fetchText.includes('from the cache')) throw new Error(`${c.name}: robots.txt was not served from the cache`);
      const ready = await waitForText(
        'data-ready-ms',
        () => popup.evaluate(() => document.querySelector('.app')?.getAttribute('data-ready-ms') ?? null),
        /^\d+$/,
      );
      readyMs.push(Number(ready));
      await popup.close();
    }
    await page.close();
    const m = median(readyMs);
    lines.push(
      `${c.name}: ${readyMs.join(', ')} ms → median ${m} ms (target ≤ ${c.targetMs} ms: ${m <= c.targetMs ? 'PASS' : 'MISS'}; fastest ${Math.min(...readyMs)} ms)`,
    );
  }
} finally {
  await harness.close();
  await demo.close();
}
console.log(
  `popup click to verdict in Chromium, median of ${RUNS} — ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const line of lines) console.log(`- ${line}`);
