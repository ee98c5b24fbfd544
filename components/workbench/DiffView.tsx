import type { DraftDiff } from '../../lib/workbench';
import { countOf, formatNumber } from '../../lib/shared/plural';

/** Lines of context kept around each change. */
const CONTEXT = 2;

/** The line diff of the draft against live: changed runs with a little context. */
export function DiffView({ diff }: { diff: DraftDiff | null }) {
  if (diff === null) return <p class="muted">No live file to compare with.</p>;
  if (diff.kind === 'too-different')
    return <p class="muted">The draft differs from the live file almost everywhere: no line diff shown.</p>;
  if (diff.added === 0 && diff.removed === 0)
    return (
      <p class="muted" data-testid="diff-summary">
        The draft is the same as the live file.
      </p>
    );
  return (
    <div class="wb-diff">
      <p data-testid="diff-summary">
        {countOf(diff.added, 'line')} added, {formatNumber(diff.removed)} removed.
      </p>
      <pre>
        {diff.parts.map((part, i) => {
          if (part.kind !== 'same') {
            const sign = part.kind === 'added' ? '+' : '-';
            return part.lines.map((line, j) => (
              <div key={`${i}-${j}`} class={`wb-diff-${part.kind}`}>
                {sign} {line}
              </div>
            ));
          }
          const head = i > 0 ? part.lines.slice(0, CONTEXT) : [];
          const tail =
            i < diff.parts.length - 1 ? part.lines.slice(Math.max(head.length, part.lines.length - CONTEXT)) : [];
          const skipped = part.lines.length - head.length - tail.length;
          return (
            <>
              {head.map((line, j) => (
                <div key={`${i}-h${j}`}> {line}</div>
              ))}
              {skipped > 0 ? <div class="muted"> … {formatNumber(skipped)} unchanged lines</div> : null}
              {tail.map((line, j) => (
                <div key={`${i}-t${j}`}> {line}</div>
              ))}
            </>
          );
        })}
      </pre>
    </div>
  );
}
