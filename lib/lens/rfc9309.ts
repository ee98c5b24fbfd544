/**
 * Lens `rfc9309`: a strict reading of RFC 9309 §2 and §5 with the reading decisions D1–D12 of
 * docs/semantics/lens.md §7.2. CR/LF lines, exact keys, product-token names compared whole, groups ended
 * only by a rule, one normal form for rule and URL, most octets wins and Allow wins ties.
 */

import { toAsciiLower } from '../shared/ascii';
import { type LensEngine, type LensNameReader, shareReaders } from './engine';
import { createRuleCandidates, FragmentDictionary, type RuleCandidates, type RuleShape } from './candidates';
import { createGlobCompiler, type Glob, globLiteral, longestLaterPiece, matchesGlob } from './glob';
import { cutComment, decodeUtf8, isWs, normaliseTriplets, splitLines, trimBy, utf8Bytes } from './text';
import type { KeptRule, LensVerdict } from './types';
import { rememberLast, splitHref } from './url';
import { isHttpStatus, noGroupVerdict, noMatchVerdict, plainVerdict, ruleVerdict, statusVerdict } from './verdict';

const ID = 'rfc9309';

/** D12: the first 500 KiB are parsed, the smallest limit RFC 9309 §2.5 allows. */
const RFC_PARSE_LIMIT_BYTES = 512_000;

const PRODUCT_TOKEN = /^[A-Za-z_-]+$/;

interface RfcRule extends KeptRule {
  /** The normalised pattern (D6), or null when the value lies outside the grammar and never matches (D4, D5). */
  readonly pattern: string | null;
  /** The pattern compiled, or null with it. */
  readonly glob: Glob | null;
}

interface RfcGroup {
  /** Names lower-cased (ASCII): `*` and valid product tokens only (D3). */
  readonly names: string[];
  readonly rules: RfcRule[];
}

/** The parsed file: its groups in file order. */
interface Rfc9309File {
  readonly groups: readonly RfcGroup[];
}

const NOT_IN_URI = ' "<>\\^`{|}';

/**
 * Returns `value` in D6's form: unreserved triplets decoded, other triplets with upper-case hex,
 * octets that may not appear in a URI encoded; for a URL (`isUrl`) also `*` and `$`.
 */
function normaliseRfc(value: string, isUrl: boolean): string {
  return normaliseTriplets(value, isUrl, NOT_IN_URI);
}

/** Returns true when a rule value is a `path-pattern` of the RFC's grammar (D4): `/…` without controls, space or `#`, valid UTF-8. */
function isPathPattern(value: string): boolean {
  if (!value.startsWith('/')) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // A lone surrogate stands for a byte that was not valid UTF-8.
    if (code <= 0x20 || code === 0x7f || code === 0x23) return false;
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else return false;
    }
  }
  return true;
}

/** Returns the parsed form of `text` (§7.3). */
function parseRfc9309(text: string): Rfc9309File {
  const groups: RfcGroup[] = [];
  const compile = createGlobCompiler();
  let current: RfcGroup | null = null;
  let afterRule = true;
  for (const { text: raw, line } of splitLines(text, 'crlf')) {
    const content = trimBy(cutComment(raw), isWs);
    if (content === '') continue;
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const key = toAsciiLower(trimBy(content.slice(0, colon), isWs));
    const value = trimBy(content.slice(colon + 1), isWs);
    if (key === 'user-agent') {
      if (afterRule || current === null) {
        current = { names: [], rules: [] };
        groups.push(current);
      }
      afterRule = false;
      if (value === '*' || PRODUCT_TOKEN.test(value)) current.names.push(toAsciiLower(value));
    } else if (key === 'allow' || key === 'disallow') {
      if (current === null) continue;
      afterRule = true;
      const pattern = value !== '' && isPathPattern(value) ? normaliseRfc(value, false) : null;
      current.rules.push({ kind: key, line, value, pattern, glob: pattern === null ? null : compile(pattern) });
    }
  }
  return { groups };
}

/** Returns the groups that apply to `userAgent` (§7.3 selection, D9), in file order (none: no group applies). */
function selectGroups(file: Rfc9309File, userAgent: string): RfcGroup[] {
  const name = toAsciiLower(userAgent);
  const named = file.groups.filter((g) => g.names.includes(name));
  return named.length > 0 ? named : file.groups.filter((g) => g.names.includes('*'));
}

/** Returns the URL's match target (D10) in D6's form, and whether it is the implicit `/robots.txt` (D11). */
function rfcUrlText(url: string): { text: string; isRobotsTxt: boolean } {
  const href = splitHref(url);
  const path = normaliseRfc(href.path === '' ? '/' : href.path, true);
  const text = href.query === null ? path : path + '?' + normaliseRfc(href.query, true);
  return { text, isRobotsTxt: path === '/robots.txt' && href.query === null };
}

/** The last URL's text, remembered: the readers of one file ask it in turn. */
const matchTextOf = rememberLast(rfcUrlText);

/** Returns the rfc9309 verdict for `url` under the chosen rules (§7.3). */
function evaluateRfc9309(rules: RuleCandidates<RfcRule> | null, url: string): LensVerdict {
  const { text, isRobotsTxt } = matchTextOf(url);
  if (isRobotsTxt) {
    return plainVerdict(
      ID,
      { kind: 'robots-txt-implicit' },
      true,
      text,
      '`/robots.txt` is implicitly allowed (RFC 9309 §2.2.2).',
    );
  }
  if (rules === null) return noGroupVerdict(ID, text);
  let allow: RfcRule | null = null;
  let disallow: RfcRule | null = null;
  for (const rule of rules.candidates(text)) {
    const pattern = rule.pattern;
    if (pattern === null || !matchesGlob(rule.glob as Glob, text)) continue;
    if (rule.kind === 'allow') {
      if (allow === null || pattern.length > (allow.pattern as string).length) allow = rule;
    } else if (disallow === null || pattern.length > (disallow.pattern as string).length) {
      disallow = rule;
    }
  }
  const decider =
    disallow !== null && (allow === null || (disallow.pattern as string).length > (allow.pattern as string).length)
      ? disallow
      : allow;
  if (decider === null) return noMatchVerdict(ID, text);
  return ruleVerdict(
    ID,
    { kind: decider.kind, line: decider.line, value: decider.value, pattern: decider.pattern as string },
    text,
    'is the most specific match (most octets; Allow wins ties)',
  );
}

/** Returns the first `limit` bytes of `text`'s UTF-8, read back with undecodable bytes kept as escapes (D12). */
function cutToLimit(text: string): string {
  if (text.length * 3 <= RFC_PARSE_LIMIT_BYTES) return text;
  const bytes = utf8Bytes(text);
  if (bytes.length <= RFC_PARSE_LIMIT_BYTES) return text;
  return decodeUtf8(bytes.slice(0, RFC_PARSE_LIMIT_BYTES), 'surrogateescape');
}

/** The rfc9309 lens: RFC 9309 read strictly (§7). */
export const rfc9309: LensEngine = {
  id: ID,
  statusVerdict(status) {
    if (status >= 200 && status <= 299) return null;
    if (status >= 300 && status <= 499) {
      return statusVerdict(
        ID,
        status,
        true,
        'the file is "unavailable" (§2.3.1.2–3), so the crawler may access anything',
      );
    }
    return statusVerdict(
      ID,
      status,
      false,
      isHttpStatus(status)
        ? 'the file is "unreachable" (§2.3.1.4), a complete disallow'
        : 'the file is "unreachable" (§2.3.1.4)',
    );
  },
  decode(robots) {
    // D1: a BOM stays part of the first line. Bytes beyond D12's limit are ignored.
    if (typeof robots === 'string') return cutToLimit(robots);
    return decodeUtf8(robots.subarray(0, RFC_PARSE_LIMIT_BYTES), 'surrogateescape');
  },
  prepare: (text, userAgent) => prepareRfc9309File(text)(userAgent).read,
  prepareFile: prepareRfc9309File,
};

const RFC_SHAPE: RuleShape<RfcRule> = {
  literalOf: (rule) => (rule.pattern === null ? null : globLiteral(rule.pattern)),
  keyOf: (rule) => `${rule.kind} ${rule.pattern}`,
  fragmentOf: (rule) => (rule.glob === null ? null : longestLaterPiece(rule.glob.pieces)),
};

/**
 * Returns each name's reader under `text`, parsed once; the selection names the groups chosen
 * (their indices), and names choosing the same groups share one reader.
 */
function prepareRfc9309File(text: string): (userAgent: string) => LensNameReader {
  const file = parseRfc9309(text);
  const fragments = new FragmentDictionary();
  return shareReaders(
    (userAgent) => selectGroups(file, userAgent),
    (chosen) => chosen.map((g) => file.groups.indexOf(g)).join(','),
    (chosen) => {
      const rules =
        chosen.length === 0
          ? null
          : createRuleCandidates(
              chosen.flatMap((g) => g.rules),
              RFC_SHAPE,
              fragments,
            );
      return (url) => evaluateRfc9309(rules, url);
    },
  );
}
