import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crawlerRecords,
  CRAWLERS_AS_OF,
  findIpList,
  IDENTITY_FACTS_AS_OF,
  NOT_PRESET,
  OPERATOR_FACTS,
  USAGE_ONLY_RECORDS,
  USAGE_SOURCES,
  type CrawlerRecord,
  type DirectiveEngine,
  type ExplanationId,
  type IpListId,
  type OperatorName,
  type UsagePurpose,
} from '../../../lib/crawlers/index';
import { CRAWLERS, findCrawler } from '../../../lib/robots/crawlers';
import { CRAWLER_USER_AGENTS, findUserAgent } from '../../../lib/probe/user-agents';
import { CRAWLER_PARSERS } from '../../../lib/lens/crawler-parsers';
import {
  CONSUMERS,
  CONTROL_TOKENS,
  findCrawlerUsage,
  resolveUsage,
  SURFACE_ROWS,
  TRAINING_POLICY_TOKENS,
  USAGE_PURPOSES,
  type UsageAnswer,
} from '../../../lib/usage/index';
import { importGraph } from '../../support/import-graph';

/**
 * One row per record, in catalogue order: what each view must show of it. The IP lists and reverse-DNS
 * names are those of the operators' notes the catalogue was refreshed from (ip-lists/SOURCES.md);
 * `probe` says whether a User-Agent string is known; `window` whether the operator itself documents a
 * one-day robots.txt cache; `use` how the Use verdict reads it (a fetcher: whose page-directive
 * reading it follows, the meta names it reads, the control tokens that speak for it, the explanations
 * its behaviour calls for; a control token: who fetches for it, for which purposes). Adding a crawler
 * is one record and one row here.
 */
interface Row {
  readonly token: string;
  readonly lists: readonly IpListId[];
  readonly probe: boolean;
  readonly rdns: readonly string[];
  readonly window: boolean;
  readonly parser?: 'crawler-commons';
  readonly use: Use;
}

type Use =
  | {
      readonly role: 'fetcher';
      readonly engine: DirectiveEngine;
      /** Meta names besides `robots` and its own token. */
      readonly alsoReads: readonly string[];
      readonly control: readonly string[];
      /** The explanations its rows show whatever the file says (robots.txt may not apply). */
      readonly always: readonly ExplanationId[];
      /** The explanation its rows show when robots.txt blocks `blocking` (itself, or its pair's crawler). */
      readonly explains?: { readonly blocking: string; readonly id: ExplanationId; readonly unlessBlocked?: string };
      /** Its operator says noarchive keeps a page out of its training. */
      readonly noarchive?: true;
    }
  | { readonly role: 'control-token'; readonly fetchedBy: string; readonly purposes: readonly UsagePurpose[] };

const fetcher = (engine: DirectiveEngine, more: Partial<Extract<Use, { role: 'fetcher' }>> = {}): Use => ({
  role: 'fetcher',
  engine,
  alsoReads: [],
  control: [],
  always: [],
  ...more,
});
const OTHER = fetcher('other');
const GOOGLE = fetcher('google', { control: ['Google-Extended'] });
const GOOGLE_TEXT = fetcher('google', { alsoReads: ['googlebot'], control: ['Google-Extended'] });
const USER_FETCH = fetcher('other', { always: [7] });
/** Blocking GPTBot while OAI-SearchBot stays free is explained on both crawlers' rows. */
const OPENAI_PAIR = { blocking: 'GPTBot', id: 1, unlessBlocked: 'OAI-SearchBot' } as const;

const GOOGLE_RDNS = ['googlebot.com', 'google.com', 'googleusercontent.com'];
const google = (token: string, probe: boolean, use: Use = GOOGLE): Row => ({
  token,
  lists: ['google-common-crawlers'],
  probe,
  rdns: GOOGLE_RDNS,
  window: true,
  use,
});
const row = (token: string, lists: readonly IpListId[], probe: boolean, window = false, rdns: string[] = []): Row => ({
  token,
  lists,
  probe,
  rdns,
  window,
  use: OTHER,
});

const ROWS: readonly Row[] = [
  google('Googlebot', true, GOOGLE_TEXT),
  google('Googlebot-Image', true),
  google('Googlebot-Video', true),
  google('Googlebot-News', true, GOOGLE_TEXT),
  google('Google-InspectionTool', false, GOOGLE_TEXT),
  google('Storebot-Google', true),
  google('GoogleOther', true),
  google('Google-CloudVertexBot', false, fetcher('google')),
  {
    ...row('Google-Extended', [], false, true),
    use: { role: 'control-token', fetchedBy: 'Googlebot', purposes: ['ai-train', 'ai-input'] },
  },
  {
    ...row('AdsBot-Google', ['google-special-crawlers'], false, true, ['rate-limited-proxy-*.google.com']),
    use: fetcher('google'),
  },
  {
    ...row('bingbot', ['bing-bingbot'], true, false, ['search.msn.com']),
    use: fetcher('bing', { alsoReads: ['msnbot'] }),
  },
  {
    ...row('Applebot', ['apple-applebot'], true, false, ['applebot.apple.com']),
    use: fetcher('other', { control: ['Applebot-Extended'] }),
  },
  {
    ...row('Applebot-Extended', [], false),
    use: { role: 'control-token', fetchedBy: 'Applebot', purposes: ['ai-train'] },
  },
  { ...row('GPTBot', ['openai-gptbot'], true, true), use: fetcher('other', { explains: OPENAI_PAIR }) },
  {
    ...row('OAI-SearchBot', ['openai-searchbot'], true, true),
    use: fetcher('other', { explains: OPENAI_PAIR }),
  },
  { ...row('ChatGPT-User', ['openai-chatgpt-user'], true, true), use: USER_FETCH },
  row('OAI-AdsBot', ['openai-adsbot'], false, true),
  row('ClaudeBot', ['anthropic-bots'], true),
  row('Claude-SearchBot', ['anthropic-bots'], false),
  row('Claude-User', ['anthropic-bots'], false),
  row('PerplexityBot', ['perplexity-perplexitybot'], true, true),
  { ...row('Perplexity-User', ['perplexity-perplexity-user'], false, true), use: USER_FETCH },
  row('MistralAI-Training', [], false),
  row('MistralAI-Index', [], false),
  row('MistralAI-User', ['mistral-mistralai-user-ips'], false),
  {
    ...row('CCBot', ['commoncrawl-ccbot'], true, false, ['crawl.commoncrawl.org']),
    parser: 'crawler-commons',
    use: fetcher('other', { explains: { blocking: 'CCBot', id: 6 } }),
  },
  row('Bytespider', [], false),
  row('meta-externalagent', [], true),
  row('meta-webindexer', [], false),
  row('meta-externalfetcher', [], false),
  { ...row('Amazonbot', [], true, true, ['crawl.amazonbot.amazon']), use: fetcher('other', { noarchive: true }) },
  row('Amzn-SearchBot', [], false, true),
  row('Amzn-User', [], false, true),
  row('DuckDuckBot', [], true),
  row('DuckAssistBot', ['duckduckgo-duckassistbot'], false),
  {
    ...row('YandexBot', [], true, false, ['yandex.ru', 'yandex.net', 'yandex.com']),
    use: fetcher('yandex', { alsoReads: ['yandex'] }),
  },
  row('Baiduspider', [], true, false, ['baidu.com', 'baidu.jp']),
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real day, no later than the newest date the catalogue claims. */
const isCatalogueDate = (s: string) =>
  ISO_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s) && s <= IDENTITY_FACTS_AS_OF;

/** Words that say something (more than a word or two). */
const said = (words: string) => words.trim().length > 10;

/** The Use answer of `crawler` for `purpose` on one page, under `robots` (null: the site has none). */
const useAnswer = (
  crawler: string,
  purpose: UsagePurpose,
  robots: string | null,
  meta: readonly { name: string; content: string }[] = [],
): UsageAnswer =>
  resolveUsage({
    robots,
    robotsStatus: robots === null ? 404 : 200,
    url: 'https://example.com/page',
    crawler,
    purpose,
    headers: [],
    meta,
  });
const explanationsOf = (answer: UsageAnswer) => answer.surface.filter((l) => l.kind === 'explanation').map((l) => l.id);
const surfaceRowsOf = (answer: UsageAnswer) => answer.surface.filter((l) => l.kind === 'row').map((l) => l.id);
const blocking = (...tokens: string[]) => tokens.map((t) => `User-agent: ${t}\nDisallow: /\n`).join('\n');
const operatorFacts = (operator: string | null) =>
  operator !== null && Object.hasOwn(OPERATOR_FACTS, operator) ? OPERATOR_FACTS[operator as OperatorName] : undefined;

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
    for (const token of [...crawlerRecords(), ...USAGE_ONLY_RECORDS].map((r) => r.token)) {
      const source = USAGE_SOURCES[token as keyof typeof USAGE_SOURCES];
      expect(isCatalogueDate(source.verified), token).toBe(true);
      expect(said(source.source), token).toBe(true);
    }
    for (const [operator, facts] of Object.entries(OPERATOR_FACTS)) {
      if (facts.consumers.kind === 'none') continue;
      for (const c of facts.consumers.statements) {
        expect(isCatalogueDate(c.verified), operator).toBe(true);
        expect(c.sourceDate, operator).toMatch(/^\d{4}(-\d{2}-\d{2})?$/);
        expect(said(c.claim), operator).toBe(true);
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

describe.each(ROWS.map((r) => [r.token, r] as const))('%s in the Use verdict', (token, expected) => {
  const record = recordOf(token);
  const usage = findCrawlerUsage(token);
  const { use } = expected;

  it(
    use.role === 'fetcher'
      ? `reads the page as a fetcher with ${use.engine === 'other' ? 'no engine’s' : `${use.engine}’s`} directive reading`
      : `is a control token its operator's ${use.fetchedBy} reads`,
    () => {
      expect(record.usage.role).toBe(use.role);
      expect(usage).toMatchObject({ token: record.token, role: use.role, operator: record.operator });
      if (use.role === 'control-token') {
        const fetcherUsage = findCrawlerUsage(use.fetchedBy);
        expect(usage.fetchedBy).toBe(use.fetchedBy);
        expect(fetcherUsage.operator).toBe(record.operator);
        expect(usage.metaNames).toEqual(fetcherUsage.metaNames);
        expect(CONTROL_TOKENS.find((t) => t.token === token)?.purposes).toEqual(use.purposes);
        // Its row states only the purposes it governs: a Disallow for it says nothing about search.
        for (const purpose of ['search', 'ai-input', 'ai-train'] as const) {
          expect(useAnswer(token, purpose, blocking(token)).kind, purpose).toBe(
            use.purposes.includes(purpose) ? 'disallowed' : 'no-statement',
          );
        }
        return;
      }
      expect(usage.fetchedBy).toBeNull();
      expect(usage.engine).toBe(use.engine);
      expect(usage.metaNames).toEqual([...new Set(['robots', token.toLowerCase(), ...use.alsoReads])]);
      expect(usage.robotsMayNotApply).toBe(use.always.includes(7));
      expect(usage.controlTokens.map((t) => t.token)).toEqual(use.control);
    },
  );

  if (use.role === 'fetcher') {
    it(
      use.control.length > 0
        ? `is spoken for by ${use.control.join(', ')}, whose Disallow is explained`
        : 'is spoken for by no control token',
      () => {
        for (const control of use.control) {
          const facts = CONTROL_TOKENS.find((t) => t.token === control);
          const answer = useAnswer(token, facts?.purposes[0] ?? 'ai-train', blocking(control));
          expect(answer.kind).toBe('disallowed');
          expect(answer.deciding).toEqual({ source: 'robots', line: 2 });
          expect(explanationsOf(answer)).toContain(`explanation-${facts?.explainsDisallow}`);
        }
        if (use.control.length === 0) {
          const everyControl = blocking(...CONTROL_TOKENS.map((t) => t.token));
          expect(useAnswer(token, 'ai-train', everyControl).kind).toBe('no-statement');
        }
      },
    );

    it(
      use.explains === undefined
        ? 'shows no explanation of a block'
        : `shows explanation ${use.explains.id} when ${use.explains.blocking} is blocked`,
      () => {
        const always = use.always.map((n) => `explanation-${n}`);
        expect(explanationsOf(useAnswer(token, 'search', null))).toEqual(always);
        const own = explanationsOf(useAnswer(token, 'search', blocking(token)));
        if (use.explains === undefined) {
          expect(own).toEqual(always);
          return;
        }
        const { blocking: blocked, id, unlessBlocked } = use.explains;
        expect(explanationsOf(useAnswer(token, 'search', blocking(blocked)))).toContain(`explanation-${id}`);
        if (unlessBlocked !== undefined) {
          expect(explanationsOf(useAnswer(token, 'search', blocking(blocked, unlessBlocked)))).toEqual(always);
        }
      },
    );

    it(use.noarchive ? 'reads noarchive as no training' : 'reads nothing about training into noarchive alone', () => {
      const answer = useAnswer(token, 'ai-train', null, [{ name: 'robots', content: 'noarchive' }]);
      const own = answer.statements.filter((s) => s.signalId === 'archive-controls' && s.addressedTo === token);
      expect(own.length > 0).toBe(use.noarchive === true);
    });
  }

  it('says which usage signals its operator reads, or why it publishes none', () => {
    const facts = operatorFacts(record.operator);
    expect(facts, record.operator).toBeDefined();
    const listed = CONSUMERS.filter((c) => c.operator === record.operator);
    if (facts?.consumers.kind === 'statements') {
      expect(listed.map(({ operator: _operator, ...c }) => c)).toEqual(facts.consumers.statements);
    } else {
      expect(listed).toEqual([]);
      expect(facts?.consumers.kind === 'none' && said(facts.consumers.why)).toBe(true);
    }
    if (use.role !== 'fetcher') return;
    // The consumer view counts a noindex only for an operator that says it reads one.
    const answer = useAnswer(token, 'search', null, [{ name: 'robots', content: 'noindex' }]);
    const reads = listed.some((c) => c.signalId === 'robots-noindex' && ['honoured', 'partial'].includes(c.status));
    expect(answer.consumer.operator).toBe(record.operator);
    expect(answer.consumer.kind).toBe(reads ? 'disallowed' : 'no-statement');
    // An operator that says it does not use Content-Signal lines has that said when one reaches its crawler.
    const unused = listed.some((c) => c.signalId === 'content-signal' && c.status === 'not-honoured');
    const signalled = useAnswer(token, 'ai-train', 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n');
    expect(explanationsOf(signalled).includes('explanation-5')).toBe(unused);
  });

  it(
    record.usageSource.noSurfaceRow === null
      ? 'has surface lines of its operator'
      : 'has no surface line, and says why',
    () => {
      const shown = new Set(USAGE_PURPOSES.flatMap((purpose) => surfaceRowsOf(useAnswer(token, purpose, null))));
      const why = record.usageSource.noSurfaceRow;
      if (why === null) {
        expect(shown.size).toBeGreaterThan(0);
        const own = operatorFacts(record.operator)?.surfaces.map((row) => row.id) ?? [];
        for (const id of shown) expect(own).toContain(id);
      } else {
        expect([...shown]).toEqual([]);
        expect(said(why)).toBe(true);
      }
    },
  );
});

describe.each(USAGE_ONLY_RECORDS.map((r) => [r.token, r] as const))('%s (no preset)', (token, record) => {
  it('is no preset, and says why', () => {
    expect(findCrawler(token)).toBeUndefined();
    expect(record.preset).toBe(false);
    expect(said(NOT_PRESET[token])).toBe(true);
  });

  it('is read by the Use verdict with its role and operator, and shown in its surface lines', () => {
    const usage = findCrawlerUsage(token.toUpperCase());
    expect(usage.role).toBe(record.usage.role);
    expect(usage.operator).toBe(record.operator);
    if (record.usage.role === 'policy-token') {
      expect(TRAINING_POLICY_TOKENS.map((t) => t.token)).toContain(token);
      expect(usage.policyToken?.token).toBe(token);
    }
    expect(USAGE_SOURCES[token].noSurfaceRow).toBeNull();
    const shown = USAGE_PURPOSES.flatMap((purpose) => surfaceRowsOf(useAnswer(token, purpose, null)));
    expect(shown.length).toBeGreaterThan(0);
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

  it('name only the operators and tokens of records in the usage facts', () => {
    const records = [...crawlerRecords(), ...USAGE_ONLY_RECORDS];
    const operators = new Set(records.map((r) => r.operator));
    expect(Object.keys(OPERATOR_FACTS).filter((o) => !operators.has(o))).toEqual([]);
    const tokens = new Set(records.map((r) => r.token.toLowerCase()));
    for (const row of SURFACE_ROWS) for (const t of row.tokens) expect(tokens, row.id).toContain(t);
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
    // The Use verdict reads the usage facts and the operators' facts, never the words about their sources.
    expect(reachedFrom('lib/usage/index.ts')).toEqual([
      'lib/crawlers/operators.ts',
      'lib/crawlers/records.ts',
      'lib/crawlers/types.ts',
      'lib/crawlers/usage.ts',
    ]);
    expect(reachedFrom('lib/probe/user-agents.ts', 'lib/lens/crawler-parsers.ts')).toEqual([
      'lib/crawlers/parsers.ts',
      'lib/crawlers/records.ts',
      'lib/crawlers/types.ts',
      'lib/crawlers/user-agents.ts',
    ]);
  });
});
