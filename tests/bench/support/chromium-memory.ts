/**
 * Retained memory of parsed files inside headless Chromium, the extension's real runtime (its V8
 * compresses pointers, Node 20's does not). The engine is bundled with esbuild, loaded into a blank
 * page, and measured with the DevTools protocol after forced GCs.
 */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ENTRY = resolve(import.meta.dirname, '..', '..', '..', 'lib', 'robots', 'index.ts');

/** Retained MB per parsed copy, body included and body kept by the caller; or why it did not run. */
export type ChromiumMemory =
  | { readonly kind: 'measured'; readonly bodyIncluded: number; readonly bodyKept: number; readonly version: string }
  | { readonly kind: 'skipped'; readonly reason: string };

/** Parses `copies` distinct copies of `body` in Chromium and returns the heap retained per copy. */
export async function measureInChromium(body: string, copies: number): Promise<ChromiumMemory> {
  if (!existsSync(CHROMIUM)) return { kind: 'skipped', reason: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  const bundle = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'Robots',
    target: 'es2022',
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: code });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const heap = async (): Promise<number> => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    await page.evaluate((text) => {
      (globalThis as Record<string, unknown>).benchBody = text;
    }, body);

    // Body included: each copy is made, parsed and dropped; only what the parse keeps stays alive.
    const before1 = await heap();
    await page.evaluate((n) => {
      const g = globalThis as unknown as {
        benchBody: string;
        kept: unknown[];
        Robots: { parseRobotsTxt(b: string): unknown };
      };
      g.kept = [];
      for (let i = 0; i < n; i++) g.kept.push(g.Robots.parseRobotsTxt(`# copy ${i}\n` + g.benchBody));
    }, copies);
    const after1 = await heap();
    await page.evaluate(() => {
      (globalThis as Record<string, unknown>).kept = null;
    });

    // Body kept by the caller: the copies exist (flattened) before the baseline.
    await page.evaluate((n) => {
      const g = globalThis as unknown as { benchBody: string; bodies: string[] };
      g.bodies = [];
      for (let i = 0; i < n; i++) {
        const copy = `# copy ${i}\n` + g.benchBody;
        copy.indexOf('\0');
        g.bodies.push(copy);
      }
    }, copies);
    const before2 = await heap();
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        bodies: string[];
        kept: unknown[];
        Robots: { parseRobotsTxt(b: string): unknown };
      };
      g.kept = g.bodies.map((b) => g.Robots.parseRobotsTxt(b));
    });
    const after2 = await heap();
    const mb = (bytes: number): number => bytes / copies / (1024 * 1024);
    return {
      kind: 'measured',
      bodyIncluded: mb(after1 - before1),
      bodyKept: mb(after2 - before2),
      version: browser.version(),
    };
  } finally {
    await browser.close();
  }
}
