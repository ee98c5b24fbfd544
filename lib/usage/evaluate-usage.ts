/**
 * The Use verdict (docs/semantics/usage.md §4): the gate, which statements reach the crawler, the Content-Usage
 * rule by longest match, combining within and across vocabularies, the deciding statement, caveats
 * and the consumer view. A pure function over the prepared robots.txt and page inputs.
 */
import type { ExplanationId } from '../crawlers/types';
import { toAsciiLower } from '../shared/ascii';
import { evaluateForCrawler, isAllowedForCrawler } from '../robots/crawler-verdict';
import { evaluate } from '../robots/evaluate';
import { extractMatchPath, matchesPattern } from '../robots/match';
import type { CompiledRobots } from '../robots/select';
import type { Verdict } from '../robots/types';
import { CONSUMERS, CONSUMERS_AS_OF, type ConsumerEntry, findConsumerEntry, RECHECK_AFTER_DAYS } from './consumers';
import { type ControlToken, type CrawlerUsage, findCrawlerUsage, TRAINING_POLICY_TOKENS } from './crawler-usage';
import { type PageUsage, RANK_HEADER, RANK_META, RANK_WELL_KNOWN, readDirectiveStatements } from './page-usage';
import type { Preference } from './parse-content-usage';
import { isManaged, type RobotsUsage, type RobotsUsageLine } from './robots-usage';
import { explanationLine, surfaceLines, unusedLinesExplanation } from './surface';
import { purposeLabel } from './words';
import {
  type ConsumerView,
  type NotCounted,
  type RobotsSource,
  type SignalId,
  type StatementValue,
  type SurfaceLine,
  type UsageAnswer,
  type UsageAnswerKind,
  type UsageCaveat,
  type UsagePurpose,
  type UsageSource,
  type UsageStatement,
  USE_LEVELS,
  type UseLevel,
  type Vocabulary,
} from './types';

/** The answers for one crawler, every purpose at once. */
export interface CrawlerUsageAnswers {
  readonly crawler: string;
  readonly search: UsageAnswer;
  readonly 'ai-input': UsageAnswer;
  readonly 'ai-train': UsageAnswer;
  readonly 'use-level': UsageAnswer;
}

/** Options of the resolution. */
export interface ResolveOptions {
  /** The consumer data (§5); default CONSUMERS. */
  readonly consumers?: readonly ConsumerEntry[];
  /** The consumer data's date; default CONSUMERS_AS_OF. */
  readonly consumersAsOf?: string;
}

/** A statement with its place in source order (§4.6 step 3). */
interface Considered {
  readonly statement: UsageStatement;
  readonly rank: number;
}

type Gate =
  | { readonly kind: 'pass'; readonly verdict: Verdict | null }
  | {
      readonly kind: 'not-applicable';
      readonly reason: 'robots-unreachable' | 'crawl-disallowed';
      readonly deciding: RobotsSource;
    };

const COUNTED = { kind: 'counted' } as const;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Returns the answers of `crawler` for every purpose on the page (§4): a preset token, a control
 * or policy token (§4.2 step 1), or a custom token. Reuses the prepared robots.txt's parse, usage
 * lines and compiled selections, so resolving many crawlers against one file stays cheap.
 */
export function resolveUsageForCrawler(
  robots: RobotsUsage,
  page: PageUsage,
  crawler: string,
  options: ResolveOptions = {},
): CrawlerUsageAnswers {
  const usage = findCrawlerUsage(crawler);
  const gate = runGate(robots, page.url, usage);
  const considered: Considered[] = [];
  const caveats: UsageCaveat[] = [];
  const notes: string[] = [];
  const informational = new Map<UsagePurpose, readonly string[]>();
  if (gate.kind === 'pass') {
    const context: SourceContext = {
      robots,
      page,
      usage,
      verdict: gate.verdict,
      considered,
      caveats,
      notes,
      informational,
    };
    for (const source of USE_SOURCES) if (usage.role !== 'policy-token' || source.policyTokenRow) source.read(context);
  }
  considered.sort((a, b) => a.rank - b.rank);
  const pageCaveats: UsageCaveat[] = [];
  if (page.headers === null) pageCaveats.push('headers-unobserved');
  if (page.metaSource === 'rendered-dom') pageCaveats.push('rendered-dom');
  if (robots.kind === 'file' && robots.managedBlocks.length > 0) pageCaveats.push('other-representations');
  if (usage.role === 'policy-token') notes.push('This token applies only where the reading crawler may fetch.');
  const explanations = findExplanations(robots, page, usage, gate, considered, options);
  const build = (purpose: UsagePurpose): UsageAnswer =>
    buildAnswer(
      purpose,
      usage,
      gate,
      considered,
      [...pageCaveats, ...caveats],
      notes,
      informational,
      page,
      options,
      explanations,
    );
  return {
    crawler: usage.token,
    search: build('search'),
    'ai-input': build('ai-input'),
    'ai-train': build('ai-train'),
    'use-level': build('use-level'),
  };
}

/** Returns the §6 explanations whose condition holds for this crawler and page. */
function findExplanations(
  robots: RobotsUsage,
  page: PageUsage,
  usage: CrawlerUsage,
  gate: Gate,
  considered: readonly Considered[],
  options: ResolveOptions,
): SurfaceLine[] {
  const found: ExplanationId[] = [];
  const blocked = (crawler: string) => robots.kind === 'file' && !isAllowedHere(robots, page.url, crawler);
  const pair = usage.pairedBlock;
  if (pair !== null && blocked(pair.blocked) && !blocked(pair.open)) found.push(pair.explanation);
  for (const token of usage.controlTokens) {
    const disallows = considered.some(
      (c) =>
        c.statement.signalId === 'control-token' &&
        c.statement.value === 'disallowed' &&
        c.statement.token === token.token,
    );
    if (disallows) found.push(token.explainsDisallow);
  }
  if (considered.some((c) => c.statement.signalId === 'archive-controls' && c.statement.status.kind === 'overridden')) {
    found.push(4);
  }
  const hasVocabularyLines =
    (robots.kind === 'file' && robots.lines.length > 0) || page.contentUsage !== null || page.contentSignal !== null;
  const unused = unusedLinesExplanation(usage.operator);
  if (unused !== null && gate.kind === 'pass' && hasVocabularyLines) found.push(unused);
  if (usage.explainsBlock !== null && blocked(usage.token)) found.push(usage.explainsBlock);
  if (usage.robotsMayNotApply) found.push(7);
  // The explanations are shown in their order (the seven of §6); only the operator's one names a date.
  const date = options.consumersAsOf ?? CONSUMERS_AS_OF;
  return found.sort((a, b) => a - b).map((n) => explanationLine(n, date));
}

/** What a Use source reads, and where it puts what it finds. */
interface SourceContext {
  readonly robots: RobotsUsage;
  readonly page: PageUsage;
  readonly usage: CrawlerUsage;
  /** The crawl verdict the gate passed on (null when there is no file, or for a policy-token row). */
  readonly verdict: Verdict | null;
  readonly considered: Considered[];
  readonly caveats: UsageCaveat[];
  readonly notes: string[];
  /** Qualifiers from inputs that state nothing, per purpose (§4.6 step 4). */
  readonly informational: Map<UsagePurpose, readonly string[]>;
}

/** One usage source: whether a policy token's row reads it, and its reader. */
interface UseSource {
  /** A policy token's row reads only the statements of policy-token groups (§4.2 step 1). */
  readonly policyTokenRow: boolean;
  readonly read: (context: SourceContext) => void;
}

/**
 * The usage sources, in precedence order. Statements are put in source order by their place (§4.6
 * step 3: robots.txt by line, then headers, metas, tdmrep.json); statements at the same place keep
 * the order of this list (a Disallow line shared by a control token's group and a policy token's
 * group states the control token first). Adding a source is one entry here and its reader.
 */
const USE_SOURCES: readonly UseSource[] = [
  // Content-Usage and Content-Signal lines of the groups that reach the crawler (§4.3, §4.4).
  {
    policyTokenRow: false,
    read: (c) => collectGroupLines(c.robots, c.page.url, c.usage, c.verdict, c.considered, c.notes),
  },
  // The groups of the control tokens that speak for the crawler (§3.8).
  {
    policyTokenRow: false,
    read: (c) => {
      for (const token of c.usage.controlTokens) collectControlToken(c.robots, c.page.url, token, c.considered);
    },
  },
  // The groups of the training-preference policy tokens (§3.7).
  {
    policyTokenRow: true,
    read: (c) => collectPolicyToken(c.robots, c.page.url, c.considered, c.caveats),
  },
  // The Content-Usage and Content-Signal response headers (§3.4, §3.5).
  {
    policyTokenRow: false,
    read: (c) => collectHeaders(c.page, c.considered),
  },
  // TDMRep: its metas, its header and /.well-known/tdmrep.json (§3.10).
  {
    policyTokenRow: false,
    read: (c) => collectTdm(c.page, c.considered),
  },
  // The page directives read as usage statements: robots metas, X-Robots-Tag (§3.9).
  {
    policyTokenRow: false,
    read: collectPageDirectives,
  },
];

/** Adds the page directives' statements (§3.9), their informational qualifiers and notes. */
function collectPageDirectives(c: SourceContext): void {
  const directives = readDirectiveStatements(c.page, c.usage);
  for (const [purpose, texts] of directives.informational) c.informational.set(purpose, texts);
  c.notes.push(...directives.notes);
  for (const d of directives.statements) {
    c.considered.push({
      rank: d.rank,
      statement: {
        signalId: d.signalId,
        vocabulary: 'page-directives',
        purpose: d.purpose,
        value: d.value,
        source: d.where,
        addressedTo: d.addressedTo,
        ...(d.scope === undefined ? {} : { scope: d.scope }),
        ...(d.qualifier === undefined ? {} : { qualifier: d.qualifier }),
        status: d.overriddenBecause === null ? COUNTED : { kind: 'overridden', because: d.overriddenBecause },
      },
    });
  }
}

/** Returns the gate (§4.2): robots.txt unreachable, the crawl verdict Blocked, or pass. */
function runGate(robots: RobotsUsage, url: string, usage: CrawlerUsage): Gate {
  if (robots.kind === 'unreachable') {
    return { kind: 'not-applicable', reason: 'robots-unreachable', deciding: { source: 'robots', line: 0 } };
  }
  if (robots.kind === 'none' || usage.role === 'policy-token') return { kind: 'pass', verdict: null };
  const fetcher = usage.fetchedBy ?? usage.token;
  const { verdict } = evaluateForCrawler(robots.compiled, url, fetcher);
  if (verdict.allowed) return { kind: 'pass', verdict };
  const line = verdict.rule?.rule.line ?? 0;
  return {
    kind: 'not-applicable',
    reason: 'crawl-disallowed',
    deciding: robotsSource(robots, line),
  };
}

function robotsSource(robots: RobotsUsage, line: number): RobotsSource {
  return robots.kind === 'file' && line > 0 && isManaged(robots.managedBlocks, line)
    ? { source: 'robots', line, managed: true }
    : { source: 'robots', line };
}

/**
 * Adds the Content-Usage and Content-Signal lines of the groups that reach the crawler (§4.3): the
 * groups its crawl verdict selected. Content-Usage: only the longest matching rules count (§4.4).
 */
function collectGroupLines(
  robots: RobotsUsage,
  url: string,
  usage: CrawlerUsage,
  verdict: Verdict | null,
  out: Considered[],
  notes: string[],
): void {
  if (robots.kind !== 'file' || verdict === null || usage.role !== 'fetcher') return;
  const selection = verdict.selection;
  if (selection.kind === 'none') return;
  const lines: RobotsUsageLine[] = [];
  for (const group of selection.groups) for (const line of robots.byGroup.get(group.id) ?? []) lines.push(line);
  if (selection.kind === 'specific' && selection.globalIgnored) noteGlobalLinesSetAside(robots, selection, notes);
  if (lines.length === 0) return;
  lines.sort((a, b) => a.line - b.line);
  const path = extractMatchPath(url);
  // §4.4: the matching Content-Usage rules of the highest priority are the whole robots statement.
  let best = -1;
  for (const line of lines) {
    if (line.kind === 'content-usage' && matchesPattern(line.rule.pattern, path)) {
      best = Math.max(best, line.rule.pattern.length);
    }
  }
  const winners: number[] = [];
  let signals = 0;
  for (const line of lines) {
    const source = robotsSource(robots, line.line);
    const addressedTo = line.addressedTo;
    if (line.kind === 'content-usage') {
      if (!matchesPattern(line.rule.pattern, path)) continue;
      const wins = line.rule.pattern.length === best;
      if (wins) winners.push(line.line);
      const status = wins
        ? COUNTED
        : ({ kind: 'overridden', because: 'a longer Content-Usage path matches this URL' } as const);
      for (const [label, purpose] of [
        ['search', 'search'],
        ['train-ai', 'ai-train'],
      ] as const) {
        const value = line.rule.statement[label];
        if (!wins && value === 'unstated') continue;
        out.push({
          rank: line.line,
          statement: {
            signalId: 'content-usage-robots',
            vocabulary: 'aipref',
            purpose,
            value,
            source,
            addressedTo,
            status,
          },
        });
      }
    } else {
      signals++;
      addSignal(line.signal, source, addressedTo, 'content-signal', line.line, out);
    }
  }
  // CU-10: the winning rule omits a category that a shorter matching rule states.
  for (const purpose of ['search', 'ai-train'] as const) {
    const stated = out.filter(
      (c) => c.statement.signalId === 'content-usage-robots' && c.statement.purpose === purpose,
    );
    const winnerStates = stated.some((c) => c.statement.status.kind === 'counted' && c.statement.value !== 'unstated');
    const shorter = stated.find((c) => c.statement.status.kind === 'overridden');
    if (!winnerStates && shorter !== undefined && winners.length > 0) {
      notes.push(
        `On this path line ${winners.join(', ')} wins and says nothing about ${purpose === 'ai-train' ? 'train-ai' : 'search'}; line ${(shorter.statement.source as RobotsSource).line} does not carry over.`,
      );
    }
  }
  if (signals > 1)
    notes.push(`${signals} Content-Signal lines reach this crawler: the most restrictive per key counts.`);
}

/** CU-12: usage lines of `*` groups that do not reach a crawler with a group of its own. */
function noteGlobalLinesSetAside(
  robots: RobotsUsage,
  selection: Extract<Verdict['selection'], { kind: 'specific' }>,
  notes: string[],
): void {
  if (robots.kind !== 'file') return;
  if (robots.globalLines.length === 0) return;
  const chosen = new Set(selection.groups.map((g) => g.id));
  const setAside: number[] = [];
  for (const line of robots.globalLines) if (!chosen.has(line.groupId as number)) setAside.push(line.line);
  if (setAside.length > 0) {
    notes.push(
      `Line${setAside.length > 1 ? 's' : ''} ${setAside.join(', ')} in the * group do not apply: this crawler has a group of its own. crawler-commons applies Content-Signal file-wide.`,
    );
  }
}

function addSignal(
  signal: {
    readonly search: Preference;
    readonly 'ai-input': Preference;
    readonly 'ai-train': Preference;
    readonly use: UseLevel | null;
  },
  source: UsageSource,
  addressedTo: string,
  signalId: 'content-signal',
  rank: number,
  out: Considered[],
): void {
  for (const purpose of ['search', 'ai-input', 'ai-train'] as const) {
    const value = signal[purpose];
    if (value === 'unstated') continue;
    out.push({
      rank,
      statement: { signalId, vocabulary: 'content-signal', purpose, value, source, addressedTo, status: COUNTED },
    });
  }
  if (signal.use !== null) {
    out.push({
      rank,
      statement: {
        signalId: 'content-signal-use',
        vocabulary: 'content-signal',
        purpose: 'use-level',
        value: signal.use,
        source,
        addressedTo,
        status: COUNTED,
      },
    });
  }
}

type TokenStatement =
  | { readonly value: 'allowed' | 'disallowed'; readonly line: number; readonly qualifier?: string }
  | { readonly value: null; readonly starLine: number };

const NO_TOKEN_STATEMENT: TokenStatement = { value: null, starLine: 0 };

/** What every crawler resolved on one URL of one file shares (token statements, crawl checks). */
interface UrlMemo {
  readonly url: string;
  readonly tokens: Map<string, TokenStatement>;
  readonly allowed: Map<string, boolean>;
}

/** The last URL's memo of each prepared file; a new URL replaces it. */
const urlMemos = new WeakMap<RobotsUsage, UrlMemo>();

function urlMemo(robots: RobotsUsage, url: string): UrlMemo {
  let memo = urlMemos.get(robots);
  if (memo === undefined || memo.url !== url) {
    memo = { url, tokens: new Map(), allowed: new Map() };
    urlMemos.set(robots, memo);
  }
  return memo;
}

/** Returns whether the preset `crawler` may fetch `url` (the §6 explanations' conditions), once per URL. */
function isAllowedHere(robots: Extract<RobotsUsage, { kind: 'file' }>, url: string, crawler: string): boolean {
  const memo = urlMemo(robots, url);
  let allowed = memo.allowed.get(crawler);
  if (allowed === undefined) {
    allowed = isAllowedForCrawler(robots.compiled, url, crawler);
    memo.allowed.set(crawler, allowed);
  }
  return allowed;
}

/** Returns the first User-agent line of the groups a verdict selected that names `token`. */
function firstNamingLine(verdict: Verdict, token: string): number {
  const folded = toAsciiLower(token);
  if (verdict.selection.kind === 'none') return 0;
  for (const group of verdict.selection.groups) {
    for (const agent of group.agents) if (!agent.isGlobal && toAsciiLower(agent.token) === folded) return agent.line;
  }
  return 0;
}

/**
 * Returns a token's own statement (§3.7, §3.8): its own group decides (Disallow → disallowed,
 * otherwise allowed, `implicit` at its first User-agent line when no rule matches); without a group
 * of its own, a `*` Disallow decides when `inheritsStar`, else nothing.
 */
function tokenStatement(robots: RobotsUsage, url: string, token: string, inheritsStar: boolean): TokenStatement {
  if (robots.kind !== 'file') return NO_TOKEN_STATEMENT;
  // Every crawler on the page asks for the same tokens: the answer depends only on the file and the URL.
  const memo = urlMemo(robots, url);
  const key = inheritsStar ? `*${token}` : token;
  let found = memo.tokens.get(key);
  if (found === undefined) {
    found = findTokenStatement(robots.compiled, url, token, inheritsStar);
    memo.tokens.set(key, found);
  }
  return found;
}

function findTokenStatement(
  compiled: CompiledRobots,
  url: string,
  token: string,
  inheritsStar: boolean,
): TokenStatement {
  const verdict = evaluate(compiled, url, token);
  if (verdict.selection.kind === 'specific') {
    if (!verdict.allowed) return { value: 'disallowed', line: verdict.rule?.rule.line ?? 0 };
    if (verdict.rule !== null) return { value: 'allowed', line: verdict.rule.rule.line };
    return { value: 'allowed', line: firstNamingLine(verdict, token), qualifier: 'implicit' };
  }
  const starLine = verdict.selection.kind === 'global' && !verdict.allowed ? (verdict.rule?.rule.line ?? 0) : 0;
  if (inheritsStar && starLine > 0) return { value: 'disallowed', line: starLine, qualifier: 'via *' };
  return { value: null, starLine };
}

function collectControlToken(robots: RobotsUsage, url: string, token: ControlToken, out: Considered[]): void {
  const found = tokenStatement(robots, url, token.token, token.inheritsStar);
  if (found.value === null) return;
  for (const purpose of token.purposes) {
    out.push({
      rank: found.line,
      statement: {
        signalId: 'control-token',
        vocabulary: 'control-token',
        purpose,
        value: found.value,
        source: robotsSource(robots, found.line),
        addressedTo: `${token.fetchedBy} (the ${token.token} token)`,
        token: token.token,
        scope: token.scope,
        brief: token.brief,
        ...(found.qualifier === undefined ? {} : { qualifier: found.qualifier }),
        status: COUNTED,
      },
    });
  }
}

function collectPolicyToken(robots: RobotsUsage, url: string, out: Considered[], caveats: UsageCaveat[]): void {
  for (const token of TRAINING_POLICY_TOKENS) {
    const found = tokenStatement(robots, url, token.token, false);
    if (found.value === null) {
      if (found.starLine > 0) caveats.push(`policy-token-inherits:${found.starLine}`);
      continue;
    }
    if (!token.confirmed && !caveats.includes('policy-token-unconfirmed')) caveats.push('policy-token-unconfirmed');
    out.push({
      rank: found.line,
      statement: {
        signalId: 'training-policy',
        vocabulary: 'training-policy',
        purpose: 'ai-train',
        value: found.value,
        source: robotsSource(robots, found.line),
        addressedTo: `readers of the ${token.token} token`,
        token: token.token,
        ...(found.qualifier === undefined ? {} : { qualifier: found.qualifier }),
        status: COUNTED,
      },
    });
  }
}

function collectHeaders(page: PageUsage, out: Considered[]): void {
  if (page.contentUsage !== null) {
    const { field, statement } = page.contentUsage;
    const source: UsageSource = { source: 'header', name: field.name, position: field.position };
    for (const [label, purpose] of [
      ['search', 'search'],
      ['train-ai', 'ai-train'],
    ] as const) {
      out.push({
        rank: RANK_HEADER + field.position,
        statement: {
          signalId: 'content-usage-header',
          vocabulary: 'aipref',
          purpose,
          value: statement[label],
          source,
          addressedTo: 'every recipient of the response',
          status: COUNTED,
        },
      });
    }
  }
  if (page.contentSignal !== null) {
    const { field, signal } = page.contentSignal;
    const source: UsageSource = { source: 'header', name: field.name, position: field.position };
    addSignal(signal, source, 'every recipient of the response', 'content-signal', RANK_HEADER + field.position, out);
  }
}

/** TDMRep (§3.10): meta > header > file; a source whose value is unset does not override a lower one. */
function collectTdm(page: PageUsage, out: Considered[]): void {
  const found: { rank: number; source: UsageSource; reservation: 0 | 1 }[] = [];
  for (const meta of page.tdmMetas) {
    if (meta.reservation === 'unset') continue;
    found.push({
      rank: RANK_META + meta.index,
      source: { source: 'meta', name: meta.name, position: meta.position },
      reservation: meta.reservation,
    });
  }
  const header = page.tdmHeader;
  if (header !== null && header.reservation !== 'unset') {
    found.push({
      rank: RANK_HEADER + header.field.position,
      source: { source: 'header', name: header.field.name, position: header.field.position },
      reservation: header.reservation,
    });
  }
  const rule = page.tdmFileRule;
  if (rule !== null) {
    found.push({
      rank: RANK_WELL_KNOWN + rule.rule,
      source: { source: 'well-known', name: '/.well-known/tdmrep.json', rule: rule.rule },
      reservation: rule.reservation,
    });
  }
  // `found` is in priority order (valid metas in document order, the header, the file rule): the first wins.
  const winner = found[0];
  for (const f of found) {
    out.push({
      rank: f.rank,
      statement: {
        signalId: 'tdmrep',
        vocabulary: 'tdmrep',
        purpose: 'ai-train',
        value: f.reservation === 1 ? 'disallowed' : 'allowed',
        source: f.source,
        addressedTo: 'every text-and-data-mining agent',
        status: f === winner ? COUNTED : { kind: 'overridden', because: 'a higher TDMRep source states a value' },
      },
    });
  }
}

/** Returns the declared value of counted statements (§4.6 step 2): most restrictive, or the lowest level. */
function combineValues(purpose: UsagePurpose, statements: readonly UsageStatement[]): UsageAnswerKind {
  if (purpose === 'use-level') {
    let lowest = -1;
    for (const s of statements) {
      const i = (USE_LEVELS as readonly StatementValue[]).indexOf(s.value);
      if (i >= 0 && (lowest < 0 || i < lowest)) lowest = i;
    }
    return lowest < 0 ? 'no-statement' : (USE_LEVELS[lowest] as UseLevel);
  }
  if (statements.some((s) => s.value === 'disallowed')) return 'disallowed';
  if (statements.some((s) => s.value === 'allowed')) return 'allowed';
  return 'no-statement';
}

function buildAnswer(
  purpose: UsagePurpose,
  usage: CrawlerUsage,
  gate: Gate,
  all: readonly Considered[],
  caveatsIn: readonly UsageCaveat[],
  notesIn: readonly string[],
  informational: ReadonlyMap<UsagePurpose, readonly string[]>,
  page: PageUsage,
  options: ResolveOptions,
  explanations: readonly SurfaceLine[],
): UsageAnswer {
  const asOf = options.consumersAsOf ?? CONSUMERS_AS_OF;
  const surface = [...surfaceLines(usage, purpose), ...explanations];
  if (gate.kind === 'not-applicable') {
    const caveats: UsageCaveat[] = usage.robotsMayNotApply ? ['fetcher-may-ignore-robots'] : [];
    const consumer: ConsumerView = {
      operator: usage.operator,
      kind: 'not-applicable',
      deciding: gate.deciding,
      counted: [],
      notCounted: [],
      asOf,
      recheck: false,
    };
    return {
      kind: 'not-applicable',
      purpose,
      crawler: usage.token,
      reason: gate.reason,
      deciding: gate.deciding,
      statements: [],
      qualifiers: [],
      caveats,
      notes: [],
      consumer,
      surface,
    };
  }
  // A control-token row states only the purposes its token lists (§4.2 step 1).
  const listed = usage.role !== 'control-token' || usage.controlTokens.some((t) => t.purposes.includes(purpose));
  const mine = listed ? all.filter((c) => c.statement.purpose === purpose) : [];
  const statements = mine.map((c) => c.statement);
  const counted = mine.filter((c) => c.statement.status.kind === 'counted');
  const kind = combineValues(
    purpose,
    counted.map((c) => c.statement),
  );
  const deciding = findDeciding(kind, counted);
  const qualifiers: string[] = [];
  for (const c of counted) {
    const q = c.statement.qualifier;
    if (q !== undefined && c.statement.value === kind && !qualifiers.includes(q)) qualifiers.push(q);
  }
  for (const q of informational.get(purpose) ?? []) if (!qualifiers.includes(q)) qualifiers.push(q);
  const caveats: UsageCaveat[] = caveatsIn.filter(
    (c) => purpose === 'ai-train' || !(c === 'policy-token-unconfirmed' || c.startsWith('policy-token-inherits')),
  );
  if (counted.some((c) => c.statement.source.source === 'robots')) caveats.push('not-retroactive');
  const notes = [...notesIn];
  const vocabularies = new Set(
    counted.filter((c) => c.statement.value === 'allowed').map((c) => c.statement.vocabulary),
  );
  const against = counted.filter(
    (c) => c.statement.value === 'disallowed' && !vocabularies.has(c.statement.vocabulary),
  );
  if (vocabularies.size > 0 && against.length > 0) {
    notes.push(`Vocabularies disagree on ${purposeLabel(purpose)}: the most restrictive counts.`);
  }
  const consumer = buildConsumerView(purpose, usage, counted, page, options);
  const base = { purpose, crawler: usage.token, statements, qualifiers, caveats, notes, consumer, surface };
  if (kind === 'no-statement' || deciding === null) return { ...base, kind: 'no-statement', deciding: null };
  if (kind === 'not-applicable') return { ...base, kind: 'no-statement', deciding: null };
  return { ...base, kind, deciding };
}

/** §4.6 step 3: the first counted statement in source order whose value equals the answer. */
function findDeciding(kind: UsageAnswerKind, counted: readonly Considered[]): UsageSource | null {
  if (kind === 'no-statement' || kind === 'not-applicable') return null;
  const value: StatementValue = kind;
  return counted.find((c) => c.statement.value === value)?.statement.source ?? null;
}

function buildConsumerView(
  purpose: UsagePurpose,
  usage: CrawlerUsage,
  counted: readonly Considered[],
  page: PageUsage,
  options: ResolveOptions,
): ConsumerView {
  const entries = options.consumers ?? CONSUMERS;
  const asOf = options.consumersAsOf ?? CONSUMERS_AS_OF;
  const kept: Considered[] = [];
  const notCounted: NotCounted[] = [];
  let recheck = false;
  for (const c of counted) {
    const entry = findConsumerEntry(c.statement.signalId, usage.operator, entries);
    const status = entry?.status ?? 'unknown';
    if (entry !== null && page.now - Date.parse(entry.sourceDate) > RECHECK_AFTER_DAYS * DAY) recheck = true;
    if (status === 'honoured' || status === 'partial') kept.push(c);
    else
      notCounted.push({
        statement: c.statement,
        status,
        claim: entry?.claim ?? null,
        sourceDate: entry?.sourceDate ?? null,
      });
  }
  const kind = combineValues(
    purpose,
    kept.map((c) => c.statement),
  );
  return {
    operator: usage.operator,
    kind,
    deciding: findDeciding(kind, kept),
    counted: kept.map((c) => c.statement),
    notCounted,
    asOf,
    recheck,
  };
}

/** Vocabulary of each signal (§4.5), for callers that build statements themselves. */
export const SIGNAL_VOCABULARY: Readonly<Record<SignalId, Vocabulary>> = {
  'content-usage-robots': 'aipref',
  'content-usage-header': 'aipref',
  'content-signal': 'content-signal',
  'content-signal-use': 'content-signal',
  'training-policy': 'training-policy',
  'control-token': 'control-token',
  'robots-noindex': 'page-directives',
  'snippet-controls': 'page-directives',
  'archive-controls': 'page-directives',
  noai: 'page-directives',
  tdmrep: 'tdmrep',
};
