import { describe, expect, it } from 'vitest';
import {
  CRAWLER_USER_AGENTS,
  DEFAULT_PROBE_TOKENS,
  EVERGREEN_CHROME_VERSION,
  USER_AGENTS_CHECKED,
  findUserAgent,
  probeTokens,
} from '../../../lib/probe/user-agents';

/**
 * Each crawler's operator and the hosts its own documentation lives on (a source URL must be on one
 * of them, or a subdomain). Written here, apart from the data, so that a source on a third party's
 * site fails. A new crawler in the data must be added here.
 */
const OPERATOR_HOSTS: Record<string, readonly string[]> = {
  Googlebot: ['developers.google.com'],
  'Googlebot-Image': ['developers.google.com'],
  'Googlebot-Video': ['developers.google.com'],
  'Googlebot-News': ['developers.google.com'],
  'Storebot-Google': ['developers.google.com'],
  GoogleOther: ['developers.google.com'],
  bingbot: ['bing.com'],
  Applebot: ['apple.com'],
  GPTBot: ['openai.com'],
  'OAI-SearchBot': ['openai.com'],
  'ChatGPT-User': ['openai.com'],
  ClaudeBot: ['anthropic.com', 'claude.com'],
  PerplexityBot: ['perplexity.ai'],
  CCBot: ['commoncrawl.org'],
  Amazonbot: ['amazon.com'],
  'meta-externalagent': ['facebook.com', 'meta.com'],
  DuckDuckBot: ['duckduckgo.com'],
  YandexBot: ['yandex.ru', 'yandex.com'],
  Baiduspider: ['baidu.com'],
};

const onHost = (url: string, hosts: readonly string[]) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' && hosts.some((h) => hostname === h || hostname.endsWith(`.${h}`));
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => ISO_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

describe('CRAWLER_USER_AGENTS', () => {
  it('covers exactly the crawlers of the operator table, each once', () => {
    const tokens = CRAWLER_USER_AGENTS.map((e) => e.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect([...tokens].sort()).toEqual(Object.keys(OPERATOR_HOSTS).sort());
  });

  it.each(CRAWLER_USER_AGENTS.map((e) => [e.token, e] as const))(
    '%s: a source on the operator’s own site, or says it is not documented',
    (_token, entry) => {
      if (entry.source.documented) {
        expect(onHost(entry.source.url, OPERATOR_HOSTS[entry.token] ?? [])).toBe(true);
        expect(entry.source.page.trim()).not.toBe('');
      } else {
        expect(entry.source).toEqual({ documented: false });
        expect(entry.basis).toMatch(/^Not documented by the operator in what we could check/);
      }
    },
  );

  it.each(CRAWLER_USER_AGENTS.map((e) => [e.token, e] as const))(
    '%s: the string names the token, is one header-safe line, and carries an ISO check date',
    (_token, entry) => {
      expect(entry.userAgent).toContain(entry.token);
      expect(entry.userAgent).toMatch(/^[\x20-\x7e]+$/);
      expect(entry.userAgent).not.toMatch(/W\.X\.Y\.Z/);
      expect(isRealDate(entry.checked)).toBe(true);
      expect(entry.basis.trim()).not.toBe('');
    },
  );

  it('dates are real ISO days, and the check date is one of them', () => {
    expect(isRealDate(USER_AGENTS_CHECKED)).toBe(true);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(ISO_DATE.test('25/11/2026')).toBe(false);
  });

  it('the operator-domain check refuses a third party’s copy and a look-alike host', () => {
    expect(onHost('https://developers.google.com/search/docs', OPERATOR_HOSTS.Googlebot ?? [])).toBe(true);
    expect(onHost('https://searchcandy.uk/seo/googlebot', OPERATOR_HOSTS.Googlebot ?? [])).toBe(false);
    expect(onHost('https://notopenai.com/gptbot', OPERATOR_HOSTS.GPTBot ?? [])).toBe(false);
    expect(onHost('http://support.apple.com/en-us/HT204683', OPERATOR_HOSTS.Applebot ?? [])).toBe(false);
  });

  it('fills the evergreen Chrome placeholder with one concrete version where the operator writes W.X.Y.Z', () => {
    expect(EVERGREEN_CHROME_VERSION).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const token of ['Googlebot', 'bingbot']) {
      const entry = findUserAgent(token);
      expect(entry?.userAgent).toContain(`Chrome/${EVERGREEN_CHROME_VERSION} Safari/537.36`);
      expect(entry?.basis).toMatch(/evergreen|current Microsoft Edge/);
    }
  });

  it('the five default crawlers can all be probed, and their strings carry token/version as sites match them', () => {
    expect(probeTokens(null)).toEqual([...DEFAULT_PROBE_TOKENS]);
    for (const token of DEFAULT_PROBE_TOKENS)
      expect(findUserAgent(token)?.userAgent).toMatch(new RegExp(`${token}/\\d`));
  });
});
