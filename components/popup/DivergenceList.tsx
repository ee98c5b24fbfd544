import { CopyButton } from './CopyButton';
import { type DivergenceView, fixInstruction } from './lens-model';
import { CodeText } from '../code-text';

export interface DivergenceListProps {
  readonly divergences: readonly DivergenceView[];
  readonly onCopy: (text: string) => Promise<void>;
  /** Asks the file view to show a line. */
  readonly onShowLine?: (line: number) => void;
  /** Each entry's hook: `divergence` unless the same lines are marked elsewhere (the file view). */
  readonly testId?: string;
}

/**
 * One entry per line some other parser stack reads differently from Google for the selected
 * crawler: the stacks affected, why in words, and the suggested lines to copy.
 */
export function DivergenceList({ divergences, onCopy, onShowLine, testId = 'divergence' }: DivergenceListProps) {
  if (divergences.length === 0) {
    return (
      <p class="muted" data-testid="divergence-none">
        Every other parser stack reads this file as Google does for this crawler, on this page and on every path the
        file names.
      </p>
    );
  }
  return (
    <ul class="divergences">
      {divergences.map((d, i) => (
        <li
          key={`${d.line ?? 'status'}-${i}`}
          class="divergence"
          data-testid={testId}
          data-line={d.line === null ? undefined : String(d.line)}
          data-profiles={d.profiles.join(',')}
        >
          <p>
            {d.line === null ? (
              <strong>Fetch outcome</strong>
            ) : onShowLine ? (
              <button type="button" class="small line-no" onClick={() => onShowLine(d.line as number)}>
                Line {d.line}
              </button>
            ) : (
              <strong class="line-no">Line {d.line}</strong>
            )}
            {' · '}
            {d.affectsPage ? (
              <span class="tone-blocked">affects this page</span>
            ) : (
              <span class="muted">other paths</span>
            )}
          </p>
          <p>
            <CodeText text={d.message} />
          </p>
          {d.fix ? (
            <div class="divergence-fix" data-testid="divergence-fix">
              <p>
                Suggested fix: <CodeText text={d.fix.label} />.
              </p>
              <p>{fixInstruction(d.fix)}</p>
              {d.fix.text === '' ? null : (
                <>
                  <pre class="divergence-lines">{d.fix.text}</pre>
                  <CopyButton label="Copy these lines" text={() => d.fix?.text ?? ''} onCopy={onCopy} />{' '}
                </>
              )}
              <CopyButton
                label="Copy the fixed file"
                text={() => d.fix?.fixedFile ?? ''}
                onCopy={onCopy}
                testId="copy-fixed-file"
              />
            </div>
          ) : d.noFix === null ? null : (
            <p class="muted" data-testid="divergence-no-fix">
              <CodeText text={d.noFix} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
