/**
 * What checks a crawler's identity besides its IP lists (the host names a forward-confirmed reverse
 * DNS check accepts) and how long it may use a robots.txt copy it fetched, for every crawler of the
 * catalogue (records.ts), keyed by its token. Read by the log audit, never by the popup.
 */
import { IDENTITY_FACTS_AS_OF, type CrawlerToken } from './records';
import type { CacheWindow, IdentityFacts, ReverseDnsFacts } from './types';

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

/** Every crawler's identity facts (the type requires one entry per token). */
export const IDENTITY_FACTS: { readonly [T in CrawlerToken]: IdentityFacts } = {
  Googlebot: { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Googlebot-Image': { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Googlebot-Video': { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Googlebot-News': { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Google-InspectionTool': { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Storebot-Google': { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  GoogleOther: { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Google-CloudVertexBot': { reverseDns: GOOGLE_COMMON_RDNS, cacheWindow: GOOGLE_WINDOW },
  'Google-Extended': { reverseDns: CONTROL_NO_RDNS, cacheWindow: GOOGLE_WINDOW },
  'AdsBot-Google': {
    reverseDns: rdns(GOOGLE_VERIFY_PAGE, 'rate-limited-proxy-*.google.com'),
    cacheWindow: GOOGLE_WINDOW,
  },
  bingbot: {
    reverseDns: rdns('https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26', 'search.msn.com'),
    cacheWindow: RFC_WINDOW,
  },
  Applebot: {
    reverseDns: rdns('https://support.apple.com/en-us/119829', 'applebot.apple.com'),
    cacheWindow: RFC_WINDOW,
  },
  'Applebot-Extended': { reverseDns: CONTROL_NO_RDNS, cacheWindow: RFC_WINDOW },
  GPTBot: { reverseDns: NO_RDNS, cacheWindow: OPENAI_WINDOW },
  'OAI-SearchBot': { reverseDns: NO_RDNS, cacheWindow: OPENAI_WINDOW },
  'ChatGPT-User': { reverseDns: NO_RDNS, cacheWindow: OPENAI_WINDOW },
  'OAI-AdsBot': { reverseDns: NO_RDNS, cacheWindow: OPENAI_WINDOW },
  ClaudeBot: { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'Claude-SearchBot': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'Claude-User': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  PerplexityBot: { reverseDns: NO_RDNS, cacheWindow: PERPLEXITY_WINDOW },
  'Perplexity-User': { reverseDns: NO_RDNS, cacheWindow: PERPLEXITY_WINDOW },
  'MistralAI-Training': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'MistralAI-Index': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'MistralAI-User': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  CCBot: { reverseDns: rdns('https://commoncrawl.org/ccbot', 'crawl.commoncrawl.org'), cacheWindow: RFC_WINDOW },
  Bytespider: { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'meta-externalagent': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'meta-webindexer': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  'meta-externalfetcher': { reverseDns: NO_RDNS, cacheWindow: RFC_WINDOW },
  Amazonbot: {
    reverseDns: rdns('https://developer.amazon.com/amazonbot', 'crawl.amazonbot.amazon'),
    cacheWindow: AMAZON_WINDOW,
  },
  'Amzn-SearchBot': { reverseDns: NO_RDNS, cacheWindow: AMAZON_WINDOW },
  'Amzn-User': { reverseDns: NO_RDNS, cacheWindow: AMAZON_WINDOW },
  DuckDuckBot: { reverseDns: DUCKDUCKGO_NO_RDNS, cacheWindow: RFC_WINDOW },
  DuckAssistBot: { reverseDns: DUCKDUCKGO_NO_RDNS, cacheWindow: RFC_WINDOW },
  YandexBot: {
    reverseDns: rdns(
      'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html',
      'yandex.ru',
      'yandex.net',
      'yandex.com',
    ),
    cacheWindow: RFC_WINDOW,
  },
  Baiduspider: { reverseDns: rdns('https://help.baidu.com', 'baidu.com', 'baidu.jp'), cacheWindow: RFC_WINDOW },
};
