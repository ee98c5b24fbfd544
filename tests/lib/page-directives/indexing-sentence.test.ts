/**
 * The indexing sentence of a blocked page: "it can still be indexed without its content"
 * is said only for a crawler that builds a search index; a control token, an AI training crawler,
 * a fetch a person asked for and an ads checker index nothing.
 */
import { describe, expect, it } from 'vitest';
import { judgeIndexability, type PageEvidence } from '../../../lib/page-directives/verdict';

const EVIDENCE: PageEvidence = {
  url: 'https://example.com/page',
  status: 200,
  redirects: [],
  robotsHeaders: [],
  linkHeaders: [],
  metas: [],
  canonicals: [],
  served: null,
};
const BLOCKED = { allowed: false, reason: 'line 2 Disallow: /' };
const SENTENCE = 'it can still be indexed without its content';

describe('a blocked page’s indexing sentence', () => {
  it.each([
    ['Googlebot', true],
    ['bingbot', true],
    ['OAI-SearchBot', true],
    ['ExampleBot', true],
    ['Google-Extended', false],
    ['Applebot-Extended', false],
    ['GPTBot', false],
    ['ClaudeBot', false],
    ['ChatGPT-User', false],
    ['AdsBot-Google', false],
  ])('%s: said %s', (crawler, said) => {
    const result = judgeIndexability(EVIDENCE, crawler, BLOCKED, 0);
    expect(result.kind).toBe('blocked');
    expect(result.reason).toMatch(
      /^robots\.txt blocks this page \(line 2 Disallow: \/\), so its headers and meta tags are never seen/,
    );
    expect(result.reason.includes(SENTENCE)).toBe(said);
  });
});
