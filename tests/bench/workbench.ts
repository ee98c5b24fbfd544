/**
 * The workbench's evaluation figure in Node: 50,000 URLs × every crawler preset × (live + draft)
 * against a 500 KiB file, through the same code the page's worker runs (lib/workbench).
 * Run: node --import tsx tests/bench/workbench.ts (the e2e suite measures it in Chromium too).
 */

import { createSideColumns, evaluateRange, listCrawlers, prepareRobots } from '../../lib/workbench';
import { createSyntheticRobots, createUrlsFromPatterns } from './support/inputs';

const URLS = 50_000;
const { body } = createSyntheticRobots(7);
const draftBody = body.replace(/Disallow: \//, 'Disallow: /x');
// 50,000 distinct URLs (the generator repeats some).
const urls = [...new Set(createUrlsFromPatterns(body, 11, 2 * URLS))].slice(0, URLS);
const crawlers = listCrawlers();
const t0 = performance.now();
const live = prepareRobots({ kind: 'file', text: body });
const draft = prepareRobots({ kind: 'file', text: draftBody });
const t1 = performance.now();
const liveColumns = createSideColumns(urls.length * crawlers.length);
const draftColumns = createSideColumns(urls.length * crawlers.length);
evaluateRange(live, urls, crawlers, liveColumns, 0, urls.length);
evaluateRange(draft, urls, crawlers, draftColumns, 0, urls.length);
const t2 = performance.now();
console.log(
  `workbench: ${URLS.toLocaleString('en-US')} URLs × ${crawlers.length} crawlers × 2 against ${(body.length / 1024).toFixed(0)} KiB: ` +
    `parse ${(t1 - t0).toFixed(0)} ms, evaluate ${(t2 - t1).toFixed(0)} ms (target ≤ 5,000 ms)`,
);
