#!/usr/bin/env node
// Makes sure a Firefox new enough for the add-on exists for the real-Firefox tests. Never skips
// them: when none is found and this process cannot install one, it fails and says how to get one.
// Debian's firefox-esr from the security suite is 153.x; without `apt-get update` a fresh machine
// may install bookworm's 140.x, which refuses the add-on (strict_min_version 142.0).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CANDIDATES = ['/usr/lib/firefox-esr/firefox-esr', '/usr/lib/firefox/firefox'];
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The lowest major version the add-on accepts, read from wxt.config.ts (strict_min_version). */
function minimumMajor() {
  const config = readFileSync(join(ROOT, 'wxt.config.ts'), 'utf8');
  const match = /strict_min_version:\s*'(\d+)/.exec(config);
  return match ? Number(match[1]) : 0;
}

function found() {
  if (process.env.FIREFOX_PATH) return existsSync(process.env.FIREFOX_PATH) ? process.env.FIREFOX_PATH : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** "Mozilla Firefox 153.7.0esr" → 153, or null when it does not run. */
function majorOf(path) {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const match = /Firefox (\d+)\./.exec(run.stdout ?? '');
  return match ? Number(match[1]) : null;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const needed = minimumMajor();

/** Returns an error message, or null when `path` is a Firefox the add-on runs in. */
function check(path) {
  const major = majorOf(path);
  if (major === null) return `${path} did not say which Firefox it is (\`${path} --version\` failed).`;
  if (major < needed) return `${path} is Firefox ${major}; the add-on needs ${needed} or later.`;
  console.log(`Firefox ${major}: ${path}`);
  return null;
}

let path = found();
let problem = path ? check(path) : null;
if (path && problem === null) process.exit(0);
if (process.env.FIREFOX_PATH) {
  console.error(problem ?? `FIREFOX_PATH is set to ${process.env.FIREFOX_PATH}, but nothing is there.`);
  process.exit(1);
}
if (process.getuid?.() === 0 && hasCommand('apt-get')) {
  console.log("Installing Debian's firefox-esr package (apt-get update, then apt-get install firefox-esr)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'firefox-esr'], { stdio: 'inherit', env });
  } catch (error) {
    console.error(`Installing firefox-esr with apt-get failed: ${error.message}`);
    process.exit(1);
  }
  path = found();
  problem = path ? check(path) : 'apt-get installed firefox-esr, but no Firefox binary is where the tests look.';
  if (problem === null) process.exit(0);
}
console.error(
  [
    ...(problem ? [problem] : ['The real-Firefox tests need Firefox, and none was found.']),
    `Install Firefox ${needed} or later, then run the tests again:`,
    "  Debian/Ubuntu: sudo apt-get update && sudo apt-get install firefox-esr   (Debian's security suite has 153.x)",
    '  Elsewhere: install Firefox and set FIREFOX_PATH=/path/to/the/firefox/binary (not a launcher script)',
  ].join('\n'),
);
process.exit(1);
