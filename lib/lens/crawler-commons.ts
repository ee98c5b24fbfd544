/**
 * Lens `crawler-commons`: `SimpleRobotRulesParser` as Apache Nutch and StormCrawler call it
 * (docs/semantics/lens.md §6). BOM/UTF-16 sniffing and the HTML guard, LF/CR/NEL/LS/PS lines, a long typo
 * list and the colon-less form, groups chosen while reading, unreserved-only decoding, a scan that
 * never backtracks, and the index.html retry for Allow and Disallow alike.
 */

import { createRuleCandidates, FragmentDictionary, type RuleCandidates, type RuleShape } from './candidates';
import { type LensEngine, type LensNameReader, shareReaders } from './engine';
import { globLiteral, longestLaterPiece } from './glob';
import {
  cutComment,
  isTripletAt,
  isWs,
  normaliseTriplets,
  splitLines,
  trimBy,
  isJavaSpace,
  utf8WithReplacement,
} from './text';
import type { KeptRule, LensVerdict } from './types';
import { rememberLast, splitHref } from './url';
import { isHttpStatus, noGroupVerdict, noMatchVerdict, plainVerdict, ruleVerdict, statusVerdict } from './verdict';

const ID = 'crawler-commons';

type Directive = 'user-agent' | 'allow' | 'disallow';

/**
 * The spellings of §6.4 that change a verdict, shortest first. Crawl-delay, Sitemap and the other
 * recognised directives leave every flag alone, exactly like an unrecognised line, so they are not
 * listed (none of their spellings starts like one of these).
 */
const SPELLINGS: readonly (readonly [string, Directive])[] = (
  [
    ...[
      'user-agent',
      'useragent',
      'useg-agent',
      'ser-agent',
      'users-agent',
      'user agent',
      'user-agnet',
      'user-agents',
    ].map((s) => [s, 'user-agent'] as const),
    ...[
      'disallow',
      'desallow',
      'dissallow',
      'dissalow',
      'disalow',
      'dssalow',
      'dsallow',
      'diasllow',
      'disallaw',
      'diallow',
      'disallows',
      'disllow',
    ].map((s) => [s, 'disallow'] as const),
    ['allow', 'allow'] as const,
  ] as (readonly [string, Directive])[]
).sort((a, b) => a[0].length - b[0].length);

const TOKEN_CHAR = /[A-Za-z_-]/;
const ONLY_TOKEN = /^[A-Za-z_-]+$/;

/** Returns the directive and value of a trimmed line (§6.4), or null when the line is ignored. */
export function readCcDirective(content: string): { directive: Directive; value: string } | null {
  for (const [spelling, directive] of SPELLINGS) {
    if (content.length < spelling.length || content.slice(0, spelling.length).toLowerCase() !== spelling) continue;
    const rest = content.slice(spelling.length);
    let j = 0;
    while (j < rest.length && isWs(rest.charCodeAt(j))) j++;
    if (rest.charAt(j) === ':') return { directive, value: trimBy(rest.slice(j + 1), isJavaSpace) };
    if (j > 0) return { directive, value: trimBy(rest.slice(j), isJavaSpace) };
  }
  return null;
}

const URI_UNSAFE = ' "#<>[]^`{|}';

/**
 * Returns `value` normalised as §6.6 says: unreserved triplets decoded, other triplets upper-cased,
 * non-ASCII (as UTF-8), controls, space, `" # < > [ ] ^ \` { | }`, DEL and a stray `%` encoded.
 * For a URL (`isUrl`), `*` and `$` are encoded too (§6.7).
 */
function normaliseCc(value: string, isUrl: boolean): string {
  return normaliseTriplets(value, isUrl, URI_UNSAFE);
}

const REFUSED_ANYWHERE = ' "<>\\^`{|}';

/** Returns true when `java.net.URI` refuses the part of an href after its host (§6.7 step 1). */
function isRefused(path: string, query: string | null, fragment: string | null): boolean {
  if (fragment !== null && fragment.includes('#')) return true;
  const whole = path + (query === null ? '' : '?' + query) + (fragment === null ? '' : '#' + fragment);
  for (let i = 0; i < whole.length; i++) {
    const ch = whole.charAt(i);
    if (REFUSED_ANYWHERE.includes(ch)) return true;
    if (ch === '%' && !isTripletAt(whole, i)) return true;
  }
  return path.includes('[') || path.includes(']');
}

/** Returns the text §6.7 compares for a URL: `/` for a refused URL, else path and query normalised. */
function ccUrlText(url: string): string {
  const href = splitHref(url);
  if (isRefused(href.path, href.query, href.fragment)) return '/';
  const path = href.path === '' ? '/' : href.path;
  return normaliseCc(path + (href.query === null ? '' : '?' + href.query), true);
}

/** The last URL's text, remembered: the readers of one file ask it in turn. */
const matchTextOf = rememberLast(ccUrlText);

/** A pattern as §6.8's scan reads it: its pieces between `*`, and whether a final `$` anchored it. */
interface CcScan {
  readonly pieces: readonly string[];
  readonly anchored: boolean;
  /** The pattern's length, its `$` included: the score of a match. */
  readonly length: number;
  /** The last text scanned, and the answer (the readers of a file ask one URL in turn, and share patterns). */
  lastText: string | null;
  lastMatch: boolean;
}

/** Returns a compiler giving one CcScan per distinct pattern. */
function createScanCompiler(): (pattern: string) => CcScan {
  const compiled = new Map<string, CcScan>();
  return (pattern) => {
    let scan = compiled.get(pattern);
    if (scan === undefined) {
      const anchored = pattern.endsWith('$');
      const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
      scan = { pieces, anchored, length: pattern.length, lastText: null, lastMatch: false };
      compiled.set(pattern, scan);
    }
    return scan;
  };
}

/** Returns true when the pattern matches `text` by §6.8's scan, remembering the answer for the text. */
function matchesScan(scan: CcScan, text: string): boolean {
  if (scan.lastText !== text) {
    scan.lastMatch = scans(scan, text);
    scan.lastText = text;
  }
  return scan.lastMatch;
}

/** Returns true when the pattern matches `text` by §6.8's scan that never backtracks. */
function scans(scan: CcScan, text: string): boolean {
  const pieces = scan.pieces;
  const anchored = scan.anchored;
  const first = pieces[0] as string;
  if (!text.startsWith(first)) return false;
  let pos = first.length;
  for (let k = 1; k < pieces.length; k++) {
    const piece = pieces[k] as string;
    if (piece === '') {
      // Only `*` left: a pattern ending in `*` matches once everything before it has.
      if (k === pieces.length - 1) return true;
      continue;
    }
    const at = text.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  return !anchored || pos === text.length;
}

interface CcRule extends KeptRule {
  readonly pattern: string;
  readonly scan: CcScan;
  /** The index.html retry (§6.8): the pattern cut before `index.htm`, anchored; null when it does not end so. */
  readonly retry: CcScan | null;
}

/** A line the library reads as a directive (§6.4), read once for every name asked. */
interface CcLine {
  readonly line: number;
  readonly directive: Directive;
  readonly value: string;
  /** The rule an Allow or Disallow line gives (null for an empty pattern, and for user-agent lines). */
  readonly rule: CcRule | null;
}

/**
 * Returns the directive lines of `text` (§6.3, §6.4), each rule built once. With `stripTags` (an
 * HTML body with rules), each line loses its tags first.
 */
function readCcLines(text: string, stripTags: boolean): CcLine[] {
  const compile = createScanCompiler();
  const lines: CcLine[] = [];
  for (const { text: raw, line } of splitLines(text, 'java')) {
    const content = trimBy(cutComment(stripTags ? deleteTags(raw) : raw), isJavaSpace);
    if (content === '') continue;
    const read = readCcDirective(content);
    if (read === null) continue;
    let rule: CcRule | null = null;
    if (read.directive !== 'user-agent') {
      const pattern = normaliseCc(read.value, false);
      if (pattern !== '') rule = createCcRule(read.directive, line, read.value, pattern, compile);
    }
    lines.push({ line, directive: read.directive, value: read.value, rule });
  }
  return lines;
}

/**
 * Returns the rules collected for `name` (lower-cased) while reading the lines in order (§6.5), or
 * null when no group applied.
 */
function collectCcRules(lines: readonly CcLine[], name: string): CcRule[] | null {
  let rules: CcRule[] = [];
  let applied = false;
  let nameMatched = false;
  let wildcardMatched = false;
  let adding = false;
  let namesFinished = false;
  for (const read of lines) {
    if (read.directive === 'user-agent') {
      if (adding && namesFinished) adding = false;
      namesFinished = false;
      const agent = read.value.toLowerCase();
      if (agent === '') continue;
      if (agent === '*') {
        if (!nameMatched) {
          wildcardMatched = true;
          adding = true;
          applied = true;
        }
        continue;
      }
      if (agent === name || (!ONLY_TOKEN.test(agent) && leadingToken(agent) === name)) {
        if (wildcardMatched) rules = [];
        nameMatched = true;
        adding = true;
        applied = true;
        wildcardMatched = false;
      }
    } else {
      namesFinished = true;
      if (adding && read.rule !== null) rules.push(read.rule);
    }
  }
  return applied ? rules : null;
}

function leadingToken(value: string): string {
  let end = 0;
  while (end < value.length && TOKEN_CHAR.test(value.charAt(end))) end++;
  return value.slice(0, end);
}

function createCcRule(
  kind: CcRule['kind'],
  line: number,
  value: string,
  pattern: string,
  compileCcScan: (pattern: string) => CcScan,
): CcRule {
  const retried = retryOf(pattern);
  return {
    kind,
    line,
    value,
    pattern,
    scan: compileCcScan(pattern),
    retry: retried === null ? null : compileCcScan(retried),
  };
}

/** Returns the index.html retry of a pattern (§6.8): cut before `index.htm` and anchored, or null. */
function retryOf(pattern: string): string | null {
  if (!pattern.endsWith('index.htm') && !pattern.endsWith('index.html')) return null;
  return pattern.slice(0, pattern.indexOf('index.htm')) + '$';
}

/** Returns the score a rule matches `text` at (§6.8), the index.html retry included; 0 when it does not match. */
function scoreCcRule(rule: CcRule, text: string): number {
  if (matchesScan(rule.scan, text)) return rule.scan.length;
  if (rule.retry !== null && matchesScan(rule.retry, text)) return rule.retry.length;
  return 0;
}

/** Returns what every text a rule matches begins with, its index.html retry included (§6.8). */
function ccLiteral(rule: CcRule): string {
  // The retry pattern is the pattern cut before `index.htm`: its literal start is never longer.
  return globLiteral(retryOf(rule.pattern) ?? rule.pattern);
}

const CC_SHAPE: RuleShape<CcRule> = {
  literalOf: ccLiteral,
  keyOf: (rule) => `${rule.kind} ${rule.pattern}`,
  // The retry's pieces are the pattern's, the last one cut: what it holds, a text either matches holds.
  fragmentOf: (rule) => longestLaterPiece((rule.retry ?? rule.scan).pieces),
};

/** Returns crawler-commons' verdict for `url` under the collected rules (§6.7, §6.8). */
function evaluateCc(rules: RuleCandidates<CcRule> | null, url: string): LensVerdict {
  const text = matchTextOf(url);
  if (text === '/robots.txt') {
    return plainVerdict(
      ID,
      { kind: 'robots-txt-implicit' },
      true,
      text,
      '`/robots.txt` is always allowed by this parser.',
    );
  }
  if (rules === null) return noGroupVerdict(ID, text);
  let best = 0;
  let decider: CcRule | null = null;
  for (const rule of rules.candidates(text)) {
    const score = scoreCcRule(rule, text);
    if (score === 0) continue;
    if (decider === null || score > best || (score === best && rule.kind === 'allow' && decider.kind === 'disallow')) {
      best = score;
      decider = rule;
    }
  }
  if (decider === null) return noMatchVerdict(ID, text);
  return ruleVerdict(
    ID,
    { kind: decider.kind, line: decider.line, value: decider.value, pattern: decider.pattern },
    text,
    'is the longest pattern that matches (ties go to Allow)',
  );
}

const HTML_TAG = /<(?:html|head|body)[ \t\n\v\f\r]*>/i;
const USER_AGENT_COLON = /user-agent:/i;

/** Returns `line` without its tags: each `<` up to the next `>` (§6.3). Linear: no `>` left means no more tags. */
function deleteTags(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf('<', i);
    if (open < 0) break;
    const close = line.indexOf('>', open + 1);
    if (close < 0) break;
    out += line.slice(i, open);
    i = close + 1;
  }
  return out + line.slice(i);
}

/** Decodes UTF-16 code units (`bigEndian` or not) from `start`; an odd last byte is dropped. */
function decodeUtf16(bytes: Uint8Array, start: number, bigEndian: boolean): string {
  const parts: string[] = [];
  let codes: number[] = [];
  for (let i = start; i + 1 < bytes.length; i += 2) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] as number;
    codes.push(bigEndian ? (a << 8) | b : (b << 8) | a);
    if (codes.length >= 8192) {
      parts.push(String.fromCharCode.apply(null, codes));
      codes = [];
    }
  }
  parts.push(String.fromCharCode.apply(null, codes));
  return parts.join('');
}

const EMPTY_BODY_REASON = 'The body is empty: everything allowed.';

/** The crawler-commons lens: `parseContent(url, bytes, "text/plain", name lower-cased)` then `isAllowed(url)`. */
export const crawlerCommons: LensEngine = {
  id: ID,
  statusVerdict(status) {
    if (status >= 200 && status <= 299) return null;
    if (!isHttpStatus(status))
      return statusVerdict(ID, status, true, 'Nutch and StormCrawler allow after a failed fetch');
    if (status >= 400 && status <= 499)
      return statusVerdict(ID, status, true, 'the library allows everything after any 4xx');
    return statusVerdict(
      ID,
      status,
      false,
      status >= 300 && status <= 399
        ? 'the library disallows everything after redirects it could not follow'
        : 'the library disallows everything (Nutch defers the host; StormCrawler disallows)',
    );
  },
  decode(robots) {
    if (robots.length === 0) return plainVerdict(ID, { kind: 'empty-body' }, true, null, EMPTY_BODY_REASON);
    if (typeof robots === 'string') return robots.startsWith('\uFEFF') ? robots.slice(1) : robots;
    const [a, b, c] = [robots[0], robots[1], robots[2]];
    if (a === 0xef && b === 0xbb && c === 0xbf) return utf8WithReplacement(robots.subarray(3));
    if (a === 0xff && b === 0xfe) return decodeUtf16(robots, 2, false);
    if (a === 0xfe && b === 0xff) return decodeUtf16(robots, 2, true);
    return utf8WithReplacement(robots);
  },
  prepare: (text, userAgent) => prepareCcFile(text)(userAgent).read,
  prepareFile: prepareCcFile,
};

/**
 * Returns each name's reader under `text`. The library selects while it reads (§6.5): the lines are
 * read once, and each name goes through them in order; the selection is the lines of the rules
 * collected (each line gives at most one rule), and names collecting the same lines share one reader.
 */
function prepareCcFile(text: string): (userAgent: string) => LensNameReader {
  const isHtml = HTML_TAG.test(text);
  if (isHtml && !USER_AGENT_COLON.test(text)) {
    const verdict = plainVerdict(
      ID,
      { kind: 'html-without-rules' },
      true,
      null,
      'The body looks like HTML and has no `user-agent:`: everything allowed.',
    );
    const reader: LensNameReader = { selection: verdict, read: () => verdict };
    return () => reader;
  }
  // HTML with rules: every line loses its tags before it is read (§6.3).
  const lines = readCcLines(text, isHtml);
  const fragments = new FragmentDictionary();
  return shareReaders(
    (userAgent) => collectCcRules(lines, userAgent.toLowerCase()),
    (rules) => (rules === null ? 'none' : rules.map((r) => r.line).join(',')),
    (rules) => {
      const filed = rules === null ? null : createRuleCandidates(rules, CC_SHAPE, fragments);
      return (url) => evaluateCc(filed, url);
    },
  );
}
