/**
 * Surface impact (docs/semantics/usage.md §6): which control governs which product, as data rows keyed by the
 * fetcher tokens involved, and the seven explanations the UI shows when their condition holds.
 * Robotscope explains settings it cannot read; it never claims to know their state.
 */
import { toAsciiLower } from '../shared/ascii';
import type { CrawlerUsage } from './crawler-usage';
import type { SurfaceLine, UsagePurpose } from './types';

/** One row of the §6 table. */
export interface SurfaceRow {
  readonly id: string;
  readonly surface: string;
  /** Tokens whose rows these are (lower-cased). */
  readonly tokens: readonly string[];
  /** The purposes the surface is about. */
  readonly purposes: readonly UsagePurpose[];
  readonly robotsControl: string;
  readonly pageControl: string;
  readonly cannotRead: string;
  readonly doesNotControl: string;
  readonly sources: string;
}

export const SURFACE_AS_OF = '2026-11-25';

const GOOGLEBOTS = ['googlebot', 'googlebot-image', 'googlebot-video', 'googlebot-news'];

export const SURFACE_ROWS: readonly SurfaceRow[] = [
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
    tokens: ['googlebot'],
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
    tokens: ['google-extended', 'googlebot'],
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
    tokens: ['googlebot', '__usage_ai-training'],
    purposes: ['ai-train'],
    robotsControl: 'training-policy group (unconfirmed)',
    pageControl: '—',
    cannotRead: '—',
    doesNotControl: '—',
    sources: 'S10',
  },
  {
    id: 'chatgpt-search',
    surface: 'ChatGPT search',
    tokens: ['oai-searchbot'],
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
    tokens: ['gptbot'],
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
    tokens: ['chatgpt-user'],
    purposes: ['ai-input'],
    robotsControl: '"may not apply"',
    pageControl: '?',
    cannotRead: 'edge blocking',
    doesNotControl: '—',
    sources: 'S20',
  },
  {
    id: 'claude-search',
    surface: 'Claude search / user fetches',
    tokens: ['claude-searchbot', 'claude-user'],
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
    tokens: ['claudebot'],
    purposes: ['ai-train'],
    robotsControl: 'Disallow ClaudeBot',
    pageControl: '?',
    cannotRead: '—',
    doesNotControl: 'Claude-SearchBot',
    sources: 'S21',
  },
  {
    id: 'perplexity',
    surface: 'Perplexity answers',
    tokens: ['perplexitybot', 'perplexity-user'],
    purposes: ['search', 'ai-input'],
    robotsControl: 'Disallow PerplexityBot; Perplexity-User generally ignores robots',
    pageControl: '?',
    cannotRead: 'edge blocking',
    doesNotControl: '—',
    sources: 'S22',
  },
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
  {
    id: 'apple-search',
    surface: 'Siri / Spotlight / Safari search',
    tokens: ['applebot'],
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
    tokens: ['applebot-extended', 'applebot'],
    purposes: ['ai-train'],
    robotsControl: 'Applebot-Extended Disallow',
    pageControl: '—',
    cannotRead: '—',
    doesNotControl: 'Applebot rules alone',
    sources: 'S19',
  },
  {
    id: 'common-crawl',
    surface: 'Common Crawl corpus (reused downstream)',
    tokens: ['ccbot'],
    purposes: ['ai-train'],
    robotsControl: 'Disallow CCBot (future crawls only; old snapshots stay)',
    pageControl: '?',
    cannotRead: '—',
    doesNotControl: '—',
    sources: 'S23',
  },
  {
    id: 'cloudflare-crawl',
    surface: 'Cloudflare Browser Rendering /crawl',
    tokens: ['cloudflarebrowserrenderingcrawler'],
    purposes: ['use-level'],
    robotsControl: 'robots.txt',
    pageControl: 'Content-Signal use',
    cannotRead: 'AI Crawl Control rules',
    doesNotControl: '—',
    sources: 'S7, S31',
  },
];

/** The explanations of §6 (our wording), by number. `<date>` is replaced with the consumer data's date. */
export const EXPLANATIONS: Readonly<Record<number, string>> = {
  1: "Blocking GPTBot stops OpenAI's training crawler. ChatGPT search uses OAI-SearchBot, which may still crawl this page.",
  2: 'Gemini training and grounding are off for this page. Google Search and AI Overviews are not affected; for those, use nosnippet or the Search Console setting.',
  3: "Apple's model training is off. Siri, Spotlight and Safari still use Applebot.",
  4: 'Bing reads these together as nocache: Copilot may still use the URL, title and snippet.',
  5: 'Google states it does not use these lines (as of <date>).',
  6: 'Future Common Crawl snapshots skip this site; copies in past snapshots remain.',
  7: 'The operator says robots.txt may not apply to this fetcher.',
};

/** Returns explanation `n` as a surface line, with `date` filled in. */
export function explanationLine(n: number, date: string): SurfaceLine {
  return { kind: 'explanation', id: `explanation-${n}`, text: (EXPLANATIONS[n] ?? '').replace('<date>', date) };
}

/** A cell the table leaves empty (—) or unknown (?) says nothing, so it is left out of the sentence. */
const said = (cell: string) => cell !== '—' && cell !== '?';

/** Returns a §6 row in one sentence, naming only the cells that say something. */
function describeRow(row: SurfaceRow): string {
  const parts = [
    ['robots.txt control', row.robotsControl],
    ['page control', row.pageControl],
    ['not controlled by', row.doesNotControl],
    ['Robotscope cannot read', row.cannotRead],
  ]
    .filter(([, cell]) => said(cell as string))
    .map(([lead, cell]) => `${lead} ${cell}`);
  return `${row.surface}: ${parts.length === 0 ? 'no control is documented' : parts.join('; ')}.`;
}

/** Returns the §6 rows that involve the crawler (or its fetcher) for `purpose`, in words. */
export function surfaceLines(usage: CrawlerUsage, purpose: UsagePurpose): readonly SurfaceLine[] {
  let byPurpose = linesByCrawler.get(usage);
  if (byPurpose === undefined) {
    byPurpose = new Map();
    linesByCrawler.set(usage, byPurpose);
  }
  let lines = byPurpose.get(purpose);
  if (lines === undefined) {
    const tokens = new Set([toAsciiLower(usage.token)]);
    if (usage.fetchedBy !== null) tokens.add(toAsciiLower(usage.fetchedBy));
    lines = SURFACE_ROWS.filter((row) => row.purposes.includes(purpose) && row.tokens.some((t) => tokens.has(t))).map(
      (row) => ({ kind: 'row', id: row.id, text: describeRow(row) }),
    );
    byPurpose.set(purpose, lines);
  }
  return lines;
}

/** The lines of each crawler row (findCrawlerUsage keeps one value per token) and purpose. */
const linesByCrawler = new WeakMap<CrawlerUsage, Map<UsagePurpose, readonly SurfaceLine[]>>();
