import './lens.css';
import { DivergenceList } from './DivergenceList';
import type { LensPhase } from './lens-model';

export interface FileDivergencesProps {
  readonly phase: LensPhase;
  /** The list was opened: load and read the lenses. */
  readonly onOpen: () => void;
  readonly onCopy: (text: string) => Promise<void>;
  readonly onShowLine: (line: number) => void;
}

/**
 * Below the file view: opening it reads the file as the other parser stacks do (the "Other crawler
 * stacks" reading; nothing runs until one is opened). Each line they read differently from Google
 * for the selected crawler is then marked on its line in the file view, with why and the fix; this
 * list keeps the lines to copy and the fetch outcomes, which have no line.
 */
export function FileDivergences({ phase, onOpen, onCopy, onShowLine }: FileDivergencesProps) {
  return (
    <details
      class="file-divergences"
      data-testid="file-divergences"
      open={phase.kind !== 'idle'}
      onToggle={(e) => {
        if (e.currentTarget.open) onOpen();
      }}
    >
      <summary>
        Lines other parsers read differently
        {phase.kind === 'ready' ? ` (${phase.report.divergences.length})` : ''}
      </summary>
      {phase.kind === 'ready' ? (
        <DivergenceList
          divergences={phase.report.divergences}
          onCopy={onCopy}
          onShowLine={onShowLine}
          testId="divergence-detail"
        />
      ) : phase.kind === 'loading' ? (
        <p class="muted">Reading the file as other parsers do…</p>
      ) : phase.kind === 'idle' ? null : (
        <p class="muted">{phase.kind === 'error' ? phase.message : phase.explanation}</p>
      )}
    </details>
  );
}
