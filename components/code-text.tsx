/**
 * Words from lib/ quote robots.txt text between backticks ("line 3 `Disallow: /a`"); a person
 * should read a code span, never a backtick. Shared by the popup, the workbench and the options page.
 */
import type { ComponentChildren } from 'preact';

/**
 * A quoted span: a backtick at the start or after a space or an opening mark, the shortest text up
 * to a backtick followed by the end, a space or punctuation (so a backtick inside a quoted robots.txt
 * line stays in it).
 */
const QUOTED = /(^|[\s([“"'])`((?:[^`\n]|`(?![\s.,;:!?)\]”"'…—–]|$))+?)`(?=$|[\s.,;:!?)\]”"'…—–])/g;

/** Longer words are shown as written: the search for spans would be quadratic on a hostile quoted line. */
const MAX_QUOTED_TEXT = 4096;

/** Returns the parts of `text`: plain strings, and `{ code }` for each quoted span. */
export function splitQuoted(text: string): (string | { readonly code: string })[] {
  if (text.length > MAX_QUOTED_TEXT) return [text];
  const parts: (string | { readonly code: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(QUOTED)) {
    const start = match.index + (match[1] ?? '').length;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ code: match[2] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** Returns `text` with its quoted spans unquoted, for a tooltip or an accessible name. */
export function withoutQuotes(text: string): string {
  return splitQuoted(text)
    .map((p) => (typeof p === 'string' ? p : p.code))
    .join('');
}

/** `text` with each backtick-quoted span shown as code. */
export function CodeText({ text }: { readonly text: string }): ComponentChildren {
  const parts = splitQuoted(text);
  if (parts.length === 1 && typeof parts[0] === 'string') return text;
  return <>{parts.map((p, i) => (typeof p === 'string' ? p : <code key={i}>{p.code}</code>))}</>;
}
