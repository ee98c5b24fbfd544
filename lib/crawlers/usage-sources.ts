/**
 * Where each record's usage facts (usage.ts) come from and when they were checked, why no surface
 * row names it where none does, and why a usage-only record is no preset: keyed by token, required
 * for every token by the type system. Kept beside the facts so the popup, which reads the facts,
 * never loads the words about them; catalogue.ts and the records' test read them.
 */
import type { CrawlerToken } from './records';
import type { UsageSource } from './types';
import { USAGE_FACTS_AS_OF, type UsageOnlyToken } from './usage';

/** A crawler no surface row names. */
const UNLISTED = 'The surface table names no product whose content this crawler’s rules control, in what we read.';

const GOOGLE_META =
  'Google’s robots meta tag and X-Robots-Tag documentation; Google-Extended on Google’s common crawlers page';
const OWN_META = 'The robots meta tag’s rule: a crawler reads `robots` and its own token';
const OPENAI_PAIR = 'OpenAI’s bots page: GPTBot and OAI-SearchBot are controlled separately';

/** Facts checked on USAGE_FACTS_AS_OF; `listed`: a surface row names the crawler. */
const from = (source: string, listed: boolean): UsageSource => ({
  source,
  verified: USAGE_FACTS_AS_OF,
  noSurfaceRow: listed ? null : UNLISTED,
});
const own = (listed = false) => from(OWN_META, listed);
const google = (listed = false) => from(GOOGLE_META, listed);

/** Every record's sources (the type requires one entry per token, usage-only records included). */
export const USAGE_SOURCES: { readonly [T in CrawlerToken | UsageOnlyToken]: UsageSource } = {
  Googlebot: google(true),
  'Googlebot-Image': google(true),
  'Googlebot-Video': google(true),
  'Googlebot-News': google(true),
  'Google-InspectionTool': google(),
  'Storebot-Google': google(),
  GoogleOther: google(),
  'Google-CloudVertexBot': google(),
  'Google-Extended': {
    source: 'Google common crawlers page, Google-Extended [S14]',
    verified: '2026-08-28',
    noSurfaceRow: null,
  },
  'AdsBot-Google': google(),
  bingbot: from('Bing’s robots meta tag documentation', true),
  Applebot: from('Apple support 119829: Applebot reads `robots` and `applebot`, never `googlebot`', true),
  'Applebot-Extended': { source: 'Apple support 119829 [S19]', verified: '2026-08-28', noSurfaceRow: null },
  GPTBot: from(OPENAI_PAIR, true),
  'OAI-SearchBot': from(OPENAI_PAIR, true),
  'ChatGPT-User': from('OpenAI’s bots page: robots.txt rules may not apply to ChatGPT-User', true),
  'OAI-AdsBot': own(),
  ClaudeBot: own(true),
  'Claude-SearchBot': own(true),
  'Claude-User': own(true),
  PerplexityBot: own(true),
  'Perplexity-User': from('Perplexity’s crawlers page: Perplexity-User generally ignores robots.txt', true),
  'MistralAI-Training': own(),
  'MistralAI-Index': own(),
  'MistralAI-User': own(),
  CCBot: from('Common Crawl’s CCBot page: a block stops future crawls; past snapshots stay', true),
  Bytespider: own(),
  'meta-externalagent': own(),
  'meta-webindexer': own(),
  'meta-externalfetcher': own(),
  Amazonbot: from('Amazon’s Amazonbot page: NOARCHIVE keeps a page out of LLM training [S27]', false),
  'Amzn-SearchBot': own(),
  'Amzn-User': own(),
  DuckDuckBot: own(),
  DuckAssistBot: own(),
  YandexBot: from('Yandex’s robots meta tag help', false),
  Baiduspider: own(),
  '__usage_ai-training': {
    source: 'draft-kelley-aipref-training-preference-signal-00 (abstract); spelling from one third-party tool [S9]',
    verified: '2026-11-25',
    noSurfaceRow: null,
  },
  CloudflareBrowserRenderingCrawler: from(
    'Cloudflare changelog on Browser Rendering /crawl [S7]; the token in one managed list [S31, L]',
    true,
  ),
};

/** Why each usage-only record is no preset of the popup's picker. */
export const NOT_PRESET: { readonly [T in UsageOnlyToken]: string } = {
  '__usage_ai-training':
    'A training-preference policy token: nothing fetches under it, and its spelling is unconfirmed.',
  CloudflareBrowserRenderingCrawler:
    'Cloudflare’s Browser Rendering /crawl fetcher, seen in one managed list only: no site writes rules for it yet.',
};
