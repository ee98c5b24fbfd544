/**
 * Every real robots.txt of the shared corpus (BOMs, CR-only, UTF-16, Latin-1, HTML pages, files
 * over 500 KiB) parses without throwing, through both doors, with the line count §1 gives; the
 * linter and the evaluator run on each; the crawled-URL lists agree between the direct scan, the
 * indexed matcher and isAllowed.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compileRobots,
  evaluate,
  isAllowed,
  lintRobotsTxt,
  parseRobotsTxt,
  parseRobotsTxtBytes,
} from '../../../lib/robots/index';
import { classifyLines } from '../../../lib/robots/lint';
import { CORPUS_DIR, HAS_CORPUS } from './support';

if (!HAS_CORPUS) console.warn(`corpus not found at ${CORPUS_DIR}: corpus tests did not run (set ROBOTS_CORPUS)`);

const files = HAS_CORPUS
  ? readdirSync(CORPUS_DIR)
      .filter((name) => name.endsWith('.txt'))
      .sort()
  : [];

/** Line count by §1, straight from the bytes: one line, plus one per LF, CR or CRLF. */
function countLines(bytes: Uint8Array): number {
  let lines = 1;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) lines++;
    else if (bytes[i] === 0x0d) {
      lines++;
      if (bytes[i + 1] === 0x0a) i++;
    }
  }
  return lines;
}

describe.skipIf(!HAS_CORPUS)('the shared corpus', () => {
  it('has the robots.txt files the manifest promises', () => {
    expect(files.length).toBeGreaterThanOrEqual(240);
  });

  it.each(files)('parses %s with the right line count', (name) => {
    const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, name)));
    const expected = countLines(bytes);
    const fromBytes = parseRobotsTxtBytes(bytes);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const fromText = parseRobotsTxt(text);
    expect(fromBytes.lineCount).toBe(expected);
    expect(fromText.lineCount).toBe(expected);
    // Both doors see the same structure wherever the bytes are valid UTF-8.
    expect(fromText.groups.length).toBe(fromBytes.groups.length);
    const lines = classifyLines(text);
    expect(lines).toHaveLength(expected);
    expect(lines.map((l) => l.line)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    for (const d of lintRobotsTxt(text, fromText)) {
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.line).toBeLessThanOrEqual(expected);
      expect(d.message.length).toBeGreaterThan(0);
    }
    for (const ua of ['Googlebot', 'GPTBot', '*', '']) {
      expect(typeof evaluate(compileRobots(fromBytes), '/', ua).allowed).toBe('boolean');
    }
  });

  const urlLists =
    HAS_CORPUS && existsSync(join(CORPUS_DIR, 'urls')) ? readdirSync(join(CORPUS_DIR, 'urls')).sort() : [];

  it.each(urlLists)('gives one answer per URL of urls/%s, whichever path computes it', (name) => {
    const host = name.replace(/@.*$/, '').replace(/\.txt$/, '');
    const robotsFile = join(CORPUS_DIR, `${host}.txt`);
    expect(existsSync(robotsFile)).toBe(true);
    const robots = compileRobots(parseRobotsTxt(readFileSync(robotsFile, 'utf8')), { scansBeforeIndex: 1 });
    const urls = readFileSync(join(CORPUS_DIR, 'urls', name), 'utf8')
      .split('\n')
      .filter((u) => u.length > 0);
    const body = readFileSync(robotsFile, 'utf8');
    for (const ua of ['Googlebot', 'bingbot']) {
      // After its first URL a selection is answered by the indexed matcher ...
      const indexed = urls.map((u) => evaluate(robots, u, ua));
      expect(urls.map((u) => isAllowed(robots, u, ua))).toEqual(indexed.map((v) => v.allowed));
      // ... while a fresh parse answers its first URL by scanning the rules.
      for (const [i, url] of urls.slice(0, 100).entries())
        expect(evaluate(compileRobots(parseRobotsTxt(body)), url, ua)).toEqual(indexed[i]);
    }
  });
});
