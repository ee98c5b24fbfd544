/**
 * A robots.txt file's usage lines, read once (docs/semantics/usage.md §3.1, §3.3, §3.5, §3.6): every
 * Content-Usage and Content-Signal line with the group the engine's parser put it in (Google's
 * grouping), parsed, and whether it sits in a Cloudflare managed block. Resolving many crawlers and
 * purposes against one file reuses this and the compiled engine handle.
 */
import { scanManagedBlocks, type ManagedBlock } from './managed-blocks';
import { toAsciiLower } from '../shared/ascii';
import { parseRobotsTxt } from '../robots/parse';
import { type CompiledRobots, compileRobots } from '../robots/select';
import type { AgentLine, RobotsTxt } from '../robots/types';
import { type ContentSignal, parseContentSignal } from './parse-content-signal';
import { type ContentUsageRule, parseContentUsageRule } from './parse-content-usage';

/** What every usage line of the file carries. */
interface UsageLineBase {
  readonly line: number;
  /** The group the line belongs to (docs/semantics/robots.md §2), or null before the first User-agent line. */
  readonly groupId: number | null;
  readonly managed: boolean;
  readonly value: string;
  /** Whom the line addresses, in words: the crawlers its group names (`no group` before any). */
  readonly addressedTo: string;
}

/** One Content-Usage or Content-Signal line of the file. */
export type RobotsUsageLine =
  | (UsageLineBase & { readonly kind: 'content-usage'; readonly rule: ContentUsageRule })
  | (UsageLineBase & { readonly kind: 'content-signal'; readonly signal: ContentSignal });

/** What robots.txt contributes (§4.2 steps 2 and 5, §8 `robotsStatus`). */
export type RobotsUsage =
  /** 429, 5xx or a network error: the crawler must treat everything as disallowed. */
  | { readonly kind: 'unreachable'; readonly status: number | 'network-error' }
  /** Another 4xx, or no body: no robots statements; page-level signals still count. */
  | { readonly kind: 'none'; readonly status: number | null }
  | {
      readonly kind: 'file';
      readonly robots: RobotsTxt;
      readonly compiled: CompiledRobots;
      /** Every usage line in file order. */
      readonly lines: readonly RobotsUsageLine[];
      /** The usage lines of each group, by group id, in file order. */
      readonly byGroup: ReadonlyMap<number, readonly RobotsUsageLine[]>;
      /** The usage lines of the groups that name `*`, in file order (CU-12 lists those set aside). */
      readonly globalLines: readonly RobotsUsageLine[];
      readonly managedBlocks: readonly ManagedBlock[];
    };

/** What the caller knows about the robots.txt fetch. */
export interface RobotsUsageInput {
  /** The body as text, or null when there is none. */
  readonly body: string | null;
  /** The HTTP status, or `'network-error'`; 2xx (or null with a body) means the body applies. */
  readonly status: number | 'network-error' | null;
  /** The already parsed body (saves a parse); must be the parse of `body`. */
  readonly robots?: RobotsTxt;
  /** The already compiled handle of `robots` (keeps its selections warm). */
  readonly compiled?: CompiledRobots;
}

/** Returns true for a status that makes robots.txt unreachable (RFC 9309 §2.3.1.4, docs/semantics/robots.md §7). */
export function isUnreachableStatus(status: number | 'network-error' | null): boolean {
  return status === 'network-error' || status === 429 || (typeof status === 'number' && status >= 500);
}

/**
 * Returns the file's usage lines, read once: call it once per fetched robots.txt and resolve every
 * crawler and purpose against the result. Never throws on content.
 */
export function prepareRobotsUsage(input: RobotsUsageInput): RobotsUsage {
  const status = input.status;
  if (isUnreachableStatus(status)) return { kind: 'unreachable', status: status as number | 'network-error' };
  if (input.body === null || (typeof status === 'number' && status >= 400)) {
    return { kind: 'none', status: typeof status === 'number' ? status : null };
  }
  const robots = input.robots ?? parseRobotsTxt(input.body);
  const compiled = input.compiled ?? compileRobots(robots);
  const managedBlocks = scanManagedBlocks(input.body).blocks;
  const lines: RobotsUsageLine[] = [];
  const byGroup = new Map<number, RobotsUsageLine[]>();
  const globalLines: RobotsUsageLine[] = [];
  const groupWords = new Map<number, string>();
  for (const directive of robots.otherDirectives) {
    const key = findUsageKey(directive.key);
    if (key !== 'content-usage' && key !== 'content-signal') continue;
    const groupId = directive.groupId;
    const group = groupId === null ? undefined : robots.groups[groupId];
    let addressedTo = 'no group';
    if (groupId !== null && group !== undefined) {
      addressedTo = groupWords.get(groupId) ?? describeGroup(group.agents);
      groupWords.set(groupId, addressedTo);
    }
    const base = {
      line: directive.line,
      groupId,
      managed: isManaged(managedBlocks, directive.line),
      value: directive.value,
      addressedTo,
    };
    const usage: RobotsUsageLine =
      key === 'content-usage'
        ? { kind: 'content-usage', ...base, rule: parseContentUsageRule(directive.value) }
        : { kind: 'content-signal', ...base, signal: parseContentSignal(directive.value) };
    lines.push(usage);
    if (groupId !== null) {
      const list = byGroup.get(groupId);
      if (list === undefined) byGroup.set(groupId, [usage]);
      else list.push(usage);
      if (group?.agents.some((a) => a.isGlobal) === true) globalLines.push(usage);
    }
  }
  return { kind: 'file', robots, compiled, lines, byGroup, globalLines, managedBlocks };
}

/** The usage keys of robots.txt (§3.1), lower case. */
export type UsageKey = 'content-usage' | 'content-signal' | 'license' | 'llm-policy';

/**
 * Returns the usage key a robots.txt key spells, or null: matched exactly and ASCII-case-insensitively,
 * never by prefix (§3.1), so `Content-Signals` is an unknown key.
 */
export function findUsageKey(key: string): UsageKey | null {
  if (key.length < 7 || key.length > 14) return null;
  const folded = toAsciiLower(key);
  return folded === 'content-usage' || folded === 'content-signal' || folded === 'license' || folded === 'llm-policy'
    ? folded
    : null;
}

function describeGroup(agents: readonly AgentLine[]): string {
  return `crawlers of the group ${agents.map((a) => `"${a.isGlobal ? '*' : a.value}"`).join(', ')}`;
}

/** Returns true when `line` lies inside a managed block (markers included, §3.6). */
export function isManaged(blocks: readonly ManagedBlock[], line: number): boolean {
  for (const block of blocks) if (line >= block.firstLine && line <= block.lastLine) return true;
  return false;
}
