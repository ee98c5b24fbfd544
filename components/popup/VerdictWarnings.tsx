import { useSignal } from '@preact/signals';
import type { ReadingCondition } from '../../lib/verdict/types';

export interface VerdictWarningsProps {
  readonly conditions: readonly ReadingCondition[];
  /** A note about the token that is no reading condition (a stale token), or null. */
  readonly tokenNote: string | null;
  /** True when there is room for every warning in full (the pop-out window). */
  readonly roomy: boolean;
}

/** Warnings beyond this count are summed up in one line ("⚠ 2 warnings") until expanded, unless there is room. */
const SHOWN_IN_FULL = 1;

/**
 * The warnings that change the meaning of the verdict, never in a clipped scroll box: in full when
 * there is room, else one line that expands in place.
 */
export function VerdictWarnings({ conditions, tokenNote, roomy }: VerdictWarningsProps) {
  const open = useSignal(false);
  const count = conditions.length + (tokenNote === null ? 0 : 1);
  if (count === 0) return null;
  const collapsible = !roomy && count > SHOWN_IN_FULL;
  const hidden = collapsible && !open.value;
  return (
    <div class="verdict-warnings" data-testid="verdict-warnings" role="note">
      {collapsible ? (
        <button
          type="button"
          class="link-button warning"
          data-testid="warnings-toggle"
          aria-expanded={open.value}
          onClick={() => (open.value = !open.value)}
        >
          <span aria-hidden="true">⚠ </span>
          {count} warnings{open.value ? '' : ': show'}
        </button>
      ) : null}
      <ul data-testid="verdict-warning" hidden={hidden}>
        {conditions.map((condition) => (
          <li key={condition.kind} class="warning" data-testid="warning" data-condition={condition.kind}>
            <span aria-hidden="true">⚠ </span>
            {condition.text}
          </li>
        ))}
        {tokenNote !== null ? (
          <li class="warning" data-testid="warning" data-condition="token">
            <span aria-hidden="true">⚠ </span>
            {tokenNote}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
