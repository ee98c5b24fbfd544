/**
 * One record per crawler: the core of the catalogue every feature reads a view of (types.ts says
 * what each field means). The facts kept beside a core, keyed by its token (User-Agent strings in
 * user-agents.ts, reverse-DNS names and cache window in identity.ts, parser reports in parsers.ts,
 * how the Use verdict reads it in usage.ts and where those facts come from in usage-sources.ts),
 * are required for every token by the type system, and its operator's consumer statuses and
 * surfaces in operators.ts; catalogue.ts puts a whole record together. Adding a crawler is one
 * record here, its entries there (the compiler names each one missing), and one row in
 * tests/lib/crawlers/records.test.ts. Update a fact with its source and date; bump CRAWLERS_VERSION
 * with every change.
 */
import type { CrawlDelaySupport, CrawlerCore, GroupMatchMode, IpListCoverage, IpListId } from './types';

/** Version of the catalogue; bump it with every change to a record. */
export const CRAWLERS_VERSION = '2026-11-29.2';

/** When the catalogue as a whole was last checked against its sources (shown beside it in the UI). */
export const CRAWLERS_AS_OF = '2026-11-25';

/** The day the IP lists, reverse-DNS names and cache windows were taken from our source notes. */
export const IDENTITY_FACTS_AS_OF = '2026-11-29';

const VERIFIED = '2026-11-01';
/** The late-2026 additions, checked on this date. */
const VERIFIED_LATE_2026 = '2026-11-25';
const BY_TOKEN: GroupMatchMode = { kind: 'token' };

const GOOGLE_SOURCE = 'Google Search Central: "Google crawlers" and "robots.txt specification"';
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

// IP lists a record has none of, said in words (the preset's ipRanges line).
const lists = (...ids: [IpListId, ...IpListId[]]): IpListCoverage => ({ kind: 'lists', ids });
const noLists = (why: string): IpListCoverage => ({ kind: 'none', why });
const CONTROL_NO_LISTS = noLists('none: a control token, nothing fetches under it');
const PUBLISHES_NONE = noLists('none: the operator publishes no IP list');
/** The operator publishes a list, but no copy of it ships (none was found). */
const NOT_SHIPPED = noLists('published, but no copy ships');

type CoreDefaults = 'name' | 'obeysRobots' | 'fallbacks' | 'ignoresGlobal' | 'groupMatch' | 'verified' | 'fetches';

/** `name` defaults to the token, `obeysRobots` to `yes`, `fetches` to true. */
function createRecord<const T extends string>(
  fields: Omit<CrawlerCore, CoreDefaults | 'token'> & Partial<Pick<CrawlerCore, CoreDefaults>> & { readonly token: T },
): CrawlerCore & { readonly token: T } {
  return {
    name: fields.token,
    obeysRobots: 'yes',
    fallbacks: [],
    ignoresGlobal: false,
    groupMatch: BY_TOKEN,
    verified: VERIFIED,
    fetches: true,
    ...fields,
  };
}

/** A control token: read by other crawlers of its operator, fetching nothing itself. */
function createControlToken<const T extends string>(
  fields: Omit<CrawlerCore, CoreDefaults | 'crawlDelay' | 'ipLists' | 'token'> &
    Partial<Pick<CrawlerCore, 'verified'>> & { readonly token: T },
): CrawlerCore & { readonly token: T } {
  return createRecord({ crawlDelay: TOKEN_ONLY_DELAY, fetches: false, ipLists: CONTROL_NO_LISTS, ...fields });
}

/** One of Google's common crawlers, covered by Google's common-crawlers list. */
function createGoogleCommon<const T extends string>(
  fields: Omit<CrawlerCore, CoreDefaults | 'operator' | 'crawlDelay' | 'ipLists' | 'source' | 'token'> &
    Partial<Pick<CrawlerCore, CoreDefaults>> & { readonly token: T },
): CrawlerCore & { readonly token: T } {
  return createRecord({
    operator: 'Google',
    crawlDelay: GOOGLE_DELAY,
    ipLists: lists('google-common-crawlers'),
    source: GOOGLE_SOURCE,
    ...fields,
  });
}

const OPENAI_SOURCE = 'OpenAI bots page';
const ANTHROPIC_SOURCE = 'Anthropic support article on its crawlers';
const PERPLEXITY_SOURCE = 'Perplexity crawlers page';
const MISTRAL_SOURCE = "Mistral's crawler page";
const MISTRAL_OBEYS = 'documented per token on Mistral’s crawler page';
const META_SOURCE = "Meta's crawler documentation";
const AMAZON_SOURCE = 'Amazon crawler documentation';
const DUCKDUCKGO_SOURCE = "DuckDuckGo's crawler documentation";
const APPLE_SOURCE = 'Apple support article on Applebot';

export const CRAWLER_CORES = [
  createGoogleCommon({
    token: 'Googlebot',
    purpose: 'search',
    purposeLabel: 'search',
  }),
  createGoogleCommon({
    token: 'Googlebot-Image',
    purpose: 'search',
    purposeLabel: 'search (images)',
    fallbacks: ['Googlebot'],
  }),
  createGoogleCommon({
    token: 'Googlebot-Video',
    purpose: 'search',
    purposeLabel: 'search (video)',
    fallbacks: ['Googlebot'],
  }),
  createGoogleCommon({
    token: 'Googlebot-News',
    purpose: 'search',
    purposeLabel: 'search (news)',
    fallbacks: ['Googlebot'],
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
  }),
  createGoogleCommon({
    token: 'GoogleOther',
    purpose: 'other',
    purposeLabel: 'research crawls',
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
    source: 'Bing Webmaster blog on crawl-delay',
  }),
  createRecord({
    token: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    purposeLabel: 'search (Siri, Spotlight)',
    crawlDelay: UNDOCUMENTED_DELAY,
    fallbacks: ['Googlebot'],
    ipLists: lists('apple-applebot'),
    source: APPLE_SOURCE,
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
    source: OPENAI_SOURCE,
  }),
  createRecord({
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: lists('openai-searchbot'),
    source: OPENAI_SOURCE,
  }),
  createRecord({
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'may not apply (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipLists: lists('openai-chatgpt-user'),
    source: OPENAI_SOURCE,
  }),
  createRecord({
    token: 'OAI-AdsBot',
    operator: 'OpenAI',
    purpose: 'other',
    purposeLabel: 'checks ad landing pages',
    obeysRobots: 'not stated',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: lists('openai-adsbot'),
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
    source: PERPLEXITY_SOURCE,
  }),
  createRecord({
    token: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'generally ignores robots.txt (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipLists: lists('perplexity-perplexity-user'),
    source: PERPLEXITY_SOURCE,
  }),
  createRecord({
    token: 'MistralAI-Training',
    operator: 'Mistral',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    obeysRobots: MISTRAL_OBEYS,
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: NOT_SHIPPED,
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
    ipLists: NOT_SHIPPED,
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
    source: 'Common Crawl CCBot page',
  }),
  createRecord({
    token: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    obeysRobots: 'reportedly not',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: PUBLISHES_NONE,
    source: 'Public reports',
  }),
  createRecord({
    token: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    purposeLabel: 'AI training / indexing',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: PUBLISHES_NONE,
    source: META_SOURCE,
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
    ipLists: PUBLISHES_NONE,
    source: 'Amazon Amazonbot page',
  }),
  createRecord({
    token: 'Amzn-SearchBot',
    operator: 'Amazon',
    purpose: 'search',
    purposeLabel: 'search',
    obeysRobots: 'not stated',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipLists: PUBLISHES_NONE,
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
    ipLists: PUBLISHES_NONE,
    source: AMAZON_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createRecord({
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: NOT_SHIPPED,
    source: DUCKDUCKGO_SOURCE,
  }),
  createRecord({
    token: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    purpose: 'ai-search',
    purposeLabel: 'AI answers',
    obeysRobots: 'not stated',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: lists('duckduckgo-duckassistbot'),
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
    ipLists: PUBLISHES_NONE,
    source: 'Yandex webmaster help',
  }),
  createRecord({
    token: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: UNKNOWN_DELAY,
    ipLists: PUBLISHES_NONE,
    source: "Baidu's crawler documentation",
  }),
] as const;

/** A preset's token, exactly as its record spells it. */
export type CrawlerToken = (typeof CRAWLER_CORES)[number]['token'];
