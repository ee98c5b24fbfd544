/**
 * The public differential set (docs/semantics/lens.md §11, corpus/lens/public.jsonl): every lens
 * reproduces its column on every case, through both doors (the decoded text, and its UTF-8 bytes);
 * the RFC lens also its deciding line; and the engine agrees with the `google` column.
 */

import { describe, expect, it } from 'vitest';
import { type LensProfileId, LENS_PROFILES, readAs } from '../../../lib/lens/index';
import { compileRobots, evaluate, parseRobotsTxt } from '../../../lib/robots/index';
import {
  type DifferentialCase,
  HAS_LENS_CORPUS,
  LENS_COLUMNS,
  LENS_CORPUS_FILE,
  loadDifferentialCases,
} from './support';

if (!HAS_LENS_CORPUS) {
  console.warn(`lens corpus not found at ${LENS_CORPUS_FILE}: the differential tests did not run (set ROBOTS_CORPUS)`);
}

/**
 * Cases a lens cannot reproduce from the spec's rules, as `profile:id` → reason. Empty: every case
 * is reproduced. The test below asserts that exactly these fail, so the list stays true.
 */
const KNOWN_GAPS: ReadonlyMap<string, string> = new Map();

const cases = loadDifferentialCases();
const encoder = new TextEncoder();

/** Returns the ids of the cases where `profile` does not give its column's verdict (and, for rfc9309, line). */
function mismatches(profile: LensProfileId, door: 'text' | 'bytes'): string[] {
  const column = LENS_COLUMNS[profile];
  const out: string[] = [];
  for (const c of cases) {
    const robots = door === 'text' ? c.robots : encoder.encode(c.robots);
    const verdict = readAs(profile, { robots, robotsStatus: 200, url: c.url, userAgent: c.ua });
    const want = c[column] === 'A';
    const lineOk = profile !== 'rfc9309' || (verdict.line ?? 0) === c.rfc9309_line;
    if (verdict.allowed !== want || !lineOk) out.push(`${profile}:${c.id}`);
  }
  return out;
}

describe.skipIf(!HAS_LENS_CORPUS)('the public differential set (§11)', () => {
  it('has the 685 published cases, the 60 public ones among them', () => {
    expect(cases.length).toBe(685);
    expect(cases.filter((c) => c.family === 'public')).toHaveLength(60);
  });

  it.each(LENS_PROFILES.map((p) => [p]))('%s reproduces its column on every case, from the text', (profile) => {
    const gaps = [...KNOWN_GAPS.keys()].filter((k) => k.startsWith(`${profile}:`));
    expect(mismatches(profile, 'text')).toEqual(gaps);
  });

  it.each(LENS_PROFILES.map((p) => [p]))('%s reproduces its column on every case, from the UTF-8 bytes', (profile) => {
    const gaps = [...KNOWN_GAPS.keys()].filter((k) => k.startsWith(`${profile}:`));
    expect(mismatches(profile, 'bytes')).toEqual(gaps);
  });

  it('keeps KNOWN_GAPS empty: every case is reproduced from the spec', () => {
    expect([...KNOWN_GAPS.entries()]).toEqual([]);
  });

  it('agrees with the google column through the engine (sanity check of the reference)', () => {
    const wrong = cases.filter((c: DifferentialCase) => {
      const verdict = evaluate(compileRobots(parseRobotsTxt(c.robots)), c.url, c.ua);
      return (verdict.allowed ? 'A' : 'D') !== c.google || (verdict.rule?.rule.line ?? 0) !== c.google_line;
    });
    expect(wrong.map((c) => c.id)).toEqual([]);
  });
});
