/**
 * Property test of the lens fixes: over the lens corpus and the real
 * robots.txt files, as text and as bytes, with a BOM, CRLF, CR-only line ends and multi-byte UTF-8
 * before the edited lines, every fix offered is re-read as the popup copies it — the fixed file's
 * text, and its bytes for a bytes body — and must keep Google's verdict on every URL checked, keep
 * every other line whole (against the text a plain `new TextDecoder()` reads from the original),
 * and make the finding's lenses agree with Google. Deterministic samples keep it quick.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDivergences, googleReading, readAs } from '../../../lib/lens/index';
import { CORPUS_DIR } from '../robots/support';
import { HAS_LENS_CORPUS, loadDifferentialCases } from './support';

const LINE_BREAK = /\r\n|\r|\n/;
const encoder = new TextEncoder();

/** One way the same file can reach the finder. */
interface Variant {
  readonly name: string;
  /** Rewrites the file's text before it is given (line ends, a line of multi-byte text on top). */
  readonly text: (robots: string) => string;
  readonly asBytes: boolean;
  readonly bom: boolean;
}

const VARIANTS: readonly Variant[] = [
  { name: 'text', text: (t) => t, asBytes: false, bom: false },
  { name: 'bytes', text: (t) => t, asBytes: true, bom: false },
  { name: 'bytes with a BOM', text: (t) => t, asBytes: true, bom: true },
  { name: 'bytes with a BOM and CRLF', text: (t) => t.split(LINE_BREAK).join('\r\n'), asBytes: true, bom: true },
  { name: 'bytes with CR-only line ends', text: (t) => t.split(LINE_BREAK).join('\r'), asBytes: true, bom: false },
  {
    name: 'bytes with a BOM and multi-byte UTF-8 on top',
    text: (t) => `# Café 日本語 😀 Ünïcödé\n${t}`,
    asBytes: true,
    bom: true,
  },
];

const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

function toBody(text: string, variant: Variant): string | Uint8Array {
  if (!variant.asBytes) return text;
  const bytes = encoder.encode(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (!variant.bom && !text.startsWith('\uFEFF')) return bytes;
  const out = new Uint8Array(bytes.length + 3);
  out.set(BOM);
  out.set(bytes, 3);
  return out;
}

/** URLs made from a file's own rule paths (as the popup probes them), the first few. */
function probeUrls(text: string, max: number): string[] {
  const urls = ['https://e.com/'];
  for (const line of text.split(LINE_BREAK)) {
    const m = /^[ \t]*(?:allow|disallow)[ \t]*:[ \t]*([^#\s]*)/i.exec(line);
    const value = m?.[1] ?? '';
    if (!value.startsWith('/')) continue;
    try {
      const url = new URL(value.replace(/\$$/, '').replace(/\*/g, 'a'), 'https://e.com').href;
      if (!urls.includes(url)) urls.push(url);
    } catch {
      continue;
    }
    if (urls.length >= max) break;
  }
  return urls;
}

interface Tally {
  offered: number;
  refused: number;
  bomFixesOnBytes: number;
}

/** Runs the finder on one body and checks every fix it offers; returns what it counted. */
function checkFixes(body: string | Uint8Array, userAgent: string, urls: readonly string[], tally: Tally): void {
  // The original as the popup reads it, independently of the library: the WHATWG decode.
  const original = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const originalLines = original.split(LINE_BREAK);
  const google = (robots: string, url: string): boolean =>
    googleReading({ robots, robotsStatus: 200, url, userAgent }).allowed;
  for (const finding of findDivergences({ robots: body, userAgent, urls })) {
    const fix = finding.fix;
    if (fix === null) {
      if (finding.noFix !== null) {
        tally.refused++;
        expect(finding.noFix).toMatch(/^No fix is offered: /);
      }
      continue;
    }
    tally.offered++;
    const where = `${finding.kind} line ${finding.line}: ${fix.label}`;
    // The bytes read back as the text Copy copies.
    if (typeof body !== 'string') {
      expect(fix.bytes, where).not.toBeNull();
      expect(new TextDecoder().decode(fix.bytes ?? new Uint8Array()), where).toBe(fix.text);
      if (finding.kind === 'bom') tally.bomFixesOnBytes++;
    }
    // Whole lines: before `from` and after `to` the lines are the original's, in between the fix's own.
    const fixedLines = fix.text.split(LINE_BREAK);
    if (fix.from === 0) {
      expect(fix.text, where).toBe(original.startsWith('\uFEFF') ? original.slice(1) : original);
    } else {
      const kept = fix.from - 1;
      const after = originalLines.length - fix.to;
      expect(fixedLines.slice(0, kept), where).toEqual(originalLines.slice(0, kept));
      expect(fixedLines.slice(fixedLines.length - after), where).toEqual(originalLines.slice(fix.to));
      expect(fixedLines.slice(kept, fixedLines.length - after), where).toEqual(fix.lines);
    }
    // Google's verdict stays on every URL checked.
    for (const url of urls) expect(google(fix.text, url), `${where} ${url}`).toBe(google(original, url));
    // The finding's lenses now agree with Google, on the copied text and on the fixed bytes.
    const fixedBodies: (string | Uint8Array)[] = fix.bytes === null ? [fix.text] : [fix.text, fix.bytes];
    for (const fixed of fixedBodies) {
      for (const profile of finding.profiles) {
        for (const url of finding.urls) {
          const lens = readAs(profile, { robots: fixed, robotsStatus: 200, url, userAgent });
          expect(lens.allowed, `${where} ${profile} ${url}`).toBe(google(original, url));
        }
      }
    }
  }
}

describe.skipIf(!HAS_LENS_CORPUS)('every offered fix is proven on what Copy copies', () => {
  it('over the lens corpus, as text and as bytes (BOM, CRLF, CR, multi-byte UTF-8)', () => {
    const cases = loadDifferentialCases();
    const tally: Tally = { offered: 0, refused: 0, bomFixesOnBytes: 0 };
    // Every other case, one variant each in turn (the case index picks it: deterministic).
    cases.forEach((c, i) => {
      if (i % 2 === 1) return;
      const variant = VARIANTS[(i / 2) % VARIANTS.length] as Variant;
      checkFixes(toBody(variant.text(c.robots), variant), c.ua, [c.url, ...probeUrls(c.robots, 4)], tally);
    });
    expect(tally.offered).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.bomFixesOnBytes).toBeGreaterThan(0);
  }, 30_000);

  it('over the real robots.txt files, as text and as bytes', () => {
    const files = readdirSync(CORPUS_DIR)
      .filter((f) => f.endsWith('.txt'))
      .sort();
    const tally: Tally = { offered: 0, refused: 0, bomFixesOnBytes: 0 };
    // Every sixth file (deterministic), each in one variant, for two crawler names.
    files
      .filter((_, i) => i % 6 === 0)
      .forEach((file, i) => {
        const text = readFileSync(join(CORPUS_DIR, file), 'utf8');
        if (text.length > 60_000) return;
        const variant = VARIANTS[i % VARIANTS.length] as Variant;
        const urls = probeUrls(text, 12);
        for (const userAgent of ['Googlebot', 'GPTBot'])
          checkFixes(toBody(variant.text(text), variant), userAgent, urls, tally);
      });
    expect(tally.offered).toBeGreaterThan(10);
  }, 30_000);

  it('the BOM fix on bytes gives a correct file: the * group header intact', () => {
    const text = 'User-agent: *\nDisallow: /\nAllow: /a%2Fb/\n';
    const body = toBody(text, VARIANTS[2] as Variant);
    const findings = findDivergences({ robots: body, userAgent: 'ExampleBot', urls: ['https://e.com/x'] });
    const bom = findings.find((f) => f.kind === 'bom');
    expect(bom?.fix?.label).toBe('Remove the byte-order mark');
    expect(bom?.fix?.text).toBe(text);
    expect(bom?.fix?.bytes).toEqual(encoder.encode(text));
    expect(bom?.fix?.from).toBe(0);
  });
});
