import type { LosingRule } from '../../lib/robots/types';
import { LOSS_REASONS } from './format';
import { ruleText } from '../../lib/robots/rule-text';
import { countOf } from '../../lib/shared/plural';

export interface LosingRulesProps {
  readonly others: readonly LosingRule[];
}

/** The other rules that matched the URL and why each lost. */
export function LosingRules({ others }: LosingRulesProps) {
  if (others.length === 0) return null;
  return (
    <div class="losing">
      <h3>Also matched, but lost</h3>
      <ul>
        {others.map((r) => (
          <li key={`${r.match.rule.line}:${r.match.matchedPattern}`}>
            <span class="line-no">Line {r.match.rule.line}</span> <code>{ruleText(r.match.rule)}</code>{' '}
            <span class="muted">
              {r.match.matchedPattern === ''
                ? '(empty: it allows everything)'
                : `(${countOf(r.match.matchedPriority, 'byte')})`}{' '}
              {LOSS_REASONS[r.reason]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
