/**
 * Lens `protego`: Protego 0.6.1 as Scrapy ≥ 2.14 calls it (docs/semantics/lens.md §4). Python line breaks,
 * a typo list and a lower-case colon-less form, groups keyed by name that any non-user-agent record
 * splits, the longest name found inside the caller's name, and rules sorted longest first.
 */

import { type LensEngine, type LensNameReader, shareReaders } from './engine';
import {
  cutComment,
  decodeTripletsToBytes,
  decodeUtf8,
  encodeExcept,
  splitLines,
  stripPython,
  encodeTextExcept,
  utf8WithReplacement,
} from './text';
import type { KeptRule, LensVerdict } from './types';
import { joinPythonTail, rememberLast, splitPythonUrl } from './url';
import { noGroupVerdict, noMatchVerdict, ruleVerdict, statusVerdict } from './verdict';
import { createRuleCandidates, FragmentDictionary, type RuleCandidates } from './candidates';
import { createGlobCompiler, type Glob, globLiteral, longestLaterPiece, matchesGlob } from './glob';

const ID = 'protego';

type Field = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay' | 'request-rate' | 'visit-time' | 'host';

/** Known spellings (§4.3), each compared exactly with the lower-cased field. */
const SPELLINGS = new Map<string, Field>([
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['sitemaps', 'sitemap'],
  ['site-map', 'sitemap'],
  ['crawl-delay', 'crawl-delay'],
  ['crawl delay', 'crawl-delay'],
  ['request-rate', 'request-rate'],
  ['request rate', 'request-rate'],
  ['visit-time', 'visit-time'],
  ['visit time', 'visit-time'],
  ['host', 'host'],
]);

/** A rule as §4.6 builds it: its text (priority = length) and, via the source line, where it came from. */
interface ProtegoRule extends KeptRule {
  readonly text: string;
  /** Position among the group's rules, for the stable sort. */
  readonly order: number;
  /** The text compiled (§4.8). */
  readonly glob: Glob;
}

/** The parsed file: groups keyed by lower-cased name, in registration order, each with its rules. */
interface ProtegoFile {
  readonly groups: ReadonlyMap<string, ProtegoRule[]>;
}

/** Returns the field and value of a line without a colon (§4.3), or null when the line is skipped. */
function readColonless(content: string): { field: string; value: string } | null {
  const words = content.split(' ');
  if (words.length < 2) return null;
  // No known spelling has more than two words, so longer candidates can never hit.
  for (let n = 1; n <= Math.min(2, words.length); n++) {
    const candidate = words.slice(0, n).join(' ');
    const field = SPELLINGS.get(candidate);
    // Visit-time is known only in the colon form.
    if (field !== undefined && field !== 'visit-time') return { field: candidate, value: words.slice(n).join(' ') };
  }
  return null;
}

/** Returns a path with its triplets decoded except those `keep` names (kept, hex upper-cased), read as UTF-8, encoded except `safe`. */
function normalisePath(path: string, keep: (byte: number) => boolean, safe: string): string {
  if (!path.includes('%')) return encodeTextExcept(path, safe);
  const bytes = decodeTripletsToBytes(path, keep);
  // ASCII bytes read back as themselves: the UTF-8 round trip only matters above 0x7F.
  return bytes.every((b) => b < 0x80) ? encodeExcept(bytes, safe) : encodeTextExcept(utf8WithReplacement(bytes), safe);
}

const KEEP_IN_RULE = (byte: number): boolean => byte === 0x2f || byte === 0x2a || byte === 0x24 || byte === 0x25;
const KEEP_IN_URL = (byte: number): boolean => byte === 0x2f || byte === 0x25;

/** Returns the rule texts §4.6 builds from a non-empty value, in the order they are added. */
function buildRuleTexts(isAllow: boolean, value: string): string[] {
  const texts: string[] = [];
  // A `$` also gives a twin rule matching a literal dollar (step 1).
  if (value.includes('$')) texts.push(...buildRuleTexts(isAllow, value.split('$').join('%24')));
  let v = value;
  if (v.startsWith('http://') || v.startsWith('https://')) v = '/' + v;
  if (v.startsWith('//')) v = '//' + v;
  let last = '';
  const lastChar = v.charAt(v.length - 1);
  if (lastChar === '?' || lastChar === ';' || lastChar === '$') {
    last = lastChar;
    v = v.slice(0, -1);
  }
  const parts = splitPythonUrl(v);
  const path = normalisePath(parts.path, KEEP_IN_RULE, '/*%=');
  const text = joinPythonTail(path + last, parts.params, parts.query, parts.fragment);
  if (text === '') return texts;
  texts.push(text);
  if (isAllow && text.endsWith('/index.html'))
    texts.push(...buildRuleTexts(true, text.slice(0, -'index.html'.length) + '$'));
  return texts;
}

/** Returns the text §4.7 compares for a URL; `/` when empty. */
function protegoUrlText(url: string): string {
  // The whole href is split, so that its scheme and host are cut off as Python cuts them.
  const parts = splitPythonUrl(url);
  const text = joinPythonTail(normalisePath(parts.path, KEEP_IN_URL, '/%'), parts.params, parts.query, parts.fragment);
  return text === '' ? '/' : text;
}

/** The last URL's text, remembered: the readers of one file ask it in turn. */
const matchTextOf = rememberLast(protegoUrlText);

/** Returns the parsed form of `text` (§4.3–§4.6). */
function parseProtego(text: string): ProtegoFile {
  const groups = new Map<string, ProtegoRule[]>();
  const compile = createGlobCompiler();
  let current: ProtegoRule[][] = [];
  let previous: Field | 'unknown' | null = null;
  let order = 0;
  for (const { text: raw, line } of splitLines(text, 'python')) {
    const content = stripPython(cutComment(raw));
    if (content === '') continue;
    let fieldText: string;
    let valueText: string;
    const colon = content.indexOf(':');
    if (colon >= 0) {
      fieldText = content.slice(0, colon);
      valueText = content.slice(colon + 1);
    } else {
      const read = readColonless(content);
      if (read === null) continue;
      fieldText = read.field;
      valueText = read.value;
    }
    const field: Field | 'unknown' = SPELLINGS.get(stripPython(fieldText).toLowerCase()) ?? 'unknown';
    const value = stripPython(valueText);
    if (value === '') {
      previous = field;
      continue;
    }
    if (current.length === 0 && field !== 'user-agent' && field !== 'sitemap') continue;
    if (field === 'user-agent') {
      if (previous !== null && previous !== 'user-agent') current = [];
      const name = value.toLowerCase();
      const names = name !== '*' && name.includes('*') ? [name, name.split('*').join('')] : [name];
      for (const key of names) {
        if (key === '') continue;
        let rules = groups.get(key);
        if (rules === undefined) {
          rules = [];
          groups.set(key, rules);
        }
        if (!current.includes(rules)) current.push(rules);
      }
    } else if (field === 'allow' || field === 'disallow') {
      for (const ruleText of buildRuleTexts(field === 'allow', value)) {
        const glob = compile(ruleText);
        for (const rules of current) rules.push({ kind: field, line, value, text: ruleText, order: order++, glob });
      }
    }
    previous = field;
  }
  return { groups };
}

/** Returns the rules of the group §4.5 selects, sorted as §4.8 tries them, or null when no group applies. */
function selectRules(file: ProtegoFile, userAgent: string): ProtegoRule[] | null {
  const name = stripPython(userAgent).toLowerCase();
  let best = 0;
  let chosen: ProtegoRule[] | null = null;
  for (const [key, rules] of file.groups) {
    const score = key === '*' ? 1 : name.includes(key) ? key.length : 0;
    if (score > best) {
      best = score;
      chosen = rules;
    }
  }
  return chosen;
}

function sortRules(rules: readonly ProtegoRule[]): ProtegoRule[] {
  return [...rules].sort(
    (a, b) =>
      b.text.length - a.text.length || (a.kind === b.kind ? 0 : a.kind === 'allow' ? -1 : 1) || a.order - b.order,
  );
}

/** Returns the group's rules in the order §4.8 tries them, filed by their literal start. */
function fileSorted(rules: readonly ProtegoRule[], fragments: FragmentDictionary): RuleCandidates<ProtegoRule> {
  return createRuleCandidates(
    sortRules(rules),
    {
      literalOf: (rule) => globLiteral(rule.text),
      keyOf: (rule) => `${rule.kind} ${rule.text}`,
      fragmentOf: (rule) => longestLaterPiece(rule.glob.pieces),
    },
    fragments,
  );
}

/** Returns protego's verdict for `url` under the selected group's rules, sorted (§4.7, §4.8). */
function evaluateProtegoRules(sorted: RuleCandidates<ProtegoRule> | null, url: string): LensVerdict {
  const text = matchTextOf(url);
  if (sorted === null) return noGroupVerdict(ID, text);
  for (const rule of sorted.candidates(text)) {
    if (matchesGlob(rule.glob, text)) {
      return ruleVerdict(
        ID,
        { kind: rule.kind, line: rule.line, value: rule.value, pattern: rule.text },
        text,
        'is the longest rule that matches (ties go to Allow)',
      );
    }
  }
  return noMatchVerdict(ID, text);
}

const BOM = '\uFEFF';

/** The protego lens: Scrapy's decoding, `Protego.parse(text)`, `can_fetch(url, name)`. */
export const protego: LensEngine = {
  id: ID,
  statusVerdict(status) {
    // Scrapy parses whatever response finally comes back (§4.2); only a failed download leaves no parser.
    if (status >= 100 && status <= 599) return null;
    return statusVerdict(ID, status, true, 'the download failed and Scrapy keeps no parser');
  },
  decode(robots) {
    // Scrapy ≥ 2.14: UTF-8, one leading BOM removed, undecodable bytes dropped (§4.2).
    const text = typeof robots === 'string' ? robots : decodeUtf8(robots, 'ignore');
    return text.startsWith(BOM) ? text.slice(1) : text;
  },
  prepare: (text, userAgent) => prepareProtegoFile(text)(userAgent).read,
  prepareFile: prepareProtegoFile,
};

/**
 * Returns each name's reader under `text`, parsed once. Each group name holds its own copy of its
 * rules, so the selection is the chosen rules written out (line, kind, text, in file order): names
 * choosing equal rules share one reader.
 */
function prepareProtegoFile(text: string): (userAgent: string) => LensNameReader {
  const file = parseProtego(text);
  const fragments = new FragmentDictionary();
  return shareReaders(
    (userAgent) => selectRules(file, userAgent),
    (chosen) => (chosen === null ? 'none' : chosen.map((r) => `${r.line} ${r.kind} ${r.text}`).join('\n')),
    (chosen) => {
      const sorted = chosen === null ? null : fileSorted(chosen, fragments);
      return (url) => evaluateProtegoRules(sorted, url);
    },
  );
}
