/**
 * `Content-Signal:` and `Content-Usage:` lines: what a site says about how its content may be used
 * after it is fetched. They do not change matching: Allow and Disallow decide as before, and a
 * crawler that ignores these lines (Google's parser skips unknown keys, SEMANTICS.md §1) reaches the
 * same verdict. To our knowledge no crawler operator documents honouring either line; we say so
 * rather than guess.
 *
 * - Content-Signal: Cloudflare's Content Signals Policy (contentsignals.org, 2025), written in the
 *   files Cloudflare manages, e.g. `Content-Signal: search=yes, ai-train=no`. Keys `search`,
 *   `ai-input`, `ai-train`; values `yes` or `no`.
 * - Content-Usage: the IETF AI Preferences working group's drafts (draft-ietf-aipref-vocab,
 *   draft-ietf-aipref-attach), e.g. `Content-Usage: train-ai=n`, optionally after a path. Values `y`
 *   or `n`. The drafts are unfinished, so keys we do not list are shown as written, not as errors.
 */
import { splitTextLines } from '../shared/lines';

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
  'train-genai': 'training generative AI models',
  search: 'search',
};

/** Returns the meaning of one entry in words, or null for an unknown key. */
function meaningOf(directive: SignalDirective, key: string, value: string): string | null {
  const keys = directive === 'Content-Signal' ? SIGNAL_KEYS : USAGE_KEYS;
  const use = Object.hasOwn(keys, key) ? keys[key] : undefined;
  if (use === undefined) return null;
  const yes = directive === 'Content-Signal' ? 'yes' : 'y';
  const no = directive === 'Content-Signal' ? 'no' : 'n';
  if (value === yes) return `allowed: ${use}`;
  if (value === no) return `not allowed: ${use}`;
  return `${use}: "${value}" is neither ${yes} nor ${no}`;
}

/** Parses the value of one Content-Signal or Content-Usage line. */
export function parseSignalValue(
  directive: SignalDirective,
  raw: string,
): { path: string | null; entries: SignalEntry[]; problems: string[] } {
  const problems: string[] = [];
  let rest = raw.trim();
  let path: string | null = null;
  if (directive === 'Content-Usage' && rest.startsWith('/')) {
    const space = rest.search(/\s/);
    path = space < 0 ? rest : rest.slice(0, space);
    rest = space < 0 ? '' : rest.slice(space).trim();
  }
  const entries: SignalEntry[] = [];
  if (rest === '') {
    problems.push(`${directive} has no key=value pairs.`);
    return { path, entries, problems };
  }
  const seen = new Set<string>();
  for (const part of rest.split(',')) {
    const item = part.trim();
    if (item === '') {
      problems.push('An empty item between commas.');
      continue;
    }
    const eq = item.indexOf('=');
    if (eq < 0) {
      problems.push(`"${item}" is not key=value.`);
      continue;
    }
    const key = item.slice(0, eq).trim().toLowerCase();
    const value = item
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    if (key === '' || value === '' || /\s/.test(key) || /\s/.test(value)) {
      problems.push(`"${item}" is not key=value.`);
      continue;
    }
    if (seen.has(key)) problems.push(`"${key}" is given twice.`);
    seen.add(key);
    const meaning = meaningOf(directive, key, value);
    if (meaning?.includes('is neither') === true) problems.push(meaning);
    entries.push({ key, value, meaning });
  }
  return { path, entries, problems };
}

/** Returns every Content-Signal and Content-Usage line of a robots.txt body, with the group it is in. */
export function findContentSignals(text: string): ContentSignalLine[] {
  const lines = splitTextLines(text.replace(/^\uFEFF/, ''));
  const found: ContentSignalLine[] = [];
  let agents: string[] = [];
  let inAgents = false;
  for (let i = 0; i < lines.length; i++) {
    const content = (lines[i] ?? '').replace(/#.*$/, '');
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const key = content.slice(0, colon).trim().toLowerCase();
    const value = content.slice(colon + 1).trim();
    if (key === 'user-agent') {
      agents = inAgents ? [...agents, value] : [value];
      inAgents = true;
      continue;
    }
    if (key === 'sitemap') continue;
    inAgents = false;
    const directive: SignalDirective | null =
      key === 'content-signal' ? 'Content-Signal' : key === 'content-usage' ? 'Content-Usage' : null;
    if (directive === null) continue;
    found.push({ line: i + 1, directive, value, agents, ...parseSignalValue(directive, value) });
  }
  return found;
}
