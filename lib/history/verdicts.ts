/**
 * Verdicts of a kept version, and how they changed between two versions, for one URL and a list of
 * crawlers. The only module of lib/history that calls the robots engine: each version is parsed once
 * (`prepareVersion`), then evaluated per crawler. How a fetch outcome governs follows docs/semantics/robots.md §7:
 * 2xx → the file's rules; 4xx (unavailable) → everything allowed; 5xx, 429, failures → everything blocked.
 */
import {
  type CompiledRobots,
  CRAWLERS,
  compileRobots,
  evaluateForCrawler,
  findCrawler,
  parseRobotsTxt,
  parseRobotsTxtByteString,
} from '../robots';
import type { VersionMeta } from './versions';
import { ruleText } from '../robots/rule-text';

/** A version's parse, made once and evaluated for many crawlers. */
export type PreparedVersion =
  | { readonly kind: 'rules'; readonly robots: CompiledRobots }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'unreachable' };

export interface VersionVerdict {
  readonly allowed: boolean;
  /** Why: the file's rules, no robots.txt (4xx), or robots.txt unreachable (5xx, failure). */
  readonly basis: PreparedVersion['kind'];
  /** The deciding line, or null when no rule decided. */
  readonly line: number | null;
  /** The deciding rule as written, or null. */
  readonly rule: string | null;
}

export interface VerdictChange {
  readonly token: string;
  /** The crawler's name ("Googlebot"), or the token for a custom one. */
  readonly name: string;
  readonly before: VersionVerdict;
  readonly after: VersionVerdict;
}

/**
 * Parses a version once for later evaluations, from the body as the store keeps it: its bytes, as
 * Google reads them (a version kept as text before: its text).
 */
export function prepareVersion(meta: Pick<VersionMeta, 'outcome' | 'form'>, stored: string): PreparedVersion {
  if (meta.outcome !== 'ok') return { kind: meta.outcome };
  // A version kept as bytes is stored as a byte string, which the parser reads as is.
  const robots = meta.form === 'bytes' ? parseRobotsTxtByteString(stored) : parseRobotsTxt(stored);
  return { kind: 'rules', robots: compileRobots(robots) };
}

/** Returns the verdict of a prepared version for `url` and a crawler token (preset or custom). */
export function verdictOf(version: PreparedVersion, url: string, token: string): VersionVerdict {
  if (version.kind !== 'rules') {
    return { allowed: version.kind === 'unavailable', basis: version.kind, line: null, rule: null };
  }
  const { verdict } = evaluateForCrawler(version.robots, url, token);
  return {
    allowed: verdict.allowed,
    basis: 'rules',
    line: verdict.rule?.rule.line ?? null,
    rule: verdict.rule === null ? null : ruleText(verdict.rule.rule),
  };
}

/** Returns every preset's token, then the given extra tokens not already among them. */
export function crawlerTokens(extra: readonly string[] = []): string[] {
  const tokens = CRAWLERS.map((c) => c.token);
  for (const token of extra) if (!tokens.includes(token)) tokens.push(token);
  return tokens;
}

/** Returns the crawler's display name: its preset's name, else the token itself. */
function crawlerName(token: string): string {
  return findCrawler(token)?.name ?? token;
}

/**
 * Returns, for each token whose verdict for `url` differs between `before` and `after` (allowed
 * or blocked), both verdicts. Tokens whose verdict did not change are left out.
 */
export function verdictChanges(
  before: PreparedVersion,
  after: PreparedVersion,
  url: string,
  tokens: readonly string[],
): VerdictChange[] {
  const changes: VerdictChange[] = [];
  for (const token of tokens) {
    const was = verdictOf(before, url, token);
    const now = verdictOf(after, url, token);
    if (was.allowed !== now.allowed) changes.push({ token, name: crawlerName(token), before: was, after: now });
  }
  return changes;
}
