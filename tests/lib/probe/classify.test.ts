import { describe, expect, it } from 'vitest';
import {
  classifyEdge,
  compareHeaders,
  compareRobots,
  describeRobotsDifference,
  findDeclaredCanonical,
  recogniseChallengeBody,
} from '../../../lib/probe/classify';
import type { EdgeKind, HeaderList, PageFetch, RobotsDifference } from '../../../lib/probe/types';

const PAGE = 'https://example.com/article';
const CANONICAL = 'https://example.com/article-canonical';

function response(status: number, headers: HeaderList = [], body = '', hops: PageFetch['hops'] = []): PageFetch {
  return {
    kind: 'response',
    status,
    finalUrl: hops.at(-1)?.to ?? PAGE,
    hops,
    headers,
    body,
    bytes: body,
    truncated: false,
  };
}

const OK = response(200);
const CF_CHALLENGE_BODY =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';

describe('classifyEdge', () => {
  it.each<{
    name: string;
    source: string;
    page: PageFetch;
    browser: PageFetch | null;
    canonical?: string | null;
    kind: EdgeKind;
    words: RegExp;
  }>([
    {
      name: 'a 403 to the crawler where the browser gets 200 is a block',
      source: 'issue: "GPTBot: robots.txt allows, the edge answers 403"',
      page: response(403),
      browser: OK,
      kind: 'blocked',
      words: /403 Forbidden to GPTBot, 200 to the browser/,
    },
    {
      name: 'a 429 is a block whatever the browser got',
      source: 'RFC 6585 §4',
      page: response(429),
      browser: response(429),
      kind: 'blocked',
      words: /429 Too Many Requests/,
    },
    {
      name: 'a 404 for the crawler and 200 for the browser is a block aimed at it',
      source: 'issue: per-agent answers',
      page: response(404),
      browser: OK,
      kind: 'blocked',
      words: /404 Not Found to GPTBot, 200 to the browser/,
    },
    {
      name: 'a 404 for both is no edge finding',
      source: 'issue: per-agent answers',
      page: response(404),
      browser: response(404),
      kind: 'none',
      words: /404 Not Found/,
    },
    {
      name: 'cf-mitigated: challenge names a Cloudflare challenge, whatever the status',
      source: 'Cloudflare: "Detect a Challenge Page response" (cf-mitigated header)',
      page: response(403, [['cf-mitigated', 'challenge']]),
      browser: OK,
      kind: 'challenge',
      words: /cf-mitigated: challenge, HTTP 403/,
    },
    {
      name: 'a 503 whose body is a Cloudflare challenge page is a challenge',
      source: 'issue: "a 403/503 challenge body"',
      page: response(503, [], CF_CHALLENGE_BODY),
      browser: OK,
      kind: 'challenge',
      words: /a Cloudflare challenge page \(HTTP 503 Service Unavailable\)/,
    },
    {
      name: 'a 403 with a CAPTCHA widget is a challenge',
      source: 'issue: "a 403/503 challenge body"',
      page: response(403, [], '<div class="g-recaptcha"></div>'),
      browser: OK,
      kind: 'challenge',
      words: /a CAPTCHA challenge page/,
    },
    {
      name: 'a 200 page that mentions a captcha is not a challenge',
      source: 'only refusing answers are read for challenge markers',
      page: response(200, [], '<p>We use g-recaptcha on our contact form</p>'),
      browser: OK,
      kind: 'none',
      words: /answers 200/,
    },
    {
      name: '402 with crawler-price is pay-per-crawl, its price named',
      source: 'Cloudflare pay per crawl: 402 with crawler-price',
      page: response(402, [['crawler-price', 'USD 0.01']]),
      browser: OK,
      kind: 'payment-required',
      words: /Pay-per-crawl: .*crawler-price: USD 0.01/,
    },
    {
      name: '402 without crawler-price is still payment required',
      source: 'RFC 9110 §15.5.3',
      page: response(402),
      browser: OK,
      kind: 'payment-required',
      words: /402 Payment Required to GPTBot/,
    },
    {
      name: 'a redirect to the canonical the page declares is named as such',
      source: 'issue: "a redirect to the page\'s canonical named as such"',
      page: response(200, [], '', [{ status: 301, from: PAGE, to: CANONICAL, crossOrigin: false }]),
      browser: OK,
      canonical: CANONICAL,
      kind: 'redirect-canonical',
      words: /redirected \(301\) to the page's canonical/,
    },
    {
      name: 'a redirect elsewhere than the canonical is no edge finding',
      source: 'issue: redirect chain shown, not named canonical',
      page: response(200, [], '', [{ status: 302, from: PAGE, to: 'https://example.com/login', crossOrigin: false }]),
      browser: OK,
      canonical: CANONICAL,
      kind: 'none',
      words: /answers 200/,
    },
    {
      name: 'a dropped connection for the crawler only is a block',
      source: 'issue: per-agent answers',
      page: { kind: 'failed', detail: 'the connection was reset', hops: [] },
      browser: OK,
      kind: 'blocked',
      words: /failed \(the connection was reset\) where the browser's succeeded/,
    },
    {
      name: 'a failure for everyone is no edge finding',
      source: 'issue: per-agent answers',
      page: { kind: 'failed', detail: 'the server refused the connection', hops: [] },
      browser: { kind: 'failed', detail: 'the server refused the connection', hops: [] },
      kind: 'none',
      words: /could not be fetched/,
    },
  ])('$name ($source)', ({ page, browser, canonical, kind, words }) => {
    const finding = classifyEdge('GPTBot', page, browser, canonical ?? null, PAGE);
    expect(finding.kind).toBe(kind);
    expect(finding.words).toMatch(words);
  });
});

const MANAGED =
  '# BEGIN Cloudflare Managed content\nUser-agent: GPTBot\nDisallow: /\n# END Cloudflare Managed Content\n';
const OWN = 'User-agent: *\nDisallow: /private/\n';

describe('compareRobots', () => {
  it.each<{
    name: string;
    source: string;
    agent: string | null;
    browser: string | null;
    agentStatus?: string;
    expected: RobotsDifference;
  }>([
    {
      name: 'the same file is the same',
      source: 'issue: "same file"',
      agent: OWN,
      browser: OWN,
      expected: { kind: 'same' },
    },
    {
      name: "a managed block before the browser's file is prepended",
      source: 'docs/semantics/usage.md §3.6: Cloudflare prepends its block',
      agent: `${MANAGED}\n${OWN}`,
      browser: OWN,
      expected: { kind: 'managed-prepended', vendor: 'Cloudflare' },
    },
    {
      name: 'a managed block alone, where the browser got rules, replaced the file',
      source: 'issue: "managed block replaced your file"',
      agent: MANAGED,
      browser: OWN,
      expected: { kind: 'managed-replaced', vendor: 'Cloudflare' },
    },
    {
      name: 'blocks that differ around the same rules differ only in the managed part',
      source: 'docs/semantics/usage.md §3.6',
      agent: `${MANAGED}\n${OWN}`,
      browser: `# BEGIN Cloudflare Managed content\nUser-agent: CCBot\nDisallow: /\n# END Cloudflare Managed Content\n\n${OWN}`,
      expected: { kind: 'managed-differs', vendor: 'Cloudflare' },
    },
    {
      name: 'another file is different, its lines counted',
      source: 'issue: "a line diff"',
      agent: 'User-agent: *\nDisallow: /\n',
      browser: OWN,
      expected: { kind: 'different', added: 1, removed: 1 },
    },
    {
      name: 'line endings alone do not make a difference',
      source: 'lib/shared/version-diff.ts: CRLF, LF and CR read alike',
      agent: OWN.replace(/\n/g, '\r\n'),
      browser: OWN,
      expected: { kind: 'same' },
    },
    {
      name: 'a 403 robots.txt where the browser got a file differs by status',
      source: 'issue: "robots.txt status"',
      agent: null,
      agentStatus: '403',
      browser: OWN,
      expected: { kind: 'status-differs', agentStatus: '403', browserStatus: '200' },
    },
  ])('$name ($source)', ({ agent, browser, agentStatus, expected }) => {
    expect(
      compareRobots(
        { status: agentStatus ?? '200', text: agent },
        { status: browser === null ? '404' : '200', text: browser },
      ),
    ).toEqual(expected);
  });

  it('says each difference in words', () => {
    expect(describeRobotsDifference({ kind: 'managed-prepended', vendor: 'Cloudflare' }, 'GPTBot')).toBe(
      'robots.txt: Cloudflare managed block prepended to your rules for GPTBot.',
    );
    expect(describeRobotsDifference({ kind: 'managed-replaced', vendor: 'Cloudflare' }, 'ClaudeBot')).toMatch(
      /managed block replaced your file for ClaudeBot/,
    );
    expect(describeRobotsDifference({ kind: 'same' }, 'Googlebot')).toMatch(/same file/);
    // One line is "1 line", never "1 lines".
    expect(describeRobotsDifference({ kind: 'different', added: 1, removed: 1 }, 'Googlebot')).toBe(
      "robots.txt: a different file for Googlebot (1 line added, 1 removed against the browser's).",
    );
    expect(describeRobotsDifference({ kind: 'different', added: 3, removed: 0 }, 'Googlebot')).toBe(
      "robots.txt: a different file for Googlebot (3 lines added against the browser's).",
    );
  });
});

describe('compareHeaders', () => {
  it('lists the usage and indexing headers that differ, and only those', () => {
    expect(
      compareHeaders(
        [
          ['x-robots-tag', 'noindex'],
          ['content-signal', 'ai-train=no'],
          ['server', 'a'],
        ],
        [
          ['content-signal', 'ai-train=no'],
          ['content-usage', 'train-ai=n'],
          ['server', 'b'],
        ],
      ),
    ).toEqual([
      { name: 'x-robots-tag', agent: 'noindex', browser: null },
      { name: 'content-usage', agent: null, browser: 'train-ai=n' },
    ]);
  });
});

describe('page readings', () => {
  it.each([
    { body: '<link rel="canonical" href="/a">', expected: 'https://example.com/a' },
    { body: "<LINK href='https://example.com/b' REL='alternate canonical'>", expected: 'https://example.com/b' },
    { body: '<link rel=stylesheet href=/x.css><link rel=canonical href=/c>', expected: 'https://example.com/c' },
    { body: '<p>no canonical</p>', expected: null },
  ])('finds the canonical in $body', ({ body, expected }) => {
    expect(findDeclaredCanonical(PAGE, [], body)).toBe(expected);
  });

  it('prefers the Link header canonical', () => {
    expect(findDeclaredCanonical(PAGE, [['link', '</h>; rel="canonical"']], '<link rel=canonical href=/c>')).toBe(
      'https://example.com/h',
    );
  });

  it('recognises challenge pages by vendor', () => {
    expect(recogniseChallengeBody(CF_CHALLENGE_BODY)).toBe('Cloudflare');
    expect(recogniseChallengeBody('<script src="https://geo.captcha-delivery.com/captcha/"></script>')).toBe(
      'DataDome',
    );
    expect(recogniseChallengeBody('<h1>Forbidden</h1>')).toBeNull();
  });
});
