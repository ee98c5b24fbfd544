/**
 * The words and tone of a page's verdict (lib/verdict/page-verdict.ts computes it): the one wording the
 * verdict card, the badge title and the report use. Apart from the verdict's computation, so a
 * view that only shows a verdict does not load the robots.txt engine.
 */
import { OUTCOME_PHRASES } from '../fetch/describe';
import type { FetchedBody } from '../fetch/types';
import type { PageVerdict } from './types';
import { ruleText } from '../robots/rule-text';
import type { Rule } from '../robots/types';

/** The tone of a verdict: the colour of the badge and of the verdict card (always shown with words). */
export type VerdictTone = 'allowed' | 'blocked' | 'unreachable' | 'no-file' | 'none';

/** Returns the verdict's tone: blocked because robots.txt is unreachable is its own tone. */
export function verdictTone(verdict: PageVerdict): VerdictTone {
  switch (verdict.kind) {
    case 'not-applicable':
      return 'none';
    case 'unavailable':
      return 'no-file';
    case 'unreachable':
      return 'unreachable';
    case 'ok':
      return verdict.allowed ? 'allowed' : 'blocked';
  }
}

/** Returns `line 3 `Disallow: /x``, or the empty-pattern wording `line 2 `Disallow:` is empty: it allows everything`. */
export function describeRule(rule: Rule): string {
  if (rule.pattern === '') return `line ${rule.line} \`${ruleText(rule)}\` is empty: it allows everything`;
  return `line ${rule.line} \`${ruleText(rule)}\``;
}

/**
 * Returns the verdict's headline word ("Allowed", "Blocked", "Not applicable") and the phrase after
 * it: the one wording the card, the badge title and the report use.
 */
export function describePageVerdict(verdict: PageVerdict): { readonly word: string; readonly detail: string } {
  switch (verdict.kind) {
    case 'not-applicable':
      return { word: 'Not applicable', detail: 'robots.txt does not apply to this page' };
    case 'unavailable':
      return { word: 'Allowed', detail: OUTCOME_PHRASES.unavailable };
    case 'unreachable':
      return { word: 'Blocked', detail: OUTCOME_PHRASES.unreachable };
    case 'ok': {
      const { rule, selection } = verdict.verdict;
      const word = verdict.allowed ? 'Allowed' : 'Blocked';
      if (rule !== null) {
        return { word, detail: rule.rule.pattern === '' ? describeRule(rule.rule) : `by ${describeRule(rule.rule)}` };
      }
      return {
        word,
        detail: selection.kind === 'none' ? 'no group applies to this crawler' : 'no rule matches this URL',
      };
    }
  }
}

/** Returns the verdict in one line, "Blocked — by line 3 `Disallow: /x`": the badge title's and the report's. */
export function verdictLine(verdict: PageVerdict): string {
  const { word, detail } = describePageVerdict(verdict);
  return `${word} — ${detail}`;
}

const KIB = 1024;

/** Returns "832.9 KiB" for a size the server declared, or "more than 500 KiB" when it declared none. */
export function describeCutSize(body: Pick<FetchedBody, 'contentLength' | 'truncated' | 'bytes'>): string {
  if (body.contentLength !== null) return `${(body.contentLength / KIB).toFixed(1)} KiB`;
  return body.truncated ? 'more than 500 KiB' : `${(body.bytes.length / KIB).toFixed(1)} KiB`;
}

/** Returns the body's size: the declared Content-Length when given, never the bytes read before a cut. */
export function describeBodySize(body: Pick<FetchedBody, 'contentLength' | 'truncated' | 'bytes'>): string {
  const bytes = body.contentLength ?? (body.truncated ? null : body.bytes.length);
  if (bytes === null) return 'more than 500 KiB';
  return bytes < KIB ? `${bytes} B` : `${(bytes / KIB).toFixed(1)} KiB`;
}
