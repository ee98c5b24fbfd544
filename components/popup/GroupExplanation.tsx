import { describeGroupChoice } from './format';
import type { PageVerdict } from './model';

export interface GroupExplanationProps {
  readonly verdict: PageVerdict;
}

/** The group that applied (its User-agent lines) and why that group: specific, `*`, merged, fallback. */
export function GroupExplanation({ verdict }: GroupExplanationProps) {
  if (verdict.kind !== 'ok') {
    return (
      <div class="group" data-testid="matched-group">
        <p class="muted">No group: {verdict.explanation}</p>
      </div>
    );
  }
  const { selection } = verdict.verdict;
  const groups = selection.kind === 'none' ? [] : selection.groups;
  const choice = describeGroupChoice(verdict);
  const notes: string[] = choice === null ? [] : [choice];
  if (selection.kind === 'specific' && selection.globalIgnored) {
    notes.push('The * group is ignored: a group names this crawler, so only that group counts.');
  }
  if (groups.length > 1) {
    notes.push(`${groups.length} groups name the same agent; their rules are merged into one.`);
  }
  return (
    <div class="group" data-testid="matched-group">
      {groups.length === 0 ? (
        <p>No group applies to this crawler: every URL is allowed.</p>
      ) : (
        <ul class="group-list">
          {groups.map((g) => (
            <li key={g.id}>
              <span class="muted">
                Lines {g.firstLine}–{g.lastLine}:
              </span>{' '}
              {g.agents.map((a) => (
                <code key={a.line} class="agent">
                  User-agent: {a.value}
                </code>
              ))}
            </li>
          ))}
        </ul>
      )}
      {notes.map((n) => (
        <p key={n} class="note">
          {n}
        </p>
      ))}
    </div>
  );
}
