/**
 * `npm run bench:resources`: page resources with every origin's robots.txt cached and
 * parsed: verdicts for 2,000 resources from 100 origins for Googlebot (grouping by origin
 * included), against robots-parser@3.0.1 answering the same URLs from its own parsed files, in
 * one process. Target: ≤ 20 ms for the 2,000. Prints one table; exits 1 on a MISS.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import robotsParser from 'robots-parser';
import { describeBody } from '../../lib/fetch/body';
import { describeRecord } from '../../lib/fetch/describe';
import type { FetchRecord } from '../../lib/fetch/types';
import type { PageRobots } from '../../lib/verdict/types';
import { judgeResources, readOriginRobots, type ResourceEntry } from '../../lib/resources';
import { createSyntheticRobots, createSyntheticUrls, createUrlsFromPatterns } from './support/inputs';

const CORPUS = process.env.ROBOTS_CORPUS ?? resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');

const ORIGINS = 100;
const PER_ORIGIN = 20;
const TARGET_MS = 20;
const UA = 'Googlebot';
const MIN_TIME_MS = 400;
const MIN_RUNS = 5;

/**
 * Returns the median wall time and the median CPU time (user + system, this process) in ms of one
 * call of `fn`, after one warm-up call. On a shared machine the CPU time shows the work itself.
 */
function time(fn: () => void): { wall: number; cpu: number } {
  fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  const start = performance.now();
  while (walls.length < MIN_RUNS || performance.now() - start < MIN_TIME_MS) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { wall: median(walls), cpu: median(cpus) };
}

function record(origin: string, text: string): FetchRecord {
  const robotsUrl = `${origin}/robots.txt`;
  return {
    origin,
    robotsUrl,
    finalUrl: robotsUrl,
    hops: [],
    outcome: {
      kind: 'ok',
      status: 200,
      body: describeBody(
        { bytes: new TextEncoder().encode(text), receivedBytes: text.length, truncated: false },
        { contentType: 'text/plain', contentLength: null },
      ),
    },
    fetchedAt: 0,
    expiresAt: 1,
    durationMs: 1,
  };
}

/**
 * Returns one robots.txt per origin: real files from the corpus (every other file by name, so
 * sizes range as on the web: median about 3.6 KB, some over 100 KB), else synthetic files of
 * 2–16 KiB; and each file's URLs, drawn from its own rule patterns so the rules are exercised.
 */
function createOrigins(): { origin: string; body: string; urls: string[] }[] {
  const files = existsSync(CORPUS)
    ? readdirSync(CORPUS)
        .filter((name) => name.endsWith('.txt'))
        .sort()
        .filter((_, i) => i % 2 === 0)
        .slice(0, ORIGINS)
    : [];
  return Array.from({ length: ORIGINS }, (_, o) => {
    const origin = `https://cdn${o}.example.net`;
    const name = files[o];
    const body =
      name === undefined
        ? createSyntheticRobots(o + 1, 2048 * (1 + (o % 8)), 6 + (o % 10)).body
        : readFileSync(join(CORPUS, name), 'latin1');
    const drawn =
      name === undefined ? createSyntheticUrls(1000 + o, PER_ORIGIN) : createUrlsFromPatterns(body, o, PER_ORIGIN);
    const urls = drawn.map((url) => origin + new URL(url).pathname + new URL(url).search);
    return { origin, body, urls };
  });
}

const origins = createOrigins();
const source = origins.length > 0 && existsSync(CORPUS) ? `corpus files from ${CORPUS}` : 'synthetic files';
const ours = new Map<string, PageRobots>();
const theirs = new Map<string, ReturnType<typeof robotsParser>>();
const entries: ResourceEntry[] = [];
const TYPES = ['script', 'stylesheet', 'image', 'font', 'fetch'] as const;
for (const { origin, body, urls } of origins) {
  const fetched = record(origin, body);
  ours.set(origin, readOriginRobots(fetched, describeRecord(fetched)));
  theirs.set(origin, robotsParser(`${origin}/robots.txt`, body));
  for (const [i, url] of urls.entries()) entries.push({ url, type: TYPES[i % TYPES.length] ?? 'other' });
}

let sink = 0;
const oursTime = time(() => {
  for (const v of judgeResources(entries, ours, UA)) sink += v.kind === 'judged' && v.allowed ? 1 : 0;
});
const theirsTime = time(() => {
  for (const { url } of entries) {
    const parser = theirs.get(new URL(url).origin);
    sink += parser?.isAllowed(url, UA) ? 1 : 0;
  }
});

// Both must agree on the verdicts they share, or the timing compares different work.
let disagreements = 0;
for (const v of judgeResources(entries, ours, UA)) {
  if (v.kind !== 'judged') continue;
  const other = theirs.get(v.origin)?.isAllowed(v.url, UA);
  if (other !== undefined && other !== v.allowed) disagreements++;
}

const n = entries.length;
const oursMs = oursTime.wall;
const theirsMs = theirsTime.wall;
const pass = oursMs <= TARGET_MS;
console.log(
  `Page resources: ${n} resources from ${ORIGINS} origins (${source}), files cached and parsed, crawler ${UA}`,
);
console.log('| measure | ours | robots-parser | ratio | target | |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(
  `| all ${n} verdicts | ${oursMs.toFixed(2)} ms | ${theirsMs.toFixed(2)} ms | ${(oursMs / theirsMs).toFixed(2)}× | ≤ ${TARGET_MS} ms | ${pass ? 'PASS' : 'MISS'} |`,
);
console.log(
  `| per resource | ${((oursMs * 1000) / n).toFixed(2)} µs | ${((theirsMs * 1000) / n).toFixed(2)} µs | ${(oursMs / theirsMs).toFixed(2)}× | ≤ ${((TARGET_MS * 1000) / n).toFixed(0)} µs | |`,
);
console.log(
  `| all ${n}, CPU time | ${oursTime.cpu.toFixed(2)} ms | ${theirsTime.cpu.toFixed(2)} ms | ${(oursTime.cpu / theirsTime.cpu).toFixed(2)}× | ≤ ${TARGET_MS} ms | ${oursTime.cpu <= TARGET_MS ? 'pass' : 'miss'} |`,
);
console.log(
  `(ours: each verdict with its deciding line, group and losing rules; verdicts differing from robots-parser's: ${disagreements} of ${n}, where Google's rules and robots-parser's differ)`,
);
console.log(
  `(load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores: on a busy machine every figure grows; the ratio is the steadier measure)`,
);
if (sink < 0) console.log(sink);
if (!pass) process.exitCode = 1;
