/**
 * Cold start, as a fresh context meets the engine (the worker after Chromium stopped it, the popup's
 * sections after its first paint): a fresh JS context loads the engine's code,
 * parses a file and evaluates one URL. Each engine is bundled and minified with esbuild (as the
 * extension build does) and run in a new node:vm context per sample; a unique comment per sample
 * keeps V8 from reusing the compiled script, so every sample parses and compiles the code again.
 */

import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** One explained verdict from nothing: parse, compile, evaluate as a crawler preset. */
const OURS_ENTRY = `
import { compileRobots, evaluateForCrawler, parseRobotsTxt } from './lib/robots/index';
globalThis.runCold = (body, url, crawler) =>
  evaluateForCrawler(compileRobots(parseRobotsTxt(body)), url, crawler).verdict.allowed;
`;

/** The same engine loaded but not run: what loading its code costs (parsing and compiling the script, its top-level work). */
const OURS_LOAD_ENTRY = `
import { compileRobots, evaluateForCrawler, parseRobotsTxt } from './lib/robots/index';
globalThis.engine = [compileRobots, evaluateForCrawler, parseRobotsTxt];
globalThis.runCold = () => true;
`;

const THEIRS_LOAD_ENTRY = `
import robotsParser from 'robots-parser';
globalThis.engine = robotsParser;
globalThis.runCold = () => true;
`;

const THEIRS_ENTRY = `
import robotsParser from 'robots-parser';
globalThis.runCold = (body, url, crawler) => robotsParser(new URL('/robots.txt', url).href, body).isAllowed(url, crawler);
`;

/** A bundled engine: its code and size in bytes. */
export interface ColdBundle {
  readonly code: string;
  readonly bytes: number;
}

async function bundle(contents: string): Promise<ColdBundle> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    platform: 'browser',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return { code, bytes: Buffer.byteLength(code) };
}

/** Both engines bundled for a cold start, and each bundled to be loaded only. */
export interface ColdBundles {
  readonly ours: ColdBundle;
  readonly theirs: ColdBundle;
  readonly oursLoad: ColdBundle;
  readonly theirsLoad: ColdBundle;
}

/** Returns both engines bundled for a cold start, and for loading only. */
export async function createColdBundles(): Promise<ColdBundles> {
  return {
    ours: await bundle(OURS_ENTRY),
    theirs: await bundle(THEIRS_ENTRY),
    oursLoad: await bundle(OURS_LOAD_ENTRY),
    theirsLoad: await bundle(THEIRS_LOAD_ENTRY),
  };
}

let sample = 0;

/** Returns the time in ms a fresh context takes to load `engine`, parse `body` and evaluate `url` once. */
export function timeColdStart(engine: ColdBundle, body: string, url: string, crawler: string): number {
  // The web platform globals the engines use; a vm context has only the language's own.
  const context = createContext({ TextEncoder, TextDecoder, URL, body, url, crawler, allowed: null });
  const code = `${engine.code}\n;allowed = runCold(body, url, crawler);\n//# cold sample ${++sample}\n`;
  const t0 = performance.now();
  runInContext(code, context);
  const ms = performance.now() - t0;
  if (typeof context.allowed !== 'boolean') throw new Error('the cold run gave no verdict');
  return ms;
}

/**
 * Returns the median cold-start time of each engine over `runs` interleaved samples, the fastest
 * sample of each (on a loaded machine the median also measures the load), and the median time of
 * loading each engine without running it, sampled among the others.
 */
export function measureColdStarts(
  bundles: ColdBundles,
  body: string,
  url: string,
  crawler: string,
  runs: number,
): { ours: number; theirs: number; oursMin: number; theirsMin: number; oursLoad: number; theirsLoad: number } {
  const ours: number[] = [];
  const theirs: number[] = [];
  const oursLoad: number[] = [];
  const theirsLoad: number[] = [];
  for (let i = 0; i < runs; i++) {
    ours.push(timeColdStart(bundles.ours, body, url, crawler));
    theirs.push(timeColdStart(bundles.theirs, body, url, crawler));
    oursLoad.push(timeColdStart(bundles.oursLoad, body, url, crawler));
    theirsLoad.push(timeColdStart(bundles.theirsLoad, body, url, crawler));
  }
  return {
    ours: median(ours),
    theirs: median(theirs),
    oursMin: Math.min(...ours),
    theirsMin: Math.min(...theirs),
    oursLoad: median(oursLoad),
    theirsLoad: median(theirsLoad),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** What a cold-start measurement in a child process found. */
export interface ColdResult {
  readonly ours: number;
  readonly theirs: number;
  readonly oursMin: number;
  readonly theirsMin: number;
  /** Median time to load the engine's code without running it. */
  readonly oursLoad: number;
  readonly theirsLoad: number;
  readonly oursBytes: number;
  readonly theirsBytes: number;
}

/** Measures cold starts (see measureColdStarts) in a fresh Node process; `source` is a file path or `shop:<seed>`. */
export function measureColdStartsInChild(source: string, url: string, crawler: string, runs: number): ColdResult {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'cold-child.ts'), source, url, crawler, String(runs)],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as ColdResult;
}
