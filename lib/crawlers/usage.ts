/**
 * How the Use verdict reads each crawler of the catalogue (records.ts), keyed by its token (the type
 * requires one entry per token): a fetcher's meta names and whose page-directive reading it follows,
 * whether robots.txt may not apply to it, the control tokens that speak for it and the explanations
 * its behaviour calls for; a control token's scope and the crawler that fetches for it. The records
 * the Use verdict reads that are no presets (the training-policy token, Cloudflare's /crawl fetcher)
 * are here too, marked so. Read by lib/usage, never by the popup's first script.
 */
import type { CrawlerToken } from './records';
import type { ControlTokenUsage, DirectiveEngine, FetcherUsage, UsageFacts, UsageOnlyRecord } from './types';

/** When the usage facts were last checked against their sources. */
export const USAGE_FACTS_AS_OF = '2026-11-25';

const GOOGLE_META =
  'Google’s robots meta tag and X-Robots-Tag documentation; Google-Extended on Google’s common crawlers page';
const OWN_META = 'The robots meta tag’s rule: a crawler reads `robots` and its own token';

type FetcherFields = Partial<Omit<FetcherUsage, 'role' | 'metaNames' | 'engine'>> & {
  /** Meta names read besides `robots` and its own token, lower-cased. */
  readonly alsoReads?: readonly string[];
};

/** A fetcher reading `robots` and its own token (and `alsoReads`), lower-cased, with `engine`'s reading. */
function fetcher(token: string, engine: DirectiveEngine, fields: FetcherFields = {}): FetcherUsage {
  const { alsoReads = [], ...rest } = fields;
  return {
    role: 'fetcher',
    metaNames: [...new Set(['robots', token.toLowerCase(), ...alsoReads])],
    engine,
    robotsMayNotApply: false,
    controlTokens: [],
    pairedBlock: null,
    explainsBlock: null,
    noarchiveMeansNoTraining: false,
    source: OWN_META,
    verified: USAGE_FACTS_AS_OF,
    ...rest,
  };
}

const GOOGLE_EXTENDED: readonly CrawlerToken[] = ['Google-Extended'];

/** One of Google's crawlers; `text`: it also reads the `googlebot` meta name (Google's text crawlers). */
const google = (token: CrawlerToken, text: boolean, extended = true): FetcherUsage =>
  fetcher(token, 'google', {
    alsoReads: text ? ['googlebot'] : [],
    controlTokens: extended ? GOOGLE_EXTENDED : [],
    source: GOOGLE_META,
  });
const other = (token: CrawlerToken): FetcherUsage => fetcher(token, 'other');

/** A fetcher whose operator says robots.txt may not apply to what it fetches for a person. */
const userFetch = (token: CrawlerToken, source: string): FetcherUsage =>
  fetcher(token, 'other', { robotsMayNotApply: true, source });

/** GPTBot and OAI-SearchBot: blocking the training crawler leaves ChatGPT search's crawler free. */
const OPENAI_PAIR = { blocked: 'GPTBot', open: 'OAI-SearchBot', explanation: 1 } as const;
const OPENAI_SOURCE = 'OpenAI’s bots page: GPTBot and OAI-SearchBot are controlled separately';

const control = (fields: Omit<ControlTokenUsage, 'role' | 'inheritsStar'>): ControlTokenUsage => ({
  role: 'control-token',
  inheritsStar: true,
  ...fields,
});

/** Every crawler's usage facts (the type requires one entry per token). */
export const USAGE_FACTS: { readonly [T in CrawlerToken]: UsageFacts } = {
  Googlebot: google('Googlebot', true),
  'Googlebot-Image': google('Googlebot-Image', false),
  'Googlebot-Video': google('Googlebot-Video', false),
  'Googlebot-News': google('Googlebot-News', true),
  'Google-InspectionTool': google('Google-InspectionTool', true),
  'Storebot-Google': google('Storebot-Google', false),
  GoogleOther: google('GoogleOther', false),
  'Google-CloudVertexBot': google('Google-CloudVertexBot', false, false),
  'Google-Extended': control({
    fetchedBy: 'Googlebot',
    purposes: ['ai-train', 'ai-input'],
    scope: 'Gemini training, and grounding in Gemini Apps and Vertex AI; not Google Search or AI Overviews',
    brief: 'Gemini only: Search and AI Overviews unaffected',
    explainsDisallow: 2,
    source: 'Google common crawlers page, Google-Extended [S14]',
    verified: '2026-08-28',
  }),
  // A special-case crawler: Google-Extended does not speak for it.
  'AdsBot-Google': google('AdsBot-Google', false, false),
  bingbot: fetcher('bingbot', 'bing', { alsoReads: ['msnbot'], source: 'Bing’s robots meta tag documentation' }),
  Applebot: fetcher('Applebot', 'other', {
    controlTokens: ['Applebot-Extended'] satisfies readonly CrawlerToken[],
    source: 'Apple support 119829: Applebot reads `robots` and `applebot`, never `googlebot`',
  }),
  'Applebot-Extended': control({
    fetchedBy: 'Applebot',
    purposes: ['ai-train'],
    scope: "training of Apple's foundation models; not Siri, Spotlight or Safari search",
    brief: "Apple's model training only: Siri, Spotlight and Safari unaffected",
    explainsDisallow: 3,
    source: 'Apple support 119829 [S19]',
    verified: '2026-08-28',
  }),
  GPTBot: fetcher('GPTBot', 'other', { pairedBlock: OPENAI_PAIR, source: OPENAI_SOURCE }),
  'OAI-SearchBot': fetcher('OAI-SearchBot', 'other', { pairedBlock: OPENAI_PAIR, source: OPENAI_SOURCE }),
  'ChatGPT-User': userFetch('ChatGPT-User', 'OpenAI’s bots page: robots.txt rules may not apply to ChatGPT-User'),
  'OAI-AdsBot': other('OAI-AdsBot'),
  ClaudeBot: other('ClaudeBot'),
  'Claude-SearchBot': other('Claude-SearchBot'),
  'Claude-User': other('Claude-User'),
  PerplexityBot: other('PerplexityBot'),
  'Perplexity-User': userFetch(
    'Perplexity-User',
    'Perplexity’s crawlers page: Perplexity-User generally ignores robots.txt',
  ),
  'MistralAI-Training': other('MistralAI-Training'),
  'MistralAI-Index': other('MistralAI-Index'),
  'MistralAI-User': other('MistralAI-User'),
  CCBot: fetcher('CCBot', 'other', {
    explainsBlock: 6,
    source: 'Common Crawl’s CCBot page: a block stops future crawls; past snapshots stay',
  }),
  Bytespider: other('Bytespider'),
  'meta-externalagent': other('meta-externalagent'),
  'meta-webindexer': other('meta-webindexer'),
  'meta-externalfetcher': other('meta-externalfetcher'),
  Amazonbot: fetcher('Amazonbot', 'other', {
    noarchiveMeansNoTraining: true,
    source: 'Amazon’s Amazonbot page: NOARCHIVE keeps a page out of LLM training [S27]',
  }),
  'Amzn-SearchBot': other('Amzn-SearchBot'),
  'Amzn-User': other('Amzn-User'),
  DuckDuckBot: other('DuckDuckBot'),
  DuckAssistBot: other('DuckAssistBot'),
  YandexBot: fetcher('YandexBot', 'yandex', { alsoReads: ['yandex'], source: 'Yandex’s robots meta tag help' }),
  Baiduspider: other('Baiduspider'),
};

/** The tokens of the records the Use verdict reads that are no presets. */
export type UsageOnlyToken = '__usage_ai-training' | 'CloudflareBrowserRenderingCrawler';

/** The records the Use verdict reads that are no presets, each saying why. */
export const USAGE_ONLY_RECORDS: readonly (UsageOnlyRecord & { readonly token: UsageOnlyToken })[] = [
  {
    token: '__usage_ai-training',
    operator: null,
    preset: false,
    notPreset: 'A training-preference policy token: nothing fetches under it, and its spelling is unconfirmed.',
    usage: {
      role: 'policy-token',
      confirmed: false,
      source: 'draft-kelley-aipref-training-preference-signal-00 (abstract); spelling from one third-party tool [S9]',
      verified: '2026-11-25',
    },
  },
  {
    token: 'CloudflareBrowserRenderingCrawler',
    operator: 'Cloudflare',
    preset: false,
    notPreset:
      'Cloudflare’s Browser Rendering /crawl fetcher, seen in one managed list only: no site writes rules for it yet.',
    usage: fetcher('CloudflareBrowserRenderingCrawler', 'other', {
      source: 'Cloudflare changelog on Browser Rendering /crawl [S7]; the token in one managed list [S31, L]',
    }),
  },
];
