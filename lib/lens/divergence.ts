/**
 * Where the lenses part from Google (docs/semantics/lens.md §8 "Side by side", §9 "Showing the lenses"):
 * for a body, a name and URLs, which lens reads which URL differently, the line and the kind of
 * difference in words, and, where one exists, a text edit that makes the lens agree with Google.
 * A cause is claimed only when an experiment confirms it: its edit (or a probe) is applied, and the
 * lens then agrees with Google's original verdict while Google's own verdict for the URL stays.
 */

import {
  compileRobots,
  evaluate,
  evaluateForCrawler,
  type Group,
  parseRobotsTxt,
  type RobotsTxt,
  type Verdict,
} from '../robots/index';
import { createLensReader, LENS_PROFILES } from './read';
import { LENS_PROFILE_INFO, PYTHON_LEGACY_RELEASES } from './profiles';

/** The older Python lens in running text. */
const OLD_PYTHON = `Python ${PYTHON_LEGACY_RELEASES}`;
import { readCcDirective } from './crawler-commons';
import { type BodyReading, isTripletAt, isUnreserved, readBodyBytes, tripletByte, utf8Bytes } from './text';
import { countOf } from '../shared/plural';
import { splitHref } from './url';
import type { LensProfileId, LensVerdict } from './types';
import { isHttpStatus } from './verdict';

/** The kinds of difference of §9, each tied to the rule that causes it. */
export type DivergenceKind =
  | 'status'
  | 'decode-error'
  | 'line-break'
  | 'bom'
  | 'whitespace'
  | 'key-spelling'
  | 'missing-colon'
  | 'blank-line'
  | 'group-split'
  | 'name-substring'
  | 'name-truncation'
  | 'group-merge'
  | 'empty-group'
  | 'first-match'
  | 'match-length'
  | 'wildcard-scan'
  | 'wildcard'
  | 'dollar'
  | 'decoding'
  | 'fragment'
  | 'query'
  | 'robots-txt-implicit'
  | 'index-html'
  | 'url-refused'
  | 'line-cut'
  | 'size-cut'
  | 'nul'
  | 'html-guard'
  | 'other';

/** Replace the text from `from` to `to` (UTF-16 offsets into the body text) by `insert`. */
export interface TextEdit {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/**
 * A suggested fix, offered only once proven on the fixed file itself: Google's verdict unchanged on
 * every URL asked, every line of the original either kept whole or replaced by the fix's own lines,
 * and the finding's lenses then agreeing with Google on its URLs.
 */
export interface DivergenceFix {
  readonly label: string;
  /** The fixed file as text (bytes read as `readBodyBytes` reads them): what "Copy the fixed file" copies. */
  readonly text: string;
  /**
   * For a body given as bytes, the fixed file's bytes: the bytes the fix does not touch (a BOM,
   * undecodable bytes) kept as they were. Null for a body given as text.
   */
  readonly bytes: Uint8Array | null;
  /**
   * Lines `from`–`to` of the original text (1-based, inclusive) become `lines`; `to` is `from - 1`
   * when the fix only inserts lines, and `from` is 0 when no line's text changes (a BOM removed).
   */
  readonly from: number;
  readonly to: number;
  readonly lines: readonly string[];
}

/** A fix before it is proven: text edits, and for a body given as bytes whether its BOM goes. */
interface FixPlan {
  readonly label: string;
  readonly edits: readonly TextEdit[];
  /** Removes the byte-order mark (for bytes, the bytes EF BB BF the text does not hold). */
  readonly dropBom?: boolean;
}

/** One cause of difference on one line, with the lenses and URLs it affects. */
export interface DivergenceFinding {
  readonly kind: DivergenceKind;
  /** The line to point at (displayed numbering), or null for a fetch outcome. */
  readonly line: number | null;
  readonly profiles: readonly LensProfileId[];
  readonly urls: readonly string[];
  /** Why, in words. */
  readonly message: string;
  readonly fix: DivergenceFix | null;
  /** When a fix was considered but not offered: why, in words (it would move Google's verdict …); else null. */
  readonly noFix: string | null;
}

/** Google's reading of one URL (docs/semantics/robots.md), as the finder compares it. */
export interface GoogleReading {
  readonly allowed: boolean;
  readonly line: number | null;
  readonly reason: string;
}

/** What the finder is asked. */
export interface FindDivergencesInput {
  /**
   * The body: text already decoded, or the bytes fetched (read as text as `readBodyBytes` reads
   * them: the WHATWG UTF-8 decode, a leading BOM not part of the text).
   */
  readonly robots: string | Uint8Array;
  /** The robots.txt status; default 200. */
  readonly robotsStatus?: number;
  readonly userAgent: string;
  readonly urls: readonly string[];
  /** The lenses to compare; default all six. */
  readonly profiles?: readonly LensProfileId[];
  /**
   * Google's verdict for a body text and URL; default the engine's `evaluate` with the name as the
   * token (the library's semantics, which docs/semantics/lens.md §10–§11 use).
   */
  readonly googleVerdict?: GoogleVerdictFn;
}

/** One URL that some lens reads differently from Google. */
export interface UrlDisagreement {
  readonly url: string;
  readonly google: GoogleReading;
  /** The lenses that disagree, with their verdicts. */
  readonly lenses: readonly LensVerdict[];
}

/** Returns the edited text: `edits` (non-overlapping) applied to `text`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.from - a.from || b.to - a.to)) {
    out = out.slice(0, edit.from) + edit.insert + out.slice(edit.to);
  }
  return out;
}

/**
 * Returns Google's verdict for the robots.txt response (docs/semantics/robots.md §7 for the status, the
 * engine for the rules): 2xx parsed; other 3xx and 4xx but 429 allowed; 429, 5xx and no response
 * disallowed.
 */
export function googleReading(input: {
  robots: string;
  robotsStatus: number;
  url: string;
  userAgent: string;
}): GoogleReading {
  const status = input.robotsStatus;
  if (!(status >= 200 && status <= 299)) {
    const allowed = isHttpStatus(status) && status >= 300 && status <= 499 && status !== 429;
    return {
      allowed,
      line: null,
      reason: `Google: HTTP status ${status} means everything is ${allowed ? 'allowed' : 'disallowed'}.`,
    };
  }
  return readingOf(evaluate(compileRobots(parseRobotsTxt(input.robots)), input.url, input.userAgent));
}

function readingOf(verdict: Verdict): GoogleReading {
  const rule = verdict.rule;
  const what =
    rule === null
      ? 'no rule matches'
      : `\`${ruleLabel(rule.rule.kind, rule.rule.pattern)}\` on line ${rule.rule.line} decides`;
  return {
    allowed: verdict.allowed,
    line: rule === null ? null : rule.rule.line,
    reason: `Google: ${what}: ${verdict.allowed ? 'allowed' : 'disallowed'}.`,
  };
}

function ruleLabel(kind: 'allow' | 'disallow', value: string): string {
  return `${kind === 'allow' ? 'Allow' : 'Disallow'}: ${value}`;
}

/** Google's verdict for a body text, a URL and a name, as the finder asks it. */
export type GoogleVerdictFn = (robots: string, url: string, userAgent: string) => GoogleReading;

/**
 * Returns a Google verdict function for the finder, compiling each body once (a few kept). By
 * default the name is a token for the engine's `evaluate`, the library's semantics that
 * docs/semantics/lens.md §10–§11 use; with `asCrawler`, a known crawler's documented selection applies
 * (`evaluateForCrawler`: Googlebot-News falls back to Googlebot …), as the workbench shows it.
 */
export function createGoogleVerdict(options: { readonly asCrawler?: boolean } = {}): GoogleVerdictFn {
  const cache = new Map<string, ReturnType<typeof compileRobots>>();
  return (robots, url, userAgent) => {
    let compiled = cache.get(robots);
    if (compiled === undefined) {
      if (cache.size >= 16) cache.clear();
      compiled = compileRobots(parseRobotsTxt(robots));
      cache.set(robots, compiled);
    }
    const verdict =
      options.asCrawler === true
        ? evaluateForCrawler(compiled, url, userAgent).verdict
        : evaluate(compiled, url, userAgent);
    return readingOf(verdict);
  };
}

/** The body as the finder reads it: its text, and for a body given as bytes the bytes and their reading. */
interface Body {
  readonly text: string;
  readonly bytes: Uint8Array | null;
  readonly reading: BodyReading | null;
}

/** Returns the finder's reading of a body: a string as is, bytes as `readBodyBytes` reads them. */
function readBody(robots: string | Uint8Array): Body {
  if (typeof robots === 'string') return { text: robots, bytes: null, reading: null };
  const reading = readBodyBytes(robots);
  return { text: reading.text, bytes: robots, reading };
}

const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

/**
 * Returns the body with a fix applied: the edited text, and for bytes the bytes with each edit
 * applied where its characters' bytes are (untouched bytes, a BOM the fix keeps, stay as they were).
 */
function applyPlan(body: Body, plan: FixPlan): { text: string; bytes: Uint8Array | null } {
  const text = applyEdits(body.text, plan.edits);
  if (body.bytes === null || body.reading === null) return { text, bytes: null };
  const { byteAt, bom } = body.reading;
  const parts: Uint8Array[] = [];
  if (bom && plan.dropBom !== true) parts.push(UTF8_BOM);
  let at = bom ? 3 : 0;
  for (const edit of [...plan.edits].sort((a, b) => a.from - b.from || a.to - b.to)) {
    const from = byteAt[edit.from] as number;
    parts.push(body.bytes.subarray(at, from), Uint8Array.from(utf8Bytes(edit.insert)));
    at = byteAt[edit.to] as number;
  }
  parts.push(body.bytes.subarray(at));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length;
  }
  return { text, bytes: out };
}

/**
 * Returns, for each URL that at least one lens judges differently from Google, Google's reading
 * and the disagreeing lenses' verdicts (for a "parsers disagree" filter). URLs where all agree are
 * left out; order follows `urls`.
 */
export function findDisagreeingUrls(input: FindDivergencesInput): UrlDisagreement[] {
  const status = input.robotsStatus ?? 200;
  const profiles = input.profiles ?? LENS_PROFILES;
  const text = readBody(input.robots).text;
  const google = input.googleVerdict ?? createGoogleVerdict();
  const readers = profiles.map((p) =>
    createLensReader(p, { robots: input.robots, robotsStatus: status, userAgent: input.userAgent }),
  );
  const out: UrlDisagreement[] = [];
  for (const url of input.urls) {
    const g =
      status >= 200 && status <= 299
        ? google(text, url, input.userAgent)
        : googleReading({ robots: text, robotsStatus: status, url, userAgent: input.userAgent });
    const lenses = readers.map((read) => read(url)).filter((v) => v.allowed !== g.allowed);
    if (lenses.length > 0) out.push({ url, google: g, lenses });
  }
  return out;
}

/** A physical line of the body with its offsets (displayed numbering: LF, CR, CRLF). */
interface BodyLine {
  readonly line: number;
  readonly text: string;
  readonly start: number;
  /** Offset after the line's terminator (the next line's start, or the text's end). */
  readonly next: number;
}

function bodyLines(text: string): BodyLine[] {
  const lines: BodyLine[] = [];
  // A leading BOM is not part of line 1 (Google skips it).
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  let line = 1;
  for (let i = 0; i <= text.length; i++) {
    const code = text.charCodeAt(i);
    if (i < text.length && code !== 0x0a && code !== 0x0d) continue;
    let next = i + 1;
    if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) next++;
    lines.push({ line, text: text.slice(start, i), start, next: Math.min(next, text.length) });
    start = next;
    line++;
  }
  return lines;
}

/** A candidate cause: which lenses it may explain, and how to test it. */
interface Candidate {
  readonly kind: DivergenceKind;
  readonly line: number | null;
  readonly profiles: readonly LensProfileId[];
  readonly message: (profiles: readonly LensProfileId[]) => string;
  /** The fix offered once proven, or null. */
  readonly fix: FixPlan | null;
  /** The experiment: edits to the body (default: the fix's), or a rewrite of the URL. */
  readonly probe?: { readonly edits?: readonly TextEdit[]; readonly url?: (url: string) => string };
  /**
   * The fix changes what the rule means to Google too (a percent form written out): it explains a
   * disagreement when, after it, the lens and Google agree, whatever Google then says.
   */
  readonly changesMeaning?: boolean;
  /** For candidates without an experiment: does it explain this disagreement? */
  readonly applies?: (profile: LensProfileId, lens: LensVerdict, google: GoogleReading, url: string) => boolean;
}

const ALL: readonly LensProfileId[] = LENS_PROFILES;

function names(profiles: readonly LensProfileId[]): string {
  return profiles.map((p) => LENS_PROFILE_INFO[p].displayName).join('; ');
}

const ODD_BREAKS: ReadonlyMap<number, string> = new Map([
  [0x0b, 'a vertical tab'],
  [0x0c, 'a form feed'],
  [0x1c, 'U+001C'],
  [0x1d, 'U+001D'],
  [0x1e, 'U+001E'],
  [0x85, 'NEL (U+0085)'],
  [0x2028, 'LS (U+2028)'],
  [0x2029, 'PS (U+2029)'],
]);

const PRODUCT_TOKEN = /^[A-Za-z_-]+$/;

/** Returns the canonical spelling of a key Google recognises, for the missing-colon and typo fixes. */
function canonicalKey(kind: 'allow' | 'disallow' | 'user-agent'): string {
  return kind === 'allow' ? 'Allow' : kind === 'disallow' ? 'Disallow' : 'User-agent';
}

/** Returns the line rewritten as `Key: value` (keeping a trailing comment), for a line Google read with a quirk. */
function canonicalLine(raw: string, kind: 'allow' | 'disallow' | 'user-agent'): string | null {
  const hash = raw.indexOf('#');
  const content = (hash < 0 ? raw : raw.slice(0, hash)).trim();
  const comment = hash < 0 ? '' : ' ' + raw.slice(hash);
  const colon = content.indexOf(':');
  let value: string;
  if (colon >= 0) value = content.slice(colon + 1).trim();
  else {
    const space = content.search(/[ \t]/);
    if (space < 0) return null;
    value = content.slice(space).trim();
  }
  return `${canonicalKey(kind)}: ${value}${comment}`;
}

/** Returns the candidate causes for a body (detectors in the order their explanation is preferred). */
function listCandidates(
  body: Body,
  lines: readonly BodyLine[],
  robots: RobotsTxt,
  userAgent: string,
  disagreements: readonly UrlDisagreement[],
): Candidate[] {
  const out: Candidate[] = [];
  const text = body.text;
  const lineAt = (n: number): BodyLine | undefined => lines[n - 1];
  const replaceLine = (n: number, insert: string): TextEdit[] => {
    const l = lineAt(n);
    return l === undefined ? [] : [{ from: l.start, to: l.start + l.text.length, insert }];
  };

  // BOM: both Python lenses and the strict RFC reader keep it in the first key (§2.3, §3.3, D1).
  // Bytes: the text does not hold it, the fix drops its bytes; text: the fix deletes U+FEFF.
  if (body.reading?.bom === true || (body.reading === null && text.startsWith('\uFEFF'))) {
    out.push({
      kind: 'bom',
      line: 1,
      profiles: ['py-legacy', 'py-rfc', 'rfc9309'],
      message: (ps) =>
        `A UTF-8 byte-order mark starts the file. Google skips it, but ${names(ps)} keep it as part of the first key, so line 1 is not read as a directive.`,
      fix: {
        label: 'Remove the byte-order mark',
        edits: body.reading === null ? [{ from: 0, to: 1, insert: '' }] : [],
        dropBom: true,
      },
    });
  }

  // Google's quirks: keys read by prefix or typo, and the missing colon (docs/semantics/robots.md §1).
  const quirky: {
    line: number;
    kind: 'allow' | 'disallow' | 'user-agent';
    quirk: 'typo' | 'missing-colon';
    written: string;
  }[] = [];
  for (const group of robots.groups) {
    for (const agent of group.agents) {
      for (const q of agent.quirks)
        quirky.push({
          line: agent.line,
          kind: 'user-agent',
          quirk: q.kind,
          written: q.kind === 'typo' ? q.written : '',
        });
    }
    for (const rule of group.rules) {
      for (const q of rule.quirks)
        quirky.push({ line: rule.line, kind: rule.kind, quirk: q.kind, written: q.kind === 'typo' ? q.written : '' });
    }
  }
  for (const q of quirky) {
    const l = lineAt(q.line);
    if (l === undefined) continue;
    const rewritten = canonicalLine(l.text, q.kind);
    if (rewritten === null) continue;
    const key = canonicalKey(q.kind);
    out.push({
      kind: q.quirk === 'typo' ? 'key-spelling' : 'missing-colon',
      line: q.line,
      profiles: ALL,
      message: (ps) =>
        q.quirk === 'typo'
          ? `Google reads \`${q.written}\` on line ${q.line} as \`${key}\` (it accepts typos and longer keys); ${names(ps)} do not, so the line is ignored there.`
          : `Line ${q.line} has no colon after \`${key}\`. Google reads it anyway; ${names(ps)} ignore the line.`,
      fix: {
        label: q.quirk === 'typo' ? `Spell the key \`${key}:\`` : 'Add the colon',
        edits: replaceLine(q.line, rewritten),
      },
    });
  }

  // Line breaks only some parsers see (§1.2 Python line breaks; crawler-commons NEL/LS/PS).
  for (const l of lines) {
    for (let i = 0; i < l.text.length; i++) {
      const what = ODD_BREAKS.get(l.text.charCodeAt(i));
      if (what === undefined) continue;
      out.push({
        kind: 'line-break',
        line: l.line,
        profiles: ['py-legacy', 'py-rfc', 'protego', 'crawler-commons'],
        message: (ps) =>
          `Line ${l.line} contains ${what}. ${names(ps)} end the line there; Google does not. Use a real line break (LF) if one was meant, or remove the character.`,
        fix: null,
        probe: { edits: [{ from: l.start + i, to: l.start + i + 1, insert: ' ' }] },
      });
      break;
    }
  }

  // Unicode spaces (and a stray BOM) that Python or JavaScript trim but Google keeps (P13): one
  // cause for the whole file, since a fix to one line alone can leave its group unreadable.
  const spaced = lines.flatMap((l) => unicodeSpaceRuns(l.text).map((run) => ({ l, run })));
  if (spaced.length > 0) {
    const first = (spaced[0] as { l: BodyLine }).l;
    out.push({
      kind: 'whitespace',
      line: first.line,
      profiles: ['py-legacy', 'py-rfc', 'protego', 'robots-parser'],
      message: (ps) =>
        `Line ${first.line}${spaced.length > 1 ? ' (and others)' : ''} has a non-breaking or other Unicode space, or a stray byte-order mark, around a key or value. ${names(ps)} trim it; Google and the RFC keep it as part of the text.`,
      fix: {
        label: 'Replace the Unicode spaces by plain spaces',
        edits: spaced.map(({ l, run }) => ({ from: l.start + run.from, to: l.start + run.to, insert: run.insert })),
      },
      changesMeaning: true,
    });
  }

  // NUL: Google ends the line there, nobody else does (docs/semantics/robots.md §1).
  for (const l of lines) {
    const nul = l.text.indexOf('\0');
    if (nul < 0) continue;
    out.push({
      kind: 'nul',
      line: l.line,
      profiles: ALL,
      message: (ps) =>
        `Line ${l.line} contains a NUL character: Google ignores the rest of the line, ${names(ps)} read it as part of the text.`,
      fix: {
        label: `Remove the NUL and what follows it on line ${l.line}`,
        edits: [{ from: l.start + nul, to: l.start + l.text.length, insert: '' }],
      },
    });
  }

  // A pattern starting with `*`: RFC 9309's grammar wants `/` first (D4), Python before the RFC rewrite reads `%2A`.
  for (const group of robots.groups) {
    for (const rule of group.rules) {
      const l = lineAt(rule.line);
      const value = l === undefined ? null : valueOf(l.text);
      if (l === undefined || value === null || !value.startsWith('*')) continue;
      const at = l.text.indexOf(value);
      if (at < 0) continue;
      out.push({
        kind: 'wildcard',
        line: rule.line,
        profiles: ['py-legacy', 'rfc9309'],
        message: (ps) =>
          `\`${ruleLabel(rule.kind, value)}\` on line ${rule.line} does not start with \`/\`: Google lets a pattern start with \`*\`, ${names(ps)} never match it.`,
        fix: { label: `Write \`/${value}\``, edits: [{ from: l.start + at, to: l.start + at, insert: '/' }] },
      });
    }
  }

  // Blank lines: Python before the RFC rewrite ends a group there (§2.4). A run of them is one cause, removed whole.
  for (const run of blankRunsInGroups(lines)) {
    const first = run[0] as BodyLine;
    const last = run[run.length - 1] as BodyLine;
    const which = run.length === 1 ? `the blank line ${first.line}` : `the blank lines ${first.line}–${last.line}`;
    out.push({
      kind: 'blank-line',
      line: first.line,
      profiles: ['py-legacy'],
      message: () =>
        `${OLD_PYTHON} ends a group at a blank line: ${which} cut off the user-agent lines or rules above from what follows, and those are lost. Google ignores blank lines.`,
      fix: { label: `Remove ${which}`, edits: [{ from: first.start, to: last.next, insert: '' }] },
    });
  }

  // First match (py-legacy) and the first group only (py-legacy): moves confirmed per disagreement.
  for (const d of disagreements) {
    const legacy = d.lenses.find((v) => v.profile === 'py-legacy');
    const gLine = d.google.line;
    if (legacy === undefined || gLine === null) continue;
    const googleLine = lineAt(gLine);
    if (googleLine === undefined) continue;
    const gGroup = robots.groups.find((g) => g.rules.some((r) => r.line === gLine));
    if (legacy.outcome.kind === 'rule' && legacy.outcome.rule.line < gLine) {
      const first = legacy.outcome.rule;
      const lGroup = robots.groups.find((g) => g.rules.some((r) => r.line === first.line));
      const sameGroup = lGroup !== undefined && lGroup === gGroup;
      const target = sameGroup ? first.line : (firstRuleLine(lGroup) ?? first.line);
      const gRule = googleLine.text.trim();
      const firstWritten = lineAt(first.line)?.text.trim() ?? ruleLabel(first.kind, first.value);
      out.push({
        kind: sameGroup ? 'first-match' : 'group-merge',
        line: gLine,
        profiles: ['py-legacy'],
        message: () =>
          sameGroup
            ? `${OLD_PYTHON} takes the first matching rule: \`${firstWritten}\` on line ${first.line} wins over \`${gRule}\` on line ${gLine}, which Google prefers (the longer pattern wins, Allow on a tie).`
            : `${OLD_PYTHON} uses only the first group that applies (line ${lGroup?.firstLine ?? first.line}) and ignores the later one: \`${gRule}\` on line ${gLine} never counts for it.`,
        fix: {
          label: sameGroup
            ? `Move \`${gRule}\` above line ${first.line}`
            : `Move \`${gRule}\` into the first group, above line ${target}`,
          edits: [
            ...moveLine(text, lines, gLine, target),
            ...(sameGroup ? [] : dropEmptiedHeader(lines, gGroup, lGroup, gLine)),
          ],
        },
      });
    }
  }

  // Group selection: give the crawler its own group first, with the rules Google applies to it.
  const own = ownGroupEdit(lines, robots, userAgent);
  if (own !== null) {
    for (const kind of groupKinds(lines, robots, userAgent)) {
      out.push({
        kind: kind.kind,
        line: kind.line,
        profiles: ALL,
        message: kind.message,
        fix: { label: `Give ${userAgent} its own group at the top, with the rules Google applies to it`, edits: own },
      });
    }
  }

  // Percent forms (§8 "Decoding before comparison"): write the decoded form, or add the encoded twin.
  for (const group of robots.groups) {
    for (const rule of group.rules) {
      const l = lineAt(rule.line);
      const value = l === undefined ? null : valueOf(l.text);
      if (l === undefined || value === null) continue;
      const decoded = decodeSlashAndUnreserved(value);
      if (decoded !== value) {
        const at = l.text.indexOf(value);
        out.push({
          kind: 'decoding',
          line: rule.line,
          profiles: ALL,
          message: (ps) =>
            `\`${ruleLabel(rule.kind, value)}\` on line ${rule.line} holds percent forms: ${names(ps)} decode them before comparing (so \`%2F\` is \`/\`), Google compares them as written.`,
          fix:
            at < 0
              ? null
              : {
                  label: `Write \`${decoded}\` without percent forms`,
                  edits: [{ from: l.start + at, to: l.start + at + value.length, insert: decoded }],
                },
          changesMeaning: true,
        });
      }
      if (value.includes('~')) {
        const twin = ruleLabel(rule.kind, value.split('~').join('%7E'));
        out.push({
          kind: 'decoding',
          line: rule.line,
          profiles: ALL,
          message: (ps) =>
            `\`${ruleLabel(rule.kind, value)}\` on line ${rule.line} has \`~\`: ${names(ps)} also apply it to URLs spelling it \`%7E\`; Google compares the characters as written.`,
          fix: {
            label: `Add \`${twin}\` below line ${rule.line} so Google covers the encoded spelling too`,
            edits: insertAfter(text, l, twin),
          },
          changesMeaning: true,
        });
      }
    }
  }

  // URL-side causes, tested by rewriting the URL.
  out.push({
    kind: 'fragment',
    line: null,
    profiles: ['py-legacy', 'py-rfc', 'protego'],
    message: (ps) =>
      `The URL has a fragment (\`#…\`): ${names(ps)} match it as part of the path; Google and a crawler's request drop it.`,
    fix: null,
    probe: { url: (u) => (u.includes('#') ? u.slice(0, u.indexOf('#')) : u) },
  });
  out.push({
    kind: 'query',
    line: null,
    profiles: ['py-legacy', 'protego', 'robots-parser'],
    message: (ps) => `The URL has an empty query (a bare \`?\`): ${names(ps)} drop the \`?\`; Google keeps it.`,
    fix: null,
    applies: (_p, _lens, _g, url) => splitHref(url).query === '',
  });

  // Causes with no edit that isolates them: claimed from the verdicts themselves.
  out.push(
    {
      kind: 'name-truncation',
      line: null,
      profiles: ALL,
      message: (ps) =>
        `The name \`${userAgent}\` is not a bare product token ([A-Za-z_-]+): Google's grammar can never match it (a file name is cut to its leading letters, the caller's name is compared whole), while ${names(ps)} compare it whole, cut it at \`/\`, or search for it.`,
      fix: null,
      applies: () => !PRODUCT_TOKEN.test(userAgent),
    },
    {
      kind: 'line-cut',
      line: null,
      profiles: ALL,
      message: () =>
        'Google keeps only the first 16,663 bytes of a line, so the end of this rule (a final `$` perhaps) is cut off; the other parsers read it whole.',
      fix: null,
      applies: (_p, lens, g) => [g.line, lens.line].some((n) => n !== null && isLongLine(lines[n - 1]?.text ?? '')),
    },
    {
      kind: 'robots-txt-implicit',
      line: null,
      profiles: ['py-rfc', 'crawler-commons', 'rfc9309'],
      message: (ps) => `${names(ps)} always allow \`/robots.txt\` itself; Google applies the rules to it.`,
      fix: null,
      applies: (_p, lens) => lens.outcome.kind === 'robots-txt-implicit',
    },
    {
      kind: 'url-refused',
      line: null,
      profiles: ['crawler-commons'],
      message: () =>
        'Java refuses this URL (a character such as `|`, `^`, `{`, a space or a stray `%`), so crawler-commons matches it as `/`.',
      fix: null,
      applies: (_p, lens, _g, url) => lens.matchedText === '/' && !/^[a-z]+:\/\/[^/]*\/?$/i.test(url),
    },
    {
      kind: 'html-guard',
      line: null,
      profiles: ['crawler-commons'],
      message: () =>
        'The body looks like HTML: crawler-commons deletes tags from every line (or ignores the file) before reading it.',
      fix: null,
      applies: (_p, lens) => lens.outcome.kind === 'html-without-rules' || /<(?:html|head|body)\s*>/i.test(text),
    },
    {
      kind: 'index-html',
      line: null,
      profiles: ALL,
      message: () =>
        'An index.html rule decides: Google also applies `Allow: …/index.html` to the directory itself (`…/$`); Protego does so for Allow only, crawler-commons for Allow and Disallow, the others never.',
      fix: null,
      applies: (_p, lens, g) => lensRuleText(lens).includes('index.htm') || lineHas(lines, g.line, 'index.htm'),
    },
    {
      kind: 'wildcard',
      line: null,
      profiles: ['py-legacy'],
      message: () =>
        `${OLD_PYTHON} has no wildcards: \`*\` and \`$\` are ordinary characters there, so the pattern means something else.`,
      fix: null,
      applies: (_p, _lens, g) => lineHas(lines, g.line, '*') || lineHas(lines, g.line, '$'),
    },
    {
      kind: 'decoding',
      line: null,
      profiles: ALL,
      message: (ps) =>
        `Percent forms are compared differently: ${names(ps)} decode (or encode) some of them before comparing, Google compares rule and URL bytes as written, so \`%2F\` is not \`/\` and \`~\` is not \`%7E\` there.`,
      fix: null,
      applies: (_p, lens, g, url) =>
        url.includes('%') || lensRuleText(lens).includes('%') || lineHas(lines, g.line, '%') || /[|^[\]{}`]/.test(url),
    },
    {
      kind: 'match-length',
      line: null,
      profiles: ['py-rfc'],
      message: () =>
        'Python with the RFC rewrite scores a wildcard rule by how much of the URL it covers, not by the pattern length as Google does.',
      fix: null,
      applies: (_p, lens) => lensRuleText(lens).includes('*'),
    },
    {
      kind: 'wildcard-scan',
      line: null,
      profiles: ['crawler-commons'],
      message: () =>
        "crawler-commons' wildcard scan never backtracks: after `*` it takes the first occurrence of the next piece, so `/*.pdf$` does not match `/a.pdf.pdf`.",
      fix: null,
      applies: (_p, _lens, g) => lineHas(lines, g.line, '*'),
    },
    {
      kind: 'dollar',
      line: null,
      profiles: ALL,
      message: () =>
        'A `$` that is not the last character is read differently: literal for Google, dropped or never matching elsewhere.',
      fix: null,
      applies: (p, lens, g) => {
        const googleText = lines[(g.line ?? 0) - 1]?.text ?? '';
        // Protego moves a final `$` in front of the query (§4.6 step 6).
        const movedByProtego = p === 'protego' && googleText.includes('?') && googleText.trimEnd().endsWith('$');
        return movedByProtego || /\$./.test(lensRuleText(lens)) || /\$[^\s#]/.test(googleText);
      },
    },
  );
  return capPerKind(out);
}

/** Line-local causes kept per kind: past this, a file full of one oddity gets no more experiments. */
const MAX_CANDIDATES_PER_KIND = 32;

function capPerKind(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Map<string, number>();
  return candidates.filter((c) => {
    const key = `${c.kind}:${c.line === null ? 'any' : 'line'}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return c.line === null || n <= MAX_CANDIDATES_PER_KIND;
  });
}

/**
 * Returns the runs of empty lines that py-legacy's state machine meets inside a group (after a
 * user-agent or rule line, §2.4); a blank line between groups changes nothing and is left out.
 */
function blankRunsInGroups(lines: readonly BodyLine[]): BodyLine[][] {
  const runs: BodyLine[][] = [];
  let state: 'idle' | 'names' | 'rules' = 'idle';
  let run: BodyLine[] | null = null;
  for (const l of lines) {
    if (l.text === '') {
      if (run !== null) run.push(l);
      else if (state !== 'idle' && l.next > l.start) runs.push((run = [l]));
      state = 'idle';
      continue;
    }
    run = null;
    const content = (l.text.split('#')[0] ?? '').trim();
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const key = content.slice(0, colon).trim().toLowerCase();
    if (key === 'user-agent') state = 'names';
    else if (state !== 'idle' && ['allow', 'disallow', 'crawl-delay', 'request-rate'].includes(key)) state = 'rules';
  }
  return runs;
}

/** Returns true for the Unicode spaces (not ASCII) that Python and JavaScript trim and Google keeps. */
function isUnicodeSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * Returns the runs of Unicode spaces a line has at its start (a stray BOM too) and right after its
 * first colon, each with what a plain-space rewrite puts there.
 */
function unicodeSpaceRuns(text: string): { from: number; to: number; insert: string }[] {
  const runs: { from: number; to: number; insert: string }[] = [];
  let start = 0;
  while (start < text.length && (isUnicodeSpace(text.charCodeAt(start)) || text.charCodeAt(start) === 0xfeff)) start++;
  if (start > 0) runs.push({ from: 0, to: start, insert: '' });
  const colon = text.indexOf(':', start);
  if (colon < 0) return runs;
  let end = colon + 1;
  let found = false;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (isUnicodeSpace(code)) found = true;
    else if (code !== 0x20 && code !== 0x09) break;
  }
  if (found) runs.push({ from: colon + 1, to: end, insert: ' ' });
  return runs;
}

/** Returns `value` with its triplets of `/` and of unreserved characters decoded. */
function decodeSlashAndUnreserved(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    if (isTripletAt(value, i)) {
      const byte = tripletByte(value, i);
      if (byte === 0x2f || isUnreserved(byte)) {
        out += String.fromCharCode(byte);
        i += 2;
        continue;
      }
    }
    out += value.charAt(i);
  }
  return out;
}

/** Returns the edit inserting `lineText` as a new line after `after`. */
function insertAfter(text: string, after: BodyLine, lineText: string): TextEdit[] {
  const end = after.start + after.text.length;
  const terminator = end < after.next ? text.slice(end, after.next) : '\n';
  return end < after.next
    ? [{ from: after.next, to: after.next, insert: lineText + terminator }]
    : [{ from: end, to: end, insert: terminator + lineText }];
}

/** Google's line limit in bytes (docs/semantics/robots.md §1). */
const GOOGLE_LINE_BYTES = 16_663;

/** Returns true when the line's UTF-8 is longer than Google keeps. */
function isLongLine(text: string): boolean {
  return text.length > GOOGLE_LINE_BYTES / 3 && new TextEncoder().encode(text).length > GOOGLE_LINE_BYTES;
}

function lensRuleText(lens: LensVerdict): string {
  return lens.outcome.kind === 'rule' ? lens.outcome.rule.value : '';
}

function lineHas(lines: readonly BodyLine[], line: number | null, needle: string): boolean {
  return line !== null && (lines[line - 1]?.text.includes(needle) ?? false);
}

function firstRuleLine(group: RobotsTxt['groups'][number] | undefined): number | null {
  return group === undefined || group.rules.length === 0 ? null : (group.rules[0]?.line ?? null);
}

/** Returns the edits that move line `from` to just before line `before`. */
function moveLine(text: string, lines: readonly BodyLine[], from: number, before: number): TextEdit[] {
  const moved = lines[from - 1];
  const target = lines[before - 1];
  if (moved === undefined || target === undefined) return [];
  let body = text.slice(moved.start, moved.next);
  if (moved.next === moved.start + moved.text.length) body += '\n';
  return [
    { from: target.start, to: target.start, insert: body },
    { from: moved.start, to: moved.next, insert: '' },
  ];
}

/**
 * Returns the edits deleting the user-agent lines of `emptied` when moving its only rule (`moved`)
 * leaves it without rules and every name it lists is also in `into`: a names-only group left
 * behind would otherwise join the next group's names.
 */
function dropEmptiedHeader(
  lines: readonly BodyLine[],
  emptied: RobotsTxt['groups'][number] | undefined,
  into: RobotsTxt['groups'][number] | undefined,
  moved: number,
): TextEdit[] {
  if (emptied === undefined || into === undefined) return [];
  if (emptied.rules.some((r) => r.line !== moved)) return [];
  const kept = new Set(into.agents.map((a) => a.value.toLowerCase()));
  if (!emptied.agents.every((a) => kept.has(a.value.toLowerCase()))) return [];
  return emptied.agents.flatMap((a) => {
    const l = lines[a.line - 1];
    return l === undefined ? [] : [{ from: l.start, to: l.next, insert: '' }];
  });
}

/** Returns the edit inserting, at the top, a group for `userAgent` holding the rules Google applies to it, or null. */
function ownGroupEdit(lines: readonly BodyLine[], robots: RobotsTxt, userAgent: string): TextEdit[] | null {
  if (!PRODUCT_TOKEN.test(userAgent)) return null;
  const selection = compileRobots(robots).planFor(userAgent).selection;
  const ids = selection.kind === 'none' ? [] : selection.groups.map((g) => g.id);
  const rules = ids.flatMap((id) => robots.groups[id]?.rules ?? []);
  // Longest pattern first, Allow before Disallow on a tie: first-match readers then agree with Google.
  const ordered = [...rules].sort(
    (a, b) =>
      b.pattern.length - a.pattern.length || (a.kind === b.kind ? 0 : a.kind === 'allow' ? -1 : 1) || a.line - b.line,
  );
  const body = ordered.map((r) => ruleLabel(r.kind, valueOf(lines[r.line - 1]?.text ?? '') ?? r.pattern));
  if (body.length === 0) body.push('Allow: /');
  const at = lines[0]?.start ?? 0;
  return [{ from: at, to: at, insert: `User-agent: ${userAgent}\n${body.join('\n')}\n\n` }];
}

function valueOf(raw: string): string | null {
  const hash = raw.indexOf('#');
  const content = (hash < 0 ? raw : raw.slice(0, hash)).trim();
  const colon = content.indexOf(':');
  if (colon >= 0) return content.slice(colon + 1).trim();
  const read = readCcDirective(content);
  return read === null ? null : read.value;
}

type KindNote = { kind: DivergenceKind; line: number | null; message: (ps: readonly LensProfileId[]) => string };

/** Returns what a user-agent line's value means for name matching, against the caller's name. */
function agentKinds(line: number, value: string, caller: string, userAgent: string): KindNote[] {
  const v = value.toLowerCase();
  if (v === '') {
    return [
      {
        kind: 'name-substring',
        line,
        message: (ps) =>
          `An empty \`User-agent:\` on line ${line} applies to every crawler in ${names(ps)}; Google matches nobody with it.`,
      },
    ];
  }
  if (v !== '*' && v.includes('*') && caller.includes(v.split('*').join(''))) {
    return [
      {
        kind: 'name-substring',
        line,
        message: (ps) =>
          `\`User-agent: ${value}\` on line ${line}: ${names(ps)} also read it without its \`*\`, a name that occurs inside \`${userAgent}\`; Google treats \`*\` in a name as no wildcard at all.`,
      },
    ];
  }
  if (v !== caller && v !== '*' && caller.includes(v)) {
    return [
      {
        kind: 'name-substring',
        line,
        message: (ps) =>
          `\`User-agent: ${value}\` on line ${line} occurs inside the name \`${userAgent}\`: ${names(ps)} apply its group to ${userAgent}; Google compares names whole and does not.`,
      },
    ];
  }
  if (v !== caller && /[^a-z_*-]/.test(v)) {
    return [
      {
        kind: 'name-truncation',
        line,
        message: (ps) =>
          `\`User-agent: ${value}\` on line ${line} is not a bare product token: Google reads its leading token, ${names(ps)} read it differently (whole, cut at \`/\`, or not at all).`,
      },
    ];
  }
  return [];
}

/** Returns the group-selection kinds the file shows for this name, each with its line and words. */
function groupKinds(lines: readonly BodyLine[], robots: RobotsTxt, userAgent: string): KindNote[] {
  const out: KindNote[] = [];
  const caller = userAgent.toLowerCase();
  // A line that is neither a user-agent nor a rule, seen after user-agent lines and before any rule.
  let inNames = false;
  let splitter: BodyLine | null = null;
  for (const l of lines) {
    const content = (l.text.split('#')[0] ?? '').trim();
    if (content === '') continue;
    const colon = content.indexOf(':');
    const key = (colon < 0 ? content : content.slice(0, colon)).trim().toLowerCase();
    const value = colon < 0 ? '' : content.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (splitter !== null) {
        const s = splitter;
        out.push({
          kind: 'group-split',
          line: s.line,
          message: (ps) =>
            `\`${s.text.trim()}\` on line ${s.line} sits between user-agent lines: ${names(ps)} end the run of names there, so the names above it get a group of their own. Google keeps them together.`,
        });
      }
      out.push(...agentKinds(l.line, value, caller, userAgent));
      inNames = true;
      splitter = null;
    } else if (key === 'allow' || key === 'disallow') {
      inNames = false;
      splitter = null;
    } else if (inNames && splitter === null) {
      splitter = l;
    }
  }
  // What is left is about the groups Google chose: none with rules (an empty group), or several merged.
  const selection = compileRobots(robots).planFor(userAgent).selection;
  const chosen =
    selection.kind === 'none' ? [] : selection.groups.map((g) => robots.groups[g.id]).filter((g) => g !== undefined);
  if (chosen.length > 0 && chosen.every((g) => g.rules.length === 0)) {
    const at = (chosen[0] as Group).firstLine;
    out.push({
      kind: 'empty-group',
      line: at,
      message: (ps) =>
        `The group on line ${at} names ${userAgent} but has no rules: Google applies it (everything allowed), ${names(ps)} drop it or fall back to \`*\`.`,
    });
  } else if (chosen.length > 1) {
    const last = chosen[chosen.length - 1] as Group;
    const firsts = chosen.map((g) => g.firstLine).join(', ');
    out.push({
      kind: 'group-merge',
      line: last.firstLine,
      message: (ps) =>
        `Google combines the groups on lines ${firsts} for ${userAgent}; ${names(ps)} use only one of them (${OLD_PYTHON}: the first that applies, and only the first \`*\` group).`,
    });
  } else {
    out.push({
      kind: 'group-merge',
      line: chosen[0]?.firstLine ?? null,
      message: (ps) => `${names(ps)} choose a different group for ${userAgent} than Google does.`,
    });
  }
  return out;
}

/**
 * Returns the findings for a body, a name and URLs (§8, §9): each cause of disagreement between
 * Google and a lens, with its line, the lenses and URLs it affects, the words, and a fix where one
 * is proven (see DivergenceFix; a fix that fails its proof is left out and `noFix` says why).
 * Fetch outcomes come first: for a non-2xx status only the status findings are returned.
 * Disagreements no detector confirms are reported as kind `other` with the lens's own reason.
 */
export function findDivergences(input: FindDivergencesInput): DivergenceFinding[] {
  const status = input.robotsStatus ?? 200;
  const profiles = input.profiles ?? LENS_PROFILES;
  const disagreements = findDisagreeingUrls({ ...input, profiles });
  if (disagreements.length === 0) return [];
  if (!(status >= 200 && status <= 299)) {
    return groupFindings(
      disagreements.flatMap((d) =>
        d.lenses.map((lens) => ({
          // Lenses whose status handling reads alike share one finding.
          key: `status:${lens.reason}`,
          kind: 'status' as const,
          line: null,
          profile: lens.profile,
          url: d.url,
          message: (ps: readonly LensProfileId[]) => `${names(ps)}: ${lens.reason} ${d.google.reason}`,
          fix: null,
        })),
      ),
    ).map((g) => ({ ...g.finding, fix: null, noFix: null }));
  }
  const body = readBody(input.robots);
  const text = body.text;
  const google = input.googleVerdict ?? createGoogleVerdict();
  const lines = bodyLines(text);
  const robots = parseRobotsTxt(text);
  const candidates = listCandidates(body, lines, robots, input.userAgent, disagreements);
  const exp: Experiments = {
    body,
    userAgent: input.userAgent,
    google,
    edited: new Map(),
    readers: new Map(),
    spent: 0,
  };
  const attributions: Attribution[] = [];
  for (const d of disagreements) {
    for (const lens of d.lenses) {
      if (lens.outcome.kind === 'decode-error') {
        attributions.push({
          key: 'decode',
          kind: 'decode-error',
          line: null,
          profile: lens.profile,
          url: d.url,
          message: lens.reason,
          fix: null,
        });
        continue;
      }
      const found = candidates.find((c) => c.profiles.includes(lens.profile) && explains(c, lens, d, exp));
      if (found === undefined) {
        attributions.push({
          key: `other:${lens.profile}:${lens.line ?? d.google.line ?? 0}`,
          kind: 'other',
          line: lens.line ?? d.google.line,
          profile: lens.profile,
          url: d.url,
          message: `${LENS_PROFILE_INFO[lens.profile].displayName}: ${lens.reason} ${d.google.reason}`,
          fix: null,
        });
        continue;
      }
      const line = found.line ?? lens.line ?? d.google.line;
      const shown = found.line === null && line !== null ? lines[line - 1]?.text.trim() : undefined;
      attributions.push({
        key: `${found.kind}:${line ?? ''}:${found.fix?.label ?? ''}`,
        kind: found.kind,
        line,
        profile: lens.profile,
        url: d.url,
        // A cause found from the verdicts names the line it bears on.
        message:
          shown === undefined || shown === ''
            ? found.message
            : (ps) => `${found.message(ps)} Line ${line}: \`${shown}\`.`,
        fix: found.fix,
      });
    }
  }
  return groupFindings(attributions).map((g) => proveFix(g, exp, lines, input.urls));
}

interface Attribution {
  readonly key: string;
  readonly kind: DivergenceKind;
  readonly line: number | null;
  readonly profile: LensProfileId;
  readonly url: string;
  readonly message: string | ((ps: readonly LensProfileId[]) => string);
  readonly fix: FixPlan | null;
}

/**
 * Experiments share one budget of characters parsed (every edited body costs its length, once for
 * Google and once per lens), so a large or hostile file stays quick: past the budget, causes that
 * need an experiment are no longer claimed and the disagreement is reported as `other`.
 */
const EXPERIMENT_BUDGET_CHARS = 8_000_000;

/** A body with a fix or a probe applied: its text, and for a body given as bytes its bytes. */
interface EditedBody {
  readonly key: string;
  readonly text: string;
  readonly bytes: Uint8Array | null;
}

interface Experiments {
  readonly body: Body;
  readonly userAgent: string;
  readonly google: GoogleVerdictFn;
  readonly edited: Map<string, EditedBody>;
  readonly readers: Map<string, (url: string) => LensVerdict>;
  spent: number;
}

/** Returns the body with `plan` applied (cached), or null when the budget is spent. */
function editedBody(exp: Experiments, plan: FixPlan): EditedBody | null {
  const key = JSON.stringify([plan.edits, plan.dropBom === true]);
  let edited = exp.edited.get(key);
  if (edited === undefined) {
    if (exp.spent + exp.body.text.length > EXPERIMENT_BUDGET_CHARS) return null;
    exp.spent += exp.body.text.length;
    edited = { key, ...applyPlan(exp.body, plan) };
    exp.edited.set(key, edited);
  }
  return edited;
}

/** Returns the lens reader for a body (cached by `key`), or null when the budget is spent. */
function readerFor(
  exp: Experiments,
  profile: LensProfileId,
  key: string,
  robots: string | Uint8Array,
): ((url: string) => LensVerdict) | null {
  const k = `${profile}\u0000${key}`;
  let read = exp.readers.get(k);
  if (read === undefined) {
    if (exp.spent + robots.length > EXPERIMENT_BUDGET_CHARS && key !== '') return null;
    exp.spent += robots.length;
    read = createLensReader(profile, { robots, robotsStatus: 200, userAgent: exp.userAgent });
    exp.readers.set(k, read);
  }
  return read;
}

/**
 * Returns true when the candidate's experiment confirms it explains the lens's disagreement on
 * this URL. The lens reads the edited body as it read the original: bytes as bytes (its own
 * decoding, a BOM the edit keeps still there), text as text.
 */
function explains(c: Candidate, lens: LensVerdict, d: UrlDisagreement, exp: Experiments): boolean {
  if (c.applies !== undefined) return c.applies(lens.profile, lens, d.google, d.url);
  const urlProbe = c.probe?.url;
  if (urlProbe !== undefined) {
    const url = urlProbe(d.url);
    if (url === d.url) return false;
    const after = readerFor(exp, lens.profile, '', exp.body.bytes ?? exp.body.text)?.(url);
    return (
      after?.allowed === d.google.allowed && exp.google(exp.body.text, url, exp.userAgent).allowed === d.google.allowed
    );
  }
  const probeEdits = c.probe?.edits;
  const plan: FixPlan | null = probeEdits === undefined ? c.fix : { label: '', edits: probeEdits };
  if (plan === null || (plan.edits.length === 0 && plan.dropBom !== true)) return false;
  const edited = editedBody(exp, plan);
  if (edited === null) return false;
  const read = readerFor(exp, lens.profile, edited.key, edited.bytes ?? edited.text);
  if (read === null) return false;
  const googleAfter = exp.google(edited.text, d.url, exp.userAgent).allowed;
  if (!c.changesMeaning && googleAfter !== d.google.allowed) return false;
  return read(d.url).allowed === googleAfter;
}

/** A finding before its fix is proven. */
interface Grouped {
  readonly finding: Omit<DivergenceFinding, 'fix' | 'noFix'>;
  readonly plan: FixPlan | null;
}

/** Groups attributions by cause into findings (lenses and URLs in first-seen order). */
function groupFindings(attributions: readonly Attribution[]): Grouped[] {
  const byKey = new Map<string, { a: Attribution; profiles: LensProfileId[]; urls: string[] }>();
  for (const a of attributions) {
    let entry = byKey.get(a.key);
    if (entry === undefined) {
      entry = { a, profiles: [], urls: [] };
      byKey.set(a.key, entry);
    }
    if (!entry.profiles.includes(a.profile)) entry.profiles.push(a.profile);
    if (!entry.urls.includes(a.url)) entry.urls.push(a.url);
  }
  return [...byKey.values()].map(({ a, profiles, urls }) => {
    const ordered = LENS_PROFILES.filter((p) => profiles.includes(p));
    return {
      finding: {
        kind: a.kind,
        line: a.line,
        profiles: ordered,
        urls,
        message: typeof a.message === 'string' ? a.message : a.message(ordered),
      },
      plan: a.fix,
    };
  });
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * Returns true when every edit keeps the lines it does not rewrite whole: it stays inside one line's
 * text (and inserts no line break), or it removes and inserts whole lines (from a line's start to a
 * line's start, what it inserts ending with a line break), or it appends lines at the end.
 */
function keepsLinesWhole(text: string, lines: readonly BodyLine[], edits: readonly TextEdit[]): boolean {
  const starts = new Set(lines.map((l) => l.start));
  starts.add(text.length);
  return edits.every((e) => {
    if (e.from === 0 && e.to === 1 && e.insert === '' && text.startsWith('\uFEFF')) return true;
    const inLine = lines.find((l) => l.start <= e.from && e.to <= l.start + l.text.length);
    if (inLine !== undefined && !LINE_BREAK.test(e.insert)) return true;
    if (starts.has(e.from) && starts.has(e.to) && (e.insert === '' || /(?:\r|\n)$/.test(e.insert))) return true;
    return e.from === text.length && e.to === text.length && /^(?:\r\n|\r|\n)/.test(e.insert);
  });
}

/** Returns which lines of `before` a fix rewrote and what they became (common first and last lines left out). */
function changedLines(before: string, after: string): { from: number; to: number; lines: string[] } {
  if (before === after) return { from: 0, to: 0, lines: [] };
  const a = before.split(LINE_BREAK);
  const b = after.split(LINE_BREAK);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { from: head + 1, to: a.length - tail, lines: b.slice(head, b.length - tail) };
}

/**
 * Proves a finding's fix on the fixed file itself, what "Copy the fixed file" copies (and, for a
 * body given as bytes, the fixed bytes too): every line kept whole or rewritten by the fix, Google's
 * verdict unchanged on every URL asked, and the finding's lenses then agreeing with Google on its
 * URLs. A fix that fails is not offered; `noFix` says why.
 */
function proveFix(
  g: Grouped,
  exp: Experiments,
  lines: readonly BodyLine[],
  urls: readonly string[],
): DivergenceFinding {
  const plan = g.plan;
  if (plan === null) return { ...g.finding, fix: null, noFix: null };
  const refuse = (why: string): DivergenceFinding => ({
    ...g.finding,
    fix: null,
    noFix: `No fix is offered: ${why}`,
  });
  const text = exp.body.text;
  if (!keepsLinesWhole(text, lines, plan.edits)) {
    return refuse(`the change “${plan.label}” would cut into a line it does not rewrite.`);
  }
  const edited = editedBody(exp, plan);
  if (edited === null) return refuse('this file is too large to check the change within the time allowed.');
  const ua = exp.userAgent;
  const moved = urls.filter((u) => exp.google(edited.text, u, ua).allowed !== exp.google(text, u, ua).allowed);
  if (moved.length > 0) {
    return refuse(
      `the change “${plan.label}” would also move Google's own verdict (for ${countOf(moved.length, 'URL')} checked, such as ${moved[0]}), and a fix must leave Google's reading as it is. Decide first which reading the site wants.`,
    );
  }
  const bodies: (string | Uint8Array)[] = edited.bytes === null ? [edited.text] : [edited.text, edited.bytes];
  const still = g.finding.profiles.filter((p) =>
    bodies.some((b, i) => {
      const read = readerFor(exp, p, `${edited.key}\u0001${i}${typeof b}`, b);
      return read === null || g.finding.urls.some((u) => read(u).allowed !== exp.google(text, u, ua).allowed);
    }),
  );
  if (still.length > 0) {
    return refuse(
      `after the change “${plan.label}”, ${names(still)} would still read ${g.finding.urls.length === 1 ? 'the URL' : 'some of these URLs'} differently from Google.`,
    );
  }
  return {
    ...g.finding,
    fix: { label: plan.label, text: edited.text, bytes: edited.bytes, ...changedLines(text, edited.text) },
    noFix: null,
  };
}
