/**
 * The full User-Agent strings crawlers send, as dated data beside the crawler catalogue
 * (lib/robots/crawlers.ts): what the probe sends when it fetches a page "as" a crawler. A token
 * without an entry here cannot be probed (control tokens such as Google-Extended fetch nothing).
 *
 * Each entry says where its string comes from. `documented: true` means the operator's own page
 * (its URL is kept) gives this string, and it was compared with that page on `checked`.
 * `documented: false` means no page of the operator that we could read gives the full string, and
 * `basis` says in words where ours comes from instead. No URL is invented for those.
 * To update: re-read each operator page, change the string, the date and the basis; no code change.
 */

/** The day every entry below was last compared with the sources named (YYYY-MM-DD). */
export const USER_AGENTS_CHECKED = '2026-11-25';

/**
 * Google and Bing document their strings with a changing browser version (written "W.X.Y.Z"): the
 * crawlers follow the current stable Chrome (Bing: Edge). We fill in one concrete recent version —
 * the Chromium build this project's browser tests ran on when the strings were checked.
 */
export const EVERGREEN_CHROME_VERSION = '156.0.8078.108';

const EVERGREEN_NOTE =
  'The operator writes the browser version as a placeholder that follows its current evergreen browser; we fill in Chrome ' +
  EVERGREEN_CHROME_VERSION +
  '.';

const NOT_DOCUMENTED = 'Not documented by the operator in what we could check';

/** Where one string comes from. */
export type UserAgentSource =
  | {
      readonly documented: true;
      /** The operator's own page giving the string. */
      readonly url: string;
      /** That page's title, as the operator names it. */
      readonly page: string;
    }
  | { readonly documented: false };

/** One crawler's User-Agent string and where it comes from. */
export interface CrawlerUserAgent {
  /** The robots.txt token (CRAWLERS.md), as in lib/robots/crawlers.ts. */
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

const GOOGLE_COMMON = {
  documented: true,
  url: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
  page: "List of Google's common crawlers",
} as const;
const GOOGLE_TABLE = {
  documented: true,
  url: 'https://developers.google.com/webmasters/control-crawl-index/docs/crawlers',
  page: "Google's website crawlers (the older crawler table)",
} as const;
const GOOGLE_OVERVIEW = {
  documented: true,
  url: 'https://developers.google.com/search/docs/advanced/crawling/overview-google-crawlers',
  page: 'Overview of Google crawlers (user agents)',
} as const;
const UNDOCUMENTED = { documented: false } as const;

/** "Not documented by the operator in what we could check: <reason>". */
function notDocumented(reason: string): string {
  return `${NOT_DOCUMENTED}: ${reason}`;
}

const AS_PAGE = 'As given on the operator’s page.';
const OPENAI_COPY = `${notDocumented('OpenAI’s crawler page (developers.openai.com/api/docs/bots) could not be read here')}; the string is the one that copies of that page made by others show.`;

const entry = (
  token: string,
  operator: string,
  userAgent: string,
  source: UserAgentSource,
  basis: string,
): CrawlerUserAgent => ({ token, operator, userAgent, source, basis, checked: USER_AGENTS_CHECKED });

export const CRAWLER_USER_AGENTS: readonly CrawlerUserAgent[] = [
  entry(
    'Googlebot',
    'Google',
    `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`,
    GOOGLE_COMMON,
    `Googlebot Desktop, as on the operator’s page. ${EVERGREEN_NOTE}`,
  ),
  entry('Googlebot-Image', 'Google', 'Googlebot-Image/1.0', GOOGLE_TABLE, AS_PAGE),
  entry('Googlebot-Video', 'Google', 'Googlebot-Video/1.0', GOOGLE_TABLE, AS_PAGE),
  entry('Googlebot-News', 'Google', 'Googlebot-News', GOOGLE_TABLE, AS_PAGE),
  entry(
    'Storebot-Google',
    'Google',
    'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36',
    GOOGLE_OVERVIEW,
    'The desktop agent, as on the operator’s page (with the Chrome version that page shows).',
  ),
  entry(
    'GoogleOther',
    'Google',
    `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`,
    UNDOCUMENTED,
    `${NOT_DOCUMENTED}; constructed from the token in the form of Googlebot Desktop.`,
  ),
  entry(
    'bingbot',
    'Microsoft',
    `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36 Edg/${EVERGREEN_CHROME_VERSION}`,
    {
      documented: true,
      url: 'https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0',
      page: 'Which crawlers does Bing use?',
    },
    `The desktop string, as on the operator’s page, where both versions stand for Bing’s current Microsoft Edge; we fill in Chrome ${EVERGREEN_CHROME_VERSION} for both.`,
  ),
  entry(
    'Applebot',
    'Apple',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)',
    { documented: true, url: 'https://support.apple.com/en-us/HT204683', page: 'About Applebot' },
    'The example string on the operator’s page.',
  ),
  entry(
    'GPTBot',
    'OpenAI',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
    UNDOCUMENTED,
    OPENAI_COPY,
  ),
  entry(
    'OAI-SearchBot',
    'OpenAI',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
    UNDOCUMENTED,
    OPENAI_COPY,
  ),
  entry(
    'ChatGPT-User',
    'OpenAI',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    UNDOCUMENTED,
    OPENAI_COPY,
  ),
  entry(
    'ClaudeBot',
    'Anthropic',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    UNDOCUMENTED,
    `${notDocumented('Anthropic’s crawler page names the token only')}; constructed from the token.`,
  ),
  entry(
    'PerplexityBot',
    'Perplexity',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    UNDOCUMENTED,
    `${notDocumented('Perplexity’s crawler page (docs.perplexity.ai) was found, but its user-agent column could not be read here')}; constructed from the token.`,
  ),
  entry(
    'CCBot',
    'Common Crawl',
    'CCBot/2.0 (https://commoncrawl.org/faq/)',
    UNDOCUMENTED,
    `${notDocumented('the copy of Common Crawl’s FAQ we could read gives the version only')}; the string is the one later copies of that FAQ made by others show.`,
  ),
  entry(
    'Amazonbot',
    'Amazon',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
    { documented: true, url: 'https://developer.amazon.com/support/amazonbot', page: 'About Amazonbot' },
    'The example string on the operator’s page, without the stray backslash that page prints before “, like Gecko”.',
  ),
  entry(
    'meta-externalagent',
    'Meta',
    'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    UNDOCUMENTED,
    `${notDocumented('the part of Meta’s crawler page we could read gives other crawlers’ strings only')}; constructed from the token.`,
  ),
  entry(
    'DuckDuckBot',
    'DuckDuckGo',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    UNDOCUMENTED,
    `${NOT_DOCUMENTED}; constructed from the token.`,
  ),
  entry(
    'YandexBot',
    'Yandex',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.268',
    {
      documented: true,
      url: 'https://yandex.ru/support/webmaster/en/robot-workings/check-yandex-robots',
      page: 'How to check that a robot belongs to Yandex',
    },
    'The example string on the operator’s page.',
  ),
  entry(
    'Baiduspider',
    'Baidu',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    UNDOCUMENTED,
    `${NOT_DOCUMENTED}; constructed from the token.`,
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
