/**
 * Per-line diagnostics and line classification (docs/semantics/robots.md §6): what Google's reporter says about
 * each line (typos, missing colons, long lines, unknown and unsupported keys), plus the warnings a
 * person needs beyond it (orphan rules, patterns that never match, truncated agent names, stale
 * tokens, a specific group that silently replaces `*`).
 */

import { toAsciiLower, trimAscii } from '../shared/ascii';
import { DEPRECATED_TOKENS } from './crawlers';
import { getIndexHtmlRetryPattern } from './match';
import { classifySitemapUrl, parseRobotsTxt, readQuirks } from './parse';
import { type KeyKind, MAX_LINE_BYTES, type ScannedLine, scanRobotsTxt } from './scan';
import type { AgentLine, Diagnostic, DiagnosticCode, Group, KeyQuirk, RobotsTxt, Rule, Severity } from './types';
import { ruleText } from './rule-text';
import { countOf } from '../shared/plural';

/**
 * Keys Google ignores that people use on purpose, matched exactly and ASCII case-insensitively
 * (§6), with what Google and other crawlers do with them.
 */
const UNSUPPORTED_KEYS: ReadonlyMap<string, string> = new Map([
  ['clean-param', 'Google ignores Clean-param; only Yandex reads it.'],
  [
    'content-signal',
    'Google ignores Content-Signal, a proposal for stating AI-use preferences; it does not block any crawler.',
  ],
  [
    'content-usage',
    'Google ignores Content-Usage, a draft for stating AI-use preferences; it does not block any crawler.',
  ],
  [
    'crawl-delay',
    "Google ignores Crawl-delay; Bing honours it (1–30 s), as Anthropic's crawlers and CCBot say they do, and Yandex has ignored it since 2018.",
  ],
  ['domain', 'Google ignores Domain; it is not part of any robots.txt standard.'],
  ['host', "Google ignores Host; only Yandex ever read it, to pick a site's main mirror."],
  [
    'license',
    'Google ignores License, which points to an RSL licence for the whole file; it is informational and blocks no crawler.',
  ],
  [
    'llm-policy',
    'Google ignores LLM-Policy, which points to a policy document such as llms.txt; it is informational and blocks no crawler.',
  ],
  [
    'noarchive',
    'Google ignores Noarchive in robots.txt; put it in a robots meta tag or an X-Robots-Tag header instead.',
  ],
  ['nofollow', 'Google ignores Nofollow in robots.txt; put it in a robots meta tag or an X-Robots-Tag header instead.'],
  [
    'noindex',
    'Google ignores Noindex in robots.txt (since 2019); use a noindex robots meta tag or X-Robots-Tag header instead.',
  ],
  [
    'request-rate',
    'Google ignores Request-rate, an old extension few crawlers read; other crawlers read Crawl-delay instead.',
  ],
  ['revisit-after', 'Google ignores Revisit-after; no major crawler reads it from robots.txt.'],
  ['visit-time', 'Google ignores Visit-time, an old extension few crawlers read.'],
]);

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** What one physical line is, for the file view (docs/semantics/robots.md §6). */
export type LineClass =
  | { readonly kind: 'empty'; readonly line: number; readonly isTooLong: boolean; readonly hasNul: boolean }
  | { readonly kind: 'comment'; readonly line: number; readonly isTooLong: boolean; readonly hasNul: boolean }
  | {
      readonly kind: 'directive';
      readonly line: number;
      /** The key as Google reads it; `other` for keys the matcher ignores. */
      readonly key: KeyKind;
      /** For `other` keys: one of Google's known-but-unsupported keys (Crawl-delay, Noindex…). */
      readonly isUnsupportedKey: boolean;
      readonly quirks: readonly KeyQuirk[];
      readonly hasComment: boolean;
      readonly isTooLong: boolean;
      readonly isLineCut: boolean;
      readonly hasNul: boolean;
    }
  | {
      readonly kind: 'garbage';
      readonly line: number;
      readonly hasComment: boolean;
      readonly isTooLong: boolean;
      readonly hasNul: boolean;
    };

/**
 * Returns one classification per physical line of `body`, in order (line n at index n − 1): empty,
 * comment-only, directive (with its key, quirks, comment and cut) or garbage.
 */
export function classifyLines(body: string): LineClass[] {
  const out: LineClass[] = [];
  scanRobotsTxt({ text: body, isByteString: false }, (f) => {
    const isTooLong = f.byteLength > MAX_LINE_BYTES;
    switch (f.kind) {
      case 'empty':
      case 'comment':
        out.push({ kind: f.kind, line: f.line, isTooLong, hasNul: f.hasNul });
        return;
      case 'garbage':
        out.push({ kind: 'garbage', line: f.line, hasComment: f.hasComment, isTooLong, hasNul: f.hasNul });
        return;
      case 'directive':
        out.push({
          kind: 'directive',
          line: f.line,
          key: f.key,
          isUnsupportedKey: f.key === 'other' && UNSUPPORTED_KEYS.has(toAsciiLower(f.keyWritten)),
          quirks: readQuirks(f),
          hasComment: f.hasComment,
          isTooLong,
          isLineCut: f.isLineCut,
          hasNul: f.hasNul,
        });
        return;
    }
  });
  return out;
}

/**
 * Returns the diagnostics for a robots.txt, sorted by line then severity. Given the body, every
 * category of §6 is checked (pass the already parsed `robots` to avoid a second parse). Given only
 * a parsed file, the checks that need the raw text are skipped: lines that are not directives,
 * over-long lines without a directive, NUL and stray BOM characters, and typos in Sitemap keys.
 */
export function lintRobotsTxt(body: string, robots?: RobotsTxt): Diagnostic[];
export function lintRobotsTxt(robots: RobotsTxt): Diagnostic[];
export function lintRobotsTxt(input: string | RobotsTxt, robots?: RobotsTxt): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (line: number, severity: Severity, code: DiagnosticCode, message: string): void => {
    out.push({ line, severity, code, message });
  };
  let parsed: RobotsTxt;
  if (typeof input === 'string') {
    parsed = robots ?? parseRobotsTxt(input);
    scanRobotsTxt({ text: input, isByteString: false }, (f) => lintScannedLine(f, add));
  } else {
    parsed = input;
    lintParsedLines(parsed, add);
  }
  lintStructure(parsed, add);
  return out.sort((a, b) => a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

type Add = (line: number, severity: Severity, code: DiagnosticCode, message: string) => void;

function lintScannedLine(f: ScannedLine, add: Add): void {
  if (f.byteLength > MAX_LINE_BYTES) addLineTooLong(f.line, f.byteLength, f.isLineCut, add);
  if (f.hasNul) {
    add(
      f.line,
      'warning',
      'nul-character',
      'A NUL character ends this line for Google: everything after it is ignored.',
    );
  }
  if (f.hasStrayBom) {
    add(
      f.line,
      'warning',
      'stray-bom',
      'This line holds a byte order mark (U+FEFF), which is ordinary text anywhere but at the start of the file, so Google reads the line with it.',
    );
  }
  if (f.kind === 'garbage') {
    add(f.line, 'warning', 'not-a-directive', describeGarbage(f.display(f.text)));
    return;
  }
  if (f.kind !== 'directive') return;
  const key = f.display(f.keyWritten);
  const value = f.display(f.value);
  if (f.key === 'other') {
    addOtherDirective(f.line, key, add);
    return;
  }
  if (f.isTypo) addTypo(f.line, key, f.key, value, add);
  if (f.isMissingColon) addMissingColon(f.line, key, value, add);
  if (f.key === 'sitemap') addSitemapValidity(f.line, value, add);
}

/** Line-level checks rebuilt from a parsed file when the body is not at hand. */
function lintParsedLines(robots: RobotsTxt, add: Add): void {
  const lintKey = (
    line: number,
    kind: KeyKind,
    text: string,
    quirks: readonly KeyQuirk[],
    isLineCut: boolean,
  ): void => {
    const colon = text.indexOf(':');
    for (const quirk of quirks) {
      if (quirk.kind === 'typo') addTypo(line, quirk.written, kind, trimAscii(text.slice(colon + 1)), add);
      else if (quirk.kind === 'missing-colon') {
        const gap = text.search(/[ \t]/);
        addMissingColon(line, text.slice(0, gap), trimAscii(text.slice(gap)), add);
      }
    }
    if (isLineCut) addLineTooLong(line, null, true, add);
  };
  for (const group of robots.groups) {
    for (const agent of group.agents) {
      const keyText = agent.quirks.some((q) => q.kind === 'missing-colon')
        ? `user-agent ${agent.value}`
        : `user-agent: ${agent.value}`;
      lintKey(agent.line, 'user-agent', keyText, agent.quirks, agent.isLineCut);
    }
    for (const rule of group.rules) lintKey(rule.line, rule.kind, ruleText(rule), rule.quirks, rule.isLineCut);
  }
  for (const sitemap of robots.sitemaps) addSitemapValidity(sitemap.line, sitemap.url, add);
  for (const other of robots.otherDirectives) addOtherDirective(other.line, other.key, add);
}

function addLineTooLong(line: number, byteLength: number | null, isLineCut: boolean, add: Add): void {
  const size = byteLength === null ? 'longer than 16,663 bytes' : `${byteLength.toLocaleString('en-US')} bytes long`;
  const effect = isLineCut ? ', which cuts this directive short' : '';
  add(
    line,
    isLineCut ? 'error' : 'warning',
    'line-too-long',
    `This line is ${size}: Google keeps only the first 16,663 bytes${effect}.`,
  );
}

function describeGarbage(text: string): string {
  if (text.startsWith(':')) return 'Google cannot read this line: there is no key before the `:`.';
  if (/^[^ \t]+$/.test(text)) {
    return /[\v\f]/.test(text)
      ? 'Google cannot read this line: it has no `:`, and a vertical tab or form feed does not separate a key from its value.'
      : 'Google cannot read this line: it has no `:` and no value.';
  }
  return 'Google cannot read this line: without a `:` it must be exactly two words (`key value`), and it has more.';
}

function addOtherDirective(line: number, key: string, add: Add): void {
  const note = UNSUPPORTED_KEYS.get(toAsciiLower(key));
  if (note !== undefined) {
    add(line, 'info', 'unsupported-key', note);
  } else {
    add(
      line,
      'warning',
      'unknown-directive',
      `\`${key}\` is not a robots.txt directive: crawlers ignore this line (it does not end the group).`,
    );
  }
}

/** `canonical`: the key kind, which is also its canonical spelling. */
function addTypo(line: number, written: string, canonical: KeyKind, value: string, add: Add): void {
  if (/[ \t]/.test(written) && !/^user[ \t]+agent$/i.test(written)) {
    add(
      line,
      'warning',
      'typo-key',
      `Google reads the key \`${written}\` as \`${canonical}\` because it starts with that word, so the value is only the text after the first \`:\` (\`${value}\`).`,
    );
    return;
  }
  add(
    line,
    'warning',
    'typo-key',
    `\`${written}\` is not the standard spelling: Google reads it as \`${canonical}\`, but other crawlers may ignore this line.`,
  );
}

function addMissingColon(line: number, key: string, value: string, add: Add): void {
  add(
    line,
    'warning',
    'missing-colon',
    `Google reads \`${key} ${value}\` without a colon as \`${key}: ${value}\`, but RFC 9309 requires the colon and other crawlers may ignore this line.`,
  );
}

function addSitemapValidity(line: number, url: string, add: Add): void {
  switch (classifySitemapUrl(url)) {
    case 'absolute':
      return;
    case 'relative':
      add(
        line,
        'warning',
        'relative-sitemap',
        `Sitemap needs an absolute URL (https://…): \`${url}\` is relative, so crawlers may ignore it.`,
      );
      return;
    case 'malformed':
      add(
        line,
        'warning',
        'malformed-sitemap',
        url.length === 0
          ? 'This Sitemap line has no URL.'
          : `\`${url}\` is not an http(s) URL, so crawlers cannot fetch this sitemap.`,
      );
  }
}

/** Checks on the parsed groups: orphan rules, patterns, agent names, `*` replaced by a specific group. */
function lintStructure(robots: RobotsTxt, add: Add): void {
  for (const line of robots.orphanRuleLines) {
    add(
      line,
      'warning',
      'rule-before-user-agent',
      'This rule comes before any User-agent line, so no crawler reads it.',
    );
  }
  const firstLineOfToken = new Map<string, AgentLine>();
  for (const group of robots.groups) {
    for (const agent of group.agents) {
      lintAgent(agent, add);
      if (!agent.isGlobal && agent.token.length > 0 && !firstLineOfToken.has(toAsciiLower(agent.token))) {
        firstLineOfToken.set(toAsciiLower(agent.token), agent);
      }
    }
    for (const rule of group.rules) lintPattern(rule, add);
  }
  lintReplacedGlobal(robots, firstLineOfToken, add);
}

function lintAgent(agent: AgentLine, add: Add): void {
  const stale = DEPRECATED_TOKENS.get(toAsciiLower(agent.token));
  if (stale !== undefined && !agent.isTruncated) {
    add(
      agent.line,
      'warning',
      'deprecated-agent',
      stale.replacement === null
        ? `${stale.token} is no longer used by its operator: a group for it binds no crawler.`
        : `${stale.token} is not in its operator's current documentation: name ${stale.replacement} instead.`,
    );
  }
  if (agent.isGlobal || !agent.isTruncated) return;
  if (agent.token.length === 0) {
    const message =
      agent.value.length === 0
        ? '`User-agent:` with no name applies to no crawler.'
        : `Google reads \`User-agent: ${agent.value}\` as an empty name (wildcards and digits are not part of a name), so this line applies to no crawler.`;
    add(agent.line, 'warning', 'empty-agent', message);
    return;
  }
  const next = agent.value.charAt(agent.token.length);
  if (next === '/') {
    add(
      agent.line,
      'info',
      'truncated-agent',
      `Google reads \`${agent.value}\` as \`${agent.token}\`: the version after the slash is ignored.`,
    );
  } else {
    add(
      agent.line,
      'warning',
      'truncated-agent',
      `Google reads \`User-agent: ${agent.value}\` as \`${agent.token}\` (only letters, \`-\` and \`_\` count), so this group applies to a crawler named ${agent.token}, not ${agent.value}.`,
    );
  }
}

function lintPattern(rule: Rule, add: Add): void {
  const p = rule.pattern;
  if (p.length === 0) return;
  if (p[0] !== '/' && p[0] !== '*') {
    add(
      rule.line,
      'warning',
      'pattern-never-matches',
      `\`${p}\` starts with neither \`/\` nor \`*\`, so it never matches any URL.`,
    );
    return;
  }
  const dollar = p.indexOf('$');
  if (dollar >= 0 && dollar < p.length - 1) {
    add(
      rule.line,
      'warning',
      'dollar-not-at-end',
      `\`$\` means "end of URL" only as the last character: in \`${p}\` it is a literal \`$\`.`,
    );
  }
  if (rule.kind === 'allow') {
    const retry = getIndexHtmlRetryPattern(p);
    if (retry !== null) {
      add(
        rule.line,
        'info',
        'index-html-rule',
        `Google also allows \`${retry.slice(0, -1)}\` exactly (it reads \`${p}\` as covering its directory's index page); other crawlers do not.`,
      );
    }
  }
}

/**
 * Warns once per token when its own group makes it ignore `*` groups that have real rules (§2).
 * Quiet when the token's own rules block everything and allow nothing (`Disallow: /`, the usual
 * AI-crawler block): the `*` rules could not change anything for it.
 */
function lintReplacedGlobal(robots: RobotsTxt, firstLineOfToken: ReadonlyMap<string, AgentLine>, add: Add): void {
  const globalGroups = robots.groups.filter((g) => g.agents.some((a) => a.isGlobal));
  if (globalGroups.length === 0) return;
  // Each `*` group's rules with a pattern (an empty Disallow changes nothing), counted once; and
  // the groups naming each token, in one pass (a large file names a few dozen tokens).
  const ruleCounts = new Map(globalGroups.map((g) => [g, g.rules.filter((r) => r.pattern.length > 0).length]));
  const namingGroups = new Map<string, Group[]>();
  for (const group of robots.groups) {
    for (const a of group.agents) {
      if (a.isGlobal) continue;
      const lower = toAsciiLower(a.token);
      const list = namingGroups.get(lower);
      if (list === undefined) namingGroups.set(lower, [group]);
      else if (list[list.length - 1] !== group) list.push(group);
    }
  }
  for (const [lower, agent] of firstLineOfToken) {
    const own = namingGroups.get(lower) ?? [];
    let blocksAll = false;
    let allowsSome = false;
    for (const group of own) {
      for (const r of group.rules) {
        if (r.kind === 'disallow') blocksAll ||= BLOCK_ALL_PATTERNS.has(r.pattern);
        else allowsSome ||= r.pattern.length > 0;
      }
    }
    if (blocksAll && !allowsSome) continue;
    const setAside = globalGroups.filter((g) => !own.includes(g));
    const ruleCount = setAside.reduce((n, g) => n + (ruleCounts.get(g) ?? 0), 0);
    if (ruleCount === 0) continue;
    const lines = setAside
      .map((g) => (g.firstLine === g.lastLine ? `${g.firstLine}` : `${g.firstLine}–${g.lastLine}`))
      .join(', ');
    add(
      agent.line,
      'warning',
      'global-replaced',
      `${agent.token} has its own group, so it ignores ${ruleCount === 1 ? 'the rule' : `all ${countOf(ruleCount, 'rule')}`} of the \`*\` group (line${setAside.length === 1 && !lines.includes('–') ? '' : 's'} ${lines}); repeat any it should obey here.`,
    );
  }
}

/** Patterns that match every path. */
const BLOCK_ALL_PATTERNS: ReadonlySet<string> = new Set(['/', '*', '/*', '/*$', '*$']);
