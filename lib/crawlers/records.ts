/**
 * One record per crawler: the catalogue every feature reads a view of (types.ts says what each field
 * means). Adding a crawler is one record here and one row in tests/lib/crawlers/records.test.ts.
 * Update a fact with its source and date; bump CRAWLERS_VERSION with every change.
 */
import type {
  CacheWindow,
  CrawlDelaySupport,
  CrawlerRecord,
  GroupMatchMode,
  IpListId,
  IpListCoverage,
  ParserStack,
  ReverseDnsFacts,
  UserAgentFacts,
} from './types';
import {
  AS_PAGE,
  EVERGREEN_CHROME_VERSION,
  EVERGREEN_NOTE,
  GOOGLE_COMMON_PAGE,
  GOOGLE_OVERVIEW_PAGE,
  GOOGLE_TABLE_PAGE,
  NOT_DOCUMENTED,
  OPENAI_COPY,
  UNDOCUMENTED,
  notDocumented,
  userAgent,
} from './user-agents';

/** Version of the catalogue; bump it with every change to a record. */
export const CRAWLERS_VERSION = '2026-11-29.1';

/** When the catalogue as a whole was last checked against its sources (shown beside it in the UI). */
export const CRAWLERS_AS_OF = '2026-11-25';

/** The day the IP lists, reverse-DNS names and cache windows were taken from our source notes. */
export const IDENTITY_FACTS_AS_OF = '2026-11-29';

const VERIFIED = '2026-11-01';
/** The late-2026 additions, checked on this date. */
const VERIFIED_LATE_2026 = '2026-11-25';
const BY_TOKEN: GroupMatchMode = { kind: 'token' };

const GOOGLE_SOURCE = 'Google Search Central: "Google crawlers" and "robots.txt specification" (CRAWLERS.md)';
const GOOGLE_DELAY: CrawlDelaySupport = {
  kind: 'ignored',
  note: 'Google ignores Crawl-delay; it adjusts its crawl rate by itself.',
};
const TOKEN_ONLY_DELAY: CrawlDelaySupport = {
  kind: 'not-applicable',
  note: 'A robots.txt token only, with no crawler of its own: Crawl-delay does not apply.',
};
const USER_FETCH_DELAY: CrawlDelaySupport = {
  kind: 'not-applicable',
  note: 'Fetches a page when a person asks for it, so there is no crawl rate to slow down.',
};
const UNDOCUMENTED_DELAY: CrawlDelaySupport = {
  kind: 'not-documented',
  note: 'The operator does not say whether it honours Crawl-delay.',
};
const UNKNOWN_DELAY: CrawlDelaySupport = { kind: 'unknown', note: 'Whether it honours Crawl-delay is not known.' };
const ANTHROPIC_DELAY: CrawlDelaySupport = {
  kind: 'honoured',
  note: 'Anthropic says its crawlers honour Crawl-delay.',
};

// User-Agent strings a record has none of, said in words.
const CONTROL_NO_STRING: UserAgentFacts = {
  kind: 'none',
  why: 'A control token: nothing fetches under its name, so there is no string to send.',
};
const NO_CHECKED_STRING: UserAgentFacts = {
  kind: 'none',
  why: 'No string we could check for this crawler, so the probe cannot fetch as it.',
};

// IP lists a record has none of, said in words (the preset's ipRanges line).
const lists = (...ids: [IpListId, ...IpListId[]]): IpListCoverage => ({ kind: 'lists', ids });
const noLists = (why: string): IpListCoverage => ({ kind: 'none', why });
const CONTROL_NO_LISTS = noLists('none: a control token, nothing fetches under it');
const PUBLISHES_NONE = noLists('none: the operator publishes no IP list');
const AMAZON_NONE = noLists('none: Amazon publishes no IP list (its crawlers are checked by reverse DNS)');
const MISTRAL_UNSHIPPED = noLists(
  'Mistral lists addresses on its crawler page, but no list file for this crawler was found to ship',
);

// Reverse-DNS names for a forward-confirmed check, from each operator's page (not re-read there).
const NOT_RECHECKED = `Taken on ${IDENTITY_FACTS_AS_OF} from the operator’s page as our source notes list it; not read again on that page.`;
const rdns = (url: string, ...names: [string, ...string[]]): ReverseDnsFacts => ({
  kind: 'names',
  names,
  url,
  recheckedOnPage: false,
  note: NOT_RECHECKED,
});
const GOOGLE_VERIFY_PAGE = 'https://developers.google.com/search/docs/crawling-indexing/verifying-googlebot';
const GOOGLE_COMMON_RDNS = rdns(GOOGLE_VERIFY_PAGE, 'googlebot.com', 'google.com', 'googleusercontent.com');
const CONTROL_NO_RDNS: ReverseDnsFacts = {
  kind: 'none',
  why: 'A control token: no request is ever made under it, so there is no address to check.',
};
const NO_RDNS: ReverseDnsFacts = {
  kind: 'none',
  why: 'Its operator documents no host name for this check in what we read.',
};
const DUCKDUCKGO_NO_RDNS: ReverseDnsFacts = {
  kind: 'none',
  why: 'DuckDuckGo documents no host name for this check: its IP lists are the way to check it.',
};

// The robots.txt cache window: RFC 9309's rule, and what the operators that document one say.
const RFC_WINDOW_SOURCE =
  'RFC 9309 §2.4: a crawler should not use a cached robots.txt for more than 24 hours, unless the file cannot be reached';
const cacheWindow = (operatorSays: string | null): CacheWindow => ({
  hours: 24,
  source: RFC_WINDOW_SOURCE,
  operatorSays,
  checked: IDENTITY_FACTS_AS_OF,
});
const RFC_WINDOW = cacheWindow(null);
const GOOGLE_WINDOW = cacheWindow('Google says it generally keeps a robots.txt copy for up to 24 hours.');
const OPENAI_WINDOW = cacheWindow('OpenAI says a robots.txt change can take about a day to reach its crawlers.');
const PERPLEXITY_WINDOW = cacheWindow(
  'Perplexity says a robots.txt change can take about a day to reach its crawlers.',
);
const AMAZON_WINDOW = cacheWindow('Amazon says a robots.txt change can take about a day to reach its crawlers.');

const GOOGLE_RULES: ParserStack = {
  kind: 'google-rules',
  why: 'No source says it runs another parser, so it is read with Google’s rules.',
};

type RecordDefaults =
  | 'name'
  | 'obeysRobots'
  | 'fallbacks'
  | 'ignoresGlobal'
  | 'groupMatch'
  | 'verified'
  | 'fetches'
  | 'userAgents'
  | 'reverseDns'
  | 'cacheWindow'
  | 'parser';

/**
 * `name` defaults to the token, `obeysRobots` to `yes`, `fetches` to true; no User-Agent string, no
 * reverse-DNS names, RFC 9309's cache window and Google's parser rules unless the record says otherwise.
 */
function createRecord(
  fields: Omit<CrawlerRecord, RecordDefaults> & Partial<Pick<CrawlerRecord, RecordDefaults>>,
): CrawlerRecord {
  return {
    name: fields.token,
    obeysRobots: 'yes',
    fallbacks: [],
    ignoresGlobal: false,
    groupMatch: BY_TOKEN,
    verified: VERIFIED,
    fetches: true,
    userAgents: NO_CHECKED_STRING,
    reverseDns: NO_RDNS,
    cacheWindow: RFC_WINDOW,
    parser: GOOGLE_RULES,
    ...fields,
  };
}

/** A control token: read by other crawlers of its operator, fetching nothing itself. */
function createControlToken(
  fields: Omit<CrawlerRecord, RecordDefaults | 'crawlDelay' | 'ipLists'> &
    Partial<Pick<CrawlerRecord, 'verified' | 'cacheWindow'>>,
): CrawlerRecord {
  return createRecord({
    crawlDelay: TOKEN_ONLY_DELAY,
    fetches: false,
    userAgents: CONTROL_NO_STRING,
    ipLists: CONTROL_NO_LISTS,
    reverseDns: CONTROL_NO_RDNS,
    ...fields,
  });
}

/** One of Google's common crawlers: its list, its reverse-DNS names, its cache window. */
function createGoogleCommon(
  fields: Omit<CrawlerRecord, RecordDefaults | 'operator' | 'crawlDelay' | 'ipLists' | 'source'> &
    Partial<Pick<CrawlerRecord, RecordDefaults>>,
): CrawlerRecord {
  return createRecord({
    operator: 'Google',
    crawlDelay: GOOGLE_DELAY,
    ipLists: lists('google-common-crawlers'),
    reverseDns: GOOGLE_COMMON_RDNS,
    cacheWindow: GOOGLE_WINDOW,
    source: GOOGLE_SOURCE,
    ...fields,
  });
}

const OPENAI_SOURCE = 'OpenAI bots page (CRAWLERS.md)';
const ANTHROPIC_SOURCE = 'Anthropic support article on its crawlers (CRAWLERS.md)';
const PERPLEXITY_SOURCE = 'Perplexity crawlers page (CRAWLERS.md)';
const MISTRAL_SOURCE = "Mistral's crawler page (CRAWLERS.md)";
const MISTRAL_OBEYS = 'documented per token on Mistral’s crawler page';
const META_SOURCE = "Meta's crawler documentation (CRAWLERS.md)";
const AMAZON_SOURCE = 'Amazon crawler documentation (CRAWLERS.md)';
const DUCKDUCKGO_SOURCE = "DuckDuckGo's crawler documentation (CRAWLERS.md)";
const APPLE_SOURCE = 'Apple support article on Applebot (CRAWLERS.md)';

/** Every crawler, in the order the popup lists them (each operator's crawlers together). */
export const CRAWLER_RECORDS: readonly CrawlerRecord[] = [
  createGoogleCommon({
    token: 'Googlebot',
    purpose: 'search',
    purposeLabel: 'search',
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`,
          GOOGLE_COMMON_PAGE,
          `Googlebot Desktop, as on the operator’s page. ${EVERGREEN_NOTE}`,
        ),
      ],
    },
  }),
  createGoogleCommon({
    token: 'Googlebot-Image',
    purpose: 'search',
    purposeLabel: 'search (images)',
    fallbacks: ['Googlebot'],
    userAgents: { kind: 'strings', strings: [userAgent('Googlebot-Image/1.0', GOOGLE_TABLE_PAGE, AS_PAGE)] },
  }),
  createGoogleCommon({
    token: 'Googlebot-Video',
    purpose: 'search',
    purposeLabel: 'search (video)',
    fallbacks: ['Googlebot'],
    userAgents: { kind: 'strings', strings: [userAgent('Googlebot-Video/1.0', GOOGLE_TABLE_PAGE, AS_PAGE)] },
  }),
  createGoogleCommon({
    token: 'Googlebot-News',
    purpose: 'search',
    purposeLabel: 'search (news)',
    fallbacks: ['Googlebot'],
    userAgents: { kind: 'strings', strings: [userAgent('Googlebot-News', GOOGLE_TABLE_PAGE, AS_PAGE)] },
  }),
  createGoogleCommon({
    token: 'Google-InspectionTool',
    purpose: 'search',
    purposeLabel: 'search testing tools (Search Console, Rich Results Test)',
    fallbacks: ['Googlebot'],
  }),
  createGoogleCommon({
    token: 'Storebot-Google',
    purpose: 'search',
    purposeLabel: 'shopping',
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36',
          GOOGLE_OVERVIEW_PAGE,
          'The desktop agent, as on the operator’s page (with the Chrome version that page shows).',
        ),
      ],
    },
  }),
  createGoogleCommon({
    token: 'GoogleOther',
    purpose: 'other',
    purposeLabel: 'research crawls',
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`,
          UNDOCUMENTED,
          `${NOT_DOCUMENTED}; constructed from the token in the form of Googlebot Desktop.`,
        ),
      ],
    },
  }),
  createGoogleCommon({
    token: 'Google-CloudVertexBot',
    purpose: 'other',
    purposeLabel: 'crawls for Vertex AI agents, on the site owner’s request',
    verified: VERIFIED_LATE_2026,
  }),
  createControlToken({
    token: 'Google-Extended',
    operator: 'Google',
    purpose: 'ai-training',
    purposeLabel: 'AI training opt-out (token only, no crawler of its own)',
    source: GOOGLE_SOURCE,
    cacheWindow: GOOGLE_WINDOW,
  }),
  createRecord({
    token: 'AdsBot-Google',
    operator: 'Google',
    purpose: 'other',
    purposeLabel: 'ads quality',
    obeysRobots: 'yes, but only groups that name it: it ignores *',
    crawlDelay: GOOGLE_DELAY,
    ignoresGlobal: true,
    ipLists: lists('google-special-crawlers'),
    reverseDns: rdns(GOOGLE_VERIFY_PAGE, 'rate-limited-proxy-*.google.com'),
    cacheWindow: GOOGLE_WINDOW,
    source: GOOGLE_SOURCE,
  }),
  createRecord({
    token: 'bingbot',
    name: 'Bingbot',
    operator: 'Microsoft',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: {
      kind: 'honoured',
      note: 'Bing honours Crawl-delay (a 1–30 second window), read even from the * group.',
    },
    fallbacks: ['msnbot'],
    ipLists: lists('bing-bingbot'),
    reverseDns: rdns('https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26', 'search.msn.com'),
    source: 'Bing Webmaster blog on crawl-delay (CRAWLERS.md)',
    userAgents: {
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
  }),
  createRecord({
    token: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    purposeLabel: 'search (Siri, Spotlight)',
    crawlDelay: UNDOCUMENTED_DELAY,
    fallbacks: ['Googlebot'],
    ipLists: lists('apple-applebot'),
    reverseDns: rdns('https://support.apple.com/en-us/119829', 'applebot.apple.com'),
    source: APPLE_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Applebot/0.1)',
          { documented: true, url: 'https://support.apple.com/en-us/HT204683', page: 'About Applebot' },
          'The example string on the operator’s page.',
        ),
      ],
    },
  }),
  createControlToken({
    token: 'Applebot-Extended',
    operator: 'Apple',
    purpose: 'ai-training',
    purposeLabel: 'AI training opt-out (token only)',
    source: APPLE_SOURCE,
  }),
  createRecord({
    token: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: lists('openai-gptbot'),
    cacheWindow: OPENAI_WINDOW,
    source: OPENAI_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
          UNDOCUMENTED,
          OPENAI_COPY,
        ),
      ],
    },
  }),
  createRecord({
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: lists('openai-searchbot'),
    cacheWindow: OPENAI_WINDOW,
    source: OPENAI_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
          UNDOCUMENTED,
          OPENAI_COPY,
        ),
      ],
    },
  }),
  createRecord({
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'may not apply (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipLists: lists('openai-chatgpt-user'),
    cacheWindow: OPENAI_WINDOW,
    source: OPENAI_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
          UNDOCUMENTED,
          OPENAI_COPY,
        ),
      ],
    },
  }),
  createRecord({
    token: 'OAI-AdsBot',
    operator: 'OpenAI',
    purpose: 'other',
    purposeLabel: 'checks ad landing pages',
    obeysRobots: 'not stated',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: lists('openai-adsbot'),
    cacheWindow: OPENAI_WINDOW,
    source: OPENAI_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'ClaudeBot',
    operator: 'Anthropic',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    crawlDelay: ANTHROPIC_DELAY,
    ipLists: lists('anthropic-bots'),
    source: ANTHROPIC_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
          UNDOCUMENTED,
          `${notDocumented('Anthropic’s crawler page names the token only')}; constructed from the token.`,
        ),
      ],
    },
  }),
  createRecord({
    token: 'Claude-SearchBot',
    operator: 'Anthropic',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: ANTHROPIC_DELAY,
    ipLists: lists('anthropic-bots'),
    source: ANTHROPIC_SOURCE,
  }),
  createRecord({
    token: 'Claude-User',
    operator: 'Anthropic',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    crawlDelay: ANTHROPIC_DELAY,
    ipLists: lists('anthropic-bots'),
    source: ANTHROPIC_SOURCE,
  }),
  createRecord({
    token: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: lists('perplexity-perplexitybot'),
    cacheWindow: PERPLEXITY_WINDOW,
    source: PERPLEXITY_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
          UNDOCUMENTED,
          `${notDocumented('Perplexity’s crawler page (docs.perplexity.ai) was found, but its user-agent column could not be read here')}; constructed from the token.`,
        ),
      ],
    },
  }),
  createRecord({
    token: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'generally ignores robots.txt (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipLists: lists('perplexity-perplexity-user'),
    cacheWindow: PERPLEXITY_WINDOW,
    source: PERPLEXITY_SOURCE,
  }),
  createRecord({
    token: 'MistralAI-Training',
    operator: 'Mistral',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    obeysRobots: MISTRAL_OBEYS,
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: MISTRAL_UNSHIPPED,
    source: MISTRAL_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'MistralAI-Index',
    operator: 'Mistral',
    purpose: 'ai-search',
    purposeLabel: 'AI search index',
    obeysRobots: MISTRAL_OBEYS,
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: MISTRAL_UNSHIPPED,
    source: MISTRAL_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'MistralAI-User',
    operator: 'Mistral',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: MISTRAL_OBEYS,
    crawlDelay: USER_FETCH_DELAY,
    ipLists: lists('mistral-mistralai-user-ips'),
    source: MISTRAL_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'CCBot',
    operator: 'Common Crawl',
    purpose: 'ai-training',
    purposeLabel: 'open crawl (AI training)',
    crawlDelay: { kind: 'claimed', note: 'Common Crawl says CCBot honours Crawl-delay.' },
    ipLists: lists('commoncrawl-ccbot'),
    reverseDns: rdns('https://commoncrawl.org/ccbot', 'crawl.commoncrawl.org'),
    source: 'Common Crawl CCBot page (CRAWLERS.md)',
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'CCBot/2.0 (https://commoncrawl.org/faq/)',
          UNDOCUMENTED,
          `${notDocumented('the copy of Common Crawl’s FAQ we could read gives the version only')}; the string is the one later copies of that FAQ made by others show.`,
        ),
      ],
    },
    parser: {
      kind: 'reported',
      profile: 'crawler-commons',
      stack: 'a Nutch-based crawler, whose robots.txt parser is crawler-commons',
      confidence: 'unverified',
      source: 'PARSER-LENS.md §6.1 (confidence L, not in the sources read)',
      asOf: '2026-08-21',
    },
  }),
  createRecord({
    token: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    obeysRobots: 'reportedly not',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: PUBLISHES_NONE,
    source: 'Public reports (CRAWLERS.md)',
  }),
  createRecord({
    token: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    purposeLabel: 'AI training / indexing',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: PUBLISHES_NONE,
    source: META_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
          UNDOCUMENTED,
          `${notDocumented('the part of Meta’s crawler page we could read gives other crawlers’ strings only')}; constructed from the token.`,
        ),
      ],
    },
  }),
  createRecord({
    token: 'meta-webindexer',
    operator: 'Meta',
    purpose: 'ai-search',
    purposeLabel: 'AI search index',
    obeysRobots: 'not stated',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: PUBLISHES_NONE,
    source: META_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'meta-externalfetcher',
    operator: 'Meta',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'no: may bypass robots.txt (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipLists: PUBLISHES_NONE,
    source: META_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'Amazonbot',
    operator: 'Amazon',
    purpose: 'ai-search',
    purposeLabel: 'assistant / AI',
    crawlDelay: { kind: 'not-supported', note: 'Amazonbot does not support Crawl-delay.' },
    ipLists: AMAZON_NONE,
    reverseDns: rdns('https://developer.amazon.com/amazonbot', 'crawl.amazonbot.amazon'),
    cacheWindow: AMAZON_WINDOW,
    source: 'Amazon Amazonbot page (CRAWLERS.md)',
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
          { documented: true, url: 'https://developer.amazon.com/support/amazonbot', page: 'About Amazonbot' },
          'The example string on the operator’s page, without the stray backslash that page prints before “, like Gecko”.',
        ),
      ],
    },
  }),
  createRecord({
    token: 'Amzn-SearchBot',
    operator: 'Amazon',
    purpose: 'search',
    purposeLabel: 'search',
    obeysRobots: 'not stated',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: AMAZON_NONE,
    cacheWindow: AMAZON_WINDOW,
    source: AMAZON_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'Amzn-User',
    operator: 'Amazon',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'not stated',
    crawlDelay: USER_FETCH_DELAY,
    ipLists: AMAZON_NONE,
    cacheWindow: AMAZON_WINDOW,
    source: AMAZON_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: noLists('DuckDuckGo publishes DuckDuckBot’s addresses, but no copy of that list ships yet'),
    reverseDns: DUCKDUCKGO_NO_RDNS,
    source: DUCKDUCKGO_SOURCE,
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
          UNDOCUMENTED,
          `${NOT_DOCUMENTED}; constructed from the token.`,
        ),
      ],
    },
  }),
  createRecord({
    token: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    purpose: 'ai-search',
    purposeLabel: 'AI answers',
    obeysRobots: 'not stated',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: lists('duckduckgo-duckassistbot'),
    reverseDns: DUCKDUCKGO_NO_RDNS,
    source: DUCKDUCKGO_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'YandexBot',
    operator: 'Yandex',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: {
      kind: 'ignored',
      note: 'Yandex has ignored Crawl-delay since 2018-02-22 (set the rate in Yandex Webmaster).',
    },
    groupMatch: { kind: 'contains', needle: 'Yandex' },
    ipLists: noLists('none published: verify by reverse DNS'),
    reverseDns: rdns(
      'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html',
      'yandex.ru',
      'yandex.net',
      'yandex.com',
    ),
    source: 'Yandex webmaster help (CRAWLERS.md)',
    userAgents: {
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
  }),
  createRecord({
    token: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: noLists('none published: verify by reverse DNS'),
    reverseDns: rdns('https://help.baidu.com', 'baidu.com', 'baidu.jp'),
    source: "Baidu's crawler documentation (CRAWLERS.md)",
    userAgents: {
      kind: 'strings',
      strings: [
        userAgent(
          'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
          UNDOCUMENTED,
          `${NOT_DOCUMENTED}; constructed from the token.`,
        ),
      ],
    },
  }),
];
