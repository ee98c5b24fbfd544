/**
 * Loads a shipped IP list's prefixes, on demand: each snapshot is a separate import that runs only
 * when a feature asks for that list (the log audit, when it checks addresses), never when the
 * catalogue, the popup or the engine loads.
 */
import { type IpListReading, readIpList } from './jafar';
import type { IpListId } from './types';

type Snapshot = () => Promise<{ readonly default: unknown }>;

const SNAPSHOTS: Readonly<Record<IpListId, Snapshot>> = {
  'google-common-crawlers': () => import('./ip-lists/google-common-crawlers.json'),
  'google-special-crawlers': () => import('./ip-lists/google-special-crawlers.json'),
  'google-user-triggered-fetchers': () => import('./ip-lists/google-user-triggered-fetchers.json'),
  'google-user-triggered-fetchers-google': () => import('./ip-lists/google-user-triggered-fetchers-google.json'),
  'bing-bingbot': () => import('./ip-lists/bing-bingbot.json'),
  'openai-gptbot': () => import('./ip-lists/openai-gptbot.json'),
  'openai-searchbot': () => import('./ip-lists/openai-searchbot.json'),
  'openai-chatgpt-user': () => import('./ip-lists/openai-chatgpt-user.json'),
  'openai-adsbot': () => import('./ip-lists/openai-adsbot.json'),
  'perplexity-perplexitybot': () => import('./ip-lists/perplexity-perplexitybot.json'),
  'perplexity-perplexity-user': () => import('./ip-lists/perplexity-perplexity-user.json'),
  'apple-applebot': () => import('./ip-lists/apple-applebot.json'),
  'duckduckgo-duckassistbot': () => import('./ip-lists/duckduckgo-duckassistbot.json'),
  'commoncrawl-ccbot': () => import('./ip-lists/commoncrawl-ccbot.json'),
  'anthropic-bots': () => import('./ip-lists/anthropic-bots.json'),
  'mistral-mistralai-user-ips': () => import('./ip-lists/mistral-mistralai-user-ips.json'),
};

/** Reads the shipped snapshot of list `id` (refused in words if it is not a usable list). */
export async function loadIpList(id: IpListId): Promise<IpListReading> {
  const module = await SNAPSHOTS[id]();
  return readIpList(module.default);
}
