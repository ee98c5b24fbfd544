/**
 * Finds the small faults of wording a person notices in the extension's pages: a plural after
 * "1" ("1 URLs"), a word said twice in a row ("Indexable Indexable"), "just now ago", a literal
 * backtick, an internal rule id ("CU-12"). Used by the component tests (happy-dom) and the
 * real-browser scans of the popup, the options page and the workbench.
 */

/** Nouns the extension counts: "1 <noun>s" is always a fault. */
export const COUNTED_NOUNS = [
  'byte',
  'crawler',
  'day',
  'entry',
  'file',
  'finding',
  'group',
  'hit',
  'host',
  'hour',
  'line',
  'link',
  'match',
  'minute',
  'origin',
  'path',
  'resource',
  'rule',
  'second',
  'site',
  'sitemap',
  'statement',
  'time',
  'token',
  'URL',
  'version',
  'warning',
] as const;

export interface WordFault {
  readonly kind: 'plural-after-one' | 'repeated-word' | 'just-now-ago' | 'backtick' | 'rule-id';
  /** The text found, with a few words around it. */
  readonly excerpt: string;
}

/** The plural of a counted noun: "entries", "matches", "lines". */
const pluralOf = (noun: string) =>
  noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : noun.endsWith('ch') ? `${noun}es` : `${noun}s`;
const PLURAL_AFTER_ONE = new RegExp(`(?<![\\d.,])\\b1 (?:${COUNTED_NOUNS.map(pluralOf).join('|')})\\b`, 'gi');
/** A word (letters, not a bare number: line numbers sit beside each other in a file view) said twice. */
const REPEATED_WORD = /(?<![\p{L}\p{N}_-])(\p{L}[\p{L}'’-]*)\s+\1(?![\p{L}\p{N}_-])/giu;
const JUST_NOW_AGO = /just now ago/gi;
const BACKTICK = /`/g;
/** An internal rule id such as "CU-12" or "RP-03" (two capitals or more, a dash, two digits); not UTF-16. */
const RULE_ID = /\b(?!UTF-)[A-Z]{2,}-\d\d\b/g;

const CHECKS: readonly (readonly [WordFault['kind'], RegExp])[] = [
  ['plural-after-one', PLURAL_AFTER_ONE],
  ['repeated-word', REPEATED_WORD],
  ['just-now-ago', JUST_NOW_AGO],
  ['backtick', BACKTICK],
  ['rule-id', RULE_ID],
];

/** Returns every wording fault in `text`, each with a short excerpt around it. */
export function findWordFaults(text: string): WordFault[] {
  const faults: WordFault[] = [];
  for (const [kind, pattern] of CHECKS) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index;
      const excerpt = text
        .slice(Math.max(0, at - 40), at + match[0].length + 40)
        .replace(/\s+/g, ' ')
        .trim();
      faults.push({ kind, excerpt });
    }
  }
  return faults;
}
