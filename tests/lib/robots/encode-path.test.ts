import { describe, expect, it } from 'vitest';
import { compileRobots, encodePathLikeBrowser, evaluate, parseRobotsTxt } from '../../../lib/robots/index';

describe('encodePathLikeBrowser (what the address bar sends, docs/semantics/robots.md §3)', () => {
  const cases: { input: string; output: string; source: string }[] = [
    { input: '/a b', output: '/a%20b', source: 'WHATWG URL path percent-encode set' },
    { input: '/é', output: '/%C3%A9', source: 'WHATWG URL: UTF-8 percent-encoding' },
    { input: '/ツ', output: '/%E3%83%84', source: 'Google conformance: non-ascii-paths' },
    { input: 'é', output: '/%C3%A9', source: 'a path without its leading slash is read from the root' },
    { input: '/%2f', output: '/%2f', source: 'existing %XX stay as typed' },
    { input: '/{x}"<>`', output: '/%7Bx%7D%22%3C%3E%60', source: 'WHATWG URL path percent-encode set' },
    { input: '/a?q=a b&c=é', output: '/a?q=a%20b&c=%C3%A9', source: 'WHATWG URL query percent-encode set' },
    { input: '/a/../b', output: '/b', source: 'WHATWG URL dot segments' },
    { input: '/a\\b', output: '/a/b', source: 'WHATWG URL: \\ is / in http(s) URLs' },
    { input: '//x/y', output: '//x/y', source: 'a typed path that starts with // stays a path' },
    { input: '?x', output: '/?x', source: 'a query alone is on the root path' },
    { input: 'https://x.test/ä b', output: 'https://x.test/%C3%A4%20b', source: 'a full URL comes back whole' },
  ];
  it.each(cases)('encodes `$input` as `$output`', ({ input, output }) => {
    expect(encodePathLikeBrowser(input)).toBe(output);
  });

  it('falls back to encoding by hand instead of throwing on a URL the parser refuses', () => {
    expect(encodePathLikeBrowser('http://[bad/ä')).toBe('http://[bad/%C3%A4');
  });

  it('turns a typed non-ASCII path into one that a raw non-ASCII rule matches', () => {
    const robots = compileRobots(parseRobotsTxt('User-agent: *\nDisallow: /ツ'));
    expect(evaluate(robots, '/ツ', 'FooBot').allowed).toBe(true);
    expect(evaluate(robots, encodePathLikeBrowser('/ツ'), 'FooBot').allowed).toBe(false);
  });
});
