/**
 * Lens `py-legacy`: Python ≤ 3.12 `urllib.robotparser` (docs/semantics/lens.md §2). Python line breaks,
 * percent-decoded values, a three-state group machine where a blank line ends (or drops) a group,
 * the first group whose name occurs inside the caller's name, and the first rule that is a prefix.
 */

import { createRuleCandidates, type RuleCandidates } from './candidates';
import { type LensEngine, type LensNameReader, shareReaders } from './engine';
import { pythonStatusVerdict, readPythonDigits } from './python';
import {
  cutComment,
  decodeTripletsToBytes,
  isValidUtf8,
  splitLines,
  stripPython,
  encodeTextExcept,
  utf8WithReplacement,
} from './text';
import type { KeptRule, LensVerdict } from './types';
import { joinPythonTail, rememberLast, splitPythonUrl } from './url';
import { noGroupVerdict, noMatchVerdict, plainVerdict, ruleVerdict } from './verdict';

const ID = 'py-legacy';

/** A rule as §2.6 keeps it: the kind (an empty Disallow turned Allow), and the encoded text compared as a prefix. */
interface PyRule extends KeptRule {
  readonly path: string;
  /** An empty Disallow, which §2.6 turns into an Allow of everything. */
  readonly wasDisallow: boolean;
}

interface PyGroup {
  readonly names: string[];
  readonly rules: PyRule[];
}

/** The parsed file: the specific groups in file order, the default (`*`) group, or the line `parse()` raised at. */
interface PyLegacyFile {
  readonly specific: readonly PyGroup[];
  readonly fallback: PyGroup | null;
  readonly raisedAt: number | null;
}

/** Returns `value` percent-decoded as `unquote` does: triplets to bytes, read as UTF-8 with replacement (§2.3). */
function unquote(value: string): string {
  return value.includes('%') ? utf8WithReplacement(decodeTripletsToBytes(value)) : value;
}

/** Returns the text §2.6 compares for a (decoded) rule value: split, rebuilt without empty parts, encoded except `/`. */
function ruleText(value: string): string {
  const parts = splitPythonUrl(value);
  const front = parts.scheme + (parts.authority ? '//' + parts.authority : '');
  return encodeTextExcept(front + joinPythonTail(parts.path, parts.params, parts.query, parts.fragment), '/');
}

/** Returns the text §2.7 compares for a URL: decoded whole, split, rebuilt, encoded except `/`; `/` when empty. */
function pyLegacyUrlText(url: string): string {
  const parts = splitPythonUrl(unquote(url));
  const text = encodeTextExcept(joinPythonTail(parts.path, parts.params, parts.query, parts.fragment), '/');
  return text === '' ? '/' : text;
}

/** The last URL's text, remembered: the readers of one file ask it in turn. */
const matchTextOf = rememberLast(pyLegacyUrlText);

/** Returns the parsed form of `text` (§2.3, §2.4). Never throws: a `parse()` that would raise is recorded. */
function parsePyLegacy(text: string): PyLegacyFile {
  const specific: PyGroup[] = [];
  let fallback: PyGroup | null = null;
  let state: 'idle' | 'names' | 'rules' = 'idle';
  let current: PyGroup = { names: [], rules: [] };
  const close = (): void => {
    if (current.names.includes('*')) {
      // Only the first group naming `*` counts; a later one is discarded whole (§2.4).
      if (fallback === null) fallback = current;
    } else {
      specific.push(current);
    }
    current = { names: [], rules: [] };
  };
  for (const { text: raw, line } of splitLines(text, 'python')) {
    if (raw === '') {
      if (state === 'names') current = { names: [], rules: [] };
      else if (state === 'rules') close();
      state = 'idle';
      continue;
    }
    const content = stripPython(cutComment(raw));
    if (content === '') continue;
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const key = stripPython(content.slice(0, colon)).toLowerCase();
    const value = unquote(stripPython(content.slice(colon + 1)));
    if (key === 'user-agent') {
      if (state === 'rules') close();
      current.names.push(value);
      state = 'names';
    } else if (key === 'allow' || key === 'disallow') {
      if (state === 'idle') continue;
      // An empty Disallow is an Allow of the empty path, which matches every URL (§2.6).
      const allow = key === 'allow' || value === '';
      current.rules.push({
        kind: allow ? 'allow' : 'disallow',
        line,
        value,
        wasDisallow: key === 'disallow' && value === '',
        path: value === '' ? '' : ruleText(value),
      });
      state = 'rules';
    } else if (key === 'crawl-delay' || key === 'request-rate') {
      if (state === 'idle') continue;
      if (raisesInInt(key, value)) return { specific, fallback, raisedAt: line };
      state = 'rules';
    }
  }
  if (state === 'rules') close();
  return { specific, fallback, raisedAt: null };
}

/**
 * Returns true when a Crawl-delay or Request-rate value passes `isdigit()` but `int()` refuses it,
 * which makes `parse()` raise (§2.4).
 */
function raisesInInt(key: 'crawl-delay' | 'request-rate', value: string): boolean {
  const parts = key === 'crawl-delay' ? [value] : value.split('/');
  if (parts.length !== (key === 'crawl-delay' ? 1 : 2)) return false;
  const kinds = parts.map((part) => readPythonDigits(stripPython(part)).kind);
  return !kinds.includes('not-digits') && kinds.includes('raises');
}

/** Returns the group `can_fetch` uses for `userAgent` (§2.5), or null. */
function selectGroup(file: PyLegacyFile, userAgent: string): PyGroup | null {
  const slash = userAgent.indexOf('/');
  const name = (slash < 0 ? userAgent : userAgent.slice(0, slash)).toLowerCase();
  for (const group of file.specific) {
    if (group.names.some((n) => name.includes(n.toLowerCase()))) return group;
  }
  return file.fallback;
}

/** Returns the group's rules filed by their text, which a matching URL text starts with (§2.7). */
function candidatesOf(group: PyGroup): RuleCandidates<PyRule> {
  return createRuleCandidates(group.rules, {
    literalOf: (rule) => rule.path,
    keyOf: (rule) => `${rule.kind} ${rule.path}`,
  });
}

/** Returns py-legacy's verdict for `url` under a parsed file and the rules of the group selected for the name, null for none (§2.6–§2.8). */
function evaluatePyLegacyGroup(file: PyLegacyFile, rules: RuleCandidates<PyRule> | null, url: string): LensVerdict {
  if (file.raisedAt !== null) {
    return plainVerdict(
      ID,
      { kind: 'parse-error', line: file.raisedAt },
      false,
      null,
      `\`parse()\` raises on line ${file.raisedAt} (a digit Python's int() refuses), so nothing can be asked: disallowed.`,
    );
  }
  const text = matchTextOf(url);
  if (rules === null) return noGroupVerdict(ID, text);
  // The first rule that is a prefix of the text: only rules whose text starts it are tried, in file order.
  for (const rule of rules.candidates(text)) {
    if (text.startsWith(rule.path)) {
      return ruleVerdict(
        ID,
        { kind: rule.kind, line: rule.line, value: rule.value, pattern: rule.path },
        text,
        rule.wasDisallow
          ? 'is empty, read as "allow everything", and the first rule that matches'
          : 'is the first rule that matches',
        rule.kind === 'allow',
        rule.wasDisallow ? 'Disallow:' : undefined,
      );
    }
  }
  return noMatchVerdict(ID, text);
}

/** The py-legacy lens: `RobotFileParser.read()` then `can_fetch(name, url)`. */
export const pyLegacy: LensEngine = {
  id: ID,
  statusVerdict: (status) => pythonStatusVerdict(ID, status),
  decode(robots) {
    if (typeof robots === 'string') return robots;
    // Strict UTF-8: an invalid byte raises out of read(), nothing is parsed (§2.2). A BOM is kept.
    if (!isValidUtf8(robots)) {
      return plainVerdict(
        ID,
        { kind: 'decode-error' },
        false,
        null,
        'The body is not valid UTF-8: `read()` raises, nothing is parsed, and an unparsed parser answers disallowed.',
      );
    }
    return utf8WithReplacement(robots);
  },
  prepare: (text, userAgent) => preparePyLegacyFile(text)(userAgent).read,
  prepareFile: preparePyLegacyFile,
};

/** Returns each name's reader under `text`, parsed once; the selection is the group chosen (null: none). */
function preparePyLegacyFile(text: string): (userAgent: string) => LensNameReader {
  const file = parsePyLegacy(text);
  return shareReaders(
    (userAgent) => selectGroup(file, userAgent),
    (group) => group,
    (group) => {
      const rules = group === null ? null : candidatesOf(group);
      return (url) => evaluatePyLegacyGroup(file, rules, url);
    },
  );
}
