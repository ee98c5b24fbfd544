import { describe, expect, it } from 'vitest';
import {
  CRAWLERS,
  CRAWLERS_AS_OF,
  DEPRECATED_TOKENS,
  CRAWLERS_VERSION,
  type CrawlerVia,
  evaluate,
  evaluateForCrawler,
  findCrawler,
  compileRobots,
  isAllowedForCrawler,
  parseRobotsTxt,
  validateUserAgentToken,
} from '../../../lib/robots/index';

/** Every token of the crawler catalogue's two tables (the late-2026 additions beside their operators' crawlers). */
const DOCUMENTED_TOKENS = [
  'Googlebot',
  'Googlebot-Image',
  'Googlebot-Video',
  'Googlebot-News',
  'Google-InspectionTool',
  'Storebot-Google',
  'GoogleOther',
  'Google-CloudVertexBot',
  'Google-Extended',
  'AdsBot-Google',
  'bingbot',
  'Applebot',
  'Applebot-Extended',
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'OAI-AdsBot',
  'ClaudeBot',
  'Claude-SearchBot',
  'Claude-User',
  'PerplexityBot',
  'Perplexity-User',
  'MistralAI-Training',
  'MistralAI-Index',
  'MistralAI-User',
  'CCBot',
  'Bytespider',
  'meta-externalagent',
  'meta-webindexer',
  'meta-externalfetcher',
  'Amazonbot',
  'Amzn-SearchBot',
  'Amzn-User',
  'DuckDuckBot',
  'DuckAssistBot',
  'YandexBot',
  'Baiduspider',
];

describe('crawler presets (catalogue)', () => {
  it('lists every crawler of the catalogue, in order, once', () => {
    expect(CRAWLERS.map((c) => c.token)).toEqual(DOCUMENTED_TOKENS);
  });

  it('is dated as a whole, and each entry says where its operator publishes its IP addresses', () => {
    expect(CRAWLERS_AS_OF).toBe('2026-11-25');
    for (const c of CRAWLERS) {
      expect(c.ipRanges.length, c.token).toBeGreaterThan(0);
      expect(c.verified <= CRAWLERS_AS_OF, c.token).toBe(true);
    }
    expect(findCrawler('Google-CloudVertexBot')).toMatchObject({ operator: 'Google', verified: '2026-11-25' });
    expect(findCrawler('meta-externalfetcher')?.obeysRobots).toMatch(/may bypass robots\.txt/);
  });

  it('marks the control tokens as fetching nothing, and every other preset as a crawler that visits', () => {
    expect(CRAWLERS.filter((c) => !c.fetches).map((c) => c.token)).toEqual(['Google-Extended', 'Applebot-Extended']);
    expect(findCrawler('Google-Extended')?.ipRanges).toMatch(/nothing fetches under it/);
  });

  it('offers no stale token as a preset (the linter names them instead)', () => {
    for (const stale of ['anthropic-ai', 'Claude-Web', 'cohere-ai']) {
      expect(findCrawler(stale)).toBeUndefined();
      expect(DEPRECATED_TOKENS.has(stale.toLowerCase())).toBe(true);
    }
  });

  it('is versioned, and every entry names its source and a verified date', () => {
    expect(CRAWLERS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    for (const c of CRAWLERS) {
      expect(c.source.length).toBeGreaterThan(0);
      expect(c.verified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['search', 'ai-training', 'ai-search', 'user-triggered', 'other']).toContain(c.purpose);
      expect(c.crawlDelay.note).toMatch(/\.$/);
    }
  });

  it('has tokens that Google’s grammar can match', () => {
    for (const c of CRAWLERS) expect(validateUserAgentToken(c.token).kind).toBe('valid');
    for (const c of CRAWLERS) for (const f of c.fallbacks) expect(validateUserAgentToken(f).kind).toBe('valid');
  });

  const facts: {
    token: string;
    source: string;
    purpose: string;
    crawlDelay: string;
    fallbacks: string[];
    ignoresGlobal?: boolean;
  }[] = [
    {
      token: 'Googlebot-Image',
      source: 'catalogue',
      purpose: 'search',
      crawlDelay: 'ignored',
      fallbacks: ['Googlebot'],
    },
    {
      token: 'Google-Extended',
      source: 'catalogue',
      purpose: 'ai-training',
      crawlDelay: 'not-applicable',
      fallbacks: [],
    },
    {
      token: 'AdsBot-Google',
      source: 'catalogue',
      purpose: 'other',
      crawlDelay: 'ignored',
      fallbacks: [],
      ignoresGlobal: true,
    },
    { token: 'bingbot', source: 'catalogue', purpose: 'search', crawlDelay: 'honoured', fallbacks: ['msnbot'] },
    {
      token: 'Applebot',
      source: 'catalogue',
      purpose: 'search',
      crawlDelay: 'not-documented',
      fallbacks: ['Googlebot'],
    },
    {
      token: 'ChatGPT-User',
      source: 'catalogue',
      purpose: 'user-triggered',
      crawlDelay: 'not-applicable',
      fallbacks: [],
    },
    { token: 'ClaudeBot', source: 'catalogue', purpose: 'ai-training', crawlDelay: 'honoured', fallbacks: [] },
    { token: 'CCBot', source: 'catalogue', purpose: 'ai-training', crawlDelay: 'claimed', fallbacks: [] },
    { token: 'Amazonbot', source: 'catalogue', purpose: 'ai-search', crawlDelay: 'not-supported', fallbacks: [] },
    { token: 'YandexBot', source: 'catalogue', purpose: 'search', crawlDelay: 'ignored', fallbacks: [] },
    { token: 'Bytespider', source: 'catalogue', purpose: 'ai-training', crawlDelay: 'unknown', fallbacks: [] },
  ];
  it.each(facts)('describes $token as documented', ({ token, purpose, crawlDelay, fallbacks, ignoresGlobal }) => {
    const c = findCrawler(token);
    expect(c).toMatchObject({
      token,
      purpose,
      fallbacks,
      ignoresGlobal: ignoresGlobal ?? false,
      crawlDelay: { kind: crawlDelay },
    });
  });

  it('finds presets case-insensitively and nothing else', () => {
    expect(findCrawler('GOOGLEBOT-image')?.token).toBe('Googlebot-Image');
    expect(findCrawler('Googlebot-Imag')).toBeUndefined();
    expect(findCrawler('')).toBeUndefined();
  });
});

describe('evaluating for a crawler: group selection (catalogue)', () => {
  const cases: {
    name: string;
    source: string;
    crawler: string;
    body: string;
    url: string;
    via: CrawlerVia;
    allowed: boolean;
    line: number;
  }[] = [
    {
      name: 'Googlebot-Image uses its own group when one names it',
      source: 'catalogue',
      crawler: 'Googlebot-Image',
      body: 'User-agent: Googlebot\nDisallow: /\nUser-agent: Googlebot-Image\nDisallow: /img',
      url: '/x',
      via: { kind: 'own', token: 'Googlebot-Image', match: 'exact' },
      allowed: true,
      line: 0,
    },
    {
      name: 'Googlebot-Image falls back to Googlebot’s group',
      source: 'catalogue',
      crawler: 'Googlebot-Image',
      body: 'User-agent: *\nDisallow: /\nUser-agent: Googlebot\nDisallow: /g',
      url: '/x',
      via: { kind: 'fallback', token: 'Googlebot', unnamed: ['Googlebot-Image'] },
      allowed: true,
      line: 0,
    },
    {
      name: 'Googlebot-Image falls back to * without a Googlebot group',
      source: 'catalogue',
      crawler: 'Googlebot-Image',
      body: 'User-agent: *\nDisallow: /',
      url: '/x',
      via: { kind: 'global', unnamed: ['Googlebot-Image', 'Googlebot'] },
      allowed: false,
      line: 2,
    },
    {
      name: 'bingbot falls back to msnbot',
      source: 'catalogue',
      crawler: 'bingbot',
      body: 'User-agent: msnbot\nDisallow: /m\nUser-agent: *\nDisallow: /',
      url: '/m',
      via: { kind: 'fallback', token: 'msnbot', unnamed: ['bingbot'] },
      allowed: false,
      line: 2,
    },
    {
      name: 'bingbot falls back to * without msnbot',
      source: 'catalogue',
      crawler: 'bingbot',
      body: 'User-agent: *\nDisallow: /',
      url: '/m',
      via: { kind: 'global', unnamed: ['bingbot', 'msnbot'] },
      allowed: false,
      line: 2,
    },
    {
      name: 'Applebot falls back to Googlebot',
      source: 'catalogue',
      crawler: 'Applebot',
      body: 'User-agent: Googlebot\nDisallow: /g\nUser-agent: *\nDisallow: /',
      url: '/g',
      via: { kind: 'fallback', token: 'Googlebot', unnamed: ['Applebot'] },
      allowed: false,
      line: 2,
    },
    {
      name: 'AdsBot-Google ignores *',
      source: 'catalogue',
      crawler: 'AdsBot-Google',
      body: 'User-agent: *\nDisallow: /',
      url: '/x',
      via: { kind: 'ignored-global', unnamed: ['AdsBot-Google'] },
      allowed: true,
      line: 0,
    },
    {
      name: 'AdsBot-Google obeys a group naming it',
      source: 'catalogue',
      crawler: 'AdsBot-Google',
      body: 'User-agent: *\nDisallow: /\nUser-agent: AdsBot-Google\nDisallow: /ads',
      url: '/ads',
      via: { kind: 'own', token: 'AdsBot-Google', match: 'exact' },
      allowed: false,
      line: 4,
    },
    {
      name: 'YandexBot takes every group whose name contains Yandex',
      source: 'catalogue',
      crawler: 'YandexBot',
      body: 'User-agent: *\nDisallow: /\nUser-agent: Yandex\nDisallow: /a\nUser-agent: YANDEXImages\nDisallow: /b',
      url: '/b',
      via: { kind: 'own', token: 'YandexBot', match: 'contains' },
      allowed: false,
      line: 6,
    },
    {
      name: 'YandexBot falls back to * without a Yandex group',
      source: 'catalogue',
      crawler: 'YandexBot',
      body: 'User-agent: Googlebot\nDisallow: /\nUser-agent: *\nDisallow: /x',
      url: '/x',
      via: { kind: 'global', unnamed: ['YandexBot'] },
      allowed: false,
      line: 4,
    },
    {
      name: 'GPTBot has no fallback before *',
      source: 'catalogue',
      crawler: 'GPTBot',
      body: 'User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /',
      url: '/x',
      via: { kind: 'global', unnamed: ['GPTBot'] },
      allowed: true,
      line: 4,
    },
    {
      name: 'a crawler with no group and no * is allowed everything',
      source: 'robots.md §2',
      crawler: 'GPTBot',
      body: 'User-agent: Googlebot\nDisallow: /',
      url: '/x',
      via: { kind: 'none', unnamed: ['GPTBot'] },
      allowed: true,
      line: 0,
    },
    {
      name: 'a custom token behaves like evaluate',
      source: 'robots.md §2',
      crawler: 'MyBot',
      body: 'User-agent: mybot\nDisallow: /p',
      url: '/p',
      via: { kind: 'own', token: 'MyBot', match: 'exact' },
      allowed: false,
      line: 2,
    },
    {
      name: 'a custom token falls to * like evaluate',
      source: 'robots.md §2',
      crawler: 'MJ12bot',
      body: 'User-agent: MJ12bot\nDisallow: /\nUser-agent: *\nDisallow: /x',
      url: '/y',
      via: { kind: 'global', unnamed: ['MJ12bot'] },
      allowed: true,
      line: 0,
    },
  ];
  it.each(cases)('$name', ({ crawler, body, url, via, allowed, line }) => {
    const robots = compileRobots(parseRobotsTxt(body));
    const result = evaluateForCrawler(robots, url, crawler);
    expect(result.via).toEqual(via);
    expect(result.verdict.allowed).toBe(allowed);
    expect(result.verdict.rule?.rule.line ?? 0).toBe(line);
    expect(result.verdict.userAgent).toBe(result.token);
  });

  it('accepts a preset object as well as its token', () => {
    const robots = compileRobots(parseRobotsTxt('User-agent: Googlebot\nDisallow: /'));
    const preset = findCrawler('Googlebot-News');
    expect(preset).toBeDefined();
    if (preset === undefined) return;
    expect(evaluateForCrawler(robots, '/x', preset)).toEqual(evaluateForCrawler(robots, '/x', 'googlebot-news'));
  });

  it('gives a custom token exactly evaluate’s verdict, with unknown Crawl-delay support', () => {
    const robots = compileRobots(parseRobotsTxt('User-agent: *\nDisallow: /a\nCrawl-delay: 3'));
    const result = evaluateForCrawler(robots, '/a', 'SomeBot');
    expect(result.verdict).toEqual(evaluate(robots, '/a', 'SomeBot'));
    expect(result.crawler).toBeNull();
    expect(result.crawlDelaySupport.kind).toBe('unknown');
  });

  it('says whether the crawler honours the verdict’s Crawl-delay', () => {
    const robots = compileRobots(parseRobotsTxt('User-agent: *\nCrawl-delay: 5\nDisallow: /a'));
    const bing = evaluateForCrawler(robots, '/b', 'bingbot');
    expect(bing.verdict.crawlDelay?.seconds).toBe(5);
    expect(bing.crawlDelaySupport.kind).toBe('honoured');
    expect(evaluateForCrawler(robots, '/b', 'Googlebot').crawlDelaySupport.kind).toBe('ignored');
  });

  it('keeps core evaluate exact: Googlebot-Image alone does not fall back there', () => {
    const robots = compileRobots(parseRobotsTxt('User-agent: Googlebot\nDisallow: /\nUser-agent: *\nAllow: /'));
    expect(evaluate(robots, '/x', 'Googlebot-Image').allowed).toBe(true);
    expect(evaluateForCrawler(robots, '/x', 'Googlebot-Image').verdict.allowed).toBe(false);
  });
});

describe('validating a custom token (robots.md §2)', () => {
  const cases: {
    token: string;
    source: string;
    kind: string;
    readAs?: string;
    reason?: string;
    explanation?: string;
  }[] = [
    { token: 'Googlebot', source: 'robots.md §2', kind: 'valid' },
    { token: 'foo_bar-baz', source: 'robots.md §2', kind: 'valid' },
    {
      token: 'MJ12bot',
      source: 'catalogue notes',
      kind: 'unmatchable',
      readAs: 'MJ',
      reason: 'digit',
      explanation:
        "MJ12bot contains a digit: Google's parser reads `User-agent: MJ12bot` as `MJ`, so no group can ever name this token exactly.",
    },
    { token: 'AI2Bot', source: 'catalogue notes', kind: 'unmatchable', readAs: 'AI', reason: 'digit' },
    { token: 'Foo Bar', source: 'robots.md §2', kind: 'unmatchable', readAs: 'Foo', reason: 'space' },
    { token: 'FooBot/2.1', source: 'robots.md §2', kind: 'unmatchable', readAs: 'FooBot', reason: 'slash' },
    { token: 'foo.bot', source: 'robots.md §2', kind: 'unmatchable', readAs: 'foo', reason: 'other' },
    { token: 'Bötchen', source: 'robots.md §1 ASCII only', kind: 'unmatchable', readAs: 'B', reason: 'other' },
    { token: '360Spider', source: 'robots.md §2', kind: 'unmatchable', readAs: '', reason: 'digit' },
    { token: '', source: 'robots.md §2 empty caller', kind: 'empty' },
    { token: '*', source: 'robots.md §2', kind: 'global' },
  ];
  it.each(cases)('classifies `$token` as $kind', ({ token, kind, readAs, reason, explanation }) => {
    const result = validateUserAgentToken(token);
    expect(result.kind).toBe(kind);
    if (result.kind === 'unmatchable') {
      expect(result).toMatchObject({ readAs, reason });
      if (explanation !== undefined) expect(result.explanation).toBe(explanation);
    }
    if (result.kind !== 'valid') expect(result.explanation).toMatch(/^[^\n]+\.$/);
  });

  it.each(['anthropic-ai', 'Claude-Web'])('warns that %s is stale', (token) => {
    const result = validateUserAgentToken(token);
    expect(result.kind).toBe('valid');
    if (result.kind === 'valid') expect(result.warning).toMatch(/not in its operator's current documentation/);
  });

  it('gives no warning for a current token', () => {
    expect(validateUserAgentToken('ClaudeBot')).toEqual({ kind: 'valid', token: 'ClaudeBot', warning: null });
  });
});

describe('isAllowedForCrawler', () => {
  const FILES = [
    'User-agent: Googlebot\nDisallow: /g/\nAllow: /g/ok\nUser-agent: *\nDisallow: /*?sort=\nDisallow: /*.pdf$\nAllow: /d/index.html\nDisallow: /d/',
    'User-agent: Yandex\nDisallow: /y\nUser-agent: AdsBot-Google\nDisallow: /a\nUser-agent: GPTBot\nDisallow: /',
    'User-agent: bingbot\nDisallow:\nUser-agent: *\nDisallow: /',
  ];
  const URLS = ['/', '/g/x', '/g/ok', '/x?sort=1', '/f.pdf', '/f.pdfx', '/d/', '/d/x', '/y', '/a'];

  it('gives the same answer as evaluateForCrawler for every preset, a custom token, and repeated calls', () => {
    for (const body of FILES) {
      const compiled = compileRobots(parseRobotsTxt(body));
      for (const crawler of [...CRAWLERS.map((c) => c.token), 'SomeBot']) {
        for (const url of [...URLS, ...URLS]) {
          const expected = evaluateForCrawler(compiled, url, crawler).verdict.allowed;
          expect({ body, crawler, url, allowed: isAllowedForCrawler(compiled, url, crawler) }).toEqual({
            body,
            crawler,
            url,
            allowed: expected,
          });
        }
      }
    }
  });
});
