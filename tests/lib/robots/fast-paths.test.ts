/**
 * The engine's shortcuts pitted against its general paths on random, hostile and corpus inputs
 * (SEMANTICS.md §1, §3): the scanner's usual-line split (`Disallow: /x`) against the general
 * key/value split; the parser's large-body rule builder (copied strings, repeats shared through a
 * hashed table) against the small body's; a rule set's first answer (a scan that passes over
 * patterns by their second character) against the DP reference.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRobots, evaluate, parseRobotsTxt, parseRobotsTxtBytes } from '../../../lib/robots/index';
import { getSpellings, ScannedLine, scanRobotsTxt, splitDirective } from '../../../lib/robots/scan';
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

/** Over 64 KiB of comment, so the parser takes its large-body path; one more line at the end. */
const PADDING = `\n# ${'x'.repeat(70_000)}`;

/** The parsed form as JSON, without the line count (the padding adds a line). */
function readAs(parsed: ReturnType<typeof parseRobotsTxt>): string {
  return JSON.stringify({ ...parsed, lineCount: 0 });
}

describe('the usual line (SEMANTICS §1)', () => {
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

describe('a body over 64 KiB', () => {
  it('reads random, hostile and non-ASCII lines exactly as the same lines in a small body', () => {
    const random = createRandom(22);
    const encoder = new TextEncoder();
    for (let i = 0; i < 60; i++) {
      // Few distinct values, so that many rules repeat or share a slot of the repeats table.
      const small = randomBody(random, 300);
      expect(readAs(parseRobotsTxt(small + PADDING))).toBe(readAs(parseRobotsTxt(small)));
      expect(readAs(parseRobotsTxtBytes(encoder.encode(small + PADDING)))).toBe(
        readAs(parseRobotsTxtBytes(encoder.encode(small))),
      );
    }
  });

  it('keeps each rule’s own text and pattern among 40,000 repeats and near-repeats', () => {
    // Values over a tiny alphabet: most repeat, many are prefixes of others, and the repeats table
    // (16,384 slots) is full, so slots are shared by rules that differ.
    const random = createRandom(24);
    const lines: string[] = ['User-agent: *'];
    for (let i = 0; i < 40_000; i++) {
      let value = '/';
      const length = Math.floor(random() * 12);
      for (let j = 0; j < length; j++) value += pick(random, ['a', 'b', '/']);
      lines.push(`${random() < 0.5 ? 'Allow' : 'Disallow'}: ${value}`);
    }
    const rules = parseRobotsTxt(lines.join('\n')).groups[0]?.rules ?? [];
    expect(rules.map((r) => r.text)).toEqual(lines.slice(1));
    expect(rules.map((r) => `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}`)).toEqual(lines.slice(1));
  });

  it.runIf(HAS_CORPUS)('reads every small corpus file exactly as the same file made large', () => {
    const files = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.txt'));
    let compared = 0;
    for (const name of files) {
      const bytes = readFileSync(join(CORPUS_DIR, name));
      if (bytes.length > 60_000) continue;
      const text = new TextDecoder().decode(bytes);
      expect([name, readAs(parseRobotsTxt(text + PADDING))]).toEqual([name, readAs(parseRobotsTxt(text))]);
      const padded = new Uint8Array(bytes.length + PADDING.length);
      padded.set(bytes);
      padded.set(new TextEncoder().encode(PADDING), bytes.length);
      expect([name, readAs(parseRobotsTxtBytes(padded))]).toEqual([name, readAs(parseRobotsTxtBytes(bytes))]);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('a rule set’s first answer (SEMANTICS §3)', () => {
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
