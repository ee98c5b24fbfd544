/**
 * Content-Usage (AIPREF): reading a preference statement's categories (docs/semantics/usage.md §3.2 steps 3–7),
 * the robots.txt rule with its optional path (§3.3) and the combined response header (§3.4).
 */
import { normalizePattern } from '../robots/parse';
import { parseSfDictionary, type SfDictionaryResult } from './parse-sf-dictionary';

/** The AIPREF category labels Robotscope reads (vocab -07), and the purpose each states. */
export const AIPREF_LABELS = { 'train-ai': 'ai-train', search: 'search' } as const;
export type AiprefLabel = keyof typeof AIPREF_LABELS;

/** Labels of earlier drafts, unknown keys today (CU-03), with the draft that last had them ([S3]). */
export const OBSOLETE_AIPREF_LABELS: ReadonlyMap<string, string> = new Map([
  ['tdm', 'vocab -01'],
  ['ai', 'vocab -01'],
  ['genai', 'vocab -01'],
  ['inference', 'vocab -01'],
  ['all', 'vocab -02'],
  ['ai-use', 'vocab -02'],
  ['bots', 'vocab -03/-04 (a parent label, gone since -05)'],
  ['train-genai', 'vocab -03'],
  ['ai-output', 'vocab -04'],
]);

/** What a statement says for one category: `y` allowed, `n` disallowed, anything else unstated. */
export type Preference = 'allowed' | 'disallowed' | 'unstated';

/** A parsed AIPREF statement: the dictionary (or its failure) and each category's preference. */
export interface AiprefStatement {
  /** The statement text as read. */
  readonly text: string;
  readonly parsed: SfDictionaryResult;
  readonly search: Preference;
  readonly 'train-ai': Preference;
}

/** Returns the categories of an AIPREF statement (§3.2): a parse failure leaves every category unstated. */
export function parseAiprefStatement(text: string): AiprefStatement {
  const parsed = parseSfDictionary(text);
  return { text, parsed, search: readLabel(parsed, 'search'), 'train-ai': readLabel(parsed, 'train-ai') };
}

function readLabel(parsed: SfDictionaryResult, label: AiprefLabel): Preference {
  if (parsed.kind !== 'dictionary') return 'unstated';
  const item = parsed.members.get(label)?.item;
  if (item?.kind !== 'token') return 'unstated';
  // Case-sensitive: the Tokens `Y` and `N` are not `y` and `n` (§3.2 step 5).
  if (item.value === 'y') return 'allowed';
  if (item.value === 'n') return 'disallowed';
  return 'unstated';
}

/** A Content-Usage robots.txt rule (§3.3). */
export interface ContentUsageRule {
  /** The path as written, or null when absent (the value does not start with `/`). */
  readonly rawPath: string | null;
  /** The normalised pattern (`%xx` upper-cased, bytes ≥ 0x80 escaped); '' when the path is absent. Its length is the priority. */
  readonly pattern: string;
  readonly statement: AiprefStatement;
}

const isWs = (c: number): boolean => c === 0x20 || c === 0x09;

/**
 * Returns a Content-Usage rule's path and statement from its value (trimmed, comment cut): a value
 * starting with `/` has a path up to the first SP/HTAB and the statement after the whole SP/HTAB
 * run; any other value is a statement with no path (priority 0, §3.3).
 */
export function parseContentUsageRule(value: string): ContentUsageRule {
  if (value.charCodeAt(0) !== 0x2f) return { rawPath: null, pattern: '', statement: parseAiprefStatement(value) };
  let end = 0;
  while (end < value.length && !isWs(value.charCodeAt(end))) end++;
  let rest = end;
  while (rest < value.length && isWs(value.charCodeAt(rest))) rest++;
  const rawPath = value.slice(0, end);
  return { rawPath, pattern: normalizePattern(rawPath), statement: parseAiprefStatement(value.slice(rest)) };
}
