/**
 * How the Use verdict reads each crawler of the catalogue (records.ts), keyed by its token (the type
 * requires one entry per token): a fetcher's meta names and whose page-directive reading it follows,
 * whether robots.txt may not apply to it, the control tokens that speak for it and the explanations
 * its behaviour calls for; a control token's scope and the crawler that fetches for it. The records
 * the Use verdict reads that are no presets (the training-policy token, Cloudflare's /crawl fetcher)
 * are here too, marked so. Where each fact comes from is kept beside it (usage-sources.ts), which the
 * popup never loads.
 */
import type { CrawlerToken } from './records';
import type { ControlTokenUsage, DirectiveEngine, FetcherUsage, UsageFacts, UsageOnlyRecord } from './types';

/** When the usage facts were last checked against their sources (usage-sources.ts). */
export const USAGE_FACTS_AS_OF = '2026-11-25';

/** A fetcher with `engine`'s page-directive reading. */
const fetcher = (
  engine: DirectiveEngine,
  fields: Partial<Omit<FetcherUsage, 'role' | 'engine'>> = {},
): FetcherUsage => ({
  role: 'fetcher',
  alsoReads: [],
  engine,
  robotsMayNotApply: false,
  controlTokens: [],
  pairedBlock: null,
  explainsBlock: null,
  noarchiveMeansNoTraining: false,
  ...fields,
});

/** A fetcher reading only `robots` and its own token, with nothing else the Use verdict heeds. */
const OTHER = fetcher('other');
const GOOGLE_EXTENDED: readonly CrawlerToken[] = ['Google-Extended'];
/** One of Google's crawlers that Google-Extended speaks for. */
const GOOGLE = fetcher('google', { controlTokens: GOOGLE_EXTENDED });
/** One of Google's text crawlers: it also reads the `googlebot` meta name. */
const GOOGLE_TEXT = fetcher('google', { alsoReads: ['googlebot'], controlTokens: GOOGLE_EXTENDED });
/** One of Google's crawlers that Google-Extended does not speak for. */
const GOOGLE_ALONE = fetcher('google');
/** A fetcher whose operator says robots.txt may not apply to what it fetches for a person. */
const USER_FETCH = fetcher('other', { robotsMayNotApply: true });

/** GPTBot and OAI-SearchBot: blocking the training crawler leaves ChatGPT search's crawler free. */
const OPENAI_PAIR = fetcher('other', { pairedBlock: { blocked: 'GPTBot', open: 'OAI-SearchBot', explanation: 1 } });

const control = (fields: Omit<ControlTokenUsage, 'role' | 'inheritsStar'>): ControlTokenUsage => ({
  role: 'control-token',
  inheritsStar: true,
  ...fields,
});

/** Every crawler's usage facts (the type requires one entry per token). */
export const USAGE_FACTS: { readonly [T in CrawlerToken]: UsageFacts } = {
  Googlebot: GOOGLE_TEXT,
  'Googlebot-Image': GOOGLE,
  'Googlebot-Video': GOOGLE,
  'Googlebot-News': GOOGLE_TEXT,
  'Google-InspectionTool': GOOGLE_TEXT,
  'Storebot-Google': GOOGLE,
  GoogleOther: GOOGLE,
  'Google-CloudVertexBot': GOOGLE_ALONE,
  'Google-Extended': control({
    fetchedBy: 'Googlebot',
    purposes: ['ai-train', 'ai-input'],
    scope: 'Gemini training, and grounding in Gemini Apps and Vertex AI; not Google Search or AI Overviews',
    brief: 'Gemini only: Search and AI Overviews unaffected',
    explainsDisallow: 2,
  }),
  // A special-case crawler: Google-Extended does not speak for it.
  'AdsBot-Google': GOOGLE_ALONE,
  bingbot: fetcher('bing', { alsoReads: ['msnbot'] }),
  Applebot: fetcher('other', { controlTokens: ['Applebot-Extended'] satisfies readonly CrawlerToken[] }),
  'Applebot-Extended': control({
    fetchedBy: 'Applebot',
    purposes: ['ai-train'],
    scope: "training of Apple's foundation models; not Siri, Spotlight or Safari search",
    brief: "Apple's model training only: Siri, Spotlight and Safari unaffected",
    explainsDisallow: 3,
  }),
  GPTBot: OPENAI_PAIR,
  'OAI-SearchBot': OPENAI_PAIR,
  'ChatGPT-User': USER_FETCH,
  'OAI-AdsBot': OTHER,
  ClaudeBot: OTHER,
  'Claude-SearchBot': OTHER,
  'Claude-User': OTHER,
  PerplexityBot: OTHER,
  'Perplexity-User': USER_FETCH,
  'MistralAI-Training': OTHER,
  'MistralAI-Index': OTHER,
  'MistralAI-User': OTHER,
  CCBot: fetcher('other', { explainsBlock: 6 }),
  Bytespider: OTHER,
  'meta-externalagent': OTHER,
  'meta-webindexer': OTHER,
  'meta-externalfetcher': OTHER,
  Amazonbot: fetcher('other', { noarchiveMeansNoTraining: true }),
  'Amzn-SearchBot': OTHER,
  'Amzn-User': OTHER,
  DuckDuckBot: OTHER,
  DuckAssistBot: OTHER,
  YandexBot: fetcher('yandex', { alsoReads: ['yandex'] }),
  Baiduspider: OTHER,
};

/** The tokens of the records the Use verdict reads that are no presets. */
export type UsageOnlyToken = '__usage_ai-training' | 'CloudflareBrowserRenderingCrawler';

/** The records the Use verdict reads that are no presets (usage-sources.ts says why each is none). */
export const USAGE_ONLY_RECORDS: readonly (UsageOnlyRecord & { readonly token: UsageOnlyToken })[] = [
  {
    token: '__usage_ai-training',
    operator: null,
    preset: false,
    usage: { role: 'policy-token', confirmed: false },
  },
  {
    token: 'CloudflareBrowserRenderingCrawler',
    operator: 'Cloudflare',
    preset: false,
    usage: OTHER,
  },
];
