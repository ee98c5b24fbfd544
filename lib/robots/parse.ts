/**
 * Parses a robots.txt body into plain, JSON-safe data: groups of user-agent lines and rules, sitemaps
 * and the other directives (SEMANTICS.md §1 reading, §2 groups). Parse once; evaluate many URLs.
 */

import { bytesToByteString, encodeUtf8ByteString, toAsciiLower } from './bytes';
import { type ScannedLine, type ScanSource, scanRobotsTxt } from './scan';
import { extractAgentToken } from './token';
import type { AgentLine, CrawlDelay, Group, KeyQuirk, OtherDirective, RobotsTxt, Rule, Sitemap } from './types';

const HEX = '0123456789ABCDEF';
const MISSING_COLON: KeyQuirk = Object.freeze({ kind: 'missing-colon' });
const NO_QUIRKS: readonly KeyQuirk[] = Object.freeze([]);
const ONLY_MISSING_COLON: readonly KeyQuirk[] = Object.freeze([MISSING_COLON]);

/**
 * Returns the parsed form of a robots.txt body given as a JS string (already decoded from UTF-8).
 * A leading U+FEFF is the BOM: skipped, not a line. Byte-level rules (the 16,663-byte cut, `%XX`
 * escaping, priorities) apply to the string's UTF-8 encoding. Never throws on content.
 */
export function parseRobotsTxt(body: string): RobotsTxt {
  return parseSource({ text: body, isByteString: false });
}

/**
 * Returns the parsed form of a robots.txt body given as raw bytes, exactly as Google reads them:
 * bytes that are not valid UTF-8 are kept as bytes (escaped in patterns, shown as U+FFFD), and a
 * partial BOM at the start (EF or EF BB) is skipped. Use it when the fetched bytes are at hand.
 */
export function parseRobotsTxtBytes(bytes: Uint8Array): RobotsTxt {
  return parseSource({ text: bytesToByteString(bytes), isByteString: true });
}

/**
 * Returns an Allow/Disallow value as Google normalises it (§1): `%xx` hex upper-cased and every
 * byte ≥ 0x80 of its UTF-8 escaped as `%XX` (`/é%2f` → `/%C3%A9%2F`). Nothing is decoded.
 */
export function normalizePattern(value: string): string {
  return NEEDS_NORMALIZING.test(value) ? escapePattern(encodeUtf8ByteString(value)) : value;
}

const NEEDS_NORMALIZING = /[%\x80-\uffff]/;

/** Normalises a value given as a byte string (one character per UTF-8 byte). */
function escapePattern(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80) {
      out += '%' + HEX[(c >> 4) & 0xf] + HEX[c & 0xf];
    } else if (c === 0x25 && isHexDigit(value.charCodeAt(i + 1)) && isHexDigit(value.charCodeAt(i + 2))) {
      out += '%' + value.charAt(i + 1).toUpperCase() + value.charAt(i + 2).toUpperCase();
      i += 2;
    } else {
      out += value.charAt(i);
    }
  }
  return out;
}

function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** Returns true when a user-agent value names the global group: `*`, or `*` then whitespace and anything (§2). */
export function isGlobalAgentValue(value: string): boolean {
  if (value.charCodeAt(0) !== 0x2a) return false;
  if (value.length === 1) return true;
  const c = value.charCodeAt(1);
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** Returns the seconds of a Crawl-delay value, or null when it is not a non-negative decimal number. */
export function parseCrawlDelaySeconds(raw: string): number | null {
  return /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : null;
}

/** Returns whether a Sitemap value is an absolute http(s) URL, a relative reference, or neither. */
export function classifySitemapUrl(url: string): Sitemap['validity'] {
  if (/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(url)) return 'absolute';
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.length === 0 || /\s/.test(url)) return 'malformed';
  return 'relative';
}

/**
 * Bodies longer than this many characters are not kept alive by their parsed form: its strings are
 * copied out of the body instead of sliced from it (one slice keeps the whole body), and a rule
 * that repeats a recent rule's text shares its strings. A smaller body costs little to keep, and
 * slicing parses it faster.
 */
const MAX_SLICED_BODY = 64 * 1024;

/** Returns the string a parsed file keeps for one read from the body: the slice itself, or a copy. */
type Own = (text: string) => string;

const keepSlice: Own = (text) => text;

/**
 * V8 copies a slice shorter than this instead of pointing into the body (its SlicedString minimum):
 * such strings are already copies.
 */
const MIN_SLICED_STRING = 13;

/** Reused by copyRange: a join of its two strings builds one new flat string. */
const joinScratch: string[] = ['', ''];

/**
 * Returns a flat copy of `source[start, end)`: a join always builds a new string, where `slice` and
 * `+` would point into the body. Short strings are copies already.
 */
function copyRange(source: string, start: number, end: number): string {
  if (end - start < MIN_SLICED_STRING) return source.slice(start, end);
  joinScratch[0] = source.charAt(start);
  joinScratch[1] = source.slice(start + 1, end);
  const copy = joinScratch.join('');
  joinScratch[1] = '';
  return copy;
}

/** Returns a flat copy of `text` (see copyRange). */
const copyOut: Own = (text) => copyRange(text, 0, text.length);

/**
 * Slots of the recent-rules table: the most whose arrays V8 still allocates in the young
 * generation (16 + 8 × 16,382 bytes = 128 KiB). One more slot puts each array in large-object
 * space, which counts as old: every rule stored in it then costs a write barrier and a
 * remembered-set entry, a few tenths of a millisecond per large parse.
 */
const RECENT_SLOTS = 16_382;

/**
 * Recent rules of a large body, by a cheap hash of their text; the last rule of a hash wins.
 * Catches what large files repeat (a block of rules per crawler, common rules such as
 * `Disallow: /*?sort=`) at a constant cost per rule; a Map of every text would catch all repeats
 * but double a large parse. A rule written the usual way (`Disallow: /x`, nothing to escape) is
 * recognised by its kind and pattern, compared in place in the body; any other by its text as
 * written, kept in `written`.
 */
interface RecentRules {
  /** The full hash (getRecentHash) of each slot's rule: most lookups of a new rule end here, without reading the rule. */
  readonly hashes: Int32Array;
  readonly rules: (Rule | undefined)[];
  /** The text as written of a rule that was not written the usual way; undefined for one that was. */
  readonly written: (string | undefined)[];
}

/**
 * Returns a hash of `text[start, end)` for the recent-rules table, from its length and five of its
 * characters (any characters: a collision only misses a repeat), mixed by a multiply-add and an
 * xorshift. Plain arithmetic: `Math.imul` is a global lookup per call, slow in a fresh node:vm
 * context as the cold benchmark runs.
 */
function getRecentHash(text: string, start: number, end: number, salt: number): number {
  const n = end - start;
  let h = (n * 31 + salt) | 0;
  h = (h * 31 + text.charCodeAt(end - 2)) | 0;
  h = (h * 31 + text.charCodeAt(end - 3)) | 0;
  h = (h * 31 + text.charCodeAt(start + (n >> 1))) | 0;
  h = (h * 31 + text.charCodeAt(end - 4)) | 0;
  h = (h * 31 + text.charCodeAt(start + (n >> 2))) | 0;
  h ^= h << 13;
  h ^= h >>> 17;
  h ^= h << 5;
  return h;
}

/** Returns the slot of a hash: its top 16 bits scaled to the table (a multiply and a shift, where `%` divides). */
function slotOf(hash: number): number {
  return ((hash >>> 16) * RECENT_SLOTS) >>> 16;
}

/** Returns the quirks of a scanned key: a typo (its spelling kept with `own`), then a missing colon. */
export function readQuirks(facts: ScannedLine, own: Own = keepSlice): readonly KeyQuirk[] {
  if (facts.isTypo) {
    const typo: KeyQuirk = { kind: 'typo', written: own(facts.display(facts.keyWritten)) };
    return facts.isMissingColon ? [typo, MISSING_COLON] : [typo];
  }
  return facts.isMissingColon ? ONLY_MISSING_COLON : NO_QUIRKS;
}

/** A group while it is being read; it becomes the parsed Group as is. */
interface GroupDraft {
  id: number;
  agents: AgentLine[];
  rules: Rule[];
  crawlDelay: CrawlDelay | null;
  firstLine: number;
  lastLine: number;
}

function parseSource(source: ScanSource): RobotsTxt {
  const drafts: GroupDraft[] = [];
  const sitemaps: Sitemap[] = [];
  const orphanRuleLines: number[] = [];
  const otherDirectives: OtherDirective[] = [];
  let current: GroupDraft | null = null;
  let currentHasRule = false;
  const isLarge = source.text.length > MAX_SLICED_BODY;
  const own = isLarge ? copyOut : keepSlice;
  const recent: RecentRules | null = isLarge
    ? {
        hashes: new Int32Array(RECENT_SLOTS),
        rules: new Array<Rule | undefined>(RECENT_SLOTS),
        written: new Array<string | undefined>(RECENT_SLOTS),
      }
    : null;

  const summary = scanRobotsTxt(source, (facts) => {
    if (facts.kind !== 'directive') return;
    switch (facts.key) {
      case 'user-agent': {
        // A user-agent line after a rule starts a new group; other lines never split a run of agents.
        if (current === null || currentHasRule) {
          current = {
            id: drafts.length,
            agents: [],
            rules: [],
            crawlDelay: null,
            firstLine: facts.line,
            lastLine: facts.line,
          };
          drafts.push(current);
          currentHasRule = false;
        }
        current.agents.push(createAgentLine(facts, own));
        current.lastLine = facts.line;
        return;
      }
      case 'allow':
      case 'disallow': {
        if (current === null) {
          orphanRuleLines.push(facts.line);
          return;
        }
        current.rules.push(recent === null ? createRule(facts) : createSharedRule(facts, recent));
        current.lastLine = facts.line;
        currentHasRule = true;
        return;
      }
      case 'sitemap': {
        const url = own(facts.display(facts.value));
        sitemaps.push({ line: facts.line, url, validity: classifySitemapUrl(url) });
        return;
      }
      case 'other': {
        const key = own(facts.display(facts.keyWritten));
        const value = own(facts.display(facts.value));
        otherDirectives.push({ line: facts.line, key, value, groupId: current === null ? null : current.id });
        if (current === null) return;
        current.lastLine = facts.line;
        if (current.crawlDelay === null && key.length === 11 && toAsciiLower(key) === 'crawl-delay') {
          current.crawlDelay = { line: facts.line, raw: value, seconds: parseCrawlDelaySeconds(value) };
        }
        return;
      }
    }
  });

  // Exact-length copies: arrays grown by push keep up to half their length spare.
  for (const draft of drafts) {
    draft.rules = draft.rules.slice();
    draft.agents = draft.agents.slice();
  }
  const groups: Group[] = drafts;
  return {
    groups,
    sitemaps,
    lineCount: summary.lineCount,
    hasBom: summary.hasBom,
    orphanRuleLines,
    otherDirectives,
  };
}

/** Returns the rule on a line of a small body: its strings are slices of the body. */
function createRule(facts: ScannedLine): Rule {
  const isEscaped = facts.hasNonAscii || facts.hasPercent;
  const pattern = isEscaped ? escapePattern(facts.value) : facts.value;
  const isUsual = !isEscaped && facts.usualPrefix !== null;
  return {
    kind: facts.key === 'allow' ? 'allow' : 'disallow',
    line: facts.line,
    // `Disallow: /x` is kept as the key's constant and the pattern itself: no characters twice.
    text: isUsual ? (facts.usualPrefix as string) + pattern : facts.display(facts.text),
    pattern,
    quirks: isUsual ? NO_QUIRKS : readQuirks(facts),
    isLineCut: facts.isLineCut,
  };
}

/**
 * Returns the rule on a line of a large body: its strings are copies, or those of a recent rule
 * with the same text.
 */
function createSharedRule(facts: ScannedLine, recent: RecentRules): Rule {
  const kind = facts.key === 'allow' ? 'allow' : 'disallow';
  const isEscaped = facts.hasNonAscii || facts.hasPercent;
  const isUsual = !isEscaped && facts.usualPrefix !== null;
  let pattern: string;
  let text: string;
  // The slot this rule takes in `recent` when it is new there, else -1; and its hash.
  let at = -1;
  let hash: number;
  if (isUsual) {
    // Equal kinds and patterns written the usual way give equal texts: a repeat takes the earlier
    // rule's strings, found without slicing the body.
    const { source, valueStart, valueEnd } = facts;
    hash = getRecentHash(source, valueStart, valueEnd, kind.length);
    const slot = slotOf(hash);
    const same = recent.hashes[slot] === hash ? recent.rules[slot] : undefined;
    if (
      same !== undefined &&
      recent.written[slot] === undefined &&
      same.kind === kind &&
      same.pattern.length === valueEnd - valueStart &&
      source.startsWith(same.pattern, valueStart)
    ) {
      pattern = same.pattern;
      text = same.text;
    } else {
      pattern = copyRange(source, valueStart, valueEnd);
      text = (facts.usualPrefix as string) + pattern;
      at = slot;
    }
  } else {
    // Equal texts give equal patterns and display text.
    const written = facts.text;
    hash = getRecentHash(written, 0, written.length, 0);
    const slot = slotOf(hash);
    const same = recent.hashes[slot] === hash && recent.written[slot] === written ? recent.rules[slot] : undefined;
    if (same !== undefined) {
      pattern = same.pattern;
      text = same.text;
    } else {
      pattern = copyOut(isEscaped ? escapePattern(facts.value) : facts.value);
      text = copyOut(facts.display(written));
      recent.written[slot] = written;
      at = slot;
    }
  }
  const rule: Rule = {
    kind,
    line: facts.line,
    text,
    pattern,
    quirks: isUsual ? NO_QUIRKS : readQuirks(facts, copyOut),
    isLineCut: facts.isLineCut,
  };
  if (at >= 0) {
    recent.hashes[at] = hash;
    recent.rules[at] = rule;
    if (isUsual) recent.written[at] = undefined;
  }
  return rule;
}

function createAgentLine(facts: ScannedLine, own: Own): AgentLine {
  const raw = facts.value;
  const value = own(facts.display(raw));
  const isGlobal = isGlobalAgentValue(raw);
  // The token is the value's leading ASCII run, so it is cut from the kept value.
  const token = isGlobal ? '*' : extractAgentToken(value);
  const quirks = facts.isTypo || facts.isMissingColon ? readQuirks(facts, own) : NO_QUIRKS;
  return {
    line: facts.line,
    value,
    token,
    isGlobal,
    isTruncated: token.length < raw.length,
    quirks,
    isLineCut: facts.isLineCut,
  };
}
