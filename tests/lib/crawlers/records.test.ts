import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crawlerRecords,
  CRAWLERS_AS_OF,
  findIpList,
  IDENTITY_FACTS_AS_OF,
  type CrawlerRecord,
  type IpListId,
} from '../../../lib/crawlers/index';
import { CRAWLERS, findCrawler } from '../../../lib/robots/crawlers';
import { CRAWLER_USER_AGENTS, findUserAgent } from '../../../lib/probe/user-agents';
import { CRAWLER_PARSERS } from '../../../lib/lens/crawler-parsers';
import { importGraph } from '../../support/import-graph';

/**
 * One row per record, in catalogue order: what each view must show of it. The IP lists and reverse-DNS
 * names are those of the operators' notes the catalogue was refreshed from (ip-lists/SOURCES.md);
 * `probe` says whether a User-Agent string is known; `window` whether the operator itself documents a
 * one-day robots.txt cache. Adding a crawler is one record and one row here.
 */
interface Row {
  readonly token: string;
  readonly lists: readonly IpListId[];
  readonly probe: boolean;
  readonly rdns: readonly string[];
  readonly window: boolean;
  readonly parser?: 'crawler-commons';
}

const GOOGLE_RDNS = ['googlebot.com', 'google.com', 'googleusercontent.com'];
const google = (token: string, probe: boolean): Row => ({
  token,
  lists: ['google-common-crawlers'],
  probe,
  rdns: GOOGLE_RDNS,
  window: true,
});
const row = (token: string, lists: readonly IpListId[], probe: boolean, window = false, rdns: string[] = []): Row => ({
  token,
  lists,
  probe,
  rdns,
  window,
});

const ROWS: readonly Row[] = [
  google('Googlebot', true),
  google('Googlebot-Image', true),
  google('Googlebot-Video', true),
  google('Googlebot-News', true),
  google('Google-InspectionTool', false),
  google('Storebot-Google', true),
  google('GoogleOther', true),
  google('Google-CloudVertexBot', false),
  row('Google-Extended', [], false, true),
  row('AdsBot-Google', ['google-special-crawlers'], false, true, ['rate-limited-proxy-*.google.com']),
  row('bingbot', ['bing-bingbot'], true, false, ['search.msn.com']),
  row('Applebot', ['apple-applebot'], true, false, ['applebot.apple.com']),
  row('Applebot-Extended', [], false),
  row('GPTBot', ['openai-gptbot'], true, true),
  row('OAI-SearchBot', ['openai-searchbot'], true, true),
  row('ChatGPT-User', ['openai-chatgpt-user'], true, true),
  row('OAI-AdsBot', ['openai-adsbot'], false, true),
  row('ClaudeBot', ['anthropic-bots'], true),
  row('Claude-SearchBot', ['anthropic-bots'], false),
  row('Claude-User', ['anthropic-bots'], false),
  row('PerplexityBot', ['perplexity-perplexitybot'], true, true),
  row('Perplexity-User', ['perplexity-perplexity-user'], false, true),
  row('MistralAI-Training', [], false),
  row('MistralAI-Index', [], false),
  row('MistralAI-User', ['mistral-mistralai-user-ips'], false),
  { ...row('CCBot', ['commoncrawl-ccbot'], true, false, ['crawl.commoncrawl.org']), parser: 'crawler-commons' },
  row('Bytespider', [], false),
  row('meta-externalagent', [], true),
  row('meta-webindexer', [], false),
  row('meta-externalfetcher', [], false),
  row('Amazonbot', [], true, true, ['crawl.amazonbot.amazon']),
  row('Amzn-SearchBot', [], false, true),
  row('Amzn-User', [], false, true),
  row('DuckDuckBot', [], true),
  row('DuckAssistBot', ['duckduckgo-duckassistbot'], false),
  row('YandexBot', [], true, false, ['yandex.ru', 'yandex.net', 'yandex.com']),
  row('Baiduspider', [], true, false, ['baidu.com', 'baidu.jp']),
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real day, no later than the newest date the catalogue claims. */
const isCatalogueDate = (s: string) =>
  ISO_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s) && s <= IDENTITY_FACTS_AS_OF;

/** Words that say something (more than a word or two). */
const said = (words: string) => words.trim().length > 10;

const recordOf = (token: string): CrawlerRecord => {
  const record = crawlerRecords().find((r) => r.token === token);
  if (record === undefined) throw new Error(`no record for ${token}`);
  return record;
};

describe('the crawler records', () => {
  it('has one row here per record, in catalogue order, each token once', () => {
    expect(crawlerRecords().map((r) => r.token)).toEqual(ROWS.map((r) => r.token));
    expect(new Set(crawlerRecords().map((r) => r.token.toLowerCase())).size).toBe(crawlerRecords().length);
  });

  it('dates every fact with a real day no later than the catalogue’s, and names its source', () => {
    expect(isCatalogueDate(CRAWLERS_AS_OF)).toBe(true);
    expect(isCatalogueDate('2026-02-30')).toBe(false);
    for (const r of crawlerRecords()) {
      expect(isCatalogueDate(r.verified), r.token).toBe(true);
      expect(said(r.source), r.token).toBe(true);
      expect(isCatalogueDate(r.cacheWindow.checked), r.token).toBe(true);
      if (r.userAgents.kind === 'strings')
        for (const s of r.userAgents.strings) expect(isCatalogueDate(s.checked), r.token).toBe(true);
      if (r.parser.kind === 'reported') {
        expect(isCatalogueDate(r.parser.asOf), r.token).toBe(true);
        expect(said(r.parser.source), r.token).toBe(true);
      }
    }
  });
});

describe.each(ROWS.map((r) => [r.token, r] as const))('%s', (token, expected) => {
  const record = recordOf(token);

  it('is a preset with the same robots.txt facts, and its IP lists in words', () => {
    const preset = findCrawler(token);
    expect(preset).toMatchObject({
      token: record.token,
      name: record.name,
      operator: record.operator,
      purpose: record.purpose,
      purposeLabel: record.purposeLabel,
      obeysRobots: record.obeysRobots,
      crawlDelay: record.crawlDelay,
      fallbacks: record.fallbacks,
      ignoresGlobal: record.ignoresGlobal,
      groupMatch: record.groupMatch,
      fetches: record.fetches,
      source: record.source,
      verified: record.verified,
    });
    if (record.ipLists.kind === 'lists') for (const id of record.ipLists.ids) expect(preset?.ipRanges).toContain(id);
    else expect(preset?.ipRanges).toBe(record.ipLists.why);
  });

  it(expected.probe ? 'can be probed with its first User-Agent string' : 'cannot be probed, and says why', () => {
    const entry = findUserAgent(token);
    if (record.userAgents.kind === 'strings') {
      expect(expected.probe).toBe(true);
      expect(entry).toEqual({ token, operator: record.operator, ...record.userAgents.strings[0] });
      expect(entry?.userAgent).toContain(token);
    } else {
      expect(expected.probe).toBe(false);
      expect(entry).toBeUndefined();
      expect(said(record.userAgents.why)).toBe(true);
      if (!record.fetches) expect(record.userAgents.why).toMatch(/^A control token: nothing fetches/);
    }
  });

  it(expected.lists.length > 0 ? `is covered by ${expected.lists.join(', ')}` : 'is covered by no shipped list', () => {
    if (record.ipLists.kind === 'lists') {
      expect(record.ipLists.ids).toEqual(expected.lists);
      for (const id of record.ipLists.ids) expect(findIpList(id).identity.proves).toBe(true);
    } else {
      expect(expected.lists).toEqual([]);
      expect(said(record.ipLists.why)).toBe(true);
      if (!record.fetches) expect(record.ipLists.why).toMatch(/a control token, nothing fetches under it/);
    }
  });

  it(
    expected.rdns.length > 0
      ? `is checked by reverse DNS against ${expected.rdns.join(', ')}`
      : 'has no reverse-DNS names, and says why',
    () => {
      if (record.reverseDns.kind === 'names') {
        expect(record.reverseDns.names).toEqual(expected.rdns);
        expect(new URL(record.reverseDns.url).protocol).toBe('https:');
        expect(record.reverseDns.recheckedOnPage).toBe(false);
        expect(record.reverseDns.note).toMatch(/not read again on that page/);
        for (const name of record.reverseDns.names) expect(name).toMatch(/^([a-z0-9*-]+\.)+[a-z]+$/);
      } else {
        expect(expected.rdns).toEqual([]);
        expect(said(record.reverseDns.why)).toBe(true);
      }
    },
  );

  it('keeps a robots.txt copy for at most a day (RFC 9309), quoting its operator where it says so', () => {
    expect(record.cacheWindow.hours).toBe(24);
    expect(record.cacheWindow.source).toMatch(/^RFC 9309 §2\.4/);
    if (expected.window) expect(record.cacheWindow.operatorSays).toMatch(new RegExp(`^${record.operator} says`));
    else expect(record.cacheWindow.operatorSays).toBeNull();
  });

  it(expected.parser ? `is reported to run ${expected.parser}` : 'is read with Google’s rules, and says why', () => {
    const reported = CRAWLER_PARSERS.find((p) => p.token === token);
    if (record.parser.kind === 'reported') {
      expect(record.parser.profile).toBe(expected.parser);
      const { kind: _kind, ...report } = record.parser;
      expect(reported).toEqual({ token, ...report });
    } else {
      expect(expected.parser).toBeUndefined();
      expect(reported).toBeUndefined();
      expect(said(record.parser.why)).toBe(true);
    }
  });
});

describe('the views', () => {
  it('list the records in catalogue order', () => {
    const order = (tokens: readonly string[]) => tokens.map((t) => crawlerRecords().findIndex((r) => r.token === t));
    const ascending = (indexes: number[]) => indexes.every((n, i) => n >= 0 && (i === 0 || n > (indexes[i - 1] ?? -1)));
    expect(CRAWLERS.map((c) => c.token)).toEqual(crawlerRecords().map((r) => r.token));
    expect(ascending(order(CRAWLER_USER_AGENTS.map((e) => e.token)))).toBe(true);
    expect(ascending(order(CRAWLER_PARSERS.map((p) => p.token)))).toBe(true);
  });

  it('never let a control token claim a request: no string, no list, no reverse-DNS name', () => {
    const controls = crawlerRecords().filter((r) => !r.fetches);
    expect(controls.map((r) => r.token)).toEqual(['Google-Extended', 'Applebot-Extended']);
    for (const r of controls) {
      expect(r.userAgents.kind).toBe('none');
      expect(r.ipLists.kind).toBe('none');
      expect(r.reverseDns.kind).toBe('none');
    }
  });

  it('keep the popup’s presets to the cores, and every view away from the list reader and the snapshots', () => {
    const graph = importGraph(resolve(import.meta.dirname, '..', '..', '..'), ['lib']);
    const reachedFrom = (...roots: string[]) => {
      const reached = new Set<string>();
      const visit = (file: string) => {
        if (reached.has(file)) return;
        reached.add(file);
        for (const next of graph.get(file) ?? []) visit(next);
      };
      for (const root of roots) visit(root);
      return [...reached].filter((f) => f.startsWith('lib/crawlers/') || f.endsWith('.json')).sort();
    };
    // The popup's first script reads the presets (lib/robots/crawlers.ts), so it carries the cores only.
    expect(reachedFrom('lib/robots/index.ts')).toEqual(['lib/crawlers/records.ts', 'lib/crawlers/types.ts']);
    expect(reachedFrom('lib/probe/user-agents.ts', 'lib/lens/crawler-parsers.ts')).toEqual([
      'lib/crawlers/parsers.ts',
      'lib/crawlers/records.ts',
      'lib/crawlers/types.ts',
      'lib/crawlers/user-agents.ts',
    ]);
  });
});
