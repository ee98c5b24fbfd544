/**
 * Lens `py-rfc`: Python's `urllib.robotparser` after gh-138907 (docs/semantics/lens.md §3). Python line
 * breaks, blank lines ignored, groups merged by lower-cased name, the exact name first and then a
 * substring, patterns normalised run by run, and precedence by how much of the URL a rule covers.
 */

import { longestLaterPiece } from './glob';
import { createRuleCandidates, FragmentDictionary, type RuleCandidates } from './candidates';
import { type LensEngine, type LensNameReader, shareReaders } from './engine';
import { pythonStatusVerdict } from './python';
import { countOf } from '../shared/plural';
import { cutComment, decodeUtf8, reencodeExcept, splitLines, stripPython } from './text';
import type { KeptRule, LensVerdict } from './types';
import { rememberLast, splitHref } from './url';
import { noGroupVerdict, noMatchVerdict, plainVerdict, ruleVerdict } from './verdict';

const ID = 'py-rfc';

/** A rule as §3.6 builds it. */
interface RfcRule extends KeptRule {
  readonly pattern: string;
  readonly anchored: boolean;
  /** The pattern cut at `*` when it has one (a wildcard rule), else null (a literal rule). */
  readonly parts: readonly string[] | null;
  /** The last score, shared by the rules with this pattern (the readers of a file ask one URL in turn). */
  readonly last: LastScore;
}

interface LastScore {
  text: string | null;
  score: number;
}

interface RfcGroup {
  readonly names: readonly string[];
  readonly rules: readonly RfcRule[];
}

/** The parsed file: every group registered under each of its names, lower-cased, in registration order. */
interface PyRfcFile {
  readonly registry: ReadonlyMap<string, RfcGroup>;
}

/** Returns `run` with its triplets decoded to bytes and encoded again except `/` (§3.6 "normalised"). */
function normaliseRun(run: string): string {
  return reencodeExcept(run, '/');
}

/** Returns `text` with every maximal run of characters outside `delimiters` normalised; delimiters stay. */
function normaliseRuns(text: string, delimiters: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !delimiters.includes(text.charAt(i))) continue;
    if (i > start) out += normaliseRun(text.slice(start, i));
    if (i < text.length) out += text.charAt(i);
    start = i + 1;
  }
  return out;
}

/** Returns the value with runs of `*` made one `*`, and a `$` followed by `$`/`*` characters made one `$` (§3.6 step 2). */
function collapseWildcards(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    if (ch === '*' && out.endsWith('*')) continue;
    if (ch === '$') {
      let j = i + 1;
      while (j < value.length && (value.charAt(j) === '$' || value.charAt(j) === '*')) j++;
      out += '$';
      i = j - 1;
      continue;
    }
    out += ch;
  }
  return out;
}

/** Returns the rule §3.6 builds from an Allow/Disallow value, or null when the rule is dropped. */
function buildRule(isAllow: boolean, value: string, line: number, lastOf: (key: string) => LastScore): RfcRule | null {
  if (value === '') return { kind: 'allow', line, value, pattern: '', anchored: false, parts: null, last: lastOf('') };
  const collapsed = collapseWildcards(value);
  const question = collapsed.indexOf('?');
  let pattern =
    question < 0
      ? normaliseRuns(collapsed, '*$')
      : normaliseRuns(collapsed.slice(0, question), '*$') + '?' + normaliseRuns(collapsed.slice(question + 1), '=&*$');
  const anchored = pattern.endsWith('$');
  if (anchored) pattern = pattern.slice(0, -1);
  if (pattern.includes('$')) return null;
  const kind = isAllow ? 'allow' : 'disallow';
  const parts = pattern.includes('*') ? pattern.split('*') : null;
  return { kind, line, value, pattern, anchored, parts, last: lastOf((anchored ? '$' : ' ') + pattern) };
}

/** Returns the text §3.7 compares for a URL (path, `?query`, `#fragment` as present, normalised); `/` when empty. */
function pyRfcUrlText(url: string): string {
  const href = splitHref(url);
  let text = href.path;
  if (href.query !== null) text += '?' + href.query;
  if (href.fragment !== null) text += '#' + href.fragment;
  if (href.path.startsWith('//')) text = '//' + text;
  const question = text.indexOf('?');
  const normalised =
    question < 0
      ? normaliseRun(text)
      : normaliseRun(text.slice(0, question)) + '?' + normaliseRuns(text.slice(question + 1), '=&');
  return normalised === '' ? '/' : normalised;
}

/** The last URL's text, remembered: the readers of one file ask it in turn. */
const matchTextOf = rememberLast(pyRfcUrlText);

/** Returns the rule's score against `text` (§3.8): 0 when it does not match, else how much of the URL it covers, plus 1. */
function scoreRfcRule(rule: Pick<RfcRule, 'pattern' | 'anchored' | 'parts'>, text: string): number {
  const parts = rule.parts;
  if (parts === null) {
    if (rule.anchored) return text === rule.pattern ? rule.pattern.length + 1 : 0;
    return text.startsWith(rule.pattern) ? rule.pattern.length + 1 : 0;
  }
  const first = parts[0] as string;
  if (!text.startsWith(first)) return 0;
  let pos = first.length;
  for (let k = 1; k < parts.length - 1; k++) {
    const part = parts[k] as string;
    const at = text.indexOf(part, pos);
    if (at < 0) return 0;
    pos = at + part.length;
  }
  const last = parts[parts.length - 1] as string;
  if (rule.anchored) return text.endsWith(last) && text.length - last.length >= pos ? text.length + 1 : 0;
  if (last === '') return text.length + 1;
  if (text.indexOf(last, pos) < 0) return 0;
  return text.lastIndexOf(last) + last.length + 1;
}

/** Returns the parsed form of `text` (§3.3, §3.4). */
function parsePyRfc(text: string): PyRfcFile {
  const lasts = new Map<string, LastScore>();
  const lastOf = (key: string): LastScore => {
    let last = lasts.get(key);
    if (last === undefined) {
      last = { text: null, score: 0 };
      lasts.set(key, last);
    }
    return last;
  };
  const registry = new Map<string, RfcGroup>();
  // Merged groups made here belong to one key only, so merging into them again appends in place
  // (a file of 50,000 groups for one name stays linear).
  const merged = new Set<RfcGroup>();
  let state: 'idle' | 'names' | 'rules' = 'idle';
  let names: string[] = [];
  let rules: RfcRule[] = [];
  const close = (): void => {
    const group: RfcGroup = { names, rules };
    for (const name of names) {
      const key = name.toLowerCase();
      const earlier = registry.get(key);
      if (earlier === undefined) {
        registry.set(key, group);
        continue;
      }
      // Merged: the earlier rules then these; as names only those spelled identically in both (§3.4).
      const keptNames = earlier.names.filter((n) => names.includes(n));
      if (merged.has(earlier) && earlier !== group) {
        (earlier.rules as RfcRule[]).push(...rules);
        (earlier.names as string[]).splice(0, earlier.names.length, ...keptNames);
      } else {
        const fresh: RfcGroup = { names: keptNames, rules: [...earlier.rules, ...rules] };
        merged.add(fresh);
        registry.set(key, fresh);
      }
    }
    names = [];
    rules = [];
  };
  for (const { text: raw, line } of splitLines(text, 'python')) {
    const content = stripPython(cutComment(raw));
    if (content === '') continue;
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const key = stripPython(content.slice(0, colon)).toLowerCase();
    const value = stripPython(content.slice(colon + 1));
    if (key === 'user-agent') {
      if (state === 'rules') close();
      names.push(value);
      state = 'names';
    } else if (key === 'allow' || key === 'disallow' || key === 'crawl-delay' || key === 'request-rate') {
      if (state === 'idle') continue;
      if (key === 'allow' || key === 'disallow') {
        const rule = buildRule(key === 'allow', value, line, lastOf);
        if (rule !== null) rules.push(rule);
      }
      state = 'rules';
    }
  }
  if (state !== 'idle') close();
  return { registry };
}

/** Returns the group §3.5 selects for `userAgent`, or null. */
function selectGroup(file: PyRfcFile, userAgent: string): RfcGroup | null {
  const exact = file.registry.get(userAgent.toLowerCase());
  if (exact !== undefined) return exact;
  const slash = userAgent.indexOf('/');
  const name = (slash < 0 ? userAgent : userAgent.slice(0, slash)).toLowerCase();
  for (const group of file.registry.values()) {
    if (group.names.some((n) => n !== '*' && name.includes(n.toLowerCase()))) return group;
  }
  return file.registry.get('*') ?? null;
}

/** Returns the group's rules filed by their first part, which a text they match starts with (§3.8). */
function candidatesOf(group: RfcGroup, fragments: FragmentDictionary): RuleCandidates<RfcRule> {
  return createRuleCandidates(
    group.rules,
    {
      literalOf: (rule) => (rule.parts === null ? rule.pattern : (rule.parts[0] as string)),
      keyOf: (rule) => `${rule.kind}${rule.anchored ? '$' : ' '}${rule.pattern}`,
      fragmentOf: (rule) => (rule.parts === null ? null : longestLaterPiece(rule.parts)),
    },
    fragments,
  );
}

/** Returns py-rfc's verdict for `url` under the group selected for the name (§3.6–§3.8). */
function evaluatePyRfcGroup(rules: RuleCandidates<RfcRule> | null, url: string): LensVerdict {
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
  let decider: RfcRule | null = null;
  for (const rule of rules.candidates(text)) {
    const last = rule.last;
    if (last.text !== text) {
      last.score = scoreRfcRule(rule, text);
      last.text = text;
    }
    const score = last.score;
    if (score === 0) continue;
    if (score > best || (score === best && rule.kind === 'allow' && decider?.kind === 'disallow')) {
      best = score;
      decider = rule;
    }
  }
  if (decider === null) return noMatchVerdict(ID, text);
  const how = `covers the most of the URL (${countOf(best - 1, 'character')}; ties go to Allow)`;
  return ruleVerdict(
    ID,
    { kind: decider.kind, line: decider.line, value: decider.value, pattern: decider.pattern },
    text,
    how,
  );
}

/** The py-rfc lens: `read()` (UTF-8 with surrogateescape) then `can_fetch(name, url)`. */
export const pyRfc: LensEngine = {
  id: ID,
  statusVerdict: (status) => pythonStatusVerdict(ID, status),
  // Undecodable bytes survive as surrogate escapes and come out as the original bytes (§3.2).
  decode: (robots) => (typeof robots === 'string' ? robots : decodeUtf8(robots, 'surrogateescape')),
  prepare: (text, userAgent) => preparePyRfcFile(text)(userAgent).read,
  prepareFile: preparePyRfcFile,
};

/** Returns each name's reader under `text`, parsed once; the selection is the group chosen (null: none). */
function preparePyRfcFile(text: string): (userAgent: string) => LensNameReader {
  const file = parsePyRfc(text);
  const fragments = new FragmentDictionary();
  return shareReaders(
    (userAgent) => selectGroup(file, userAgent),
    (group) => group,
    (group) => {
      const rules = group === null ? null : candidatesOf(group, fragments);
      return (url) => evaluatePyRfcGroup(rules, url);
    },
  );
}
