/**
 * The engine's shortcuts pitted against its general paths on random, hostile and corpus inputs
 * (docs/semantics/robots.md §1, §3): the scanner's usual-line split (`Disallow: /x`) against the general
 * key/value split; a rule's text spelled from its kind and pattern (`ruleText`) against the line
 * the scanner read; a rule set's first answer (a scan that passes over
 * patterns by their second character) against the DP reference.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRobots, evaluate, parseRobotsTxt, parseRobotsTxtBytes, ruleText } from '../../../lib/robots/index';
import { bytesToByteString } from '../../../lib/robots/bytes';
import { getSpellings, ScannedLine, type ScanSource, scanRobotsTxt, splitDirective } from '../../../lib/robots/scan';
import type { RobotsTxt } from '../../../lib/robots/types';
import { CORPUS_DIR, createRandom, HAS_CORPUS, pick, referenceMatches } from './support';

const USUAL_PREFIXES = ['User-agent: ', 'Allow: ', 'Disallow: ', 'Sitemap: '];
const OTHER_PREFIXES = [
  'user-agent: ',
  'Disallow:',
  'Disallow :',
  'Disallowed: ',
  'Crawl-delay: ',
  'Allow:\t',
  ' Allow: ',
];
const VALUE_PIECES = [
  '/',
  '/a',
  'b',
  '*',
  '$',
  '%2f',
  '%zz',
  'é',
  'ツ',
  '\0',
  '#c',
  ' ',
  '\t',
  '\v',
  '\f',
  ':',
  '\u00A0',
  '\uFEFF',
  'index.html',
  '?q=1',
  'FooBot',
  'MJ12bot',
];
const ENDINGS = ['\n', '\r', '\r\n', '\n\r'];

/** A line that is usually written the usual way, with values that stress trimming, comments, NUL, escapes and the cut. */
function randomLine(random: () => number): string {
  let value = '';
  const pieces = Math.floor(random() * 5);
  for (let j = 0; j < pieces; j++) value += pick(random, VALUE_PIECES);
  if (random() < 0.02) value += '/x'.repeat(8_400);
  if (random() < 0.05) value = '/*a'.repeat(40) + value;
  return pick(random, random() < 0.7 ? USUAL_PREFIXES : OTHER_PREFIXES) + value;
}

function randomBody(random: () => number, lineCount: number): string {
  const lines = Array.from({ length: lineCount }, () => randomLine(random));
  let body = '';
  for (const line of lines) body += line + pick(random, ENDINGS);
  return (random() < 0.1 ? '\uFEFF' : '') + body;
}

/** Each directive line's text as the scanner reads it (trimmed, comment dropped, decoded for display), by line. */
function scannedTexts(source: ScanSource): Map<number, string> {
  const texts = new Map<number, string>();
  scanRobotsTxt(source, (facts) => {
    if (facts.kind === 'directive') texts.set(facts.line, facts.display(facts.text));
  });
  return texts;
}

/** Returns the rules whose ruleText differs from the line the scanner read, as `line: text` pairs (none expected). */
function misspelled(parsed: RobotsTxt, texts: Map<number, string>): string[] {
  const out: string[] = [];
  for (const group of parsed.groups)
    for (const rule of group.rules)
      if (ruleText(rule) !== texts.get(rule.line)) out.push(`${rule.line}: ${ruleText(rule)}`);
  return out;
}

describe('the usual line (docs/semantics/robots.md §1)', () => {
  it('is split exactly as the general key/value split splits it', () => {
    const random = createRandom(21);
    let usual = 0;
    for (let i = 0; i < 300; i++) {
      const body = randomBody(random, 20);
      scanRobotsTxt({ text: body, isByteString: false }, (facts) => {
        if (facts.kind !== 'directive' || facts.isTypo || facts.isMissingColon) return;
        const key = getSpellings(facts.source.charCodeAt(facts.textStart));
        if (key === undefined || !facts.source.startsWith(key.prefix, facts.textStart)) return;
        usual++;
        const general = new ScannedLine();
        general.colon = -1;
        expect(splitDirective(facts.source, facts.textStart, facts.textEnd, key, general)).toBe(true);
        const view = (f: ScannedLine): unknown => [f.key, f.keyStart, f.keyEnd, f.valueStart, f.valueEnd, f.isTypo];
        expect([facts.text, view(facts)]).toEqual([facts.text, view(general)]);
        // Only a value that follows `Key: ` directly counts as written the usual way.
        expect(facts.usualPrefix === null ? null : facts.valueStart).toBe(
          facts.usualPrefix === null ? null : facts.textStart + key.prefix.length,
        );
      });
    }
    expect(usual).toBeGreaterThan(1_000);
  });
});

describe('a rule’s text (ruleText)', () => {
  it('is the line as the scanner read it, for random, hostile and non-ASCII lines', () => {
    const random = createRandom(22);
    const encoder = new TextEncoder();
    let rules = 0;
    let kept = 0;
    for (let i = 0; i < 60; i++) {
      const body = randomBody(random, 300);
      const parsed = parseRobotsTxt(body);
      expect(misspelled(parsed, scannedTexts({ text: body, isByteString: false }))).toEqual([]);
      const bytes = encoder.encode(body);
      const fromBytes = parseRobotsTxtBytes(bytes);
      expect(misspelled(fromBytes, scannedTexts({ text: bytesToByteString(bytes), isByteString: true }))).toEqual([]);
      for (const group of parsed.groups) {
        rules += group.rules.length;
        kept += group.rules.filter((r) => r.written !== null).length;
      }
    }
    // Both kinds were met: lines written the usual way (no text kept) and the others.
    expect(kept).toBeGreaterThan(100);
    expect(rules - kept).toBeGreaterThan(100);
  });

  it('spells 40,000 usual lines, repeats and near-repeats, from their kind and pattern alone', () => {
    // Values over a tiny alphabet: most repeat, many are prefixes of others.
    const random = createRandom(24);
    const lines: string[] = ['User-agent: *'];
    for (let i = 0; i < 40_000; i++) {
      let value = '/';
      const length = Math.floor(random() * 12);
      for (let j = 0; j < length; j++) value += pick(random, ['a', 'b', '/']);
      lines.push(`${random() < 0.5 ? 'Allow' : 'Disallow'}: ${value}`);
    }
    const rules = parseRobotsTxt(lines.join('\n')).groups[0]?.rules ?? [];
    expect(rules.map((r) => ruleText(r))).toEqual(lines.slice(1));
    expect(rules.filter((r) => r.written !== null)).toEqual([]);
  });

  it.runIf(HAS_CORPUS)('is the line as the scanner read it in every corpus file, read as text and as bytes', () => {
    const files = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.txt'));
    let rules = 0;
    for (const name of files) {
      const bytes = readFileSync(join(CORPUS_DIR, name));
      const text = new TextDecoder().decode(bytes);
      const parsed = parseRobotsTxt(text);
      expect([name, misspelled(parsed, scannedTexts({ text, isByteString: false }))]).toEqual([name, []]);
      const fromBytes = parseRobotsTxtBytes(bytes);
      expect([
        name,
        misspelled(fromBytes, scannedTexts({ text: bytesToByteString(bytes), isByteString: true })),
      ]).toEqual([name, []]);
      for (const group of parsed.groups) rules += group.rules.length;
    }
    expect(rules).toBeGreaterThan(10_000);
  });
});

describe('a rule set’s first answer (docs/semantics/robots.md §3)', () => {
  const SHORT_PATTERNS = ['', '/', '*', '$', '/$', '/*', '/a', '/a$', '/*$', 'a', 'a/', '//', '/?', '$/'];
  const ALPHABET = ['/', 'a', 'b', '*', '$', '?', '.', 'index.html'];

  it('gives the reference verdict for every path, each asked of a freshly compiled file', () => {
    const random = createRandom(23);
    for (let i = 0; i < 3_000; i++) {
      const count = 1 + Math.floor(random() * 6);
      const rules = Array.from({ length: count }, () => {
        let pattern = pick(random, SHORT_PATTERNS);
        const pieces = Math.floor(random() * 3);
        for (let j = 0; j < pieces; j++) pattern += pick(random, ALPHABET);
        return { isAllow: random() < 0.5, pattern };
      });
      let path = pick(random, ['/', '/a', '/b', '/?', '/index.html', '/.']);
      const pieces = Math.floor(random() * 3);
      for (let j = 0; j < pieces; j++) path += pick(random, ALPHABET);
      if (path.startsWith('//')) path = `/a${path.slice(1)}`;
      const body = ['User-agent: *', ...rules.map((r) => `${r.isAllow ? 'Allow' : 'Disallow'}: ${r.pattern}`)].join(
        '\n',
      );
      // The reference decision (§3): best Allow against best Disallow, ties to Allow; the index.html
      // retry left aside by only counting paths it cannot reach.
      let allow = -1;
      let disallow = -1;
      for (const rule of rules) {
        if (!referenceMatches(rule.pattern, path)) continue;
        if (rule.isAllow) allow = Math.max(allow, rule.pattern.length);
        else disallow = Math.max(disallow, rule.pattern.length);
      }
      const hasRetry = rules.some((r) => r.isAllow && /\/index\.htm[^/]*$/.test(r.pattern)) && path.endsWith('/');
      if (hasRetry) continue;
      const expected = !(disallow > 0 && disallow > allow);
      // A path is matched as given: it starts with one `/`, so the URL-to-path step keeps it whole.
      expect({ body, path, allowed: evaluate(compileRobots(parseRobotsTxt(body)), path, 'FooBot').allowed }).toEqual({
        body,
        path,
        allowed: expected,
      });
    }
  });
});
