/**
 * A rule's line as written (docs/semantics/robots.md §1), for display: the parser keeps the text only when it
 * is not the usual `Allow: <pattern>` / `Disallow: <pattern>`. Its own module, so that code which
 * only shows rules (the popup's first paint) does not load the parser.
 */

import type { Rule, RuleKind } from './types';

/** How a rule line usually starts: the key as Google's documentation writes it, a colon, a space. */
export const USUAL_RULE_PREFIX: Readonly<Record<RuleKind, string>> = { allow: 'Allow: ', disallow: 'Disallow: ' };

/** Returns the directive as written: the line without its comment, trimmed of ASCII whitespace. */
export function ruleText(rule: Pick<Rule, 'kind' | 'pattern' | 'written'>): string {
  if (rule.written !== null) return rule.written;
  return USUAL_RULE_PREFIX[rule.kind] + rule.pattern;
}
