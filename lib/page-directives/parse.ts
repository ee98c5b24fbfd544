/**
 * Reading one directive string (a robots `<meta>` content or one `X-Robots-Tag` header line) into
 * rules, each with where it sits in the text (docs/semantics/page-directives.md §1–§2): comma-separated rules,
 * ASCII case-insensitive; in header lines a crawler prefix (`googlebot: noindex`) that may change
 * within the line; `unavailable_after` dates that contain commas. Never throws.
 */
import { parseUnavailableAfterDate } from './date';
import { toAsciiLower } from '../shared/ascii';

/** Every rule name the engines document (Google, Bing, Yandex), plus `index` and `follow`. */
export const KNOWN_RULES = [
  'all',
  'noindex',
  'nofollow',
  'none',
  'nosnippet',
  'indexifembedded',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'notranslate',
  'noimageindex',
  'unavailable_after',
  'noarchive',
  'nocache',
  'nositelinkssearchbox',
  'noodp',
  'noyaca',
  'index',
  'follow',
] as const;
export type RuleName = (typeof KNOWN_RULES)[number];

/** Rules written `name:value`: a token `X: …` with one of these names is a rule, never a crawler prefix. */
export const COLON_RULES: ReadonlySet<string> = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

export type ImagePreview = 'none' | 'standard' | 'large';

/** One rule as read, with its span in the source text (for highlighting the deciding token). */
export interface Rule {
  /** The lower-cased rule name; for an unknown token, the whole token lower-cased. */
  readonly name: string;
  readonly known: boolean;
  /** The text after the colon, trimmed, as written (null when the rule has no colon). */
  readonly value: string | null;
  /** max-snippet / max-video-preview: the number; max-image-preview: the level; unavailable_after: epoch ms. */
  readonly number?: number;
  readonly preview?: ImagePreview;
  readonly date?: number;
  /** Why the rule has no effect (an unparseable value), in words; absent when it applies. */
  readonly voided?: string;
  /** The rule as written (without the crawler prefix). */
  readonly raw: string;
  /** Offsets of `raw` in the source text. */
  readonly start: number;
  readonly end: number;
  /** The crawler prefix this rule sits under, lower-cased; null when the line has none before it. */
  readonly scope: string | null;
}

const ASCII_SPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;
/** A crawler prefix: a product token (letters first, then letters, digits, `-`, `_`, `.`), then a colon. */
const PREFIX = /^([A-Za-z][A-Za-z0-9_.-]*)[\t ]*:/;
const RULE_WITH_VALUE = /^([A-Za-z_-]+)[\t ]*:([\s\S]*)$/;
/** At most this many rules are read from one string (a hostile header cannot make the list huge). */
const MAX_RULES = 200;

function isKnown(name: string): name is RuleName {
  return (KNOWN_RULES as readonly string[]).includes(name);
}

interface Part {
  readonly text: string;
  readonly start: number;
}

/** Returns the comma-separated parts of `text`, trimmed, with their offsets. */
function splitParts(text: string): Part[] {
  const parts: Part[] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === ',') {
      const piece = text.slice(from, i);
      const lead = piece.length - piece.replace(/^[\t\n\f\r ]+/, '').length;
      const trimmed = piece.replace(ASCII_SPACE, '');
      parts.push({ text: trimmed, start: from + lead });
      from = i + 1;
    }
  }
  return parts;
}

/** Returns true when a part, read on its own, starts a rule or a prefix (it ends a date). */
function startsRuleOrPrefix(text: string, prefixes: boolean): boolean {
  const bare = toAsciiLower(text);
  if (isKnown(bare)) return true;
  const withValue = RULE_WITH_VALUE.exec(text);
  if (withValue && isKnown(toAsciiLower(withValue[1] ?? ''))) return true;
  return prefixes && PREFIX.test(text);
}

function readNumber(value: string): number | null {
  return /^-?\d{1,9}$/.test(value) ? Number(value) : null;
}

/** Returns the rule `raw` (no prefix), whose value may still need the date's later parts. */
function readRule(raw: string, start: number, scope: string | null): Rule {
  const end = start + raw.length;
  const withValue = RULE_WITH_VALUE.exec(raw);
  const name = toAsciiLower(withValue ? (withValue[1] ?? '') : raw);
  const base = { raw, start, end, scope };
  if (!withValue || !isKnown(name))
    return { ...base, name: toAsciiLower(raw), known: isKnown(toAsciiLower(raw)), value: null };
  const value = (withValue[2] ?? '').replace(ASCII_SPACE, '');
  switch (name) {
    case 'max-snippet':
    case 'max-video-preview': {
      const n = readNumber(value);
      if (n === null || n < -1)
        return {
          ...base,
          name,
          known: true,
          value,
          voided: `"${value}" is not a number of ${name === 'max-snippet' ? 'characters' : 'seconds'} (ignored)`,
        };
      return { ...base, name, known: true, value, number: n };
    }
    case 'max-image-preview': {
      const level = toAsciiLower(value);
      if (level === 'none' || level === 'standard' || level === 'large')
        return { ...base, name, known: true, value, preview: level };
      return { ...base, name, known: true, value, voided: `"${value}" is not none, standard or large (ignored)` };
    }
    case 'unavailable_after': {
      const date = parseUnavailableAfterDate(value);
      if (date === null)
        return {
          ...base,
          name,
          known: true,
          value,
          voided: `"${value}" is not a date Google reads (RFC 822, RFC 850 or ISO 8601): the rule is void`,
        };
      return { ...base, name, known: true, value, date };
    }
    default:
      // `noindex: x` and the like: a rule that takes no value, written with one.
      return { ...base, name, known: true, value, voided: `${name} takes no value (ignored)` };
  }
}

/**
 * Returns the rules of one directive string. `prefixes` (header lines) lets `crawler: rule` set
 * the scope of the rules after it; in a meta content a prefix-looking token is an unknown rule.
 */
export function parseDirectives(text: string, options: { readonly prefixes: boolean }): Rule[] {
  const rules: Rule[] = [];
  if (typeof text !== 'string') return rules;
  const parts = splitParts(text.slice(0, 8192));
  let scope: string | null = null;
  for (let i = 0; i < parts.length && rules.length < MAX_RULES; i++) {
    const part = parts[i] as Part;
    let body = part.text;
    let start = part.start;
    if (body === '') continue;
    if (options.prefixes) {
      const prefix = PREFIX.exec(body);
      if (prefix && !COLON_RULES.has(toAsciiLower(prefix[1] ?? ''))) {
        scope = toAsciiLower(prefix[1] ?? '');
        const rest = body.slice(prefix[0].length);
        const lead = rest.length - rest.replace(/^[\t\n\f\r ]+/, '').length;
        start += prefix[0].length + lead;
        body = rest.replace(ASCII_SPACE, '');
        if (body === '') continue;
      }
    }
    let rule = readRule(body, start, scope);
    if (rule.name === 'unavailable_after' && rule.value !== null) {
      // The date may hold commas: take the following parts up to one that starts a rule or a prefix,
      // and keep the longest run that reads as a date (the rest are rules of their own).
      let last = i;
      while (last + 1 < parts.length && !startsRuleOrPrefix((parts[last + 1] as Part).text, options.prefixes)) last++;
      let found = false;
      for (let j = last; j > i && !found; j--) {
        const candidate = readRule(
          text.slice(start, (parts[j] as Part).start + (parts[j] as Part).text.length),
          start,
          scope,
        );
        if (candidate.date !== undefined) {
          rule = candidate;
          i = j;
          found = true;
        }
      }
      if (!found && rule.date === undefined && last > i) {
        // No run reads as a date: the whole run is the void rule's value.
        rule = readRule(
          text.slice(start, (parts[last] as Part).start + (parts[last] as Part).text.length),
          start,
          scope,
        );
        i = last;
      }
    }
    rules.push(rule);
  }
  return rules;
}
