/**
 * The log audit's figure: 1,000,000 generated combined lines (the catalogue's real crawler user
 * agents and people's browsers; addresses drawn from the shipped IP lists and from outside them; a
 * robots.txt history with changes) read from a file through the streaming reader into auditLog, and
 * GoAccess (Debian's `goaccess`) on the same file in the same run. Goal: a fifth of GoAccess's time
 * or less (aim: a tenth). Run: node --expose-gc --import tsx tests/bench/logs.ts
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLogFiles } from '../../lib/logs';
import { lists, versions, writeAccessLog } from './support/access-log';

const LINES = Number(process.env.LOG_BENCH_LINES ?? 1_000_000);
const dir = join(tmpdir(), 'robotscope-log-bench');
mkdirSync(dir, { recursive: true });
const path = join(dir, 'access.log');
writeAccessLog(path, LINES);
const size = statSync(path).size;

(globalThis as { gc?: () => void }).gc?.();
const t0 = performance.now();
const report = await auditLogFiles({
  origin: 'https://shop.example',
  versions,
  lists,
  files: [{ name: 'access.log', stream: (await openAsBlob(path)).stream() }],
});
const ours = performance.now() - t0;
const crawlers = Object.values(report.crawlers);
const sum = (key: 'violation' | 'spoofed' | 'requests') => crawlers.reduce((n, row) => n + row[key], 0);
console.log(
  `logs: ${report.lines.toLocaleString('en-US')} combined lines (${(size / 1e6).toFixed(0)} MB) through auditLogFiles in ${(ours / 1000).toFixed(2)} s ` +
    `(${Math.round(report.lines / (ours / 1000)).toLocaleString('en-US')} lines/s): ${sum('requests').toLocaleString('en-US')} crawler requests, ` +
    `${sum('spoofed').toLocaleString('en-US')} spoofed, ${sum('violation').toLocaleString('en-US')} violations in ${report.violations.length} groups`,
);

const hasGoAccess = spawnSync('goaccess', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasGoAccess) {
  console.log('logs: GoAccess is not installed (apt-get install goaccess), so there is no comparison in this run.');
} else {
  const out = join(dir, 'goaccess.json');
  const t1 = performance.now();
  execFileSync('goaccess', [path, '--log-format=COMBINED', '--no-global-config', '--no-progress', '-o', out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const theirs = performance.now() - t1;
  const ratio = theirs / ours;
  console.log(
    `logs: GoAccess on the same file in ${(theirs / 1000).toFixed(2)} s: auditLog takes ${((ours / theirs) * 100).toFixed(0)}% of its time ` +
      `(${ratio.toFixed(1)}× faster; goal 5×, aim 10×) ${ratio >= 5 ? 'meets the goal' : 'MISSES THE GOAL'}`,
  );
}
rmSync(dir, { recursive: true, force: true });
