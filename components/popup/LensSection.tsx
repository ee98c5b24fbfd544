import './lens.css';
import { DivergenceList } from './DivergenceList';
import type { LensPhase, LensRow } from './lens-model';
import { CodeText, withoutQuotes } from '../code-text';
import { countOf } from '../../lib/shared/plural';

export interface LensSectionProps {
  readonly phase: LensPhase;
  /** The section was opened: load and read the lenses. */
  readonly onOpen: () => void;
  readonly onCopy: (text: string) => Promise<void>;
  readonly crawlerName: string;
  readonly onShowLine?: (line: number) => void;
}

/**
 * "Other crawler stacks" (docs/semantics/lens.md §9): how six other robots.txt parsers read this page for
 * the selected crawler, beside Google's verdict. Closed at first: nothing is read until opened.
 */
export function LensSection({ phase, onOpen, onCopy, crawlerName, onShowLine }: LensSectionProps) {
  return (
    <details
      class="lens"
      data-testid="lens"
      onToggle={(e) => {
        if (e.currentTarget.open) onOpen();
      }}
    >
      <summary>Other crawler stacks</summary>
      <p class="muted">
        How other robots.txt parsers read this page for {crawlerName}. These are parser <em>stacks</em> that crawlers
        run, not named crawlers: no big AI operator says which parser it uses.
      </p>
      <LensBody phase={phase} onCopy={onCopy} onShowLine={onShowLine} />
    </details>
  );
}

function LensBody({
  phase,
  onCopy,
  onShowLine,
}: {
  phase: LensPhase;
  onCopy: (text: string) => Promise<void>;
  onShowLine?: (line: number) => void;
}) {
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'loading':
      return <p class="muted">Reading the file as other parsers do…</p>;
    case 'unavailable':
      return (
        <p class="muted">
          <CodeText text={phase.explanation} />
        </p>
      );
    case 'error':
      return (
        <p class="tone-blocked" role="alert">
          {phase.message}
        </p>
      );
    case 'ready': {
      const { report } = phase;
      const differing = report.rows.filter((r) => r.differs).length;
      return (
        <>
          <p data-testid="lens-summary">
            Google: {report.googleAllowed ? 'allowed' : 'blocked'}.{' '}
            {differing === 0
              ? 'Every other stack agrees.'
              : `${differing} of ${report.rows.length} stacks read it differently.`}
          </p>
          <ul class="lens-rows">
            {report.rows.map((row) => (
              <LensRowItem key={row.profile} row={row} googleAllowed={report.googleAllowed} />
            ))}
          </ul>
          <h4>Lines other parsers read differently</h4>
          <p class="muted">Checked on this page and {countOf(report.urlsChecked - 1, 'path')} the file names.</p>
          <DivergenceList divergences={report.divergences} onCopy={onCopy} onShowLine={onShowLine} />
        </>
      );
    }
  }
}

function LensRowItem({ row, googleAllowed }: { row: LensRow; googleAllowed: boolean }) {
  const word = row.allowed ? 'Allowed' : 'Blocked';
  return (
    <li
      class={`lens-row tone-${row.allowed ? 'allowed' : 'blocked'}${row.differs ? ' differs' : ''}`}
      data-testid="lens-row"
      data-profile={row.profile}
      data-allowed={String(row.allowed)}
      data-differs={String(row.differs)}
      title={row.nameNote === null ? undefined : withoutQuotes(row.nameNote)}
    >
      <p>
        <span aria-hidden="true">{row.allowed ? '✓' : '✕'}</span> <strong>{word}</strong> · {row.displayName}
        {row.line !== null ? <span class="line-no"> · line {row.line}</span> : null}
      </p>
      {row.differs ? (
        <p class="lens-differs">
          Differs from Google ({googleAllowed ? 'allowed' : 'blocked'}): <CodeText text={row.why ?? row.reason} />
        </p>
      ) : (
        <p class="muted">
          Same as Google. <CodeText text={row.reason} />
        </p>
      )}
      <p class="muted lens-users">
        {row.users.length === 0
          ? `No crawler is known to run it (as of ${row.asOf}).`
          : `Used by ${row.users.map((u) => u.name).join(', ')} (as of ${row.asOf}).`}
        {row.nameNote ? (
          <>
            {' '}
            <CodeText text={row.nameNote} />
          </>
        ) : (
          ''
        )}
      </p>
    </li>
  );
}
