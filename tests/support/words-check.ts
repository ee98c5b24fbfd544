/**
 * Finds the small faults of wording a person notices in the extension's pages and files: a plural
 * after "1" or "one" ("1 lines", "one crawlers"), "(s)", a word said twice in a row ("Search
 * Search"), a label repeated by its value ("Index Indexable"), "just now ago", a literal backtick,
 * an internal id ("CU-12", "(CS-09)", "(D4)"), "Used by The" / "Used by No". Used by the component
 * tests (happy-dom), the real-browser scans of every extension page (words-scan.ts) and the checks
 * of the files the extension writes (CSV, report copy, evidence README).
 */

/** Plurals of the nouns the extension counts: "1 <plural>" and "one <plural>" are always faults. */
export const COUNTED_PLURALS = [
  'answers',
  'attempts',
  'bytes',
  'changes',
  'characters',
  'columns',
  'crawlers',
  'days',
  'differences',
  'directives',
  'divergences',
  'entries',
  'errors',
  'files',
  'findings',
  'fixes',
  'groups',
  'headers',
  'hits',
  'hosts',
  'hours',
  'items',
  'lenses',
  'lines',
  'links',
  'matches',
  'minutes',
  'notes',
  'origins',
  'pages',
  'parsers',
  'parts',
  'paths',
  'purposes',
  'redirects',
  'requests',
  'resources',
  'rows',
  'rules',
  'seconds',
  'signals',
  'sites',
  'sitemaps',
  'statements',
  'steps',
  'times',
  'tokens',
  'URLs',
  'versions',
  'warnings',
  'weeks',
] as const;

/** Words that may stand between a count and its noun: "1 unchanged lines", "one more crawlers". */
const COUNT_ADJECTIVES = ['unchanged', 'more', 'other', 'new', 'nested', 'kept', 'added', 'removed', 'blocked'];

export type WordFaultKind =
  | 'plural-after-one'
  | 'optional-plural'
  | 'repeated-word'
  | 'label-repeated-by-value'
  | 'just-now-ago'
  | 'backtick'
  | 'internal-id'
  | 'used-by-the-or-no';

export interface WordFault {
  readonly kind: WordFaultKind;
  /** The text found, with a few words around it. */
  readonly excerpt: string;
}

/**
 * Plurals that are never a verb: "one" is a pronoun too ("where one answers otherwise"), so after
 * "one" only these count as a fault.
 */
const NOUN_ONLY_PLURALS = [
  'bytes',
  'characters',
  'crawlers',
  'days',
  'entries',
  'findings',
  'hours',
  'lenses',
  'minutes',
  'pages',
  'parsers',
  'purposes',
  'rules',
  'seconds',
  'sitemaps',
  'sites',
  'statements',
  'tokens',
  'URLs',
  'versions',
  'weeks',
];

const countThen = (count: string, plurals: readonly string[]) =>
  new RegExp(`(?<![\\d.,#])\\b${count} (?:(?:${COUNT_ADJECTIVES.join('|')}) )?(?:${plurals.join('|')})\\b`, 'gi');
const PLURAL_AFTER_1 = countThen('1', COUNTED_PLURALS);
const PLURAL_AFTER_ONE = countThen('one', NOUN_ONLY_PLURALS);
/** "version(s)", "URL(s)": a plural left for the reader to work out. */
const OPTIONAL_PLURAL = /\p{L}\((?:s|es)\)/gu;
/** A word (letters, not a bare number: line numbers sit beside each other in a file view) said twice. */
const REPEATED_WORD = /(?<![\p{L}\p{N}_-])(\p{L}[\p{L}'’-]*)\s+\1(?![\p{L}\p{N}_-])/giu;
/** A capitalised label followed by a word of the same stem: "Index Indexable", "Fetch: Fetched". */
const LABEL_THEN_WORD = /(?<![\p{L}\p{N}_-])(\p{Lu}\p{L}{3,})(?=([:\s]\s*)(\p{L}{4,})(?![\p{L}\p{N}_-]))/gu;
const JUST_NOW_AGO = /just now ago/gi;
const BACKTICK = /`/g;
/** An internal rule id such as "CU-12" or "RP-03" (two capitals or more, a dash, two digits); not UTF-16. */
const RULE_ID = /\b(?!UTF-)[A-Z]{2,}-\d\d\b/g;
/** A case id in brackets: "(D4)", "(CS-9)", "(L12)"; not "(UTF-8)" nor a status "(HTTP 503)". */
const BRACKETED_ID = /\((?!UTF-|ISO-|SHA-)[A-Z]{1,3}-?\d{1,3}\)/g;
/** "Used by" followed by a sentence's capital or a "no": a list that is a sentence, or empty. */
const USED_BY_THE_OR_NO = /\bUsed by (?:The|No)\b/g;

/** Endings taken off a word before two words' stems are compared. */
const SUFFIXES = /(?:ability|ibility|able|ible|ation|ations|ings|ing|ers|er|ed|es|s)$/;

/** Returns the stem of a word, lower-cased, for the label-and-value check. */
function stemOf(word: string): string {
  const lower = word.toLowerCase();
  const stem = lower.replace(SUFFIXES, '');
  return stem.length >= 4 ? stem : lower;
}

/** Proper names that are never a label: the product's name before "robots.txt" ("Robotscope robots.txt report"). */
const NAMES_NOT_LABELS: ReadonlySet<string> = new Set(['Robotscope']);

/** Returns the label-then-value matches whose two words share a stem but are not the same word. */
function* labelRepeats(text: string): Generator<{ index: number; length: number }> {
  for (const match of text.matchAll(LABEL_THEN_WORD)) {
    // The value is looked ahead at, not taken: it may be the label of the next match.
    const [, label, gap, value] = match as unknown as [string, string, string, string];
    if (label.toLowerCase() === value.toLowerCase() || NAMES_NOT_LABELS.has(label)) continue;
    const a = stemOf(label);
    const b = stemOf(value);
    if (a === b || (a.length >= 5 && b.startsWith(a)) || (b.length >= 5 && a.startsWith(b))) {
      yield { index: match.index, length: label.length + gap.length + value.length };
    }
  }
}

const CHECKS: readonly (readonly [WordFaultKind, RegExp])[] = [
  ['plural-after-one', PLURAL_AFTER_1],
  ['plural-after-one', PLURAL_AFTER_ONE],
  ['optional-plural', OPTIONAL_PLURAL],
  ['repeated-word', REPEATED_WORD],
  ['just-now-ago', JUST_NOW_AGO],
  ['backtick', BACKTICK],
  ['internal-id', RULE_ID],
  ['internal-id', BRACKETED_ID],
  ['used-by-the-or-no', USED_BY_THE_OR_NO],
];

/** Returns the text around [at, at + length): 40 characters either side, white space made single. */
function excerptOf(text: string, at: number, length: number): string {
  return text
    .slice(Math.max(0, at - 40), at + length + 40)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Returns every wording fault in `text`, each with a short excerpt around it. */
export function findWordFaults(text: string): WordFault[] {
  const faults: WordFault[] = [];
  for (const [kind, pattern] of CHECKS) {
    for (const match of text.matchAll(pattern)) {
      faults.push({ kind, excerpt: excerptOf(text, match.index, match[0].length) });
    }
  }
  for (const { index, length } of labelRepeats(text)) {
    faults.push({ kind: 'label-repeated-by-value', excerpt: excerptOf(text, index, length) });
  }
  return faults;
}

/** Returns each fault as one line: "<where>: <kind>: “<excerpt>”". */
export function describeWordFaults(where: string, faults: readonly WordFault[]): string[] {
  return faults.map((f) => `${where}: ${f.kind}: “${f.excerpt}”`);
}

/**
 * Returns the prose of a Markdown file the extension writes (the evidence README): lines between
 * ``` fences, lines indented as code and `inline code` are quoted text, left out (Markdown's
 * backticks mark code; anywhere else a backtick is a fault).
 */
export function proseOf(markdown: string): string {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || /^( {4}|\t)/.test(line)) continue;
    out.push(line.replace(/`[^`\n]*`/g, 'code'));
  }
  return out.join('\n');
}
