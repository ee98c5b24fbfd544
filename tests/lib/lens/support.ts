/**
 * Test support for the lenses: where the differential set of docs/semantics/lens.md §11 is, its rows, and
 * which column holds each lens's verdict.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LensProfileId } from '../../../lib/lens/index';
import { CORPUS_DIR } from '../robots/support';

export { createRandom, pick } from '../robots/support';

/** The public differential set (§11.1): ../shared/corpus/lens/public.jsonl, or $ROBOTS_CORPUS/lens/public.jsonl. */
export const LENS_CORPUS_FILE = join(CORPUS_DIR, 'lens', 'public.jsonl');
export const HAS_LENS_CORPUS = existsSync(LENS_CORPUS_FILE);

type Letter = 'A' | 'D';

/** One row of the differential set, as §11.1 describes it. */
export interface DifferentialCase {
  readonly id: string;
  readonly family: string;
  readonly what: string;
  readonly robots: string;
  readonly ua: string;
  readonly url: string;
  readonly google: Letter;
  readonly google_line: number;
  readonly py_old: Letter;
  readonly py_new: Letter;
  readonly protego: Letter;
  readonly robots_parser: Letter;
  readonly crawler_commons: Letter;
  readonly crawler_commons_libdefault: Letter;
  readonly rfc9309: Letter;
  readonly rfc9309_line: number;
}

/** The column of §11.4 each lens must reproduce. */
export const LENS_COLUMNS: Readonly<Record<LensProfileId, keyof DifferentialCase>> = {
  'py-legacy': 'py_old',
  'py-rfc': 'py_new',
  protego: 'protego',
  'robots-parser': 'robots_parser',
  'crawler-commons': 'crawler_commons',
  rfc9309: 'rfc9309',
};

/** Returns the rows of the public differential set (empty when the file is absent). */
export function loadDifferentialCases(): DifferentialCase[] {
  if (!HAS_LENS_CORPUS) return [];
  return readFileSync(LENS_CORPUS_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DifferentialCase);
}
