/**
 * The User-Agent strings of every crawler of the catalogue (records.ts), keyed by its token, and what
 * they share: the day they were checked, the browser version filled in where an operator writes a
 * placeholder, the operators' pages, and the words for a string no page of the operator gives. Read
 * by the probe, never by the popup's first script.
 *
 * `documented: true` means the operator's own page (its URL is kept) gives the string, and it was
 * compared with that page on the check date. `documented: false` means no page of the operator that
 * we could read gives the full string, and the basis says in words where ours comes from instead. No
 * URL is invented for those.
 */
import type { CrawlerToken } from './records';
import type { UserAgentFacts, UserAgentSource, UserAgentString } from './types';

/** The day every string was last compared with the sources named (YYYY-MM-DD). */
export const USER_AGENTS_CHECKED = '2026-11-25';

/**
 * Google and Bing document their strings with a changing browser version (written "W.X.Y.Z"): the
 * crawlers follow the current stable Chrome (Bing: Edge). We fill in one concrete recent version —
 * the Chromium build this project's browser tests ran on when the strings were checked.
 */
export const EVERGREEN_CHROME_VERSION = '156.0.8078.108';

export const EVERGREEN_NOTE =
  'The operator writes the browser version as a placeholder that follows its current evergreen browser; we fill in Chrome ' +
  EVERGREEN_CHROME_VERSION +
  '.';

export const NOT_DOCUMENTED = 'Not documented by the operator in what we could check';

/** "Not documented by the operator in what we could check: <reason>". */
export function notDocumented(reason: string): string {
  return `${NOT_DOCUMENTED}: ${reason}`;
}

export const AS_PAGE = 'As given on the operator’s page.';

export const UNDOCUMENTED: UserAgentSource = { documented: false };

export const GOOGLE_COMMON_PAGE: UserAgentSource = {
  documented: true,
  url: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
  page: "List of Google's common crawlers",
};
export const GOOGLE_TABLE_PAGE: UserAgentSource = {
  documented: true,
  url: 'https://developers.google.com/webmasters/control-crawl-index/docs/crawlers',
  page: "Google's website crawlers (the older crawler table)",
};
export const GOOGLE_OVERVIEW_PAGE: UserAgentSource = {
  documented: true,
  url: 'https://developers.google.com/search/docs/advanced/crawling/overview-google-crawlers',
  page: 'Overview of Google crawlers (user agents)',
};

export const OPENAI_COPY = `${notDocumented('OpenAI’s crawler page (developers.openai.com/api/docs/bots) could not be read here')}; the string is the one that copies of that page made by others show.`;

/** One checked string, dated USER_AGENTS_CHECKED. */
export function userAgent(value: string, source: UserAgentSource, basis: string): UserAgentString {
  return { userAgent: value, source, basis, checked: USER_AGENTS_CHECKED };
}

// User-Agent strings a record has none of, said in words.
const CONTROL_NO_STRING: UserAgentFacts = {
  kind: 'none',
  why: 'A control token: nothing fetches under its name, so there is no string to send.',
};
const NO_CHECKED_STRING: UserAgentFacts = {
  kind: 'none',
  why: 'No string we could check for this crawler, so the probe cannot fetch as it.',
};

/** Every crawler's User-Agent strings, or why it has none (the type requires one entry per token). */
export const USER_AGENT_FACTS: { readonly [T in CrawlerToken]: UserAgentFacts } = {
  Googlebot: {
    kind: 'strings',
    strings: [
      userAgent(
        `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`,
        GOOGLE_COMMON_PAGE,
        `Googlebot Desktop, as on the operator’s page. ${EVERGREEN_NOTE}`,
      ),
    ],
  },
  'Googlebot-Image': { kind: 'strings', strings: [userAgent('Googlebot-Image/1.0', GOOGLE_TABLE_PAGE, AS_PAGE)] },
  'Googlebot-Video': { kind: 'strings', strings: [userAgent('Googlebot-Video/1.0', GOOGLE_TABLE_PAGE, AS_PAGE)] },
  'Googlebot-News': { kind: 'strings', strings: [userAgent('Googlebot-News', GOOGLE_TABLE_PAGE, AS_PAGE)] },
  'Google-InspectionTool': NO_CHECKED_STRING,
  'Storebot-Google': {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36',
        GOOGLE_OVERVIEW_PAGE,
        'The desktop agent, as on the operator’s page (with the Chrome version that page shows).',
      ),
    ],
  },
  GoogleOther: {
    kind: 'strings',
    strings: [
      userAgent(
        `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`,
        UNDOCUMENTED,
        `${NOT_DOCUMENTED}; constructed from the token in the form of Googlebot Desktop.`,
      ),
    ],
  },
  'Google-CloudVertexBot': NO_CHECKED_STRING,
  'Google-Extended': CONTROL_NO_STRING,
  'AdsBot-Google': NO_CHECKED_STRING,
  bingbot: {
    kind: 'strings',
    strings: [
      userAgent(
        `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36 Edg/${EVERGREEN_CHROME_VERSION}`,
        {
          documented: true,
          url: 'https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0',
          page: 'Which crawlers does Bing use?',
        },
        `The desktop string, as on the operator’s page, where both versions stand for Bing’s current Microsoft Edge; we fill in Chrome ${EVERGREEN_CHROME_VERSION} for both.`,
      ),
    ],
  },
  Applebot: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)',
        { documented: true, url: 'https://support.apple.com/en-us/HT204683', page: 'About Applebot' },
        'The example string on the operator’s page.',
      ),
    ],
  },
  'Applebot-Extended': CONTROL_NO_STRING,
  GPTBot: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
        UNDOCUMENTED,
        OPENAI_COPY,
      ),
    ],
  },
  'OAI-SearchBot': {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
        UNDOCUMENTED,
        OPENAI_COPY,
      ),
    ],
  },
  'ChatGPT-User': {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
        UNDOCUMENTED,
        OPENAI_COPY,
      ),
    ],
  },
  'OAI-AdsBot': NO_CHECKED_STRING,
  ClaudeBot: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
        UNDOCUMENTED,
        `${notDocumented('Anthropic’s crawler page names the token only')}; constructed from the token.`,
      ),
    ],
  },
  'Claude-SearchBot': NO_CHECKED_STRING,
  'Claude-User': NO_CHECKED_STRING,
  PerplexityBot: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
        UNDOCUMENTED,
        `${notDocumented('Perplexity’s crawler page (docs.perplexity.ai) was found, but its user-agent column could not be read here')}; constructed from the token.`,
      ),
    ],
  },
  'Perplexity-User': NO_CHECKED_STRING,
  'MistralAI-Training': NO_CHECKED_STRING,
  'MistralAI-Index': NO_CHECKED_STRING,
  'MistralAI-User': NO_CHECKED_STRING,
  CCBot: {
    kind: 'strings',
    strings: [
      userAgent(
        'CCBot/2.0 (https://commoncrawl.org/faq/)',
        UNDOCUMENTED,
        `${notDocumented('the copy of Common Crawl’s FAQ we could read gives the version only')}; the string is the one later copies of that FAQ made by others show.`,
      ),
    ],
  },
  Bytespider: NO_CHECKED_STRING,
  'meta-externalagent': {
    kind: 'strings',
    strings: [
      userAgent(
        'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
        UNDOCUMENTED,
        `${notDocumented('the part of Meta’s crawler page we could read gives other crawlers’ strings only')}; constructed from the token.`,
      ),
    ],
  },
  'meta-webindexer': NO_CHECKED_STRING,
  'meta-externalfetcher': NO_CHECKED_STRING,
  Amazonbot: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
        { documented: true, url: 'https://developer.amazon.com/support/amazonbot', page: 'About Amazonbot' },
        'The example string on the operator’s page, without the stray backslash that page prints before “, like Gecko”.',
      ),
    ],
  },
  'Amzn-SearchBot': NO_CHECKED_STRING,
  'Amzn-User': NO_CHECKED_STRING,
  DuckDuckBot: {
    kind: 'strings',
    strings: [
      userAgent(
        'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
        UNDOCUMENTED,
        `${NOT_DOCUMENTED}; constructed from the token.`,
      ),
    ],
  },
  DuckAssistBot: NO_CHECKED_STRING,
  YandexBot: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.268',
        {
          documented: true,
          url: 'https://yandex.ru/support/webmaster/en/robot-workings/check-yandex-robots',
          page: 'How to check that a robot belongs to Yandex',
        },
        'The example string on the operator’s page.',
      ),
    ],
  },
  Baiduspider: {
    kind: 'strings',
    strings: [
      userAgent(
        'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
        UNDOCUMENTED,
        `${NOT_DOCUMENTED}; constructed from the token.`,
      ),
    ],
  },
};
