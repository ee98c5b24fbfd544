/**
 * What each usage line of a robots.txt means, in a few words, for the file view (docs/semantics/usage.md §2,
 * §3.3, §3.5, §3.11): Content-Usage and Content-Signal from their reading (content-signals.ts, the
 * Use verdict's parsers), License and LLM-Policy from the line itself. Made once by the worker with
 * the lint, so the popup carries none of it. Drifted spellings get no meaning here: the lint names
 * them on their line.
 */
import { splitBodyLines } from '../fetch/body';
import type { ContentSignalLine } from './content-signals';

/** One usage line of a file and what it means. */
export interface UsageLineMeaning {
  readonly line: number;
  readonly meaning: string;
}

/** The purposes in the popup's words, by the key either vocabulary writes. */
const PURPOSES: Readonly<Record<string, string>> = {
  search: 'search',
  'ai-input': 'AI input',
  'ai-train': 'AI training',
  'train-ai': 'AI training',
};

const USE_LEVELS = new Set(['immediate', 'reference', 'full']);

/** License and LLM-Policy, matched exactly and ASCII-case-insensitively (§3.1); the value ends at `#`. */
const INFO_LINE = /^[\t ]*(license|llm-policy)[\t ]*:[\t ]*([^#]*)/i;

/** Returns who reads a usage line: its group's agents, or nobody before the first User-agent line. */
function readers(agents: readonly string[]): string {
  if (agents.length === 0) return 'before any User-agent line, so no crawler reads it';
  if (agents.includes('*'))
    return agents.length === 1 ? 'for every crawler' : `for every crawler and ${others(agents)}`;
  return `for ${agents.join(', ')}`;
}

function others(agents: readonly string[]): string {
  return agents.filter((a) => a !== '*').join(', ');
}

/** Returns the statements of a line in words: "AI training not allowed, search allowed". */
function statements(line: ContentSignalLine): string[] {
  const yes = line.directive === 'Content-Signal' ? 'yes' : 'y';
  const no = line.directive === 'Content-Signal' ? 'no' : 'n';
  const out: string[] = [];
  for (const { key, value, meaning } of line.entries) {
    const purpose = Object.hasOwn(PURPOSES, key) ? PURPOSES[key] : undefined;
    // Each vocabulary has its own keys: train-ai is not a Content-Signal key, ai-train not a Content-Usage one.
    const ownKey = line.directive === 'Content-Signal' ? key !== 'train-ai' : key === 'train-ai' || key === 'search';
    if (purpose !== undefined && ownKey) {
      if (value === yes) out.push(`${purpose} allowed`);
      else if (value === no) out.push(`${purpose} not allowed`);
      else out.push(`${purpose} unknown (“${value}” is not ${yes} or ${no})`);
    } else if (line.directive === 'Content-Signal' && key === 'use') {
      out.push(USE_LEVELS.has(value) ? `reuse up to “${value}”` : `reuse level unknown (“${value}”)`);
    } else if (meaning?.startsWith('an obsolete label') === true) {
      out.push(`“${key}” restricts nothing (an obsolete label)`);
    }
  }
  return out;
}

/** Returns what one Content-Usage or Content-Signal line means: "Content-Usage: AI training not allowed under /blog/ (for every crawler)". */
export function describeSignalLine(line: ContentSignalLine): string {
  const stated = statements(line);
  const what = stated.length > 0 ? stated.join(', ') : 'states nothing readable';
  const where = line.path === null ? '' : ` under ${line.path}`;
  return `${line.directive}: ${what}${where} (${readers(line.agents)}).`;
}

/** Returns what a License or LLM-Policy line means, or null for any other line. */
export function describeInfoLine(text: string): string | null {
  const match = INFO_LINE.exec(text);
  if (match === null) return null;
  const value = (match[2] ?? '').trim();
  if ((match[1] ?? '').toLowerCase() === 'license')
    return value === ''
      ? 'License: names no licence.'
      : `License: the licence terms for the whole file are at ${value} (informational; no verdict changes).`;
  return value === ''
    ? 'LLM-Policy: names no policy.'
    : `LLM-Policy: the site’s policy for AI models is at ${value} (informational; no verdict changes).`;
}

/** Returns the meaning of every usage line, by line number. */
export function usageLineMeanings(
  texts: readonly string[],
  signals: readonly ContentSignalLine[],
): ReadonlyMap<number, string> {
  const meanings = new Map<number, string>();
  for (const line of signals) meanings.set(line.line, describeSignalLine(line));
  texts.forEach((text, i) => {
    if (meanings.has(i + 1)) return;
    const meaning = describeInfoLine(text);
    if (meaning !== null) meanings.set(i + 1, meaning);
  });
  return meanings;
}

/** Returns every usage line of a body's display text with its meaning, in line order (lines as the file view numbers them). */
export function describeUsageLines(text: string, signals: readonly ContentSignalLine[]): UsageLineMeaning[] {
  const meanings = usageLineMeanings(splitBodyLines(text), signals);
  return [...meanings].map(([line, meaning]) => ({ line, meaning })).sort((a, b) => a.line - b.line);
}
