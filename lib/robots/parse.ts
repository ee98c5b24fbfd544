/**
 * Parses a robots.txt body into plain, JSON-safe data: groups of user-agent lines and rules, sitemaps
 * and the other directives (docs/semantics/robots.md §1 reading, §2 groups). Parse once; evaluate many URLs.
 */

import { bytesToByteString, encodeUtf8ByteString } from './bytes';
import { toAsciiLower } from '../shared/ascii';
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
 * Returns the parsed form of raw bytes held as a byte string (one character per byte, as the
 * extension keeps fetched bodies): the same as parseRobotsTxtBytes, without converting to a
 * Uint8Array and back, and the parsed form's strings are slices of this one. Throws a RangeError
 * when a character is above U+00FF (then it is not a byte string).
 */
export function parseRobotsTxtByteString(bytes: string): RobotsTxt {
  if (NOT_A_BYTE.test(bytes)) throw new RangeError('not a byte string: a character is above U+00FF');
  return parseSource({ text: bytes, isByteString: true });
}

const NOT_A_BYTE = /[^\0-\xff]/u;

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

/** Returns the quirks of a scanned key: a typo, then a missing colon. */
export function readQuirks(facts: ScannedLine): readonly KeyQuirk[] {
  if (facts.isTypo) {
    const typo: KeyQuirk = { kind: 'typo', written: facts.display(facts.keyWritten) };
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
        current.agents.push(createAgentLine(facts));
        current.lastLine = facts.line;
        return;
      }
      case 'allow':
      case 'disallow': {
        if (current === null) {
          orphanRuleLines.push(facts.line);
          return;
        }
        current.rules.push(createRule(facts));
        current.lastLine = facts.line;
        currentHasRule = true;
        return;
      }
      case 'sitemap': {
        const url = facts.display(facts.value);
        sitemaps.push({ line: facts.line, url, validity: classifySitemapUrl(url) });
        return;
      }
      case 'other': {
        const key = facts.display(facts.keyWritten);
        const value = facts.display(facts.value);
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

/**
 * Returns the rule on a line. Its strings are slices of the body, which the parsed file keeps
 * alive: cheaper than a copy of each, and of no extra cost when the caller keeps the body anyway
 * (the popup's file view, the worker's cache). A line written the usual way keeps no text of its
 * own (`ruleText` spells it from the kind and pattern).
 */
function createRule(facts: ScannedLine): Rule {
  const isEscaped = facts.hasNonAscii || facts.hasPercent;
  const pattern = isEscaped ? escapePattern(facts.value) : facts.value;
  const isUsual = !isEscaped && facts.usualPrefix !== null;
  return {
    kind: facts.key === 'allow' ? 'allow' : 'disallow',
    line: facts.line,
    written: isUsual ? null : facts.display(facts.text),
    pattern,
    quirks: isUsual ? NO_QUIRKS : readQuirks(facts),
    isLineCut: facts.isLineCut,
  };
}

function createAgentLine(facts: ScannedLine): AgentLine {
  const raw = facts.value;
  const value = facts.display(raw);
  const isGlobal = isGlobalAgentValue(raw);
  // The token is the value's leading ASCII run, so it is cut from the kept value.
  const token = isGlobal ? '*' : extractAgentToken(value);
  const quirks = facts.isTypo || facts.isMissingColon ? readQuirks(facts) : NO_QUIRKS;
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
