/**
 * A user-agent token as Google's grammar reads it (docs/semantics/robots.md §2): the name a file line yields,
 * and whether a caller's token can ever be named by a group. Apart from the parser, so a view that
 * only checks tokens (the crawler picker, the options page) does not load the engine.
 */

import { toAsciiLower } from '../shared/ascii';
import { DEPRECATED_TOKENS } from './crawlers';

/** Returns the file-side agent name Google compares: the leading run of `[A-Za-z_-]` (§2). */
export function extractAgentToken(value: string): string {
  let end = 0;
  while (end < value.length && isTokenChar(value.charCodeAt(end))) end++;
  return end === value.length ? value : value.slice(0, end);
}

function isTokenChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x2d || code === 0x5f;
}

/** Whether Google's grammar can match a caller's token (docs/semantics/robots.md §2). */
export type TokenValidation =
  /** Only `[A-Za-z_-]`: a group can name it. `warning` when the token is stale (e.g. `anthropic-ai`). */
  | { readonly kind: 'valid'; readonly token: string; readonly warning: string | null }
  /** The empty name: it matches only `User-agent:` lines whose name is empty or starts with another character. */
  | { readonly kind: 'empty'; readonly explanation: string }
  /** `*` is the global group, not a crawler. */
  | { readonly kind: 'global'; readonly explanation: string }
  /** Has a character outside `[A-Za-z_-]`: no group can name it. `readAs` is what a file line with this name becomes. */
  | {
      readonly kind: 'unmatchable';
      readonly token: string;
      readonly readAs: string;
      readonly reason: 'digit' | 'space' | 'slash' | 'other';
      readonly explanation: string;
    };

/**
 * Returns whether a group can ever name `token` under Google's grammar, and if not, one sentence
 * saying why (e.g. "MJ12bot contains a digit: …"). The token is taken exactly as given.
 */
export function validateUserAgentToken(token: string): TokenValidation {
  if (token.length === 0) {
    return {
      kind: 'empty',
      explanation:
        'The token is empty: it matches only `User-agent:` lines with no name (or a name such as `*bot` that starts with another character), so it stands for no real crawler.',
    };
  }
  if (token === '*') {
    return {
      kind: 'global',
      explanation:
        '`*` is the global group, not a crawler token: pick a crawler to see whether the `*` group applies to it.',
    };
  }
  const readAs = extractAgentToken(token);
  if (readAs.length === token.length) {
    const stale = DEPRECATED_TOKENS.get(toAsciiLower(token));
    const warning =
      stale === undefined
        ? null
        : `${stale.token} is not in its operator's current documentation: use ${stale.replacement} instead.`;
    return { kind: 'valid', token, warning };
  }
  const bad = token.charAt(readAs.length);
  const reason = /[0-9]/.test(bad) ? 'digit' : /\s/.test(bad) ? 'space' : bad === '/' ? 'slash' : 'other';
  const what = reason === 'other' ? `the character \`${bad}\`` : `a ${reason}`;
  const readText = readAs.length > 0 ? `\`${readAs}\`` : 'an empty name';
  return {
    kind: 'unmatchable',
    token,
    readAs,
    reason,
    explanation: `${token} contains ${what}: Google's parser reads \`User-agent: ${token}\` as ${readText}, so no group can ever name this token exactly.`,
  };
}
