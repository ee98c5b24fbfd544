/**
 * What a crawler token is, wherever one is typed, stored or asked for: text that, with ASCII white
 * space around it dropped, has 1 to 100 characters and no control character (a `User-agent:` line
 * cannot hold one). Whether Google's grammar can ever match it is lib/robots/token.ts's question.
 */
import { trimAscii } from './ascii';

/** Longest crawler token. */
export const MAX_TOKEN_CHARS = 100;

/** Why a value is not a crawler token. */
export type CrawlerTokenProblem = 'not-text' | 'empty' | 'too-long' | 'control';

/** A value read as a crawler token: the token trimmed of ASCII white space, or why it is none. */
export type CrawlerTokenReading =
  | { readonly kind: 'valid'; readonly token: string }
  | { readonly kind: 'invalid'; readonly problem: CrawlerTokenProblem };

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Returns `value` as a crawler token (ASCII white space around it dropped), or why it cannot be one. */
export function readCrawlerToken(value: unknown): CrawlerTokenReading {
  if (typeof value !== 'string') return { kind: 'invalid', problem: 'not-text' };
  const token = trimAscii(value);
  if (token === '') return { kind: 'invalid', problem: 'empty' };
  if (token.length > MAX_TOKEN_CHARS) return { kind: 'invalid', problem: 'too-long' };
  if (CONTROL.test(token)) return { kind: 'invalid', problem: 'control' };
  return { kind: 'valid', token };
}

/** Returns what a crawler token must be, as the end of a sentence about it ("must not be empty"). */
export function tokenRequirement(problem: CrawlerTokenProblem): string {
  switch (problem) {
    case 'not-text':
      return 'must be text';
    case 'empty':
      return 'must not be empty';
    case 'too-long':
      return `must be at most ${MAX_TOKEN_CHARS} characters`;
    case 'control':
      return 'must not contain control characters';
  }
}
