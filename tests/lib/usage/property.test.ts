/**
 * Property tests with a seeded PRNG (docs/semantics/usage.md §4, §4.4.5, §3): usage lines never change the
 * Fetch verdict, nor the Index verdict of page directives; reordering lines inside a group never
 * changes a Content-Usage answer; parsers and the resolver never throw on hostile input.
 */
import { describe, expect, it } from 'vitest';
import { judgeIndexability } from '../../../lib/page-directives/verdict';
import { compileRobots, CRAWLERS, evaluate, evaluateForCrawler, parseRobotsTxt } from '../../../lib/robots/index';
import {
  lintPageUsage,
  lintRobotsUsage,
  parseAiprefStatement,
  parseContentSignal,
  parseContentUsageRule,
  preparePageUsage,
  prepareRobotsUsage,
  readTdmFile,
  resolveUsage,
  resolveUsageForCrawler,
  USAGE_PURPOSES,
  type UsagePurpose,
} from '../../../lib/usage/index';
import { pick } from '../robots/support';
import { createRandom } from '../../support/random';

const PATHS = ['/', '/a', '/a/b', '/shop/', '/shop/x.pdf', '/docs/', '/b*', '/a$', '/caf%c3%a9/', '/é/'];
const STATEMENTS = ['train-ai=n', 'train-ai=y', 'search=y, train-ai=n', 'Train-AI=n', 'train-ai=no', '', 'bots=n'];
const SIGNALS = ['ai-train=no', 'search=yes, ai-input=no', 'use=reference', 'AI-Train=Yes', 'ai-train = no'];
const AGENTS = ['*', 'GPTBot', 'Googlebot', 'ExampleBot', 'Google-Extended', '__usage_ai-training', 'bingbot'];
const URLS = ['/', '/a', '/a/b', '/shop/x.pdf', '/shop/x.pdf?q=1', '/docs/x', '/caf%C3%A9/x', '/zzz'];
const TOKENS = ['GPTBot', 'Googlebot', 'ExampleBot', 'bingbot', 'Applebot', 'Google-Extended', '__usage_ai-training'];

function usageLine(random: () => number): string {
  if (random() < 0.6) {
    const path = random() < 0.7 ? `${pick(random, PATHS)} ` : '';
    return `Content-Usage: ${path}${pick(random, STATEMENTS)}`;
  }
  return `Content-Signal: ${pick(random, SIGNALS)}`;
}

function ruleLine(random: () => number): string {
  return `${random() < 0.5 ? 'Allow' : 'Disallow'}: ${pick(random, PATHS)}`;
}

/** A random file as groups of lines (agents, then rules), without and with usage lines. */
function randomFile(random: () => number): { plain: string[][]; withUsage: string[][] } {
  const plain: string[][] = [];
  const withUsage: string[][] = [];
  const groups = 1 + Math.floor(random() * 4);
  for (let g = 0; g < groups; g++) {
    const agents = [`User-agent: ${pick(random, AGENTS)}`];
    if (random() < 0.3) agents.push(`User-agent: ${pick(random, AGENTS)}`);
    const rules = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ruleLine(random));
    const usage = Array.from({ length: Math.floor(random() * 4) }, () => usageLine(random));
    plain.push([...agents, ...rules]);
    // Usage lines go after the agents, mixed among the rules: they never end a group.
    const mixed = [...rules];
    for (const line of usage) mixed.splice(Math.floor(random() * (mixed.length + 1)), 0, line);
    withUsage.push([...agents, ...mixed]);
  }
  return { plain, withUsage };
}

describe('usage lines never change the Fetch verdict', () => {
  it('evaluate gives the same allowed/disallowed for every crawler and URL with and without usage lines', () => {
    const random = createRandom(20261125);
    for (let i = 0; i < 150; i++) {
      const { plain, withUsage } = randomFile(random);
      const a = compileRobots(parseRobotsTxt(plain.map((g) => g.join('\n')).join('\n\n')));
      const b = compileRobots(parseRobotsTxt(withUsage.map((g) => g.join('\n')).join('\n\n')));
      for (const url of URLS) {
        for (const token of TOKENS) {
          expect(evaluate(b, url, token).allowed).toBe(evaluate(a, url, token).allowed);
          expect(evaluateForCrawler(b, url, token).verdict.allowed).toBe(
            evaluateForCrawler(a, url, token).verdict.allowed,
          );
        }
      }
    }
  });
});

describe('usage signals never change the Index verdict', () => {
  it('adding Content-Usage, Content-Signal, tdm-reservation headers and noai/tdm metas leaves judgeIndexability unchanged', () => {
    const base = {
      url: 'https://e.com/p',
      status: 200,
      redirects: [],
      linkHeaders: [],
      canonicals: [],
      served: null,
    };
    const metas = [{ name: 'robots', content: 'noindex', inHead: true }];
    for (const crawler of ['Googlebot', 'bingbot', 'GPTBot', 'YandexBot']) {
      const before = judgeIndexability({ ...base, robotsHeaders: ['noarchive'], metas }, crawler, null, 0);
      const after = judgeIndexability(
        {
          ...base,
          robotsHeaders: ['noarchive'],
          metas: [
            ...metas,
            { name: 'tdm-reservation', content: '1', inHead: true },
            { name: 'content-usage', content: 'train-ai=n', inHead: true },
          ],
        },
        crawler,
        null,
        0,
      );
      expect(after.kind).toBe(before.kind);
      expect(after.indexable).toBe(before.indexable);
    }
  });
});

describe('§4.4.5: the order of lines in a group has no meaning', () => {
  it('reordering the Content-Usage lines inside a group never changes a Content-Usage answer', () => {
    const random = createRandom(4405);
    for (let i = 0; i < 150; i++) {
      const usage = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const path = random() < 0.7 ? `${pick(random, PATHS)} ` : '';
        return `Content-Usage: ${path}${pick(random, STATEMENTS)}`;
      });
      const shuffled = [...usage].sort(() => random() - 0.5);
      const file = (lines: string[]) => ['User-agent: *', 'Allow: /', ...lines].join('\n');
      for (const url of URLS) {
        for (const purpose of ['search', 'ai-train'] as const) {
          const ask = (robots: string) =>
            resolveUsage({
              robots,
              robotsStatus: 200,
              url: `https://e.com${url}`,
              crawler: 'ExampleBot',
              purpose,
              headers: [],
              meta: [],
            }).kind;
          expect(ask(file(shuffled))).toBe(ask(file(usage)));
        }
      }
    }
  });
});

describe('parsers never throw on hostile input', () => {
  it('random bytes through every reader, the lint and the resolver', () => {
    const random = createRandom(666);
    const alphabet = 'a-z=,;"*:/\\\t ()?@%#\r\nYNyn01é\u0000\uFEFFcontent-usage:signal';
    const junk = () => Array.from({ length: Math.floor(random() * 60) }, () => pick(random, [...alphabet])).join('');
    for (let i = 0; i < 500; i++) {
      const text = junk();
      expect(() => parseAiprefStatement(text)).not.toThrow();
      expect(() => parseContentSignal(text)).not.toThrow();
      expect(() => parseContentUsageRule(text)).not.toThrow();
      expect(() => readTdmFile(text)).not.toThrow();
      const body = `User-agent: *\nContent-Usage: ${text}\nContent-Signal: ${junk()}\n${junk()}`;
      expect(() => lintRobotsUsage(body)).not.toThrow();
      expect(() =>
        lintPageUsage(
          [
            ['Content-Usage', text],
            ['tdm-reservation', junk()],
          ],
          [{ name: junk(), content: text }],
          text,
        ),
      ).not.toThrow();
      expect(() =>
        resolveUsage({
          robots: body,
          robotsStatus: 200,
          url: `https://e.com/${junk()}`,
          crawler: junk(),
          purpose: 'ai-train',
          headers: [[junk(), text]],
          meta: [{ name: 'robots', content: text }],
          tdmrep: text,
        }),
      ).not.toThrow();
    }
  });
  it('survives values that are not what the types say (data from messages)', () => {
    const page = preparePageUsage({
      url: 'https://e.com/',
      headers: [[1, null]] as never,
      meta: [{ name: null, content: 3 }] as never,
      tdmrep: [null, 1, 'x', { location: 5 }],
    });
    const robots = prepareRobotsUsage({ body: 'User-agent: *', status: 200 });
    expect(() => resolveUsageForCrawler(robots, page, 'GPTBot')).not.toThrow();
  });
});

describe('the prepared path gives the one-shot answers', () => {
  it('prepareRobotsUsage once, then each crawler on URL after URL, answers as a fresh preparation and resolveUsage do', () => {
    const random = createRandom(2727);
    for (let i = 0; i < 8; i++) {
      const body = randomFile(random)
        .withUsage.map((g) => g.join('\n'))
        .join('\n\n');
      const robots = prepareRobotsUsage({ body, status: 200 });
      const headers: [string, string][] = [['X-Robots-Tag', 'noarchive']];
      const meta = [{ name: 'robots', content: 'nosnippet' }];
      // URLs revisited out of order: what one URL's crawlers share must never leak into the next.
      for (const path of [...URLS, URLS[3], URLS[0], URLS[3]] as string[]) {
        const url = `https://e.com${path}`;
        const page = preparePageUsage({ url, headers, meta, now: 0 });
        const fresh = prepareRobotsUsage({ body, status: 200 });
        [...CRAWLERS.map((c) => c.token), ...TOKENS].forEach((token, t) => {
          const prepared = resolveUsageForCrawler(robots, page, token);
          expect(prepared).toEqual(resolveUsageForCrawler(fresh, page, token));
          // One purpose per crawler, in turn, keeps the one-shot comparison quick.
          const purpose = USAGE_PURPOSES[t % USAGE_PURPOSES.length] as UsagePurpose;
          const oneShot = resolveUsage({
            robots: body,
            robotsStatus: 200,
            url,
            crawler: token,
            purpose,
            headers,
            meta,
            now: 0,
          });
          expect(prepared[purpose]).toEqual(oneShot);
        });
      }
    }
  });
});
