/**
 * What each operator of the catalogue says about the usage signals it reads (its consumer
 * statuses: which signal it honours, with the claim, its source and date) and which control governs
 * which of its products (its surfaces), keyed by the operator's name as the records write it (the
 * type requires one entry per operator). Dated data, not logic: a signal an operator published
 * nothing about is `unknown`. Read by lib/usage's consumer view and surface lines, never by the
 * popup's first script. Re-check every statement before a release and move OPERATOR_FACTS_AS_OF.
 */
import type { CrawlerToken } from './records';
import type { ConsumerFacts, ConsumerStatement, OperatorFacts } from './types';
import type { UsageOnlyToken } from './usage';

/** When the operators' statements were last checked: "per operators' published statements as of …". */
export const OPERATOR_FACTS_AS_OF = '2026-11-25';

/** Every operator a record names (records.ts, and the usage-only records of usage.ts). */
export type OperatorName =
  | 'Google'
  | 'OpenAI'
  | 'Anthropic'
  | 'Perplexity'
  | 'Microsoft'
  | 'Apple'
  | 'Amazon'
  | 'Common Crawl'
  | 'Cloudflare'
  | 'Mistral'
  | 'ByteDance'
  | 'Meta'
  | 'DuckDuckGo'
  | 'Yandex'
  | 'Baidu';

/** A token a surface row may name: a preset's, or a usage-only record's. */
type SurfaceToken = CrawlerToken | UsageOnlyToken;

/** An operator's facts, its surfaces naming only tokens the catalogue has. */
type CheckedOperatorFacts = OperatorFacts & {
  readonly surfaces: readonly (OperatorFacts['surfaces'][number] & { readonly tokens: readonly SurfaceToken[] })[];
};

const V = OPERATOR_FACTS_AS_OF;

const statements = (list: readonly [ConsumerStatement, ...ConsumerStatement[]]): ConsumerFacts => ({
  kind: 'statements',
  statements: list,
});
/** An operator of whom no statement about reading a usage signal is known: every signal is `unknown` for it. */
const NO_STATEMENTS: ConsumerFacts = {
  kind: 'none',
  why: 'It has published no statement about reading a usage signal, in what we read.',
};
const GOOGLEBOTS: readonly CrawlerToken[] = ['Googlebot', 'Googlebot-Image', 'Googlebot-Video', 'Googlebot-News'];

/**
 * Every operator's statements and surfaces, in the order the surface table lists them (each
 * operator's surfaces together).
 */
export const OPERATOR_FACTS: { readonly [O in OperatorName]: CheckedOperatorFacts } = {
  Google: {
    consumers: statements([
      {
        signalId: 'robots-noindex',
        status: 'honoured',
        claim: 'noindex keeps the page out of Search',
        source: 'S13',
        sourceDate: '2025-03-05',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'content-usage-robots',
        status: 'not-honoured',
        claim: 'content-usage is among the tags Google does not use',
        source: 'S11 google/robotstxt 4af32e5; S12',
        sourceDate: '2026-07-06',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'content-usage-header',
        status: 'not-honoured',
        claim: 'Content-Usage has no effect on Google',
        source: 'S12',
        sourceDate: '2026-07-06',
        verified: V,
        confidence: 'M',
      },
      {
        signalId: 'content-signal',
        status: 'not-honoured',
        claim: 'content-signal is among the tags Google does not use',
        source: 'S11; S12',
        sourceDate: '2026-07-06',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'content-signal-use',
        status: 'not-honoured',
        claim: 'content-signal is among the tags Google does not use',
        source: 'S11',
        sourceDate: '2026-02-19',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'training-policy',
        status: 'announced',
        claim: 'intends to support the shared training preference signal',
        source: 'S10 Google crawling changelog',
        sourceDate: '2026-10-30',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'control-token',
        status: 'honoured',
        claim: 'Google-Extended controls Gemini training and grounding',
        source: 'S14',
        sourceDate: '2026-08-28',
        verified: V,
        confidence: 'M',
      },
      {
        signalId: 'snippet-controls',
        status: 'honoured',
        claim: 'nosnippet and max-snippet limit AI Overviews and AI Mode',
        source: 'S13',
        sourceDate: '2025-03-05',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'archive-controls',
        status: 'not-honoured',
        claim: 'Google ignores noarchive and nocache',
        source: 'S13',
        sourceDate: '2025-03-05',
        verified: V,
        confidence: 'H',
      },
      {
        signalId: 'noai',
        status: 'not-honoured',
        claim: 'noai is not among the rules Google supports',
        source: 'S13',
        sourceDate: '2025-03-05',
        verified: V,
        confidence: 'H',
      },
    ]),
    surfaces: [
      {
        id: 'google-search',
        surface: 'Google Search results',
        tokens: GOOGLEBOTS,
        purposes: ['search'],
        robotsControl: 'Disallow Googlebot (the URL may still be listed without content)',
        pageControl: 'noindex; nosnippet (snippet only)',
        cannotRead: 'Search Console removals',
        doesNotControl: 'Google-Extended; Content-Signal search=no; Content-Usage search=n',
        sources: 'S11, S13, S14, S30',
      },
      {
        id: 'google-ai-overviews',
        surface: 'AI Overviews, AI Mode',
        tokens: ['Googlebot'],
        purposes: ['ai-input'],
        robotsControl: 'Disallow Googlebot (also leaves Search)',
        pageControl: 'nosnippet, data-nosnippet, max-snippet, noindex',
        cannotRead: 'Search Console "Search generative AI" exclusion',
        doesNotControl: 'Google-Extended',
        sources: 'S13, S15, S35',
      },
      {
        id: 'gemini',
        surface: 'Gemini Apps / Vertex AI training and grounding',
        tokens: ['Google-Extended', 'Googlebot'],
        purposes: ['ai-train', 'ai-input'],
        robotsControl: 'Google-Extended Disallow',
        pageControl: '—',
        cannotRead: '—',
        doesNotControl: 'Googlebot rules alone',
        sources: 'S14',
      },
      {
        id: 'google-training-signal',
        surface: 'Google training via the shared signal (future)',
        tokens: ['Googlebot', '__usage_ai-training'],
        purposes: ['ai-train'],
        robotsControl: 'training-policy group (unconfirmed)',
        pageControl: '—',
        cannotRead: '—',
        doesNotControl: '—',
        sources: 'S10',
      },
    ],
    explainsUnusedLines: 5,
  },
  OpenAI: {
    consumers: NO_STATEMENTS,
    surfaces: [
      {
        id: 'chatgpt-search',
        surface: 'ChatGPT search',
        tokens: ['OAI-SearchBot'],
        purposes: ['search', 'ai-input'],
        robotsControl: 'Disallow OAI-SearchBot (may still appear as a bare navigational link)',
        pageControl: '?',
        cannotRead: '—',
        doesNotControl: 'GPTBot',
        sources: 'S20',
      },
      {
        id: 'openai-training',
        surface: 'OpenAI model training',
        tokens: ['GPTBot'],
        purposes: ['ai-train'],
        robotsControl: 'Disallow GPTBot',
        pageControl: '?',
        cannotRead: '—',
        doesNotControl: 'OAI-SearchBot',
        sources: 'S20',
      },
      {
        id: 'chatgpt-user',
        surface: 'ChatGPT user fetches',
        tokens: ['ChatGPT-User'],
        purposes: ['ai-input'],
        robotsControl: '"may not apply"',
        pageControl: '?',
        cannotRead: 'edge blocking',
        doesNotControl: '—',
        sources: 'S20',
      },
    ],
    explainsUnusedLines: null,
  },
  Anthropic: {
    consumers: NO_STATEMENTS,
    surfaces: [
      {
        id: 'claude-search',
        surface: 'Claude search / user fetches',
        tokens: ['Claude-SearchBot', 'Claude-User'],
        purposes: ['search', 'ai-input'],
        robotsControl: 'Disallow each (Anthropic: both honour it)',
        pageControl: '?',
        cannotRead: '—',
        doesNotControl: 'ClaudeBot',
        sources: 'S21',
      },
      {
        id: 'claude-training',
        surface: 'Claude training',
        tokens: ['ClaudeBot'],
        purposes: ['ai-train'],
        robotsControl: 'Disallow ClaudeBot',
        pageControl: '?',
        cannotRead: '—',
        doesNotControl: 'Claude-SearchBot',
        sources: 'S21',
      },
    ],
    explainsUnusedLines: null,
  },
  Perplexity: {
    consumers: NO_STATEMENTS,
    surfaces: [
      {
        id: 'perplexity',
        surface: 'Perplexity answers',
        tokens: ['PerplexityBot', 'Perplexity-User'],
        purposes: ['search', 'ai-input'],
        robotsControl: 'Disallow PerplexityBot; Perplexity-User generally ignores robots',
        pageControl: '?',
        cannotRead: 'edge blocking',
        doesNotControl: '—',
        sources: 'S22',
      },
    ],
    explainsUnusedLines: null,
  },
  Microsoft: {
    consumers: statements([
      {
        signalId: 'robots-noindex',
        status: 'honoured',
        claim: 'Bing supports noindex',
        source: 'S36',
        sourceDate: '2026-02-27',
        verified: V,
        confidence: 'M',
      },
      {
        signalId: 'snippet-controls',
        status: 'partial',
        claim: 'nosnippet and data-nosnippet may limit citations',
        source: 'S18',
        sourceDate: '2026-02-27',
        verified: V,
        confidence: 'M',
      },
      {
        signalId: 'archive-controls',
        status: 'honoured',
        claim: 'noarchive and nocache limit Copilot and Bing grounding (training: 2023 statement)',
        source: 'S17, S18',
        sourceDate: '2026-02-27',
        verified: V,
        confidence: 'M',
      },
    ]),
    surfaces: [
      {
        id: 'bing-search',
        surface: 'Bing search',
        tokens: ['bingbot'],
        purposes: ['search'],
        robotsControl: 'Disallow bingbot',
        pageControl: 'noindex',
        cannotRead: '—',
        doesNotControl: 'Content-Signal: unknown',
        sources: 'S18, S36',
      },
      {
        id: 'copilot',
        surface: 'Copilot answers, Bing grounding API',
        tokens: ['bingbot'],
        purposes: ['ai-input'],
        robotsControl: 'Disallow bingbot (also leaves Bing)',
        pageControl: 'noarchive (excluded); nocache (URL/title/snippet); nosnippet/data-nosnippet (citations limited)',
        cannotRead: '—',
        doesNotControl: '—',
        sources: 'S17, S18',
      },
      {
        id: 'microsoft-training',
        surface: 'Microsoft model training',
        tokens: ['bingbot'],
        purposes: ['ai-train'],
        robotsControl: '—',
        pageControl: 'noarchive, nocache (2023 statement; unconfirmed for 2026)',
        cannotRead: '—',
        doesNotControl: '—',
        sources: 'S17',
      },
    ],
    explainsUnusedLines: null,
  },
  Apple: {
    consumers: statements([
      {
        signalId: 'robots-noindex',
        status: 'honoured',
        claim: 'Applebot supports noindex',
        source: 'S36 Apple HT204683',
        sourceDate: '2026-08-28',
        verified: V,
        confidence: 'M',
      },
      {
        signalId: 'control-token',
        status: 'honoured',
        claim: "Applebot-Extended controls Apple's model training",
        source: 'S19',
        sourceDate: '2026-08-28',
        verified: V,
        confidence: 'M',
      },
    ]),
    surfaces: [
      {
        id: 'apple-search',
        surface: 'Siri / Spotlight / Safari search',
        tokens: ['Applebot'],
        purposes: ['search'],
        robotsControl: 'Disallow Applebot',
        pageControl: 'noindex',
        cannotRead: '—',
        doesNotControl: 'Applebot-Extended',
        sources: 'S19, S30',
      },
      {
        id: 'apple-training',
        surface: 'Apple foundation-model training',
        tokens: ['Applebot-Extended', 'Applebot'],
        purposes: ['ai-train'],
        robotsControl: 'Applebot-Extended Disallow',
        pageControl: '—',
        cannotRead: '—',
        doesNotControl: 'Applebot rules alone',
        sources: 'S19',
      },
    ],
    explainsUnusedLines: null,
  },
  Amazon: {
    consumers: statements([
      {
        signalId: 'archive-controls',
        status: 'honoured',
        claim: 'NOARCHIVE: the page is not used for LLM training',
        source: 'S27',
        sourceDate: '2026',
        verified: V,
        confidence: 'M',
      },
    ]),
    surfaces: [],
    explainsUnusedLines: null,
  },
  'Common Crawl': {
    consumers: NO_STATEMENTS,
    surfaces: [
      {
        id: 'common-crawl',
        surface: 'Common Crawl corpus (reused downstream)',
        tokens: ['CCBot'],
        purposes: ['ai-train'],
        robotsControl: 'Disallow CCBot (future crawls only; old snapshots stay)',
        pageControl: '?',
        cannotRead: '—',
        doesNotControl: '—',
        sources: 'S23',
      },
    ],
    explainsUnusedLines: null,
  },
  Cloudflare: {
    consumers: statements([
      {
        signalId: 'content-signal-use',
        status: 'honoured',
        claim: "/crawl refuses (HTTP 400) when the site's use level is below the caller's contentUse",
        source: 'S7 Cloudflare changelog',
        sourceDate: '2026-08-31',
        verified: V,
        confidence: 'H',
      },
    ]),
    surfaces: [
      {
        id: 'cloudflare-crawl',
        surface: 'Cloudflare Browser Rendering /crawl',
        tokens: ['CloudflareBrowserRenderingCrawler'],
        purposes: ['use-level'],
        robotsControl: 'robots.txt',
        pageControl: 'Content-Signal use',
        cannotRead: 'AI Crawl Control rules',
        doesNotControl: '—',
        sources: 'S7, S31',
      },
    ],
    explainsUnusedLines: null,
  },
  Mistral: {
    consumers: NO_STATEMENTS,
    surfaces: [],
    explainsUnusedLines: null,
  },
  ByteDance: {
    consumers: NO_STATEMENTS,
    surfaces: [],
    explainsUnusedLines: null,
  },
  Meta: {
    consumers: NO_STATEMENTS,
    surfaces: [],
    explainsUnusedLines: null,
  },
  DuckDuckGo: {
    consumers: NO_STATEMENTS,
    surfaces: [],
    explainsUnusedLines: null,
  },
  Yandex: {
    consumers: NO_STATEMENTS,
    surfaces: [],
    explainsUnusedLines: null,
  },
  Baidu: {
    consumers: NO_STATEMENTS,
    surfaces: [],
    explainsUnusedLines: null,
  },
};
