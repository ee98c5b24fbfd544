/**
 * `Content-Signal:` and `Content-Usage:` lines: what a site says about how its content may be used
 * after it is fetched. They do not change matching: Allow and Disallow decide as before, and a
 * crawler that ignores these lines (Google's parser skips unknown keys, docs/semantics/robots.md §1) reaches the
 * same verdict. To our knowledge no crawler operator documents honouring either line; we say so
 * rather than guess.
 *
 * - Content-Signal: Cloudflare's Content Signals Policy (contentsignals.org, 2025), written in the
 *   files Cloudflare manages, e.g. `Content-Signal: search=yes, ai-train=no`. Keys `search`,
 *   `ai-input`, `ai-train`; values `yes` or `no`.
 * - Content-Usage: the IETF AI Preferences working group's drafts (draft-ietf-aipref-vocab,
 *   draft-ietf-aipref-attach), e.g. `Content-Usage: train-ai=n`, optionally after a path. Values `y`
 *   or `n`. The drafts are unfinished, so keys we do not list are shown as written, not as errors.
 *
 * The lines, their groups and their values are read by the robots parser and lib/usage's readers
 * (docs/semantics/usage.md §3.1–§3.5), the same reading as the Use verdict and the lint; this module only puts
 * them in words for the popup.
 */
import { parseRobotsTxt } from '../robots/parse';
import type { RobotsTxt } from '../robots/types';
import { parseContentSignal } from '../usage/parse-content-signal';
import { OBSOLETE_AIPREF_LABELS, parseContentUsageRule } from '../usage/parse-content-usage';
import type { SfBareItem } from '../usage/parse-sf-dictionary';
import { findUsageKey } from '../usage/robots-usage';

export type SignalDirective = 'Content-Signal' | 'Content-Usage';

export interface SignalEntry {
  readonly key: string;
  readonly value: string;
  /** What the key and value mean in words, or null for a key we do not know. */
  readonly meaning: string | null;
}

export interface ContentSignalLine {
  /** 1-based line number. */
  readonly line: number;
  readonly directive: SignalDirective;
  /** The value as written (after the colon, trimmed, comment removed). */
  readonly value: string;
  /** The User-agent values of the group the line is in; empty when it comes before any group. */
  readonly agents: readonly string[];
  /** Content-Usage's optional path the preferences apply to, or null (the whole site). */
  readonly path: string | null;
  readonly entries: readonly SignalEntry[];
  /** What is wrong with the line, in words; empty when it is well formed. */
  readonly problems: readonly string[];
}

const SIGNAL_KEYS: Readonly<Record<string, string>> = {
  search: 'building a search index and showing links and excerpts in search results',
  'ai-input': 'feeding the content into an AI model to answer a question (retrieval, grounding)',
  'ai-train': 'training or fine-tuning AI models',
};

const USAGE_KEYS: Readonly<Record<string, string>> = {
  'train-ai': 'training AI models',
  search: 'search',
};

/** Returns the meaning of one entry in words, or null for an unknown key. */
function meaningOf(directive: SignalDirective, key: string, value: string): string | null {
  const keys = directive === 'Content-Signal' ? SIGNAL_KEYS : USAGE_KEYS;
  const use = Object.hasOwn(keys, key) ? keys[key] : undefined;
  if (use === undefined) {
    const draft = directive === 'Content-Usage' ? OBSOLETE_AIPREF_LABELS.get(key) : undefined;
    return draft === undefined ? null : `an obsolete label (${draft}): it restricts nothing`;
  }
  const yes = directive === 'Content-Signal' ? 'yes' : 'y';
  const no = directive === 'Content-Signal' ? 'no' : 'n';
  if (value === yes) return `allowed: ${use}`;
  if (value === no) return `not allowed: ${use}`;
  return `${use}: "${value}" is neither ${yes} nor ${no}`;
}

/** Returns an AIPREF item as written: a token as is, a string quoted, a number in digits. */
function itemText(item: SfBareItem): string {
  switch (item.kind) {
    case 'token':
      return item.value;
    case 'string':
      return `"${item.value}"`;
    case 'integer':
    case 'decimal':
    case 'date':
      return String(item.value);
    case 'boolean':
      return item.value ? '?1' : '?0';
    default:
      return `(${item.kind})`;
  }
}

/**
 * Parses the value of one Content-Signal or Content-Usage line with the Use verdict's readers
 * (docs/semantics/usage.md §3.2, §3.3, §3.5) and says what it states and what is wrong with it, in words.
 */
export function parseSignalValue(
  directive: SignalDirective,
  raw: string,
): { path: string | null; entries: SignalEntry[]; problems: string[] } {
  const entries: SignalEntry[] = [];
  const problems: string[] = [];
  const add = (key: string, value: string): void => {
    const meaning = meaningOf(directive, key, value);
    if (meaning?.includes('is neither') === true) problems.push(meaning);
    entries.push({ key, value, meaning });
  };
  if (directive === 'Content-Signal') {
    const signal = parseContentSignal(raw);
    if (signal.members.length === 0 && signal.bare.length === 0) {
      problems.push('Content-Signal has no key=value pairs.');
      return { path: null, entries, problems };
    }
    if (signal.empty > 0) problems.push('An empty item between commas.');
    for (const member of signal.members) {
      const key = member.key.toLowerCase();
      const value = member.value.toLowerCase();
      if (key === '' || value === '' || /\s/.test(key) || /\s/.test(value)) {
        problems.push(`"${member.key}=${member.value}" is not key=value.`);
        continue;
      }
      add(key, value);
    }
    for (const bare of signal.bare) problems.push(`"${bare}" is not key=value.`);
    for (const key of signal.repeated) problems.push(`"${key}" is given twice.`);
    return { path: null, entries, problems };
  }
  const rule = parseContentUsageRule(raw);
  const statement = rule.statement;
  if (statement.text === '') {
    problems.push('Content-Usage has no key=value pairs.');
    return { path: rule.rawPath, entries, problems };
  }
  if (statement.parsed.kind === 'error') {
    problems.push(
      `The preferences do not parse at character ${statement.parsed.offset + 1} (${statement.parsed.reason}): every category is unknown.`,
    );
    return { path: rule.rawPath, entries, problems };
  }
  for (const member of statement.parsed.members.values()) {
    if (member.isBareKey) problems.push(`"${member.key}" is not key=value.`);
    else add(member.key, itemText(member.item));
  }
  for (const key of statement.parsed.repeated) problems.push(`"${key}" is given twice.`);
  return { path: rule.rawPath, entries, problems };
}

/**
 * Returns every Content-Signal and Content-Usage line of a robots.txt body, with the User-agent
 * values of the group it is in (Google's grouping, as the verdicts read it). Pass the already
 * parsed `robots` to save a parse.
 */
export function findContentSignals(text: string, robots: RobotsTxt = parseRobotsTxt(text)): ContentSignalLine[] {
  const found: ContentSignalLine[] = [];
  for (const directive of robots.otherDirectives) {
    const key = findUsageKey(directive.key);
    if (key !== 'content-signal' && key !== 'content-usage') continue;
    const name: SignalDirective = key === 'content-signal' ? 'Content-Signal' : 'Content-Usage';
    const group = directive.groupId === null ? undefined : robots.groups[directive.groupId];
    found.push({
      line: directive.line,
      directive: name,
      value: directive.value,
      agents: group?.agents.map((a) => a.value) ?? [],
      ...parseSignalValue(name, directive.value),
    });
  }
  return found;
}
