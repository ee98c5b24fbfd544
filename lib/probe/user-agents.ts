/**
 * The full User-Agent strings crawlers send, as dated data beside the crawler catalogue
 * (lib/robots/crawlers.ts): what the probe sends when it fetches a page "as" a crawler. A token
 * without an entry here cannot be probed (control tokens such as Google-Extended fetch nothing).
 * Update the strings and bump USER_AGENTS_AS_OF; no code change is needed.
 */

/**
 * When the strings below were written down (YYYY-MM-DD), in the format each operator documents.
 * They were not re-checked against the live pages then (this workplace has no network): re-verify
 * each against its `source` before a release, as CRAWLERS.md asks of the catalogue.
 */
export const USER_AGENTS_AS_OF = '2026-11-25';

/** One crawler's User-Agent string and where it is documented. */
export interface CrawlerUserAgent {
  /** The robots.txt token (CRAWLERS.md), as in lib/robots/crawlers.ts. */
  readonly token: string;
  /** The header value sent. Where the operator documents a changing Chrome version, one recent version is filled in. */
  readonly userAgent: string;
  /** Where the string is documented. */
  readonly source: string;
  /** When it was copied (YYYY-MM-DD). */
  readonly asOf: string;
}

const entry = (token: string, userAgent: string, source: string): CrawlerUserAgent => ({
  token,
  userAgent,
  source,
  asOf: USER_AGENTS_AS_OF,
});

const GOOGLE = 'Google Search Central, "Google\'s common crawlers"';
const OPENAI = 'OpenAI, "Overview of OpenAI Crawlers"';
const ANTHROPIC = 'Anthropic support, "Does Anthropic crawl data from the web"';

export const CRAWLER_USER_AGENTS: readonly CrawlerUserAgent[] = [
  entry(
    'Googlebot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.204 Safari/537.36',
    GOOGLE,
  ),
  entry('Googlebot-Image', 'Googlebot-Image/1.0', GOOGLE),
  entry('Googlebot-Video', 'Googlebot-Video/1.0', GOOGLE),
  entry('Googlebot-News', 'Googlebot-News', GOOGLE),
  entry(
    'Storebot-Google',
    'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Safari/537.36',
    GOOGLE,
  ),
  entry(
    'GoogleOther',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/131.0.6778.204 Safari/537.36',
    GOOGLE,
  ),
  entry(
    'bingbot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.6778.204 Safari/537.36',
    'Bing Webmaster Tools, "Which crawlers does Bing use?"',
  ),
  entry(
    'Applebot',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    'Apple support, "About Applebot"',
  ),
  entry(
    'GPTBot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)',
    OPENAI,
  ),
  entry(
    'OAI-SearchBot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
    OPENAI,
  ),
  entry(
    'ChatGPT-User',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    OPENAI,
  ),
  entry(
    'ClaudeBot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    ANTHROPIC,
  ),
  entry(
    'PerplexityBot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    'Perplexity, "Perplexity Crawlers"',
  ),
  entry('CCBot', 'CCBot/2.0 (https://commoncrawl.org/faq/)', 'Common Crawl, "CCBot"'),
  entry(
    'Amazonbot',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
    'Amazon developer, "About Amazonbot"',
  ),
  entry(
    'meta-externalagent',
    'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    'Meta for Developers, "Meta Web Crawlers"',
  ),
  entry('DuckDuckBot', 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', 'DuckDuckGo help, "DuckDuckBot"'),
  entry(
    'YandexBot',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Yandex Webmaster help, "Yandex robots"',
  ),
  entry(
    'Baiduspider',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Baidu, "Baiduspider"',
  ),
];

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
