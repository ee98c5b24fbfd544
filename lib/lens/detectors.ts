/**
 * The detectors of the lenses' differences from Google (docs/semantics/lens.md §9), as a table: each names
 * itself, says what it reads of the body, Google's parse, the name and the disagreements, and
 * returns its candidate causes with the experiment that would confirm each. The finder
 * (divergence.ts) runs them in the table's order and claims a cause only once its experiment holds.
 */
import { compileRobots, type Group, type RobotsTxt } from '../robots/index';
import { readCcDirective } from './crawler-commons';
import { LENS_PROFILE_INFO, PYTHON_LEGACY_RELEASES } from './profiles';
import { LENS_PROFILES } from './read';
import { type BodyReading, isTripletAt, isUnreserved, tripletByte } from './text';
import type { DivergenceKind, GoogleReading, LensProfileId, LensVerdict, TextEdit, UrlDisagreement } from './types';
import { splitHref } from './url';

/** The older Python lens in running text. */
const OLD_PYTHON = `Python ${PYTHON_LEGACY_RELEASES}`;

/** A fix before it is proven: text edits, and for a body given as bytes whether its BOM goes. */
export interface FixPlan {
  readonly label: string;
  readonly edits: readonly TextEdit[];
  /** Removes the byte-order mark (for bytes, the bytes EF BB BF the text does not hold). */
  readonly dropBom?: boolean;
}

/** The body as the finder reads it: its text, and for a body given as bytes the bytes and their reading. */
export interface Body {
  readonly text: string;
  readonly bytes: Uint8Array | null;
  readonly reading: BodyReading | null;
}

/** A physical line of the body with its offsets (displayed numbering: LF, CR, CRLF). */
export interface BodyLine {
  readonly line: number;
  readonly text: string;
  readonly start: number;
  /** Offset after the line's terminator (the next line's start, or the text's end). */
  readonly next: number;
}

/** A candidate cause: which lenses it may explain, and how to test it. */
export interface Candidate {
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

export function names(profiles: readonly LensProfileId[]): string {
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

export function ruleLabel(kind: 'allow' | 'disallow', value: string): string {
  return `${kind === 'allow' ? 'Allow' : 'Disallow'}: ${value}`;
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

/** What a detector is given: the body, its lines, Google's parse, the name asked, and the disagreements found. */
export interface DetectorInput {
  readonly body: Body;
  readonly lines: readonly BodyLine[];
  readonly robots: RobotsTxt;
  readonly userAgent: string;
  readonly disagreements: readonly UrlDisagreement[];
}

/**
 * What a detector reads: the body's bytes or characters, its lines, Google's groups, the name
 * asked, the URLs some lens read differently, or (for a cause claimed from the verdicts, with no
 * experiment) each disagreement's verdicts and URL.
 */
type DetectorReads = 'body' | 'lines' | 'groups' | 'name' | 'disagreements' | 'verdicts';

/** One detector of a cause of difference: its id, what it reads, and the candidates it finds. */
interface Detector {
  readonly id: string;
  readonly reads: readonly DetectorReads[];
  readonly detect: (input: DetectorInput) => readonly Candidate[];
}

/** Returns the edit replacing line `n`'s text by `insert` (none when there is no such line). */
function replaceLine(lines: readonly BodyLine[], n: number, insert: string): TextEdit[] {
  const l = lines[n - 1];
  return l === undefined ? [] : [{ from: l.start, to: l.start + l.text.length, insert }];
}

/**
 * The detectors, in the order their explanation is preferred: for each disagreement the first
 * candidate whose experiment confirms it is the cause claimed. Line-local causes come first, then
 * the group selection and percent forms, then causes on the URL's side, then those claimed from
 * the verdicts themselves.
 */
export const DETECTORS: readonly Detector[] = [
  {
    // Both Python lenses and the strict RFC reader keep the BOM in the first key (§2.3, §3.3, D1).
    // Bytes: the text does not hold it, the fix drops its bytes; text: the fix deletes U+FEFF.
    id: 'bom',
    reads: ['body'],
    detect: ({ body }) =>
      body.reading?.bom === true || (body.reading === null && body.text.startsWith('\uFEFF'))
        ? [
            {
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
            },
          ]
        : [],
  },
  {
    // Google's quirks: keys read by prefix or typo, and the missing colon (docs/semantics/robots.md §1).
    id: 'key-quirks',
    reads: ['lines', 'groups'],
    detect: ({ lines, robots }) => {
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
            quirky.push({
              line: rule.line,
              kind: rule.kind,
              quirk: q.kind,
              written: q.kind === 'typo' ? q.written : '',
            });
        }
      }
      const out: Candidate[] = [];
      for (const q of quirky) {
        const l = lines[q.line - 1];
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
            edits: replaceLine(lines, q.line, rewritten),
          },
        });
      }
      return out;
    },
  },
  {
    // Line breaks only some parsers see (§1.2 Python line breaks; crawler-commons NEL/LS/PS).
    id: 'odd-line-breaks',
    reads: ['lines'],
    detect: ({ lines }) => {
      const out: Candidate[] = [];
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
      return out;
    },
  },
  {
    // Unicode spaces (and a stray BOM) that Python or JavaScript trim but Google keeps (P13): one
    // cause for the whole file, since a fix to one line alone can leave its group unreadable.
    id: 'unicode-spaces',
    reads: ['lines'],
    detect: ({ lines }) => {
      const spaced = lines.flatMap((l) => unicodeSpaceRuns(l.text).map((run) => ({ l, run })));
      if (spaced.length === 0) return [];
      const first = (spaced[0] as { l: BodyLine }).l;
      return [
        {
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
        },
      ];
    },
  },
  {
    // NUL: Google ends the line there, nobody else does (docs/semantics/robots.md §1).
    id: 'nul',
    reads: ['lines'],
    detect: ({ lines }) =>
      lines.flatMap((l): Candidate[] => {
        const nul = l.text.indexOf('\0');
        if (nul < 0) return [];
        return [
          {
            kind: 'nul',
            line: l.line,
            profiles: ALL,
            message: (ps) =>
              `Line ${l.line} contains a NUL character: Google ignores the rest of the line, ${names(ps)} read it as part of the text.`,
            fix: {
              label: `Remove the NUL and what follows it on line ${l.line}`,
              edits: [{ from: l.start + nul, to: l.start + l.text.length, insert: '' }],
            },
          },
        ];
      }),
  },
  {
    // A pattern starting with `*`: RFC 9309's grammar wants `/` first (D4), Python before the RFC rewrite reads `%2A`.
    id: 'star-first',
    reads: ['lines', 'groups'],
    detect: ({ lines, robots }) => {
      const out: Candidate[] = [];
      for (const group of robots.groups) {
        for (const rule of group.rules) {
          const l = lines[rule.line - 1];
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
      return out;
    },
  },
  {
    // Blank lines: Python before the RFC rewrite ends a group there (§2.4). A run of them is one cause, removed whole.
    id: 'blank-lines',
    reads: ['lines'],
    detect: ({ lines }) =>
      blankRunsInGroups(lines).map((run): Candidate => {
        const first = run[0] as BodyLine;
        const last = run[run.length - 1] as BodyLine;
        const which = run.length === 1 ? `the blank line ${first.line}` : `the blank lines ${first.line}–${last.line}`;
        return {
          kind: 'blank-line',
          line: first.line,
          profiles: ['py-legacy'],
          message: () =>
            `${OLD_PYTHON} ends a group at a blank line: ${which} cut off the user-agent lines or rules above from what follows, and those are lost. Google ignores blank lines.`,
          fix: { label: `Remove ${which}`, edits: [{ from: first.start, to: last.next, insert: '' }] },
        };
      }),
  },
  {
    // First match (py-legacy) and the first group only (py-legacy): moves confirmed per disagreement.
    id: 'first-match',
    reads: ['body', 'lines', 'groups', 'disagreements'],
    detect: ({ body, lines, robots, disagreements }) => {
      const out: Candidate[] = [];
      for (const d of disagreements) {
        const legacy = d.lenses.find((v) => v.profile === 'py-legacy');
        const gLine = d.google.line;
        if (legacy === undefined || gLine === null) continue;
        const googleLine = lines[gLine - 1];
        if (googleLine === undefined) continue;
        const gGroup = robots.groups.find((g) => g.rules.some((r) => r.line === gLine));
        if (legacy.outcome.kind === 'rule' && legacy.outcome.rule.line < gLine) {
          const first = legacy.outcome.rule;
          const lGroup = robots.groups.find((g) => g.rules.some((r) => r.line === first.line));
          const sameGroup = lGroup !== undefined && lGroup === gGroup;
          const target = sameGroup ? first.line : (firstRuleLine(lGroup) ?? first.line);
          const gRule = googleLine.text.trim();
          const firstWritten = lines[first.line - 1]?.text.trim() ?? ruleLabel(first.kind, first.value);
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
                ...moveLine(body.text, lines, gLine, target),
                ...(sameGroup ? [] : dropEmptiedHeader(lines, gGroup, lGroup, gLine)),
              ],
            },
          });
        }
      }
      return out;
    },
  },
  {
    // Group selection: give the crawler its own group first, with the rules Google applies to it.
    id: 'group-selection',
    reads: ['lines', 'groups', 'name'],
    detect: ({ lines, robots, userAgent }) => {
      const own = ownGroupEdit(lines, robots, userAgent);
      if (own === null) return [];
      return groupKinds(lines, robots, userAgent).map((kind) => ({
        kind: kind.kind,
        line: kind.line,
        profiles: ALL,
        message: kind.message,
        fix: { label: `Give ${userAgent} its own group at the top, with the rules Google applies to it`, edits: own },
      }));
    },
  },
  {
    // Percent forms (§8 "Decoding before comparison"): write the decoded form, or add the encoded twin.
    id: 'percent-forms',
    reads: ['body', 'lines', 'groups'],
    detect: ({ body, lines, robots }) => {
      const out: Candidate[] = [];
      for (const group of robots.groups) {
        for (const rule of group.rules) {
          const l = lines[rule.line - 1];
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
                edits: insertAfter(body.text, l, twin),
              },
              changesMeaning: true,
            });
          }
        }
      }
      return out;
    },
  },
  // URL-side causes, tested by rewriting the URL.
  {
    id: 'fragment',
    reads: ['verdicts'],
    detect: () => [
      {
        kind: 'fragment',
        line: null,
        profiles: ['py-legacy', 'py-rfc', 'protego'],
        message: (ps) =>
          `The URL has a fragment (\`#…\`): ${names(ps)} match it as part of the path; Google and a crawler's request drop it.`,
        fix: null,
        probe: { url: (u) => (u.includes('#') ? u.slice(0, u.indexOf('#')) : u) },
      },
    ],
  },
  {
    id: 'empty-query',
    reads: ['verdicts'],
    detect: () => [
      {
        kind: 'query',
        line: null,
        profiles: ['py-legacy', 'protego', 'robots-parser'],
        message: (ps) => `The URL has an empty query (a bare \`?\`): ${names(ps)} drop the \`?\`; Google keeps it.`,
        fix: null,
        applies: (_p, _lens, _g, url) => splitHref(url).query === '',
      },
    ],
  },
  // Causes with no edit that isolates them: claimed from the verdicts themselves.
  {
    id: 'name-truncation',
    reads: ['name', 'verdicts'],
    detect: ({ userAgent }) => [
      {
        kind: 'name-truncation',
        line: null,
        profiles: ALL,
        message: (ps) =>
          `The name \`${userAgent}\` is not a bare product token ([A-Za-z_-]+): Google's grammar can never match it (a file name is cut to its leading letters, the caller's name is compared whole), while ${names(ps)} compare it whole, cut it at \`/\`, or search for it.`,
        fix: null,
        applies: () => !PRODUCT_TOKEN.test(userAgent),
      },
    ],
  },
  {
    id: 'line-cut',
    reads: ['lines', 'verdicts'],
    detect: ({ lines }) => [
      {
        kind: 'line-cut',
        line: null,
        profiles: ALL,
        message: () =>
          'Google keeps only the first 16,663 bytes of a line, so the end of this rule (a final `$` perhaps) is cut off; the other parsers read it whole.',
        fix: null,
        applies: (_p, lens, g) => [g.line, lens.line].some((n) => n !== null && isLongLine(lines[n - 1]?.text ?? '')),
      },
    ],
  },
  {
    id: 'robots-txt-implicit',
    reads: ['verdicts'],
    detect: () => [
      {
        kind: 'robots-txt-implicit',
        line: null,
        profiles: ['py-rfc', 'crawler-commons', 'rfc9309'],
        message: (ps) => `${names(ps)} always allow \`/robots.txt\` itself; Google applies the rules to it.`,
        fix: null,
        applies: (_p, lens) => lens.outcome.kind === 'robots-txt-implicit',
      },
    ],
  },
  {
    id: 'url-refused',
    reads: ['verdicts'],
    detect: () => [
      {
        kind: 'url-refused',
        line: null,
        profiles: ['crawler-commons'],
        message: () =>
          'Java refuses this URL (a character such as `|`, `^`, `{`, a space or a stray `%`), so crawler-commons matches it as `/`.',
        fix: null,
        applies: (_p, lens, _g, url) => lens.matchedText === '/' && !/^[a-z]+:\/\/[^/]*\/?$/i.test(url),
      },
    ],
  },
  {
    id: 'html-guard',
    reads: ['body', 'verdicts'],
    detect: ({ body }) => [
      {
        kind: 'html-guard',
        line: null,
        profiles: ['crawler-commons'],
        message: () =>
          'The body looks like HTML: crawler-commons deletes tags from every line (or ignores the file) before reading it.',
        fix: null,
        applies: (_p, lens) => lens.outcome.kind === 'html-without-rules' || /<(?:html|head|body)\s*>/i.test(body.text),
      },
    ],
  },
  {
    id: 'index-html',
    reads: ['lines', 'verdicts'],
    detect: ({ lines }) => [
      {
        kind: 'index-html',
        line: null,
        profiles: ALL,
        message: () =>
          'An index.html rule decides: Google also applies `Allow: …/index.html` to the directory itself (`…/$`); Protego does so for Allow only, crawler-commons for Allow and Disallow, the others never.',
        fix: null,
        applies: (_p, lens, g) => lensRuleText(lens).includes('index.htm') || lineHas(lines, g.line, 'index.htm'),
      },
    ],
  },
  {
    id: 'no-wildcards',
    reads: ['lines', 'verdicts'],
    detect: ({ lines }) => [
      {
        kind: 'wildcard',
        line: null,
        profiles: ['py-legacy'],
        message: () =>
          `${OLD_PYTHON} has no wildcards: \`*\` and \`$\` are ordinary characters there, so the pattern means something else.`,
        fix: null,
        applies: (_p, _lens, g) => lineHas(lines, g.line, '*') || lineHas(lines, g.line, '$'),
      },
    ],
  },
  {
    id: 'percent-compare',
    reads: ['lines', 'verdicts'],
    detect: ({ lines }) => [
      {
        kind: 'decoding',
        line: null,
        profiles: ALL,
        message: (ps) =>
          `Percent forms are compared differently: ${names(ps)} decode (or encode) some of them before comparing, Google compares rule and URL bytes as written, so \`%2F\` is not \`/\` and \`~\` is not \`%7E\` there.`,
        fix: null,
        applies: (_p, lens, g, url) =>
          url.includes('%') ||
          lensRuleText(lens).includes('%') ||
          lineHas(lines, g.line, '%') ||
          /[|^[\]{}`]/.test(url),
      },
    ],
  },
  {
    id: 'match-length',
    reads: ['verdicts'],
    detect: () => [
      {
        kind: 'match-length',
        line: null,
        profiles: ['py-rfc'],
        message: () =>
          'Python with the RFC rewrite scores a wildcard rule by how much of the URL it covers, not by the pattern length as Google does.',
        fix: null,
        applies: (_p, lens) => lensRuleText(lens).includes('*'),
      },
    ],
  },
  {
    id: 'wildcard-scan',
    reads: ['lines', 'verdicts'],
    detect: ({ lines }) => [
      {
        kind: 'wildcard-scan',
        line: null,
        profiles: ['crawler-commons'],
        message: () =>
          "crawler-commons' wildcard scan never backtracks: after `*` it takes the first occurrence of the next piece, so `/*.pdf$` does not match `/a.pdf.pdf`.",
        fix: null,
        applies: (_p, _lens, g) => lineHas(lines, g.line, '*'),
      },
    ],
  },
  {
    id: 'dollar',
    reads: ['lines', 'verdicts'],
    detect: ({ lines }) => [
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
    ],
  },
];
