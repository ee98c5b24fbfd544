/**
 * What the records' User-Agent strings share: the day they were checked, the browser version filled
 * in where an operator writes a placeholder, the operators' pages, and the words for a string no
 * page of the operator gives. The strings themselves live in each crawler's record (records.ts).
 *
 * `documented: true` means the operator's own page (its URL is kept) gives the string, and it was
 * compared with that page on the check date. `documented: false` means no page of the operator that
 * we could read gives the full string, and the basis says in words where ours comes from instead. No
 * URL is invented for those.
 */
import type { UserAgentSource, UserAgentString } from './types';

/** The day every string was last compared with the sources named (YYYY-MM-DD). */
export const USER_AGENTS_CHECKED = '2026-11-25';

/**
 * Google and Bing document their strings with a changing browser version (written "W.X.Y.Z"): the
 * crawlers follow the current stable Chrome (Bing: Edge). We fill in one concrete recent version —
 * the Chromium build this project's browser tests ran on when the strings were checked.
 */
export const EVERGREEN_CHROME_VERSION = '156.0.8078.108';

export const EVERGREEN_NOTE =
  'The operator writes the browser version as a placeholder that follows its current evergreen browser; we fill in Chrome ' +
  EVERGREEN_CHROME_VERSION +
  '.';

export const NOT_DOCUMENTED = 'Not documented by the operator in what we could check';

/** "Not documented by the operator in what we could check: <reason>". */
export function notDocumented(reason: string): string {
  return `${NOT_DOCUMENTED}: ${reason}`;
}

export const AS_PAGE = 'As given on the operator’s page.';

export const UNDOCUMENTED: UserAgentSource = { documented: false };

export const GOOGLE_COMMON_PAGE: UserAgentSource = {
  documented: true,
  url: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers',
  page: "List of Google's common crawlers",
};
export const GOOGLE_TABLE_PAGE: UserAgentSource = {
  documented: true,
  url: 'https://developers.google.com/webmasters/control-crawl-index/docs/crawlers',
  page: "Google's website crawlers (the older crawler table)",
};
export const GOOGLE_OVERVIEW_PAGE: UserAgentSource = {
  documented: true,
  url: 'https://developers.google.com/search/docs/advanced/crawling/overview-google-crawlers',
  page: 'Overview of Google crawlers (user agents)',
};

export const OPENAI_COPY = `${notDocumented('OpenAI’s crawler page (developers.openai.com/api/docs/bots) could not be read here')}; the string is the one that copies of that page made by others show.`;

/** One checked string, dated USER_AGENTS_CHECKED. */
export function userAgent(value: string, source: UserAgentSource, basis: string): UserAgentString {
  return { userAgent: value, source, basis, checked: USER_AGENTS_CHECKED };
}
