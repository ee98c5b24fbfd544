import { describe, expect, it } from 'vitest';
import { crawlerRecords } from '../../../lib/crawlers/catalogue';
import { createClaimMatcher } from '../../../lib/logs/claim';

const tokens = crawlerRecords()
  .filter((r) => r.fetches)
  .map((r) => r.token);
const matcher = createClaimMatcher(tokens);
const claimOf = (userAgent: string): string | null => tokens[matcher.claim(userAgent)] ?? null;

describe('the claimed crawler', () => {
  it.each([
    ['Googlebot-Image/1.0', 'Googlebot-Image'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    ['AdsBot-Google-Mobile (+http://www.google.com/mobile/adsbot.html)', null],
    ['AdsBot-Google (+http://www.google.com/adsbot.html)', 'AdsBot-Google'],
    ['mozilla/5.0 (compatible; GOOGLEBOT/2.1)', 'Googlebot'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
    ['MyGooglebotClone/1.0', null],
    ['Googlebot_test', null],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'GPTBot',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36', null],
  ])('%s claims %s', (userAgent, expected) => {
    expect(claimOf(userAgent)).toBe(expected);
  });

  it('gives the longest claimed token when several are claimed', () => {
    expect(claimOf('Mozilla/5.0 (compatible; Googlebot/2.1) Googlebot-News')).toBe('Googlebot-News');
  });

  it('gives the first in catalogue order on a tie of lengths', () => {
    const m = createClaimMatcher(['AlphaBot', 'BetaBot_']);
    const m2 = createClaimMatcher(['BetaBot_', 'AlphaBot']);
    expect(m.claim('BetaBot_ AlphaBot')).toBe(0);
    expect(m2.claim('AlphaBot BetaBot_')).toBe(0);
  });

  it('never claims a control token that fetches nothing', () => {
    expect(claimOf('Google-Extended')).toBeNull();
    expect(claimOf('Applebot-Extended/1.0')).toBeNull();
    expect(claimOf('Mozilla/5.0 (Applebot/0.1; +http://www.apple.com/go/applebot)')).toBe('Applebot');
  });

  it('takes non-ASCII letters as no token characters, and folds ASCII only', () => {
    expect(claimOf('éGooglebotü')).toBe('Googlebot');
    // The Kelvin sign is not a K once folded: CCBot is not hidden in it, nor found in it.
    expect(createClaimMatcher(['Kbot']).claim('\u212Abot')).toBe(-1);
  });
});
