/**
 * The Use verdict in words (docs/semantics/usage.md §1.2 UI formats, §4.8 caveats): every answer, source,
 * statement and caveat as plain text for the popup.
 */
import type { UsageAnswer, UsageCaveat, UsagePurpose, UsageSource, UsageStatement } from './types';

const PURPOSE_LABELS: Readonly<Record<UsagePurpose, string>> = {
  search: 'Search',
  'ai-input': 'AI input / grounding',
  'ai-train': 'AI training',
  'use-level': 'Reuse level',
};

/** Returns the UI label of a purpose (§1.1). */
export function purposeLabel(purpose: UsagePurpose): string {
  return PURPOSE_LABELS[purpose];
}

/**
 * Returns where a statement is written, in the UI format of §1.2: `robots.txt:5 (Cloudflare managed
 * block)`, `header Content-Usage`, `<meta name="robots"> #2`, `/.well-known/tdmrep.json rule 1`.
 */
export function describeUsageSource(source: UsageSource): string {
  switch (source.source) {
    case 'robots':
      if (source.line === 0) return 'robots.txt';
      return `robots.txt:${source.line}${source.managed === true ? ' (Cloudflare managed block)' : ''}`;
    case 'header':
      return `header ${source.name}`;
    case 'meta':
      return `<meta name="${source.name}"> #${source.position}`;
    case 'well-known':
      return `${source.name} rule ${source.rule}`;
  }
}

/** Returns one statement in words: "robots.txt:4 says AI training: disallowed", "header Content-Usage says nothing about Search". */
export function describeStatement(statement: UsageStatement): string {
  const extra = [statement.qualifier, statement.scope].filter((x): x is string => x !== undefined);
  const status = statement.status.kind === 'overridden' ? ` — overridden: ${statement.status.because}` : '';
  const where = describeUsageSource(statement.source);
  const says =
    statement.value === 'unstated'
      ? `says nothing about ${purposeLabel(statement.purpose)}`
      : `says ${purposeLabel(statement.purpose)}: ${statement.value}`;
  return `${where} ${says}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}${status}`;
}

/** Returns the caveat in one sentence (§4.8). */
export function describeCaveat(caveat: UsageCaveat): string {
  if (caveat.startsWith('policy-token-inherits:')) {
    const line = caveat.slice('policy-token-inherits:'.length);
    return `No group names the training-policy token; if readers apply \`*\` to it, robots.txt:${line} would disallow this path.`;
  }
  switch (caveat) {
    case 'policy-token-unconfirmed':
      return "The training-policy token's spelling is not confirmed: this statement may be read by no one.";
    case 'headers-unobserved':
      return "The page's response headers were not observed: header statements are unknown.";
    case 'rendered-dom':
      return 'The meta tags come from the rendered page, not the served HTML; most AI fetchers do not run JavaScript.';
    case 'fetcher-may-ignore-robots':
      return 'The operator says robots.txt may not apply to this fetcher.';
    case 'other-representations':
      return 'Other representations of this page (such as Markdown for agents) may send other signals, which Robotscope cannot see.';
    case 'not-retroactive':
      return 'Preferences bind only content fetched after the crawler re-read robots.txt (cached up to 24 hours) and then re-fetched the page.';
    default:
      return caveat;
  }
}

/** Returns the answer in one sentence, naming the deciding source. */
export function describeUsageAnswer(answer: UsageAnswer): string {
  const label = purposeLabel(answer.purpose);
  switch (answer.kind) {
    case 'not-applicable':
      return answer.reason === 'robots-unreachable'
        ? `${label}: not applicable — robots.txt is unreachable, so ${answer.crawler} must treat everything as disallowed.`
        : `${label}: not applicable — ${answer.crawler} may not fetch this page (${describeUsageSource(answer.deciding)}), so it never sees any usage signal.`;
    case 'no-statement':
      return `${label}: no statement — the site states no preference that reaches ${answer.crawler}.`;
    case 'allowed':
    case 'disallowed': {
      const q = answer.qualifiers.length > 0 ? `, ${answer.qualifiers.join(', ')}` : '';
      return `${label}: ${answer.kind}${q} (${describeUsageSource(answer.deciding)}).`;
    }
    default:
      return `${label}: ${answer.kind} (${describeUsageSource(answer.deciding)}).`;
  }
}

/** Returns the consumer view's header line (§4.7). */
export function describeConsumerAsOf(asOf: string): string {
  return `Per operators' published statements as of ${asOf}.`;
}
