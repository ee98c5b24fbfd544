/**
 * The workbench's second pass over a URL set, run only when asked: per URL × crawler, the Use
 * answers (docs/semantics/usage.md §4) for search, AI input and AI training from the robots.txt body alone (a URL
 * set has no page headers or meta tags), and which parser lenses (docs/semantics/lens.md) read the URL
 * differently from Google. Each side is parsed once; crawlers that read a file alike are evaluated once.
 */

import { createLensFileReader, LENS_PROFILES, type LensNameReader, type LensProfileId } from '../lens';
import { type CompiledRobots, type CrawlerPreset, evaluate, evaluateForCrawler, findCrawler } from '../robots';
import { extractMatchPath, matchesPattern } from '../robots/match';
import {
  findCrawlerUsage,
  preparePageUsage,
  prepareRobotsUsage,
  resolveUsageForCrawler,
  type RobotsUsage,
  TRAINING_POLICY_TOKENS,
  YES_NO_PURPOSES,
  type YesNoPurpose,
} from '../usage';
import { classifyCrawlers, type CrawlerDecider, createCrawlerDecider, type PreparedRobots } from './engine';

/** The purposes the workbench shows (the yes/no ones, in the UI's order). */
export const SIGNAL_PURPOSES: readonly YesNoPurpose[] = YES_NO_PURPOSES;

/** A Use answer as a cell holds it: robots-level signals only. */
export type UseCode = 0 | 1 | 2 | 3;
/** The crawler may not fetch the URL, or robots.txt is unreachable: no usage signal applies. */
export const USE_NOT_APPLICABLE = 0;
export const USE_ALLOWED = 1;
export const USE_DISALLOWED = 2;
export const USE_NO_STATEMENT = 3;

/** Returns the code of an answer kind (a yes/no purpose never answers a reuse level). */
function codeOf(kind: string): UseCode {
  if (kind === 'allowed') return USE_ALLOWED;
  if (kind === 'disallowed') return USE_DISALLOWED;
  if (kind === 'not-applicable') return USE_NOT_APPLICABLE;
  return USE_NO_STATEMENT;
}

/**
 * One side's Use answers: cell `(u * crawlers + c) * 3 + p` is URL u, crawler c, purpose p of
 * SIGNAL_PURPOSES, as a UseCode.
 */
export type UseColumns = Uint8Array;

/** One side's lens disagreements: cell `u * crawlers + c` has bit i set when LENS_PROFILES[i] differs from Google. */
export type LensColumns = Uint8Array;

/** Returns the robots.txt status a side stands for (the lenses and the Use gate treat statuses apart). */
export function statusOfSide(prepared: PreparedRobots): number {
  const source = prepared.source;
  if (source.kind === 'file') return 200;
  // Without a recorded status: a 4xx stands for "no rules", no response for "unreachable".
  return source.status ?? (source.kind === 'allow-all' ? 404 : 0);
}

/** The Use pass of one side, prepared once for a crawler list. */
export interface PreparedUse {
  readonly crawlerCount: number;
  /** Fills cells of URLs [from, to) and returns `to`. */
  evaluateRange(urls: readonly string[], columns: UseColumns, from: number, to: number): number;
}

/** What the answers of one crawler class depend on, per URL (besides the URL's place in the file). */
interface UseClass {
  readonly token: string;
  readonly isPolicyToken: boolean;
  /** The crawl verdict of the crawler that fetches for this row (the §4.2 gate), or null without a gate. */
  readonly gate: CrawlerDecider | null;
  /** Names the gate's groups: classes with equal keys share the gate's verdicts, asked once per URL. */
  readonly gateKey: string;
  /** Content-Usage patterns of the groups that reach the class (§4.4), whose matches the answer depends on. */
  readonly patterns: readonly string[];
  /** Token rows (control and policy tokens) whose per-URL verdict the answer depends on. */
  readonly tokens: readonly string[];
}

/**
 * Returns the Use pass for `crawlers` under one side: every answer comes from resolveUsageForCrawler
 * (docs/semantics/usage.md §4, robots-level: headers unobserved, no meta), asked once per distinct combination of
 * what it depends on — the gate, the Content-Usage rules that match, the token rows' verdicts — so a
 * 50,000-URL set costs a few rule matches per URL.
 */
export function prepareUse(prepared: PreparedRobots, crawlers: readonly CrawlerPreset[]): PreparedUse {
  const status = statusOfSide(prepared);
  const usage = robotsUsageOf(prepared, status);
  const count = crawlers.length;
  const compiled = usage.kind === 'file' ? usage.compiled : null;
  const classKeys = new Map<string, number>();
  const classes: UseClass[] = [];
  const classOf = new Int32Array(count);
  crawlers.forEach((crawler, c) => {
    const built = describeClass(prepared, usage, crawler);
    const index = classKeys.get(built.key);
    if (index !== undefined) {
      classOf[c] = index;
      return;
    }
    classKeys.set(built.key, classes.length);
    classOf[c] = classes.length;
    classes.push(built.useClass);
  });
  const answers = new Map<string, Uint8Array>();
  const tokenAllowed = new Map<string, boolean>();
  const gateKeys = [...new Set(classes.filter((k) => k.gate !== null).map((k) => k.gateKey))];
  const gateOf = classes.map((k) => (k.gate === null ? -1 : gateKeys.indexOf(k.gateKey)));
  // Per URL: 0 not asked yet, 1 allowed, 2 blocked.
  const gateVerdict = new Uint8Array(gateKeys.length);
  const perClass = new Array<Uint8Array>(classes.length);

  const resolve = (k: UseClass, url: string): Uint8Array => {
    const result = resolveUsageForCrawler(usage, preparePageUsage({ url, headers: null, meta: [] }), k.token);
    return Uint8Array.from(SIGNAL_PURPOSES, (p) => codeOf(result[p].kind));
  };

  return {
    crawlerCount: count,
    evaluateRange(urls, columns, from, to) {
      const end = Math.min(to, urls.length);
      for (let u = from; u < end; u++) {
        const url = urls[u] as string;
        tokenAllowed.clear();
        gateVerdict.fill(0);
        let path: string | null = null;
        for (let k = 0; k < classes.length; k++) {
          const useClass = classes[k] as UseClass;
          const g = gateOf[k] as number;
          if (g >= 0) {
            if (gateVerdict[g] === 0) gateVerdict[g] = (useClass.gate as CrawlerDecider)(url).allowed ? 1 : 2;
            if (gateVerdict[g] === 2) {
              perClass[k] = NOT_APPLICABLE_ANSWERS;
              continue;
            }
          }
          // The key: the class, which Content-Usage patterns match, and each token row's verdict.
          let key = String(k);
          if (useClass.patterns.length > 0) {
            path ??= extractMatchPath(url);
            for (const pattern of useClass.patterns) key += matchesPattern(pattern, path) ? '1' : '0';
          }
          if (compiled !== null) {
            for (const token of useClass.tokens) {
              let allowed = tokenAllowed.get(token);
              if (allowed === undefined) {
                allowed = evaluate(compiled, url, token).allowed;
                tokenAllowed.set(token, allowed);
              }
              key += allowed ? 'a' : 'd';
            }
          }
          let found = answers.get(key);
          if (found === undefined) {
            found = resolve(useClass, url);
            if (answers.size >= MAX_REMEMBERED_ANSWERS) answers.clear();
            answers.set(key, found);
          }
          perClass[k] = found;
        }
        const base = u * count * 3;
        for (let c = 0; c < count; c++) columns.set(perClass[classOf[c] as number] as Uint8Array, base + c * 3);
      }
      return end;
    },
  };
}

const NOT_APPLICABLE_ANSWERS = new Uint8Array(3);

/** Distinct answer keys remembered per side (past this the memo starts over: a bound, not a policy). */
const MAX_REMEMBERED_ANSWERS = 4096;

function robotsUsageOf(prepared: PreparedRobots, status: number): RobotsUsage {
  const source = prepared.source;
  if (source.kind !== 'file' || prepared.robots === null || prepared.compiled === null) {
    return prepareRobotsUsage({ body: null, status: status === 0 ? 'network-error' : status });
  }
  return prepareRobotsUsage({ body: source.text, status, robots: prepared.robots, compiled: prepared.compiled });
}

/** Returns a crawler's class: what its answers depend on, and a key equal for crawlers answered alike. */
function describeClass(
  prepared: PreparedRobots,
  usage: RobotsUsage,
  crawler: CrawlerPreset,
): { key: string; useClass: UseClass } {
  const info = findCrawlerUsage(crawler.token);
  const isPolicyToken = info.role === 'policy-token';
  const controlTokens = isPolicyToken ? [] : info.controlTokens.map((t) => t.token);
  const tokens = [...controlTokens, ...TRAINING_POLICY_TOKENS.map((t) => t.token)];
  if (usage.kind !== 'file') {
    // No file: the answers depend on the status alone, and every crawler of a role answers alike.
    const gate = isPolicyToken ? null : createCrawlerDecider(prepared, crawler);
    return {
      key: `${info.role}|${controlTokens.join(',')}`,
      useClass: { token: info.token, isPolicyToken, gate, gateKey: 'constant', patterns: [], tokens: [] },
    };
  }
  const fetcherToken = info.fetchedBy ?? info.token;
  const fetcher = findCrawler(fetcherToken) ?? crawler;
  const selection = selectionKey(usage.compiled, fetcher);
  const patterns: string[] = [];
  if (info.role === 'fetcher') {
    const { verdict } = evaluateForCrawler(usage.compiled, '/', fetcher);
    if (verdict.selection.kind !== 'none') {
      for (const group of verdict.selection.groups) {
        for (const line of usage.byGroup.get(group.id) ?? [])
          if (line.kind === 'content-usage') patterns.push(line.rule.pattern);
      }
    }
  }
  const gate = isPolicyToken ? null : createCrawlerDecider(prepared, fetcher);
  return {
    key: `${info.role}|${isPolicyToken ? '' : selection}|${controlTokens.join(',')}`,
    useClass: { token: info.token, isPolicyToken, gate, gateKey: selection, patterns, tokens },
  };
}

/** Returns a key naming the groups the crawler's verdicts come from (docs/semantics/robots.md §2). */
function selectionKey(compiled: CompiledRobots, crawler: CrawlerPreset): string {
  const { selection } = evaluateForCrawler(compiled, '/', crawler).verdict;
  return selection.kind === 'none' ? 'none' : `${selection.kind}:${selection.groups.map((g) => g.id).join(',')}`;
}

/** The lens pass of one side, prepared once for a crawler list. */
export interface PreparedLens {
  readonly crawlerCount: number;
  /** Fills cells of URLs [from, to) and returns `to`. */
  evaluateRange(urls: readonly string[], columns: LensColumns, from: number, to: number): number;
}

/** Returns a side's body as its lenses read it: the live file's fetched bytes, or the draft's text. */
function lensBody(prepared: PreparedRobots): string | Uint8Array {
  const source = prepared.source;
  if (source.kind !== 'file') return '';
  if (source.fetched === undefined) return source.text;
  const bytes = source.fetched.bytes;
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i) & 0xff;
  return out;
}

/**
 * Returns the lens pass for `crawlers` under one side: each lens reads the body once, each distinct
 * selection (names the lens reads alike) is asked once per URL, and each crawler's bit says whether
 * that lens's verdict differs from Google's (the workbench's own verdict for the crawler).
 */
export function prepareLens(
  prepared: PreparedRobots,
  crawlers: readonly CrawlerPreset[],
  profiles: readonly LensProfileId[] = LENS_PROFILES,
): PreparedLens {
  const count = crawlers.length;
  const status = statusOfSide(prepared);
  const robots = lensBody(prepared);
  const googleClasses = classifyCrawlers(prepared, crawlers);
  const google: (CrawlerDecider | null)[] = crawlers.map((crawler, c) =>
    googleClasses[c] === c ? createCrawlerDecider(prepared, crawler) : null,
  );
  // Per lens: its distinct readers, and which one each crawler uses.
  const lenses = profiles.map((profile) => {
    const bit = 1 << LENS_PROFILES.indexOf(profile);
    const forName = createLensFileReader(profile, { robots, robotsStatus: status });
    const readers: LensNameReader[] = [];
    const readerOf = new Int32Array(count);
    crawlers.forEach((crawler, c) => {
      const reader = forName(crawler.token);
      let index = readers.findIndex((r) => r.selection === reader.selection);
      if (index < 0) index = readers.push(reader) - 1;
      readerOf[c] = index;
    });
    return { bit, readers, readerOf, allowed: new Uint8Array(readers.length) };
  });
  const googleAllowed = new Uint8Array(count);
  return {
    crawlerCount: count,
    evaluateRange(urls, columns, from, to) {
      const end = Math.min(to, urls.length);
      for (let u = from; u < end; u++) {
        const url = urls[u] as string;
        for (let c = 0; c < count; c++) {
          const first = googleClasses[c] as number;
          googleAllowed[c] =
            first < c ? (googleAllowed[first] as number) : (google[c] as CrawlerDecider)(url).allowed ? 1 : 0;
        }
        for (const lens of lenses) {
          for (let r = 0; r < lens.readers.length; r++)
            lens.allowed[r] = (lens.readers[r] as LensNameReader).read(url).allowed ? 1 : 0;
        }
        const base = u * count;
        for (let c = 0; c < count; c++) {
          let mask = 0;
          for (const lens of lenses)
            if (lens.allowed[lens.readerOf[c] as number] !== googleAllowed[c]) mask |= lens.bit;
          columns[base + c] = mask;
        }
      }
      return end;
    },
  };
}
