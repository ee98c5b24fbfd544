#!/usr/bin/env node
// Makes sure a Chromium exists for the real-browser tests. Never skips them: when none is found and
// this process cannot install one, it fails and says how to get one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function found() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

let path = found();
if (path) {
  console.log(`Chromium: ${path}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but nothing is there.`);
  process.exit(1);
}
if (process.getuid?.() === 0 && hasCommand('apt-get')) {
  console.log("No Chromium found: installing Debian's chromium package (apt-get install chromium)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  } catch (error) {
    console.error(`Installing chromium with apt-get failed: ${error.message}`);
    process.exit(1);
  }
  path = found();
  if (path) {
    console.log(`Chromium: ${path}`);
    process.exit(0);
  }
}
console.error(
  [
    'The real-browser tests need Chromium, and none was found.',
    'Install one, then run the tests again:',
    '  Debian/Ubuntu: sudo apt-get install chromium   (or chromium-browser)',
    '  Elsewhere: install Chromium or Google Chrome and set CHROMIUM_PATH=/path/to/the/binary',
  ].join('\n'),
);
process.exit(1);
