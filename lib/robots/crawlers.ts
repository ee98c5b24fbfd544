/**
 * Crawler presets as versioned data (CRAWLERS.md): each crawler's robots.txt token, purpose,
 * Crawl-delay support and documented group selection (fallback tokens, `*` ignored, Yandex's
 * "contains" rule). Update the entries and bump CRAWLERS_VERSION; no code change is needed.
 */

import { toAsciiLower } from '../shared/ascii';

/** Version of the preset data; bump it with every change to CRAWLERS. */
export const CRAWLERS_VERSION = '2026-11-25.1';

/** When the catalogue as a whole was last checked against its sources (shown beside it in the UI). */
export const CRAWLERS_AS_OF = '2026-11-25';

/** What a crawler is for; the popup groups its switcher by these. */
export type CrawlerPurpose = 'search' | 'ai-training' | 'ai-search' | 'user-triggered' | 'other';

/** Whether a crawler honours Crawl-delay, as its operator documents it. */
export type CrawlDelaySupportKind =
  'honoured' | 'ignored' | 'not-documented' | 'unknown' | 'not-applicable' | 'claimed' | 'not-supported';

/** Crawl-delay support with one sentence a person can read. */
export interface CrawlDelaySupport {
  readonly kind: CrawlDelaySupportKind;
  readonly note: string;
}

/** How a crawler picks its group before falling back to `*`. */
export type GroupMatchMode =
  /** A group naming the token (Google's grammar: whole token, ASCII case-insensitive). */
  | { readonly kind: 'token' }
  /** Any group whose User-agent value contains `needle`, ASCII case-insensitively (Yandex). */
  | { readonly kind: 'contains'; readonly needle: string };

/** One crawler preset. */
export interface CrawlerPreset {
  /** What is matched against User-agent lines. */
  readonly token: string;
  readonly name: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** The purpose in words, e.g. "search (images)". */
  readonly purposeLabel: string;
  /** Whether it obeys robots.txt, in the operator's (or reporters') words. */
  readonly obeysRobots: string;
  readonly crawlDelay: CrawlDelaySupport;
  /** Tokens tried in order when no group names `token`, before `*`. */
  readonly fallbacks: readonly string[];
  /** Only a group naming the crawler applies; `*` never does (AdsBot-Google). */
  readonly ignoresGlobal: boolean;
  readonly groupMatch: GroupMatchMode;
  /**
   * False for a control token (Google-Extended, Applebot-Extended): other crawlers of its operator
   * read the rules written for it, but nothing fetches under its name.
   */
  readonly fetches: boolean;
  /** Where the operator publishes the IP addresses its crawler uses ("none" where it publishes nothing). */
  readonly ipRanges: string;
  /** Where the facts come from. */
  readonly source: string;
  /** When the facts were last checked against the source (YYYY-MM-DD). */
  readonly verified: string;
}

const VERIFIED = '2026-11-01';
/** The late-2026 additions of CRAWLERS.md, checked on this date. */
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

type PresetDefaults = 'name' | 'obeysRobots' | 'fallbacks' | 'ignoresGlobal' | 'groupMatch' | 'verified' | 'fetches';

/** `name` defaults to the token, `obeysRobots` to `yes`, `fetches` to true. */
function createPreset(
  fields: Omit<CrawlerPreset, PresetDefaults> & Partial<Pick<CrawlerPreset, PresetDefaults>>,
): CrawlerPreset {
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

const GOOGLE_COMMON_IPS = "Google's common-crawlers IP list";
const GOOGLE_SPECIAL_IPS = "Google's special-case crawlers IP list";
const NO_CRAWLER_IPS = 'none: a control token, nothing fetches under it';

/** Every crawler preset, in the order the popup lists them (each operator's crawlers together). */
export const CRAWLERS: readonly CrawlerPreset[] = [
  createPreset({
    token: 'Googlebot',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: GOOGLE_DELAY,
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'Googlebot-Image',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'search (images)',
    crawlDelay: GOOGLE_DELAY,
    fallbacks: ['Googlebot'],
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'Googlebot-Video',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'search (video)',
    crawlDelay: GOOGLE_DELAY,
    fallbacks: ['Googlebot'],
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'Googlebot-News',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'search (news)',
    crawlDelay: GOOGLE_DELAY,
    fallbacks: ['Googlebot'],
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'Google-InspectionTool',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'search testing tools (Search Console, Rich Results Test)',
    crawlDelay: GOOGLE_DELAY,
    fallbacks: ['Googlebot'],
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'Storebot-Google',
    operator: 'Google',
    purpose: 'search',
    purposeLabel: 'shopping',
    crawlDelay: GOOGLE_DELAY,
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'GoogleOther',
    operator: 'Google',
    purpose: 'other',
    purposeLabel: 'research crawls',
    crawlDelay: GOOGLE_DELAY,
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'Google-CloudVertexBot',
    operator: 'Google',
    purpose: 'other',
    purposeLabel: 'crawls for Vertex AI agents, on the site owner’s request',
    crawlDelay: GOOGLE_DELAY,
    ipRanges: GOOGLE_COMMON_IPS,
    source: GOOGLE_SOURCE,
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'Google-Extended',
    operator: 'Google',
    purpose: 'ai-training',
    purposeLabel: 'AI training opt-out (token only, no crawler of its own)',
    crawlDelay: TOKEN_ONLY_DELAY,
    fetches: false,
    ipRanges: NO_CRAWLER_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
    token: 'AdsBot-Google',
    operator: 'Google',
    purpose: 'other',
    purposeLabel: 'ads quality',
    obeysRobots: 'yes, but only groups that name it: it ignores *',
    crawlDelay: GOOGLE_DELAY,
    ignoresGlobal: true,
    ipRanges: GOOGLE_SPECIAL_IPS,
    source: GOOGLE_SOURCE,
  }),
  createPreset({
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
    ipRanges: 'Bing publishes its crawler IP list (bingbot.json)',
    source: 'Bing Webmaster blog on crawl-delay (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Applebot',
    operator: 'Apple',
    purpose: 'search',
    purposeLabel: 'search (Siri, Spotlight)',
    crawlDelay: UNDOCUMENTED_DELAY,
    fallbacks: ['Googlebot'],
    ipRanges: 'Apple publishes Applebot’s IP ranges; also reverse DNS (*.applebot.apple.com)',
    source: 'Apple support article on Applebot (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Applebot-Extended',
    operator: 'Apple',
    purpose: 'ai-training',
    purposeLabel: 'AI training opt-out (token only)',
    crawlDelay: TOKEN_ONLY_DELAY,
    fetches: false,
    ipRanges: NO_CRAWLER_IPS,
    source: 'Apple support article on Applebot (CRAWLERS.md)',
  }),
  createPreset({
    token: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'OpenAI publishes gptbot.json',
    source: 'OpenAI bots page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'OpenAI publishes searchbot.json',
    source: 'OpenAI bots page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'may not apply (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipRanges: 'OpenAI publishes chatgpt-user.json',
    source: 'OpenAI bots page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'OAI-AdsBot',
    operator: 'OpenAI',
    purpose: 'other',
    purposeLabel: 'checks ad landing pages',
    obeysRobots: 'not stated',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'not stated',
    source: 'OpenAI bots page (CRAWLERS.md)',
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'ClaudeBot',
    operator: 'Anthropic',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    crawlDelay: { kind: 'honoured', note: 'Anthropic says its crawlers honour Crawl-delay.' },
    ipRanges: 'Anthropic: publication reported inconsistently',
    source: 'Anthropic support article on its crawlers (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Claude-SearchBot',
    operator: 'Anthropic',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: { kind: 'honoured', note: 'Anthropic says its crawlers honour Crawl-delay.' },
    ipRanges: 'Anthropic: publication reported inconsistently',
    source: 'Anthropic support article on its crawlers (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Claude-User',
    operator: 'Anthropic',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    crawlDelay: { kind: 'honoured', note: 'Anthropic says its crawlers honour Crawl-delay.' },
    ipRanges: 'Anthropic: publication reported inconsistently',
    source: 'Anthropic support article on its crawlers (CRAWLERS.md)',
  }),
  createPreset({
    token: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'ai-search',
    purposeLabel: 'AI search',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'Perplexity publishes perplexitybot.json',
    source: 'Perplexity crawlers page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'generally ignores robots.txt (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipRanges: 'Perplexity publishes perplexity-user.json',
    source: 'Perplexity crawlers page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'MistralAI-Training',
    operator: 'Mistral',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    obeysRobots: 'documented per token on Mistral’s crawler page',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'Mistral publishes them on its crawler page',
    source: "Mistral's crawler page (CRAWLERS.md)",
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'MistralAI-Index',
    operator: 'Mistral',
    purpose: 'ai-search',
    purposeLabel: 'AI search index',
    obeysRobots: 'documented per token on Mistral’s crawler page',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'Mistral publishes them on its crawler page',
    source: "Mistral's crawler page (CRAWLERS.md)",
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'MistralAI-User',
    operator: 'Mistral',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'documented per token on Mistral’s crawler page',
    crawlDelay: USER_FETCH_DELAY,
    ipRanges: 'Mistral publishes them on its crawler page',
    source: "Mistral's crawler page (CRAWLERS.md)",
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'CCBot',
    operator: 'Common Crawl',
    purpose: 'ai-training',
    purposeLabel: 'open crawl (AI training)',
    crawlDelay: { kind: 'claimed', note: 'Common Crawl says CCBot honours Crawl-delay.' },
    ipRanges: 'Common Crawl publishes its crawler IP ranges',
    source: 'Common Crawl CCBot page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    purposeLabel: 'AI training',
    obeysRobots: 'reportedly not',
    crawlDelay: UNKNOWN_DELAY,
    ipRanges: 'none',
    source: 'Public reports (CRAWLERS.md)',
  }),
  createPreset({
    token: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    purposeLabel: 'AI training / indexing',
    crawlDelay: UNKNOWN_DELAY,
    ipRanges: 'none',
    source: "Meta's crawler documentation (CRAWLERS.md)",
  }),
  createPreset({
    token: 'meta-webindexer',
    operator: 'Meta',
    purpose: 'ai-search',
    purposeLabel: 'AI search index',
    obeysRobots: 'not stated',
    crawlDelay: UNKNOWN_DELAY,
    ipRanges: 'none',
    source: "Meta's crawler documentation (CRAWLERS.md)",
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'meta-externalfetcher',
    operator: 'Meta',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'no: may bypass robots.txt (fetches a person asked for)',
    crawlDelay: USER_FETCH_DELAY,
    ipRanges: 'none',
    source: "Meta's crawler documentation (CRAWLERS.md)",
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'Amazonbot',
    operator: 'Amazon',
    purpose: 'ai-search',
    purposeLabel: 'assistant / AI',
    crawlDelay: { kind: 'not-supported', note: 'Amazonbot does not support Crawl-delay.' },
    ipRanges: 'none published: verify by reverse DNS (*.crawl.amazonbot.amazon)',
    source: 'Amazon Amazonbot page (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Amzn-SearchBot',
    operator: 'Amazon',
    purpose: 'search',
    purposeLabel: 'search',
    obeysRobots: 'not stated',
    crawlDelay: UNDOCUMENTED_DELAY,
    ipRanges: 'none',
    source: 'Amazon crawler documentation (CRAWLERS.md)',
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'Amzn-User',
    operator: 'Amazon',
    purpose: 'user-triggered',
    purposeLabel: 'user-triggered fetch',
    obeysRobots: 'not stated',
    crawlDelay: USER_FETCH_DELAY,
    ipRanges: 'none',
    source: 'Amazon crawler documentation (CRAWLERS.md)',
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: UNKNOWN_DELAY,
    ipRanges: 'DuckDuckGo publishes DuckDuckBot’s IP addresses',
    source: "DuckDuckGo's crawler documentation (CRAWLERS.md)",
  }),
  createPreset({
    token: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    purpose: 'ai-search',
    purposeLabel: 'AI answers',
    obeysRobots: 'not stated',
    crawlDelay: UNKNOWN_DELAY,
    ipRanges: 'none',
    source: "DuckDuckGo's crawler documentation (CRAWLERS.md)",
    verified: VERIFIED_LATE_2026,
  }),
  createPreset({
    token: 'YandexBot',
    operator: 'Yandex',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: {
      kind: 'ignored',
      note: 'Yandex has ignored Crawl-delay since 2018-02-22 (set the rate in Yandex Webmaster).',
    },
    groupMatch: { kind: 'contains', needle: 'Yandex' },
    ipRanges: 'none published: verify by reverse DNS (yandex.ru, yandex.net, yandex.com)',
    source: 'Yandex webmaster help (CRAWLERS.md)',
  }),
  createPreset({
    token: 'Baiduspider',
    operator: 'Baidu',
    purpose: 'search',
    purposeLabel: 'search',
    crawlDelay: UNKNOWN_DELAY,
    ipRanges: 'none published: verify by reverse DNS (*.baidu.com, *.baidu.jp)',
    source: "Baidu's crawler documentation (CRAWLERS.md)",
  }),
];

/** Returns the preset whose token equals `token` (ASCII case-insensitively), or undefined. */
export function findCrawler(token: string): CrawlerPreset | undefined {
  // Callers ask for the same few tokens over and over (a workbench run): remember them as written.
  const known = presetsAsWritten.get(token);
  if (known !== undefined) return known ?? undefined;
  if (presetsAsWritten.size >= 256) presetsAsWritten.clear();
  const found = findCrawlerFolded(token);
  presetsAsWritten.set(token, found ?? null);
  return found;
}

const presetsAsWritten = new Map<string, CrawlerPreset | null>();

function findCrawlerFolded(token: string): CrawlerPreset | undefined {
  const folded = toAsciiLower(token);
  // Preset tokens are ASCII, so the native fold is the ASCII fold; the first preset of a token wins.
  for (const c of CRAWLERS) if (c.token.length === folded.length && c.token.toLowerCase() === folded) return c;
  return undefined;
}

/** Tokens no longer used by their operators, with what replaced them (null: nothing did) (CRAWLERS.md notes). */
export const DEPRECATED_TOKENS: ReadonlyMap<string, { readonly token: string; readonly replacement: string | null }> =
  new Map([
    ['anthropic-ai', { token: 'anthropic-ai', replacement: 'ClaudeBot' }],
    ['claude-web', { token: 'Claude-Web', replacement: 'ClaudeBot, Claude-SearchBot or Claude-User' }],
    ['cohere-ai', { token: 'cohere-ai', replacement: null }],
  ]);
