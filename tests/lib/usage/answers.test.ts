/**
 * The two answers kept apart (docs/semantics/usage.md §4.6, §4.7): what the site states and what the
 * crawler's operator counts, each with its deciding statement, on a file whose groups carry
 * Content-Signal lines beside a Google-Extended group.
 */
import { describe, expect, it } from 'vitest';
import { resolveUsage, robotsLineOf, separateAnswers, type YesNoPurpose } from '../../../lib/usage/index';

// Line numbers as the robots.txt gives them.
const ROBOTS = [
  'User-agent: *', // 1
  'Content-Signal: search=yes, ai-input=yes, ai-train=no', // 2
  'Allow: /', // 3
  '', // 4
  'User-agent: PerplexityBot', // 5
  'Content-Signal: search=yes, ai-input=no, ai-train=no', // 6
  'Allow: /', // 7
  '', // 8
  'User-agent: Google-Extended', // 9
  'Disallow: /', // 10
  '', // 11
  'User-agent: GPTBot', // 12
  'Disallow: /private/', // 13
].join('\n');

function answer(crawler: string, purpose: YesNoPurpose, path = '/article') {
  return separateAnswers(
    resolveUsage({
      robots: ROBOTS,
      robotsStatus: 200,
      url: `https://example.com${path}`,
      crawler,
      purpose,
      headers: [],
      meta: [],
    }),
  );
}

describe('the two answers', () => {
  it('Googlebot: the site states AI training at its Content-Signal line; Google counts the Google-Extended group', () => {
    const { stated, counted } = answer('Googlebot', 'ai-train');
    expect(stated.kind).toBe('disallowed');
    expect(robotsLineOf(stated)).toBe(2);
    expect(stated.statement?.signalId).toBe('content-signal');
    expect(counted.kind).toBe('disallowed');
    expect(robotsLineOf(counted)).toBe(10);
    expect(counted.statement?.signalId).toBe('control-token');
    expect(counted.statement?.brief).toBe('Gemini only: Search and AI Overviews unaffected');
    expect(counted.operator).toBe('Google');
    expect(counted.uncounted.map((u) => [u.signalId, u.status])).toEqual([['content-signal', 'not-honoured']]);
  });

  it('Googlebot: search is stated by Content-Signal only, which Google does not count', () => {
    const { stated, counted } = answer('Googlebot', 'search');
    expect([stated.kind, robotsLineOf(stated)]).toEqual(['allowed', 2]);
    expect([counted.kind, robotsLineOf(counted), counted.statement]).toEqual(['no-statement', null, null]);
  });

  it('Googlebot: AI input is allowed by the site and disallowed for Google through Google-Extended', () => {
    const { stated, counted } = answer('Googlebot', 'ai-input');
    // The most restrictive statement decides the declared answer too: the Google-Extended line.
    expect([stated.kind, robotsLineOf(stated)]).toEqual(['disallowed', 10]);
    expect([counted.kind, robotsLineOf(counted)]).toEqual(['disallowed', 10]);
  });

  it('PerplexityBot: its group’s Content-Signal line is stated; Perplexity counts nothing, having published nothing', () => {
    for (const purpose of ['ai-input', 'ai-train'] as const) {
      const { stated, counted } = answer('PerplexityBot', purpose);
      expect([stated.kind, robotsLineOf(stated)]).toEqual(['disallowed', 6]);
      expect([counted.kind, counted.deciding, robotsLineOf(counted)]).toEqual(['no-statement', null, null]);
      expect(counted.uncounted).toEqual([
        { signalId: 'content-signal', status: 'unknown', claim: null, sourceDate: null },
      ]);
    }
  });

  it('Google-Extended, a control token, answers through its own group only', () => {
    const { stated, counted } = answer('Google-Extended', 'ai-train');
    expect([stated.kind, robotsLineOf(stated)]).toEqual(['disallowed', 10]);
    expect([counted.kind, robotsLineOf(counted)]).toEqual(['disallowed', 10]);
    // The token does not speak for search: nothing is stated, nothing counted.
    const search = answer('Google-Extended', 'search');
    expect([search.stated.kind, search.counted.kind]).toEqual(['no-statement', 'no-statement']);
  });

  it('a crawl-blocked crawler is not applicable on both sides, with the blocking line', () => {
    const { stated, counted } = answer('GPTBot', 'ai-train', '/private/x');
    expect([stated.kind, robotsLineOf(stated)]).toEqual(['not-applicable', 13]);
    expect([counted.kind, robotsLineOf(counted)]).toEqual(['not-applicable', 13]);
  });

  it('a header statement has no robots.txt line', () => {
    const { stated, counted } = separateAnswers(
      resolveUsage({
        robots: 'User-agent: *\nAllow: /\n',
        robotsStatus: 200,
        url: 'https://example.com/',
        crawler: 'bingbot',
        purpose: 'ai-input',
        headers: [],
        meta: [{ name: 'robots', content: 'noarchive' }],
      }),
    );
    expect([stated.kind, stated.deciding?.source, robotsLineOf(stated)]).toEqual(['disallowed', 'meta', null]);
    expect([counted.kind, counted.deciding?.source, robotsLineOf(counted)]).toEqual(['disallowed', 'meta', null]);
  });
});
