/**
 * The workbench's only door to the robots.txt engine: parse a file once into a handle, then ask
 * one crawler's verdict for one URL (docs/semantics/robots.md §2–§4, lib/crawlers/records.ts). Each side is parsed and
 * compiled once (`compileRobots`); every evaluation goes through the compiled handle.
 */

import { MAX_ROBOTS_BYTES } from '../fetch/constants';
import {
  type CompiledRobots,
  compileRobots,
  CRAWLERS,
  type CrawlerPreset,
  type Diagnostic,
  evaluate,
  evaluateForCrawler,
  parseRobotsTxt,
  parseRobotsTxtByteString,
  type RobotsTxt,
} from '../robots';
import { lintRobotsFile } from '../usage';

/** What rules a side (live or draft) applies. */
export type RobotsSource =
  /**
   * A robots.txt body: the draft (its text is the file, as UTF-8), or the live file fetched with a
   * 2xx, whose `fetched` bytes (one character per byte, as the fetch kept them: cut at 500 KiB
   * when `truncated`) are what Google parses; its `text` is their decoding, for display and diff.
   */
  | {
      readonly kind: 'file';
      readonly text: string;
      readonly fetched?: { readonly bytes: string; readonly truncated: boolean };
    }
  /**
   * No rules (404 and other 4xx): everything allowed. `reason` says why in words; `status` is the
   * HTTP status where one came (other parsers treat 401/403 apart).
   */
  | { readonly kind: 'allow-all'; readonly reason: string; readonly status?: number | null }
  /** Unreachable (5xx, 429, timeout): everything blocked; `status` null or absent when no response came. */
  | { readonly kind: 'block-all'; readonly reason: string; readonly status?: number | null };

/** A side parsed once, ready to evaluate many URLs. */
export interface PreparedRobots {
  readonly source: RobotsSource;
  readonly robots: RobotsTxt | null;
  /** `robots` compiled for evaluation, or null with it. */
  readonly compiled: CompiledRobots | null;
  /** The text was over 500 KiB and only its first 512,000 bytes count (docs/semantics/robots.md §7). */
  readonly isCut: boolean;
  /** 1-based line where the 500 KiB cut falls, or null when the text is shorter. */
  readonly cutLine: number | null;
}

/** A verdict reduced to what the table shows: allowed or not, and the deciding line (0: none). */
export interface Decision {
  readonly allowed: boolean;
  readonly line: number;
}

/** Returns the crawler presets, the default set the workbench evaluates. */
export function listCrawlers(): readonly CrawlerPreset[] {
  return CRAWLERS;
}

/** Returns the text Google reads of `text`: its first 512,000 UTF-8 bytes, and where the cut falls. */
export function cutAtGoogleLimit(text: string): {
  readonly text: string;
  readonly isCut: boolean;
  readonly cutLine: number | null;
} {
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: shorter texts cannot reach the limit.
  if (text.length * 3 <= MAX_ROBOTS_BYTES) return { text, isCut: false, cutLine: null };
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= MAX_ROBOTS_BYTES) return { text, isCut: false, cutLine: null };
  const kept = new TextDecoder('utf-8', { ignoreBOM: true })
    .decode(bytes.subarray(0, MAX_ROBOTS_BYTES))
    .replace(/\uFFFD$/, '');
  return { text: kept, isCut: true, cutLine: lastLineOf(kept) };
}

/** Returns the number of the last line of `text` (LF, CR or CRLF end a line). */
function lastLineOf(text: string): number {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) line++;
  }
  return line;
}

/** Returns `source` parsed once (a file is cut at 500 KiB first, as Google reads it). */
export function prepareRobots(source: RobotsSource): PreparedRobots {
  if (source.kind !== 'file') return { source, robots: null, compiled: null, isCut: false, cutLine: null };
  if (source.fetched !== undefined) {
    // The live file: its bytes as fetched (and already cut), so a Latin-1 `/caf\xe9` reads as
    // Google reads it (`/caf%E9`), not as its decoding's U+FFFD.
    const compiled = compileRobots(parseRobotsTxtByteString(source.fetched.bytes));
    const { truncated } = source.fetched;
    return {
      source,
      robots: compiled.robots,
      compiled,
      isCut: truncated,
      cutLine: truncated ? lastLineOf(source.text) : null,
    };
  }
  const cut = cutAtGoogleLimit(source.text);
  const compiled = compileRobots(parseRobotsTxt(cut.text));
  return { source, robots: compiled.robots, compiled, isCut: cut.isCut, cutLine: cut.cutLine };
}

/** Returns `crawler`'s verdict on `url` under `prepared`, as Google's parser reaches it. */
export function decide(prepared: PreparedRobots, url: string, crawler: CrawlerPreset): Decision {
  if (prepared.compiled === null) return { allowed: prepared.source.kind === 'allow-all', line: 0 };
  const result = evaluateForCrawler(prepared.compiled, url, crawler);
  return { allowed: result.verdict.allowed, line: result.verdict.rule?.rule.line ?? 0 };
}

/** A crawler's verdicts under one prepared side, one URL at a time. */
export type CrawlerDecider = (url: string) => Decision;

const ALLOW_ALL: Decision = { allowed: true, line: 0 };
const BLOCK_ALL: Decision = { allowed: false, line: 0 };

/**
 * Returns a function giving `crawler`'s verdicts under `prepared`, the group selection resolved
 * once: a crawler whose own or fallback token names a group is evaluated as that token, one that
 * falls to `*` as its own token (which names no group), one that ignores `*` is always allowed.
 * Same verdicts and lines as `decide` (a test compares them), without choosing groups per URL.
 */
export function createCrawlerDecider(prepared: PreparedRobots, crawler: CrawlerPreset): CrawlerDecider {
  const robots = prepared.compiled;
  if (robots === null) {
    const constant = prepared.source.kind === 'allow-all' ? ALLOW_ALL : BLOCK_ALL;
    return () => constant;
  }
  const via = evaluateForCrawler(robots, '/', crawler).via;
  const byToken =
    (token: string): CrawlerDecider =>
    (url) => {
      const verdict = evaluate(robots, url, token);
      return { allowed: verdict.allowed, line: verdict.rule?.rule.line ?? 0 };
    };
  switch (via.kind) {
    case 'own':
      return via.match === 'exact' ? byToken(crawler.token) : (url) => decide(prepared, url, crawler);
    case 'fallback':
      return byToken(via.token);
    case 'global':
      return byToken(crawler.token);
    case 'ignored-global':
    case 'none':
      return () => ALLOW_ALL;
  }
}

/**
 * Returns, for each crawler, the index of the first crawler that gets exactly the same groups from
 * `prepared` (docs/semantics/robots.md §2: a verdict depends only on the groups chosen, so crawlers sharing a
 * selection share every verdict). The table evaluates one crawler per class.
 */
export function classifyCrawlers(prepared: PreparedRobots, crawlers: readonly CrawlerPreset[]): Int32Array {
  const classes = new Int32Array(crawlers.length);
  const robots = prepared.compiled;
  if (robots === null) return classes;
  const seen = new Map<string, number>();
  crawlers.forEach((crawler, c) => {
    const { selection } = evaluateForCrawler(robots, '/', crawler).verdict;
    const key = selection.kind === 'none' ? 'none' : `${selection.kind}:${selection.groups.map((g) => g.id).join(',')}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, c);
    classes[c] = first ?? c;
  });
  return classes;
}

/** Returns the linter's findings on a draft (docs/semantics/robots.md §6, and the usage lines' of docs/semantics/usage.md §7). */
export function lintDraft(text: string): Diagnostic[] {
  return lintRobotsFile(text);
}

/** Returns the Sitemap lines of a prepared file (empty for a side without a file). */
export function listSitemapLines(prepared: PreparedRobots): RobotsTxt['sitemaps'] {
  return prepared.robots?.sitemaps ?? [];
}
