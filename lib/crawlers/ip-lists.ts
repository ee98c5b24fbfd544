/**
 * The IP lists crawler operators publish, and the dated snapshot of each that ships in
 * lib/crawlers/ip-lists/ (where each copy came from: ip-lists/SOURCES.md). Ids, addresses and dates
 * only: nothing here reads a list's prefixes (lib/crawlers/load-ip-list.ts does, when asked).
 */
import type { IpList, IpListId } from './types';

const PROVES = { proves: true } as const;

const BYTE_FOR_BYTE = 'A byte-for-byte copy of the operator’s file, from a public mirror that fetches it.';
const RE_INDENTED = 'The operator’s file re-indented by a public mirror (content and order kept).';
const REBUILT_BY_MIRROR =
  'Rebuilt by a public mirror that re-writes the file: its date re-formatted, its prefixes possibly re-ordered.';

export const GOOGLE_COMMON_CRAWLERS: IpList = {
  id: 'google-common-crawlers',
  operator: 'Google',
  title: 'Google’s common-crawlers list',
  url: 'https://developers.google.com/static/crawling/ipranges/common-crawlers.json',
  snapshot: { kind: 'dated', creationTime: '2026-08-21T14:45:42.000000' },
  identity: PROVES,
  covers:
    'Googlebot (smartphone, desktop, image, news, video) and Google’s other common crawlers; it replaced googlebot.json in 2026',
  noRecord: null,
  copy: BYTE_FOR_BYTE,
};

export const GOOGLE_SPECIAL_CRAWLERS: IpList = {
  id: 'google-special-crawlers',
  operator: 'Google',
  title: 'Google’s special-case crawlers list',
  url: 'https://developers.google.com/static/crawling/ipranges/special-crawlers.json',
  snapshot: { kind: 'dated', creationTime: '2026-08-21T14:46:19.000000' },
  identity: PROVES,
  covers:
    'AdsBot-Google, AdsBot-Google-Mobile, Mediapartners-Google, APIs-Google and Google’s other special-case crawlers',
  noRecord: null,
  copy: BYTE_FOR_BYTE,
};

export const GOOGLE_USER_TRIGGERED_FETCHERS: IpList = {
  id: 'google-user-triggered-fetchers',
  operator: 'Google',
  title: 'Google’s user-triggered fetchers list',
  url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json',
  snapshot: { kind: 'dated', creationTime: '2026-08-21T14:45:40.000000' },
  identity: {
    proves: false,
    why: 'Google says this list covers fetchers running on resources its cloud customers own: anyone can rent these addresses, so a match does not show the request came from Google.',
  },
  covers: 'fetchers people run on Google Cloud (Feedfetcher, Google Site Verifier, Google-Read-Aloud and others)',
  noRecord: 'Its fetchers are not presets, and a match in it proves nothing about who sent a request.',
  copy: BYTE_FOR_BYTE,
};

export const GOOGLE_USER_TRIGGERED_FETCHERS_GOOGLE: IpList = {
  id: 'google-user-triggered-fetchers-google',
  operator: 'Google',
  title: 'Google’s list of user-triggered fetchers it runs itself',
  url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json',
  snapshot: { kind: 'dated', creationTime: '2026-08-18T14:46:05.000000' },
  identity: PROVES,
  covers: 'user-triggered fetchers Google runs itself (Google Site Verifier, Chrome Web Store, Read Aloud and others)',
  noRecord: 'Its fetchers (Google-NotebookLM, Google-Pinpoint, GoogleAgent-URLContext and others) are not presets yet.',
  copy: `${RE_INDENTED} The mirror read the list from its address before Google's 2026 move (…/static/search/apis/ipranges/).`,
};

export const BING_BINGBOT: IpList = {
  id: 'bing-bingbot',
  operator: 'Microsoft',
  title: 'Bing’s bingbot list',
  url: 'https://www.bing.com/toolbox/bingbot.json',
  snapshot: {
    kind: 'not-preserved',
    note: 'not preserved: the only copy found had dropped the list’s creationTime (its mirror recorded a last change on 2026-06-18)',
  },
  identity: PROVES,
  covers: 'bingbot, and Bing’s other crawlers that share the list',
  noRecord: null,
  copy: 'Rewritten from a public mirror’s own layout (one row per address range) into the operator’s shape; the date was left out, not made up.',
};

export const OPENAI_GPTBOT: IpList = {
  id: 'openai-gptbot',
  operator: 'OpenAI',
  title: 'OpenAI’s gptbot.json',
  url: 'https://openai.com/gptbot.json',
  snapshot: { kind: 'dated', creationTime: '2025-10-30T11:00:00Z' },
  identity: PROVES,
  covers: 'GPTBot only',
  noRecord: null,
  copy: REBUILT_BY_MIRROR,
};

export const OPENAI_SEARCHBOT: IpList = {
  id: 'openai-searchbot',
  operator: 'OpenAI',
  title: 'OpenAI’s searchbot.json',
  url: 'https://openai.com/searchbot.json',
  snapshot: { kind: 'dated', creationTime: '2026-01-02T11:00:00Z' },
  identity: PROVES,
  covers: 'OAI-SearchBot',
  noRecord: null,
  copy: REBUILT_BY_MIRROR,
};

export const OPENAI_CHATGPT_USER: IpList = {
  id: 'openai-chatgpt-user',
  operator: 'OpenAI',
  title: 'OpenAI’s chatgpt-user.json',
  url: 'https://openai.com/chatgpt-user.json',
  snapshot: { kind: 'dated', creationTime: '2026-08-14T20:03:38.055838Z' },
  identity: PROVES,
  covers: 'ChatGPT-User',
  noRecord: null,
  copy: REBUILT_BY_MIRROR,
};

export const OPENAI_ADSBOT: IpList = {
  id: 'openai-adsbot',
  operator: 'OpenAI',
  title: 'OpenAI’s adsbot.json',
  url: 'https://openai.com/adsbot.json',
  snapshot: { kind: 'dated', creationTime: '2026-05-12T03:00:00.000000' },
  identity: PROVES,
  covers: 'OAI-AdsBot',
  noRecord: null,
  copy: 'Taken from another project’s test data, not from a mirror: it may be cut short. The address follows OpenAI’s naming of its other lists; no page we read confirms it.',
};

export const PERPLEXITY_PERPLEXITYBOT: IpList = {
  id: 'perplexity-perplexitybot',
  operator: 'Perplexity',
  title: 'Perplexity’s perplexitybot.json',
  url: 'https://www.perplexity.ai/perplexitybot.json',
  snapshot: { kind: 'dated', creationTime: '2025-02-07T16:56:00.000000' },
  identity: PROVES,
  covers: 'PerplexityBot',
  noRecord: null,
  copy: 'Taken from another project’s test data (re-indented); its date matches what others report for the live file. No newer copy was found.',
};

export const PERPLEXITY_USER: IpList = {
  id: 'perplexity-perplexity-user',
  operator: 'Perplexity',
  title: 'Perplexity’s perplexity-user.json',
  url: 'https://www.perplexity.ai/perplexity-user.json',
  snapshot: { kind: 'dated', creationTime: '2025-03-28T15:35:00.000000' },
  identity: PROVES,
  covers: 'Perplexity-User',
  noRecord: null,
  copy: RE_INDENTED,
};

export const APPLE_APPLEBOT: IpList = {
  id: 'apple-applebot',
  operator: 'Apple',
  title: 'Apple’s applebot.json',
  url: 'https://search.developer.apple.com/applebot.json',
  snapshot: { kind: 'dated', creationTime: '2026-09-15T10:00:00.000000' },
  identity: PROVES,
  covers: 'Applebot (Applebot-Extended is a robots.txt token read by the same crawler)',
  noRecord: null,
  copy: 'The layout of the mirror’s copy kept; a second mirror holds the same prefixes and date.',
};

export const DUCKDUCKGO_DUCKASSISTBOT: IpList = {
  id: 'duckduckgo-duckassistbot',
  operator: 'DuckDuckGo',
  title: 'DuckDuckGo’s duckassistbot.json',
  url: 'https://duckduckgo.com/duckassistbot.json',
  snapshot: { kind: 'dated', creationTime: '2026-03-05T12:00:00.000000' },
  identity: PROVES,
  covers: 'DuckAssistBot',
  noRecord: null,
  copy: RE_INDENTED,
};

export const COMMONCRAWL_CCBOT: IpList = {
  id: 'commoncrawl-ccbot',
  operator: 'Common Crawl',
  title: 'Common Crawl’s ccbot.json',
  url: 'https://index.commoncrawl.org/ccbot.json',
  snapshot: { kind: 'dated', creationTime: '2026-08-04T12:40:20Z' },
  identity: PROVES,
  covers: 'CCBot (the file recommends a reverse-DNS check as well)',
  noRecord: null,
  copy: `${RE_INDENTED} Its extra fields (synctoken, notes) are kept.`,
};

export const ANTHROPIC_BOTS: IpList = {
  id: 'anthropic-bots',
  operator: 'Anthropic',
  title: 'Anthropic’s bots.json',
  url: 'https://claude.com/crawling/bots.json',
  snapshot: { kind: 'dated', creationTime: '2026-10-07T00:00:00Z' },
  identity: PROVES,
  covers: 'ClaudeBot, Claude-SearchBot and Claude-User (one list shared by the three)',
  noRecord: null,
  copy: 'The layout of the mirror’s copy kept (one prefix a line, as the operator’s file appears to be).',
};

export const MISTRAL_USER: IpList = {
  id: 'mistral-mistralai-user-ips',
  operator: 'Mistral',
  title: 'Mistral’s mistralai-user-ips.json',
  url: 'https://mistral.ai/mistralai-user-ips.json',
  snapshot: { kind: 'dated', creationTime: '2025-02-19T12:00:00.000000' },
  identity: PROVES,
  covers: 'MistralAI-User',
  noRecord: null,
  copy: RE_INDENTED,
};

/** Every shipped list, each operator's together. */
export const IP_LISTS: readonly IpList[] = [
  GOOGLE_COMMON_CRAWLERS,
  GOOGLE_SPECIAL_CRAWLERS,
  GOOGLE_USER_TRIGGERED_FETCHERS,
  GOOGLE_USER_TRIGGERED_FETCHERS_GOOGLE,
  BING_BINGBOT,
  OPENAI_GPTBOT,
  OPENAI_SEARCHBOT,
  OPENAI_CHATGPT_USER,
  OPENAI_ADSBOT,
  PERPLEXITY_PERPLEXITYBOT,
  PERPLEXITY_USER,
  APPLE_APPLEBOT,
  DUCKDUCKGO_DUCKASSISTBOT,
  COMMONCRAWL_CCBOT,
  ANTHROPIC_BOTS,
  MISTRAL_USER,
];

/** Returns the list of `id`. */
export function findIpList(id: IpListId): IpList {
  const list = IP_LISTS.find((l) => l.id === id);
  if (list === undefined) throw new Error(`no IP list ${id}`);
  return list;
}

/** The snapshot's date in words: its creationTime, or why it has none. */
export function describeSnapshotDate(list: IpList): string {
  return list.snapshot.kind === 'dated' ? list.snapshot.creationTime : list.snapshot.note;
}
