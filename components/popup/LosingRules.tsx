import type { LosingRule, LossReason } from '../../lib/robots/types';

export interface LosingRulesProps {
  readonly others: readonly LosingRule[];
}

const REASONS: Record<LossReason, string> = {
  shorter: 'shorter pattern: the longest match wins',
  'tie-goes-to-allow': 'same length as the deciding Allow: ties go to Allow',
  'later-duplicate': 'same kind and length as the deciding rule, on a later line',
};

/** The other rules that matched the URL and why each lost. */
export function LosingRules({ others }: LosingRulesProps) {
  if (others.length === 0) return null;
  return (
    <div class="losing">
      <h3>Also matched, but lost</h3>
      <ul>
        {others.map((r) => (
          <li key={`${r.match.rule.line}:${r.match.matchedPattern}`}>
            <span class="line-no">Line {r.match.rule.line}</span> <code>{r.match.rule.text}</code>{' '}
            <span class="muted">
              ({r.match.matchedPriority} bytes) {REASONS[r.reason]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
