/**
 * Where the lenses part from Google (docs/semantics/lens.md §8 "Side by side", §9 "Showing the lenses"):
 * for a body, a name and URLs, which lens reads which URL differently, the line and the kind of
 * difference in words, and, where one exists, a text edit that makes the lens agree with Google.
 * A cause is claimed only when an experiment confirms it: its edit (or a probe) is applied, and the
 * lens then agrees with Google's original verdict while Google's own verdict for the URL stays.
 */

import { compileRobots, evaluate, evaluateForCrawler, parseRobotsTxt, type Verdict } from '../robots/index';
import { countOf } from '../shared/plural';
import {
  type Body,
  type BodyLine,
  type Candidate,
  DETECTORS,
  type DetectorInput,
  type FixPlan,
  names,
  ruleLabel,
} from './detectors';
import { LENS_PROFILE_INFO } from './profiles';
import { createLensReader, LENS_PROFILES } from './read';
import { readBodyBytes, utf8Bytes } from './text';
import type { DivergenceKind, GoogleReading, LensProfileId, LensVerdict, TextEdit, UrlDisagreement } from './types';
import { isHttpStatus } from './verdict';

/**
 * A suggested fix, offered only once proven on the fixed file itself: Google's verdict unchanged on
 * every URL asked, every line of the original either kept whole or replaced by the fix's own lines,
 * and the finding's lenses then agreeing with Google on its URLs.
 */
interface DivergenceFix {
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

/** Returns the candidate causes for a body: every detector's, in the table's order, line-local ones capped per kind. */
function listCandidates(input: DetectorInput): Candidate[] {
  return capPerKind(DETECTORS.flatMap((detector) => detector.detect(input)));
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
  const candidates = listCandidates({ body, lines, robots, userAgent: input.userAgent, disagreements });
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
