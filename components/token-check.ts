/**
 * Whether Google's grammar can match a crawler token (docs/semantics/robots.md §2), as the popup's crawler
 * switcher and the options page's token field both say it while the user types.
 */
// From its module, not the engine's index: the popup checks tokens before the engine loads.
import { validateUserAgentToken } from '../lib/robots/token';
import { readCrawlerToken, tokenRequirement } from '../lib/shared/crawler-token';

/** Whether Google's grammar can match a token. */
export type TokenCheck =
  | { readonly kind: 'valid' }
  /** Usable, but worth a word (a stale token such as `anthropic-ai`). */
  | { readonly kind: 'warning'; readonly explanation: string }
  /** Usable, but no group can ever name it (`MJ12bot`): the verdict must say so. */
  | { readonly kind: 'unmatchable'; readonly explanation: string }
  /** Not a crawler token at all (empty, `*`): it cannot be added. */
  | { readonly kind: 'refused'; readonly explanation: string };

/**
 * Returns whether Google's grammar can match `token` (ASCII white space around it ignored), with
 * the engine's explanation when it cannot or when the token deserves a warning; a token the
 * settings would refuse (over 100 characters, a control character) is refused with the reason.
 */
export function checkToken(token: string): TokenCheck {
  // What a crawler token is at all (lib/shared/crawler-token.ts) comes first: the settings and the
  // worker refuse the rest. An empty one is left to the grammar, which says what it would match.
  const reading = readCrawlerToken(token);
  if (reading.kind === 'invalid' && reading.problem !== 'empty')
    return { kind: 'refused', explanation: `The token ${tokenRequirement(reading.problem)}.` };
  const result = validateUserAgentToken(reading.kind === 'valid' ? reading.token : '');
  switch (result.kind) {
    case 'valid':
      return result.warning === null ? { kind: 'valid' } : { kind: 'warning', explanation: result.warning };
    case 'unmatchable':
      return { kind: 'unmatchable', explanation: result.explanation };
    case 'empty':
    case 'global':
      return { kind: 'refused', explanation: result.explanation };
  }
}
