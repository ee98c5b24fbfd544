import { CopyButton } from './CopyButton';
import type { PageVerdict } from './model';
import { ruleText } from '../../lib/robots/rule-text';

export interface DecidingRuleProps {
  readonly verdict: PageVerdict;
  readonly onCopy: (text: string) => Promise<void>;
}

/** The rule that decided, as written, with its line number and a Copy button. */
export function DecidingRule({ verdict, onCopy }: DecidingRuleProps) {
  if (verdict.kind !== 'ok') {
    return (
      <div class="deciding" data-testid="deciding-rule">
        <p>No rule decided: {verdict.explanation}</p>
      </div>
    );
  }
  const rule = verdict.verdict.rule;
  if (rule === null) {
    return (
      <div class="deciding" data-testid="deciding-rule">
        <p>
          No rule matches <code>{verdict.verdict.path}</code>: allowed.
        </p>
      </div>
    );
  }
  const kindWord = rule.rule.kind === 'allow' ? 'Allow' : 'Disallow';
  // The 500 KiB cut, said here too when it reached the deciding rule or its group.
  const cut = verdict.conditions.find((c) => c.kind === 'cut' && c.cutReaches !== 'neither');
  return (
    <div class="deciding" data-testid="deciding-rule">
      {cut !== undefined ? (
        <p class="warning" role="note">
          <span aria-hidden="true">⚠ </span>
          {cut.text}
        </p>
      ) : null}
      <p class="deciding-line">
        <span class="line-no">Line {rule.rule.line}</span>
        <code class={`rule rule-${rule.rule.kind}`}>{ruleText(rule.rule)}</code>
        <CopyButton label="Copy rule" text={() => ruleText(rule.rule)} onCopy={onCopy} />
      </p>
      {rule.matchedPattern === '' ? (
        <p class="muted">
          Line {rule.rule.line} <code>{ruleText(rule.rule)}</code> is empty: it allows everything.
        </p>
      ) : (
        <p class="muted">
          The longest matching pattern decides ({kindWord} <code>{rule.matchedPattern}</code>, {rule.matchedPriority}{' '}
          {rule.matchedPriority === 1 ? 'byte' : 'bytes'}) for path <code>{verdict.verdict.path}</code>
          {rule.via === 'index-html' ? ', matched through Google’s index.html rule' : ''}.
        </p>
      )}
    </div>
  );
}
