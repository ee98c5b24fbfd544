/**
 * Which crawler a user agent claims to be: a crawler's token occurring in it, ASCII
 * case-insensitively, with no token character (`A–Z a–z 0–9 - _`) right before or after it; the
 * longest claimed token wins, then the first in catalogue order. Control tokens that fetch nothing
 * (Google-Extended, Applebot-Extended) claim nothing.
 */
import { toAsciiLower } from '../shared/ascii';

/** Distinct user agents remembered before the memo starts again (a bound, not a policy). */
const MAX_REMEMBERED_AGENTS = 4096;

function isTokenChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x5f
  );
}

/** Returns whether `token` (ASCII lower case) occurs in `agent` (ASCII-lowered) standing alone. */
export function occursAsToken(agent: string, token: string): boolean {
  let from = 0;
  for (;;) {
    const at = agent.indexOf(token, from);
    if (at < 0) return false;
    const end = at + token.length;
    if (
      (at === 0 || !isTokenChar(agent.charCodeAt(at - 1))) &&
      (end >= agent.length || !isTokenChar(agent.charCodeAt(end)))
    )
      return true;
    from = at + 1;
  }
}

/** Finds the claimed crawler of user agents, remembering recent answers. */
export interface ClaimMatcher {
  /** Returns the index in `tokens` of the crawler `userAgent` claims, or -1. */
  claim(userAgent: string): number;
}

/** Returns a matcher for `tokens` (in catalogue order). */
export function createClaimMatcher(tokens: readonly string[]): ClaimMatcher {
  // Longest first; Array.prototype.sort is stable, so equal lengths keep catalogue order.
  const order = tokens
    .map((token, index) => ({ lower: toAsciiLower(token), index }))
    .sort((a, b) => b.lower.length - a.lower.length);
  const remembered = new Map<string, number>();
  return {
    claim(userAgent) {
      const known = remembered.get(userAgent);
      if (known !== undefined) return known;
      const agent = toAsciiLower(userAgent);
      let found = -1;
      for (const { lower, index } of order) {
        if (occursAsToken(agent, lower)) {
          found = index;
          break;
        }
      }
      if (remembered.size >= MAX_REMEMBERED_AGENTS) remembered.clear();
      remembered.set(userAgent, found);
      return found;
    },
  };
}
