/**
 * Runs the cold-start measurement of cold.ts in a process of its own, so the parent's heap (the
 * benchmark's other inputs and results) does not weigh on it. Arguments: a corpus file path or
 * `shop:<seed>`, the URL, the crawler, the number of samples. Prints one JSON line.
 */

import { readFileSync } from 'node:fs';
import { createColdBundles, measureColdStarts } from './cold';
import { createShopRobots } from './shop';

const [source = '', url = '', crawler = '', runs = '11'] = process.argv.slice(2);
const body = source.startsWith('shop:') ? createShopRobots(Number(source.slice(5))).body : readFileSync(source, 'utf8');
const bundles = await createColdBundles();
const times = measureColdStarts(bundles, body, url, crawler, Number(runs));
console.log(JSON.stringify({ ...times, oursBytes: bundles.ours.bytes, theirsBytes: bundles.theirs.bytes }));
