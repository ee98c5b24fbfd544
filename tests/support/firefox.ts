/** Finds the Firefox the real-browser tests drive (FIREFOX_PATH, else the usual Debian paths). */
import { existsSync } from 'node:fs';

/** Debian's firefox-esr keeps the real binary here (/usr/bin/firefox-esr is a launcher script). */
export const FIREFOX_CANDIDATES = ['/usr/lib/firefox-esr/firefox-esr', '/usr/lib/firefox/firefox'];

/** Returns the path of a Firefox binary, or null when none is installed. */
export function findFirefox(): string | null {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return FIREFOX_CANDIDATES.find((path) => existsSync(path)) ?? null;
}
