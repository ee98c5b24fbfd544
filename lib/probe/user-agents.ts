/**
 * The full User-Agent strings crawlers send: the view of the crawler catalogue
 * (lib/crawlers/user-agents.ts, one entry per crawler of lib/crawlers/records.ts) the probe reads
 * when it fetches a page "as" a crawler. A crawler without a string cannot be probed, and its entry
 * says why (control tokens such as Google-Extended fetch nothing). The strings, their sources and
 * dates live there; change them there.
 */
import { CRAWLER_CORES } from '../crawlers/records';
import type { UserAgentSource } from '../crawlers/types';
import { USER_AGENT_FACTS } from '../crawlers/user-agents';

export type { UserAgentSource } from '../crawlers/types';
export { EVERGREEN_CHROME_VERSION, USER_AGENTS_CHECKED } from '../crawlers/user-agents';

/** One crawler's User-Agent string and where it comes from. */
export interface CrawlerUserAgent {
  /** The robots.txt token (lib/crawlers/records.ts), as in lib/robots/crawlers.ts. */
  readonly token: string;
  /** Who runs the crawler. */
  readonly operator: string;
  /** The header value sent. */
  readonly userAgent: string;
  readonly source: UserAgentSource;
  /** In plain words: how the string relates to its source (shown on screen). */
  readonly basis: string;
  /** When the string was last compared with its source (YYYY-MM-DD). */
  readonly checked: string;
}

/** Each record's first string (the one the probe sends), in catalogue order. */
export const CRAWLER_USER_AGENTS: readonly CrawlerUserAgent[] = CRAWLER_CORES.flatMap(({ token, operator }) => {
  const facts = USER_AGENT_FACTS[token];
  if (facts.kind === 'none') return [];
  const [first] = facts.strings;
  return [{ token, operator, ...first }];
});

/** The crawlers a probe tries unless the user changes the set (the selected crawler is added to them). */
export const DEFAULT_PROBE_TOKENS: readonly string[] = ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot', 'PerplexityBot'];

/** Returns the User-Agent entry of `token` (ASCII case-insensitive), or undefined when it cannot be probed. */
export function findUserAgent(token: string): CrawlerUserAgent | undefined {
  const lower = token.toLowerCase();
  return CRAWLER_USER_AGENTS.find((e) => e.token.toLowerCase() === lower);
}

/**
 * Returns the tokens a probe tries: `chosen` (default DEFAULT_PROBE_TOKENS) plus `selected` when it
 * can be probed, each once, in that order; tokens without a User-Agent string are left out.
 */
export function probeTokens(selected: string | null, chosen: readonly string[] = DEFAULT_PROBE_TOKENS): string[] {
  const tokens: string[] = [];
  for (const token of [...chosen, ...(selected === null ? [] : [selected])]) {
    const known = findUserAgent(token);
    if (known !== undefined && !tokens.includes(known.token)) tokens.push(known.token);
  }
  return tokens;
}
