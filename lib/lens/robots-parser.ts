/**
 * Lens `robots-parser`: the npm package robots-parser 3.0.1 (docs/semantics/lens.md §5). CR/LF lines,
 * JavaScript trimming, names cut at `/` and compared exactly, a name's rules gathered from every
 * group that lists it, `encodeURI`-style escaping of rules, no decoding, longest pattern wins.
 */

import { createRuleCandidates, FragmentDictionary, type RuleCandidates, type RuleShape } from './candidates';
import { type LensEngine, type LensNameReader, shareReaders } from './engine';
import { createGlobCompiler, type Glob, globLiteral, longestLaterPiece, matchesGlob } from './glob';
import { cutComment, hexValue, splitLines, utf8WithReplacement } from './text';
import type { KeptRule, LensVerdict } from './types';
import { rememberLast, splitHref } from './url';
import { noGroupVerdict, noMatchVerdict, ruleVerdict, statusVerdict } from './verdict';

const ID = 'robots-parser';

interface RpRule extends KeptRule {
  readonly pattern: string;
  readonly glob: Glob;
}

/** The parsed file: each name's entry (rules gathered from every group naming it). */
interface RobotsParserFile {
  readonly entries: ReadonlyMap<string, readonly RpRule[]>;
}

/** Returns a name as robots-parser formats it: lower-cased, cut at its first `/`, trimmed (§5.4). */
function formatRpName(name: string): string {
  const lower = name.toLowerCase();
  const slash = lower.indexOf('/');
  return (slash < 0 ? lower : lower.slice(0, slash)).trim();
}

/** Returns `text` with the hex digits of every triplet upper-cased. */
function upperTriplets(text: string): string {
  if (!text.includes('%')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '%' && hexValue(text.charCodeAt(i + 1)) >= 0 && hexValue(text.charCodeAt(i + 2)) >= 0) {
      out += '%' + text.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else {
      out += ch;
    }
  }
  return out;
}

/** Returns a rule value escaped as §5.6 says: `encodeURI`, `%25` turned back into `%`, triplet hex upper-cased. */
function escapeRpPattern(value: string): string {
  let escaped: string;
  try {
    escaped = encodeURI(value);
  } catch {
    // A lone surrogate (not possible in a decoded body): the value is kept unescaped.
    return value;
  }
  return upperTriplets(escaped.split('%25').join('%'));
}

/** Returns the text §5.7 compares: path + search (empty when the query is), triplet hex upper-cased; no fragment. */
function rpUrlText(url: string): string {
  const href = splitHref(url);
  const path = href.path === '' ? '/' : href.path;
  return upperTriplets(path + (href.query === null || href.query === '' ? '' : '?' + href.query));
}

/** The last URL's text, remembered: the readers of one file ask it in turn. */
const matchTextOf = rememberLast(rpUrlText);

/** Returns the parsed form of `text` (§5.3, §5.4). */
function parseRobotsParser(text: string): RobotsParserFile {
  const entries = new Map<string, RpRule[]>();
  const compile = createGlobCompiler();
  let names: string[] = [];
  let afterOther = true;
  const entryOf = (name: string): RpRule[] => {
    let rules = entries.get(name);
    if (rules === undefined) {
      rules = [];
      entries.set(name, rules);
    }
    return rules;
  };
  for (const { text: raw, line } of splitLines(text, 'crlf')) {
    const content = cutComment(raw);
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const key = content.slice(0, colon).trim().toLowerCase();
    if (key === '') continue;
    const value = content.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (afterOther) names = [];
      if (value !== '') names.push(formatRpName(value));
    } else if (key === 'allow' || key === 'disallow') {
      // Each name's entry holds the rule (one object, read alike by every name).
      const pattern = value === '' ? '' : escapeRpPattern(value);
      const rule: RpRule | null = value === '' ? null : { kind: key, line, value, pattern, glob: compile(pattern) };
      for (const name of names) {
        const rules = entryOf(name);
        if (rule !== null) rules.push(rule);
      }
    } else if (key === 'crawl-delay') {
      for (const name of names) entryOf(name);
    }
    afterOther = key !== 'user-agent';
  }
  return { entries };
}

/** Returns the rules robots-parser applies to `userAgent` (§5.5), or null when none applies. */
function selectRules(file: RobotsParserFile, userAgent: string): readonly RpRule[] | null {
  const name = formatRpName(userAgent === '' ? '*' : userAgent);
  return file.entries.get(name) ?? file.entries.get('*') ?? null;
}

/** Returns robots-parser's verdict for `url` (§5.5–§5.8). */
function evaluateRobotsParser(rules: RuleCandidates<RpRule> | null, url: string): LensVerdict {
  const text = matchTextOf(url);
  if (rules === null) return noGroupVerdict(ID, text);
  let best: RpRule | null = null;
  for (const rule of rules.candidates(text)) {
    if (!matchesGlob(rule.glob, text)) continue;
    if (
      best === null ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.kind === 'allow' && best.kind === 'disallow')
    ) {
      best = rule;
    }
  }
  if (best === null) return noMatchVerdict(ID, text);
  return ruleVerdict(
    ID,
    { kind: best.kind, line: best.line, value: best.value, pattern: best.pattern },
    text,
    'is the longest pattern that matches (ties go to Allow)',
  );
}

/** The robots-parser lens: `robotsParser(url, text).isAllowed(url, name)`, as Crawlee, Firecrawl, Browsertrix and Lighthouse call it. */
export const robotsParser: LensEngine = {
  id: ID,
  statusVerdict(status) {
    if (status >= 200 && status <= 299) return null;
    return statusVerdict(
      ID,
      status,
      true,
      'the library parses only what its caller gives it, and every caller studied allows everything then',
    );
  },
  // The callers decode with TextDecoder: a leading BOM removed, bad bytes U+FFFD (§5.1).
  decode: (robots) => (typeof robots === 'string' ? robots : utf8WithReplacement(robots).replace(/^\uFEFF/, '')),
  prepare: (text, userAgent) => prepareRobotsParserFile(text)(userAgent).read,
  prepareFile: prepareRobotsParserFile,
};

const RP_SHAPE: RuleShape<RpRule> = {
  literalOf: (rule) => globLiteral(rule.pattern),
  keyOf: (rule) => `${rule.kind} ${rule.pattern}`,
  fragmentOf: (rule) => longestLaterPiece(rule.glob.pieces),
};

/**
 * Returns each name's reader under `text`, parsed once. Each name holds its own copy of its rules,
 * so the selection is the lines of the rules chosen (a line gives one rule): names choosing the same
 * lines share one reader.
 */
function prepareRobotsParserFile(text: string): (userAgent: string) => LensNameReader {
  const file = parseRobotsParser(text);
  const fragments = new FragmentDictionary();
  return shareReaders(
    (userAgent) => selectRules(file, userAgent),
    (rules) => (rules === null ? 'none' : rules.map((r) => r.line).join(',')),
    (rules) => {
      const filed = rules === null ? null : createRuleCandidates(rules, RP_SHAPE, fragments);
      return (url) => evaluateRobotsParser(filed, url);
    },
  );
}
