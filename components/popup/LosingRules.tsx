import type { LosingRule } from '../../lib/robots/types';
import { LOSS_REASONS } from './format';

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
          <li key={`${r.line}:${r.matchedPattern}`}>
            <span class="line-no">Line {r.line}</span> <code>{r.text}</code>{' '}
            <span class="muted">
              {r.matchedPattern === '' ? '(empty: it allows everything)' : `(${r.matchedPriority} bytes)`}{' '}
              {LOSS_REASONS[r.reason]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
