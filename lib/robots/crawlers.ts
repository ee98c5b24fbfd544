/**
 * Crawler presets: the view of the crawler catalogue's cores (lib/crawlers/records.ts) that robots.txt
 * evaluation reads — each crawler's token, purpose, Crawl-delay support and documented group
 * selection (fallback tokens, `*` ignored, Yandex's "contains" rule). The facts live in the records;
 * change them there.
 */

import { toAsciiLower } from '../shared/ascii';
// records.ts alone: the popup's first script reads the presets, never the facts kept beside them.
import { CRAWLER_CORES } from '../crawlers/records';
import type { CrawlerCore } from '../crawlers/types';

export type { CrawlDelaySupport, CrawlDelaySupportKind, CrawlerPurpose, GroupMatchMode } from '../crawlers/types';
export { CRAWLERS_AS_OF, CRAWLERS_VERSION } from '../crawlers/records';

/** One crawler preset: a record's core, its IP lists said in words. */
export interface CrawlerPreset extends Omit<CrawlerCore, 'ipLists'> {
  /** Where the operator publishes the IP addresses its crawler uses ("none" where it publishes nothing). */
  readonly ipRanges: string;
}

/** A record's core as a preset: its IP lists in words (the shipped lists' ids, or why there is none). */
function toPreset({ ipLists, ...core }: CrawlerCore): CrawlerPreset {
  return { ...core, ipRanges: ipLists.kind === 'none' ? ipLists.why : `published: ${ipLists.ids.join(', ')}` };
}

/** Every crawler preset, in the order the popup lists them (each operator's crawlers together). */
export const CRAWLERS: readonly CrawlerPreset[] = CRAWLER_CORES.map(toPreset);

/** Returns the preset whose token equals `token` (ASCII case-insensitively), or undefined. */
export function findCrawler(token: string): CrawlerPreset | undefined {
  // Callers ask for the same few tokens over and over (a workbench run): remember them as written.
  const known = presetsAsWritten.get(token);
  if (known !== undefined) return known ?? undefined;
  if (presetsAsWritten.size >= 256) presetsAsWritten.clear();
  const found = findCrawlerFolded(token);
  presetsAsWritten.set(token, found ?? null);
  return found;
}

const presetsAsWritten = new Map<string, CrawlerPreset | null>();

function findCrawlerFolded(token: string): CrawlerPreset | undefined {
  const folded = toAsciiLower(token);
  // Preset tokens are ASCII, so the native fold is the ASCII fold; the first preset of a token wins.
  for (const c of CRAWLERS) if (c.token.length === folded.length && c.token.toLowerCase() === folded) return c;
  return undefined;
}

/** Tokens no longer used by their operators, with what replaced them (null: nothing did) (lib/crawlers/records.ts). */
export const DEPRECATED_TOKENS: ReadonlyMap<string, { readonly token: string; readonly replacement: string | null }> =
  new Map([
    ['anthropic-ai', { token: 'anthropic-ai', replacement: 'ClaudeBot' }],
    ['claude-web', { token: 'Claude-Web', replacement: 'ClaudeBot, Claude-SearchBot or Claude-User' }],
    ['cohere-ai', { token: 'cohere-ai', replacement: null }],
  ]);
