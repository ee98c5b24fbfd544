/** Finds the Chromium the real-browser tests drive (CHROMIUM_PATH, else the usual Debian paths). */
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Returns the path of a Chromium binary, or null when none is installed. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Flags every launch needs on this kind of machine (see docs/architecture.md, Toolchain). */
export function chromiumFlags(options: { headless: boolean; extensionDir: string }): string[] {
  const flags = [
    `--disable-extensions-except=${options.extensionDir}`,
    `--load-extension=${options.extensionDir}`,
    '--enable-unsafe-extension-debugging',
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ];
  if (options.headless) flags.unshift('--headless=new');
  // Chromium refuses to start as root with its sandbox on.
  if (process.getuid?.() === 0) flags.push('--no-sandbox');
  return flags;
}

/** Flags for `npm run dev` (web-ext loads the extension itself). */
export function chromiumDevArgs(options: { headless: boolean }): string[] {
  const flags = [
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ];
  if (options.headless) flags.unshift('--headless=new', '--remote-debugging-port=9222');
  if (process.getuid?.() === 0) flags.push('--no-sandbox');
  return flags;
}
