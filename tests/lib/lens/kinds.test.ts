/**
 * The kind of difference (docs/semantics/lens.md §9) the finder names for each public case of §10, with
 * its line, lenses and whether a fix is offered, as §10.1 explains them; and every lens that
 * disagrees with Google in the §10 table is explained by some finding.
 */

import { describe, expect, it } from 'vitest';
import { type DivergenceKind, findDivergences, type LensProfileId } from '../../../lib/lens/index';
import { PUBLIC_CASES } from './public-cases';

type Expected = readonly [
  kind: DivergenceKind,
  line: number | null,
  profiles: readonly LensProfileId[],
  hasFix: boolean,
];

/** §10.1, case by case. */
const EXPECTED_KINDS: Readonly<Record<string, readonly Expected[]>> = {
  P01: [['bom', 1, ['py-legacy', 'py-rfc', 'rfc9309'], true]],
  P02: [],
  P03: [['line-break', 1, ['py-legacy', 'py-rfc', 'protego', 'crawler-commons'], false]],
  P04: [['line-break', 1, ['py-legacy', 'py-rfc', 'protego'], false]],
  P05: [['blank-line', 2, ['py-legacy'], true]],
  P06: [['missing-colon', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'], true]],
  P07: [['missing-colon', 2, ['py-legacy', 'py-rfc', 'robots-parser', 'rfc9309'], true]],
  P08: [['missing-colon', 1, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'], true]],
  P09: [['key-spelling', 2, ['py-legacy', 'py-rfc', 'robots-parser', 'rfc9309'], true]],
  P10: [['key-spelling', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'crawler-commons', 'rfc9309'], true]],
  P11: [['key-spelling', 1, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'], true]],
  P12: [['missing-colon', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'], true]],
  P13: [['whitespace', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser'], false]],
  P14: [['line-cut', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'crawler-commons', 'rfc9309'], false]],
  P15: [['html-guard', 3, ['crawler-commons'], false]],
  P16: [['blank-line', 2, ['py-legacy'], true]],
  P17: [['blank-line', 3, ['py-legacy'], true]],
  P18: [['group-split', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser'], true]],
  P19: [['group-split', 2, ['protego', 'robots-parser'], true]],
  P20: [['group-split', 2, ['protego', 'robots-parser'], true]],
  P21: [],
  P22: [['empty-group', 4, ['py-legacy', 'robots-parser'], true]],
  P23: [['group-merge', 7, ['py-legacy'], true]],
  P24: [['group-merge', 4, ['py-legacy'], true]],
  P25: [['group-merge', 10, ['py-legacy'], true]],
  P26: [['group-merge', 4, ['py-legacy'], true]],
  P27: [['group-split', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser'], true]],
  P28: [['name-substring', 1, ['py-legacy', 'py-rfc', 'protego'], true]],
  P29: [['name-substring', 1, ['py-legacy', 'py-rfc', 'protego'], true]],
  P30: [['name-truncation', 1, ['py-legacy', 'py-rfc', 'protego', 'rfc9309'], true]],
  P31: [['name-truncation', 1, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'], true]],
  P32: [['name-truncation', 1, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'rfc9309'], true]],
  P33: [],
  P34: [['name-substring', 1, ['protego'], true]],
  P35: [['name-substring', 1, ['py-legacy', 'py-rfc'], true]],
  P36: [
    ['name-truncation', 1, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'crawler-commons', 'rfc9309'], true],
  ],
  P37: [['name-truncation', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser', 'crawler-commons'], false]],
  P38: [['name-truncation', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser'], false]],
  P39: [['name-substring', 1, ['py-legacy'], true]],
  P40: [['name-truncation', 2, ['py-legacy', 'py-rfc', 'protego', 'robots-parser'], false]],
  P41: [['first-match', 3, ['py-legacy'], true]],
  P42: [['first-match', 3, ['py-legacy'], true]],
  P43: [['match-length', 2, ['py-rfc'], false]],
  P44: [
    ['wildcard', 2, ['py-legacy'], false],
    ['wildcard-scan', 2, ['crawler-commons'], false],
  ],
  P45: [['dollar', 2, ['py-rfc', 'crawler-commons', 'rfc9309'], false]],
  P46: [
    ['wildcard', 2, ['py-legacy'], false],
    ['wildcard', 2, ['rfc9309'], true],
  ],
  P47: [['wildcard', 2, ['py-legacy'], false]],
  P48: [['first-match', 3, ['py-legacy'], true]],
  P49: [['first-match', 3, ['py-legacy'], true]],
  P50: [['index-html', 2, ['py-legacy', 'py-rfc', 'robots-parser', 'rfc9309'], false]],
  P51: [['index-html', 2, ['crawler-commons'], false]],
  P52: [['robots-txt-implicit', 2, ['py-rfc', 'crawler-commons', 'rfc9309'], false]],
  P53: [
    ['wildcard', 2, ['py-legacy'], false],
    ['dollar', 2, ['protego'], false],
  ],
  P54: [
    ['wildcard', 2, ['py-legacy'], false],
    ['fragment', 2, ['py-rfc', 'protego'], false],
  ],
  P55: [['decoding', 2, ['py-legacy', 'py-rfc'], false]],
  P56: [['decoding', 2, ['py-legacy', 'py-rfc', 'protego', 'crawler-commons', 'rfc9309'], false]],
  P57: [],
  P58: [
    ['decoding', 2, ['robots-parser'], false],
    ['url-refused', 2, ['crawler-commons'], false],
  ],
  P59: [['url-refused', 2, ['crawler-commons'], false]],
  P60: [['decoding', 2, ['py-legacy', 'py-rfc'], false]],
};

const ORIGIN = 'https://e.com';

describe('the kinds of difference for the public cases (§9, §10.1)', () => {
  const rows = PUBLIC_CASES.map((c) => ({ ...c, expected: EXPECTED_KINDS[c.id] ?? [] }));

  it.each(rows)('$source: names the kind of "$what"', ({ robots, userAgent, path, expected }) => {
    const findings = findDivergences({ robots, userAgent, urls: [ORIGIN + path] });
    // P13, P55, P56, P60: the edit would move Google's own verdict, so it is explained, not offered.
    expect(findings.map((f) => [f.kind, f.line, f.profiles, f.fix !== null])).toEqual(expected);
  });

  it.each(rows)(
    '$source: explains every lens that differs from Google',
    ({ robots, userAgent, path, google, lenses }) => {
      const findings = findDivergences({ robots, userAgent, urls: [ORIGIN + path] });
      const differing = (Object.keys(lenses) as LensProfileId[]).filter((p) => lenses[p] !== google);
      expect(new Set(findings.flatMap((f) => f.profiles))).toEqual(new Set(differing));
      expect(findings.every((f) => f.kind !== 'other')).toBe(true);
    },
  );
});
