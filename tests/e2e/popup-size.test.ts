import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CHROME_BUILD_DIR } from '../support/harness';

// The popup must open fast on a slow machine. Run after `wxt build` (npm run test:e2e builds
// first). What the first verdict needs (the page's script, its preloads and their static imports)
// stays within 30 KB gzipped: the sections below the verdict (entrypoints/popup/Details.tsx) and
// the robots.txt engine (entrypoints/popup/engine.ts) load by dynamic imports. All of it together
// (about 75.2 KB with the Use verdict, the 37-preset catalogue and the long-query matcher) stays within a
// ceiling against further growth.
// The parser lenses (entrypoints/popup/lens.ts) load only when "Other crawler stacks" is
// opened, so they have a budget of their own.
const FIRST_VERDICT_JS_BUDGET_BYTES = 30_000;
// Raised from 48 KB for the Use verdict (lib/usage: its parsers, consumer and surface data, ~20 KB), loaded after the
// first verdict, for the late-2026 catalogue (10 more presets, ~0.6 KB) and the lens section's UI (~2 KB).
// Raised from 72 KB (measured 72.6 KB) for the Use details' page findings and tdmrep.json sentence,
// the file view's usage-line meanings and inline divergence marks, and the matrix's parser mark; the
// tdmrep.json fetch, the page lint and the meanings' wording run in the worker, so the popup carries
// only their display (~1.2 KB). Raised again to 74 KB (measured 73.5 KB) for the matcher's fragment
// index (the per-URL goal on long query strings: ~0.9 KB more of lib/robots). Raised to 76 KB
// (measured 75.2 KB) for the words: robots.txt text shown as code rather than between
// backticks, notes wrapped whole, the in-place watch confirmation and the not-applicable card
// (~1.3 KB); the served-HTML reader moved out of the first script into a chunk of its own (~0.9 KB),
// so the first verdict stays under 30 KB. Raised to 77 KB (measured 76.5 KB) for the Use
// row: what the site states and what the operator counts, kept apart with their sources, and the
// details listing each source once (~1 KB, in the Use verdict's chunk); the Use details moved out of
// the first script into the sections' chunk, so the first verdict stays under 30 KB. Raised to 79 KB
// (measured 78.2 KB) when these parts met: Google's 5xx sequence (lib/verdict/outage.ts), the
// picker's ranking, the proven lens fixes' re-reading and noFix sentences, and the grouped history
// changes (~1.7 KB together, none of it in the first script). Raised to 80 KB (measured 79.75 KB)
// when the house's second pass met: the usage facts read from the crawler catalogue's records
// (~0.8 KB in the Use verdict's chunk), one crawler-token rule and one error-to-words helper shared
// by every state module, and the state modules' one shape (~0.8 KB together); then 80.5 KB (measured
// 80.07 KB) for the side panel's button and the crawler a panel keeps apart from the default (~0.3 KB,
// the panel's own code in its own entry).
const POPUP_JS_BUDGET_BYTES = 80_500;
// Raised from 19 KB (measured 19.05 KB) for the lenses' rule index (lib/lens/candidates.ts: rules
// filed by literal start and by fragment, patterns compiled once; about 2 KB over the ~17 KB before
// it), which brings the workbench's lens pass over 50,000 URLs against a 500 KiB file from about 17
// minutes to about 20 s. A popup reads one URL per lens, so it scans and never builds an index.
// Raised again from 20 KB (measured 20.27 KB) when the lenses' 23 detectors became one table
// (lib/lens/detectors.ts: each names itself and what it reads, which detectors.test.ts holds each
// detector to); the finder's code is otherwise the same.
const LENS_JS_BUDGET_BYTES = 20_500;
/** The lenses' chunk (entrypoints/popup/lens.ts, lib/lens), loaded on request, by its name. */
const LENS_CHUNK = /^lens-[\w-]+\.js$/;

/** `src` of module scripts and `href` of module preloads in an HTML page. */
const HTML_REFERENCE =
  /<script\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"|<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g;
/** Relative specifiers of a chunk's static imports and re-exports, and of its dynamic imports. */
const CHUNK_IMPORT =
  /\b(?:import|export)\b[^;"'`]*?\bfrom\s*["'`](\.{1,2}\/[^"'`]+)["'`]|\bimport\s*["'`](\.{1,2}\/[^"'`]+)["'`]|\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;

/**
 * Returns every JS file the page loads: its scripts and preloads and, transitively, what they
 * import; with `dynamic` false, only what loads before the page's code runs (no dynamic imports).
 */
function listLoadedScripts(
  root: string,
  page: string,
  dynamic = true,
  skip: (file: string) => boolean = () => false,
): string[] {
  const html = readFileSync(join(root, page), 'utf8');
  const queue = [...html.matchAll(HTML_REFERENCE)].map((m) => join(root, (m[1] ?? m[2] ?? m[3]) as string));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || skip(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(CHUNK_IMPORT)) {
      if (m[3] !== undefined && !dynamic) continue;
      queue.push(join(dirname(file), (m[1] ?? m[2] ?? m[3]) as string));
    }
  }
  return [...seen];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function measure(
  dynamic: boolean,
  skip?: (file: string) => boolean,
): {
  readonly files: readonly string[];
  readonly total: number;
  readonly text: string;
} {
  expect(existsSync(join(CHROME_BUILD_DIR, 'popup.html')), 'no build: run `npx wxt build` first').toBe(true);
  const files = listLoadedScripts(CHROME_BUILD_DIR, 'popup.html', dynamic, skip);
  expect(files.filter((file) => file.endsWith('.js'))).not.toHaveLength(0);
  const sizes = files.map((file) => ({ file: relative(CHROME_BUILD_DIR, file), gzipped: gzippedSize(file) }));
  const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
  return { files, total, text: `${sizes.map((s) => `${s.file} ${s.gzipped} B`).join(' + ')} = ${total} B` };
}

describe('the built popup', () => {
  it('loads at most 30 KB of gzipped JavaScript before the first verdict, without the robots.txt parser', () => {
    const first = measure(false);
    console.info(`popup JS before the first verdict, gzipped -9: ${first.text} of ${FIRST_VERDICT_JS_BUDGET_BYTES} B`);
    expect(first.total).toBeLessThanOrEqual(FIRST_VERDICT_JS_BUDGET_BYTES);
    // The scanner's list of misspelt keys (lib/robots/scan.ts) marks the parser's code.
    const withParser = first.files.filter((file) => readFileSync(file, 'utf8').includes('dissallow'));
    expect(withParser.map((file) => relative(CHROME_BUILD_DIR, file))).toEqual([]);
    // It is in a chunk loaded later, so the marker is a real one.
    const later = measure(true).files.filter((file) => !first.files.includes(file));
    expect(later.some((file) => readFileSync(file, 'utf8').includes('dissallow'))).toBe(true);
  });

  it('loads at most 80.5 KB of gzipped JavaScript in all, and the lenses at most 20 KB when asked for', () => {
    const isLens = (file: string) => LENS_CHUNK.test(basename(file));
    const all = measure(true, isLens);
    const lens = measure(true);
    const lensTotal = lens.total - all.total;
    console.info(`popup lens JS on request, gzipped -9: ${lensTotal} B of ${LENS_JS_BUDGET_BYTES} B`);
    expect(lens.files.filter((file) => !all.files.includes(file)).some(isLens)).toBe(true);
    expect(lensTotal).toBeLessThanOrEqual(LENS_JS_BUDGET_BYTES);
    console.info(`popup JS in all, gzipped -9: ${all.text} of ${POPUP_JS_BUDGET_BYTES} B`);
    expect(all.total).toBeLessThanOrEqual(POPUP_JS_BUDGET_BYTES);
  });

  it('follows scripts, preloads, static and dynamic imports', () => {
    const html =
      '<script type="module" src="/chunks/popup-a.js"></script><link rel="modulepreload" crossorigin href="/chunks/shared-b.js">';
    expect([...html.matchAll(HTML_REFERENCE)].map((m) => m[1] ?? m[2] ?? m[3])).toEqual([
      '/chunks/popup-a.js',
      '/chunks/shared-b.js',
    ]);
    const chunk =
      'import{a as e,b as t}from"./shared-b.js";import"./side-c.js";export{x}from"./d.js";const l=()=>import(`./lazy-e.js`);';
    expect([...chunk.matchAll(CHUNK_IMPORT)].map((m) => m[1] ?? m[2] ?? m[3])).toEqual([
      './shared-b.js',
      './side-c.js',
      './d.js',
      './lazy-e.js',
    ]);
  });
});
